/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The carrier-sense setting (dvr_config.carrier_sense) on a chip of the
 * test list (the argument; meson runs each): what it writes
 * (REG_TX_PTCL_CTRL 0x520 bits 14/15, read back from the model) and what
 * the chip then does. A flooder (the model's default adapter) holds
 * channel 6 with long 1 Mbit/s frames; an adapter of the chip under
 * test sends a few short frames in the middle of the
 * flood. With the default setting its chip waits for the channel (the
 * model counts the frames it started late); with carrier sense off it
 * transmits when due, over the flood. Each run checks that the flood was
 * still on the air when the short frames had left, so the outcome never
 * depends on how fast the machine is.
 */
#include "e2e_common.h"

enum { FLOOD = 80, SHORT = 3, FLOOD_BODY = 1500 };

static dvr_device *open_start(const char *sel, enum dvr_carrier_sense cs,
                              int *status)
{
	struct dvr_config cfg = { .carrier_sense = cs };
	dvr_device *d = NULL;
	*status = dvr_open(sel, &cfg, &d);
	if (*status != DVR_OK)
		return NULL;
	struct dvr_channel ch = { .channel = 6, .bw_mhz = 20 };
	*status = dvr_start(d, &ch);
	if (*status != DVR_OK) {
		printf("# start %s: %s\n", sel, dvr_last_error(d));
		dvr_close(d);
		return NULL;
	}
	return d;
}

static uint64_t aired(struct vchip *vc)
{
	struct vchip_stats st = { 0 };
	vchip_get_stats(vc, &st);
	return st.tx_aired;
}

static uint64_t deferred(struct vchip *vc)
{
	struct vchip_stats st = { 0 };
	vchip_get_stats(vc, &st);
	return st.tx_deferred;
}

/* Wait (at most 5 s) until vc has put at least want frames on the air. */
static uint64_t wait_aired(struct vchip *vc, uint64_t want)
{
	for (int i = 0; i < 5000 && aired(vc) < want; i++)
		e2e_pause_1ms();
	return aired(vc);
}

static void run(const char *chip, enum dvr_carrier_sense cs, const char *tag)
{
	char flood_name[32], tx_name[32], sel[64];
	snprintf(flood_name, sizeof flood_name, "csflood-%s", tag);
	snprintf(tx_name, sizeof tx_name, "cstx-%s", tag);
	int st;
	snprintf(sel, sizeof sel, "virtual:%s", flood_name);
	dvr_device *flood = open_start(sel, DVR_CARRIER_SENSE_DEFAULT, &st);
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s", tx_name, chip);
	dvr_device *tx = open_start(sel, cs, &st);
	struct vchip *fvc = vchip_find(flood_name), *tvc = vchip_find(tx_name);
	CHECK(flood && tx && fvc && tvc, "both adapters up");
	if (!flood || !tx || !fvc || !tvc)
		goto out;

	/* The register as the setting asks for it. */
	char what[96];
	snprintf(what, sizeof what, "%s: 0x0520 [15:14]", tag);
	CHECK_EQ_HEX(vchip_peek32(tvc, 0x0520) & 0xC000u,
	             cs == DVR_CARRIER_SENSE_OFF ? 0xC000u : 0u, what);

	/* 1 Mbit/s radiotap rate, a 1500-byte body: ~12 ms each. */
	static uint8_t big[9 + 24 + FLOOD_BODY];
	e2e_tagged_frame(big, 1, "csflod");
	big[8] = 0x02;
	for (int i = 0; i < FLOOD; i++)
		dvr_send(flood, big, sizeof big);
	CHECK(wait_aired(fvc, 1) >= 1, "the flood is on the air");

	uint64_t d0 = deferred(tvc), a0 = aired(tvc);
	uint8_t fr[E2E_FRAME_LEN];
	e2e_tagged_frame(fr, 2, "csshrt");
	for (int i = 0; i < SHORT; i++)
		dvr_send(tx, fr, sizeof fr);
	CHECK_EQ_INT(dvr_flush(tx, 3000), DVR_OK, "short frames flushed");
	uint64_t flood_done = aired(fvc);
	CHECK_EQ_INT(aired(tvc) - a0, SHORT, "short frames aired");
	CHECK(flood_done < FLOOD, "the flood still held the channel when the "
	      "short frames were out");
	uint64_t late = deferred(tvc) - d0;
	if (cs == DVR_CARRIER_SENSE_OFF) {
		CHECK_EQ_INT(late, 0, "carrier sense off: no frame waited for "
		             "the flood");
	} else {
		CHECK(late >= 1, "carrier sense on: the chip waited for the "
		      "flood before sending");
	}
out:
	if (tx)
		dvr_close(tx);
	if (flood)
		dvr_close(flood);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		printf("# usage: %s CHIP\n", argv[0]);
		return 2;
	}
	const char *chip = argv[1];
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-cs-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);

	char tag[32];
	snprintf(tag, sizeof tag, "%s-default", chip);
	run(chip, DVR_CARRIER_SENSE_DEFAULT, tag);
	snprintf(tag, sizeof tag, "%s-off", chip);
	run(chip, DVR_CARRIER_SENSE_OFF, tag);

	/* A setting the library does not know is refused, not ignored. */
	int st;
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:csbad,chip=%s", chip);
	dvr_device *bad = open_start(sel, (enum dvr_carrier_sense)7, &st);
	CHECK(bad == NULL, "unknown carrier-sense value refused");
	CHECK_EQ_INT(st, DVR_E_INVALID, "... as invalid");
	if (bad)
		dvr_close(bad);

	e2e_air_remove(dir);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * When a Jaguar2 chip (RTL8822B, RTL8821C) declines a hop and makes the
 * change a full channel set instead (hal/jaguar2/jaguar2_hop.c and the
 * chips' channel files):
 *  - a channel it has not set in full since its cache was last dropped
 *    (the bring-up's IQK drops it, so even the bring-up channel is set in
 *    full once more);
 *  - an 80 MHz change that keeps the centre but moves the primary 20 MHz
 *    (the ADC clock word and the MAC's sub-channel hold the primary);
 *  - after an IQK, which thermal tracking runs when the die moves 8 or
 *    more from where the last one ran (rtw88 iqk_threshold 8): the
 *    firmware's IQK works on RF registers the cache cannot see.
 * And it hops again once the channel has been set in full; an 80 MHz hop
 * between 5 GHz sub-bands (test_hop checks 20 MHz ones) leaves the
 * baseband and RF registers as the full set of the channel did.
 *
 * Argument: the model's chip name.
 */
#include "e2e_common.h"
#include "thermal_common.h"

struct retune {
	bool seen, hop;
};

#define BB_FIRST 0x800u
#define BB_END 0x5000u
#define RF_REGS 0x100u

struct snapshot {
	uint32_t bb[(BB_END - BB_FIRST) / 4];
	uint32_t rf[DVR_MAX_RF_PATHS][RF_REGS];
};

static void snap(struct vchip *vc, struct snapshot *s)
{
	for (uint32_t a = BB_FIRST; a < BB_END; a += 4)
		s->bb[(a - BB_FIRST) / 4] = vchip_peek32(vc, (uint16_t)a);
	for (unsigned p = 0; p < DVR_MAX_RF_PATHS; p++)
		for (unsigned r = 0; r < RF_REGS; r++)
			s->rf[p][r] = vchip_peek_rf(vc, p, (uint8_t)r);
}

/* The registers that differ, as comments; how many. */
static unsigned differences(const struct snapshot *a, const struct snapshot *b)
{
	unsigned n = 0;
	for (size_t i = 0; i < sizeof a->bb / sizeof a->bb[0]; i++)
		if (a->bb[i] != b->bb[i] && n++ < 20)
			printf("#   BB 0x%04zx: %08x / %08x\n", BB_FIRST + 4 * i,
			       (unsigned)a->bb[i], (unsigned)b->bb[i]);
	for (unsigned p = 0; p < DVR_MAX_RF_PATHS; p++)
		for (unsigned r = 0; r < RF_REGS; r++)
			if (a->rf[p][r] != b->rf[p][r] && n++ < 20)
				printf("#   RF%c 0x%02x: %05x / %05x\n",
				       'A' + p, r, (unsigned)a->rf[p][r],
				       (unsigned)b->rf[p][r]);
	return n;
}

static void on_event(void *user, const struct dvr_event *ev)
{
	struct retune *r = user;
	if (ev->type != DVR_EVENT_CHANNEL)
		return;
	r->seen = true;
	r->hop = ev->retune.hop;
}

/* Tune; 1 a hop, 0 a full set, -1 failed. */
static int tune(dvr_device *d, struct retune *rt, unsigned channel,
                unsigned bw)
{
	struct dvr_channel ch = { .channel = (uint16_t)channel,
		                  .bw_mhz = (uint16_t)bw };
	*rt = (struct retune){ 0 };
	if (dvr_set_channel(d, &ch) != DVR_OK || !rt->seen) {
		printf("# channel %u/%u: %s\n", channel, bw, dvr_last_error(d));
		return -1;
	}
	return rt->hop;
}

static void expect(const char *chip, dvr_device *d, struct retune *rt,
                   unsigned channel, unsigned bw, int hop, const char *why)
{
	char what[200];
	snprintf(what, sizeof what, "%s: %u/%u MHz is %s (%s)", chip,
	         channel, bw, hop ? "a hop" : "a full set", why);
	CHECK_EQ_INT(tune(d, rt, channel, bw), hop, what);
}

static void first_visits_and_primary(const char *chip)
{
	char sel[96], name[64];
	struct retune rt = { 0 };
	snprintf(name, sizeof name, "hopj2a-%s", chip);
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s", name, chip);
	struct dvr_config cfg = { .on_event = on_event, .user = &rt,
		                  .tx_power = 1300,
		                  .track_period_ms = 3600000 };
	dvr_device *d = e2e_start_cfg(sel, &cfg, 36);
	struct vchip *vc = d ? vchip_find(name) : NULL;
	CHECK(d && vc, "adapter starts on 36");
	if (!vc) {
		dvr_close(d);
		return;
	}
	static struct snapshot full, hop;
	expect(chip, d, &rt, 40, 20, 0, "never set in full");
	expect(chip, d, &rt, 36, 20, 0, "the bring-up IQK dropped its word");
	expect(chip, d, &rt, 40, 20, 1, "set in full before");
	expect(chip, d, &rt, 36, 20, 1, "set in full before");
	expect(chip, d, &rt, 36, 80, 0, "another bandwidth");
	expect(chip, d, &rt, 40, 80, 0, "same centre, primary moved");
	expect(chip, d, &rt, 36, 80, 0, "same centre, primary moved");
	snap(vc, &full);
	expect(chip, d, &rt, 149, 80, 0, "never set in full");
	expect(chip, d, &rt, 36, 80, 1, "same primary position, cached");
	snap(vc, &hop);
	CHECK_EQ_INT(differences(&full, &hop), 0, "registers after the 80 MHz "
	             "hop from 149 to 36 equal those after 36's full set");
	dvr_close(d);
}

static void after_iqk(const char *chip)
{
	char sel[96], name[64];
	struct retune rt = { 0 };
	snprintf(name, sizeof name, "hopj2b-%s", chip);
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s,board=typical", name,
	         chip);
	struct dvr_config cfg = { .on_event = on_event, .user = &rt,
		                  .tx_power = 1300,
		                  .track_period_ms = THERMAL_TEST_PERIOD_MS };
	dvr_device *d = e2e_start_cfg(sel, &cfg, 36);
	struct vchip *vc = d ? vchip_find(name) : NULL;
	CHECK(d && vc, "adapter with a tracked die starts on 36");
	if (!vc) {
		dvr_close(d);
		return;
	}
	expect(chip, d, &rt, 40, 20, 0, "never set in full");
	expect(chip, d, &rt, 36, 20, 0, "the bring-up IQK dropped its word");
	expect(chip, d, &rt, 40, 20, 1, "set in full before");
	/* 13 above the calibration reading: the average passes 8 */
	struct dvr_thermal_stats st = thermal_test_wait(d, 0, 0, 4);
	CHECK_EQ_INT(vchip_set_thermal(vc, (unsigned)st.thermal_cal + 13), 0,
	             "the die warms by 13");
	for (int i = 0; i < 20000 && st.iqk_runs == 0; i++) {
		e2e_pause_1ms();
		dvr_get_thermal_stats(d, &st);
	}
	CHECK(st.iqk_runs > 0, "thermal tracking ran an IQK");
	expect(chip, d, &rt, 36, 20, 0, "an IQK ran since its full set");
	expect(chip, d, &rt, 40, 20, 0, "an IQK ran since its full set");
	expect(chip, d, &rt, 36, 20, 1, "set in full since the IQK");
	dvr_close(d);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("Bail out! usage: test_hop_jaguar2 <chip>\n");
		return 1;
	}
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char air[] = "/tmp/dvr-hopj2-XXXXXX";
	if (e2e_air_make(air) != 0)
		CHECK_SKIP("mkdtemp failed");
	setenv("DEVOURER_FIRMWARE_DIR", fw, 1);
	first_visits_and_primary(argv[1]);
	after_iqk(argv[1]);
	e2e_air_remove(air);
	return check_done();
}

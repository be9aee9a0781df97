/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A chip of four RF paths (a 4T4R part like the RTL8814AU), without one:
 * a test chip whose parse_rx_pkt reports four chains, walked as the core
 * walks every bulk IN transfer (dvr_rx_walk), its dvr_rx_info carrying all
 * four signals and SNRs, and the RX radiotap header the core builds from
 * it naming every chain with its antenna number. Two-chain and one-chain
 * frames of the same walk keep their own counts.
 */
#include <string.h>

#include <devourer/devourer.h>
#include <devourer/radiotap.h>

#include "hal/hal.h"
#include "libdevourer/src/rx_walk.h"
#include "tests/check.h"

#define DESC 8u     /* the test chip's packet: a header, then the frame */
#define FRAME 24u

/* The test chip's packet: byte 0 the chains it reports (0..4), bytes 1..4
 * their signal (dBm), then FRAME bytes; SNR per chain is 40 + the chain. */
static int parse_four(const struct dvr_chip *chip, const uint8_t *p,
                      size_t avail, struct dvr_rx_pkt *out)
{
	(void)chip;
	memset(out, 0, sizeof *out);
	if (avail < DESC + FRAME || p[0] > DVR_MAX_RF_PATHS)
		return DVR_E_INVALID;
	out->total_len = DESC + FRAME;
	out->frame = p + DESC;
	out->frame_len = FRAME;
	struct dvr_rx_info *info = &out->info;
	info->rate = (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = 17 };
	info->bw_mhz = 20;
	info->n_chains = p[0];
	info->signal_dbm = -127;
	for (unsigned c = 0; c < p[0]; c++) {
		info->rssi_dbm[c] = (int8_t)p[1 + c];
		info->snr_db[c] = (int8_t)(40 + c);
		if (info->rssi_dbm[c] > info->signal_dbm)
			info->signal_dbm = info->rssi_dbm[c];
	}
	info->flags |= DVR_RX_HAS_SNR;
	return DVR_OK;
}

static const struct dvr_chip_ops four_ops = {
	.parse_rx_pkt = parse_four,
};

static const struct dvr_chip_info four_info = {
	.name = "RTL-TEST-4T4R",
	.rx_desc_len = DESC,
	.rx_agg_align = 8,
	.max_rx_pkt = 2048,
	.rf_paths = 4,
	.max_nss = 3,
	.max_bw_mhz = 80,
	.ops = &four_ops,
};

struct got {
	unsigned n;
	struct dvr_rx_info info[4];
};

static void on_pkt(void *user, const struct dvr_rx_pkt *pkt)
{
	struct got *g = user;
	if (g->n < 4)
		g->info[g->n] = pkt->info;
	g->n++;
}

/* The per-chain (signal, antenna) pairs ending @rt (those fields are
 * last and unaligned: dvr_radiotap_build_rx), and how many presence words
 * it has. */
static unsigned presence_words(const uint8_t *rt, size_t len)
{
	unsigned n = 0;
	size_t off = 4;
	uint32_t w;
	do {
		if (off + 4 > len)
			return 0;
		w = (uint32_t)rt[off] | (uint32_t)rt[off + 1] << 8 |
		    (uint32_t)rt[off + 2] << 16 | (uint32_t)rt[off + 3] << 24;
		off += 4;
		n++;
	} while (w & (1u << 31));
	return n;
}

static void check_radiotap(const struct dvr_rx_info *info, unsigned chains,
                           const int8_t *rssi, const char *what)
{
	uint8_t rt[128];
	size_t len = dvr_radiotap_build_rx(info, rt, sizeof rt);
	char msg[96];
	snprintf(msg, sizeof msg, "%s: radiotap built", what);
	if (!CHECK(len > 2 * chains && len == (size_t)(rt[2] | rt[3] << 8),
	           msg))
		return;
	snprintf(msg, sizeof msg, "%s: a presence word per chain", what);
	CHECK_EQ_INT(presence_words(rt, len), 1 + chains, msg);
	const uint8_t *pairs = rt + len - 2 * chains;
	bool all = true;
	for (unsigned c = 0; c < chains; c++)
		all = all && (int8_t)pairs[2 * c] == rssi[c] &&
		      pairs[2 * c + 1] == c;
	snprintf(msg, sizeof msg, "%s: every chain's signal and antenna",
	         what);
	CHECK(all, msg);
}

int main(void)
{
	struct dvr_chip chip = { .info = &four_info };
	static const int8_t rssi4[4] = { -40, -50, -60, -30 };
	static const int8_t rssi2[2] = { -45, -55 };
	static const int8_t rssi1[1] = { -70 };
	uint8_t buf[3 * (DESC + FRAME)] = { 0 };
	uint8_t *p = buf;

	p[0] = 4;
	memcpy(p + 1, rssi4, 4);
	p += DESC + FRAME;
	p[0] = 2;
	memcpy(p + 1, rssi2, 2);
	p += DESC + FRAME;
	p[0] = 1;
	memcpy(p + 1, rssi1, 1);

	CHECK_EQ_INT(dvr_chip_rf_paths(&chip), 4, "the chip has four paths");
	chip.id.is_1t1r = true;
	CHECK_EQ_INT(dvr_chip_rf_paths(&chip), 1, "strapped 1T1R: one");
	chip.id.is_1t1r = false;
	CHECK_EQ_INT(dvr_rf_paths(NULL), 0, "dvr_rf_paths(NULL) is 0");

	struct got g = { 0 };
	struct dvr_rx_walk_counts counts;
	dvr_rx_walk(&chip, buf, sizeof buf, on_pkt, &g, &counts);
	CHECK(g.n == 3 && counts.packets == 3 && counts.malformed == 0,
	      "three packets walked");

	const struct dvr_rx_info *i4 = &g.info[0];
	CHECK_EQ_INT(i4->n_chains, 4, "4 chains reach dvr_rx_info");
	CHECK(memcmp(i4->rssi_dbm, rssi4, 4) == 0, "4 chains: every signal");
	CHECK(i4->snr_db[0] == 40 && i4->snr_db[1] == 41 &&
	      i4->snr_db[2] == 42 && i4->snr_db[3] == 43,
	      "4 chains: every SNR");
	CHECK_EQ_INT(i4->signal_dbm, -30, "4 chains: the frame's signal");
	check_radiotap(i4, 4, rssi4, "4 chains");

	CHECK_EQ_INT(g.info[1].n_chains, 2, "2 chains reported");
	check_radiotap(&g.info[1], 2, rssi2, "2 chains");
	CHECK_EQ_INT(g.info[2].n_chains, 1, "1 chain reported");
	check_radiotap(&g.info[2], 1, rssi1, "1 chain");

	/* A chip reporting more than the API holds is cut to it. */
	struct dvr_rx_info many = *i4;
	many.n_chains = DVR_MAX_RF_PATHS + 3;
	check_radiotap(&many, DVR_MAX_RF_PATHS, rssi4, "too many chains");
	return check_done();
}

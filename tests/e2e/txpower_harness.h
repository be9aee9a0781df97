/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the calibrated TX power tests of every chip share: an adapter
 * brought up on a model board, channel and regulatory domain through the
 * public API, the power it reports and a power asked of it, the board the
 * model does not have; and, for the Jaguar3 dies (8822C, 8822E), their
 * TX AGC table read back as references and per-rate differences. The
 * values each chip must show stay in its own test.
 */
#ifndef DVR_TESTS_E2E_TXPOWER_HARNESS_H
#define DVR_TESTS_E2E_TXPOWER_HARNESS_H

#include <stdio.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/e2e_common.h"

static inline const char *txp_regd_name(enum dvr_regd r)
{
	return r == DVR_REGD_FCC ? "FCC" : r == DVR_REGD_ETSI ? "ETSI"
	       : r == DVR_REGD_MKK ? "MKK" : "worldwide";
}

/* "<board> <domain> ch <channel>/<width>": what every check of a case
 * is named after. */
static inline void txp_case_name(char *what, size_t n, const char *board,
                                 enum dvr_regd regd,
                                 const struct dvr_channel *ch)
{
	snprintf(what, n, "%s %s ch %u/%u", board, txp_regd_name(regd),
	         ch->channel, ch->bw_mhz);
}

/* Model @name of @chip on @board, opened under @regd and started on @ch;
 * open, start and the model are each a check named after @what. The
 * device and *vc, or NULL (closed, the reason printed) when any of the
 * three failed, so the case has nothing to read. */
static inline dvr_device *txp_start(const char *chip, const char *name,
                                    const char *board, enum dvr_regd regd,
                                    const struct dvr_channel *ch,
                                    const char *fw, const char *what,
                                    struct vchip **vc)
{
	char sel[160], m[200];
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s,board=%s", name, chip,
	         board);
	struct dvr_config cfg = { .firmware_dir = fw, .regd = regd };
	dvr_device *dev = NULL;
	snprintf(m, sizeof m, "%s: open", what);
	CHECK_EQ_INT(dvr_open(sel, &cfg, &dev), DVR_OK, m);
	if (!dev)
		return NULL;
	*vc = vchip_find(name);
	snprintf(m, sizeof m, "%s: start", what);
	int r = dvr_start(dev, ch);
	CHECK_EQ_INT(r, DVR_OK, m);
	if (r != DVR_OK)
		printf("# %s\n", dvr_last_error(dev));
	snprintf(m, sizeof m, "%s: model found", what);
	CHECK(*vc != NULL, m);
	if (r != DVR_OK || !*vc) {
		dvr_close(dev);
		return NULL;
	}
	return dev;
}

/* The power the API reports must be @index steps of @mbm_per_step
 * (the chip's TX AGC unit); the check is "<what>: <label>". */
static inline void txp_check_reported(dvr_device *dev, const char *what,
                                      const char *label, int index,
                                      int mbm_per_step)
{
	char m[200];
	snprintf(m, sizeof m, "%s: %s", what, label);
	CHECK_EQ_INT(dvr_tx_power_mbm(dev), index * mbm_per_step, m);
}

/* Ask for @mbm (a check); @after gets "<what> after <mbm> mBm", the name
 * of the tables then read. */
static inline void txp_set(dvr_device *dev, const char *what, int mbm,
                           char *after, size_t n)
{
	char m[200];
	snprintf(m, sizeof m, "%s: set %d mBm", what, mbm);
	CHECK_EQ_INT(dvr_set_tx_power_mbm(dev, mbm), DVR_OK, m);
	snprintf(after, n, "%s after %d mBm", what, mbm);
}

/* A board the model of @chip does not have is refused, not guessed. */
static inline void txp_check_unknown_board(const char *chip, const char *fw)
{
	char sel[96];
	snprintf(sel, sizeof sel, "virtual:txp%sbad,chip=%s,board=nosuch",
	         chip, chip);
	dvr_device *dev = NULL;
	struct dvr_config cfg = { .firmware_dir = fw };
	CHECK(dvr_open(sel, &cfg, &dev) != DVR_OK, "unknown board refused");
	if (dev)
		dvr_close(dev);
}

/* The test firmware and a fresh air in @dir (a mkdtemp template), or a
 * skip of the whole test when either is missing. */
static inline const char *txp_begin(char *dir)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	return fw;
}

/*
 * Jaguar3 TX AGC table (rtw88 rtw8822c.c rtw8822c_set_tx_power_index,
 * vendor phydm_hal_api8822e.c config_phydm_write_txagc_ref_8822e /
 * _diff_8822e): CCK reference 0x18A0 / 0x41A0 [22:16] = 11M, OFDM
 * reference 0x18E8 / 0x41E8 [16:10] = MCS7, per-rate differences at
 * 0x3A00 + (rate & 0xFC), signed 7-bit, shared by both paths.
 */

/* One path's levels of the rates checked; r1m / r11m 0 on 5 GHz. */
struct txp_jgr3_path {
	int r1m, r11m, r6m, r54m, mcs0, mcs7, mcs15, vht9;
};

/* A board on a channel under a domain, what both paths must show, and
 * optionally a power asked afterwards and what they show then. */
struct txp_jgr3_case {
	const char *board;
	struct dvr_channel ch;
	enum dvr_regd regd;
	struct txp_jgr3_path a, b;
	int set_mbm;                  /* 0: no power set afterwards */
	struct txp_jgr3_path set_a, set_b;
};

static inline int txp_min2(int a, int b)
{
	return a < b ? a : b;
}

/* Signed 7-bit difference of the rate at byte lane (rate & 3) of the
 * dword 0x3A00 + (rate & 0xFC). */
static inline int txp_jgr3_diff(struct vchip *vc, uint8_t rate)
{
	uint32_t w = vchip_peek32(vc, (uint16_t)(0x3A00 + (rate & 0xFC)));
	int v = (int)((w >> (8 * (rate & 3))) & 0x7F);
	return v >= 64 ? v - 128 : v;
}

static inline void txp_jgr3_check_ref(struct vchip *vc, const char *what,
                                      uint16_t addr, unsigned shift,
                                      int want, const char *name)
{
	char m[200];
	snprintf(m, sizeof m, "%s: %s", what, name);
	CHECK_EQ_HEX((vchip_peek32(vc, addr) >> shift) & 0x7F, (uint32_t)want,
	             m);
}

/* One table serves both paths, so a rate's difference is the smaller of
 * the two paths' distances from their references. */
static inline void txp_jgr3_check_diff(struct vchip *vc, const char *what,
                                       uint8_t rate, int a, int a_ref,
                                       int b, int b_ref, const char *name)
{
	char m[200];
	snprintf(m, sizeof m, "%s: %s difference", what, name);
	CHECK_EQ_INT(txp_jgr3_diff(vc, rate), txp_min2(a - a_ref, b - b_ref),
	             m);
}

/* Every level of @a and @b as the table holds it (CCK on 2.4 GHz only). */
static inline void txp_jgr3_check_levels(struct vchip *vc, const char *what,
                                         const struct txp_jgr3_path *a,
                                         const struct txp_jgr3_path *b)
{
	if (a->r11m) {
		txp_jgr3_check_ref(vc, what, 0x18A0, 16, a->r11m,
		                   "CCK reference A (11M)");
		txp_jgr3_check_ref(vc, what, 0x41A0, 16, b->r11m,
		                   "CCK reference B (11M)");
		txp_jgr3_check_diff(vc, what, 0x00, a->r1m, a->r11m, b->r1m,
		                    b->r11m, "1M");
		txp_jgr3_check_diff(vc, what, 0x03, a->r11m, a->r11m, b->r11m,
		                    b->r11m, "11M");
	}
	txp_jgr3_check_ref(vc, what, 0x18E8, 10, a->mcs7,
	                   "OFDM reference A (MCS7)");
	txp_jgr3_check_ref(vc, what, 0x41E8, 10, b->mcs7,
	                   "OFDM reference B (MCS7)");
	txp_jgr3_check_diff(vc, what, 0x04, a->r6m, a->mcs7, b->r6m, b->mcs7,
	                    "6M");
	txp_jgr3_check_diff(vc, what, 0x0B, a->r54m, a->mcs7, b->r54m,
	                    b->mcs7, "54M");
	txp_jgr3_check_diff(vc, what, 0x0C, a->mcs0, a->mcs7, b->mcs0,
	                    b->mcs7, "MCS0");
	txp_jgr3_check_diff(vc, what, 0x13, a->mcs7, a->mcs7, b->mcs7,
	                    b->mcs7, "MCS7");
	txp_jgr3_check_diff(vc, what, 0x1B, a->mcs15, a->mcs7, b->mcs15,
	                    b->mcs7, "MCS15");
	txp_jgr3_check_diff(vc, what, 0x35, a->vht9, a->mcs7, b->vht9,
	                    b->mcs7, "VHT1SS MCS9");
}

/* Checks a chip makes of a case besides the levels (its RF trims), or
 * NULL. */
typedef void (*txp_jgr3_extra_fn)(struct vchip *vc, const char *what,
                                  const struct txp_jgr3_case *c);

/*
 * Case @n of @chip: brought up, its levels and the power reported (MCS7's
 * on path A, 0.25 dB an index); then, if it asks for one, a power above
 * the reference's limit: the reference gets its limit and reports it,
 * every other rate moves by the same step up to its own limit.
 */
static inline void txp_jgr3_run_case(const char *chip, unsigned n,
                                     const struct txp_jgr3_case *c,
                                     const char *fw, txp_jgr3_extra_fn extra)
{
	char name[32], what[128], after[160];
	snprintf(name, sizeof name, "txp%s-%u", chip, n);
	txp_case_name(what, sizeof what, c->board, c->regd, &c->ch);
	struct vchip *vc = NULL;
	dvr_device *dev = txp_start(chip, name, c->board, c->regd, &c->ch, fw,
	                            what, &vc);
	if (!dev)
		return;
	txp_jgr3_check_levels(vc, what, &c->a, &c->b);
	if (extra)
		extra(vc, what, c);
	txp_check_reported(dev, what, "reported power", c->a.mcs7, 25);
	if (c->set_mbm) {
		txp_set(dev, what, c->set_mbm, after, sizeof after);
		txp_jgr3_check_levels(vc, after, &c->set_a, &c->set_b);
		txp_check_reported(dev, what, "power reported after the set",
		                   c->set_a.mcs7, 25);
	}
	dvr_close(dev);
}

/*
 * Jaguar1 TX AGC (RTL8812A, RTL8821A; rtw88 rtw88xxa.c
 * rtw88xxa_set_tx_power_index_by_rate): the index of a rate in the path
 * whose registers start at @base (0xC20 A, 0xE20 B) sits at base + (rate
 * & 0xFC), 0x10 lower for VHT rates, byte lane rate & 3.
 */
static inline int txp_jaguar1_index(struct vchip *vc, uint16_t base,
                                    uint8_t rate)
{
	uint16_t off = (uint16_t)(rate & 0xFC);
	if (rate >= 0x2C)
		off = (uint16_t)(off - 0x10);
	uint32_t w = vchip_peek32(vc, (uint16_t)(base + off));
	return (int)((w >> ((rate & 3) * 8)) & 0xFF);
}

/* The Jaguar1 power-training word (0xC54 / 0xE54 [23:0]) for an MCS7
 * index: MCS7 - 10, - 18, - 24 in bytes 0..2, each at least 2 (rtw88
 * rtw88xxa.c rtw88xxa_tx_power_training). */
static inline uint32_t txp_jaguar1_training(int mcs7)
{
	int t[3] = { mcs7 - 10, mcs7 - 18, mcs7 - 24 };
	uint32_t w = 0;
	for (int i = 0; i < 3; i++)
		w |= (uint32_t)(t[i] < 2 ? 2 : t[i]) << (8 * i);
	return w;
}

#endif

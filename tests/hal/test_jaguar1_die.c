/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 family's channel switch, TX power and thermal tracking run
 * on a die's data alone: a one-path die (the shape of the 8821A) with its
 * own band registers, IGI floor and calibration hooks and neither spur fix
 * nor LCK gets its band hook once per band, its IGI, RF 0x18 and TX AGC
 * on path A only, its calibration on every channel after bring-up, and
 * its IQK but no LCK when it warms. Against a fake register file.
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "hal/hal.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

extern const struct dvr_chip_info rtl8812a_info;

static unsigned band_calls, band_5g, band_bw;
static unsigned cal_calls, cal_channel;
static unsigned iqk_calls;
static unsigned path_b_writes;

static void band_regs(struct dvr_chip *chip, bool is_5g, unsigned bw)
{
	(void)chip;
	band_calls++;
	band_5g = is_5g;
	band_bw = bw;
}

static int calibrate_channel(struct dvr_chip *chip, unsigned channel)
{
	(void)chip;
	cal_calls++;
	cal_channel = channel;
	return DVR_OK;
}

static int iqk(struct dvr_chip *chip, bool band_5g)
{
	(void)chip;
	(void)band_5g;
	iqk_calls++;
	return DVR_OK;
}

/* Two steps warmer per degree everywhere: any change moves the swing. */
static const uint8_t warm[DVR_PWRTRK_SZ] = {
	0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 20, 20, 20, 20,
	20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20,
};
static const uint8_t zero[DVR_PWRTRK_SZ];
static const uint8_t warm5[3][DVR_PWRTRK_SZ] = {
	{ 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 20, 20, 20, 20,
	  20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20 },
	{ 0 }, { 0 },
};
static const uint8_t zero5[3][DVR_PWRTRK_SZ];
static const struct dvr_pwrtrk_tables tables = {
	.g5_p = { warm5, warm5 }, .g5_n = { zero5, zero5 },
	.g2_p = { warm, warm }, .g2_n = { zero, zero },
	.cck_p = { warm, warm }, .cck_n = { zero, zero },
};

static const struct dvr_pwrtrk_tables *pwrtrk_tables(
	const struct dvr_chip *chip)
{
	(void)chip;
	return &tables;
}

/* EFUSE rules of the test die: one step per unit, blank bases default. */
static const struct dvr_txpwr_chip txpwr = {
	.rules = { .factor = 1, .max_base = JAGUAR1_TXAGC_MAX,
	           .blank_base_2g = 0x20, .blank_base_5g = 0x20 },
	.efuse_offset = 0x10,
	.max_index = JAGUAR1_TXAGC_MAX,
};

static const struct jaguar1_data die = {
	.band_regs = band_regs,
	.igi_unlinked = 0x22,
	.calibrate_channel = calibrate_channel,
	.txpwr = &txpwr,
	.pwrtrk_tables = pwrtrk_tables,
	.cck_default_index = 0,
	.iqk = iqk,
};

/* Anything written into path B's BB bank 0xE20-0xE58 (TX AGC, IGI,
 * training) or its LSSI port. */
static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                     uint16_t len, const uint8_t *old)
{
	(void)f;
	(void)buf;
	(void)old;
	if ((addr >= REG_B_TXAGC && addr < REG_B_TX_TRAINING + 4 &&
	     addr != REG_B_IGI) || fake_hits(addr, len, REG_B_LSSI_WRITE))
		path_b_writes++;
}

static void put32(struct fake_regs *f, uint16_t a, uint32_t v)
{
	for (unsigned i = 0; i < 4; i++)
		f->mem[a + i] = (uint8_t)(v >> (8 * i));
}

int main(void)
{
	static struct fake_regs f;
	static uint8_t efuse[JAGUAR1_EFUSE_MAX];
	struct dvr_io io;
	struct dvr_chip_info info = rtl8812a_info;
	info.rf_paths = 1;
	info.max_nss = 1;
	info.family_data = &die;
	struct dvr_chip chip = { .info = &info, .io = &io, .n_out = 2 };

	fake_init(&f, &io);
	f.on_write = on_write;
	f.mem[REG_TXPKT_EMPTY] = 0x30;     /* queues empty: 5 GHz switch */
	CHECK(jaguar1_priv_alloc(&chip) != NULL, "priv");

	/* ---- channel ---- */
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	CHECK_EQ_INT(jaguar1_set_channel(&chip, &ch), DVR_OK, "36/80 set");
	chip.channel = ch;
	CHECK_EQ_INT(band_calls, 1, "band hook once");
	CHECK_EQ_INT(band_5g, 1, "band hook: 5 GHz");
	CHECK_EQ_INT(band_bw, 80, "band hook: 80 MHz");
	CHECK_EQ_HEX(fake_r32(&f, REG_A_IGI) & IGI_MASK, 0x22,
	             "IGI is the die's floor");
	CHECK_EQ_INT(cal_calls, 0, "no calibration before bring-up's");
	CHECK_EQ_INT(path_b_writes, 0, "one path: RF 0x18 on A only");
	CHECK(fake_r32(&f, REG_A_LSSI_WRITE) >> 20 == 0x18,
	      "RF 0x18 written on path A");

	jaguar1_priv(&chip)->calibrated = true;
	ch = (struct dvr_channel){ .channel = 40, .bw_mhz = 40 };
	CHECK_EQ_INT(jaguar1_set_channel(&chip, &ch), DVR_OK, "40/40 set");
	chip.channel = ch;
	CHECK_EQ_INT(band_calls, 1, "same band: no band hook");
	CHECK_EQ_INT(cal_calls, 1, "calibrated: channel calibrates");
	CHECK_EQ_INT(cal_channel, 40, "calibrates the new channel");

	/* ---- TX power: no EFUSE, every rate the index asked ---- */
	CHECK_EQ_INT(jaguar1_set_tx_power(&chip, 30), DVR_OK, "power 30");
	CHECK_EQ_HEX(fake_r32(&f, REG_A_TXAGC + 4), 0x1E1E1E1E,
	             "OFDM 6-18M at 30");
	CHECK_EQ_HEX(fake_r32(&f, REG_A_TX_TRAINING) & 0xFFFFFF,
	             20u | 12u << 8 | 6u << 16, "training from MCS7");
	CHECK_EQ_INT(path_b_writes, 0, "one path: no TX AGC on B");
	CHECK_EQ_INT(chip.tx_power_index, 30, "reference rate at 30");

	/* ---- tracking: warmer by 16, no LCK hook, IQK runs ---- */
	efuse[JAGUAR1_EFUSE_THERMAL] = 0x20;
	chip.efuse = efuse;
	jaguar1_pwrtrack_reset(&chip, true);
	put32(&f, REG_A_SI_READ, 0x30u << 10);
	put32(&f, REG_A_PI_READ, 0x30u << 10);
	struct dvr_thermal_stats st = { 0 };
	CHECK_EQ_INT(jaguar1_track(&chip, &st), DVR_OK, "tick 1: meter");
	CHECK_EQ_INT(iqk_calls, 0, "tick 1: no IQK");
	CHECK_EQ_INT(jaguar1_track(&chip, &st), DVR_OK, "tick 2: reading");
	CHECK_EQ_INT(st.thermal, 0x30, "reading");
	CHECK_EQ_INT(st.lck_runs, 0, "no LCK hook: none counted");
	CHECK_EQ_INT(st.iqk_runs, 1, "IQK counted");
	CHECK_EQ_INT(iqk_calls, 1, "die's IQK ran");
	CHECK_EQ_INT(st.swing_offset[0], 20, "path A: warm step 20");
	CHECK_EQ_INT(st.swing_offset[1], 0, "path B: untouched");
	CHECK_EQ_INT(path_b_writes, 0, "one path: nothing on B");

	free(chip.priv);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX gap calibration of the 8822E: the NCTL engine measures, for each
 * path, the gain step between neighbouring TX gain indices through the
 * IQK loop-back, and the driver corrects the RF TX gain table (RF 0x3F
 * through the 0x33 index, write-enabled by RF 0xEE) of the tuned band
 * so that the steps are even. Vendor rtl88x2eu
 * hal/phydm/halrf/rtl8822e/halrf_txgapk_8822e.c halrf_txgapk_8822e;
 * OpenIPC devourer Halrf8822e.cpp do_txgapk, which found the 8822E's
 * 5 GHz TX about 12 dB low without it.
 *
 * The tables as the RF tables loaded them are read from RF 0x5F for
 * every band (the vendor does this once per power-up; here every run,
 * which costs a few hundred register reads and keeps no state), copied
 * into the engine's gain SRAM (0x1B98/0x1B9C), and the tuned band's
 * eleven entries are rewritten from them with the measured offsets.
 */
#include <string.h>

#include "hal/rtl8822e/rtl8822e.h"

#define GAINS 11
#define BANDS 5                 /* 2.4 GHz CCK, 2.4 GHz OFDM, 5 GHz x 3 */
#define REG_NCTL_CMD 0x1B00
#define NCTL_PAGE 0x00000006u
#define REG_IQK_RPT 0x2D9C
#define REG_NCTL_DATA 0x1BFC
#define REG_GAIN_SRAM 0x1B98
#define REG_GAIN_SEL 0x1B9C

struct gapk {
	uint32_t table[BANDS][GAINS][2];  /* RF 0x5F [11:0] per gain step */
	int8_t offset[10][2];             /* measured, half-dB steps */
};

/* _halrf_txgapk_save_all_tx_gain_table_8822e: tune each band's first
 * channel on the path with the 3-wire paused, select every third gain
 * index in RF 0x00 [7:0] and read the entry the RF shows in 0x5F. */
static void read_tables(struct dvr_chip *chip, struct gapk *g)
{
	static const uint8_t ch[BANDS] = { 1, 1, 36, 100, 149 };
	static const uint8_t band5[BANDS] = { 0, 0, 1, 1, 1 };
	static const uint8_t band_bits[BANDS] = { 0, 0, 1, 3, 5 };
	static const uint8_t cck[BANDS] = { 1, 0, 0, 0, 0 };
	struct dvr_io *io = chip->io;

	for (unsigned b = 0; b < BANDS; b++)
		for (unsigned p = 0; p < 2; p++) {
			uint16_t three_wire = p ? 0x410C : 0x180C;
			uint32_t r18 = halmac_rf_read(chip, p, 0x18, 0xFFFFF);
			dvr_w32_mask(io, three_wire, 0x3, 0);
			halmac_rf_write(chip, p, 0x18, 0x000FF, ch[b]);
			halmac_rf_write(chip, p, 0x18, 0x70000, band_bits[b]);
			halmac_rf_write(chip, p, 0x18, 0x00100, band5[b]);
			halmac_rf_write(chip, p, 0x1A, 0x00001, cck[b]);
			halmac_rf_write(chip, p, 0x1A, 0x10000, cck[b]);
			for (unsigned i = 0; i < GAINS; i++) {
				halmac_rf_write(chip, p, 0x00, 0xFF, 1 + 3 * i);
				g->table[b][i][p] =
					halmac_rf_read(chip, p, 0x5F, 0xFFFFF);
			}
			halmac_rf_write(chip, p, 0x18, 0xFFFFF, r18);
			dvr_w32_mask(io, three_wire, 0x3, 3);
		}
}

/* _halrf_txgapk_write_gain_bb_table_8822e: the tables into the
 * engine's SRAM, band by band (band 0 leaves the select as it is). */
static void load_sram(struct dvr_chip *chip, const struct gapk *g)
{
	static const int8_t sel[BANDS] = { -1, 0, 2, 3, 4 };
	struct dvr_io *io = chip->io;

	for (unsigned b = 0; b < BANDS; b++)
		for (unsigned p = 0; p < 2; p++) {
			dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
			if (sel[b] >= 0)
				dvr_w32_mask(io, REG_GAIN_SRAM, 0x7000,
				             (uint32_t)sel[b]);
			dvr_w32_mask(io, REG_GAIN_SEL, 0xFF, 0x88);
			for (uint32_t i = 0; i < GAINS; i++) {
				dvr_w32_mask(io, REG_GAIN_SRAM, 0xFFF,
				             g->table[b][i][p] & 0xFFF);
				dvr_w32_mask(io, REG_GAIN_SRAM, 0xF0000, i);
				dvr_w32_mask(io, REG_GAIN_SRAM, 0x8000, 1);
				dvr_w32_mask(io, REG_GAIN_SRAM, 0x8000, 0);
			}
		}
}

/* _halrf_txgapk_afe_iqk_8822e and its restore */
static void afe_mode(struct dvr_chip *chip, unsigned p, bool cal)
{
	static const uint32_t normal[16] = {
		0x700B8041, 0x70144041, 0x70244041, 0x70344041, 0x70444041,
		0x705B8041, 0x70644041, 0x707B8041, 0x708B8041, 0x709B8041,
		0x70AB8041, 0x70BB8041, 0x70CB8041, 0x70DB8041, 0x70EB8041,
		0x70FB8041,
	};
	struct dvr_io *io = chip->io;
	uint16_t reg = p ? 0x4130 : 0x1830;

	if (cal) {
		dvr_w32(io, 0x1C38, 0xFFFFFFFF);
		dvr_w32(io, reg, 0x700F0001);
		for (uint32_t s = 0; s <= 0xF; s++)
			dvr_w32(io, reg, 0x700F0001 | s << 20);
		dvr_w32(io, reg, 0x70FF0001);
	} else {
		dvr_w32(io, 0x1C38, 0xFFA1005E);
		for (unsigned i = 0; i < 16; i++)
			dvr_w32(io, reg, normal[i]);
	}
	rtl8822e_dack_soft_reset(chip);
}

/* The 5 GHz gain table of a channel: low (the vendor's 16-96, taken
 * down to 15 as devourer does), mid (100-144), high (149 up; the
 * vendor's gaps 97-99 and 145-148 are not tunable, vendor
 * config_phydm_switch_channel_8822e). Its 0x1B98 [14:12] code and its
 * band index in struct gapk are the same number. */
static unsigned band5(unsigned channel)
{
	return channel <= 96 ? 2 : channel <= 144 ? 3 : 4;
}

/* _halrf_txgapk_calculate_offset_8822e: one gain-K run on a path and
 * its ten 4-bit signed step offsets from 0x1BFC. */
static void measure(struct dvr_chip *chip, struct gapk *g, unsigned p,
                    unsigned channel)
{
	struct dvr_io *io = chip->io;
	bool g2 = channel <= 14;
	uint16_t pi = p ? 0x00EC : 0x001C;

	dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
	halmac_rf_write(chip, p, 0xDE, 0x10000, 1);
	halmac_rf_write(chip, p, 0x00, 0xF0000, 0x5);
	if (g2) {
		halmac_rf_write(chip, p, 0x88, 0x00070, 1);
		halmac_rf_write(chip, p, 0x88, 0x0000F, 1);
		halmac_rf_write(chip, p, 0xDF, 0x10000, 1);
		halmac_rf_write(chip, p, 0x87, 0xC0000, 3);
		halmac_rf_write(chip, p, 0x00, 0x003E0, 0x0F);
		dvr_w32_mask(io, REG_GAIN_SRAM, 0x7000, 0);
	} else {
		halmac_rf_write(chip, p, 0x8B, 0x00700, 0);
		halmac_rf_write(chip, p, 0xDF, 0x20000, 1);
		halmac_rf_write(chip, p, 0x89, 0x00003, 3);
		halmac_rf_write(chip, p, 0x00, 0x003E0, 0x0F);
		dvr_w32_mask(io, REG_GAIN_SRAM, 0x7000, band5(channel));
	}
	uint32_t pi_old = dvr_r32(io, pi);
	dvr_w32(io, pi, pi_old & ~0xC0000000u);
	dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
	dvr_w32_mask(io, 0x1BCC, 0x3F, 0x12);
	dvr_w32_mask(io, 0x1B2C, 0xFFF, 0x038);
	dvr_w32(io, REG_NCTL_CMD, p ? 0x00000D29 : 0x00000D19);
	dvr_delay_ms(10);
	/* the vendor waits up to 30 x 100 us for each report and reads
	 * the result whatever came */
	for (unsigned c = 0; c < 30; c++) {
		dvr_delay_us(100);
		if ((dvr_r32(io, REG_IQK_RPT) & 0xFF) == 0x55 ||
		    dvr_io_status(io) != DVR_OK)
			break;
	}
	for (unsigned c = 0; c < 30; c++) {
		dvr_delay_us(100);
		if ((dvr_r32(io, REG_NCTL_DATA) & 0xFFFF) == 0x8000 ||
		    dvr_io_status(io) != DVR_OK)
			break;
	}
	dvr_w32_mask(io, 0x1B10, 0xFF, 0);
	dvr_delay_us(100);
	dvr_w32(io, pi, (dvr_r32(io, pi) & ~0xC0000000u) |
	                (pi_old & 0xC0000000u));

	dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
	dvr_w32_mask(io, 0x1BD4, 0x00200000, 1);
	dvr_w32_mask(io, 0x1BD4, 0x001F0000, 0x12);
	dvr_w32_mask(io, REG_GAIN_SEL, 0xF00, 3);
	uint32_t lo = dvr_r32(io, REG_NCTL_DATA);
	dvr_w32_mask(io, REG_GAIN_SEL, 0xF00, 4);
	uint32_t hi = dvr_r32(io, REG_NCTL_DATA) & 0xFF;
	for (unsigned i = 0; i < 10; i++) {
		uint32_t n = i < 8 ? (lo >> (4 * i)) & 0xF : (hi >> (4 * (i - 8))) & 0xF;
		g->offset[i][p] = (int8_t)(n & 8 ? (int)n - 16 : (int)n);
	}
}

/* _halrf_txgapk_rf_restore_8822e and the BB side of
 * _halrf_txgapk_bb_iqk_restore_8822e */
static void restore_path(struct dvr_chip *chip, unsigned p)
{
	struct dvr_io *io = chip->io;

	halmac_rf_write(chip, p, 0x00, 0xF0000, 0x3);
	halmac_rf_write(chip, p, 0xDE, 0x10000, 0);
	halmac_rf_write(chip, p, 0xDF, 0x30000, 0);
	afe_mode(chip, p, false);
	halmac_rf_write(chip, p, 0xDE, 0x10000, 0);
	dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, 0);
	dvr_w32(io, 0x1B08, 0);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 1);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 0);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 1);
	rtl8822e_bb_cal_mode(io, 1u << p, false);
}

uint32_t rtl8822e_txgapk_gain(uint32_t entry, int offset)
{
	/* _halrf_txgapk_calculat_tx_gain_8822e: the entry's low bits count
	 * whole steps, bit 12 adds half a step; an odd offset in half
	 * steps sets it and rounds the whole part down */
	int half = offset % 2 != 0;
	int whole = offset / 2 - (offset < 0 && half ? 1 : 0);

	return (uint32_t)((int64_t)entry + whole + (half ? 0x1000 : 0));
}

/* _halrf_txgapk_write_tx_gain_8822e: each entry takes the sum of the
 * offsets of the steps above it that are not repeats of their
 * neighbour; a band whose table read back all zero is left alone
 * (devourer's guard: writing it would silence the band). */
static void write_gains(struct dvr_chip *chip, const struct gapk *g,
                        unsigned channel)
{
	unsigned b = channel <= 14 ? 1 : band5(channel);
	uint32_t base = b == 1 ? 0x20 : b == 2 ? 0x200 : b == 3 ? 0x280 : 0x300;

	for (unsigned p = 0; p < 2; p++) {
		bool blank = true;
		for (unsigned i = 0; i < GAINS; i++)
			blank &= (g->table[b][i][p] & 0xFFF) == 0;
		if (blank)
			continue;
		int sum[GAINS] = { 0 };
		for (unsigned i = 0; i < 10; i++)
			for (unsigned j = i; j < 10; j++) {
				bool same = (g->table[b][j][p] & 0xFE0) ==
				            (g->table[b][j + 1][p] & 0xFE0);
				if (!same)
					sum[i] += g->offset[j][p];
			}
		halmac_rf_write(chip, p, 0xEE, 0xFFFFF, 0x10000);
		for (unsigned i = 0; i < GAINS; i++) {
			halmac_rf_write(chip, p, 0x33, 0xFFFFF, base + i);
			uint32_t e = rtl8822e_txgapk_gain(g->table[b][i][p],
			                                  sum[i]) & 0x1FFF;
			halmac_rf_write(chip, p, 0x3F, 0x7FFFF, e << 6);
		}
		halmac_rf_write(chip, p, 0xEE, 0xFFFFF, 0);
	}
}

int rtl8822e_txgapk(struct dvr_chip *chip)
{
	static const uint16_t bb_regs[3] = { 0x0520, 0x1E70, 0x1B00 };
	static const uint16_t kip_regs[2] = { 0x1B38, 0x1B20 };
	struct dvr_io *io = chip->io;
	struct gapk g;
	uint32_t bb[3], kip[2][2];
	unsigned channel = halmac_rf_read(chip, 0, 0x18, 0xFF);

	memset(&g, 0, sizeof g);
	read_tables(chip, &g);
	load_sram(chip, &g);
	for (unsigned i = 0; i < 3; i++)
		bb[i] = dvr_r32(io, bb_regs[i]);
	for (unsigned i = 0; i < 2; i++)
		for (unsigned p = 0; p < 2; p++) {
			dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
			kip[i][p] = dvr_r32(io, kip_regs[i]);
		}
	rtl8822e_tx_pause(chip, true);
	for (unsigned p = 0; p < 2; p++) {
		rtl8822e_bb_cal_mode(io, 1u << p, true);
		afe_mode(chip, p, true);
		measure(chip, &g, p, channel);
		restore_path(chip, p);
	}
	write_gains(chip, &g, channel);
	for (unsigned i = 0; i < 2; i++)
		for (unsigned p = 0; p < 2; p++) {
			dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, p);
			dvr_w32(io, kip_regs[i], kip[i][p]);
		}
	for (unsigned i = 0; i < 3; i++)
		dvr_w32(io, bb_regs[i], bb[i]);
	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during TX gap calibration");
	return DVR_OK;
}

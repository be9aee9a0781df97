/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822C's init-time RF fixes after DACK, in the order of rtw88
 * rtw8822c.c rtw8822c_rf_init: the synthesiser X2 check, then the
 * factory trims Realtek burns into the physical EFUSE outside the logical
 * map (thermal meter offset, TX power trim per band and path, PA bias),
 * each read one byte at a time (rtw88 efuse.c rtw_read8_physical_efuse;
 * addresses rtw88 rtw8822c.h PPG_*). An unprogrammed byte (0xFF) means
 * no trim, as in rtw88.
 */
#include "hal/rtl8822c/rtl8822c.h"

#define RF_MASK 0xFFFFFu

/* Physical EFUSE addresses (rtw88 rtw8822c.h). */
#define PPG_THERMAL_A 0x1EF
#define PPG_THERMAL_B 0x1B0
#define PPG_2GL_TXAB 0x1D4    /* [3:0] path A, [7:4] path B */
#define PPG_2GM_TXAB 0x1EE
#define PPG_2GH_TXAB 0x1D2
#define PPG_PABIAS_2GB 0x1D5
#define PPG_PABIAS_2GA 0x1D6
#define PPG_PABIAS_5GB 0x1D7
#define PPG_PABIAS_5GA 0x1D8

/* RF registers (rtw88 rtw8822c.c / rtw8822c.h). */
#define RF_X2K 0xB8           /* bit 15: X2 calibration busy */
#define RF_X2K_CFG 0xBA
#define RF_THERMAL_TRIM 0x43  /* [19:16] */
#define RF_TRIM_SEL 0x33      /* which gain entry 0x3F writes */
#define RF_TRIM_VAL 0x3F
#define RF_TRIM_EN 0xEE       /* bit 19 opens the trim entries */
#define RF_PA 0x60            /* [15:12] 2.4 GHz bias, [19:16] 5 GHz */

#define REG_DIS_DPD 0x0A70

static unsigned n_paths(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 1 : 2;
}

/* A synthesiser whose X2 calibration still reports busy after power-up
 * is restarted with the sequence of rtw88 rtw8822c_rf_x2_check (1 ms
 * before the look and after the restart, as there). */
static void x2_check(struct dvr_chip *chip)
{
	dvr_delay_ms(1);
	if (!halmac_rf_read(chip, 0, RF_X2K, 1u << 15))
		return;
	halmac_rf_write(chip, 0, RF_X2K, RF_MASK, 0xC4440);
	halmac_rf_write(chip, 0, RF_X2K_CFG, RF_MASK, 0x6840D);
	halmac_rf_write(chip, 0, RF_X2K, RF_MASK, 0x80440);
	dvr_delay_ms(1);
}

/* Thermal meter offset per path into RF 0x43 [19:16]. The fuse keeps the
 * sign in bit 0 and the magnitude in [3:1]; the RF field wants the
 * magnitude in [2:0] and the sign in bit 3 (rtw88
 * rtw8822c_thermal_trim). A blank path ends the trim, as there. */
static int thermal_trim(struct dvr_chip *chip)
{
	static const uint16_t addr[2] = { PPG_THERMAL_A, PPG_THERMAL_B };

	for (unsigned p = 0; p < n_paths(chip); p++) {
		uint8_t pg;
		int st = halmac_read_phys_efuse(chip, addr[p], &pg);
		if (st != DVR_OK)
			return st;
		if (pg == 0xFF)
			return DVR_OK;
		uint32_t t = (uint32_t)((pg >> 1) & 0x7) | (uint32_t)(pg & 1) << 3;
		halmac_rf_write(chip, p, RF_THERMAL_TRIM, 0xF0000, t);
	}
	return DVR_OK;
}

/*
 * TX power trim: eight gain entries per path — 2.4 GHz low/mid/high
 * channels (one byte for both paths, a nibble each), 5 GHz L1, L2, M1,
 * M2, H1 (a byte per path, [4:0]) — written as the fifteen RF 0x33
 * selections rtw88 rtw8822c_set_power_trim walks (2.4 GHz high serves
 * selections 2 and 3, 5 GHz L1..H1 serve 4..8 and again 9..13, H1 also
 * 14). An entry whose byte is blank stays 0; nothing is written when
 * every byte is blank. DPD stays off on the low rates either way (rtw88
 * rtw8822c_power_trim ends with it).
 */
static int power_trim(struct dvr_chip *chip)
{
	static const uint16_t g2[3] = { PPG_2GL_TXAB, PPG_2GM_TXAB,
	                                PPG_2GH_TXAB };
	static const uint16_t g5[2][5] = {
		{ 0x1EC, 0x1E8, 0x1E4, 0x1E0, 0x1DC },   /* A: L1 .. H1 */
		{ 0x1EB, 0x1E7, 0x1E3, 0x1DF, 0x1DB },   /* B */
	};
	static const uint8_t entry_of_sel[15] = { 0, 1, 2, 2, 3, 4, 5, 6, 7,
	                                          3, 4, 5, 6, 7, 7 };
	uint8_t gain[2][8] = { { 0 } };
	bool any = false;
	uint8_t pg;
	int st;

	for (unsigned i = 0; i < 3; i++) {
		if ((st = halmac_read_phys_efuse(chip, g2[i], &pg)) != DVR_OK)
			return st;
		if (pg == 0xFF)
			continue;
		any = true;
		gain[0][i] = pg & 0x0F;
		gain[1][i] = pg >> 4;
	}
	for (unsigned i = 0; i < 5; i++)
		for (unsigned p = 0; p < n_paths(chip); p++) {
			st = halmac_read_phys_efuse(chip, g5[p][i], &pg);
			if (st != DVR_OK)
				return st;
			if (pg == 0xFF)
				continue;
			any = true;
			gain[p][3 + i] = pg & 0x1F;
		}
	if (any)
		for (unsigned p = 0; p < n_paths(chip); p++) {
			halmac_rf_write(chip, p, RF_TRIM_EN, 1u << 19, 1);
			for (unsigned sel = 0; sel < 15; sel++) {
				halmac_rf_write(chip, p, RF_TRIM_SEL, RF_MASK,
				                  sel);
				halmac_rf_write(chip, p, RF_TRIM_VAL, RF_MASK,
				                  gain[p][entry_of_sel[sel]]);
			}
			halmac_rf_write(chip, p, RF_TRIM_EN, 1u << 19, 0);
		}
	dvr_w32_mask(chip->io, REG_DIS_DPD, 0x3FF, 0x3FF);
	return DVR_OK;
}

/*
 * PA bias per path and band into RF 0x60 ([15:12] 2.4 GHz, [19:16]
 * 5 GHz), the fuse's [3:0]. As rtw88 rtw8822c_pa_bias: a blank 2.4 GHz
 * byte ends the whole step (5 GHz included); the 5 GHz bytes are then
 * taken as read, so a part with only its 2.4 GHz bias burnt gets 0xF on
 * 5 GHz.
 */
static int pa_bias(struct dvr_chip *chip)
{
	static const uint16_t g2[2] = { PPG_PABIAS_2GA, PPG_PABIAS_2GB };
	static const uint16_t g5[2] = { PPG_PABIAS_5GA, PPG_PABIAS_5GB };
	uint8_t pg;
	int st;

	for (unsigned p = 0; p < n_paths(chip); p++) {
		if ((st = halmac_read_phys_efuse(chip, g2[p], &pg)) != DVR_OK)
			return st;
		if (pg == 0xFF)
			return DVR_OK;
		halmac_rf_write(chip, p, RF_PA, 0xF000, pg & 0x0Fu);
	}
	for (unsigned p = 0; p < n_paths(chip); p++) {
		if ((st = halmac_read_phys_efuse(chip, g5[p], &pg)) != DVR_OK)
			return st;
		halmac_rf_write(chip, p, RF_PA, 0xF0000, pg & 0x0Fu);
	}
	return DVR_OK;
}

int rtl8822c_rf_trims(struct dvr_chip *chip)
{
	int st;

	x2_check(chip);
	if ((st = thermal_trim(chip)) != DVR_OK ||
	    (st = power_trim(chip)) != DVR_OK ||
	    (st = pa_bias(chip)) != DVR_OK)
		return st;
	return dvr_io_status(chip->io);
}

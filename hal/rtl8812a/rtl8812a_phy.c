/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Baseband and RF bring-up (facts 5.1 steps 21-23, 5.2.4, 5.4) and the
 * per-rate TX power index registers (facts 5.5).
 */
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_regs.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

#define CUT_C 2u
#define LSSI_SETTLE_US 13u

void rtl8812a_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                       uint32_t data)
{
	uint32_t word = ((uint32_t)addr << 20 | (data & RF_DATA_MASK)) &
	                0x0FFFFFFFu;

	dvr_w32(chip->io, path ? REG_B_LSSI_WRITE : REG_A_LSSI_WRITE, word);
	dvr_delay_us(LSSI_SETTLE_US);
}

uint32_t rtl8812a_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr)
{
	struct dvr_io *io = chip->io;
	/* Non-C cuts need CCA off while the read port is switched. */
	bool cca_off = chip->id.cut != CUT_C && addr != 0;
	bool pi;
	uint32_t v;

	if (cca_off)
		dvr_set32(io, REG_BB_CCA2ND, BIT(3));
	pi = dvr_r32(io, path ? REG_B_3WIRE : REG_A_3WIRE) & BIT(2);
	dvr_w32_mask(io, REG_BB_HSSI_READ, 0xFF, addr);
	if (chip->id.cut == CUT_C)
		dvr_delay_us(20);
	if (path)
		v = dvr_r32(io, pi ? REG_B_PI_READ : REG_B_SI_READ);
	else
		v = dvr_r32(io, pi ? REG_A_PI_READ : REG_A_SI_READ);
	if (cca_off)
		dvr_clr32(io, REG_BB_CCA2ND, BIT(3));
	return v & RF_DATA_MASK;
}

static int bb_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct dvr_io *io = ctx;

	/* Pseudo-addresses are delays (facts 5.2.4). */
	switch (addr) {
	case 0xFE: dvr_delay_ms(50); break;
	case 0xFD: dvr_delay_ms(5); break;
	case 0xFC: dvr_delay_ms(1); break;
	case 0xFB: dvr_delay_us(50); break;
	case 0xFA: dvr_delay_us(5); break;
	case 0xF9: dvr_delay_us(1); break;
	default: dvr_w32(io, (uint16_t)addr, data); break;
	}
	return dvr_io_status(io);
}

struct rf_ctx {
	struct dvr_chip *chip;
	unsigned path;
};

static int rf_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct rf_ctx *rc = ctx;

	if (addr == 0xFFE)
		dvr_delay_ms(50);
	else if (addr == 0xFE)
		dvr_delay_us(100);
	else
		rtl8812a_rf_write(rc->chip, rc->path, (uint8_t)addr, data);
	return dvr_io_status(rc->chip->io);
}

/* 1T1R boards: receive and transmit on path A only (facts 5.1 step 23). */
static void config_1t(struct dvr_io *io)
{
	dvr_w32_mask(io, REG_BB_RXPSEL, 0xFF, 0x11);
	dvr_w32_mask(io, REG_BB_TXPSEL, 0xFFFF, 0x1111);
	dvr_w32_mask(io, REG_BB_CCK_RX, 0x0C000000u, 0);
	dvr_w32_mask(io, REG_BB_8BC, 0xC0000060u, 4);
	dvr_w32_mask(io, REG_B_3WIRE, 0xF, 4);
	dvr_w32(io, REG_B_LSSI_WRITE, 0);
	dvr_w32(io, 0x0E60, 0);
	dvr_w32(io, 0x0E64, 0);
}

int rtl8812a_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dvr_phy_cond cond;
	struct rf_ctx rc = { .chip = chip };
	uint32_t cap = chip->id.crystal_cap & 0x3F;
	int st;

	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_USBA);
	dvr_set8(io, REG_SYS_FUNC_EN, SYS_FUNC_BBRSTB | SYS_FUNC_BB_GLB_RST);
	dvr_w8(io, REG_RF_CTRL, 0x07);
	dvr_w8(io, REG_RF_B_CTRL, 0x07);

	rtl8812a_phy_cond(chip, &cond);
	st = dvr_phy_table_walk(rtl8812a_bb, rtl8812a_bb_len, &cond, bb_row, io,
	                        NULL);
	if (st == DVR_OK)
		st = dvr_phy_table_walk(rtl8812a_agc, rtl8812a_agc_len, &cond,
		                        bb_row, io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "BB/AGC table write failed");

	dvr_w32_mask(io, REG_AFE_XTAL_CTRL, XTAL_CAP_MASK, cap | cap << 6);

	rc.path = 0;
	st = dvr_phy_table_walk(rtl8812a_rf_a, rtl8812a_rf_a_len, &cond, rf_row,
	                        &rc, NULL);
	if (st == DVR_OK && rtl8812a_paths(chip) > 1) {
		rc.path = 1;
		st = dvr_phy_table_walk(rtl8812a_rf_b, rtl8812a_rf_b_len, &cond,
		                        rf_row, &rc, NULL);
	}
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "RF table write (path %c) failed",
		                     rc.path ? 'B' : 'A');
	if (rtl8812a_paths(chip) == 1)
		config_1t(io);

	if (rtl8812a_priv(chip))
		rtl8812a_priv(chip)->band = BAND_NONE;
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "PHY init failed");
	return DVR_OK;
}

/*
 * TX AGC: one 6-bit index per rate, four rates per register (byte lane =
 * rate code & 3), same layout at 0xC20 (path A) and 0xE20 (path B):
 * CCK, OFDM x2, HT MCS0-15 x4, VHT 1SS 0-9 + 2SS 0-9 x5 (facts 5.5).
 */
int rtl8812a_set_tx_power(struct dvr_chip *chip, int index)
{
	struct dvr_io *io = chip->io;
	unsigned paths = rtl8812a_paths(chip);
	int st;

	if (index < 0 || index > 0x3F)
		return dvr_chip_fail(chip, DVR_E_INVALID,
		                     "TX power index %d outside 0..63", index);
	uint32_t lanes = (uint32_t)index * 0x01010101u;
	/*
	 * Power-training levels step DOWN from the MCS7 index: the 10, 8 and
	 * 6 are cumulative (index-10, index-18, index-24), each written no
	 * lower than 2 (rtw88 rtw88xxa_tx_power_training and the vendor
	 * PHY_TxPowerTrainingByPath_8812 subtract from a running value).
	 * Both references compute this in u32, so an index below 24 wraps
	 * there; the floor of 2 is what the code means.
	 */
	int t0 = index - 10 < 2 ? 2 : index - 10;
	int t1 = index - 18 < 2 ? 2 : index - 18;
	int t2 = index - 24 < 2 ? 2 : index - 24;
	uint32_t training = (uint32_t)t0 | (uint32_t)t1 << 8 |
	                    (uint32_t)t2 << 16;

	for (unsigned p = 0; p < paths; p++) {
		uint16_t base = p ? REG_B_TXAGC : REG_A_TXAGC;
		for (uint16_t off = 0; off <= 0x2C; off += 4) {
			bool two_ss = (off >= 0x14 && off <= 0x18) || off >= 0x28;
			if (paths == 1 && two_ss)
				continue;          /* MCS8-15, VHT 2SS 2-9 */
			if (paths == 1 && off == 0x24)
				/* VHT1SS 8/9 share with VHT2SS 0/1 */
				dvr_w32_mask(io, (uint16_t)(base + off), 0xFFFF,
				             lanes & 0xFFFF);
			else
				dvr_w32(io, (uint16_t)(base + off), lanes);
		}
		dvr_w32_mask(io, p ? REG_B_TX_TRAINING : REG_A_TX_TRAINING,
		             0x00FFFFFFu, training);
	}
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "TX power write failed");
	chip->tx_power_index = index;
	return DVR_OK;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * BB/RF bring-up of the 8814A (rtw88 rtw8814a.c rtw8814a_phy_set_param,
 * rtw8814a_config_trx_path, rtw8814a_config_cck_rx_antenna_init,
 * rtw8814a_init_rfe_reg) and its RF access: the BB enables moved to
 * 0x1000, four RF control registers, BB/AGC tables and four RF tables
 * whose conditions select on the RFE option number, the crystal, the CCK
 * paths, the RFE GPIO pins, then the firmware's information packets.
 */
#include <string.h>

#include "hal/common/bb_table_row.h"
#include "hal/common/phy_table.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

#define RF_DATA_MASK 0xFFFFFu
#define RF_RCK1 0x1C        /* rtw88 reg.h RF_RCK1_V1 */

uint32_t rtl8814a_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr,
                          uint32_t mask)
{
	return halmac_rf_read(chip, path, addr, mask);
}

void rtl8814a_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                       uint32_t mask, uint32_t data)
{
	halmac_rf_write(chip, path, addr, mask, data);
}

static int load_tables(struct dvr_chip *chip)
{
	static const uint32_t *const rf[4] = {
		rtl8814a_rf_a, rtl8814a_rf_b, rtl8814a_rf_c, rtl8814a_rf_d,
	};
	const size_t *const rf_len[4] = {
		&rtl8814a_rf_a_len, &rtl8814a_rf_b_len, &rtl8814a_rf_c_len,
		&rtl8814a_rf_d_len,
	};
	struct dvr_io *io = chip->io;
	struct dvr_phy_cond cond;
	int st;

	/* rtw88 phy.c check_positive (every chip after the 8812A/8821A):
	 * the RFE option by exact number, cut/package/interface wildcards
	 * in every 8814A row. */
	halmac_phy_cond(chip, &cond);
	if ((st = dvr_phy_table_walk(rtl8814a_bb, rtl8814a_bb_len, &cond,
	                             dvr_bb_table_row, io, NULL)) != DVR_OK)
		return dvr_chip_fail(chip, st, "BB table not written");
	if ((st = dvr_phy_table_walk(rtl8814a_agc, rtl8814a_agc_len, &cond,
	                             dvr_bb_table_row, io, NULL)) != DVR_OK)
		return dvr_chip_fail(chip, st, "AGC table not written");
	/* crystal: 0x2C [26:15] = cap | cap << 6 (rtw8814a_phy_set_param) */
	uint32_t cap = chip->id.crystal_cap & 0x3F;
	dvr_w32_mask(io, 0x002C, 0x07FF8000u, cap | cap << 6);
	/* CCK: no 2-RX CCA, no MRC; TX on path B, RX path field 5
	 * (rtw8814a_config_trx_path: "pathB tx on, path A/C/D tx off") */
	dvr_clr32(io, 0x0A2C, (1u << 18) | (1u << 22));
	dvr_w32_mask(io, 0x0A04, 0xF0000000u, 0x4);
	dvr_w32_mask(io, 0x0A04, 0x0F000000u, 0x5);
	for (unsigned p = 0; p < 4; p++) {
		struct halmac_rf_ctx rc = { chip, p };
		if ((st = dvr_phy_table_walk(rf[p], *rf_len[p], &cond,
		                             halmac_rf_row, &rc, NULL)) != DVR_OK)
			return dvr_chip_fail(chip, st, "RF table of path %c not "
			                     "written", 'A' + p);
	}
	/* RC calibration value of path A copied to B, C, D */
	uint32_t rck = rtl8814a_rf_read(chip, 0, RF_RCK1, RF_DATA_MASK);
	for (unsigned p = 1; p < 4; p++)
		rtl8814a_rf_write(chip, p, RF_RCK1, RF_DATA_MASK, rck);
	return dvr_io_status(io);
}

/* rtw8814a_config_cck_rx_antenna_init: no antenna diversity, no
 * concurrent CCA at LSB/USB, no RX path diversity, no MRC antenna select,
 * MBC window 1, 2R CCA only. */
static void cck_rx_antenna_init(struct dvr_io *io)
{
	dvr_clr32(io, 0x0A00, 1u << 15);
	dvr_clr32(io, 0x0A70, 1u << 7);
	dvr_clr32(io, 0x0A74, 1u << 8);
	dvr_clr32(io, 0x0A14, 1u << 7);
	dvr_w32_mask(io, 0x0A20, 0x30, 1);
	dvr_set32(io, 0x0A84, 1u << 28);
}

/* rtw8814a_init_rfe_reg: the RFE GPIO pins for options 1/2 and 0.
 * OpenIPC devourer: without them TX "submits OK, 0 on-air" while RX
 * works (RadioManagementModule.cpp InitRFEGpio8814A). */
static void rfe_gpio(struct dvr_chip *chip)
{
	uint8_t rfe = chip->id.rfe_type;

	if (rfe > 2)
		return;
	dvr_w32_mask(chip->io, 0x1994, 0xF, 0xF);
	dvr_set8(chip->io, 0x0042, rfe == 0 ? 0xC0 : 0xF0);
}

int rtl8814a_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	/* BB/RF domain on (FEN_USBA), then the BB global reset and reset
	 * release at 0x1000 bits 17/16 (REG_SYS_CFG3_8814A + 2), and RF
	 * enable / reset / SDM reset of paths A-D (REG_RF_CTRL, _CTRL1,
	 * _CTRL2, _CTRL3). OpenIPC devourer: without these BB writes over
	 * USB are silently ignored (HalModule.cpp). */
	dvr_set8(io, 0x0002, 1u << 2);
	dvr_set8(io, 0x1002, 0x03);
	dvr_w8(io, 0x001F, 0x07);
	dvr_w8(io, 0x0020, 0x07);
	dvr_w8(io, 0x0021, 0x07);
	dvr_w8(io, 0x0076, 0x07);
	if ((st = load_tables(chip)) != DVR_OK)
		return st;
	dvr_set32(io, 0x0808, (1u << 28) | (1u << 29)); /* RX_PSEL_RST */
	dvr_w8(io, 0x0423, 0xFF);                /* HWSEQ_CTRL */
	dvr_w32(io, 0x04CC, 0x0201FFFF);         /* BAR_MODE_CTRL */
	dvr_w8(io, 0x0577, 0x03);                /* no secondary CCA */
	dvr_w8(io, 0x0652, 0);                   /* NAV_CTRL + 2 */
	dvr_clr8(io, 0x0040, 1u << 5);
	cck_rx_antenna_init(io);
	rfe_gpio(chip);
	dvr_clr8(io, 0x04C6, 1u << 3);           /* QUEUE_CTRL */
	dvr_w8(io, 0x0652, 235);                 /* NAV upper bound */
	dvr_w8(io, 0x0421, 0x1F);                /* TX report on */
	/* USB: the USB mode switch request cleared (REG_SYS_SDIO_CTRL,
	 * REG_ACLK_MON) */
	dvr_w8(io, 0x0070, 0);
	dvr_w8(io, 0x003E, 0);
	/* rtw8814a_coex_cfg_ant_switch: 0x70 bit 26 (0x73 bit 2) set
	 * stops RF path C working. */
	dvr_clr8(io, 0x0073, 1u << 2);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during PHY init");
	/* the tables rewrote BB and RF: no cached channel holds, and no
	 * TX AGC table entry is known */
	rtl8814a_hop_forget(chip);
	struct rtl8814a_priv *priv = chip->priv;
	if (priv)
		memset(priv->txagc_known, 0, sizeof priv->txagc_known);
	/* rtw88 main.c rtw_power_on: GENERAL_INFO and PHYDM_INFO once the
	 * MAC and BB are up */
	return halmac_fw_send_info(chip);
}

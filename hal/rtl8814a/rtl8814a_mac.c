/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8814A's own MAC set-up, run by hal/halmac's MAC init where rtw88
 * mac.c rtw_mac_init calls the chip's mac_init (rtw88 rtw8814a.c
 * rtw8814a_mac_init): MAC TX/RX on, the MAC table, and the protocol,
 * EDCA, beacon and USB3 constants of the chip.
 */
#include "hal/common/bb_table_row.h"
#include "hal/common/phy_table.h"
#include "hal/rtl8814a/rtl8814a.h"
#include "hal/rtl8814a/rtl8814a_tables.h"

/* rtw88 rtw8814a_mac_init, in its order (reg.h names in comments). */
static const struct halmac_reg_op mac_consts[] = {
	HM_W32(0x00B0, 0), HM_W32(0x00B8, 0),        /* HIMR0, HIMR1 */
	HM_FIELD32(0x0440, 0x000FFFFF, 0x000FFFFF),  /* RRSR: every rate */
	HM_W16(0x042A, 0x3030),                      /* RETRY_LIMIT */
	HM_W16(0x06A0, 0xFFFF), HM_W16(0x06A2, 0x0400), /* RXFLTMAP0/1 */
	HM_W16(0x06A4, 0xFFFF),                      /* RXFLTMAP2 */
	HM_W8(0x04CA, 0x36), HM_W8(0x04CB, 0x36),    /* MAX_AGGR_NUM */
	HM_W16(0x0428, 0x100A), HM_W16(0x063A, 0x100A), /* SPEC_SIFS */
	HM_W16(0x0514, 0x100A), HM_W16(0x0516, 0x100A), /* SIFS CCK/OFDM */
	HM_W32(0x0508, 0x005EA42B), HM_W32(0x050C, 0x0000A44F), /* EDCA BE/BK */
	HM_W32(0x0504, 0x005EA324), HM_W32(0x0500, 0x002FA226), /* VI/VO */
	HM_SET8(0x0420, 0x80),                       /* FWHW_TXQ_CTRL bit 7 */
	HM_W8(0x0640, 0x80),                         /* ACKTO */
	HM_W16(0x0550, 0x1010),                      /* BCN_CTRL: DIS_TSF_UDT */
	HM_FIELD32(0x0540, 0x000FFFFF, 0x00006404),  /* TBTT_PROHIBIT: 4, hold 0x64 */
	HM_W8(0x0558, 0x05),                         /* DRVERLYINT */
	HM_W8(0x0559, 0x02),                         /* BCNDMATIM */
	HM_W16(0x0510, 0x4413),                      /* BCNTCFG */
	HM_W8(0x055D, 0xFF),                         /* BCN_MAX_ERR */
	/* REG_FAST_EDCA_VOVI / _BEBK_SETTING */
	HM_W32(0x1448, 0x08070807), HM_W32(0x144C, 0x08070807),
};

/* On SuperSpeed (rtw8814a_mac_init): U1/U2 off against a 2.5 GHz spur,
 * 0xF002 = 0 "to avoid usb 3.0 H2C fail", no LDPC pre-TX command. */
static const struct halmac_reg_op usb3_consts[] = {
	HM_CLR8(0xF008, 0x18),
	HM_W16(0xF002, 0),
	HM_CLR8(0x04BC, 0x40),
};

int rtl8814a_mac_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dvr_phy_cond cond;
	int st;

	/* MAC_TRX_ENABLE | BIT_32K_CAL_TMR_EN. rtw88 adds BIT_MAC_SEC_EN
	 * (0x06FF); the security engine stays off here as on every HalMAC
	 * chip of this driver: the link encrypts its own payload and a
	 * monitor hands the host frames as they were on the air. */
	dvr_w16(io, 0x0100, 0x04FF);
	halmac_phy_cond(chip, &cond);
	st = dvr_phy_table_walk(rtl8814a_mac, rtl8814a_mac_len, &cond,
	                        dvr_mac_table_row, io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "MAC table not written");
	/* The TX DMA's descriptors per bulk OUT, as the host packs them
	 * (rtw88 writes usb_tx_agg_desc_num << 1 here). */
	dvr_w8(io, 0x020B, (uint8_t)(chip->info->tx_agg_max << 1));
	if ((st = halmac_reg_ops_run(io, mac_consts, sizeof mac_consts /
	                             sizeof mac_consts[0])) != DVR_OK)
		return st;
	if (chip->usb3)
		st = halmac_reg_ops_run(io, usb3_consts, sizeof usb3_consts /
		                        sizeof usb3_consts[0]);
	return st;
}

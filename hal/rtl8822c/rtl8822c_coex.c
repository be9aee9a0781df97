/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Antenna to WLAN. Both bondings carry the BT/WL coexistence block, whose
 * antenna switch and TX/RX grant signals default to BT: without taking
 * them the receiver is deaf and TX is masked. This is the one-time
 * "WiFi only" set-up: rtw88 coex.c/rtw8822c.c rtw8822c_coex_cfg_init and
 * the COEX_SET_ANT_WONLY grant (GNT_WL software-high, path owner WLAN),
 * plus the BB gates devourer's Jaguar3 port found necessary
 * (Halrf8822c coex_wlan_only_init, force_wl_antenna).
 */
#include "hal/rtl8822c/rtl8822c.h"

#define LTE_COEX_CTRL 0x38

/*
 * int rtl8822c_coex_wlan_only(struct dvr_chip *chip): run once after the
 * PHY tables (phy_init calls it). DVR_OK, DVR_E_CHIP when the LTE-coex
 * port never becomes ready, or the bus error.
 */
int rtl8822c_coex_wlan_only(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	/* rtw8822c_coex_cfg_init: what every HalMAC chip sets (hal/halmac),
	 * then no BT-side RF gating and the RF B 0x01 fix. */
	halmac_coex_cfg_init(chip);
	dvr_clr8(io, 0x04FC, 0x03);
	halmac_rf_write(chip, 1, 0x01, 0xFFFFF, 0x40000);
	/* BB: DAC follows GNT_WL, path B ignores GNT_BT, WL TX not masked
	 * by BT. */
	dvr_set8(io, 0x1C32, 0x40);
	dvr_clr8(io, 0x1C39, 0x10);
	dvr_set8(io, 0x1C3B, 0x10);
	dvr_set32(io, 0x4160, 1u << 3);
	/* Path A's RF mode must not follow GNT_BT with separate antennas.
	 * rtw88 rtw8822c_coex_cfg_gnt_fix does it by cut (its kt_ver, SYS_CFG1
	 * [15:12]): from D-cut by enabling the mode change and letting WL TX
	 * go unmasked (0x1CA7 bit 3), before it by disabling the change. */
	if (chip->id.cut >= 3) {
		dvr_clr32(io, 0x1860, 1u << 3);
		dvr_set8(io, 0x1CA7, 0x08);
	} else {
		dvr_set32(io, 0x1860, 1u << 3);
	}
	/* Grants: LTE coex off (bit 7), GNT_BT by the hardware PTA
	 * ([15:14], [11:10] = 0), GNT_WL software high ([13:12], [9:8] =
	 * 3). */
	if ((st = halmac_ltecoex_update(chip, LTE_COEX_CTRL, 0xFF80u,
	                                0x3300u)) != DVR_OK)
		goto fail;
	/* Antenna path owner WLAN, PTA tables all-WL, scoreboard "WL
	 * active and on" so the BT side keeps off the antenna. */
	dvr_set8(io, 0x0073, 0x04);
	dvr_w32(io, 0x06C0, 0xFFFFFFFF);
	dvr_w32(io, 0x06C4, 0xFFFFFFFF);
	dvr_w32(io, 0x06C8, 0xF0FFFFFF);
	dvr_w16(io, 0x00AA, 0x8003);
	return dvr_io_status(io);
fail:
	return halmac_coex_fail(chip, st);
}

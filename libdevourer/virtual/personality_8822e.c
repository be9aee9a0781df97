/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822E personality: USB identity, the constants the 3081-CPU layer
 * (personality_3081.h) runs it by, the state of its own that plug-in
 * resets, and the table the model core calls it through. The register
 * file, power domains, USB3 switch, MAC, firmware path and descriptors
 * are the layer's — the vendor HalMAC has no 8822E-specific download or
 * MAC code beyond constants equal to the 8822C's (rtl88x2eu
 * halmac_8822e/halmac_init_8822e.c; OpenIPC devourer
 * src/jaguar3/ChipVariant.h says the same of its port); its OTP EFUSE,
 * firmware answers, BB/RF, front end and PHY status live in
 * personality_8822e_{efuse,fw,phy,thermal,frontend,rx}.c.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822e.h"

/* rtl88x2eu os_dep/linux/usb_intf.c rtw_usb_id_tbl, 8822E entries: the
 * RTL8812EU (WiFi only; the LB-LINK BL-M8812EU2 module, which OpenIPC
 * devourer docs/8822e-quirks.md characterises) first, as the default
 * identity, then the two "USB multi-function" defaults of the RTL8822EU
 * (WiFi + BT). */
static const struct vchip_usb_id ids_8822eu[] = {
	{0x0BDA, 0xA81A}, {0x0BDA, 0xE822}, {0x0BDA, 0xA82A},
};

/* At plug-in (and after a re-enumeration; the layer clears the RF
 * registers): no primary sub-channel, no LC-tank engine running. */
static void reset(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	s->primary_sc = 0;
	s->otp_noise = vc->rng_state ^ 0x0EF0E5E0EF0E5E0Full;
	if (!s->otp_noise)
		s->otp_noise = 1;
	s->aack_done_ns = s->rtk_done_ns = 0;
	/* the TX AGC at index 0 until a driver writes it through its gate */
	memset(s->txagc_cck, 0, sizeof s->txagc_cck);
	memset(s->txagc_ofdm, 0, sizeof s->txagc_ofdm);
	memset(s->txagc_diff, 0, sizeof s->txagc_diff);
	s->tx_stalled = false;
	p8822e_calib_reset(vc);
}

static const struct p3081_chip chip_8822e = {
	/* SYS_CFG2 byte: rtl88x2eu hal/halmac/halmac_api.c get_chip_info
	 * (CHIP_ID_HW_DEF_8822E); devourer src/WiFiDriver.cpp reads it to
	 * tell the die from an 8822C (0x13) */
	.chip_id = 0x17,
	/* SYS_CFG1 as rtl88x2eu hal/rtl8822e/rtl8822e_ops.c
	 * read_chip_version reads it: cut in [15:12] used as read, RF_TYPE_ID
	 * bit 27 = 2T2R, RTL_ID bit 23 clear (MP chip), fab [19:16] 0. Which
	 * cut retail RTL8812EU parts carry no reference states (devourer
	 * HalJaguar3.cpp read_chip_version only logs it); the model says
	 * A-cut (0): the vendor's table walk picks the same BB, AGC and RF
	 * cases for RFE 21 at any cut (rtl88x2eu halhwimg8822e_bb.c
	 * halbb_sel_headline). */
	.sys_cfg1 = 0x08000000u,
	/* rtl88x2eu halmac_8822e_cfg.h EFUSE_SIZE_8822E, EEPROM_SIZE_8822E,
	 * PRTCT_EFUSE_SIZE_8822E (the OTP port is the chip's own:
	 * personality_8822e_efuse.c) */
	.efuse_phys = 1216,
	.efuse_log = 2048,
	.efuse_ptct = 832,
	/* TX FIFO 256 KiB (halmac_8822e_cfg.h TX_FIFO_SIZE_8822E) */
	.txbuf = 0x40000,
	/* the load address of both 8822E images' IMEM segment, 0x80030000
	 * in their headers (bit 31 cleared) */
	.ocp_imem = 0x00030000u,
	/* up to 80 MHz, two streams, two antennas, VHT (a 2T2R jgr3 IC,
	 * rtl88x2eu hal/phydm/phydm_pre_define.h ODM_IC_JGR3_2SS) */
	.hw_bw = 7,
	.hw_nss = 2,
	.hw_ant = 2,
	.hw_proto = 3,
	.tx_nss = 2,
	/* checksum over 48 + 8 x PKT_OFFSET bytes (rtl88x2eu
	 * halmac_8822e/halmac_common_8822e.c fill_txdesc_check_sum_8822e) */
	.txd_checksum_all = true,
	/* no MAC table exists for this chip: its MAC set-up is HalMAC code
	 * and the auto-LLT (rtl88x2eu halmac_init_8822e.c) */
	.mac_table_is_llt = true,
	.tables = &p8822e_tables,
	.reset = reset,
	.phy_read = p8822e_phy_read,
	.phy_written = p8822e_phy_written,
	.phy_status = p8822e_phy_status,
	.h2c_command = p8822e_h2c_command,
	.h2c_packet = p8822e_h2c_packet,
	.mac_power = p8822e_mac_power,
	.tx_front_end = p8822e_tx_front_end,
	.tx_stalled = p8822e_tx_stalled,
	.rx_delivers = p8822e_rx_delivers,
	.rx_flushes_empty = p8822e_rx_flushes_empty,
	.efuse_ctrl_written = p8822e_efuse_ctrl_written,
	.efuse_catch_up = p8822e_efuse_catch_up,
};

const struct vchip_personality vchip_personality_8822e = {
	P3081_PERSONALITY_OPS,
	.name = "8822e",
	.description = "RTL8812EU / RTL8822EU (Jaguar3, 3081 firmware)",
	.usb_ids = ids_8822eu,
	.n_usb_ids = sizeof ids_8822eu / sizeof ids_8822eu[0],
	/* USB3 mode switching exists as on the 8822C (rtl88x2eu
	 * include/hal_pg.h EEPROM_USB_MODE_8822EU) */
	.usb3_capable = true,
	.state_size = sizeof(struct p8822e_state),
	/* 2048 pages of 128 bytes, of which the 16 driver + 50 CSI reserved
	 * pages above the boundary 1938 are not the host's (rtl88x2eu
	 * halmac_init_8822e.c RSVD_PG_*) */
	.tx_pages = 1938,
	.rxff_bytes = 24576,       /* halmac_8822e_cfg.h RX_FIFO_SIZE_8822E */
	.rf_paths = 2,
	.boards = p8822e_boards,
	.efuse_build = p8822e_efuse_build,
	.rf_peek = p3081_rf_peek,
	.tx_radio = p8822e_tx_radio,
	.rx_desense_db = p8822e_rx_desense_db,
	.layer = &chip_8822e,
};

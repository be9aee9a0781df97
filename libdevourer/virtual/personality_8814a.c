/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8814A personality: USB identity, the constants the 3081-CPU layer
 * (personality_3081.h) runs its MAC and firmware CPU by, and the table the
 * model core calls it through. Its Jaguar1 baseband with four RF paths,
 * TX descriptor, TX power and PHY status are its own
 * (personality_8814a_{phy,tx,rx}.c); what the model checks is listed in
 * personality_8814a.h.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8814a.h"

/* Every id rtw88 rtw8814au.c rtw_8814au_id_table binds to the 8814A HAL,
 * in its order: the first, 0bda:8813 (Realtek's own), is the default. */
static const struct vchip_usb_id ids_8814au[] = {
	{0x0BDA, 0x8813}, {0x056E, 0x400B}, {0x056E, 0x400D},
	{0x0846, 0x9054}, {0x0B05, 0x1817}, {0x0B05, 0x1852},
	{0x0B05, 0x1853}, {0x0E66, 0x0026}, {0x2001, 0x331A},
	{0x20F4, 0x809A}, {0x20F4, 0x809B}, {0x2357, 0x0106},
	{0x7392, 0xA833}, {0x7392, 0xA834},
};

/* Plug-in: the 3081 layer set straps, CR, EFUSE status and the CPU; the
 * 8814A's own parts follow. */
static void reset_8814a(struct vchip *vc)
{
	/* HPON LDO asleep until the card-enable flow wakes it: its
	 * CARDDIS->CARDEMU rows clear 0x23 bit 4 and its disable flow sets
	 * it again (rtw88 rtw8814a_table.c trans_carddis_to_cardemu_8814a,
	 * trans_cardemu_to_carddis_8814a) */
	vc->regs[0x23] = 0x10;
	/* 0x1D bit 0 (the CPU's platform clock) reads 1 from reset: rtw88
	 * mac.c wlan_cpu_enable clears and sets it around the download,
	 * while the vendor's download (rtl8814au
	 * hal/rtl8814a/rtl8814a_hal_init.c FirmwareDownload8814A) never
	 * writes it and still boots the CPU with 0x03 bit 2 alone. */
	vc->regs[0x1D] = 0x01;
	if (p8814a_of(vc)->u3_mode_kept)
		vc->regs[0x74] = 0x08;
	p8814a_phy_reset(vc);
}

static void mac_power_8814a(struct vchip *vc, bool on)
{
	struct p8814a_state *s = p8814a_of(vc);
	s->tx_stalled = false;
	s->llt_ready_ns = 0;
	s->llt_seen_ns = s->base.llt_done_ns;
	p8814a_phy_mac_power(vc, on);
}

/* The USB2 -> USB3 switch of the older USB block (rtw88 usb.c
 * rtw_usb_switch_mode_old, which rtw88 uses for the 8814A: usb.c
 * rtw_usb3_chip_old): with 0x74 [3:2] set to USB3 (0x08), writing bit 7
 * of 0x05 takes the chip off the bus and it comes back at SuperSpeed.
 * 0x74 keeps the mode across the re-enumeration, which is how rtw88
 * sees it already tried (it switches only while [3:2] != 2). The writes
 * rtw88 adds (0x70, 0x3E, 0x3D) are not what the model checks: no
 * reference says which of them the switch needs. */
static void write_8814a(struct vchip *vc, uint16_t addr, const uint8_t *data,
                        size_t len)
{
	struct p8814a_state *s = p8814a_of(vc);
	p3081_write(vc, addr, data, len);
	if (vc->unplugged || !p3081_in(addr, len, 0x05, 0x05) ||
	    !(vc->regs[0x05] & 0x80))
		return;
	vc->regs[0x05] &= (uint8_t)~0x80u;
	if ((vc->regs[0x74] & 0x0C) != 0x08 || s->base.usb3)
		return;
	s->u3_mode_kept = true;
	vc_drop_for_reenumeration(vc, 5000);
}

/* H2C packets (GENERAL_INFO, PHYDM_INFO, RA_INFO from rtw88 fw.c): the
 * running firmware takes them; nothing it does with them shows at the
 * USB interface the model serves. */
static void h2c_packet_8814a(struct vchip *vc, unsigned sub, const uint8_t *p,
                             size_t len)
{
	(void)vc;
	(void)sub;
	(void)p;
	(void)len;
}

static const struct p3081_chip chip_8814a = {
	/* SYS_CFG2 = 0x08: the 8814A's hardware id (the vendor halmac
	 * halmac_api.c enum chip_id_hw_def; OpenIPC devourer
	 * src/WiFiDriver.cpp read_chip_id routes on it) */
	.chip_id = 0x08,
	/* SYS_CFG1: cut [15:12] = 1 (B), read as is on this chip (rtw88
	 * main.c rtw_chip_parameter_setup has no 8814A adjustment; the
	 * vendor read_chip_version_8814a neither) — not the A-cut whose
	 * ADC clock workaround rtw88 runs (rtw8814a.c rtw8814a_adc_clk);
	 * RF_TYPE_ID (bit 27) set, MP chip (bit 23 clear), vendor [19:18]
	 * 0 = TSMC. Which cut shipping parts carry no reference says: the
	 * model's choice. */
	.sys_cfg1 = 0x08001000u,
	/* rtw88 rtw8814a.c rtw8814a_hw_spec phy_efuse_size,
	 * log_efuse_size, ptct_efuse_size */
	.efuse_phys = 1024,
	.efuse_log = 512,
	.efuse_ptct = 0,
	/* 2048 pages of 128 bytes (rtw88 rtw8814a.c txff_size counts
	 * 2048 - 10 for the host; the vendor rtl8814a_hal.h 2048 total) */
	.txbuf = 2048u * P3081_TX_PAGE,
	/* the image's IMEM load address 0x80000000 with bit 31 cleared
	 * (header 0x3C of rtw8814a_fw.bin; rtw88 mac.c
	 * start_download_firmware) */
	.ocp_imem = 0x00000000u,
	/* the hardware-feature report: up to 80 MHz, 3 streams, 4
	 * antennas, VHT (rtw88 rtw8814a.c rtw8814a_init_hwcap; vendor
	 * init_hal_spec_8814a) */
	.hw_bw = 7,
	.hw_nss = 3,
	.hw_ant = 4,
	.hw_proto = 3,
	.tx_nss = 3,
	/* the Jaguar1 checksum over the first 32 bytes (rtw88 rtw8814a.c
	 * rtw8814a_fill_txdesc_checksum) */
	.txd_checksum_all = false,
	.mac_table_is_llt = false, /* rtw88 rtw8814a_table.c rtw8814a_mac */
	.tables = &p8814a_tables,
	.bb_regs_on = p8814a_bb_regs_on,
	/* the Jaguar1 receive filter: RCR bits 11-13 pass data, control
	 * and management frames (the vendor rtl8814au hw_var_set_monitor
	 * sets them for monitor mode, so they drop no beacons) */
	.rcr_11_13_drop_beacons = false,
	/* rtw88 mac.c rtw_drv_info_cfg writes 0x115 [3:0] = 0xF on every
	 * 3081-CPU chip, the 8814A included; no reference says the
	 * 8814A's descriptor needs it, so the model does not */
	.drvinfo_needs_115 = false,
	.reset = reset_8814a,
	.mac_power = mac_power_8814a,
	.phy_read = p8814a_phy_read,
	.phy_written = p8814a_phy_written,
	.phy_status = p8814a_phy_status,
	.h2c_packet = h2c_packet_8814a,
	.tx_front_end = p8814a_tx_front_end,
	.tx_stalled = p8814a_tx_stalled,
};

const struct vchip_personality vchip_personality_8814a = {
	.name = "8814a",
	.description = "RTL8814AU (Jaguar1 BB 4T4R/3SS, 3081 firmware)",
	.usb_ids = ids_8814au,
	.n_usb_ids = sizeof ids_8814au / sizeof ids_8814au[0],
	/* rtw88 usb.c rtw_usb3_chip_old lists the 8814A */
	.usb3_capable = true,
	.state_size = sizeof(struct p8814a_state),
	.tx_page = P3081_TX_PAGE,
	/* below rtw88's reserved boundary, page 1986 (rtw88 mac.c
	 * rtw_set_trx_fifo_info with the 8814A's 52 reserved pages); the
	 * vendor's boundary 2038 gives more, and no driver overfills the
	 * smaller */
	.tx_pages = 1986,
	.tx_max_xfer = 20480,
	.rxff_bytes = 23552, /* rtw88 rtw8814a.c rxff_size */
	.rx_hdr_max = P3081_RX_DESC + P3081_PHYST,
	.rf_paths = P8814A_RF_PATHS,
	.rx_fading_chains = P8814A_RF_PATHS,
	.reset = p3081_reset,
	.boards = p8814a_boards,
	.efuse_build = p8814a_efuse_build,
	.mac_power = p3081_mac_power,
	.powered = p8814a_powered,
	.read8 = p3081_read8,
	.write = write_8814a,
	.rf_peek = p8814a_rf_peek,
	.iqk_peek = p8814a_iqk_peek,
	.txagc_peek = p8814a_txagc_peek,
	.tx_dma_on = p3081_tx_dma_on,
	.tx_ready = p3081_tx_ready,
	.tx_agg = p3081_tx_agg,
	.tx_decode = p8814a_tx_decode,
	.tx_radio = p8814a_tx_radio,
	.rx_ready = p3081_rx_ready,
	.rx_desense_db = p8814a_rx_desense_db,
	.rx_keeps_bad_fcs = vc_wmac_rx_keeps_bad_fcs,
	/* the Jaguar1 receive filter (RCR type bits 11-13, subtype maps,
	 * no multicast table needed): the vendor rtl8814au
	 * hw_var_set_monitor sets the 8812A's RCR bits and RXFLTMAP2 and
	 * nothing else for monitor mode */
	.rx_accept = vc_wmac_rx_accept,
	.rx_encode = p3081_rx_encode,
	.rx_agg_count = p3081_rx_agg_count,
	.layer = &chip_8814a,
};

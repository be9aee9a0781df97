/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821C personality (RTL8821CU, RTL8811CU): USB identity, the
 * constants the 3081-CPU layer (personality_3081.h) runs it by, the state
 * of its own that plug-in and MAC power reset, and the table the model
 * core calls it through. The register file, power domains, MAC, firmware
 * path, EFUSE port and descriptors are the layer's; its EFUSE contents,
 * firmware answers, BB/RF, thermal meter, antenna switch and PHY status
 * live in personality_8821c_{efuse,fw,phy,thermal,coex,rx}.c.
 *
 * What sets it apart from the RTL8822C on the same layer: one RF path,
 * USB 2 only (no pad to switch, rtw88 usb.c rtw_usb3_chip_new), a 64 KiB
 * TX buffer and a 16 KiB RX FIFO, a MAC register table, RF written
 * through the SI port and read through the 0x2800 window, the Jaguar2
 * TX-descriptor checksum over 32 bytes, the Jaguar2 PHY status, RCR
 * bits 11-13 that drop other networks' beacons, the RX descriptor that
 * hides the PHY status length until 0x115 is fixed, and an antenna it
 * shares with Bluetooth.
 */
#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8821c.h"

/* The RTL8821CU / RTL8811CU ids of rtw88 rtw8821cu.c rtw_8821cu_id_table
 * and of the Realtek vendor driver (morrownr/8821cu-20210916
 * os_dep/linux/usb_intf.c, CONFIG_RTL8821C), which lists the same ones
 * but 2c4e:0105. The first is the default identity: 0bda:c820, the
 * RTL8821CU with Bluetooth the default board is. 0bda:c811 is the
 * COMFAST CF-811AC (an RTL8811CU), whose chip id OpenIPC devourer
 * src/WiFiDriver.cpp read as 0x09. */
static const struct vchip_usb_id ids_8821cu[] = {
	{0x0BDA, 0xC820}, {0x0BDA, 0x2006}, {0x0BDA, 0x8731},
	{0x0BDA, 0x8811}, {0x0BDA, 0xB820}, {0x0BDA, 0xB82B},
	{0x0BDA, 0xC80C}, {0x0BDA, 0xC811}, {0x0BDA, 0xC821},
	{0x0BDA, 0xC82A}, {0x0BDA, 0xC82B}, {0x2001, 0x331D},
	{0x2C4E, 0x0105}, {0x7392, 0xC811}, {0x7392, 0xD811},
};

/* At plug-in (and after a re-enumeration; the layer clears the RF
 * registers): no calibration in flight. */
static void reset(struct vchip *vc)
{
	struct p8821c_state *s = p8821c_of(vc);
	s->iqk_pending = false;
}

/* Either way of a MAC power change no calibration is in flight, and the
 * MAC block comes back with its reset values, among them 0x115 (the RX
 * descriptor's length fix, rtw88 mac.c rtw_drv_info_cfg writes it on
 * every power-on). */
static void mac_power(struct vchip *vc, bool on)
{
	struct p8821c_state *s = p8821c_of(vc);
	(void)on;
	s->iqk_pending = false;
	vc->regs[P3081_RX_DESC_LEN_FIX] = 0;
}

static const struct p3081_chip chip_8821c = {
	/* SYS_CFG2 byte, OpenIPC devourer src/WiFiDriver.cpp read_chip_id */
	.chip_id = 0x09,
	/* SYS_CFG1: cut in [15:12] used as is (rtw88 main.c
	 * rtw_chip_parameter_setup): B (1), the cut the repository's
	 * end-state tables assume and the one vendor-driver logs of retail
	 * parts name ("CHIP_8821C_Normal_Chip_UMC_B_CUT_1T1R"); fab
	 * [19:16] >> 2 = 2, UMC, as those logs say (OpenIPC devourer
	 * src/jaguar2/HalJaguar2.cpp read_chip_version); RF_TYPE_ID bit 27
	 * clear = 1T1R; RTL_ID bit 23 clear (MP chip). */
	.sys_cfg1 = 0x00081000u,
	/* rtw88 rtw8821c.c hw_spec phy_efuse_size, log_efuse_size,
	 * ptct_efuse_size */
	.efuse_phys = 512,
	.efuse_log = 512,
	.efuse_ptct = 96,
	/* TX packet buffer: 512 pages x 128 B (rtw8821c.c txff_size) */
	.txbuf = 0x10000,
	/* the load address of rtw8821c_fw.bin's IMEM segment (bit 31
	 * cleared; rtw88 mac.h OCPBASE_IMEM_88XX) */
	.ocp_imem = 0x00030000u,
	/* up to 80 MHz, one stream, one antenna, VHT */
	.hw_bw = 7,
	.hw_nss = 1,
	.hw_ant = 1,
	.hw_proto = 3,
	.tx_nss = 1,                /* 1T1R */
	/* rtw88 rtw8821c.c rtw8821c_fill_txdesc_checksum: 16 words */
	.txd_checksum_all = false,
	/* its MAC set-up is a register table (rtw88 rtw8821c_mac) */
	.mac_table_is_llt = false,
	.tables = &p8821c_tables,
	.rcr_11_13_drop_beacons = true,
	.drvinfo_needs_115 = true,
	.reset = reset,
	.mac_power = mac_power,
	.phy_read = p8821c_phy_read,
	.phy_written = p8821c_phy_written,
	.phy_status = p8821c_phy_status,
	.h2c_packet = p8821c_h2c_packet,
	/* a frame reaches the air, and the air the MAC, only while WLAN
	 * has the antenna it shares with Bluetooth */
	.wlan_has_antenna = p8821c_wlan_has_antenna,
};

const struct vchip_personality vchip_personality_8821c = {
	P3081_PERSONALITY_OPS,
	.name = "8821c",
	.description = "RTL8821CU / RTL8811CU (Jaguar2, 3081 firmware)",
	.usb_ids = ids_8821cu,
	.n_usb_ids = sizeof ids_8821cu / sizeof ids_8821cu[0],
	.usb3_capable = false,
	.state_size = sizeof(struct p8821c_state),
	/* TX FIFO of 512 pages of 128 bytes, of which the reserved pages
	 * above the boundary 460 (rtw88 mac.c rtw_set_trx_fifo_info with
	 * rtw8821c.c rsvd_drv_pg_num 8) are not the host's */
	.tx_pages = 460,
	.rxff_bytes = 16384,       /* rtw8821c.c hw_spec rxff_size */
	.rf_paths = 1,
	.boards = p8821c_boards,
	.efuse_build = p8821c_efuse_build,
	.rf_peek = p8821c_rf_peek,
	.antenna_peek = p8821c_antenna,
	.layer = &chip_8821c,
};

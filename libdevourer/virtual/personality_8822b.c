/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822B personality: USB identity, the constants the 3081-CPU layer
 * (personality_3081.h) runs it by, the state of its own that plug-in and
 * MAC power reset, and the table the model core calls it through. The
 * register file, power domains, USB3 switch, MAC, firmware path, EFUSE
 * port and descriptors are the layer's; its EFUSE contents, firmware
 * answers, BB/RF and PHY status live in personality_8822b_{efuse,fw,phy,
 * thermal,rx}.c.
 */
#include "libdevourer/virtual/personality_8822b.h"

/* Every id rtw88 rtw8822bu.c rtw_8822bu_id_table lists, in its order (the
 * first, 0bda:b812, is the default identity), then the one only the
 * vendor driver adds (rtl88x2bu os_dep/linux/usb_intf.c: 2357:0126). Two
 * are shared: 13b1:0043 is in rtw88's 8822CU table too, 2357:0115 in the
 * RTL8812AU table of the aircrack-ng rtl8812au vendor driver. A lookup by
 * id (vchip_personality_by_usb_id) answers with the personality listed
 * first in vchip_personalities.c, so those two stay the 8822C's and the
 * 8812A's; chip=8822b with pid= presents an RTL8822BU under either. A driver tells the dies apart by
 * the chip id at 0xFC, as OpenIPC devourer src/WiFiDriver.cpp does. */
static const struct vchip_usb_id ids_8822bu[] = {
	{0x0BDA, 0xB812}, {0x0BDA, 0xB82C}, {0x0BDA, 0x2102},
	{0x7392, 0xB822}, {0x7392, 0xC822}, {0x7392, 0xD822},
	{0x7392, 0xE822}, {0x7392, 0xF822}, {0x0BDA, 0xB81A},
	{0x0B05, 0x1841}, {0x0B05, 0x184C}, {0x0B05, 0x19AA},
	{0x0B05, 0x1870}, {0x0B05, 0x1874}, {0x2001, 0x331E},
	{0x2001, 0x331C}, {0x2001, 0x331F}, {0x13B1, 0x0043},
	{0x13B1, 0x0045}, {0x2357, 0x012D}, {0x2357, 0x0138},
	{0x2357, 0x0115}, {0x2357, 0x012E}, {0x2357, 0x0116},
	{0x2357, 0x0117}, {0x0846, 0x9055}, {0x0E66, 0x0025},
	{0x04CA, 0x8602}, {0x20F4, 0x808A}, {0x20F4, 0x805A},
	{0x056E, 0x4011}, {0x2C4E, 0x0107}, {0x2C4E, 0x010A},
	{0x2001, 0x3322}, {0x0411, 0x03D1}, {0x0411, 0x03D0},
	{0x2357, 0x0126},
};

static const struct p3081_chip chip_8822b = {
	/* SYS_CFG2 byte, OpenIPC devourer src/WiFiDriver.cpp read_chip_id */
	.chip_id = 0x0A,
	/* SYS_CFG1: cut in [15:12] used as is (rtw88 main.c
	 * rtw_chip_parameter_setup) = 2, C-cut, the cut production
	 * RTL8822BU parts carry (OpenIPC devourer src/jaguar2/HalJaguar2.cpp,
	 * at its 8822B power table); RF_TYPE_ID bit 27 = 2T2R; RTL_ID bit 23
	 * clear (MP chip); fab [19:16] 0 = TSMC. */
	.sys_cfg1 = 0x08002000u,
	/* rtw88 rtw8822b.c hw_spec phy_efuse_size, log_efuse_size,
	 * ptct_efuse_size */
	.efuse_phys = 1024,
	.efuse_log = 768,
	.efuse_ptct = 96,
	/* TX packet buffer: 2048 pages x 128 B (rtw8822b.c txff_size) */
	.txbuf = 0x40000,
	/* Where the DDMA can fill the CPU's memories: the load addresses of
	 * the 8822B image's segments with bit 31 cleared (rtw88 mac.c
	 * start_download_firmware). Its IMEM sits at 0 (header 0x3C:
	 * 0x80000000), not at the 0x30000 of the later chips (rtw88 mac.h
	 * OCPBASE_IMEM_88XX). */
	.ocp_imem = 0x00000000u,
	/* up to 80 MHz, two streams, two antennas, VHT */
	.hw_bw = 7,
	.hw_nss = 2,
	.hw_ant = 2,
	.hw_proto = 3,
	.tx_nss = 2,                /* 2T2R */
	/* the TX DMA checks the first 32 bytes (rtw88 rtw8822b.c
	 * rtw8822b_fill_txdesc_checksum; OpenIPC devourer
	 * src/jaguar2/FrameParserJaguar2.h: with a 48-byte span every frame
	 * was dropped) */
	.txd_checksum_all = false,
	/* it has a MAC table (rtw88 rtw8822b_table.c rtw8822b_mac) */
	.mac_table_is_llt = false,
	.tables = &p8822b_tables,
	/* OpenIPC devourer src/jaguar2/HalJaguar2.cpp enable_rx */
	.rcr_11_13_drop_beacons = true,
	/* nothing of its own to reset: the layer clears the RF registers,
	 * and the RF table sets every one a driver reads back afterwards
	 * (rtw88 rtw8822b_table.c rtw8822b_rf_a/_b: 0x00, 0x08, 0x18, 0x33,
	 * 0xC9, ...); the thermal meter's field reads 0 until its first
	 * measurement */
	.reset = NULL,
	.phy_read = p8822b_phy_read,
	.phy_written = p8822b_phy_written,
	.phy_status = p8822b_phy_status,
	.h2c_packet = p8822b_h2c_packet,
};

const struct vchip_personality vchip_personality_8822b = {
	P3081_PERSONALITY_OPS,
	.name = "8822b",
	.description = "RTL8822BU / RTL8812BU (Jaguar2, 3081 firmware)",
	.usb_ids = ids_8822bu,
	.n_usb_ids = sizeof ids_8822bu / sizeof ids_8822bu[0],
	/* rtw88 usb.c rtw_usb3_chip_new lists the 8822B */
	.usb3_capable = true,
	.state_size = sizeof(struct p8822b_state),
	/* TX FIFO of 2048 pages of 128 bytes (rtw88 main.h
	 * TX_PAGE_SIZE_SHIFT; rtw8822b.c txff_size 256 KiB). The host's
	 * share is what lies below the reserved boundary the driver sets:
	 * 1996 with rtw88's reserved pages, 1938 with the vendor HalMAC's
	 * (OpenIPC devourer HalmacJaguar2MacInit.cpp); the model takes the
	 * smaller, which no driver overfills. */
	.tx_pages = 1938,
	.rxff_bytes = 24576,       /* rtw8822b.c hw_spec rxff_size */
	.rf_paths = 2,
	.boards = p8822b_boards,
	.efuse_build = p8822b_efuse_build,
	.rf_peek = p3081_rf_peek,
	.layer = &chip_8822b,
};

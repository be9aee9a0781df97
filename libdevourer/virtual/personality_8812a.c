/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8812AU personality: its identity (SYS_CFG, chip id, USB ids), its
 * two RF paths, and the table the model core calls it through. Its EFUSE
 * map is in personality_8812a_efuse.c and its table sentinels in
 * personality_8812a_tables.c; everything else it shares with the other
 * Jaguar1 chips (personality_jaguar1*.c).
 *
 * Power domains: the system block (0x000-0x0FF) and the USB block
 * (0xF000-0xFFFF) are always on. The MAC (0x100-0x7FF, 0x1000-0xEFFF) and
 * BB (0x800-0xFFF) blocks read 0xEA and drop writes while the MAC is off,
 * the way the chip answers for an unpowered block (rtw88 mac.c
 * rtw_mac_power_switch reads REG_CR = 0xEA as "off"). BB registers in
 * addition drop writes while the BB is held in reset (0x02 bits 0/1 clear,
 * rtw88 rtw88xxa.c rtw88xxa_power_on enables them before the BB table).
 * Caller holds vc->lock everywhere in this file.
 */
#include "libdevourer/virtual/personality_8812a.h"

/* Every VID:PID an RTL8812AU ships under (rtw88 rtw8812au.c
 * rtw_8812au_id_table, plus 2357:0115 from the vendor driver
 * aircrack-ng/rtl8812au os_dep/linux/usb_intf.c rtw_usb_id_tbl). The
 * first is the chip's default identity. */
static const struct vchip_usb_id ids_8812a[] = {
	{0x0BDA, 0x8812}, {0x0BDA, 0x881A}, {0x0BDA, 0x881B},
	{0x0BDA, 0x881C}, {0x0409, 0x0408}, {0x0411, 0x025D},
	{0x04BB, 0x0952}, {0x050D, 0x1106}, {0x050D, 0x1109},
	{0x0586, 0x3426}, {0x0789, 0x016E}, {0x07B8, 0x8812},
	{0x0846, 0x9051}, {0x0B05, 0x17D2}, {0x0DF6, 0x0074},
	{0x0E66, 0x0022}, {0x1058, 0x0632}, {0x13B1, 0x003F},
	{0x148F, 0x9097}, {0x1740, 0x0100}, {0x2001, 0x330E},
	{0x2001, 0x3313}, {0x2001, 0x3315}, {0x2001, 0x3316},
	{0x2019, 0xAB30}, {0x20F4, 0x805B}, {0x2357, 0x0101},
	{0x2357, 0x0103}, {0x2357, 0x010D}, {0x2357, 0x010E},
	{0x2357, 0x010F}, {0x2357, 0x0122}, {0x2357, 0x0115},
	{0x2604, 0x0012}, {0x7392, 0xA822},
};

/* rtw88 rtw8812a.c rtw8812a_cck_rx_pwr: every LNA index is reported */
bool p8812a_cck_rx_pwr(unsigned lna, unsigned vga, int *dbm)
{
	int v = (int)vga;
	switch (lna) {
	case 7: *dbm = v <= 27 ? -94 + 2 * (27 - v) : -94; break;
	case 6: *dbm = -42 + 2 * (2 - v); break;
	case 5: *dbm = -36 + 2 * (7 - v); break;
	case 4: *dbm = -30 + 2 * (7 - v); break;
	case 3: *dbm = -18 + 2 * (7 - v); break;
	case 2: *dbm = 2 * (5 - v); break;
	case 1: *dbm = 14 - 2 * v; break;
	default: *dbm = 20 - 2 * v; break;
	}
	return true;
}

static const struct pjaguar1_chip chip_8812a = {
	.sys_cfg = P8812A_SYS_CFG,
	/* OpenIPC devourer src/WiFiDriver.cpp: 0x04 = RTL8812A */
	.chip_id = 0x04,
	.bt_func = false,
	.hpon_ldo_sleeps = true,
	.rf_paths = 2,
	.max_nss = 2,
	.efuse_map = p8812a_efuse_map,
	.tables = &p8812a_tables,
	.cck_rx_pwr = p8812a_cck_rx_pwr,
	.wlan_has_antenna = NULL,
};

const struct vchip_personality vchip_personality_8812a = {
	.name = "8812a",
	.description = "RTL8812AU (Jaguar1, 8051 firmware, 2T2R, USB3)",
	.usb_ids = ids_8812a,
	.n_usb_ids = sizeof ids_8812a / sizeof ids_8812a[0],
	.usb3_capable = true,
	/* TX FIFO: 256 pages of 512 bytes minus 9 reserved (rtw88
	 * rtw8812a.c page_table / txff_size) */
	.tx_page = 512,
	.tx_pages = 247,
	/* largest bulk OUT (rtw88 usb.h RTW_USB_MAX_XMITBUF_SZ) */
	.tx_max_xfer = 20480,
	/* RX FIFO 16128 bytes (rtw88 rtw8812a.c rxff_size) minus the
	 * 128-byte report buffer (rtw88 rtw88xxa.c rtw88xxa_power_on) */
	.rxff_bytes = 16000,
	.rf_paths = 2,
	.boards = p8812a_boards,
	PJAGUAR1_PERSONALITY_ENGINES,
	.layer = &chip_8812a,
};

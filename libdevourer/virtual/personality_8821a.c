/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8821AU personality: a Jaguar1 WLAN/BT combo die with one RF path
 * (1T1R, path A; path B's LSSI port goes nowhere), USB 2 only. Its
 * identity (SYS_CFG, chip id, BT function, USB ids, CCK power formula) is
 * here, its EFUSE map in personality_8821a_efuse.c, its table sentinels in
 * personality_8821a_tables.c and the antenna it shares with BT in
 * personality_8821a_coex.c; firmware download and boot, EFUSE port, BB/RF,
 * IQK, thermal meter and descriptors are the Jaguar1 layer's
 * (personality_jaguar1*.c), the same engines as the RTL8812AU's.
 */
#include "libdevourer/virtual/personality_8821a.h"

/*
 * SYS_CFG of an RTL8821AU. The low byte reads 0x35 as on an RTL8812AU
 * (OpenIPC devourer src/jaguar1/EepromManager.cpp reports an 8821AU's
 * "8812-shaped" SYS_CFG); what sets the two apart is elsewhere (chip id,
 * BT function). CHIP_VER [15:12] = 1, which the RTL8821A reads raw (no +1
 * as on the 8812A, rtw88 rtw88xxa.c rtw88xxa_read_efuse): B-cut. BT_FUNC
 * (bit 16) set: the die has its Bluetooth half (the vendor driver
 * aircrack-ng/rtl8812au include/hal_com_reg.h). Vendor [19:18] = 0 TSMC,
 * MP chip (bit 23 clear), RF_TYPE_ID (bit 27) clear as on the 8812A
 * model: rtw88's generic reading of it then gives 1T1R, which rtw88 keeps
 * for this chip (rtw88 main.c rtw_chip_parameter_setup).
 */
#define SYS_CFG_8821A 0x00011035u

/* Every VID:PID the RTL8821A HAL takes (rtw88 rtw8821au.c
 * rtw_8821au_id_table; the same set in the vendor driver
 * aircrack-ng/rtl8812au os_dep/linux/usb_intf.c rtw_usb_id_tbl). The
 * first is the chip's default identity: the TP-Link Archer T2U Plus. */
static const struct vchip_usb_id ids_8821a[] = {
	{0x2357, 0x0120}, {0x0BDA, 0x0811}, {0x0BDA, 0x0820},
	{0x0BDA, 0x0821}, {0x0BDA, 0x8822}, {0x0BDA, 0x0823},
	{0x0BDA, 0xA811}, {0x0411, 0x0242}, {0x0411, 0x029B},
	{0x04BB, 0x0953}, {0x056E, 0x4007}, {0x056E, 0x400E},
	{0x056E, 0x400F}, {0x0846, 0x9052}, {0x0E66, 0x0023},
	{0x2001, 0x3314}, {0x2001, 0x3318}, {0x2019, 0xAB32},
	{0x20F4, 0x804B}, {0x2357, 0x011E}, {0x2357, 0x011F},
	{0x3823, 0x6249}, {0x7392, 0xA811}, {0x7392, 0xA812},
	{0x7392, 0xA813}, {0x7392, 0xB611},
};

/* rtw88 rtw8821a.c rtw8821a_cck_rx_pwr: LNA gain by index, 2 dB per VGA
 * step; indices 3, 6 and 7 have no gain there, and the model's CCK
 * reports never use them */
static bool cck_rx_pwr(unsigned lna, unsigned vga, int *dbm)
{
	static const int8_t gain[6] = {15, -1, -17, 0, -30, -38};
	if (lna > 5 || lna == 3)
		return false;
	*dbm = gain[lna] - 2 * (int)vga;
	return true;
}

static const struct pjaguar1_chip chip_8821a = {
	.sys_cfg = SYS_CFG_8821A,
	/* OpenIPC devourer src/WiFiDriver.cpp: 0xFC 0x05 = RTL8821A */
	.chip_id = 0x05,
	.bt_func = true,
	.bt_on_board = p8821a_bt_on_board,
	.hpon_ldo_sleeps = false,
	.rf_paths = 1,
	.max_nss = 1,
	.efuse_map = p8821a_efuse_map,
	.tables = &p8821a_tables,
	.cck_rx_pwr = cck_rx_pwr,
	.wlan_has_antenna = p8821a_wlan_has_antenna,
};

const struct vchip_personality vchip_personality_8821a = {
	.name = "8821a",
	.description = "RTL8821AU (Jaguar1, 8051 firmware, 1T1R + BT, USB2)",
	.usb_ids = ids_8821a,
	.n_usb_ids = sizeof ids_8821a / sizeof ids_8821a[0],
	.usb3_capable = false,
	/* TX FIFO: 64 KiB in 256 pages of 256 bytes, 247 for the host
	 * (rtw88 rtw8821a.c txff_size, page_size, page_table_8821a) */
	.tx_page = 256,
	.tx_pages = 247,
	/* largest bulk OUT (rtw88 usb.h RTW_USB_MAX_XMITBUF_SZ) */
	.tx_max_xfer = 20480,
	/* RX FIFO 16128 bytes (rtw88 rtw8821a.c rxff_size) minus the
	 * 128-byte report buffer (rtw88 rtw88xxa.c rtw88xxa_power_on) */
	.rxff_bytes = 16000,
	.rf_paths = 1,
	.boards = p8821a_boards,
	.antenna_peek = p8821a_antenna,
	PJAGUAR1_PERSONALITY_ENGINES,
	.layer = &chip_8821a,
};

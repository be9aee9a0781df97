/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8811AU personality as the one-path bonding of the RTL8812A die:
 * the 8812A's engines, tables and calibration boards with only RF path A
 * bonded out (path B's LSSI port goes nowhere and no second chain hears
 * the air), one spatial stream, USB 2 only. OpenIPC devourer
 * (src/jaguar1/EepromManager.cpp is_rtl8821a_pid, src/jaguar1/CLAUDE.md)
 * drives the 8811AU this way; rtw88 and the vendor driver send its ids to
 * their 8821A code instead, which is the other die the same ids may carry
 * (personality 8821a).
 *
 * What marks the bonding, as a driver can read it:
 *  - the antenna count 1 in the factory bytes past the EFUSE map
 *    (physical byte 1019 bits [7:5]; rtw88 rtw88xxa.c
 *    rtw88xxa_read_usb_type takes 1 as a 1T1R board);
 *  - SYS_CFG bit 27 (RF_TYPE_ID) set, as OpenIPC devourer reads it on
 *    1T1R 8812/8811 parts (EepromManager.cpp read_chip_version_8812a);
 *  - the chip id at 0xFC stays the 8812A's (0x04).
 * Caller holds vc->lock everywhere in this file.
 */
#include "libdevourer/virtual/personality_8812a.h"

/* rtw88 rtw8821au.c rtw_8821au_id_table lists these for its "8811au";
 * OpenIPC devourer routes them to the 8812A die. The first is the
 * default identity. */
static const struct vchip_usb_id ids_8811a[] = {
	{0x0BDA, 0x0811}, {0x0BDA, 0xA811},
};

/* The antenna count 1 in bits [7:5] of byte 1019 (the other bits left
 * unprogrammed). */
static void efuse_marks(struct vchip *vc, uint8_t *phys)
{
	(void)vc;
	phys[1019] = 0x3F;
}

static const struct pjaguar1_chip chip_8811a = {
	.sys_cfg = P8812A_SYS_CFG | (1u << 27),
	.chip_id = 0x04,
	.bt_func = false,
	.hpon_ldo_sleeps = true,
	.rf_paths = 1,
	.max_nss = 1,
	.efuse_map = p8812a_efuse_map,
	.efuse_marks = efuse_marks,
	.tables = &p8812a_tables,
	.cck_rx_pwr = p8812a_cck_rx_pwr,
	.wlan_has_antenna = NULL,
};

const struct vchip_personality vchip_personality_8811a = {
	.name = "8811a",
	.description = "RTL8811AU (the RTL8812A die bonded 1T1R, 8051 "
	               "firmware, USB2)",
	.usb_ids = ids_8811a,
	.n_usb_ids = sizeof ids_8811a / sizeof ids_8811a[0],
	.usb3_capable = false,
	/* the 8812A die's FIFOs (personality_8812a.c) */
	.tx_page = 512,
	.tx_pages = 247,
	.tx_max_xfer = 20480,
	.rxff_bytes = 16000,
	.rf_paths = 1,
	.boards = p8812a_boards,
	PJAGUAR1_PERSONALITY_ENGINES,
	.layer = &chip_8811a,
};

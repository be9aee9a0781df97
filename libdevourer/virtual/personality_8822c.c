/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C personality: USB identity, the constants the 3081-CPU layer
 * (personality_3081.h) runs it by, the state of its own that plug-in and
 * MAC power reset, and the table the model core calls it through. The
 * register file, power domains, USB3 switch, MAC, firmware path, EFUSE
 * port and descriptors are the layer's; its EFUSE contents, firmware
 * answers, BB/RF and PHY status live in personality_8822c_{efuse,fw,phy,
 * thermal,rx}.c.
 */
#include "libdevourer/virtual/personality_8822c.h"

/* rtw88 rtw8822cu.c rtw_8822cu_id_table; the first is the default
 * identity. 13b1:0043 is listed for the 8822BU too. */
static const struct vchip_usb_id ids_8822cu[] = {
	{0x0BDA, 0xC812}, {0x0BDA, 0xC82C}, {0x0BDA, 0xC82E},
	{0x0BDA, 0xD820}, {0x0BDA, 0xD82B}, {0x13B1, 0x0043},
	{0x2001, 0x3329},
};

/* At plug-in (and after a re-enumeration; the layer clears the RF
 * registers): the X2 calibration as the board leaves it, the primary
 * sub-channel unset. */
static void reset(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	s->x2k_busy = s->x2k_stuck;
	s->primary_sc = 0;
	s->adc_noise = vc->rng_state ^ 0xADC0ADC0ADC0ADC0ull;
}

static const struct p3081_chip chip_8822c = {
	/* SYS_CFG2 byte, OpenIPC devourer read_chip_id */
	.chip_id = 0x13,
	/* SYS_CFG1: cut in [15:12] used as is (rtw88 main.c
	 * rtw_chip_parameter_setup), RF_TYPE_ID bit 27 = 2T2R, RTL_ID bit
	 * 23 clear (MP chip), fab [19:16] 0 = TSMC. Which cut retail
	 * RTL8812CU parts carry no reference states; the model says C-cut
	 * (2). */
	.sys_cfg1 = 0x08002000u,
	/* rtw88 rtw8822c.c hw_spec phy_efuse_size, log_efuse_size,
	 * ptct_efuse_size */
	.efuse_phys = 512,
	.efuse_log = 768,
	.efuse_ptct = 124,
	/* TX packet buffer: 2048 pages x 128 B (rtw8822c.c txff_size) */
	.txbuf = 0x40000,
	/* the load address of rtw8822c_fw.bin's IMEM segment (bit 31
	 * cleared; rtw88 mac.h OCPBASE_IMEM_88XX) */
	.ocp_imem = 0x00030000u,
	/* up to 80 MHz, two streams, two antennas, VHT */
	.hw_bw = 7,
	.hw_nss = 2,
	.hw_ant = 2,
	.hw_proto = 3,
	.tx_nss = 2,                /* 2T2R */
	/* rtw88 rtw8822c.c rtw8822c_fill_txdesc_checksum */
	.txd_checksum_all = true,
	/* rtw88 rtw8822c_mac is empty */
	.mac_table_is_llt = true,
	.tables = &p8822c_tables,
	.reset = reset,
	.phy_read = p8822c_phy_read,
	.phy_written = p8822c_phy_written,
	.phy_status = p8822c_phy_status,
	.h2c_command = p8822c_h2c_command,
	.h2c_packet = p8822c_h2c_packet,
};

const struct vchip_personality vchip_personality_8822c = {
	P3081_PERSONALITY_OPS,
	.name = "8822c",
	.description = "RTL8822CU / RTL8812CU (Jaguar3, 3081 firmware)",
	.usb_ids = ids_8822cu,
	.n_usb_ids = sizeof ids_8822cu / sizeof ids_8822cu[0],
	.usb3_capable = true,
	.state_size = sizeof(struct p8822c_state),
	/* TX FIFO of 2048 pages of 128 bytes (rtw88 main.h
	 * TX_PAGE_SIZE_SHIFT; rtw8822c.c txff_size 256 KiB), of which the
	 * reserved pages above the boundary 1938 are not the host's */
	.tx_pages = 1938,
	.rxff_bytes = 24576,       /* rtw8822c.c hw_spec rxff_size */
	.rf_paths = 2,
	.boards = p8822c_boards,
	.efuse_build = p8822c_efuse_build,
	.rf_peek = p3081_rf_peek,
	.layer = &chip_8822c,
};

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822B chip data and ops against a fake register file
 * (fake_8822b.h): ids and chip data, the probe against other dies,
 * identify from a synthetic EFUSE (RFE option rules included), power-on
 * through the generated sequence, MAC init and monitor filter, RF access
 * (the LSSI word), channel on both bands at 20/40/80 MHz (BB, MAC, RF,
 * DFIR, CCA and RFE pins per front end), TX power registers, the TX
 * descriptor's limits and checksum span, the CCK power hook, the USB3
 * switch's extra step. Expected values are worked out from the rtw88
 * sources named in the comments.
 */
#include "../check.h"
#include "fake_8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

extern const struct dvr_chip_info rtl8822c_info;

#define MCS(n) (DVR_DESC_RATE_HT_FIRST + (n))

static bool lists(const struct dvr_chip_info *ci, uint16_t vid, uint16_t pid)
{
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		if (ci->usb_ids[i].vid == vid && ci->usb_ids[i].pid == pid)
			return true;
	return false;
}

static void chip_data(void)
{
	const struct dvr_chip_info *ci = &rtl8822b_info;
	const struct halmac_data *d = ci->generation_data;

	CHECK(strstr(ci->name, "RTL8822BU") && strstr(ci->name, "RTL8812BU"),
	      "one info names both bondings");
	CHECK(!strcmp(ci->fw_file, "rtw8822b_fw.bin"), "firmware file");
	CHECK_EQ_INT(ci->n_usb_ids, 36, "every rtw88 8822BU id");
	CHECK(lists(ci, 0x2357, 0x012d), "TP-Link Archer T3U 2357:012d");
	CHECK(lists(ci, 0x0bda, 0xb812) && lists(ci, 0x0bda, 0xb82c) &&
	      lists(ci, 0x0bda, 0x2102) && lists(ci, 0x0bda, 0xb81a),
	      "Realtek ids");
	CHECK(lists(ci, 0x7392, 0xb822) && lists(ci, 0x0b05, 0x1841) &&
	      lists(ci, 0x2001, 0x3322) && lists(ci, 0x13b1, 0x0045) &&
	      lists(ci, 0x0846, 0x9055) && lists(ci, 0x0e66, 0x0025) &&
	      lists(ci, 0x04ca, 0x8602) && lists(ci, 0x20f4, 0x805a) &&
	      lists(ci, 0x056e, 0x4011) && lists(ci, 0x2c4e, 0x010a) &&
	      lists(ci, 0x0411, 0x03d0), "vendor ids (Edimax .. Buffalo)");
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		for (size_t j = i + 1; j < ci->n_usb_ids; j++)
			if (ci->usb_ids[i].vid == ci->usb_ids[j].vid &&
			    ci->usb_ids[i].pid == ci->usb_ids[j].pid)
				CHECK(false, "an id listed twice");
	/* 13b1:0043 is the RTL8822CU's first: its probe passes it on. */
	CHECK(dvr_hal_find_chip(0x2357, 0x012d) == &rtl8822b_info,
	      "registry finds the 8822B for 2357:012d");
	CHECK(dvr_hal_find_chip(0x13b1, 0x0043) == &rtl8822c_info &&
	      lists(ci, 0x13b1, 0x0043), "13b1:0043 listed by both dies");
	bool registered = false;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		registered |= *c == ci;
	CHECK(registered, "registered");

	CHECK(ci->tx_desc_len == 48 && ci->rx_desc_len == 24 &&
	      ci->phy_status_len == 32, "48/24-byte descriptors, 32-byte "
	      "PHY status");
	CHECK(ci->rf_paths == 2 && ci->max_nss == 2 && ci->max_bw_mhz == 80 &&
	      ci->has_5ghz && ci->tx_stbc && ci->tx_ldpc,
	      "2T2R, 80 MHz, 5 GHz, STBC/LDPC");
	CHECK(ci->tx_power_min == 0 && ci->tx_power_max == 63 &&
	      ci->tx_power_step_mbm == 50, "6-bit index, 0.5 dB steps");
	CHECK_EQ_INT(ci->efuse_log_size, 768, "768-byte logical EFUSE");
	CHECK(ci->fw_kind == DVR_FW_3081_DDMA && ci->fw_3081 &&
	      ci->fw_3081->cfg.signature == 0x8822 && ci->fw_3081->cfg.ltecoex,
	      "3081 firmware, signature 0x8822, LTE-coex kept");
	CHECK(ci->pwr_on_flow == rtl8822b_card_enable_flow &&
	      ci->pwr_off_flow == rtl8822b_card_disable_flow, "power flows");
	const struct dvr_chip_ops *o = ci->ops;
	CHECK(o->probe == halmac_probe_chip_id &&
	      o->usb_mode_switch == halmac_usb3_switch && o->identify &&
	      o->power_on && o->download_firmware && o->mac_init &&
	      o->phy_init && o->set_monitor && o->set_carrier_sense &&
	      o->set_channel && o->calibrate && o->track && o->set_tx_power &&
	      o->calibrated_tx_power && o->wait_tx_idle && o->power_off &&
	      o->tx_out_index && o->build_tx_desc && o->check_tx_vector &&
	      o->parse_rx_pkt == jaguar2_parse_rx_pkt, "every op present");
	const struct jaguar2_data *j2 = ci->family_data;
	CHECK(j2 && j2->cck_rx_power == rtl8822b_cck_rx_power,
	      "jaguar2 family data: the CCK hook");

	/* generation data */
	CHECK_EQ_HEX(d->chip_id, 0x0A, "chip id 0x0A");
	CHECK_EQ_HEX(d->sys_func_en, 0xDC, "SYS_FUNC_EN 0xDC (rtw88)");
	CHECK_EQ_INT(d->csi_pages, 0, "no CSI pages (rtw88)");
	CHECK_EQ_HEX(d->rcr_monitor & 0x3800, 0, "monitor RCR bits 11-13 "
	             "clear");
	CHECK_EQ_HEX(d->rcr_monitor, 0xF000002F, "monitor RCR");
	CHECK(!d->txdesc_csum_full, "descriptor checksum over 32 bytes");
	CHECK(d->efuse.phys_size == 1024 && d->efuse.protected_size == 96 &&
	      d->efuse.ldo25_reg == 0x37 && d->efuse.ldo25_bit == 0x80 &&
	      d->efuse.mac_addr == 0x107 && d->efuse.xtal_mask == 0x3F &&
	      d->efuse.usb3_mode_byte, "EFUSE geometry and fields");
	CHECK(d->rf.window[0] == 0x2800 && d->rf.window[1] == 0x2C00 &&
	      d->rf.lssi[0] == 0xC90 && d->rf.lssi[1] == 0xE90 &&
	      !d->rf.window_writes, "RF: window reads, LSSI writes");
	CHECK(d->usb3_iowrap_timeout, "USB3 switch clears 0x10C3 bit 0");
	bool mar = false;
	for (size_t i = 0; i < d->n_mac_consts; i++)
		mar |= d->mac_consts[i].addr == 0x0620 &&
		       d->mac_consts[i].value == 0xFFFFFFFF;
	CHECK(mar, "MAC constants write REG_MAR");

	/* queues: 2048 pages, 52 reserved (8 driver + 44), boundary 1996 */
	CHECK_EQ_INT(ci->queues->tx_pages, 2048, "2048 TX pages");
	CHECK_EQ_INT(ci->queues->rsvd_pages, 52, "52 reserved pages");
	CHECK_EQ_INT(ci->queues->rxff_size, 24576, "24 KiB RX FIFO");
	const struct dvr_chip bare = { .info = ci };
	struct halmac_fifo f;
	static const unsigned pub[5] = { 0, 0, 1867, 1803, 1739 };
	for (unsigned n = 2; n <= 4; n++) {
		CHECK(halmac_fifo_layout(&bare, n, &f) == DVR_OK &&
		      f.boundary == 1996 && f.h2cq_page == 2036 &&
		      f.fw_txbuf_page == 2044 && f.pub_pages == pub[n],
		      "FIFO layout per endpoint count");
	}
	CHECK(ci->ops->tx_out_index(&bare, 2) == 0 &&
	      ci->ops->tx_out_index(&bare, 3) == 0 &&
	      ci->ops->tx_out_index(&bare, 4) == 3,
	      "MGMT endpoint: HIGH with 2/3 OUT, EXTRA with 4");

	/* RFE options with data */
	CHECK(rtl8822b_rfe_supported(2) && rtl8822b_rfe_supported(3) &&
	      rtl8822b_rfe_supported(5), "RFE 2, 3, 5 supported");
	CHECK(!rtl8822b_rfe_supported(0) && !rtl8822b_rfe_supported(1) &&
	      !rtl8822b_rfe_supported(4) && !rtl8822b_rfe_supported(6),
	      "RFE 0, 1, 4, 6 not");
	struct dvr_chip c = { .info = ci };
	struct dvr_phy_cond pc;
	c.id.cut = 2;
	c.id.rfe_type = 3;
	rtl8822b_phy_cond(&c, &pc);
	CHECK(pc.match == DVR_PHY_MATCH_RFE_EQUAL && pc.cut == 2 &&
	      pc.board == 3 && pc.intf == DVR_PHY_INTF_USB,
	      "table conditions: RFE equal, cut, USB");
}

static void probe(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	CHECK_EQ_INT(rtl8822b_info.ops->probe(&chip), DVR_OK,
	             "probe: chip id 0x0A is ours");
	fk_reset(&io, &chip, &rtl8822c_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	CHECK_EQ_INT(rtl8822c_info.ops->probe(&chip), DVR_E_NOT_FOUND,
	             "the 8822C's probe passes 0x0A on");
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x13;
	CHECK(rtl8822b_info.ops->probe(&chip) == DVR_E_NOT_FOUND &&
	      strstr(chip.error, "0x13"), "an 8822C (0x13) is not ours");
}

/* A board: RFE @p rfe, crystal byte @p xtal, thermal @p thermal, PA/LNA
 * types, board option, MAC 02:11:22:33:44:55. */
static void board_efuse(uint8_t rfe, uint8_t xtal, uint8_t thermal,
                        uint8_t pa, uint8_t lna2, uint8_t lna5,
                        uint8_t board)
{
	size_t pos = 0;

	fk_efuse_word(&pos, 0x00, 0x29, 0x81);          /* RTL id */
	fk_efuse_word(&pos, 0xB8, 0x7F, xtal);
	fk_efuse_word(&pos, 0xBA, thermal, 0xFF);
	fk_efuse_word(&pos, 0xBC, pa, lna2);
	fk_efuse_word(&pos, 0xBE, 0xFF, lna5);
	fk_efuse_word(&pos, 0xC0, 0xFF, board);
	fk_efuse_word(&pos, 0xCA, rfe, 0xFF);
	fk_efuse_word(&pos, 0x106, 0xFF, 0x02);
	fk_efuse_word(&pos, 0x108, 0x11, 0x22);
	fk_efuse_word(&pos, 0x10A, 0x33, 0x44);
	fk_efuse_word(&pos, 0x10C, 0x55, 0xFF);
}

static void identify(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8822b_info.ops;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	fk.fr.mem[0xF1] = 0x20;           /* cut C in [15:12] */
	fk.fr.mem[0xF3] = 0x08;           /* bit 27: 2T2R */
	fk.fr.mem[0x37] = 0xFF;
	board_efuse(2, 0xE5, 0x1E, 0x11, 0x08, 0x00, 0x20);
	CHECK_EQ_INT(o->identify(&chip), DVR_OK, "identify");
	CHECK(chip.id.cut == 2 && !chip.id.is_1t1r, "C-cut, 2T2R");
	CHECK_EQ_INT(chip.id.rfe_type, 2, "RFE option 2 from 0xCA");
	CHECK_EQ_HEX(chip.id.crystal_cap, 0x25, "crystal 0xE5 & 0x3F");
	static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	CHECK_MEM(chip.id.mac_addr, mac, 6, "MAC address from 0x107");
	CHECK(chip.id.type_gpa == 0x11 && chip.id.type_apa == 0x11 &&
	      chip.id.type_glna == 0x08 && chip.id.type_alna == 0x00,
	      "one PA byte for both bands, LNA per band");
	CHECK(chip.id.ext_pa_2g && chip.id.ext_pa_5g && chip.id.ext_lna_2g &&
	      !chip.id.ext_lna_5g, "external PA/LNA flags");
	CHECK(!(fk.fr.mem[0x37] & 0x80), "EFUSE 2.5 V LDO off for reads");
	CHECK(chip.priv && rtl8822b_priv(&chip)->btcoex,
	      "board option 0x20: BT coex part");
	CHECK(chip.efuse && chip.efuse[EFUSE8822B_THERMAL] == 0x1E,
	      "thermal calibration kept in the map");
	CHECK(dvr_chip_txpwr(&chip) != NULL, "RFE 2 power tables loaded");
	dvr_chip_state_free(&chip);

	/* blank RFE byte: run as RFE 3 (the vendor driver's Archer T3U) */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	board_efuse(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
	CHECK_EQ_INT(o->identify(&chip), DVR_OK, "identify, blank fields");
	CHECK_EQ_INT(chip.id.rfe_type, RTL8822B_RFE_BLANK, "blank RFE: 3");
	CHECK(chip.id.crystal_cap == 0 && chip.id.type_gpa == 0 &&
	      !chip.id.ext_pa_2g && !rtl8822b_priv(&chip)->btcoex,
	      "blank crystal/types/board: 0, no BT");
	CHECK(dvr_chip_txpwr(&chip) != NULL, "RFE 3 power tables loaded");
	dvr_chip_state_free(&chip);

	/* a programmed RFE option without data: refused, as rtw88 does */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	board_efuse(4, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
	CHECK(o->identify(&chip) == DVR_E_UNSUPPORTED &&
	      strstr(chip.error, "RFE option 4"), "RFE 4 refused");
	dvr_chip_state_free(&chip);

	/* wholly blank part: identifies */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	CHECK(o->identify(&chip) == DVR_OK && chip.efuse_blank &&
	      chip.id.rfe_type == 3, "blank EFUSE: blank, RFE 3");
	dvr_chip_state_free(&chip);

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x13;
	CHECK_EQ_INT(o->identify(&chip), DVR_E_NOT_FOUND,
	             "identify refuses another die");
	dvr_chip_state_free(&chip);
}

static void power(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8822b_info.ops;

	for (int cut = 2; cut <= 3; cut++) {
		fk_reset(&io, &chip, &rtl8822b_info, 2);
		chip.id.cut = (uint8_t)cut;
		fk.fr.mem[0x100] = 0xEA;      /* MAC off */
		fk.fr.mem[0x06] = 0x02;       /* power ready */
		fk.fr.mem[0xF5] = 0x01;
		fk.fr.mem[0x1C] = 0xFF;
		CHECK_EQ_INT(o->power_on(&chip), DVR_OK, "power on");
		CHECK_EQ_INT(fk.fr.mem[0x1C], 0, "RSV_CTRL cleared first");
		CHECK(fk.fr.mem[0x06] & 0x01, "WLON reset released");
		CHECK_EQ_HEX(fk.fr.mem[0x29], 0xF9, "8822B row 0x0029 = 0xF9");
		CHECK(fk.fr.mem[0x20] & 0x08, "8822B row 0x0020 bit 3");
		/* rows 18-20 of the sequence are C-cut only */
		CHECK_EQ_HEX(fk.fr.mem[0x10A9], cut == 2 ? 0xEF : 0x00,
		             "0x10A9 = 0xEF on C-cut only");
		CHECK(!(fk.fr.mem[0xF5] & 0x01), "0xF5 bit 0 cleared");
		CHECK_EQ_HEX(fk_r32(0x1080) & 0x10100, 0x10100,
		             "platform out of reset, DDMA on (rtw88)");
		CHECK_EQ_HEX(fk.fr.mem[0x03] & 0xDC, 0xDC, "0x03 |= 0xDC");
		CHECK_EQ_HEX(fk.fr.mem[0x1103] & 0x0F, 0x0C, "PHY req delay");
		/* rtw88 usb3_param_8822b: USB3 PHY 0x01 = 0xA841, D-cut */
		bool d = cut == 3;
		CHECK(fk.fr.mem[0xFF0D] == (d ? 0x41 : 0) &&
		      fk.fr.mem[0xFF0E] == (d ? 0xA8 : 0) &&
		      fk.fr.mem[0xFF0C] == (d ? 0x81 : 0),
		      "USB3 PHY parameter on D-cut only");
	}
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0x100] = 0xEA;
	CHECK(o->power_on(&chip) == DVR_E_CHIP && strstr(chip.error, "0x0006"),
	      "power never ready: DVR_E_CHIP naming 0x0006");

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.priv = calloc(1, sizeof(struct rtl8822b_priv));
	fk.fr.mem[0x100] = 0xFF;
	o->power_off(&chip);
	CHECK(chip.priv == NULL && fk.fr.mem[0x100] == 0 &&
	      fk_r16(0xAA) == 0x8000, "power off: state freed, MAC off, coex "
	      "told");
}

static void mac(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8822b_info.ops;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0x4BC] = 0xFF;
	fk.fr.mem[0x5B4] = 0xFF;
	CHECK_EQ_INT(o->mac_init(&chip), DVR_OK, "MAC init");
	CHECK_EQ_HEX(fk_r16(0x10C), 0xFEA5, "PQ map 2 OUT + ARBBW + RX agg");
	CHECK_EQ_HEX(fk.fr.mem[0x100], 0xFF, "CR: MAC TX/RX, DMA");
	CHECK(fk_r16(0x230) == 64 && fk_r16(0x238) == 64 && fk_r16(0x234) == 0,
	      "HQ/NQ 64, LQ 0");
	CHECK_EQ_INT(fk_r16(0x240), 1867, "public pages");
	CHECK_EQ_INT(fk_r16(0x204), 1996, "reserved boundary 0x7CC");
	CHECK_EQ_HEX(fk_r32(0x11C), 0x5EFF, "RX FIFO boundary");
	CHECK_EQ_HEX(fk_r32(0x244) & 0x3FFFF, 0x3FA00, "H2C queue head");
	CHECK_EQ_HEX(fk_r32(0x248) & 0x3FFFF, 0x3FE00, "H2C queue tail");
	CHECK_EQ_HEX(fk.fr.mem[0x20B], 3, "3 frames per bulk OUT");
	CHECK_EQ_HEX(fk.fr.mem[0x4BC] & 0x40, 0, "no pre-TX command");
	CHECK_EQ_HEX(fk.fr.mem[0x455], 0x70, "A-MPDU max time");
	CHECK_EQ_HEX(fk_r32(0x4C8), 0x202008FF, "protection");
	CHECK_EQ_HEX(fk_r16(0x4CE), 0x0801, "BAR retry, rate try limit");
	CHECK_EQ_HEX(fk.fr.mem[0x5B4] & 0x70, 0, "TSF timer source");
	CHECK(fk.fr.mem[0x51B] == 0x09 && fk.fr.mem[0x512] == 0x19,
	      "slot 9, PIFS 0x19");
	CHECK_EQ_HEX(fk_r32(0x514), 0x10100E0A, "SIFS");
	CHECK(fk_r16(0x502) == 0x0186 && fk_r16(0x506) == 0x03BC,
	      "VO/VI TXOP limits");
	CHECK_EQ_HEX(fk_r32(0x540), 0x6404, "TBTT");
	CHECK_EQ_HEX(fk_r32(0x6A0), 0x0FFFFFFF, "RX filter maps 0/1");
	CHECK_EQ_HEX(fk_r32(0x608), 0xF400220E, "RCR constant + APP_PHYSTS");
	CHECK_EQ_HEX(fk.fr.mem[0x60C], 0x18, "RX packet limit 12288");
	CHECK_EQ_HEX(fk_r32(0x7D8), 0xB0810041, "MAC options 2 (rtw88)");
	CHECK(fk_r32(0x620) == 0xFFFFFFFF && fk_r32(0x624) == 0xFFFFFFFF,
	      "REG_MAR: every multicast group");
	CHECK(fk.fr.mem[0x718] & 0x40, "no VHT-SIG-B CRC check");
	CHECK_EQ_INT(fk.fr.mem[0x60F], 4, "32-byte PHY status");
	fk_reset(&io, &chip, &rtl8822b_info, 3);
	CHECK(o->mac_init(&chip) == DVR_OK && fk_r16(0x10C) == 0xF5A5 &&
	      fk_r16(0x240) == 1803 && fk_r16(0x234) == 64,
	      "3 OUT: map 0xF5A0, 1803 public, LQ 64");
	fk_reset(&io, &chip, &rtl8822b_info, 4);
	CHECK(o->mac_init(&chip) == DVR_OK && fk_r16(0x10C) == 0xC5A5 &&
	      fk_r16(0x240) == 1739, "4 OUT: map 0xC5A0, 1739 public");
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.llt_ok = false;
	CHECK_EQ_INT(o->mac_init(&chip), DVR_E_CHIP, "auto-LLT never done");

	/* monitor */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	CHECK_EQ_INT(o->set_monitor(&chip, false), DVR_OK, "monitor");
	CHECK_EQ_HEX(fk_r32(0x608), 0xF000002F, "monitor RCR");
	CHECK(fk_r16(0x6A0) == 0xFFFF && fk_r16(0x6A2) == 0xFFFF &&
	      fk_r16(0x6A4) == 0xFFFF, "every subtype");
	o->set_monitor(&chip, true);
	CHECK_EQ_HEX(fk_r32(0x608), 0xF000032F, "keep corrupted: ACRC32, AICV");
	CHECK_EQ_INT(o->set_carrier_sense(&chip, false), DVR_OK, "CCA off");
	CHECK_EQ_HEX(fk_r32(0x520) & 0xC000, 0xC000, "DIS_CCA, DIS_EDCCA");

	/* TX idle: the MGMT queue is HIGH with 2 OUT endpoints */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0x230] = 64;
	fk.fr.mem[0x232] = 60;
	CHECK_EQ_INT(o->wait_tx_idle(&chip, 2), DVR_E_TIMEOUT, "queued");
	fk.fr.mem[0x232] = 64;
	CHECK_EQ_INT(o->wait_tx_idle(&chip, 2), DVR_OK, "idle");
}

static void rf(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.lssi = false;
	halmac_rf_write(&chip, 0, 0x18, 0xFFFFF, 0x12345);
	CHECK_EQ_HEX(fk_r32(0xC90), 0x01812345,
	             "LSSI word: addr << 20 | 20-bit data, path A");
	halmac_rf_write(&chip, 1, 0xEF, 0xFFFFF, 0x80000);
	CHECK_EQ_HEX(fk_r32(0xE90), 0x0EF80000, "path B through 0xE90");
	CHECK_EQ_HEX(fk_r32(0x2800 + 0x18 * 4), 0, "not through the window");
	/* a part of a register: merged with what the window reads */
	fk_set_rf(0, 0x42, 0xABC05);
	halmac_rf_write(&chip, 0, 0x42, 0x30000, 0x3);
	CHECK_EQ_HEX(fk_r32(0xC90), 0x042BBC05, "masked write merged");
	fk_set_rf(1, 0x33, 0xFFF12345);
	CHECK_EQ_HEX(halmac_rf_read(&chip, 1, 0x33, 0xFFFFF), 0x12345,
	             "read: window, 20 bits");
	CHECK_EQ_HEX(halmac_rf_read(&chip, 1, 0x33, 0xF00), 0x3,
	             "read: masked and shifted");
	halmac_rf_write(&chip, 0, 0x00, 0xFFFFF, 0x3FFFF);
	CHECK_EQ_HEX(fk_r32(0xC90), 0x0003FFFF, "RF 0x00 through LSSI too");
}

/* Set @p ch at @p bw MHz (the usual secondary). */
static int tune(struct dvr_chip *chip, unsigned ch, unsigned bw)
{
	return rtl8822b_info.ops->set_channel(
		chip, &(struct dvr_channel){ .channel = ch, .bw_mhz = bw });
}

static void channels(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	/* ---- 6 / 20 MHz, RFE 3 (internal front end, "ext" CCA) ---- */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.id.cut = 2;
	chip.id.rfe_type = 3;
	fk.fr.mem[0xC50] = 0x30;
	put32(fk.fr.mem + 0x8AC, 0xFFFFFFFF);
	fk_set_rf(0, 0x18, 0xFFFFF);
	CHECK_EQ_INT(tune(&chip, 6, 20), DVR_OK, "6/20");
	/* RF 0x18: other bits kept; band 0, channel 6, [11:10] = 3 */
	uint32_t keep = 0xFFFFF & ~((1u << 16) | 0x300u | 0xFFu | 0x60000u |
	                            0xC00u);
	CHECK_EQ_HEX(fk_rf(0, 0x18), keep | 0xC06, "RF A 0x18 ch 6 / 20");
	CHECK_EQ_HEX(fk_rf(1, 0x18), keep | 0xC06, "RF B 0x18 the same");
	CHECK_EQ_HEX((fk_rf(0, 0xBE) >> 15) & 7, 0, "RF 0xBE 0 on 2.4 GHz");
	CHECK_EQ_HEX(fk_rf(0, 0xB8) & (1u << 19), 1u << 19,
	             "RF 0xB8 bit 19 back to 1");
	CHECK(fk.fr.mem[0x80B] & 0x10, "0x808 bit 28: CCK on");
	CHECK(!(fk.fr.mem[0x454] & 0x80), "CCK allowed");
	CHECK(!(fk_r32(0xA80) & (1u << 18)), "0xA80 bit 18 clear");
	CHECK_EQ_HEX((fk_r32(0x814) >> 10) & 0x3F, 15, "0x814 [15:10] = 15");
	CHECK_EQ_HEX(fk_r32(0x958) & 0x1F, 0, "AGC table 0");
	CHECK_EQ_HEX((fk_r32(0x860) >> 17) & 0xFFF, 0x96A, "0x860 0x96A");
	CHECK_EQ_HEX(fk_r32(0xA24), 0x384F6577, "CCK TX filter");
	CHECK_EQ_HEX(fk_r16(0xA28), 0x1525, "CCK TX filter 0xA28");
	CHECK_EQ_HEX((fk_r32(0xCBC) >> 8) & 3, 2, "antenna switch: 2.4 GHz");
	CHECK_EQ_HEX(fk_r32(0x8AC), 0xFFCFFC00, "ADC clock 20 MHz");
	CHECK(fk_r32(0x8C4) & (1u << 30), "0x8C4 bit 30");
	CHECK((fk_r32(0x948) >> 28) == 2 && ((fk_r32(0x94C) >> 28) & 3) == 2 &&
	      (fk_r32(0xC20) >> 31) && (fk_r32(0xE20) >> 31),
	      "RX DFIR 20 MHz: 2 / 2 / 1");
	CHECK(fk.fr.mem[0x483] == 0 && (fk_r16(0x668) & 0x180) == 0,
	      "MAC 20 MHz");
	CHECK(fk_r32(0x82C) == 0x75DA8010 && fk_r32(0x830) == 0x97A0EAAC &&
	      fk_r32(0x838) == 0x86666341, "CCA: ifem ext, 2R 2.4 GHz");
	CHECK((fk_r32(0xCB0) & 0xFFFFFF) == 0x745774 &&
	      (fk_r32(0xEB0) & 0xFFFFFF) == 0x745774 &&
	      fk.fr.mem[0xCB5] == 0x57 && fk.fr.mem[0xEB5] == 0x57,
	      "RFE pins internal 2.4 GHz, both paths");
	CHECK(fk_r16(0xCA0) == 0xA501 && fk_r16(0xEA0) == 0xA501,
	      "T/R switch: two paths");
	CHECK_EQ_HEX(fk.fr.mem[0xC50] & 0x7F, 0x30, "IGI toggled back");
	CHECK_EQ_HEX(fk.fr.mem[0x808], 0x33, "RX path select A+B");

	CHECK_EQ_INT(tune(&chip, 14, 20), DVR_OK, "14/20");
	CHECK(fk_r32(0xA24) == 0x00006577 && fk_r16(0xA28) == 0,
	      "channel 14 CCK TX filter");

	/* ---- 36 / 80 MHz: centre 42, primary lowest ---- */
	put32(fk.fr.mem + 0x8AC, 0xFFFFFFFF);
	fk_set_rf(0, 0x18, 0);
	CHECK_EQ_INT(tune(&chip, 36, 80), DVR_OK, "36/80");
	CHECK_EQ_HEX(fk_rf(0, 0x18), 0x1052A,
	             "RF 0x18: 5 GHz, ch 42, 80 MHz ([10])");
	CHECK_EQ_HEX(fk_rf(1, 0x18), 0x1052A, "RF B 0x18");
	CHECK_EQ_HEX((fk_rf(0, 0xBE) >> 15) & 7, 0x5, "RF 0xBE of ch 42");
	CHECK(!(fk.fr.mem[0x80B] & 0x10) && (fk.fr.mem[0x454] & 0x80) &&
	      (fk_r32(0xA80) & (1u << 18)), "5 GHz: no CCK");
	CHECK_EQ_HEX((fk_r32(0x814) >> 10) & 0x3F, 34, "0x814 [15:10] = 34");
	CHECK_EQ_HEX(fk_r32(0x958) & 0x1F, 1, "AGC table 1 (36-64)");
	CHECK_EQ_HEX((fk_r32(0x860) >> 17) & 0xFFF, 0x494, "0x860 0x494");
	CHECK_EQ_HEX((fk_r32(0xCBC) >> 8) & 3, 1, "antenna switch: 5 GHz");
	CHECK_EQ_HEX(fk_r32(0x8AC), (0xFFFFFFFFu & 0xFCEFCF00) | 4 << 2 | 2,
	             "ADC clock 80 MHz, primary lowest (4)");
	CHECK(((fk_r32(0x840) >> 12) & 0xF) == 6 && (fk_r32(0x8C8) & 0x400),
	      "RFE 3 at 80 MHz: 0x840, 0x8C8");
	CHECK_EQ_HEX(fk.fr.mem[0x483], 0xA4, "MAC sub-channels 4 | 10 << 4");
	CHECK_EQ_HEX(fk_r16(0x668) & 0x180, 0x100, "MAC RF mode 80");
	CHECK((fk_r32(0x948) >> 28) == 2 && ((fk_r32(0x94C) >> 28) & 3) == 1 &&
	      !(fk_r32(0xC20) >> 31), "RX DFIR 80 MHz: 2 / 1 / 0");
	CHECK(fk_r32(0x82C) == 0x75DA8010 && fk_r32(0x830) == 0x79A0EAAA &&
	      fk_r32(0x838) == 0x86666361, "CCA: ifem ext, 2R 5 GHz");
	CHECK((fk_r32(0xCB0) & 0xFFFFFF) == 0x477547 &&
	      fk.fr.mem[0xCB5] == 0x75 && fk_r16(0xCA0) == 0xA5A5 &&
	      fk_r16(0xEA0) == 0xA5A5, "RFE pins and T/R internal 5 GHz");

	/* ---- 56 / 20: the middle band's CCA tweak ---- */
	CHECK_EQ_INT(tune(&chip, 56, 20), DVR_OK, "56/20");
	CHECK_EQ_HEX((fk_r32(0x838) >> 4) & 0xF, 4, "0x838 [7:4] = 4");
	CHECK_EQ_HEX((fk_r32(0x860) >> 17) & 0xFFF, 0x453, "0x860 0x453");

	/* ---- 144 / 20: RF 0xDF bit 18 set before RF 0x18 ---- */
	CHECK_EQ_INT(tune(&chip, 144, 20), DVR_OK, "144/20");
	CHECK(fk_rf(0, 0xDF) & (1u << 18), "RF 0xDF bit 18 for 144");
	CHECK_EQ_HEX(fk_rf(0, 0x18) & 0x600FF, 0x20090,
	             "ch 144: RF sub-band [17]");
	CHECK_EQ_INT(tune(&chip, 140, 20), DVR_OK, "140/20");
	CHECK(!(fk_rf(0, 0xDF) & (1u << 18)), "RF 0xDF bit 18 cleared");

	/* ---- 100 / 40 on RFE 5: primary lower, the 2R 5 GHz CCA ---- */
	chip.id.rfe_type = 5;
	put32(fk.fr.mem + 0x8AC, 0xFFFFFFFF);
	fk.fr.mem[0xA00] = 0xFF;
	CHECK_EQ_INT(tune(&chip, 100, 40), DVR_OK, "100/40");
	CHECK_EQ_HEX(fk_rf(0, 0x18) & 0x70FFF, 0x30800 | 0x100 | 102,
	             "RF 0x18: ch 102, [17], 40 MHz ([11])");
	CHECK_EQ_HEX((fk_rf(0, 0xBE) >> 15) & 7, 0x5, "RF 0xBE of ch 102");
	CHECK_EQ_HEX(fk_r32(0x8AC), (0xFFFFFFFFu & 0xFF3FF300) | 2 << 2 | 1,
	             "ADC clock 40 MHz, primary lower");
	CHECK(!(fk.fr.mem[0xA00] & 0x10), "0xA00 bit 4: primary not upper");
	CHECK_EQ_HEX(fk_r32(0x958) & 0x1F, 2, "AGC table 2");
	CHECK_EQ_HEX((fk_r32(0x860) >> 17) & 0xFFF, 0x452, "0x860 0x452");
	CHECK_EQ_HEX(fk_r32(0x830), 0x79A0EA28, "RFE 5 2R 5 GHz: 0x830");
	CHECK((fk_r32(0x948) >> 28) == 1 && ((fk_r32(0x94C) >> 28) & 3) == 0,
	      "RX DFIR 40 MHz: 1 / 0");
	CHECK_EQ_INT(tune(&chip, 104, 40), DVR_OK, "104/40");
	CHECK(fk.fr.mem[0xA00] & 0x10, "primary upper: 0xA00 bit 4");

	/* ---- 149 / 80: centre 155, top sub-band ---- */
	chip.id.rfe_type = 3;
	CHECK_EQ_INT(tune(&chip, 149, 80), DVR_OK, "149/80");
	CHECK_EQ_HEX(fk_rf(0, 0x18) & 0x70FFF, 0x40000 | 0x10000 | 0x400 |
	             0x100 | 155, "RF 0x18: ch 155, [18]");
	CHECK_EQ_HEX((fk_rf(0, 0xBE) >> 15) & 7, 0x7, "RF 0xBE of ch 155");
	CHECK_EQ_HEX(fk_r32(0x958) & 0x1F, 3, "AGC table 3");
	CHECK_EQ_HEX((fk_r32(0x860) >> 17) & 0xFFF, 0x412, "0x860 0x412");

	/* ---- RFE 2: internal 2.4 GHz, external 5 GHz front end ---- */
	chip.id.rfe_type = 2;
	fk.fr.mem[0xCB8] = 0x30;
	fk.fr.mem[0xEB8] = 0x30;
	CHECK_EQ_INT(tune(&chip, 36, 20), DVR_OK, "RFE 2 36/20");
	CHECK(fk_r32(0x82C) == 0x75B76010 && fk_r32(0x830) == 0x79A0EAAA &&
	      fk_r32(0x838) == 0x87766431, "CCA: efem 2R 5 GHz");
	CHECK_EQ_HEX(fk_r32(0x83C), 0x9194B2B9, "efem, not B-cut: 0x83C");
	CHECK((fk_r32(0xCB0) & 0xFFFFFF) == 0x177517 &&
	      fk.fr.mem[0xCB5] == 0x75 && fk.fr.mem[0xCB8] == 0x10 &&
	      fk.fr.mem[0xEB8] == 0x10 && fk_r16(0xCA0) == 0xA501,
	      "RFE 2 pins at 5 GHz: 0xCB8 bit 5 cleared, T/R 0xA501");
	CHECK_EQ_INT(tune(&chip, 1, 20), DVR_OK, "RFE 2 1/20");
	CHECK(fk_r32(0x82C) == 0x75C97010 && fk_r32(0x830) == 0x79A0EAAC &&
	      fk_r32(0x838) == 0x87746341, "CCA: ifem 2R 2.4 GHz");
	CHECK((fk_r32(0xCB0) & 0xFFFFFF) == 0x705770 &&
	      fk.fr.mem[0xCB8] == 0x00, "RFE 2 pins at 2.4 GHz");
	/* B-cut, 2R at 40 MHz on 2.4 GHz: the 0x830 override */
	chip.id.cut = 1;
	CHECK_EQ_INT(tune(&chip, 1, 40), DVR_OK, "B-cut 1/40");
	CHECK_EQ_HEX(fk_r32(0x830), 0x79A0EA28, "B-cut 2R 40 MHz 0x830");

	/* ---- a 1T1R die: path B left alone, one-path values ---- */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.id.rfe_type = 3;
	chip.id.is_1t1r = true;
	CHECK_EQ_INT(tune(&chip, 6, 20), DVR_OK, "1T1R 6/20");
	CHECK_EQ_INT(fk.lssi_writes[1], 0, "no RF B write");
	CHECK(fk_r32(0x830) == 0x79A0EAAA && fk_r32(0x838) == 0x87765541,
	      "CCA: 1R 2.4 GHz");
	CHECK(fk_r16(0xCA0) == 0xA500 && fk.fr.mem[0x808] == 0x11,
	      "T/R 0xA500, RX path A");

	/* ---- refused ---- */
	CHECK(tune(&chip, 14, 40) == DVR_E_INVALID && chip.error[0],
	      "14/40 refused");
	CHECK_EQ_INT(tune(&chip, 36, 160), DVR_E_INVALID, "160 MHz refused");
}

/* TX power: 6-bit index per rate, byte lane rate & 3. */
static void txpower(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8822b_info.ops;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	for (unsigned a = 0x1D00; a < 0x1E00; a++)
		fk.fr.mem[a] = 0xEE;
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	CHECK_EQ_INT(o->set_tx_power(&chip, 40), DVR_OK, "TX power 40");
	static const uint16_t groups[] = { 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14,
		                           0x18, 0x2C, 0x30, 0x34, 0x38, 0x3C };
	bool all = true;
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
		for (unsigned p = 0; p < 2; p++)
			all &= fk_r32((uint16_t)((p ? 0x1D80 : 0x1D00) +
			                         groups[i])) == 0x28282828;
	CHECK(all, "no calibration: every rate of both paths at 40");
	CHECK(fk_r32(0x1D1C) == 0xEEEEEEEE && fk_r32(0x1D28) == 0xEEEEEEEE,
	      "HT MCS16-31 (no third stream) not written");
	CHECK(chip.tx_power_asked == 40 && chip.tx_power_index == 40,
	      "asked and reference index recorded");
	CHECK_EQ_INT(o->set_tx_power(&chip, 64), DVR_E_INVALID, "64 refused");

	/* 5 GHz: the CCK group is left alone; 1T1R: path B too */
	for (unsigned a = 0x1D00; a < 0x1E00; a++)
		fk.fr.mem[a] = 0xEE;
	/* written behind the driver's back: its register shadow must not
	 * trust what it wrote there before */
	dvr_reg_shadow_reset(&chip.shadow);
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	chip.id.is_1t1r = true;
	CHECK_EQ_INT(o->set_tx_power(&chip, 20), DVR_OK, "TX power 20, 5G");
	CHECK(fk_r32(0x1D00) == 0xEEEEEEEE && fk_r32(0x1D04) == 0x14141414 &&
	      fk_r32(0x1D3C) == 0x14141414, "5 GHz: OFDM on, CCK group not");
	CHECK(fk_r32(0x1D84) == 0xEEEEEEEE, "1T1R: path B not written");
	chip.id.is_1t1r = false;

	/* A calibration on ch 6/20 (group 2): path A CCK base 40, BW40 base
	 * 42, 1S byte 0x12 (BW20 +1, OFDM +2; rtw88 phy.c
	 * rtw_phy_get_2g_tx_power_index): CCK 40, OFDM 44, MCS0-7 43;
	 * second-stream byte 0xF0 (BW40 -1, BW20 0): MCS8-15 43. Path B
	 * CCK 30, base 36, 1S 0x00: OFDM 36, MCS 36. */
	uint8_t e[RTL8822B_EFUSE_LOG];
	memset(e, 0xFF, sizeof e);
	for (unsigned p = 0; p < 2; p++) {
		uint8_t *t = &e[EFUSE8822B_TX_POWER + p * 42];
		memset(t, 0, 42);
		t[2] = p ? 30 : 40;
		t[6 + 2] = p ? 36 : 42;
		t[11] = p ? 0x00 : 0x12;
		t[12] = 0xF0;
	}
	chip.efuse = e;
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 43,
	             "calibrated: path A MCS7 42 + 1");
	CHECK_EQ_INT(o->set_tx_power(&chip, 43), DVR_OK, "TX power 43");
	CHECK_EQ_HEX(fk_r32(0x1D00), 0x28282828, "A: CCK 40");
	CHECK_EQ_HEX(fk_r32(0x1D04), 0x2C2C2C2C, "A: OFDM 44");
	CHECK_EQ_HEX(fk_r32(0x1D10), 0x2B2B2B2B, "A: MCS4-7 43");
	CHECK_EQ_HEX(fk_r32(0x1D18), 0x2B2B2B2B, "A: MCS12-15 43");
	CHECK_EQ_HEX(fk_r32(0x1D80), 0x1E1E1E1E, "B: CCK 30");
	CHECK_EQ_HEX(fk_r32(0x1D8C), 0x24242424, "B: MCS0-3 36");
	/* 53: every rate 10 up, OFDM A 54; 63: the top holds them */
	CHECK_EQ_INT(o->set_tx_power(&chip, 53), DVR_OK, "TX power 53");
	CHECK(fk_r32(0x1D04) == 0x36363636 && fk_r32(0x1D10) == 0x35353535 &&
	      fk_r32(0x1D8C) == 0x2E2E2E2E, "+10 on every rate, both paths");
	CHECK_EQ_INT(o->set_tx_power(&chip, 63), DVR_OK, "TX power 63");
	CHECK(fk_r32(0x1D04) == 0x3F3F3F3F && fk_r32(0x1D10) == 0x3F3F3F3F &&
	      fk_r32(0x1D8C) == 0x38383838, "63: OFDM A saturates, B keeps "
	      "its distance");
	CHECK_EQ_INT(o->set_tx_power(&chip, 0), DVR_OK, "TX power 0");
	CHECK(fk_r32(0x1D04) == 0x01010101 && fk_r32(0x1D80) == 0,
	      "0: OFDM A one above, B's CCK stops at 0");
	/* unprogrammed bases: the vendor defaults 0x2D / 0x2A; a 0xFF
	 * difference nibble is -1 */
	memset(e, 0xFF, sizeof e);
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 0x2D - 1,
	             "blank 2.4 GHz: 0x2D - 1");
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 0x2A - 1,
	             "blank 5 GHz: 0x2A - 1");
	chip.efuse = NULL;
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 32,
	             "no EFUSE copy: the default 32");

	/* With the board's tables: no rate past its limit. */
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	fk.fr.mem[0xFC] = 0x0A;
	board_efuse(3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
	CHECK_EQ_INT(o->identify(&chip), DVR_OK, "identify RFE 3");
	chip.channel = (struct dvr_channel){ 149, 20, 0 };
	int cal = o->calibrated_tx_power(&chip);
	CHECK(cal >= 0 && cal <= 63, "calibrated index in range");
	CHECK_EQ_INT(o->set_tx_power(&chip, 63), DVR_OK, "63 with limits");
	int cap = 0;
	int lvl = dvr_chip_txpwr_index(&chip, &rtl8822b_txpwr, 0, MCS(7), &cap);
	CHECK(lvl >= 0 && chip.tx_power_index <= cap,
	      "the reference rate held at its limit");
	dvr_chip_state_free(&chip);
}

/* The 48-byte descriptor's limits on this 2T2R chip and its 32-byte
 * checksum span. */
static void txdesc(void)
{
	struct dvr_chip chip = { .info = &rtl8822b_info };
	const struct dvr_chip_ops *o = rtl8822b_info.ops;
	uint8_t d[48];
	char why[160];

	chip.channel = (struct dvr_channel){ 36, 80, 0 };
	struct dvr_tx_params vht2 = { .rate = { .kind = DVR_RATE_VHT, .nss = 2,
		                                .mcs = 9 }, .bw_mhz = 80 };
	struct dvr_tx_desc_req req = { .params = &vht2, .frame_len = 1000 };
	CHECK_EQ_INT(o->check_tx_vector(&chip, &req, why, sizeof why), DVR_OK,
	             "VHT 2SS MCS9 at 80 MHz");
	CHECK_EQ_INT(o->build_tx_desc(&chip, d, &req), 48, "48-byte desc");
	CHECK_EQ_HEX(le32(d + 16) & 0x7F, DVR_DESC_RATE_VHT_FIRST + 19,
	             "DATARATE VHT 2SS MCS9");
	CHECK_EQ_HEX((le32(d + 20) >> 5) & 3, 2, "DATA_BW 80");
	CHECK_EQ_HEX((le32(d + 4) >> 8) & 0x1F, 0x12, "QSEL MGMT");
	/* checksum: XOR of the first 16 words with its own field as 0 */
	uint16_t x = 0;
	for (unsigned i = 0; i < 32; i += 2)
		if (i != 28)
			x ^= (uint16_t)(d[i] | d[i + 1] << 8);
	CHECK_EQ_HEX(d[28] | d[29] << 8, x, "checksum over 32 bytes");
	d[40] ^= 0x5A;
	CHECK_EQ_HEX(halmac_txdesc_checksum(rtl8822b_info.generation_data, d),
	             x, "bytes 32-47 not counted");

	struct dvr_tx_params ht3 = { .rate = { .kind = DVR_RATE_HT,
		                               .mcs = 16 } };
	req.params = &ht3;
	CHECK_EQ_INT(o->check_tx_vector(&chip, &req, why, sizeof why),
	             DVR_E_UNSUPPORTED, "MCS16: three streams refused");
	CHECK(strstr(why, "RTL8822BU") != NULL, "the sentence names the chip");
	CHECK_EQ_INT(o->build_tx_desc(&chip, d, &req), DVR_E_UNSUPPORTED,
	             "build agrees");
	struct dvr_tx_params stbc = { .rate = { .kind = DVR_RATE_HT, .mcs = 3 },
		                      .stbc = true, .ldpc = true };
	req.params = &stbc;
	CHECK_EQ_INT(o->build_tx_desc(&chip, d, &req), 48, "STBC + LDPC");
	CHECK(((le32(d + 20) >> 8) & 3) == 1 && (le32(d + 20) & 0x80),
	      "DATA_STBC 1, DATA_LDPC");
	struct dvr_tx_params cck = { .rate = { .kind = DVR_RATE_LEGACY,
		                               .legacy_500k = 2 } };
	req.params = &cck;
	CHECK(o->check_tx_vector(&chip, &req, why, sizeof why) != DVR_OK,
	      "CCK on 5 GHz refused");
	chip.id.is_1t1r = true;
	struct dvr_tx_params ht8 = { .rate = { .kind = DVR_RATE_HT,
		                               .mcs = 8 } };
	req.params = &ht8;
	CHECK_EQ_INT(o->check_tx_vector(&chip, &req, why, sizeof why),
	             DVR_E_UNSUPPORTED, "1T1R: MCS8 refused");
	struct dvr_tx_params wide = { .rate = { .kind = DVR_RATE_HT, .mcs = 1 },
		                      .bw_mhz = 160 };
	req.params = &wide;
	CHECK(o->check_tx_vector(&chip, &req, why, sizeof why) != DVR_OK,
	      "160 MHz refused");
}

static void cck_hook(void)
{
	struct dvr_chip chip = { .info = &rtl8822b_info };
	uint8_t buf[24 + 32 + 64];
	struct dvr_rx_pkt pk;
	uint8_t ps[32] = { 0 };

	ps[1] = 50;
	CHECK_EQ_INT(rtl8822b_cck_rx_power(&chip, ps), -60, "PWDB 50: -60");
	ps[1] = 0;
	CHECK_EQ_INT(rtl8822b_cck_rx_power(&chip, ps), -110, "PWDB 0: -110");

	/* through the family's parser: CCK 11M with a page-0 status */
	memset(buf, 0, sizeof buf);
	put32(buf, 64u | 4u << 16 | 1u << 26);
	put32(buf + 12, 0x03);
	buf[24] = 0x00;
	buf[24 + 1] = 70;
	buf[24 + 2] = 99;
	CHECK_EQ_INT(rtl8822b_info.ops->parse_rx_pkt(&chip, buf, sizeof buf,
	                                             &pk), DVR_OK,
	             "CCK packet parsed");
	CHECK(pk.info.n_chains == 1 && pk.info.signal_dbm == -40 &&
	      pk.info.rssi_dbm[0] == -40 && pk.info.bw_mhz == 20,
	      "CCK: -40 dBm on one path");
}

static void usb3(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	bool sw = false;
	uint8_t e[RTL8822B_EFUSE_LOG];

	memset(e, 0xFF, sizeof e);
	e[EFUSE8822B_USB_MODE] = 0x80;
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.efuse = e;
	fk.fr.mem[0x10C3] = 0x03;
	fk.fr.mem[0xC6] = 0x10;           /* PAD_CTRL2 bit 20: capable */
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && sw,
	      "USB2 link, EFUSE allows: switch requested");
	CHECK_EQ_HEX(fk.fr.mem[0x10C3], 0x02, "0x10C3 bit 0 cleared first");
	CHECK_EQ_HEX((fk_r32(0xC4) >> 16) & 0x0F, 0xB, "PAD_CTRL2 mode 2");
	e[EFUSE8822B_USB_MODE] = 0x00;
	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.efuse = e;
	fk.fr.mem[0x10C3] = 0x03;
	fk.fr.mem[0xC6] = 0x10;
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && !sw &&
	      fk.fr.mem[0x10C3] == 0x03, "EFUSE forbids: nothing written");
	/* the 8822C's data leaves 0x10C3 alone */
	e[EFUSE8822B_USB_MODE] = 0x80;
	fk_reset(&io, &chip, &rtl8822c_info, 2);
	chip.efuse = e;
	fk.fr.mem[0x10C3] = 0x03;
	fk.fr.mem[0xC6] = 0x10;
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && sw &&
	      fk.fr.mem[0x10C3] == 0x03, "8822C: 0x10C3 untouched");
}

/* 5/10 MHz: the 20 MHz channel, then rtw88's words (rtw8822b.c
 * rtw8822b_set_channel_bb, RTW_CHANNEL_WIDTH_10 / _5) and the RF 0x18
 * edge; a 20 MHz set after brings the BB table's clock bits back. */
static void narrowband(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	fk_reset(&io, &chip, &rtl8822b_info, 2);
	chip.id.cut = 2;
	chip.id.rfe_type = 3;
	chip.priv = calloc(1, sizeof(struct rtl8822b_priv));
	if (!CHECK(chip.priv, "state"))
		return;
	put32(fk.fr.mem + 0x8AC, 0xF00F000A);     /* rtw8822b_table.c */
	put32(fk.fr.mem + 0x8C8, 0x000251A5);
	CHECK_EQ_INT(tune(&chip, 44, 20), DVR_OK, "44/20");
	uint32_t r18 = fk_rf(0, 0x18);
	unsigned b_writes = fk.lssi_writes[1];
	CHECK_EQ_INT(tune(&chip, 44, 10), DVR_OK, "44/10");
	CHECK_EQ_HEX(fk_r32(0x8AC), 0xE00E0080,
	             "0x8AC: [28], [16] and [9:0] cleared, small BW 2");
	CHECK(!(fk_r32(0x8C4) & (1u << 30)) && (fk_r32(0x8C8) >> 31),
	      "0x8C4 [30] low, 0x8C8 [31] high");
	CHECK_EQ_HEX(fk_rf(0, 0x18), r18, "RF 0x18 keeps the 20 MHz word");
	CHECK_EQ_HEX(fk_rf(1, 0x18), r18, "on both paths");
	CHECK_EQ_INT(fk.lssi_writes[1] - b_writes, 3, "RF B 0x18 written by "
	             "the 20 MHz set, then another value, then the word");
	CHECK(fk.fr.mem[0x02] & 0x01, "BB out of reset again");
	CHECK_EQ_INT(tune(&chip, 44, 5), DVR_OK, "44/5");
	CHECK_EQ_HEX(fk_r32(0x8AC), 0xE00E0040, "0x8AC: small BW 1");
	CHECK_EQ_INT(tune(&chip, 44, 20), DVR_OK, "back to 44/20");
	CHECK_EQ_HEX(fk_r32(0x8AC), 0xF00F0000, "the table's clock bits");
	CHECK((fk_r32(0x8C4) & (1u << 30)) && !(fk_r32(0x8C8) >> 31),
	      "0x8C4 [30] high, 0x8C8 [31] as the table has it");
	CHECK_EQ_INT(tune(&chip, 44, 40), DVR_OK, "44/40 after it");
	free(chip.priv);
	chip.priv = NULL;
}

int main(void)
{
	chip_data();
	probe();
	identify();
	power();
	mac();
	rf();
	channels();
	narrowband();
	txpower();
	txdesc();
	cck_hook();
	usb3();
	return check_done();
}

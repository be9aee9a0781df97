/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821C chip ops against a fake register file that behaves where the
 * ops need it to: power-sequence polls answered, auto-LLT done, an EFUSE
 * behind the 0x30 port, the LTE-coex port ready, and one RF path whose
 * LSSI writes (0xC90) land in the read window (0x2800) as the chip's do;
 * a firmware stand-in on the bulk OUT answers the IQK H2C as rtw88 waits
 * for it (RF A 0x08 = 0xABCDE).
 *
 * Covered: chip data and registry, identify from a synthetic EFUSE (RFE
 * option masking, package bit, BTG, BT, swing, thermal), the table
 * conditions on the real tables and their load order (AGC-BTG on the BTG
 * options, the 0xCB4 write before RF A), power-on, MAC init constants,
 * monitor RCR, RF access words, channel writes (BTG / WLG / WLA front
 * ends, channel 14's CCK filter, bandwidth, RX DFIR, BB swing), TX power
 * layout, LCK, the IQK handshake (done, fail mask, reload, timeout),
 * thermal tracking, the CCK power hook, and what the TX descriptor
 * refuses on one path. Expected values are worked out from the rtw88
 * sources in the comments.
 */
#include <stdlib.h>

#include "../check.h"
#include "../le_bytes.h"
#include "fake_halmac.h"
#include "hal/common/chan_geometry.h"
#include "hal/common/txpwr_efuse.h"
#include "hal/rtl8821c/rtl8821c.h"
#include "hal/rtl8821c/rtl8821c_tables.h"

static struct fake_regs fr;
static struct fake_halmac hm;
static bool iqk_answers;
static unsigned bulk_count;
static uint16_t last_h2c_sub;
static uint8_t last_h2c_payload[24];

/* Every 32-bit register write, in order (table load order). */
#define WLOG_MAX 16384
static struct { uint16_t addr; uint32_t v; } wlog[WLOG_MAX];
static size_t wlog_n;

#define RF_WINDOW 0x2800
#define RF_LSSI 0x0C90

static uint32_t rf_reg(uint8_t a)
{
	return fake_r32(&fr, (uint16_t)(RF_WINDOW + 4 * a)) & 0xFFFFF;
}

static void rf_set(uint8_t a, uint32_t v)
{
	put32(fr.mem + RF_WINDOW + 4 * a, v & 0xFFFFF);
}

static int fake_bulk(struct dvr_transport *t, unsigned out_idx,
                     const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	(void)t;
	(void)out_idx;
	(void)timeout_ms;
	bulk_count++;
	if (len >= 48 + 32) {
		const uint8_t *pkt = buf + 48;
		last_h2c_sub = (uint16_t)(pkt[2] | pkt[3] << 8);
		memcpy(last_h2c_payload, pkt + 8, sizeof last_h2c_payload);
		/* The firmware's IQK reports done in RF A 0x08. */
		if (last_h2c_sub == 0x0E && iqk_answers)
			rf_set(0x08, 0xABCDE);
	}
	return (int)len;
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	if (len == 4 && wlog_n < WLOG_MAX) {
		wlog[wlog_n].addr = addr;
		wlog[wlog_n].v = fake_r32(f, addr);
		wlog_n++;
	}
	fake_halmac_write(f, &hm, addr, len);
	/* LSSI: ((addr << 20) | data) reaches the RF register, which the
	 * window at 0x2800 reads back. */
	if (addr == RF_LSSI && len == 4) {
		uint32_t w = fake_r32(f, RF_LSSI);
		rf_set((uint8_t)(w >> 20), w);
	}
}

static const struct dvr_transport_ops ops = FAKE_HALMAC_OPS(fake_bulk);

static void reset(struct dvr_io *io, struct dvr_chip *chip, unsigned n_out)
{
	fake_halmac_init(&fr, io, &ops, n_out, on_write, &hm);
	iqk_answers = true;
	wlog_n = 0;
	bulk_count = 0;
	last_h2c_sub = 0xFFFF;
	*chip = (struct dvr_chip){ .info = &rtl8821c_info, .io = io,
	                           .n_out = n_out, .tx_power_index = 32 };
}

/* A chip whose private state says what identify would have read of an
 * EFUSE 0xCA byte @p ca (on the heap: power_off and state_free free it). */
static struct rtl8821c_priv *board(struct dvr_chip *chip, uint8_t ca)
{
	struct rtl8821c_priv *p = calloc(1, sizeof *p);
	if (!p)
		abort();
	p->rfe_full = ca;
	p->package = (ca & 0x20) != 0;
	p->btg = rtl8821c_rfe_is_btg(ca & 0x1F);
	p->thermal = 0xFF;
	chip->id.rfe_type = ca & 0x1F;
	chip->id.is_1t1r = true;
	chip->priv = p;
	return p;
}

static uint16_t r16(uint16_t a)
{
	return (uint16_t)(fr.mem[a] | fr.mem[a + 1] << 8);
}

/* Physical EFUSE: one extended-header record per 2-byte word. */
static size_t efuse_at;
static void efuse_word(unsigned log_addr, uint8_t lo, uint8_t hi)
{
	unsigned block = log_addr >> 3, word = (log_addr & 7) >> 1;
	hm.efuse[efuse_at++] = (uint8_t)((block & 7) << 5 | 0x0F);
	hm.efuse[efuse_at++] = (uint8_t)((block >> 3) << 4 |
	                                   (0x0F & ~(1u << word)));
	hm.efuse[efuse_at++] = lo;
	hm.efuse[efuse_at++] = hi;
}

static void efuse_byte(unsigned log_addr, uint8_t v)
{
	/* the other byte of the word stays unprogrammed */
	if (log_addr & 1)
		efuse_word(log_addr - 1, 0xFF, v);
	else
		efuse_word(log_addr, v, 0xFF);
}

/* The first pair a table selects for a condition, and how many. */
struct first {
	uint32_t addr, data;
	size_t n;
};
static int first_row(void *ctx, uint32_t a, uint32_t d)
{
	struct first *f = ctx;
	if (f->n++ == 0) {
		f->addr = a;
		f->data = d;
	}
	return DVR_OK;
}
static struct first walk_first(const uint32_t *t, size_t n,
                               const struct dvr_chip *chip)
{
	struct dvr_phy_cond c;
	struct first f = { 0, 0, 0 };
	rtl8821c_phy_cond(chip, &c);
	dvr_phy_table_walk(t, n, &c, first_row, &f, NULL);
	return f;
}

/* Index in the write log of the first 32-bit write of @p v to @p addr at
 * or after @p from; WLOG_MAX when none. */
static size_t wlog_find(size_t from, uint16_t addr, uint32_t v)
{
	for (size_t i = from; i < wlog_n; i++)
		if (wlog[i].addr == addr && wlog[i].v == v)
			return i;
	return WLOG_MAX;
}

static void chip_data(void)
{
	const struct dvr_chip_info *ci = &rtl8821c_info;
	const struct halmac_data *hd = ci->generation_data;

	CHECK(strstr(ci->name, "RTL8821CU") && strstr(ci->name, "RTL8811CU"),
	      "one info names both bondings");
	CHECK(!strcmp(ci->fw_file, "rtw8821c_fw.bin"), "firmware file");
	CHECK(ci->rf_paths == 1 && ci->max_nss == 1 && ci->max_bw_mhz == 80 &&
	      ci->has_5ghz && !ci->tx_stbc, "1T1R, 80 MHz, 5 GHz, no STBC");
	CHECK(ci->tx_power_max == 63 && ci->tx_power_step_mbm == 50,
	      "6-bit TX AGC index in 0.5 dB steps");
	CHECK_EQ_INT(ci->n_usb_ids, 15, "every rtw88 8821CU id");
	bool cf811 = false;
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		cf811 |= ci->usb_ids[i].vid == 0x0bda &&
		         ci->usb_ids[i].pid == 0xc811;
	CHECK(cf811, "COMFAST CF-811AC 0bda:c811 listed");
	CHECK(dvr_hal_find_chip(0x0bda, 0xc811) == ci &&
	      dvr_hal_find_chip(0x7392, 0xd811) == ci,
	      "the registry finds the chip by its ids");
	bool listed = false;
	for (const struct dvr_chip_info *const *c = dvr_chip_registry; *c; c++)
		listed |= *c == ci;
	CHECK(listed, "registry lists the RTL8821C");
	CHECK(ci->ops->probe && ci->ops->identify && ci->ops->power_on &&
	      ci->ops->download_firmware && ci->ops->mac_init &&
	      ci->ops->phy_init && ci->ops->set_monitor &&
	      ci->ops->set_channel && ci->ops->set_tx_power &&
	      ci->ops->calibrate && ci->ops->track &&
	      ci->ops->calibrated_tx_power && ci->ops->wait_tx_idle &&
	      ci->ops->power_off && ci->ops->tx_out_index &&
	      ci->ops->build_tx_desc && ci->ops->check_tx_vector &&
	      ci->ops->parse_rx_pkt, "every op present");
	CHECK(ci->ops->usb_mode_switch == NULL, "USB2 only: no mode switch");
	CHECK(hd->chip_id == 0x09 && hd->sys_func_en == 0xD8 &&
	      ci->tx_agg_max == 3 && hd->csi_pages == 0,
	      "chip id 0x09, SYS_FUNC_EN 0xD8, 3 frames per bulk OUT");
	CHECK(!hd->txdesc_csum_full, "TX descriptor checksum: first 32 B");
	CHECK(hd->rf.window[0] == 0x2800 && hd->rf.lssi[0] == 0x0C90 &&
	      !hd->rf.window_writes, "RF: window 0x2800, LSSI 0xC90");
	CHECK(hd->efuse.phys_size == 512 && hd->efuse.protected_size == 96 &&
	      hd->efuse.ldo25_reg == 0x37 && hd->efuse.ldo25_bit == 0x80 &&
	      hd->efuse.mac_addr == 0x107 && !hd->efuse.usb3_mode_byte,
	      "EFUSE 512/96, LDO25 0x37 bit 7, MAC at 0x107");
	CHECK_EQ_HEX(hd->rcr_monitor & 0x3800, 0,
	             "monitor RCR keeps bits 11-13 clear");
	CHECK(ci->family_data &&
	      ((const struct jaguar2_data *)ci->family_data)->cck_rx_power,
	      "Jaguar2 family data with the CCK hook");
	struct halmac_fifo f;
	struct dvr_chip bare = { .info = ci };
	CHECK(halmac_fifo_layout(&bare, 2, &f) == DVR_OK && f.boundary == 460 &&
	      f.h2cq_page == 500 && f.fw_txbuf_page == 508 &&
	      f.pub_pages == 427, "FIFO: boundary 460, H2C queue 500, "
	      "FW TX buffer 508, 427 public pages");
	CHECK(halmac_fifo_layout(&bare, 4, &f) == DVR_OK && f.pub_pages == 397,
	      "4 OUT endpoints: 397 public pages");
	/* GENERAL_INFO's TX buffer offset: 508 - 460 = 48. */
	CHECK_EQ_INT(f.fw_txbuf_page - f.boundary, 48, "FW TX buffer offset");
	CHECK(ci->ops->tx_out_index(&bare, 2) == 0 &&
	      ci->ops->tx_out_index(&bare, 4) == 3, "MGMT endpoint");
}

static void identify(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	int st;

	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x13;               /* an 8822C */
	st = rtl8821c_info.ops->identify(&chip);
	CHECK(st == DVR_E_NOT_FOUND && strstr(chip.error, "0x13"),
	      "another die (chip id 0x13) refused");

	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x09;
	fr.mem[0xF1] = 0x10;               /* cut B in [15:12] */
	fr.mem[0xF3] = 0x08;               /* bit 27 "2T2R": not this die */
	fr.mem[0x37] = 0xFF;
	efuse_at = 0;
	efuse_word(0xB8, 0x20, 0x6A);      /* 0xB9: crystal 0x6A -> 0x2A */
	efuse_word(0xBA, 0x1E, 0xFF);      /* 0xBA: thermal 0x1E */
	efuse_byte(0xC1, 0x20);            /* board option: BT */
	efuse_word(0xC6, 0x04, 0x07);      /* BB swing 2G 4, 5G 7 */
	efuse_byte(0xCA, 0x22);            /* option 2 + package bit 5 */
	efuse_word(0x106, 0xFF, 0x02);     /* MAC from 0x107 */
	efuse_word(0x108, 0x11, 0x22);
	efuse_word(0x10A, 0x33, 0x44);
	efuse_word(0x10C, 0x55, 0xFF);
	st = rtl8821c_info.ops->identify(&chip);
	CHECK_EQ_INT(st, DVR_OK, "identify");
	if (st != DVR_OK)
		printf("# %s\n", chip.error);
	struct rtl8821c_priv *p = rtl8821c_priv(&chip);
	CHECK(p != NULL, "private state allocated");
	if (p) {
		CHECK_EQ_INT(chip.id.rfe_type, 2, "RFE option = 0xCA & 0x1F");
		CHECK(p->rfe_full == 0x22 && p->package,
		      "whole 0xCA byte kept, package bit 5");
		CHECK(p->btg, "option 2: 2.4 GHz on BT's front end");
		CHECK(p->btcoex, "0xC1 & 0xE0 == 0x20: BT present");
		CHECK(p->swing_2g == 4 && p->swing_5g == 7, "BB swing settings");
		CHECK_EQ_INT(p->thermal, 0x1E, "thermal calibration 0xBA");
	}
	CHECK_EQ_INT(chip.id.cut, 1, "cut B as read");
	CHECK(chip.id.is_1t1r, "one path whatever SYS_CFG1 says");
	CHECK_EQ_HEX(chip.id.crystal_cap, 0x2A, "crystal & 0x3F");
	static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	CHECK_MEM(chip.id.mac_addr, mac, 6, "MAC address from 0x107");
	CHECK(!(fr.mem[0x37] & 0x80), "EFUSE 2.5 V LDO off (0x37 bit 7)");
	CHECK(chip.txpwr && chip.txpwr->loaded, "power tables parsed");
	struct dvr_phy_cond c;
	rtl8821c_phy_cond(&chip, &c);
	CHECK(c.board == 4 && c.package == 1 && c.cut == 1 &&
	      c.intf == DVR_PHY_INTF_USB && c.match == DVR_PHY_MATCH_RFE_EQUAL,
	      "table condition: RFE 0x22 >> 3 = 4, package 1");
	dvr_chip_state_free(&chip);

	/* A blank board: option 0, no BT, tracking off, swing 0. */
	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x09;
	st = rtl8821c_info.ops->identify(&chip);
	p = rtl8821c_priv(&chip);
	CHECK(st == DVR_OK && p && chip.id.rfe_type == 0 && p->rfe_full == 0 &&
	      !p->btg && !p->btcoex && p->thermal == 0xFF &&
	      p->swing_2g == 0 && chip.efuse_blank,
	      "blank EFUSE: option 0, no BT, no thermal calibration");
	dvr_chip_state_free(&chip);

	/* Option 4 without the package bit; option 0xA (BTG) reads as the
	 * BTG group too, option 6 not. */
	CHECK(rtl8821c_rfe_is_btg(4) && rtl8821c_rfe_is_btg(0xA) &&
	      rtl8821c_rfe_is_btg(7) && !rtl8821c_rfe_is_btg(6) &&
	      !rtl8821c_rfe_is_btg(0), "BTG options 2, 4, 7, 0xA, 0xC, 0xF");
	CHECK(rtl8821c_board(6) == &rtl8821c_rfe_defs[3] &&
	      rtl8821c_board(3) == &rtl8821c_rfe_defs[0],
	      "board tables by option; an unlisted one gets option 0's");

	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x09;
	hm.efuse_ok = false;
	st = rtl8821c_info.ops->identify(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "EFUSE"),
	      "EFUSE that never answers: DVR_E_CHIP");
	dvr_chip_state_free(&chip);
}

static void conditions(void)
{
	struct dvr_chip chip = { .info = &rtl8821c_info };
	struct dvr_phy_cond c;

	board(&chip, 0x02);
	rtl8821c_phy_cond(&chip, &c);
	CHECK(c.board == 0 && c.package == 0,
	      "0xCA = 0x02: condition RFE 0, package unknown");
	struct first btg = walk_first(rtl8821c_agc_btg_type2,
	                              rtl8821c_agc_btg_type2_len, &chip);
	CHECK_EQ_INT(btg.n, 128, "0xCA = 0x02: AGC-BTG selects 128 pairs");
	CHECK(rtl8821c_board(chip.id.rfe_type)->agc_btg ==
	      rtl8821c_agc_btg_type2, "option 2 loads agc_btg_type2");
	CHECK(rtl8821c_board(0)->agc_btg == NULL &&
	      rtl8821c_board(6)->agc_btg == NULL, "options 0 and 6 do not");
	struct first rf0 = walk_first(rtl8821c_rf_a, rtl8821c_rf_a_len, &chip);
	dvr_chip_state_free(&chip);
	board(&chip, 0x26);
	rtl8821c_phy_cond(&chip, &c);
	CHECK(c.board == 4 && c.package == 1,
	      "0xCA = 0x26: condition RFE 4, package 1");
	struct first rf4 = walk_first(rtl8821c_rf_a, rtl8821c_rf_a_len, &chip);
	CHECK(rf0.n == rf4.n && rf0.n == 586,
	      "RF A: 586 pairs either way (test_jaguar2_tables)");
	dvr_chip_state_free(&chip);
}

static void power_on(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	reset(&io, &chip, 2);
	fr.mem[0x100] = 0xEA;              /* MAC off */
	fr.mem[0x06] = 0x02;               /* power ready */
	fr.mem[0xF5] = 0x01;
	fr.mem[0x7C] = 0x02;
	CHECK_EQ_INT(rtl8821c_info.ops->power_on(&chip), DVR_OK, "power on");
	CHECK(fr.mem[0x06] & 0x01, "WLON reset released");
	CHECK(fr.mem[0x20] & 0x08, "8821C row: 0x20 bit 3");
	CHECK_EQ_HEX(fr.mem[0x7C] & 0x02, 0, "8821C row: 0x7C bit 1 clear");
	CHECK(fr.mem[0x10C3] & 0x01, "8821C row: 0x10C3 bit 0");
	CHECK(!(fr.mem[0xF5] & 0x01), "0xF5 bit 0 cleared after the flow");
	CHECK((fr.mem[0x03] & 0xD8) == 0xD8, "SYS_FUNC_EN high byte |= 0xD8");
	CHECK((fake_r32(&fr, 0x1080) & 0x10100) == 0x10100,
	      "platform out of reset, DDMA on");
	reset(&io, &chip, 2);
	fr.mem[0x100] = 0xEA;
	CHECK(rtl8821c_info.ops->power_on(&chip) == DVR_E_CHIP &&
	      strstr(chip.error, "0x0006"), "power never ready: DVR_E_CHIP");
}

static void mac_init(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	reset(&io, &chip, 2);
	CHECK_EQ_INT(rtl8821c_info.ops->mac_init(&chip), DVR_OK, "MAC init");
	CHECK_EQ_HEX(r16(0x10C), 0xFEA5, "PQ map for 2 OUT endpoints");
	CHECK_EQ_INT(r16(0x230), 16, "HQ pages");
	CHECK_EQ_INT(r16(0x238), 16, "NQ pages");
	CHECK_EQ_INT(r16(0x240), 427, "public pages: 512 - 52 - 16 - 16 - 1");
	CHECK_EQ_INT(r16(0x204), 460, "reserved boundary");
	CHECK_EQ_HEX(fake_r32(&fr, 0x11C), 0x3EFF, "RX FIFO boundary");
	/* H2C queue: page 500 x 128 = 0xFA00, 1 KiB long. */
	CHECK_EQ_HEX(fake_r32(&fr, 0x244) & 0x3FFFF, 0xFA00, "H2C head");
	CHECK_EQ_HEX(fake_r32(&fr, 0x248) & 0x3FFFF, 0xFE00, "H2C tail");
	CHECK_EQ_HEX(fr.mem[0x20B], 3, "3 frames per bulk OUT");
	CHECK_EQ_INT(fr.mem[0x60F], 4, "32-byte PHY status");
	CHECK_EQ_HEX(fr.mem[0x115] & 0x0F, 0x0F, "driver-info size fix");
	/* rtw8821c_mac_init constants */
	CHECK_EQ_HEX(fr.mem[0x455], 0x70, "A-MPDU max time");
	CHECK(fr.mem[0x4E5] == 0xE4 && fr.mem[0x4E6] == 0x09,
	      "pre-TX count 0x1E4 + enable");
	CHECK_EQ_HEX(fake_r32(&fr, 0x4C8), 0x202008FF, "protection");
	CHECK_EQ_HEX(r16(0x4CE), 0x0801, "BAR retry / RA try");
	CHECK(fr.mem[0x1448] == 6 && fr.mem[0x144E] == 6, "fast EDCA");
	CHECK(fr.mem[0x480] & 0x20, "0x480 bit 5");
	CHECK_EQ_HEX(fake_r32(&fr, 0x514), 0x10100E0A, "SIFS");
	CHECK(fr.mem[0x51B] == 0x09 && fr.mem[0x512] == 0x19, "slot, PIFS");
	CHECK(r16(0x502) == 0x0186 && r16(0x506) == 0x03BC, "VO/VI TXOP");
	CHECK_EQ_HEX(fake_r32(&fr, 0x540), 0x6404, "TBTT prohibit");
	CHECK_EQ_HEX(fr.mem[0x639], 0x40, "CCK ACK timeout 0x40");
	CHECK(fr.mem[0x66C] & 0x02, "0x66C bit 1");
	CHECK(fr.mem[0x718] & 0x40, "no VHT-SIG-B CRC check");
	CHECK_EQ_HEX(fake_r32(&fr, 0x7D8), 0xB0810041, "MAC option 2");
	CHECK(fake_r32(&fr, 0x620) == 0xFFFFFFFF &&
	      fake_r32(&fr, 0x624) == 0xFFFFFFFF, "MAR: every group");
	CHECK(r16(0x6A0) == 0xFFFF && r16(0x6A2) == 0xFFFF &&
	      r16(0x6A4) == 0xFFFF, "RX filter maps open, RXFLTMAP1 too");
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF400220E, "RCR + APP_PHYSTS");
	reset(&io, &chip, 4);
	CHECK(rtl8821c_info.ops->mac_init(&chip) == DVR_OK &&
	      r16(0x23C) == 14 && r16(0x240) == 397,
	      "4 OUT endpoints: 14 extra-queue pages, 397 public");
	reset(&io, &chip, 2);
	hm.llt_ok = false;
	CHECK(rtl8821c_info.ops->mac_init(&chip) == DVR_E_CHIP,
	      "auto-LLT never done: DVR_E_CHIP");

	reset(&io, &chip, 2);
	CHECK_EQ_INT(rtl8821c_info.ops->set_monitor(&chip, false), DVR_OK,
	             "monitor");
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF000002F,
	             "monitor RCR: FCS, MIC, ICV, PHY status, PM, AB, AM, "
	             "APM, AAP");
	rtl8821c_info.ops->set_monitor(&chip, true);
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF000032F,
	             "keep corrupted: + ACRC32 + AICV");
}

static void rf_access(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	reset(&io, &chip, 2);
	fr.on_write = NULL;                /* the raw LSSI word */
	halmac_rf_write(&chip, 0, 0x18, 0xFFFFF, 0x12345);
	CHECK_EQ_HEX(fake_r32(&fr, 0xC90), 0x01812345,
	             "LSSI word (0x18 << 20) | data at 0xC90");
	put32(fr.mem + 0x2800 + 0x18 * 4, 0xABCDE);
	halmac_rf_write(&chip, 0, 0x18, 0xF0, 0x3);
	CHECK_EQ_HEX(fake_r32(&fr, 0xC90), 0x018ABC3E,
	             "part of a register: read back and merged");
	put32(fr.mem + 0x2800 + 0x42 * 4, 0x12345678);
	CHECK_EQ_HEX(halmac_rf_read(&chip, 0, 0x42, 0xFC00), 0x15,
	             "read through the 0x2800 window, masked and shifted");
	halmac_rf_write(&chip, 0, 0x00, 0xFFFFF, 0x3FFFF);
	CHECK_EQ_HEX(fake_r32(&fr, 0xC90), 0x0003FFFF, "RF 0x00 via LSSI");
	CHECK_EQ_HEX(fake_r32(&fr, 0x2800), 0, "never through the window");
}

static void phy_init(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	int st;

	/* Option 2 with the package bit clear: BTG, AGC-BTG table. */
	reset(&io, &chip, 2);
	struct rtl8821c_priv *p = board(&chip, 0x02);
	chip.id.crystal_cap = 0x2A;
	chip.id.cut = 1;
	fr.mem[0x1703] = 0x20;
	hm.coex_ready = true;
	put32(fr.mem + 0xA2C, 0x00440000);
	st = rtl8821c_info.ops->phy_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "PHY init");
	if (st != DVR_OK)
		printf("# %s\n", chip.error);
	CHECK((fr.mem[0x02] & 0x43) == 0x43, "BB on, reset released");
	CHECK(fr.mem[0x1F] == 0x07 && fr.mem[0xEF] == 0x07, "RF on");
	CHECK((fake_r32(&fr, 0x808) & 0x30000000) == 0x30000000,
	      "RX path select out of reset");
	CHECK_EQ_HEX((fake_r32(&fr, 0x24) >> 25) & 0x3F, 0x2A,
	             "crystal in 0x24 [30:25]");
	CHECK_EQ_HEX((fake_r32(&fr, 0x28) >> 1) & 0x3F, 0x2A,
	             "crystal in 0x28 [6:1]");
	CHECK_EQ_HEX(fake_r32(&fr, 0xA2C) & 0x00440000, 0,
	             "0xA2C bits 18 and 22 cleared");
	/* rtw88 phy.c rtw_phy_load_tables order: AGC, AGC-BTG, 0xCB4 (0xCA
	 * = 0x02: neither 0x28-0x2F nor 4 -> 0x10000077), then RF A. */
	struct first agc = walk_first(rtl8821c_agc, rtl8821c_agc_len, &chip);
	struct first btg = walk_first(rtl8821c_agc_btg_type2,
	                              rtl8821c_agc_btg_type2_len, &chip);
	struct first rfa = walk_first(rtl8821c_rf_a, rtl8821c_rf_a_len, &chip);
	size_t i_agc = wlog_find(0, (uint16_t)agc.addr, agc.data);
	size_t i_btg = wlog_find(i_agc, (uint16_t)btg.addr, btg.data);
	size_t i_cb4 = wlog_find(i_btg, 0x0CB4, 0x10000077);
	size_t i_rf = wlog_find(i_cb4, 0x0C90, rfa.addr << 20 | rfa.data);
	CHECK(i_agc < i_btg && i_btg < i_cb4 && i_cb4 < i_rf &&
	      i_rf < WLOG_MAX, "tables in rtw88's order: AGC, AGC-BTG, "
	      "0xCB4 = 0x10000077, RF A");
	/* The CCK filter and CCK-PD threshold the tables left. */
	CHECK(p->cck_filter_valid && p->cck_filter[0] == fake_r32(&fr, 0xA24) &&
	      p->cck_filter[1] == fake_r32(&fr, 0xA28) &&
	      p->cck_filter[2] == fake_r32(&fr, 0xAAC),
	      "CCK TX filter remembered (0xA24, 0xA28, 0xAAC)");
	CHECK_EQ_INT(p->cck_pd_default, fr.mem[0xAAA] & 0x1F,
	             "CCK-PD default from 0xAAA [4:0]");
	/* Information H2Cs: PHYDM_INFO last, option 2, 1T1R, cut 1. */
	CHECK_EQ_INT(bulk_count, 2, "GENERAL_INFO and PHYDM_INFO sent");
	CHECK(last_h2c_sub == 0x11 && last_h2c_payload[0] == 2 &&
	      last_h2c_payload[1] == 4 && last_h2c_payload[2] == 1 &&
	      last_h2c_payload[3] == 0x11, "PHYDM_INFO: RFE 2, 1T1R, cut 1");
	/* Coex: WLAN-only grants, owner, PTA, scoreboard, antenna. */
	CHECK_EQ_HEX(fake_r32(&fr, 0x1704) & 0xFF00, 0x7700,
	             "GNT_BT software low, GNT_WL software high");
	CHECK(fr.mem[0x73] & 0x04, "antenna path owner WLAN");
	CHECK(fake_r32(&fr, 0x6C0) == 0xAAAAAAAA &&
	      fake_r32(&fr, 0x6C4) == 0xAAAAAAAA, "PTA tables WLAN");
	CHECK_EQ_HEX(r16(0xAA), 0x8003, "scoreboard: WLAN active and on");
	CHECK((fake_r32(&fr, 0x4C) & 0x01800000) == 0x01000000,
	      "antenna switch by BB software (0x4C [24:23] = 2)");
	/* Option 2 (BTG, antenna at main) on 2.4 GHz: not inverted. */
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB4), 0x10000077,
	             "option 2 on 2.4 GHz: DPDT pins, position 1");
	CHECK((fr.mem[0x67] & 0x30) == 0x30, "switch not BT-controlled");
	CHECK((fr.mem[0x763] & 0x10) && (fr.mem[0x6CF] & 0x08) &&
	      (fake_r32(&fr, 0x40) & 0x220) == 0x220,
	      "rtw8821c_coex_cfg_init: GNT_BT polarity, beacon queue "
	      "priority, PTA");
	dvr_chip_state_free(&chip);

	/* Option 0 (no BTG): no AGC-BTG rows; 0xCA in 0x28-0x2F and
	 * exactly 4 get their own 0xCB4 values. */
	reset(&io, &chip, 2);
	board(&chip, 0x00);
	fr.mem[0x1703] = 0x20;
	hm.coex_ready = true;
	struct first btg0 = walk_first(rtl8821c_agc_btg_type2,
	                               rtl8821c_agc_btg_type2_len, &chip);
	CHECK_EQ_INT(rtl8821c_info.ops->phy_init(&chip), DVR_OK,
	             "PHY init, option 0");
	CHECK_EQ_INT(wlog_find(0, (uint16_t)btg0.addr, btg0.data), WLOG_MAX,
	             "option 0: no AGC-BTG table");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB4), 0x20000077,
	             "option 0 on 2.4 GHz: WLG, position 2");
	dvr_chip_state_free(&chip);
	static const struct { uint8_t ca; uint32_t cb4; } pins[] = {
		{ 0x2A, 0x00000073 }, { 0x04, 0x20000077 },
		{ 0x24, 0x10000077 },
	};
	for (size_t k = 0; k < sizeof pins / sizeof pins[0]; k++) {
		reset(&io, &chip, 2);
		board(&chip, pins[k].ca);
		fr.mem[0x1703] = 0x20;
		hm.coex_ready = true;
		rtl8821c_info.ops->phy_init(&chip);
		struct first rf = walk_first(rtl8821c_rf_a, rtl8821c_rf_a_len,
		                             &chip);
		size_t at = wlog_find(0, 0x0CB4, pins[k].cb4);
		size_t rf_at = wlog_find(at, 0x0C90, rf.addr << 20 | rf.data);
		char what[80];
		snprintf(what, sizeof what, "0xCA = 0x%02X: 0xCB4 = 0x%08X "
		         "before RF A", pins[k].ca, (unsigned)pins[k].cb4);
		CHECK(at < rf_at && rf_at < WLOG_MAX, what);
		dvr_chip_state_free(&chip);
	}

	reset(&io, &chip, 2);
	board(&chip, 0x00);
	CHECK(rtl8821c_info.ops->phy_init(&chip) == DVR_E_CHIP &&
	      strstr(chip.error, "coex"), "coex port never ready: DVR_E_CHIP");
	dvr_chip_state_free(&chip);
}

static void channel(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8821c_info.ops;

	/* Option 0 board: WLG front end on 2.4 GHz. */
	reset(&io, &chip, 2);
	struct rtl8821c_priv *p = board(&chip, 0x00);
	p->swing_2g = 4;                   /* 3..5 -> 0x16A */
	p->swing_5g = 11;                  /* above 9 -> 0x200 */
	p->cck_filter_valid = true;
	p->cck_filter[0] = 0x11223344;
	p->cck_filter[1] = 0xAAAA5566;
	p->cck_filter[2] = 0x77889900;
	put32(fr.mem + 0xCB8, 0x00B50000); /* every switch bit set */
	put32(fr.mem + 0xA28, 0xBEEF1234); /* upper half not the filter's */
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 6, 20, 0 }),
	             DVR_OK, "6/20");
	/* RF 0x18: 2.4 GHz, channel 6, 20 MHz (bits 11, 10) = 0x0C06 */
	CHECK_EQ_HEX(rf_reg(0x18), 0x00C06, "RF 0x18 ch 6 / 20 MHz");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB8) & 0x00F50000, 0x00700000,
	             "WLG: 0xCB8 bits 20, 21, 22 (16, 18, 23 clear)");
	CHECK(fr.mem[0xA86] == 0x12 && r16(0xA80) == 0x7532,
	      "WLG CCA 0x12, LNA 0x7532");
	CHECK((rf_reg(0xDF) & 0x40) && (rf_reg(0x64) & 0xF) == 0xF,
	      "RF 0xDF bit 6, RF 0x64 [3:0] on 2.4 GHz");
	CHECK(rf_reg(0xB8) & (1u << 19), "synthesiser latch edge ends high");
	CHECK((fake_r32(&fr, 0x808) & (1u << 28)) && !(fr.mem[0x454] & 0x80) &&
	      !(fake_r32(&fr, 0xA80) & (1u << 18)), "CCK on for 2.4 GHz");
	CHECK_EQ_HEX((fake_r32(&fr, 0x860) >> 17) & 0xFFF, 0x96A,
	             "clock tracking 0x96A");
	CHECK_EQ_HEX((fake_r32(&fr, 0x814) >> 10) & 0x3F, 15, "0x814 [15:10]");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0x10010000, "ADC clock, 20 MHz");
	CHECK(fake_r32(&fr, 0x8C4) & (1u << 30), "0x8C4 bit 30");
	CHECK_EQ_HEX(fake_r32(&fr, 0xC1C) >> 21, 0x16A,
	             "BB swing: EFUSE 4 -> 0x16A");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC1C) >> 8) & 0xF, 0, "TX scale band 0");
	CHECK(((fake_r32(&fr, 0x948) >> 28) & 3) == 2 &&
	      ((fake_r32(&fr, 0x94C) >> 28) & 3) == 2 &&
	      (fake_r32(&fr, 0xC20) >> 31) == 1 &&
	      (fake_r32(&fr, 0x8F0) >> 31) == 0, "RX DFIR 20 MHz: 2/2/1/0");
	CHECK(fake_r32(&fr, 0xA24) == 0x11223344 &&
	      fake_r32(&fr, 0xA28) == 0xBEEF5566 &&
	      fake_r32(&fr, 0xAAC) == 0x77889900,
	      "CCK TX filter: the tables' values (0xA28 [15:0] only)");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB4) >> 28, 2,
	             "antenna: option 0 on 2.4 GHz, position 2");
	CHECK(p->pwrtrack.first && p->pwrtrack.swing_default == 18,
	      "tracking restarted from the new swing (0x16A = index 18)");

	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 14, 20, 0 }),
	             DVR_OK, "14/20");
	CHECK(fake_r32(&fr, 0xA24) == 0x0000B81C &&
	      fake_r32(&fr, 0xA28) == 0xBEEF0000 &&
	      fake_r32(&fr, 0xAAC) == 0x00003667,
	      "channel 14: its own CCK filter");
	CHECK_EQ_HEX(rf_reg(0x18) & 0xFF, 14, "RF channel 14");
	o->set_channel(&chip, &(struct dvr_channel){ 1, 20, 0 });
	CHECK(fake_r32(&fr, 0xA24) == 0x11223344, "after 14: restored");

	/* 40 MHz, 11 with HT40-: centre 9, primary upper. */
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 11, 40, 0 }),
	             DVR_OK, "11/40");
	CHECK_EQ_HEX(rf_reg(0x18), 0x00809, "RF 0x18: centre 9, 40 MHz");
	CHECK(fr.mem[0xA00] & 0x10, "primary upper: 0xA00 bit 4");
	/* rtw88 (as the vendor phydm) keeps the enable bits other
	 * bandwidths set (16-18, 28-30): 0x10010000 from 20 MHz stays. */
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0x30030005,
	             "ADC clock 40 MHz: 0x20020000 | p = 1 << 2 | 1");
	CHECK(((fake_r32(&fr, 0x94C) >> 28) & 3) == 2 &&
	      (fake_r32(&fr, 0xC20) >> 31) == 0 &&
	      (fake_r32(&fr, 0x8F0) >> 31) == 0, "RX DFIR 40 MHz: 2/2/0/0");

	/* 5 GHz 36/80: centre 42, primary lowest. */
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 80, 0 }),
	             DVR_OK, "36/80");
	/* band 5G (16, 8) | 42 | 80 MHz (bit 10) = 0x1052A */
	CHECK_EQ_HEX(rf_reg(0x18), 0x1052A, "RF 0x18 centre 42 / 80 MHz");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB8) & 0x00F50000, 0x00D00000,
	             "WLA: 0xCB8 bits 20, 22, 23 (16, 18, 21 clear)");
	CHECK(!(rf_reg(0xDF) & 0x40), "RF 0xDF bit 6 clear on 5 GHz");
	CHECK(!(fake_r32(&fr, 0x808) & (1u << 28)) && (fr.mem[0x454] & 0x80) &&
	      (fake_r32(&fr, 0xA80) & (1u << 18)), "no CCK on 5 GHz");
	CHECK_EQ_HEX((fake_r32(&fr, 0x860) >> 17) & 0xFFF, 0x494,
	             "clock tracking 0x494 (36-48)");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC1C) >> 8) & 0xF, 1, "TX scale band 1");
	CHECK_EQ_HEX(fake_r32(&fr, 0xC1C) >> 21, 0x200,
	             "BB swing: EFUSE 11 (> 9) -> 0x200");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0x70070012,
	             "ADC clock 80 MHz: 0x40040000 | lowest (4) << 2 | 2");
	CHECK(((fake_r32(&fr, 0x94C) >> 28) & 3) == 1 &&
	      (fake_r32(&fr, 0xC20) >> 31) == 0 &&
	      (fake_r32(&fr, 0x8F0) >> 31) == 1, "RX DFIR 80 MHz: 2/1/0/1");
	CHECK_EQ_HEX(fr.mem[0x483], 0xA4, "MAC sub-channel codes");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB4) >> 28, 1,
	             "antenna: option 0 on 5 GHz, position 1");

	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 112, 20, 0 }),
	             DVR_OK, "112/20");
	CHECK_EQ_HEX(rf_reg(0x18), 0x30D70, "RF 0x18: 100-140 sets bit 17");
	CHECK_EQ_HEX((fake_r32(&fr, 0x860) >> 17) & 0xFFF, 0x452,
	             "clock tracking 0x452 (100-116)");
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 153, 40, 0 }),
	             DVR_OK, "153/40");
	/* band 5G | 151 | above 140 (bit 18) | 40 MHz (bit 11) */
	CHECK_EQ_HEX(rf_reg(0x18), 0x50997, "RF 0x18: centre 151 / 40 MHz");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC1C) >> 8) & 0xF, 3, "TX scale band 3");
	CHECK_EQ_HEX((fake_r32(&fr, 0x860) >> 17) & 0xFFF, 0x412,
	             "clock tracking 0x412");
	CHECK(o->set_channel(&chip, &(struct dvr_channel){ 14, 40, 0 }) ==
	      DVR_E_INVALID && chip.error[0], "14/40 refused");
	dvr_chip_state_free(&chip);

	/* A BTG board (option 2): BT's front end on 2.4 GHz. */
	reset(&io, &chip, 2);
	board(&chip, 0x02);
	put32(fr.mem + 0xCB8, 0x00F50000);
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 1, 20, 0 }),
	             DVR_OK, "BTG board 1/20");
	CHECK_EQ_HEX(fake_r32(&fr, 0xCB8) & 0x00F50000, 0x00010000,
	             "BTG: 0xCB8 bit 16 only");
	CHECK(fr.mem[0xA86] == 0x0E && r16(0xA80) == 0xFC84,
	      "BTG CCA 0x0E, LNA 0xFC84");
	CHECK((fake_r32(&fr, 0x1080) & (1u << 16)) &&
	      (fake_r32(&fr, 0x0000) & (1u << 26)), "front-end select enables");
	CHECK(o->set_channel(&chip, &(struct dvr_channel){ 149, 20, 0 }) ==
	      DVR_OK && (fake_r32(&fr, 0xCB8) & 0x00F50000) == 0x00D00000,
	      "BTG board on 5 GHz: WLA");
	dvr_chip_state_free(&chip);
}

/* 5/10 MHz: the 20 MHz channel, then rtw88's words (rtw8821c.c
 * rtw8821c_set_channel_bb, RTW_CHANNEL_WIDTH_10 / _5), no RF 0x18 edge;
 * the 20 MHz word undoes them. */
static void narrowband(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8821c_info.ops;

	reset(&io, &chip, 2);
	board(&chip, 0x00);
	put32(fr.mem + 0x8AC, 0xF00F000A);        /* rtw8821c_table.c */
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 20, 0 }),
	             DVR_OK, "36/20");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0xF00F0000, "20 MHz word");
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 10, 0 }),
	             DVR_OK, "36/10");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0xE03E0380,
	             "0x8AC: DAC 3, ADC 3, small BW 2");
	CHECK(!(fake_r32(&fr, 0x8C4) & (1u << 30)) &&
	      (fake_r32(&fr, 0x8C8) >> 31), "0x8C4 [30] low, 0x8C8 [31] high");
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 5, 0 }),
	             DVR_OK, "36/5");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0xE02E0240,
	             "0x8AC: DAC 2, ADC 2, small BW 1");
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 20, 0 }),
	             DVR_OK, "back to 36/20");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC), 0xF00F0000, "20 MHz word again");
	CHECK(!(fake_r32(&fr, 0x8C8) >> 31), "0x8C8 [31] low again");
	/* straight from 5 MHz to 40: rtw88's 40 MHz word alone would keep
	 * the divide codes */
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 5, 0 }),
	             DVR_OK, "36/5 again");
	CHECK_EQ_INT(o->set_channel(&chip, &(struct dvr_channel){ 36, 40, 1 }),
	             DVR_OK, "36/40");
	CHECK_EQ_HEX(fake_r32(&fr, 0x8AC) & 0x103103C3u, 0x10010001u,
	             "40 MHz: clock bits set, divide codes and small BW 0");
	CHECK(!(fake_r32(&fr, 0x8C8) >> 31), "0x8C8 [31] low");
	dvr_chip_state_free(&chip);
}

/* A TX-power block for path A (and B at +42) in a logical map. */
static void txpwr_block(uint8_t *e, unsigned path, uint8_t cck, uint8_t bw40,
                        uint8_t diff_1s)
{
	uint8_t *t = &e[EFUSE8821C_TX_POWER + path * DVR_TXPWR_EFUSE_PATH_LEN];
	memset(t, 0, DVR_TXPWR_EFUSE_PATH_LEN);
	for (unsigned g = 0; g < 6; g++)
		t[g] = cck;
	for (unsigned g = 0; g < 5; g++)
		t[6 + g] = bw40;
	t[11] = diff_1s;
	for (unsigned g = 0; g < 14; g++)
		t[18 + g] = (uint8_t)(bw40 - 6);
	t[32] = diff_1s;
}

/* A board of 0xCA byte @p ca on channel 6/20 whose path A record has CCK
 * 40, BW40 base 42, 1S byte 0x12 (BW20 +1, OFDM +2), and path B's CCK 20,
 * base 22, no differences; no power tables. Returns the EFUSE map. */
static uint8_t *txpwr_board(struct dvr_io *io, struct dvr_chip *chip,
                            uint8_t ca)
{
	uint8_t *e = malloc(RTL8821C_EFUSE_LOG);
	if (!e)
		abort();
	reset(io, chip, 2);
	board(chip, ca);
	memset(e, 0xFF, RTL8821C_EFUSE_LOG);
	txpwr_block(e, 0, 40, 42, 0x12);
	txpwr_block(e, 1, 20, 22, 0x00);
	chip->efuse = e;
	chip->channel = (struct dvr_channel){ 6, 20, 0 };
	return e;
}

static void tx_power(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_ops *o = rtl8821c_info.ops;

	/* Path A: CCK 40, OFDM 44, HT/VHT at 20 MHz 43. */
	txpwr_board(&io, &chip, 0x00);
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 43,
	             "calibrated: MCS7 = 42 + 1");
	CHECK_EQ_INT(o->set_tx_power(&chip, 43), DVR_OK, "TX power 43");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D00), 0x28282828, "CCK 1M-11M: 40");
	CHECK(fake_r32(&fr, 0x1D04) == 0x2C2C2C2C &&
	      fake_r32(&fr, 0x1D08) == 0x2C2C2C2C, "OFDM 6M-54M: 44");
	CHECK(fake_r32(&fr, 0x1D0C) == 0x2B2B2B2B &&
	      fake_r32(&fr, 0x1D10) == 0x2B2B2B2B, "HT MCS0-7: 43");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D14), 0, "no second stream written");
	CHECK(fake_r32(&fr, 0x1D2C) == 0x2B2B2B2B &&
	      fake_r32(&fr, 0x1D30) == 0x2B2B2B2B, "VHT 1SS MCS0-7: 43");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D34), 0x00002B2B,
	             "VHT 1SS MCS8/9, the 2SS lanes of that dword 0");
	CHECK(chip.tx_power_index == 43 && chip.tx_power_asked == 43,
	      "reference rate got what was asked");
	CHECK_EQ_INT(o->set_tx_power(&chip, 50), DVR_OK, "TX power 50");
	CHECK(fake_r32(&fr, 0x1D00) == 0x2F2F2F2F &&
	      fake_r32(&fr, 0x1D04) == 0x33333333 &&
	      fake_r32(&fr, 0x1D10) == 0x32323232,
	      "+7 on every rate: CCK 47, OFDM 51, MCS 50");
	CHECK_EQ_INT(o->set_tx_power(&chip, 63), DVR_OK, "TX power 63");
	CHECK(fake_r32(&fr, 0x1D04) == 0x3F3F3F3F &&
	      fake_r32(&fr, 0x1D00) == 0x3C3C3C3C,
	      "OFDM 64 held at 63; CCK 60");
	CHECK_EQ_INT(o->set_tx_power(&chip, 64), DVR_E_INVALID,
	             "index 64 refused");
	CHECK_EQ_INT(o->set_tx_power(&chip, 0), DVR_OK, "TX power 0");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D04), 0x01010101, "OFDM 44 - 43 = 1");

	/* 5 GHz: no CCK written. */
	put32(fr.mem + 0x1D00, 0xDEADBEEF);
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 37,
	             "5 GHz: base 36 + 1");
	o->set_tx_power(&chip, 37);
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D00), 0xDEADBEEF,
	             "5 GHz: the CCK dword untouched");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D04), 0x26262626, "5 GHz OFDM 38");

	/* A BTG board (option 2): path A's 2.4 GHz record is path B's. */
	dvr_chip_state_free(&chip);
	uint8_t *e = txpwr_board(&io, &chip, 0x02);
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 22,
	             "option 2 on 2.4 GHz: path B's record (22)");
	o->set_tx_power(&chip, 22);
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D00), 0x14141414, "CCK 20 from B");
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	CHECK_EQ_INT(o->calibrated_tx_power(&chip), 37,
	             "option 2 on 5 GHz: path A's own record");

	/* A blank base stands for the vendor default, 0x2D / 0x28. */
	memset(e, 0xFF, RTL8821C_EFUSE_LOG);
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	CHECK_EQ_INT(rtl8821c_txpwr_index(&chip, 0x00, NULL), 0x2D,
	             "blank CCK base: 0x2D");
	chip.channel = (struct dvr_channel){ 149, 20, 0 };
	CHECK_EQ_INT(rtl8821c_txpwr_index(&chip, 0x04, NULL), 0x28 - 1,
	             "blank 5 GHz base 0x28, OFDM difference 0xF = -1");

	/* With the board's power tables: MCS7 is its section's reference
	 * (by-rate offset 0), so only a limit can take it lower. */
	memset(e, 0xFF, RTL8821C_EFUSE_LOG);
	txpwr_block(e, 0, 40, 42, 0x12);
	txpwr_block(e, 1, 40, 42, 0x12);
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	CHECK_EQ_INT(rtl8821c_txpower_tables_load(&chip), DVR_OK,
	             "board tables load");
	int cap = -1, mcs7 = rtl8821c_txpwr_index(&chip, 0x13, &cap);
	CHECK(mcs7 >= 0 && mcs7 <= 43 && cap >= mcs7 && cap <= 63,
	      "MCS7 with tables: no higher than the EFUSE level, within its "
	      "cap");
	o->set_tx_power(&chip, 63);
	CHECK((int)fr.mem[0x1D13] == (cap < 63 ? cap : 63),
	      "index 63 asked: MCS7 stops at its limit");
	dvr_chip_state_free(&chip);
}

static void calibration(void)
{
	struct dvr_io io;
	struct dvr_chip chip;

	reset(&io, &chip, 2);
	chip.channel = (struct dvr_channel){ 36, 20, 0 };
	rf_set(0xC9, 2u << 3);             /* AAC code 2: out of 4..7 */
	rf_set(0xCA, 1u << 19 | 0x123);
	put32(fr.mem + 0x522, 0xFF);
	CHECK_EQ_INT(rtl8821c_calibrate(&chip), DVR_OK, "LCK + IQK");
	CHECK(!(rf_reg(0xCA) & (1u << 19)) && ((rf_reg(0xB2) >> 14) & 0x1F) == 6,
	      "AAC code out of range: RF 0xCA bit 19 off, RF 0xB2 [18:14] 6");
	CHECK(rf_reg(0xCC) == 0x0201C && rf_reg(0xC4) == 0x8F602,
	      "LCK poke: RF 0xCC 0x2018 -> 0x201C around RF 0xC4 0x8F602");
	CHECK(last_h2c_sub == 0x0E && last_h2c_payload[0] == 0,
	      "IQK H2C, neither clear nor segment");
	CHECK_EQ_HEX(rf_reg(0x08), 0, "RF A 0x08 cleared after the report");
	CHECK(chip.calib.runs == 1 && chip.calib.paths == 1 &&
	      !chip.calib.failed_tx && !chip.calib.failed_rx &&
	      chip.calib.channel == 36 && !strcmp(chip.calib.what, "IQK"),
	      "IQK recorded done on path A");
	CHECK_EQ_INT(r16(0x522), 0, "TX queues not left paused");

	/* The firmware's fail mask: TX bit 0, RX bit 4. */
	put32(fr.mem + 0x1BF0, 0x10);
	CHECK_EQ_INT(rtl8821c_iqk(&chip), DVR_OK, "IQK with an RX failure");
	CHECK(chip.calib.runs == 2 && !chip.calib.failed_tx &&
	      chip.calib.failed_rx == 1, "RX part failed on path A");
	put32(fr.mem + 0x1BF0, 0x10011);
	rtl8821c_iqk(&chip);
	CHECK(!chip.calib.failed_tx && !chip.calib.failed_rx,
	      "reloaded results report no failure of their own");

	/* No report within 300 x 20 ms: recorded failed, bring-up goes
	 * on as rtw88's does. */
	iqk_answers = false;
	put32(fr.mem + 0x1BF0, 0);
	CHECK_EQ_INT(rtl8821c_iqk(&chip), DVR_OK, "IQK never reported: OK");
	CHECK(chip.calib.runs == 4 && chip.calib.failed_tx == 1 &&
	      chip.calib.failed_rx == 1, "... recorded failed");
}

static void tracking(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	struct dvr_thermal_stats st;
	const struct dvr_chip_ops *o = rtl8821c_info.ops;

	reset(&io, &chip, 2);
	struct rtl8821c_priv *p = board(&chip, 0x00);
	p->thermal = 0x20;
	chip.channel = (struct dvr_channel){ 6, 20, 0 };
	put32(fr.mem + 0xC1C, 0x200u << 21);   /* swing index 24 */
	rtl8821c_pwrtrack_init(&chip);
	CHECK_EQ_INT(p->pwrtrack.swing_default, 24, "0x200 is index 24");
	memset(&st, 0, sizeof st);
	CHECK_EQ_INT(o->track(&chip, &st), DVR_OK, "tick 1: meter started");
	CHECK_EQ_HEX((rf_reg(0x42) >> 16) & 3, 3, "RF 0x42 [17:16] = 3");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D0), 0x01000020,
	             "heartbeat: SET_PWR_MODE all-on in box 0");
	CHECK_EQ_INT(st.thermal_cal, 0x20, "calibration reported");

	/* Tick 2: 20 above the calibration, warmer table at 20 = 7 steps;
	 * index 60 leaves 3 for the TX AGC, the swing takes 4 more. */
	rf_set(0x42, 0x34u << 10);
	chip.tx_power_index = 60;
	bulk_count = 0;
	CHECK_EQ_INT(o->track(&chip, &st), DVR_OK, "tick 2: tracked");
	CHECK(st.thermal == 0x34 && st.swing_offset[0] ==
	      rtl8821c_pwrtrk_2g_cck_a_p[20], "reading and steps reported");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC94) >> 1) & 0x3F, 3, "TX AGC +3");
	CHECK_EQ_HEX(fake_r32(&fr, 0xC1C) >> 21, 0x285,
	             "swing 24 + 7 - 3 = 28 (0x285)");
	CHECK(st.iqk_runs == 1 && bulk_count == 1 && chip.calib.runs == 1,
	      "20 steps from the last IQK: IQK again");
	CHECK_EQ_INT(p->pwrtrack.iqk_ref, 0x34, "IQK reference moved");

	/* Cooler by 20 (5 steps) with index 3: the AGC takes -3, the
	 * swing -2. A fresh state so the average starts over. */
	rtl8821c_pwrtrack_init(&chip);
	p->pwrtrack.triggered = true;
	p->pwrtrack.iqk_ref = 0x0C;
	rf_set(0x42, 0x0Cu << 10);
	chip.tx_power_index = 3;
	CHECK_EQ_INT(o->track(&chip, &st), DVR_OK, "cooler tick");
	CHECK_EQ_INT(st.swing_offset[0], -(int)rtl8821c_pwrtrk_2g_cck_a_n[20],
	             "cooler steps reported negative");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC94) >> 1) & 0x3F, 0x3D,
	             "TX AGC -3 as a signed 6-bit field");
	CHECK_EQ_HEX(fake_r32(&fr, 0xC1C) >> 21, 0x23E,
	             "swing 28 - 5 + 3 = 26 (0x23E)");

	/* No calibration reading: nothing tracked after the trigger. */
	p->thermal = 0xFF;
	p->pwrtrack.triggered = true;
	put32(fr.mem + 0xC94, 0);
	memset(&st, 0, sizeof st);
	CHECK(o->track(&chip, &st) == DVR_OK && st.thermal_cal == -1 &&
	      fake_r32(&fr, 0xC94) == 0, "blank thermal: no tracking");
	dvr_chip_state_free(&chip);
}

static void cck_power(void)
{
	struct dvr_chip chip = { .info = &rtl8821c_info };
	uint8_t ps[32] = { 0 };

	/* LNA index 2 (byte 13 [7:5]), VGA 5: option 0's table, 2 dB a
	 * VGA step: -6 - 10 = -16 dBm. */
	ps[13] = 2u << 5 | 5;
	chip.id.rfe_type = 0;
	CHECK_EQ_INT(rtl8821c_cck_rx_power(&chip, ps), -16,
	             "option 0: LNA 2 (-6 dB), VGA 5");
	/* LNA index 9 = bit 3 (byte 14 bit 7) | 1, VGA 3: other boards'
	 * table: -24 - 6 = -30. */
	ps[13] = 1u << 5 | 3;
	ps[14] = 0x80;
	chip.id.rfe_type = 2;
	CHECK_EQ_INT(rtl8821c_cck_rx_power(&chip, ps), -30,
	             "option 2: LNA 9 (-24 dB), VGA 3");
	chip.id.rfe_type = 0;
	CHECK_EQ_INT(rtl8821c_cck_rx_power(&chip, ps), -120,
	             "option 0 has 8 LNA steps: index 9 is the floor");
	ps[13] = 0;
	ps[14] = 0;
	CHECK_EQ_INT(rtl8821c_cck_rx_power(&chip, ps), 22,
	             "option 0, LNA 0, VGA 0: +22");

	/* Through the family's parser: a CCK 11M frame, one path. */
	uint8_t buf[24 + 32 + 64] = { 0 };
	put32(buf, 60u | 4u << 16 | 1u << 26);  /* 32-byte PHY status */
	put32(buf + 12, 0x03);                   /* CCK 11M */
	buf[24 + 13] = 3u << 5 | 4;              /* LNA 3, VGA 4 */
	struct dvr_rx_pkt pk;
	CHECK_EQ_INT(rtl8821c_info.ops->parse_rx_pkt(&chip, buf, sizeof buf,
	                                             &pk), DVR_OK,
	             "CCK frame parsed");
	CHECK(pk.info.n_chains == 1 && pk.info.signal_dbm == -22 - 8 &&
	      pk.info.rssi_dbm[0] == -30, "CCK power: -22 - 2 x 4 dBm");
}

static void tx_vector(void)
{
	struct dvr_chip chip = { .info = &rtl8821c_info };
	chip.channel = (struct dvr_channel){ 36, 80, 0 };
	struct dvr_tx_params tp = { .bw_mhz = 20 };
	struct dvr_tx_desc_req req = { .params = &tp, .frame_len = 100 };
	char why[160];
	uint8_t desc[48];
	const struct dvr_chip_ops *o = rtl8821c_info.ops;

	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = 7 };
	CHECK_EQ_INT(o->check_tx_vector(&chip, &req, why, sizeof why), DVR_OK,
	             "HT MCS7 on one path");
	CHECK_EQ_INT(o->build_tx_desc(&chip, desc, &req), 48,
	             "its descriptor: 48 bytes");
	uint16_t x = 0;
	for (unsigned i = 0; i < 32; i += 2)
		x ^= (uint16_t)(desc[i] | desc[i + 1] << 8);
	CHECK_EQ_HEX(x, 0, "checksum over the first 32 bytes only");
	tp.rate.mcs = 8;
	CHECK(o->check_tx_vector(&chip, &req, why, sizeof why) != DVR_OK &&
	      why[0], "HT MCS8 (2 streams) refused");
	CHECK(o->build_tx_desc(&chip, desc, &req) < 0,
	      "... and the descriptor builder agrees");
	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_VHT, .mcs = 3,
	                             .nss = 2 };
	CHECK(o->check_tx_vector(&chip, &req, why, sizeof why) != DVR_OK,
	      "VHT 2SS refused");
	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = 1 };
	tp.stbc = 1;
	CHECK(o->check_tx_vector(&chip, &req, why, sizeof why) != DVR_OK &&
	      why[0], "STBC refused on one chain");
	tp.stbc = 0;
	tp.ldpc = true;
	tp.bw_mhz = 80;
	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_VHT, .mcs = 9,
	                             .nss = 1 };
	CHECK_EQ_INT(o->check_tx_vector(&chip, &req, why, sizeof why), DVR_OK,
	             "VHT 1SS MCS9, 80 MHz, LDPC");
}

int main(void)
{
	chip_data();
	identify();
	conditions();
	power_on();
	mac_init();
	rf_access();
	phy_init();
	channel();
	narrowband();
	tx_power();
	calibration();
	tracking();
	cck_power();
	tx_vector();
	return check_done();
}

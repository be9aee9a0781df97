/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C chip ops against a fake register file: chip data, channel
 * geometry, identify (chip id, EFUSE), power-on (the generated sequence
 * with its polls answered as the chip answers them), MAC init (auto-LLT,
 * H2C queue check, the resulting registers), table conditions on the real
 * tables, channel, TX power, monitor, RF access and IQK. Expected register
 * values are worked out from the rtw88 sources in the comments.
 */
#include <stdlib.h>

#include "../check.h"
#include "../le_bytes.h"
#include "fake_halmac.h"
#include "hal/common/chan_geometry.h"
#include "hal/rtl8822c/rtl8822c.h"
#include "hal/rtl8822c/rtl8822c_tables.h"

static struct fake_regs fr;
static struct fake_halmac hm;
static unsigned bulk_count;

static int fake_bulk(struct dvr_transport *t, unsigned out_idx,
                     const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	(void)t;
	(void)out_idx;
	(void)buf;
	(void)timeout_ms;
	bulk_count++;
	return (int)len;
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	fake_halmac_write(f, &hm, addr, len);
	/* IQK completion report. */
	if (fake_hits(addr, len, 0x1B10))
		f->mem[0x2D9C] = 0;
}

/* DACK read-backs as the chip gives them: the DAC loop reports ready
 * (bits [22:7] all ones) and echoes the trim code just loaded in [26:19]. */
static void on_read(struct fake_regs *f, uint16_t addr, uint16_t len)
{
	static const uint16_t rd[2] = { 0x2800, 0x4500 };
	static const uint16_t wr[2] = { 0x1800, 0x4100 };

	(void)len;
	for (int p = 0; p < 2; p++) {
		if (addr == rd[p] + 0x08 || addr == rd[p] + 0x34)
			put32(f->mem + addr, 0x7FFF80);
		for (int q = 0; q < 2; q++) {
			uint16_t lo = (uint16_t)(wr[p] + (q ? 0xD8 : 0xBC));
			uint16_t hi = (uint16_t)(wr[p] + (q ? 0xDC : 0xC0));
			uint16_t echo = (uint16_t)(rd[p] + (q ? 0x50 : 0x24));
			if (addr != echo)
				continue;
			uint32_t code = (fake_r32(f, lo) >> 28) |
			                (fake_r32(f, hi) & 0xF) << 4;
			put32(f->mem + addr, code << 19);
		}
	}
}

static const struct dvr_transport_ops ops = FAKE_HALMAC_OPS(fake_bulk);

static void reset(struct dvr_io *io, struct dvr_chip *chip, unsigned n_out)
{
	fake_halmac_init(&fr, io, &ops, n_out, on_write, &hm);
	fr.on_read = on_read;
	*chip = (struct dvr_chip){ .info = &rtl8822c_info, .io = io,
	                           .n_out = n_out };
}

static uint16_t r16(uint16_t a)
{
	return (uint16_t)(fr.mem[a] | fr.mem[a + 1] << 8);
}

/* Walk a real table for a chip of this cut and RFE option; *hash is a
 * digest of every (address, value) written, so two results differ when
 * different branches were taken even if they write as many rows. */
static int hash_row(void *ctx, uint32_t a, uint32_t d)
{
	uint64_t *h = ctx;

	*h = (*h ^ ((uint64_t)a << 32 | d)) * 0x100000001B3ull;
	return DVR_OK;
}

static int rows(const uint32_t *t, size_t n, uint8_t cut, uint8_t rfe,
                uint64_t *hash)
{
	struct dvr_chip chip = { .info = &rtl8822c_info };
	struct dvr_phy_cond c;
	size_t applied = 0;
	uint64_t h = 0xCBF29CE484222325ull;

	chip.id.cut = cut;
	chip.id.rfe_type = rfe;
	rtl8822c_phy_cond(&chip, &c);
	dvr_phy_table_walk(t, n, &c, hash_row, &h, &applied);
	if (hash)
		*hash = h;
	return (int)applied;
}

int main(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	int st;

	/* ---- chip data ---- */
	const struct dvr_chip_info *ci = &rtl8822c_info;
	CHECK(strstr(ci->name, "RTL8822CU") && strstr(ci->name, "RTL8812CU"),
	      "one info names both bondings");
	CHECK(!strcmp(ci->fw_file, "rtw8822c_fw.bin"), "firmware file");
	CHECK(ci->tx_desc_len == 48 && ci->rx_desc_len == 24,
	      "48-byte TX, 24-byte RX descriptor");
	CHECK(ci->rf_paths == 2 && ci->max_nss == 2 && ci->max_bw_mhz == 80 &&
	      ci->has_5ghz, "2T2R, 80 MHz, 5 GHz");
	CHECK_EQ_INT(ci->preferred_tx_mode, DVR_TX_SYNC, "sync TX preferred");
	CHECK_EQ_INT(ci->n_usb_ids, 7, "every rtw88 8822CU id");
	bool ids = false;
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		ids |= ci->usb_ids[i].vid == 0x2001 &&
		       ci->usb_ids[i].pid == 0x3329;
	CHECK(ids, "D-Link 2001:3329 listed");
	CHECK(ci->ops->identify && ci->ops->power_on &&
	      ci->ops->download_firmware && ci->ops->mac_init &&
	      ci->ops->phy_init && ci->ops->set_monitor &&
	      ci->ops->set_channel && ci->ops->set_tx_power &&
	      ci->ops->wait_tx_idle && ci->ops->power_off &&
	      ci->ops->tx_out_index && ci->ops->build_tx_desc &&
	      ci->ops->parse_rx_pkt, "every op present");
	const struct dvr_chip bare = { .info = ci };
	CHECK(ci->ops->tx_out_index(&bare, 2) == 0 &&
	      ci->ops->tx_out_index(&bare, 3) == 0 &&
	      ci->ops->tx_out_index(&bare, 4) == 3,
	      "MGMT endpoint: HIGH (ep 0) with 2/3 OUT, EXTRA (ep 3) with 4");

	/* ---- channel geometry ---- */
	struct dvr_chan_geometry pl;
	st = dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){ 44, 80, 0 },
	                                &pl);
	CHECK(st == DVR_OK && pl.center == 42 && pl.sc20 == DVR_SC_20_UPPER &&
	      pl.sc40 == DVR_SC_40_UPPER, "44/80: centre 42, upper, upper 40");
	st = dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){ 149, 80, 0 },
	                                &pl);
	CHECK(st == DVR_OK && pl.center == 155 && pl.sc20 == DVR_SC_20_LOWEST &&
	      pl.sc40 == DVR_SC_40_LOWER, "149/80: centre 155, lowest");
	st = dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){ 64, 40, 0 },
	                                &pl);
	CHECK(st == DVR_OK && pl.center == 62 && pl.sc20 == DVR_SC_20_UPPER,
	      "64/40: centre 62, primary upper");
	st = dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){ 11, 40, 0 },
	                                &pl);
	CHECK(st == DVR_OK && pl.center == 9, "11/40: HT40- by default");
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){
	                     64, 40, 1 }, &pl), DVR_E_INVALID,
	             "64 HT40+ impossible");
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){
	                     6, 80, 0 }, &pl), DVR_E_INVALID,
	             "80 MHz on 2.4 GHz");
	CHECK_EQ_INT(dvr_chan_geometry_for_chip(ci, &(struct dvr_channel){
	                     37, 20, 0 }, &pl), DVR_E_INVALID,
	             "channel 37 invalid");

	/* ---- table conditions (Jaguar3: RFE must be equal) ---- */
	/* RF A opens with IF cut 3 / RFE 0 (0x83000000), ELIF cut 3 / RFE
	 * 21 (0x93000015), ...: a D-cut RFE-0 chip takes the first branch,
	 * an RFE-21 one the second; RFE 1 has its own branch per cut. */
	uint64_t h_d0, h_d21, h_d3, h_c0, h_d0b;
	int n_d0 = rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 3, 0, &h_d0);
	rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 3, 21, &h_d21);
	rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 3, 3, &h_d3);
	uint64_t h_d1;
	rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 2, 1, &h_c0);
	rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 3, 1, &h_d1);
	rows(rtl8822c_rf_a, rtl8822c_rf_a_len, 3, 0, &h_d0b);
	CHECK(n_d0 > 700, "RF A writes hundreds of rows");
	CHECK(h_d0 == h_d0b, "same chip, same rows (deterministic)");
	CHECK(h_d0 != h_d21, "RFE 0 and RFE 21 take different branches");
	CHECK(h_d0 != h_d3, "RFE 0 branch is not a wildcard for RFE 3");
	CHECK(h_d1 != h_c0, "RFE 1: cut D and cut C take different branches");
	CHECK(rows(rtl8822c_array_mp_cal_init,
	           rtl8822c_array_mp_cal_init_len, 2, 3, NULL) == 2460,
	      "calibration init: 2460 unconditional rows");

	/* ---- identify ---- */
	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x0A;   /* an 8822B */
	st = ci->ops->identify(&chip);
	CHECK(st == DVR_E_NOT_FOUND && strstr(chip.error, "0x0a"),
	      "another die (chip id 0x0A) refused");
	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x13;
	fr.mem[0xF0 + 1] = 0x20;           /* cut C in [15:12] */
	fr.mem[0xF0 + 3] = 0x08;           /* bit 27: 2T2R */
	static const uint8_t map[] = {
		0x2F, 0x3D, 0x05, 0x00,            /* 0xCA = 5 (RFE) */
		0xEF, 0x2E, 0x00, 0xBC,            /* 0xB9 = 0xBC: cap 0x3C */
		0x4F, 0x57, 0x00, 0x02,            /* 0x157 = 02 */
		0x6F, 0x58, 0x11, 0x22, 0x33, 0x44, 0x55, 0x00, /* 0x158.. */
	};
	memcpy(hm.efuse, map, sizeof map);
	st = ci->ops->identify(&chip);
	CHECK_EQ_INT(st, DVR_OK, "identify");
	CHECK_EQ_INT(chip.id.cut, 2, "cut C as read");
	CHECK(!chip.id.is_1t1r, "2T2R from SYS_CFG1 bit 27");
	CHECK_EQ_INT(chip.id.rfe_type, 5, "RFE option from EFUSE 0xCA");
	CHECK_EQ_INT(chip.id.crystal_cap, 0x3C, "crystal & 0x7F");
	static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	CHECK_MEM(chip.id.mac_addr, mac, 6, "MAC address from 0x157");
	CHECK(!(fr.mem[0x29] & 1), "EFUSE 2.5 V LDO switched off for reads");
	dvr_chip_state_free(&chip);
	reset(&io, &chip, 2);
	fr.mem[0xFC] = 0x13;
	hm.efuse_ok = false;
	st = ci->ops->identify(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "EFUSE"),
	      "EFUSE that never answers: DVR_E_CHIP");
	dvr_chip_state_free(&chip);

	/* ---- power on ---- */
	reset(&io, &chip, 2);
	fr.mem[0x100] = 0xEA;              /* MAC off */
	fr.mem[0x06] = 0x02;               /* power ready */
	fr.mem[0xF5] = 0x01;
	fr.mem[0x1C] = 0xFF;
	st = ci->ops->power_on(&chip);
	CHECK_EQ_INT(st, DVR_OK, "power on");
	CHECK_EQ_INT(fr.mem[0x1C], 0, "RSV_CTRL cleared first");
	CHECK(fr.mem[0x06] & 0x01, "WLON reset released (sequence row)");
	CHECK(fr.mem[0x1018] & 0x04, "8822C row 0x1018 bit 2");
	CHECK((fr.mem[0x1F] & 0xC0) == 0x80, "8822C row 0x1F [7:6] = 2");
	CHECK(!(fr.mem[0xF5] & 0x01), "0xF5 bit 0 cleared after the sequence");
	CHECK((fake_r32(&fr, 0x1080) & 0x10100) == 0x10100,
	      "platform reset released and DDMA on");
	CHECK((fr.mem[0x03] & 0xD8) == 0xD8, "SYS_FUNC_EN high byte |= 0xD8");
	CHECK_EQ_HEX(fr.mem[0x1103] & 0x0F, 0x0C, "PHY request delay");
	CHECK(fake_r32(&fr, 0x64) & (1u << 29), "pin mux PAPE from WL/BT");
	reset(&io, &chip, 2);
	fr.mem[0x100] = 0xEA;
	fr.mem[0x06] = 0x00;               /* power never ready */
	st = ci->ops->power_on(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "0x0006"),
	      "power ready never set: DVR_E_CHIP naming 0x0006");

	/* ---- MAC init ---- */
	reset(&io, &chip, 2);
	st = ci->ops->mac_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "MAC init");
	CHECK_EQ_HEX(r16(0x10C), 0xFEA5, "PQ map for 2 OUT + RXDMA_ARBBW_EN "
	             "+ RXDMA_AGG_EN");
	CHECK_EQ_HEX(r16(0x280), 0x0105, "RX aggregation: size 5, timeout 1");
	CHECK_EQ_HEX(fr.mem[0x283] & 0x80, 0, "RX aggregation in USB mode");
	CHECK_EQ_HEX(fr.mem[0x100], 0xFF, "CR: MAC TX/RX and DMA on");
	CHECK_EQ_INT(r16(0x230), 64, "HQ pages");
	CHECK_EQ_INT(r16(0x238), 64, "NQ pages");
	/* 2048 pages - 110 reserved = 1938; - 64 - 64 - 1 = 1809 public. */
	CHECK_EQ_INT(r16(0x240), 1809, "public pages");
	CHECK_EQ_INT(r16(0x204), 1938, "reserved boundary");
	CHECK_EQ_HEX(fake_r32(&fr, 0x11C), 0x5EFF, "RX FIFO boundary");
	/* H2C queue: page 1986 x 128 = 0x3E100, 1 KiB long. */
	CHECK_EQ_HEX(fake_r32(&fr, 0x244) & 0x3FFFF, 0x3E100, "H2C head");
	CHECK_EQ_HEX(fake_r32(&fr, 0x248) & 0x3FFFF, 0x3E500, "H2C tail");
	CHECK_EQ_HEX(fr.mem[0x20B], 3, "3 frames per bulk OUT");
	CHECK_EQ_INT(fr.mem[0x60F], 4, "32-byte PHY status");
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF400220E, "RCR + APP_PHYSTS");
	CHECK_EQ_HEX(fake_r32(&fr, 0x620), 0xFFFFFFFF, "MAR: all groups");
	CHECK_EQ_HEX(fake_r32(&fr, 0x514), 0x100A0E0A, "SIFS");
	CHECK_EQ_HEX(fake_r32(&fr, 0x4C8), 0x3F3F08FF, "protection: agg 0x3F");
	CHECK_EQ_HEX(r16(0x1610), 0x3F87, "RX packet filter control");
	reset(&io, &chip, 3);
	st = ci->ops->mac_init(&chip);
	CHECK(st == DVR_OK && r16(0x10C) == 0xF5A5 && r16(0x240) == 1745,
	      "3 OUT endpoints: map 0xF5A0, 1745 public pages");
	reset(&io, &chip, 2);
	hm.llt_ok = false;
	st = ci->ops->mac_init(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "page list"),
	      "auto-LLT never done: DVR_E_CHIP");
	reset(&io, &chip, 2);
	fr.mem[0x10D4] = 0x40;             /* write pointer moved */
	st = ci->ops->mac_init(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "H2C queue mismatch"),
	      "H2C queue not empty: DVR_E_CHIP");
	reset(&io, &chip, 1);
	CHECK_EQ_INT(ci->ops->mac_init(&chip), DVR_E_UNSUPPORTED,
	             "1 OUT endpoint: no layout");

	/* ---- monitor ---- */
	reset(&io, &chip, 2);
	CHECK_EQ_INT(ci->ops->set_monitor(&chip, false), DVR_OK, "monitor");
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF410400F, "monitor RCR");
	CHECK(r16(0x6A0) == 0xFFFF && r16(0x6A2) == 0xFFFF &&
	      r16(0x6A4) == 0xFFFF, "RX filter maps open");
	ci->ops->set_monitor(&chip, true);
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF410430F,
	             "keep corrupted: + ACRC32 + AICV");

	/* ---- RF access ---- */
	reset(&io, &chip, 2);
	halmac_rf_write(&chip, 1, 0x18, 0xFFFFF, 0x12345);
	CHECK_EQ_HEX(fake_r32(&fr, 0x4C00 + 0x18 * 4) & 0xFFFFF, 0x12345,
	             "RF B 0x18 through the direct window");
	halmac_rf_write(&chip, 0, 0x00, 0xFFFFF, 0x3FFFF);
	CHECK_EQ_HEX(fake_r32(&fr, 0x1808), 0x3FFFF,
	             "RF A 0x00 through the LSSI port");
	CHECK_EQ_HEX(fake_r32(&fr, 0x3C00), 0, "not through the window");

	/* ---- channel ---- */
	reset(&io, &chip, 2);
	fr.mem[0x1D70] = 0x30;
	st = ci->ops->set_channel(&chip, &(struct dvr_channel){ 36, 80, 0 });
	CHECK_EQ_INT(st, DVR_OK, "36/80");
	/* primary 36 = lowest (4) in the lower 40 (10): 0x483 = 0xA4. */
	CHECK_EQ_HEX(fr.mem[0x483], 0xA4, "MAC sub-channel codes");
	CHECK_EQ_HEX(r16(0x668) & 0x180, 0x100, "MAC RF mode 80");
	CHECK_EQ_HEX(fake_r32(&fr, 0x9B0) & 0xFF0F, 0x440A,
	             "BB 80 MHz: 0x9B0 [3:0] = 0xA, [15:8] = p | p << 4");
	/* RF 0x18 = band 5G (bits 16, 8) | channel 42 | 80 MHz (bit 12). */
	CHECK_EQ_HEX(fake_r32(&fr, 0x3C60) & 0xFFFFF, 0x1112A, "RF A 0x18");
	CHECK_EQ_HEX(fake_r32(&fr, 0x4C60) & 0xFFFFF, 0x1112A, "RF B 0x18");
	CHECK(fr.mem[0x1C91] & 0x01, "3-wire released after the RF write");
	CHECK(fr.mem[0x1833] & 0x20, "path A analog update forced");
	CHECK(fr.mem[0x454] & 0x80, "CCK check on (5 GHz)");
	CHECK_EQ_HEX(fr.mem[0x1D70] & 0x7F, 0x30, "IGI toggled back");
	st = ci->ops->set_channel(&chip, &(struct dvr_channel){ 6, 20, 0 });
	CHECK_EQ_INT(st, DVR_OK, "6/20");
	/* channel 6 | 20 MHz (bits 13, 12) = 0x3006 */
	CHECK_EQ_HEX(fake_r32(&fr, 0x3C60) & 0xFFFFF, 0x3006, "RF 0x18 ch 6");
	CHECK(!(fr.mem[0x454] & 0x80), "CCK allowed on 2.4 GHz");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1A24), 0x3E18FEC8, "CCK TX filter");
	st = ci->ops->set_channel(&chip, &(struct dvr_channel){ 14, 20, 0 });
	CHECK(st == DVR_OK && fake_r32(&fr, 0x1A24) == 0x4962C931,
	      "channel 14 CCK TX filter");
	st = ci->ops->set_channel(&chip, &(struct dvr_channel){ 153, 40, 0 });
	/* 149/153 pair, centre 151, bit 18 for 149-177, 40 MHz bit 13. */
	CHECK(st == DVR_OK &&
	      (fake_r32(&fr, 0x3C60) & 0xFFFFF) == (0x50000u | 0x2000 | 0x100 | 151),
	      "153/40: centre 151 with the upper-band bit");
	st = ci->ops->set_channel(&chip, &(struct dvr_channel){ 14, 40, 0 });
	CHECK(st == DVR_E_INVALID && chip.error[0], "14/40 refused");

	/* ---- PHY init: BB/AGC/cal-init/RF tables, crystal, TRX mode,
	 * coex grants ---- */
	reset(&io, &chip, 2);
	chip.id.cut = 3;
	chip.id.rfe_type = 0;
	chip.id.crystal_cap = 0x2A;
	struct rtl8822c_priv priv = { 0 };
	chip.priv = &priv;
	fr.mem[0x1703] = 0x20;             /* coex port ready */
	hm.coex_ready = true;
	unsigned w0 = fr.writes;
	st = ci->ops->phy_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "PHY init");
	if (st != DVR_OK)
		printf("# %s\n", chip.error);
	CHECK(fr.writes - w0 > 5000, "thousands of table writes");
	/* 0x1040 [23:10] = cap | cap << 7 = 0x2A | 0x1500 = 0x152A. */
	CHECK_EQ_HEX((fake_r32(&fr, 0x1040) >> 10) & 0x3FFF, 0x152A,
	             "crystal cap in both halves");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1C3C) & 3, 3, "CCK/OFDM blocks on");
	CHECK_EQ_HEX(fake_r32(&fr, 0x180C) & 0x10000003u, 0x10000003u,
	             "3-wire on, path A");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1CD0) >> 28, 0x7, "TX gates 0x1CD0");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1800) & 0xFFFFF, 0x33312, "path A used");
	CHECK_EQ_HEX(fake_r32(&fr, 0x4100) & 0xFFFFF, 0x33312, "path B used");
	CHECK_EQ_HEX(fr.mem[0x820], 0x31, "OFDM TX A+B, 1SS on A");
	/* Bounds as the tables left them: upper = 0x1A98 [15:14] << 4 |
	 * 0x1AA8 [19:16], lower = 0x1A98 [7:6] << 4 | 0x1A70 [27:24]. */
	CHECK_EQ_INT(priv.cck_gain.upper,
	             ((fake_r32(&fr, 0x1A98) >> 14) & 3) << 4 |
	             ((fake_r32(&fr, 0x1AA8) >> 16) & 0xF), "CCK gain upper");
	CHECK_EQ_INT(priv.cck_gain.lower,
	             ((fake_r32(&fr, 0x1A98) >> 6) & 3) << 4 |
	             ((fake_r32(&fr, 0x1A70) >> 24) & 0xF), "CCK gain lower");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1704) & 0xFF80, 0x3300,
	             "coex: GNT_WL software high, GNT_BT by PTA");
	CHECK_EQ_HEX(r16(0xAA), 0x8003, "coex scoreboard: WL active");
	CHECK(fr.mem[0x73] & 0x04, "antenna path owner WLAN");
	/* rtw88 rtw8822c_coex_cfg_gnt_fix, separate antennas, kt_ver 3. */
	CHECK_EQ_HEX(fr.mem[0x1860] & 0x08, 0, "D-cut: path A RF mode may "
	             "follow GNT_BT (0x1860 bit 3 clear)");
	CHECK_EQ_HEX(fr.mem[0x1CA7] & 0x08, 0x08, "D-cut: WL TX not masked "
	             "by BT (0x1CA7 bit 3)");
	/* Before D-cut the RF mode change is disabled instead, and 0x1CA7
	 * keeps what the tables left. */
	reset(&io, &chip, 2);
	chip.id.cut = 2;
	chip.id.crystal_cap = 0x2A;
	memset(&priv, 0, sizeof priv);
	chip.priv = &priv;
	fr.mem[0x1703] = 0x20;
	hm.coex_ready = true;
	st = ci->ops->phy_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "PHY init, C-cut");
	CHECK_EQ_HEX(fr.mem[0x1860] & 0x08, 0x08, "C-cut: 0x1860 bit 3 set");
	CHECK_EQ_HEX(fr.mem[0x1CA7] & 0x08, 0, "C-cut: 0x1CA7 bit 3 left "
	             "clear");
	chip.id.cut = 3;
	chip.priv = NULL;
	reset(&io, &chip, 2);
	st = ci->ops->phy_init(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "coex"),
	      "coex port never ready: DVR_E_CHIP");

	/* ---- DACK with a constant loop-back offset I = +20, Q = -8 ---- */
	reset(&io, &chip, 2);
	fr.mem[0x2DBC] = 0xF8;             /* (20 << 12) | (0x400 - 8) */
	fr.mem[0x2DBD] = 0x43;
	fr.mem[0x2DBE] = 0x01;
	fr.mem[0x1D70] = 0x20;
	CHECK_EQ_INT(rtl8822c_dack(&chip), DVR_OK, "DACK runs");
	/* DAC trim code: offset +20 -> compensation 0x3EC (>= 0x300) ->
	 * 0x7F - 20 * 12 / 5 = 0x4F; offset -8 -> compensation 8 ->
	 * 8 * 12 / 5 + 0x80 = 0x93. Low nibble in 0x18BC/0x18D8 [31:28],
	 * high nibble in 0x18C0/0x18DC [3:0]. */
	CHECK_EQ_HEX(fake_r32(&fr, 0x18BC) >> 28, 0xF, "I code low nibble");
	CHECK_EQ_HEX(fake_r32(&fr, 0x18C0) & 0xF, 0x4, "I code high nibble");
	CHECK_EQ_HEX(fake_r32(&fr, 0x18D8) >> 28, 0x3, "Q code low nibble");
	CHECK_EQ_HEX(fake_r32(&fr, 0x18DC) & 0xF, 0x9, "Q code high nibble");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D70), 0x20, "IGI register restored");
	CHECK(fr.mem[0x1833] & 0x40 && fr.mem[0x4133] & 0x40,
	      "both paths finished (0x1830/0x4130 bit 30)");

	/* ---- TX power ---- */
	reset(&io, &chip, 2);
	fr.mem[0x3A04] = 0x55;
	CHECK_EQ_INT(ci->ops->set_tx_power(&chip, 100), DVR_OK, "TX power");
	CHECK_EQ_INT((fake_r32(&fr, 0x18A0) >> 16) & 0x7F, 100, "CCK ref A");
	CHECK_EQ_INT((fake_r32(&fr, 0x41A0) >> 16) & 0x7F, 100, "CCK ref B");
	CHECK_EQ_INT((fake_r32(&fr, 0x18E8) >> 10) & 0x7F, 100, "OFDM ref A");
	CHECK_EQ_INT((fake_r32(&fr, 0x41E8) >> 10) & 0x7F, 100, "OFDM ref B");
	CHECK_EQ_HEX(fake_r32(&fr, 0x3A04), 0, "per-rate differences 0");
	CHECK_EQ_INT(ci->ops->set_tx_power(&chip, 128), DVR_E_INVALID,
	             "index 128 refused");

	/* ---- calibrated TX power at the range's ends ---- */
	/* A calibration on ch 6/20 (group 2): path A BW40 base 100, 1S
	 * byte 0x12 (BW20 +1, OFDM +2 -> x2), so OFDM 104, MCS7 102; path B
	 * base 96, 1S 0x02: OFDM 100, MCS7 96. Second-stream bytes 0x00,
	 * CCK bases 90 (A) and 80 (B). */
	reset(&io, &chip, 2);
	uint8_t *tp = malloc(RTL8822C_EFUSE_LOG);
	chip.efuse = tp;
	if (tp) {
		memset(tp, 0xFF, RTL8822C_EFUSE_LOG);
		for (unsigned p = 0; p < 2; p++) {
			uint8_t *t = &tp[EFUSE8822C_TX_POWER + p * 42];
			memset(t, 0, 42);
			t[2] = p ? 80 : 90;
			t[6 + 2] = p ? 96 : 100;
			t[11] = p ? 0x02 : 0x12;
		}
		chip.channel = (struct dvr_channel){ 6, 20, 0 };
		CHECK_EQ_INT(ci->ops->calibrated_tx_power(&chip), 102,
		             "calibrated: path A MCS7 100 + 2");
		CHECK_EQ_INT(rtl8822c_txpwr_index(tp, 1, 0x04, 6, 20),
		             100 - 12, "path B 6M: OFDM 100, 3 dB without DPD");
		/* 127 for MCS7 on A: shift +25. A OFDM 129 saturates at 127
		 * (difference 0), B OFDM 125 over B MCS7 121 (+4): the shared
		 * difference is the smaller, 0. */
		CHECK_EQ_INT(ci->ops->set_tx_power(&chip, 127), DVR_OK,
		             "TX power 127");
		CHECK_EQ_INT((fake_r32(&fr, 0x18E8) >> 10) & 0x7F, 127,
		             "top: OFDM ref A");
		CHECK_EQ_INT((fake_r32(&fr, 0x41E8) >> 10) & 0x7F, 121,
		             "top: OFDM ref B keeps its distance");
		CHECK_EQ_INT((fake_r32(&fr, 0x18A0) >> 16) & 0x7F, 115,
		             "top: CCK ref A 90 + 25");
		CHECK_EQ_HEX(fake_r32(&fr, 0x3A08), 0,
		             "top: OFDM 24-54M difference saturated to 0");
		/* 0: shift -102. A: everything 0 (OFDM 2, MCS7 0 -> +2);
		 * B: MCS7 0, OFDM 100 - 102 -> 0 (difference 0). Min 0. 6M:
		 * A 104 - 12 - 102 = -10 -> 0, difference 0 on both. */
		CHECK_EQ_INT(ci->ops->set_tx_power(&chip, 0), DVR_OK,
		             "TX power 0");
		CHECK_EQ_INT((fake_r32(&fr, 0x41E8) >> 10) & 0x7F, 0,
		             "bottom: OFDM ref B stops at 0");
		CHECK_EQ_HEX(fake_r32(&fr, 0x3A04), 0,
		             "bottom: 6M-18M differences all 0");
		/* one path: path A's own differences (OFDM +2, 6M/9M -10) */
		chip.id.is_1t1r = true;
		fr.mem[0x41E9] = 0;
		CHECK_EQ_INT(ci->ops->set_tx_power(&chip, 102), DVR_OK,
		             "1T1R TX power 102");
		CHECK_EQ_HEX(fake_r32(&fr, 0x3A04), 0x02027676,
		             "1T1R: 6M/9M -10 (7-bit 0x76), 12M/18M +2");
		CHECK_EQ_HEX(fake_r32(&fr, 0x41E8), 0,
		             "1T1R: path B reference not written");
		chip.id.is_1t1r = false;
	}
	free(tp);
	chip.efuse = NULL;

	/* ---- TX idle ---- */
	reset(&io, &chip, 2);
	fr.mem[0x230] = 64;
	fr.mem[0x232] = 60;
	CHECK_EQ_INT(ci->ops->wait_tx_idle(&chip, 3), DVR_E_TIMEOUT,
	             "frames queued: timeout");
	fr.mem[0x232] = 64;
	CHECK_EQ_INT(ci->ops->wait_tx_idle(&chip, 3), DVR_OK, "queue empty");

	/* ---- power off ---- */
	reset(&io, &chip, 2);
	chip.priv = calloc(1, sizeof(struct rtl8822c_priv));
	fr.mem[0x100] = 0xFF;
	ci->ops->power_off(&chip);
	CHECK(chip.priv == NULL, "power off frees the private state");
	CHECK_EQ_HEX(fr.mem[0x100], 0, "MAC stopped");
	CHECK_EQ_HEX(r16(0xAA), 0x8000, "coex told WLAN is off");
	CHECK(fr.mem[0x05] & 0x18, "card disable reached (0x05 [4:3] set)");

	/* ---- USB2 -> USB3 switch ---- */
	bool sw = true;
	uint8_t up[RTL8822C_EFUSE_LOG];
	memset(up, 0xFF, sizeof up);
	up[0x06] = 0x00;                   /* usb_mode: bit 7 clear */
	reset(&io, &chip, 2);
	chip.efuse = up;
	fr.mem[0xC6] = 0x10;               /* PAD_CTRL2 bit 20: capable */
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && !sw,
	      "EFUSE forbids the switch: nothing done");
	up[0x06] = 0x80;
	fr.mem[0xFF] = 0x20;
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && !sw,
	      "already SuperSpeed: nothing done");
	fr.mem[0xFF] = 0x00;
	CHECK(halmac_usb3_switch(&chip, &sw) == DVR_OK && sw,
	      "capable USB2 link: switch requested");
	CHECK_EQ_HEX((fake_r32(&fr, 0xC4) >> 16) & 0x0F, 0xB,
	      "PAD_CTRL2: mode 2 in [19:18], bits 17 and 16");
	CHECK_EQ_HEX(fr.mem[0xC5], 0x04, "PAD_CTRL2 byte 1 = 0x04");
	chip.efuse = NULL;

	/* ---- firmware heartbeat through the register mailboxes ---- */
	reset(&io, &chip, 2);
	CHECK_EQ_INT(halmac_fw_keepalive(&chip), DVR_OK, "heartbeat sent");
	CHECK(fake_r32(&fr, 0x1D0) == 0x01000020 && fake_r32(&fr, 0x1F0) ==
	      0x00000C00, "box 0: SET_PWR_MODE all-on");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1D4), 0x58u | 100u << 8,
	             "box 1: WL_PHY_INFO with TX throughput 100");
	CHECK_EQ_INT(chip.h2c_box, 2, "next command goes to box 2");
	fr.mem[0x1CC] = 0x04;              /* box 2 still busy */
	CHECK_EQ_INT(halmac_fw_keepalive(&chip), DVR_E_TIMEOUT,
	             "busy mailbox: DVR_E_TIMEOUT");

	/* ---- IQK ---- */
	reset(&io, &chip, 2);
	fr.mem[0x2D9C] = 0xAA;
	fr.mem[0x522] = 0xFF;
	bulk_count = 0;
	CHECK_EQ_INT(rtl8822c_calibrate(&chip), DVR_OK, "IQK completes");
	CHECK_EQ_INT(bulk_count, 1, "one H2C packet");
	CHECK_EQ_INT(r16(0x522), 0, "TX queues resumed after IQK");
	CHECK(chip.calib.runs == 1 && chip.calib.paths == 2 &&
	      chip.calib.failed_tx == 0 && chip.calib.failed_rx == 0,
	      "IQK recorded as done on both paths");
	reset(&io, &chip, 2);
	fr.mem[0x522] = 0xFF;
	st = rtl8822c_calibrate(&chip);
	CHECK_EQ_INT(st, DVR_OK, "IQK never reported: bring-up goes on, as "
	             "rtw88");
	CHECK(chip.calib.runs == 1 && chip.calib.failed_tx == 3 &&
	      chip.calib.failed_rx == 3,
	      "IQK never reported: recorded as failed on both paths");
	CHECK_EQ_INT(r16(0x522), 0, "TX queues resumed after a failed IQK");
	return check_done();
}

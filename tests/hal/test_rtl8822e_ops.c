/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822E chip data and identification against a fake register file:
 * the USB ids and firmware file, the chip-id probe, the OTP EFUSE read
 * (power cut and burst mode around it, the 0x30 port's [26:16] address
 * and RDY bit 29, two-byte block headers after the security-control
 * bytes), the RFE type with its default for a blank byte and the warning
 * naming that byte, the table conditions, the board caveat, the
 * power-on system step of the B cut and the vendor's MAC constants.
 *
 * The fake OTP answers only while the software power cut is in (0x00
 * bits 14 and 15 set, bit 8 clear) and burst mode is on (0xA4 bit 19);
 * otherwise every byte reads 0xFF, as OpenIPC devourer found the chip
 * does (HalJaguar3.cpp efuse_pwr_cut_8822e). The physical map is written
 * by this test's own encoder from the vendor layout (rtl88x2eu
 * halmac_efuse_8822e.c eeprom_parser_8822e).
 */
#include <stdlib.h>

#include "../check.h"
#include "../le_bytes.h"
#include "fake_halmac.h"
#include "hal/common/efuse.h"
#include "hal/rtl8822e/rtl8822e.h"

static struct fake_regs fr;
static struct fake_halmac hm;
static uint8_t otp[2048];       /* physical OTP, 0xFF unprogrammed */
static bool otp_answers;        /* false: RDY never comes */
static unsigned otp_reads;

static bool otp_powered(const struct fake_regs *f)
{
	uint16_t iso = (uint16_t)(f->mem[0x00] | f->mem[0x01] << 8);

	return (iso & 0xC000) == 0xC000 && !(iso & 0x0100) &&
	       (fake_r32(f, 0xA4) & (1u << 19));
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	fake_halmac_write(f, &hm, addr, len);
	/* OTP read: mode [31:30] 0, address [26:16], RDY (bit 29) clear;
	 * the chip sets RDY with the byte in [7:0]. (fake_halmac_write's
	 * 0x30 port looks at bit 31, which stays clear here.) */
	uint32_t v = fake_r32(f, 0x30);
	if (fake_hits(addr, len, 0x33) && !(v & 0xC0000000u) &&
	    !(v & (1u << 29)) && otp_answers) {
		unsigned a = (v >> 16) & 0x7FF;
		otp_reads++;
		put32(f->mem + 0x30, (v & ~0xFFFFu) | (1u << 29) |
		                     (otp_powered(f) ? otp[a] : 0xFF));
	}
}

static int no_bulk(struct dvr_transport *t, unsigned out_idx,
                   const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	(void)t;
	(void)out_idx;
	(void)buf;
	(void)timeout_ms;
	return (int)len;
}

static const struct dvr_transport_ops ops = FAKE_HALMAC_OPS(no_bulk);

/* A powered chip: id 0x17, cut B (SYS_CFG1 [15:12] = 1), 2T2R (bit 27). */
static void reset(struct dvr_io *io, struct dvr_chip *chip)
{
	fake_halmac_init(&fr, io, &ops, 3, on_write, &hm);
	fr.mem[0xFC] = RTL8822E_CHIP_ID;
	fr.mem[0xF1] = 0x10;
	fr.mem[0xF3] = 0x08;
	otp_answers = true;
	otp_reads = 0;
	hm.efuse_ok = false;    /* not the other port's flag-31 answer */
	*chip = (struct dvr_chip){ .info = &rtl8822e_info, .io = io,
	                           .n_out = 3 };
}

/* The test's encoder: logical bytes [at, at + n) into two-byte-header
 * blocks from physical *p on (first byte 0x30 | block >> 4, second
 * (block & 0xF) << 4 | word-enable, bit set = word absent). */
static void otp_put(unsigned *p, unsigned at, const uint8_t *bytes,
                    unsigned n)
{
	uint8_t log[2048];

	memset(log, 0xFF, sizeof log);
	memcpy(log + at, bytes, n);
	for (unsigned blk = at / 8; blk * 8 < at + n; blk++) {
		uint8_t we = 0x0F;
		for (unsigned w = 0; w < 4; w++) {
			unsigned o = blk * 8 + w * 2;
			if (o + 1 >= at && o < at + n)
				we &= (uint8_t)~(1u << w);
		}
		otp[(*p)++] = (uint8_t)(0x30 | blk >> 4);
		otp[(*p)++] = (uint8_t)((blk & 0xF) << 4 | we);
		for (unsigned w = 0; w < 4; w++)
			if (!(we & (1u << w))) {
				otp[(*p)++] = log[blk * 8 + w * 2];
				otp[(*p)++] = log[blk * 8 + w * 2 + 1];
			}
	}
}

static const uint8_t mac[6] = { 0x00, 0xE0, 0x4C, 0x88, 0x22, 0xEE };

/* A programmed board: RFE @p rfe, crystal 0x25, the MAC address. */
static void program(uint8_t rfe)
{
	unsigned p = RTL8822E_EFUSE_MAP_START;
	uint8_t xtal = 0x25;
	const uint8_t id[2] = { 0x29, 0x81 };       /* EEPROM id 0x8129 */

	memset(otp, 0xFF, sizeof otp);
	otp[0] = otp[1] = otp[2] = otp[3] = 0x5A;   /* security control */
	otp_put(&p, 0, id, 2);
	otp_put(&p, EFUSE8822E_XTAL, &xtal, 1);
	otp_put(&p, EFUSE8822E_RFE, &rfe, 1);
	otp_put(&p, EFUSE8822E_MAC, mac, 6);
	otp[0x5C6] = 0xF2;                          /* PA bias 2G A */
}

static int read_byte(void *ctx, unsigned addr, uint8_t *out)
{
	const uint8_t *m = ctx;
	*out = m[addr];
	return DVR_OK;
}

int main(void)
{
	struct dvr_io io;
	struct dvr_chip chip;
	int st;

	/* ---- chip data ---- */
	const struct dvr_chip_info *ci = &rtl8822e_info;
	CHECK(strstr(ci->name, "RTL8812EU") && strstr(ci->name, "RTL8822EU"),
	      "name says both bondings");
	CHECK(ci->n_usb_ids == 3 && ci->usb_ids[0].vid == 0x0bda &&
	      ci->usb_ids[0].pid == 0xa81a && ci->usb_ids[1].pid == 0xe822 &&
	      ci->usb_ids[2].pid == 0xa82a,
	      "the vendor table's three ids, 0bda:a81a first");
	CHECK(dvr_hal_find_chip(0x0bda, 0xa81a) == ci &&
	      dvr_hal_find_chip(0x0bda, 0xe822) == ci &&
	      dvr_hal_find_chip(0x0bda, 0xa82a) == ci,
	      "the registry finds the chip by each id");
	CHECK(strcmp(ci->fw_file, "rtw8822e_fw.bin") == 0,
	      "its own firmware file");
	CHECK(ci->fw_kind == DVR_FW_3081_DDMA && ci->fw_3081 &&
	      ci->fw_3081->cfg.signature == 0x8822,
	      "3081 download, signature 0x8822 like the 8822C");
	CHECK(ci->efuse_log_size == 2048, "logical EFUSE 2048 bytes");
	CHECK(halmac_data(&(struct dvr_chip){ .info = ci })->chip_id == 0x17,
	      "chip id 0x17");
	CHECK(ci->ops->probe && ci->ops->identify && ci->ops->power_on &&
	      ci->ops->download_firmware && ci->ops->mac_init &&
	      ci->ops->phy_init && ci->ops->set_monitor &&
	      ci->ops->set_channel && ci->ops->set_tx_power &&
	      ci->ops->wait_tx_idle && ci->ops->power_off &&
	      ci->ops->tx_out_index && ci->ops->build_tx_desc &&
	      ci->ops->parse_rx_pkt, "every op the core calls is there");

	/* ---- probe ---- */
	reset(&io, &chip);
	CHECK_EQ_INT(ci->ops->probe(&chip), DVR_OK, "probe: 0x17 is ours");
	fr.mem[0xFC] = 0x13;
	st = ci->ops->probe(&chip);
	CHECK(st == DVR_E_NOT_FOUND && strstr(chip.error, "0x13"),
	      "probe: an 8822C (0x13) is not");

	/* ---- identify, programmed RFE 22 ---- */
	reset(&io, &chip);
	program(22);
	st = ci->ops->identify(&chip);
	CHECK_EQ_INT(st, DVR_OK, "identify");
	CHECK_EQ_INT(chip.id.rfe_type, 22, "RFE type 22 from 0xCA");
	CHECK(chip.warning[0] == '\0', "no warning for a programmed RFE");
	CHECK(memcmp(chip.id.mac_addr, mac, 6) == 0, "MAC address from 0x157");
	CHECK_EQ_INT(chip.id.crystal_cap, 0x25, "crystal from 0xB9");
	CHECK_EQ_INT(chip.id.cut, 1, "cut B as read");
	CHECK(!chip.id.is_1t1r, "2T2R");
	CHECK(!chip.efuse_blank, "map not blank");
	CHECK(otp_reads > 0 && otp_reads < 64,
	      "the read stops at the first 0xFF header");
	uint16_t iso = (uint16_t)(fr.mem[0x00] | fr.mem[0x01] << 8);
	CHECK((iso & 0xC000) == 0 && (iso & 0x0100),
	      "power cut undone: EV2EF_S/B clear, EB2CORE set again");
	CHECK(!(fr.mem[0xCC] & 0x04) && !(fake_r32(&fr, 0xA4) & (1u << 19)),
	      "PMC write mask and burst mode back off");
	struct dvr_phy_cond c;
	rtl8822e_phy_cond(&chip, &c);
	CHECK(c.match == DVR_PHY_MATCH_HEADLINE && c.cut == 1 && c.board == 22,
	      "tables walked by the headline rule, cut as read, RFE 22");
	uint8_t pa;
	CHECK(halmac_read_phys_efuse(&chip, 0x5C6, &pa) == DVR_OK && pa == 0xF2,
	      "a protected byte (PA bias 0x5C6) read through the OTP port");
	dvr_chip_state_free(&chip);

	/* ---- blank and zero RFE: 21 with a warning naming 0xCA ---- */
	reset(&io, &chip);
	program(0xFF);
	CHECK_EQ_INT(ci->ops->identify(&chip), DVR_OK, "identify, RFE 0xFF");
	CHECK_EQ_INT(chip.id.rfe_type, 21, "blank RFE byte -> 21");
	CHECK(strstr(chip.warning, "0xCA") && strstr(chip.warning, "0xFF") &&
	      strstr(chip.warning, "21"), "warning names byte 0xCA and 21");
	printf("# %s\n", chip.warning);
	dvr_chip_state_free(&chip);
	reset(&io, &chip);
	program(0);
	CHECK_EQ_INT(ci->ops->identify(&chip), DVR_OK, "identify, RFE 0");
	CHECK_EQ_INT(chip.id.rfe_type, 21, "RFE 0 -> 21");
	CHECK(strstr(chip.warning, "0xCA") && strstr(chip.warning, "0x00"),
	      "warning for RFE 0");
	dvr_chip_state_free(&chip);
	bool d;
	CHECK(rtl8822e_rfe_type(23, &d) == 23 && !d, "RFE 23 kept");

	/* A blank OTP: everything 0xFF, RFE 21 and a warning. */
	reset(&io, &chip);
	memset(otp, 0xFF, sizeof otp);
	CHECK_EQ_INT(ci->ops->identify(&chip), DVR_OK, "identify, blank OTP");
	CHECK(chip.efuse_blank && chip.id.rfe_type == 21 && chip.warning[0],
	      "blank OTP: RFE 21 with a warning");
	dvr_chip_state_free(&chip);

	/* A read that never completes: a clear error, the power cut still
	 * undone. */
	reset(&io, &chip);
	program(21);
	otp_answers = false;
	st = ci->ops->identify(&chip);
	CHECK(st == DVR_E_CHIP && strstr(chip.error, "bit 29"),
	      "RDY never set: DVR_E_CHIP naming bit 29");
	iso = (uint16_t)(fr.mem[0x00] | fr.mem[0x01] << 8);
	CHECK((iso & 0xC000) == 0 && (iso & 0x0100),
	      "power cut undone after a failed read");
	dvr_chip_state_free(&chip);

	/* ---- power on: the vendor flows, B-cut LDO step ---- */
	reset(&io, &chip);
	chip.id.cut = 1;                    /* identify's, B */
	fr.mem[0x100] = 0xEA;              /* MAC off */
	fr.mem[0x06] = 0x02;               /* power ready */
	fr.mem[0x1018] = 0x07;
	st = ci->ops->power_on(&chip);
	CHECK_EQ_INT(st, DVR_OK, "power on");
	CHECK(fr.mem[0x06] & 0x01, "WLON reset released (sequence row)");
	CHECK((fake_r32(&fr, 0x1080) & 0x10100) == 0x10100,
	      "platform reset released and DDMA on");
	CHECK((fr.mem[0x03] & 0xD8) == 0xD8, "SYS_FUNC_EN high byte |= 0xD8");
	CHECK_EQ_HEX(fr.mem[0x1103] & 0x0F, 0x0C, "PHY request delay 0xC");
	CHECK_EQ_HEX(fr.mem[0x1018], 0x04, "B-cut: LDO_VSEL 0x1018 [1:0] clear");
	reset(&io, &chip);
	chip.id.cut = 2;
	fr.mem[0x100] = 0xEA;
	fr.mem[0x06] = 0x02;
	fr.mem[0x1018] = 0x07;
	CHECK(ci->ops->power_on(&chip) == DVR_OK && (fr.mem[0x1018] & 0x03),
	      "C-cut: LDO_VSEL left alone");

	/* ---- MAC init: the vendor's constants, RX aggregation on ---- */
	reset(&io, &chip);
	st = ci->ops->mac_init(&chip);
	CHECK_EQ_INT(st, DVR_OK, "MAC init");
	CHECK(fr.mem[0x10C] & 0x04, "RX aggregation enabled (0x10C bit 2)");
	CHECK_EQ_HEX(fr.mem[0x283] & 0x80, 0, "RX aggregation in USB mode");
	CHECK_EQ_HEX(fake_r32(&fr, 0x4C8), 0x203F08FF,
	             "protection: RTS aggregation 0x20");
	CHECK(fr.mem[0x4E5] == 0xE4 && fr.mem[0x4E6] == 0x09,
	      "pre-TX count 0x1E4, enabled");
	CHECK_EQ_HEX(fake_r32(&fr, 0x608), 0xF410220E,
	             "RCR WLAN_RCR_CFG + APP_PHYSTS");
	CHECK_EQ_HEX(fake_r32(&fr, 0x7D8), 0xB1810041, "MAC option 2");
	CHECK((fr.mem[0x1665] & 0x03) == 0x03, "RX FIFO grant cut, dummy FCS");
	CHECK(fr.mem[0x530] & 0x01, "no BAR after an MU failure");
	CHECK((fake_r32(&fr, 0x1428) >> 28 & 3) == 1 &&
	      (fake_r32(&fr, 0x142C) >> 28 & 3) == 1,
	      "TXBF sounding-failure protection bypassed");
	CHECK_EQ_HEX(fake_r32(&fr, 0x514), 0x100A0E0A, "SIFS");
	CHECK_EQ_HEX(fake_r32(&fr, 0x1614), 0xFFFFFFFF, "RX filter: all types");

	/* ---- front end: RFE pins (vendor phydm_rfe_8822e), RF 0x1A ---- */
	struct rtl8822e_rfe_pins pins;
	CHECK(rtl8822e_rfe_pins(21, false, 3, &pins) &&
	      pins.reg[0] == 0x00002000 && pins.reg[1] == 0x00003000 &&
	      pins.reg[2] == 0x00200000 && pins.reg[3] == 0x00000030,
	      "RFE 21, 5 GHz, A+B");
	CHECK(rtl8822e_rfe_pins(22, false, 2, &pins) &&
	      pins.reg[0] == 0x00007000 && pins.reg[1] == 0x00007007 &&
	      pins.reg[2] == 0x00200000 && pins.reg[3] == 0x00000030,
	      "RFE 22, 5 GHz, B only");
	CHECK(rtl8822e_rfe_pins(21, false, 1, &pins) &&
	      pins.reg[0] == 0x00002000 && pins.reg[2] == 0x70700000,
	      "RFE 21, 5 GHz, A only");
	CHECK(rtl8822e_rfe_pins(21, true, 3, &pins) &&
	      pins.reg[0] == 0x00007000 && pins.reg[1] == 0x00007007 &&
	      pins.reg[2] == 0x70700000 && pins.reg[3] == 0x00000070,
	      "RFE 21, 2.4 GHz: the none pattern whatever the path");
	CHECK(!rtl8822e_rfe_pins(23, false, 3, &pins) &&
	      !rtl8822e_rfe_pins(1, false, 3, &pins),
	      "no pin set-up for another RFE type");
	reset(&io, &chip);
	chip.id.rfe_type = 21;
	CHECK(rtl8822e_set_rfe_pins(&chip, false, 3) == DVR_OK &&
	      fake_r32(&fr, 0x1840) == 0x2000 && fake_r32(&fr, 0x4144) == 0x30,
	      "pins written");
	chip.id.rfe_type = 5;
	put32(fr.mem + 0x1840, 0x12345678);
	CHECK(rtl8822e_set_rfe_pins(&chip, true, 3) == DVR_OK &&
	      fake_r32(&fr, 0x1840) == 0x12345678, "RFE 5: pins left alone");

	CHECK_EQ_HEX(rtl8822e_rf1a_for_bw(0xFFFFF, 20), 0xF8FFE,
	             "RF 0x1A at 20 MHz: [14:10] = 0x03, bit 0 clear");
	CHECK_EQ_HEX(rtl8822e_rf1a_for_bw(0xFFFFF, 40), 0xE9BFF,
	             "RF 0x1A at 40 MHz: [14:10] = 0x06, bit 0 set, bit 16 "
	             "clear");
	CHECK_EQ_HEX(rtl8822e_rf1a_for_bw(0x00000, 80), 0x02400,
	             "RF 0x1A at 80 MHz: [14:10] = 0x09");
	CHECK_EQ_HEX(rtl8822e_rf1a_for_bw(0x10001, 10), 0x10C00,
	             "RF 0x1A at 10 MHz: the 20 MHz filter, bit 16 kept");
	reset(&io, &chip);
	put32(fr.mem + 0x3C00 + 4 * 0x1A, 0x00001);
	put32(fr.mem + 0x4C00 + 4 * 0x1A, 0x7FFFF);
	CHECK(rtl8822e_set_bw_filter(&chip, 40) == DVR_OK &&
	      fake_r32(&fr, 0x3C68) == 0x01801 && fake_r32(&fr, 0x4C68) == 0x01801,
	      "path A's value with the 40 MHz filter, written to both paths");

	/* ---- what is known of the board: 2.4 GHz TX of RFE 21 ---- */
	{
		struct dvr_chip b = { .info = ci };
		struct dvr_channel c6 = { 6, 20, 0 }, c36 = { 36, 20, 0 };
		CHECK(ci->ops->tx_caveat, "the chip says what its boards do");
		b.id.rfe_type = 21;
		const char *why = ci->ops->tx_caveat(&b, &c6);
		CHECK(why && strstr(why, "2.4 GHz") && strstr(why, "RFE type 21"),
		      "RFE 21 at channel 6: TX no receiver decodes, with why");
		CHECK(!ci->ops->tx_caveat(&b, &c36),
		      "RFE 21 at channel 36: nothing known");
		b.id.rfe_type = 22;
		CHECK(!ci->ops->tx_caveat(&b, &c6),
		      "RFE 22 at channel 6: nothing known against it");
	}

	/* ---- the decoder alone ---- */
	uint8_t phys[64], log[64];
	memset(phys, 0xFF, sizeof phys);
	phys[4] = 0x30;
	phys[5] = 0x1E;       /* block 1, word 0 only */
	phys[6] = 0xAB;
	phys[7] = 0xCD;
	phys[8] = 0x30;
	phys[9] = 0x7C;       /* block 7, words 0 and 1: past a 60-byte map */
	phys[10] = 1;
	phys[11] = 2;
	phys[12] = 3;
	phys[13] = 4;
	size_t used = 0;
	st = dvr_efuse_decode_2byte(read_byte, phys, 4, sizeof phys, log, 60,
	                            &used);
	CHECK(st == DVR_OK && log[8] == 0xAB && log[9] == 0xCD &&
	      log[10] == 0xFF, "block 1 word 0");
	CHECK(log[56] == 1 && log[57] == 2 && log[58] == 3 && log[59] == 4,
	      "block 7 words inside the map");
	phys[9] = 0x70;       /* block 7, all four words: the last ones fall
	                         outside the map */
	st = dvr_efuse_decode_2byte(read_byte, phys, 4, sizeof phys, log, 60,
	                            &used);
	CHECK(st == DVR_OK && used == 14,
	      "a word past the logical map ends the walk");
	return check_done();
}

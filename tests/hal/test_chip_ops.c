/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812A chip ops against a small behavioural fake (EFUSE port, LLT,
 * self-clearing power bits): identify, power_on queue set-up per endpoint
 * count, MAC/PHY init, monitor, channel plans and RF 0x18, TX power,
 * power_off, and the registry.
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "hal/hal.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/rtl8812a/rtl8812a.h"

extern const struct dvr_chip_info rtl8812a_info;

struct sim {
	uint8_t efuse[1024];
	uint8_t llt[256];
	uint32_t lssi_a, lssi_b;
	unsigned lssi_writes;
};

static void sim_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                      uint16_t len, const uint8_t *old)
{
	struct sim *s = f->user;
	(void)buf;
	(void)old;
	if (addr == 0x30 && len == 4) {
		uint32_t v = fake_r32(f, 0x30);
		unsigned a = (v >> 8) & 0x3FF;
		if (!(v & 0x80000000u)) {
			f->mem[0x30] = s->efuse[a];
			f->mem[0x33] |= 0x80;
		}
	}
	if (fake_hits(addr, len, 0x05))
		f->mem[0x05] &= (uint8_t)~0x03;   /* APFM on/off self-clear */
	if (addr == 0x1E0 && len == 4) {
		uint32_t v = fake_r32(f, 0x1E0);
		s->llt[(v >> 8) & 0xFF] = (uint8_t)v;
		f->mem[0x1E3] &= 0x3F;
	}
	if (addr == 0xC90 && len == 4) {
		s->lssi_a = fake_r32(f, 0xC90);
		s->lssi_writes++;
	}
	if (addr == 0xE90 && len == 4)
		s->lssi_b = fake_r32(f, 0xE90);
}

static void sim_reset(struct fake_regs *f, struct dvr_io *io, struct sim *s,
                      unsigned n_out)
{
	fake_init(f, io);
	f->on_write = sim_write;
	f->user = s;
	f->mem[0x06] = 0x02;   /* power ready */
	f->mem[0x41A] = 0xFF;  /* TX queues empty: REG_TXPKT_EMPTY [11:0] */
	f->mem[0x41B] = 0x0F;
	f->mem[0xF1] = 0x20;   /* SYS_CFG[15:12] = 2 -> cut 3 (D) */
	f->mem[0x100] = 0xEA;  /* MAC off */
	(void)n_out;
}

/* Encode logical bytes [start, start+16) as two full-block entries. */
static size_t put_blocks(uint8_t *phys, size_t p, const uint8_t *log,
                         unsigned first_block, unsigned n_blocks)
{
	for (unsigned b = first_block; b < first_block + n_blocks; b++) {
		if (b < 15) {
			phys[p++] = (uint8_t)(b << 4);          /* all words */
		} else {
			phys[p++] = (uint8_t)((b & 7) << 5 | 0x0F);
			phys[p++] = (uint8_t)((b >> 3) << 4);
		}
		memcpy(phys + p, log + b * 8, 8);
		p += 8;
	}
	return p;
}

static bool lists_id(const struct dvr_chip_info *ci, uint16_t vid,
                     uint16_t pid)
{
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		if (ci->usb_ids[i].vid == vid && ci->usb_ids[i].pid == pid)
			return true;
	return false;
}

int main(void)
{
	static struct fake_regs f;
	static struct sim s;
	struct dvr_io io;
	struct dvr_chip chip = { .info = &rtl8812a_info, .io = &io,
	                         .n_out = 2 };
	const struct dvr_chip_ops *ops = rtl8812a_info.ops;

	/* ---- identify, blank EFUSE ---- */
	memset(&s, 0xFF, sizeof s.efuse);
	sim_reset(&f, &io, &s, 2);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify blank");
	CHECK_EQ_INT(chip.id.cut, 3, "cut = SYS_CFG[15:12] + 1");
	CHECK_EQ_INT(chip.id.rfe_type, 0, "blank: RFE 0");
	CHECK_EQ_INT(chip.id.crystal_cap, 0x20, "blank: crystal default");
	CHECK(!chip.id.ext_pa_5g && !chip.id.ext_lna_2g, "blank: internal amps");
	CHECK(!chip.id.is_1t1r, "blank: 2T2R");
	CHECK(!chip.id.part_name, "blank: named as the RTL8812AU");
	CHECK(chip.id.mac_addr[0] == 0x02, "blank: local fallback MAC");
	CHECK_EQ_HEX(f.mem[0xCF], 0x00, "EFUSE access released");
	ops->power_off(&chip);
	CHECK(chip.priv == NULL, "power_off frees chip state");

	/* ---- identify, programmed EFUSE ---- */
	uint8_t log[512];
	memset(log, 0xFF, sizeof log);
	static const uint8_t mac[6] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55 };
	memcpy(log + 0xD7, mac, 6);
	log[0xB9] = 0x2A;          /* crystal */
	log[0xBC] = 0x03;          /* ext PA 5G only */
	log[0xBD] = 0x00;
	log[0xBF] = 0x8C | 0x40;   /* ext LNA 5G; APA type bit6 -> 4|1 */
	log[0xCA] = 0x02;          /* RFE option 2 */
	memset(s.efuse, 0xFF, sizeof s.efuse);
	size_t p = put_blocks(s.efuse, 0, log, 0xB8 / 8, 3);   /* 0xB8-0xCF */
	put_blocks(s.efuse, p, log, 0xD0 / 8, 2);              /* 0xD0-0xDF */
	s.efuse[1019] = 0x20;      /* antenna = 1: a 1T1R board */
	sim_reset(&f, &io, &s, 2);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify programmed");
	CHECK_MEM(chip.id.mac_addr, mac, 6, "MAC from EFUSE 0xD7");
	CHECK_EQ_INT(chip.id.crystal_cap, 0x2A, "crystal from 0xB9");
	CHECK(chip.id.ext_pa_5g && !chip.id.ext_pa_2g, "ext PA 5G");
	CHECK(chip.id.ext_lna_5g && !chip.id.ext_lna_2g, "ext LNA 5G");
	CHECK_EQ_INT(chip.id.type_apa, 5, "APA type from LNA5G bits 6/2");
	CHECK_EQ_INT(chip.id.rfe_type, 2, "RFE option 2");
	CHECK(chip.id.is_1t1r, "1T1R from physical byte 1019");
	CHECK(chip.id.part_name && strcmp(chip.id.part_name, "RTL8811AU") == 0,
	      "the die bonded 1T1R is the RTL8811AU");
	chip.id.is_1t1r = false;   /* continue as a 2T2R chip */

	/* ---- power_on per endpoint count ---- */
	static const struct { unsigned n; uint32_t rqpn; uint16_t map;
	                      unsigned ep; } q[] = {
		{ 2, 0x80E60010u, 0xFAF0, 0 },
		{ 3, 0x80D61010u, 0xF5B0, 0 },
		{ 4, 0x80D61010u, 0xC5A0, 3 },
	};
	for (unsigned i = 0; i < 3; i++) {
		char what[80];
		sim_reset(&f, &io, &s, q[i].n);
		f.mem[0x10C] = 0x07;   /* RX bits to preserve */
		chip.n_out = q[i].n;
		snprintf(what, sizeof what, "power_on %u EP", q[i].n);
		CHECK_EQ_INT(ops->power_on(&chip), DVR_OK, what);
		/* Queue pages come after the firmware and the MAC table, as
		 * in rtw88 rtw88xxa_power_on and vendor rtl8812au_hal_init. */
		snprintf(what, sizeof what, "no RQPN before mac_init %u EP",
		         q[i].n);
		CHECK_EQ_HEX(fake_r32(&f, 0x200), 0, what);
		snprintf(what, sizeof what, "mac_init %u EP", q[i].n);
		CHECK_EQ_INT(ops->mac_init(&chip), DVR_OK, what);
		snprintf(what, sizeof what, "RQPN %u EP", q[i].n);
		CHECK_EQ_HEX(fake_r32(&f, 0x200), q[i].rqpn, what);
		snprintf(what, sizeof what, "PQ map %u EP", q[i].n);
		CHECK_EQ_HEX(f.mem[0x10C] | f.mem[0x10D] << 8, q[i].map | 7, what);
		snprintf(what, sizeof what, "MGMT endpoint %u EP", q[i].n);
		CHECK_EQ_INT(ops->tx_out_index(&chip, q[i].n), q[i].ep, what);
	}
	CHECK_EQ_HEX(f.mem[0x5A7], 0xFF, "4 EP: HI queue no limit");
	CHECK_EQ_HEX(f.mem[0x424], 0xF7, "beacon boundary");
	CHECK_EQ_HEX(f.mem[0x114], 0xF7, "TRX FIFO boundary");
	CHECK_EQ_HEX(f.mem[0x116] | f.mem[0x117] << 8, 0x3E7F, "RX FIFO bound");
	CHECK_EQ_HEX(f.mem[0x104], 0x30, "page size");
	CHECK_EQ_HEX(f.mem[0x100] | f.mem[0x101] << 8, 0x063F | 0xC0,
	             "CR enables (power_on) + MAC TX/RX (mac_init)");
	CHECK(fake_r32(&f, 0x20C) & (1u << 9), "DROP_DATA_EN");
	CHECK(s.llt[0] == 1 && s.llt[0xF5] == 0xF6, "LLT chain");
	CHECK_EQ_HEX(s.llt[0xF6], 0xFF, "LLT end of TX list");
	CHECK(s.llt[0xF7] == 0xF8 && s.llt[0xFE] == 0xFF, "LLT reserved chain");
	CHECK_EQ_HEX(s.llt[0xFF], 0xF7, "LLT ring back to boundary");
	CHECK_EQ_INT(ops->tx_out_index(&chip, 1), 0, "1 EP: endpoint 0");

	/* ---- MAC, PHY, monitor ---- */
	chip.n_out = 2;
	CHECK_EQ_INT(ops->mac_init(&chip), DVR_OK, "mac_init");
	CHECK_EQ_HEX(f.mem[0x011], 0x66, "MAC table USB branch");
	CHECK_EQ_HEX(f.mem[0x100] & 0xC0, 0xC0, "MAC TX/RX enabled");
	CHECK_EQ_INT(f.mem[0x60F], 4, "driver info 32 bytes");
	CHECK_MEM(&f.mem[0x610], mac, 6, "MACID programmed");
	CHECK_EQ_INT(ops->phy_init(&chip), DVR_OK, "phy_init");
	CHECK_EQ_HEX((fake_r32(&f, 0x2C) >> 19) & 0xFFF, 0x2A | 0x2A << 6,
	             "crystal cap in 0x2C[30:19]");
	/* 206 = RF-A rows selected for this board, counted independently
	 * from the JSON table (370 plain rows minus the other branches and
	 * the four 0xFFE delay rows) */
	CHECK_EQ_INT(s.lssi_writes, 206, "RF A table written through LSSI");
	CHECK_EQ_INT(ops->set_monitor(&chip, false), DVR_OK, "monitor");
	CHECK_EQ_HEX(fake_r32(&f, 0x608), 0x9000382F, "RCR monitor");
	CHECK_EQ_HEX(fake_r32(&f, 0x6A0), 0x0400FFFF,
	             "RXFLTMAP0 open, RXFLTMAP1 PS-Poll only (rtw88)");
	CHECK_EQ_HEX(f.mem[0x6A4] | f.mem[0x6A5] << 8, 0xFFFF, "RXFLTMAP2 open");
	CHECK_EQ_INT(ops->set_monitor(&chip, true), DVR_OK, "monitor+bad FCS");
	CHECK_EQ_HEX(fake_r32(&f, 0x608), 0x90003B2F, "RCR keep corrupted");

	/* ---- channels ---- */
	static const struct { uint16_t ch, bw; int8_t sec; } bad[] = {
		{ 14, 40, 0 }, { 3, 80, 0 }, { 40, 40, 1 }, { 37, 20, 0 },
		{ 0, 20, 0 }, { 36, 30, 0 }, { 2, 40, -1 }, { 12, 40, 1 },
		{ 36, 80, 1 }, { 200, 20, 0 }, { 15, 20, 0 },
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct dvr_channel c = { bad[i].ch, bad[i].bw, bad[i].sec };
		char what[80];
		snprintf(what, sizeof what, "channel %u/%u/%d rejected",
		         bad[i].ch, bad[i].bw, bad[i].sec);
		CHECK_EQ_INT(ops->set_channel(&chip, &c), DVR_E_INVALID, what);
	}
	CHECK(chip.error[0] != '\0', "invalid channel explained");

	struct dvr_channel c36 = { 36, 80, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c36), DVR_OK, "36/80");
	CHECK_EQ_HEX(s.lssi_a, 0x18u << 20 | 0x10100 | 42, "RF A 0x18 36/80");
	CHECK_EQ_HEX(s.lssi_b, 0x18u << 20 | 0x10100 | 42, "RF B 0x18 36/80");
	CHECK_EQ_HEX(f.mem[0x483], 0xA4, "DATA_SC lower-40 / lowest-20");
	CHECK(f.mem[0x454] & 0x80, "CCK_CHECK set on 5 GHz");
	CHECK_EQ_HEX((fake_r32(&f, 0x668) >> 7) & 3, 2, "MAC 80 MHz");
	CHECK_EQ_HEX((fake_r32(&f, 0x860) >> 17) & 0xFFF, 0x494, "fc_area 36");
	CHECK_EQ_HEX(fake_r32(&f, 0x8AC) & 0x3, 2, "BB 80 MHz");
	CHECK_EQ_HEX(fake_r32(&f, 0xCB0), 0x77337777, "RFE 2 pinmux 5G");
	/* The core records the channel (under its TX locks), as it does
	 * after every successful set_channel. */
	chip.channel = c36;

	struct dvr_channel c6 = { 6, 40, 1 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c6), DVR_OK, "6/40+");
	CHECK_EQ_HEX(s.lssi_a, 0x18u << 20 | 1u << 10 | 8, "RF 0x18 6/40+");
	CHECK_EQ_HEX(f.mem[0x483], 0x02, "DATA_SC lower 20");
	CHECK(!(f.mem[0x454] & 0x80), "CCK_CHECK clear on 2.4 GHz");
	CHECK_EQ_HEX((fake_r32(&f, 0x860) >> 17) & 0xFFF, 0x96A, "fc_area 2G");
	CHECK_EQ_HEX(fake_r32(&f, 0xCB0), 0x77777777, "RFE 2 pinmux 2G");

	struct dvr_channel c149 = { 149, 20, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c149), DVR_OK, "149/20");
	CHECK_EQ_HEX(s.lssi_a, 0x18u << 20 | 0x50100 | 3u << 10 | 149,
	             "RF 0x18 149/20");
	CHECK_EQ_HEX((fake_r32(&f, 0x860) >> 17) & 0xFFF, 0x412, "fc_area 149");
	struct dvr_channel c161 = { 161, 80, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c161), DVR_OK, "161/80");
	CHECK_EQ_HEX(s.lssi_a & 0xFF, 155, "161/80 center 155");
	CHECK_EQ_HEX(f.mem[0x483], 0x93, "DATA_SC upper-40 / uppermost-20");

	/* ---- TX power ---- */
	/* The EFUSE's TX-power block is blank here: the vendor's default
	 * bases (5 GHz 0x2A) and every difference nibble 0xF = -1. At 36/80
	 * (centre 42, groups 0 and 1) MCS7 is (42 + 42) / 2 - 1 = 41, OFDM
	 * 42 - 1 = 41 and 2SS 41 - 1 = 40: asking 30 for MCS7 shifts every
	 * rate by -11. CCK is not written on 5 GHz (rtw88 skips it).
	 * Power by rate (rtw8812a_bb_pg, 5 GHz, BCD) and the worldwide limit
	 * (rtw8812a_txpwr_lmt, the lowest of FCC/ETSI/MKK) come on top, both
	 * relative to the section's base rate: OFDM 6M-18M 44/44/42/42 over
	 * 54M 30, capped by the OFDM limit at ch 36 30 - 30 = 0 -> 41 each;
	 * MCS4-7 36/32/30/28 over MCS7 28 = +8/+4/+2/0, capped by HT1S
	 * 30 - 28 = +2 (ch 36/20 and 38/40) -> 43/43/43/41; VHT1SS 4-7 the
	 * same (VHT takes the HT limit at 20/40 MHz, 80 MHz ch 42 is no
	 * lower); VHT2SS 6-9 28/26/24/22 over VHT2SS7 26 = +2/0/-2/-4,
	 * under the limit: 42/40/38/36. */
	uint32_t cck_before = fake_r32(&f, 0xC20);
	CHECK_EQ_INT(ops->set_tx_power(&chip, 30), DVR_OK, "tx power 30");
	CHECK_EQ_HEX(fake_r32(&f, 0xC24), 0x1E1E1E1E, "OFDM A");
	CHECK_EQ_HEX(fake_r32(&f, 0xC30), 0x1E202020, "MCS4-7 A: 32 32 32 30");
	CHECK_EQ_HEX(fake_r32(&f, 0xE40), 0x1E202020, "VHT1SS 4-7 B");
	CHECK_EQ_HEX(fake_r32(&f, 0xE4C), 0x191B1D1F,
	             "VHT2SS 6-9 B: 31 29 27 25");
	CHECK_EQ_HEX(fake_r32(&f, 0xC20), cck_before, "CCK left alone on 5G");
	/* Cumulative steps 30-10, 30-18, 30-24 (rtw88 / vendor training). */
	CHECK_EQ_HEX(fake_r32(&f, 0xC54) & 0xFFFFFF, 0x060C14, "training");
	CHECK_EQ_INT(chip.tx_power_index, 30, "index recorded");
	CHECK_EQ_INT(ops->calibrated_tx_power(&chip), 41,
	             "calibrated MCS7 index at 36/80, blank block");
	CHECK_EQ_INT(ops->set_tx_power(&chip, 20), DVR_OK, "tx power 20");
	CHECK_EQ_HEX(fake_r32(&f, 0xE54) & 0xFFFFFF, 0x02020A,
	             "training floors at 2 (20-18, 20-24)");
	CHECK_EQ_INT(ops->set_tx_power(&chip, 0), DVR_OK, "tx power 0");
	/* -41: VHT2SS 6 42 - 41 = 1; 7, 8, 9 below 0 stop at 0 */
	CHECK_EQ_HEX(fake_r32(&f, 0xE4C), 0x00000001,
	             "a shift below 0 stops at 0");
	/* 1T1R: path A only, no second-stream registers, and the register
	 * VHT1SS 8/9 shares with VHT2SS 0/1 written in its low half. */
	chip.id.is_1t1r = true;
	f.mem[0xC46] = 0x5A;
	f.mem[0xC4C] = 0x5A;
	/* written behind the driver's back: its register shadow must not
	 * trust what it wrote there before */
	dvr_reg_shadow_reset(&chip.shadow);
	uint32_t b_before = fake_r32(&f, 0xE30);
	CHECK_EQ_INT(ops->set_tx_power(&chip, 30), DVR_OK, "1T1R tx power 30");
	/* VHT1SS 8/9: 26/24 over 28 = -2/-4: 41 - 2 - 11 = 28,
	 * 41 - 4 - 11 = 26 */
	CHECK_EQ_HEX(fake_r32(&f, 0xC44) & 0x00FFFFFFu, 0x5A1A1C,
	             "1T1R: VHT1SS 8/9 in the low half only");
	CHECK_EQ_HEX(f.mem[0xC4C], 0x5A, "1T1R: VHT2SS 6-9 not written");
	CHECK_EQ_HEX(fake_r32(&f, 0xE30), b_before, "1T1R: path B not written");
	chip.id.is_1t1r = false;
	CHECK_EQ_INT(ops->set_tx_power(&chip, 64), DVR_E_INVALID, "64 refused");

	/* RFE type 1 on a BT-coex board: BT owns the top byte of 0xCB0 and
	 * 0xCB4 bits 26/27 (rtw88 rtw8812a_phy_set_rfe_reg_24g/_5g). */
	struct jaguar1_priv *priv = chip.priv;
	CHECK(priv != NULL, "chip state present");
	priv->btcoex = true;
	chip.id.rfe_type = 1;
	f.mem[0xCB3] = 0xAB;
	f.mem[0xCB7] = 0x0C;       /* bits 26/27 */
	struct dvr_channel c1 = { 1, 20, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c1), DVR_OK, "RFE 1 + BT: ch 1");
	CHECK_EQ_HEX(fake_r32(&f, 0xCB0), 0xAB777777, "RFE 1 + BT 2.4G pinmux A");
	CHECK_EQ_HEX(fake_r32(&f, 0xEB0), 0x77777777, "RFE 1 + BT 2.4G pinmux B");
	CHECK_EQ_HEX(fake_r32(&f, 0xCB4) & 0x3FF00000, 0x0C000000,
	             "RFE 1 + BT: BT inverter bits kept");
	struct dvr_channel c36b = { 36, 20, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c36b), DVR_OK, "RFE 1 + BT: 36");
	CHECK_EQ_HEX(fake_r32(&f, 0xCB0), 0xAB337717, "RFE 1 + BT 5G pinmux A");
	CHECK_EQ_HEX(fake_r32(&f, 0xEB0), 0x77337717, "RFE 1 + BT 5G pinmux B");

	/* wait_tx_idle: the whole TX FIFO, all of REG_TXPKT_EMPTY [11:0]
	 * (vendor SetBeamformingCLK_8812), not just bits 4/5. */
	CHECK_EQ_INT(ops->wait_tx_idle(&chip, 5), DVR_OK, "TX idle: 0xFFF");
	f.mem[0x41B] = 0x0D;       /* bit 9 (management queue) busy */
	CHECK_EQ_INT(ops->wait_tx_idle(&chip, 3), DVR_E_TIMEOUT,
	             "TX busy in a flag outside bits 4/5: still waits");
	f.mem[0x41B] = 0x0F;

	/* Power-off keeps the BT serial link (EN_SIC, 0x40 bit 12) on a BT
	 * board (rtw88 rtw88xxa_power_off). */
	f.mem[0x41] |= 0x10;
	ops->power_off(&chip);
	CHECK(f.mem[0x41] & 0x10, "BT board: EN_SIC left on at power-off");
	CHECK(chip.priv == NULL, "chip state freed");

	/* ---- 11n-only board (RTL8812AU-VN): antenna 2 in physical byte
	 * 1019, wireless mode 2 in 1021 (rtw88 rtw8812a_read_usb_type,
	 * vendor hal_ReadUsbType_8812AU) ---- */
	s.efuse[1019] = 0x40;
	s.efuse[1021] = 0x08;
	sim_reset(&f, &io, &s, 2);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify 11n-only board");
	CHECK(!chip.id.is_1t1r, "11n-only board is 2T2R");
	struct dvr_channel c36w = { 36, 80, 0 };
	CHECK_EQ_INT(ops->set_channel(&chip, &c36w), DVR_E_UNSUPPORTED,
	             "11n-only board: no 80 MHz");
	struct dvr_tx_params vht = { .rate = { .kind = DVR_RATE_VHT,
	                                       .nss = 1, .mcs = 3 } };
	struct dvr_tx_desc_req vreq = { .params = &vht, .frame_len = 100 };
	uint8_t vdesc[40];
	CHECK_EQ_INT(ops->build_tx_desc(&chip, vdesc, &vreq),
	             DVR_E_UNSUPPORTED, "11n-only board: no VHT rates");
	struct dvr_tx_params ht = { .rate = { .kind = DVR_RATE_HT, .mcs = 9 } };
	vreq.params = &ht;
	CHECK_EQ_INT(ops->build_tx_desc(&chip, vdesc, &vreq), 40,
	             "11n-only board: HT MCS9 fine");
	s.efuse[1021] = 0x0C;      /* wireless mode 3: 11ac */
	sim_reset(&f, &io, &s, 2);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify 11ac board");
	vreq.params = &vht;
	CHECK_EQ_INT(ops->build_tx_desc(&chip, vdesc, &vreq), 40,
	             "wireless mode 3: VHT allowed");
	dvr_chip_state_free(&chip);

	/* ---- registry ---- */
	size_t n = 0, n_8812a = 0;
	while (dvr_chip_registry[n])
		n_8812a += dvr_chip_registry[n++] == &rtl8812a_info;
	CHECK_EQ_INT(n_8812a, 1, "registry lists 8812A");
	CHECK(n >= 1, "registry NULL-terminated");
	/* dvr_get_tsf reads the TSF wherever the chip data says: REG_TSFTR
	 * on every chip (rtw88 reg.h), never left out. */
	bool tsf_everywhere = true;
	for (size_t i = 0; i < n; i++)
		tsf_everywhere &= dvr_chip_registry[i]->tsf_reg == 0x0560;
	CHECK(tsf_everywhere, "every registered chip has its TSF at 0x0560");
	CHECK(dvr_hal_find_chip(0x0bda, 0x8812) == &rtl8812a_info, "0bda:8812");
	/* ids other dies ship under too (2357:0115 the RTL8822BU's, 0bda:0811
	 * the RTL8821A's): the 8812A lists them, and the full registry asks
	 * the chips that probe first (hal/registry.c) */
	CHECK(lists_id(&rtl8812a_info, 0x2357, 0x0115), "8812A lists 2357:0115");
	CHECK(lists_id(&rtl8812a_info, 0x0bda, 0x0811), "8812A lists 0bda:0811");
	CHECK(dvr_hal_find_chip(0, 0) == NULL, "unknown id");
	CHECK(strcmp(rtl8812a_info.name, "RTL8812AU") == 0, "name");
	return check_done();
}

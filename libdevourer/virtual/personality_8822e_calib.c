/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822E calibration engines as the driver's halrf sees them, and what
 * an uncalibrated radio costs:
 *  - the AFE banks 0x3800 (S0 = path A) and 0x3900 (S1 = path B), I half
 *    at the base and Q half 0x2C above, with their ADC-DC (ADDCK) and DAC
 *    (MSB-bias, DC offset) engines (rtl88x2eu halrf_8822e.c
 *    halrf_dac_cal_8822e and its steps; OpenIPC devourer Halrf8822e.cpp
 *    dac_calibrate);
 *  - the NCTL engine's results behind the handshake personality_8822e_phy.c
 *    answers: the LO, TX and RX IQ steps of the software IQK
 *    (halrf_iqk_8822e.c), the TX gap measurement (halrf_txgapk_8822e.c)
 *    and the read-back of the RF TX gain table in RF 0x5F;
 *  - the DPK bypass words (halrf_dpk_8822e.c _dpk_force_bypass_8822e).
 *
 * What each engine needs is what the vendor sets up before it and the
 * model checks only that: the DAC engine the 160 MHz calibration clock
 * (0x9B4 [16:8] = 0xDB), the comparator (0x1810 / 0x4110 bit 15) and the
 * DAC gain in calibration mode (0x1818 / 0x4118 [27:26] = 3) for the MSB
 * step; the ADC engine a shorted input (0x1860 / 0x4160 bit 12 clear,
 * 0x1810 / 0x4110 bit 19 set); the NCTL engine its program (the
 * RF-calibration init table's 0x1B80 words), the calibration clocks
 * (0x1CD0 [30:28] = 7, 0x1E24 bit 17) and the AFE in its calibration
 * state (0x1C38 all ones). An engine without them reports no "done"
 * (DAC, ADC) or the fail flag (NCTL).
 *
 * The bank base word reads back what was written, except that its bit
 * 17 is the DAC engine's verdict on its last run, and that a soft-reset
 * write of a bank's Q half can race the base and clear it (the "DAC
 * FIFO reset IO race" the vendor's halrf_write_check_afe_8822e re-writes
 * the base for). Which runs fail and when the race hits come from the
 * model's generator: one DAC run in eight fails its check, one Q-half
 * soft reset in eight loses the base; neither is measured, both are
 * rare enough for the vendor's 10 and 100 retries.
 *
 * Engines complete at once: the vendor polls them with 1 us waits and
 * no reference measures their time.
 */
#include <string.h>

#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

#define BANK_Q 0x2Cu
#define BANK_OK (1u << 17)
#define REG_DAC_CLK 0x09B4
#define CAL_CLK 0xDBu

static const uint16_t bank_of[2] = { P8822E_AFE_S0, P8822E_AFE_S1 };
static const uint16_t bb_of[2] = { 0x1800, 0x4100 };

static uint32_t r32(const struct vchip *vc, uint16_t a)
{
	return vc_reg32(vc, a);
}

static void w32(struct vchip *vc, uint16_t a, uint32_t v)
{
	vc_put_le32(&vc->regs[a], v);
}

static void set_bits(struct vchip *vc, uint16_t a, uint32_t mask, bool on)
{
	uint32_t v = r32(vc, a);
	w32(vc, a, on ? v | mask : v & ~mask);
}

static uint64_t next_rand(struct p8822e_state *s)
{
	/* xorshift64, its own stream apart from the air's */
	uint64_t x = s->cal.noise;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	s->cal.noise = x;
	return x;
}

/* This die's fixed imperfections, a hash of its MAC address: what the
 * engines find (small, inside the fields' ranges). */
static unsigned die_hash(const struct vchip *vc, unsigned salt)
{
	uint32_t h = 2166136261u ^ salt;
	for (unsigned i = 0; i < 6; i++)
		h = (h ^ vc->mac_addr[i]) * 16777619u;
	return h ^ (h >> 15);
}

/* The engine's results: the MSB step codes, bias and DC codes, ADC DC. */
static uint8_t msbk_code(const struct vchip *vc, unsigned p, unsigned iq,
                         unsigned step)
{
	return (uint8_t)(0x70 + step * 2 + die_hash(vc, p * 64 + iq * 32 + step) % 9);
}

static uint16_t biask_code(const struct vchip *vc, unsigned p)
{
	return (uint16_t)(0x1F0 + die_hash(vc, 0x100 + p) % 32);
}

static uint8_t dadck_code(const struct vchip *vc, unsigned p, unsigned iq)
{
	return (uint8_t)(0x78 + die_hash(vc, 0x200 + p * 2 + iq) % 16);
}

static int adc_dc(const struct vchip *vc, unsigned p, unsigned iq)
{
	return (int)(die_hash(vc, 0x300 + p * 2 + iq) % 61) - 30;
}

void p8822e_calib_reset(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	memset(&s->cal, 0, sizeof s->cal);
	s->cal.noise = vc->rng_state ^ 0xDAC0CA1BDAC0CA1Bull;
	if (!s->cal.noise)
		s->cal.noise = 1;
}

/* ---- AFE banks ---- */

/* The MSB step the half's base selects ([4:1]) shows in [31:24] of the
 * half's read-back word (0x70 I, 0xA0 Q). */
static void show_msbk(struct vchip *vc, unsigned p, unsigned iq)
{
	uint16_t b = bank_of[p];
	unsigned step = (r32(vc, (uint16_t)(b + iq * BANK_Q)) >> 1) & 0xF;
	uint16_t rb = (uint16_t)(b + (iq ? 0xA0 : 0x70));
	uint8_t code = p8822e_of(vc)->cal.dac_ran[p] ?
		msbk_code(vc, p, iq, step) : 0;
	w32(vc, rb, (r32(vc, rb) & 0x00FFFFFFu) | (uint32_t)code << 24);
}

static void adc_engine(struct vchip *vc, unsigned p)
{
	uint16_t b = bank_of[p], bb = bb_of[p];
	bool shorted = !(r32(vc, (uint16_t)(bb + 0x60)) & (1u << 12)) &&
	               (r32(vc, (uint16_t)(bb + 0x10)) & (1u << 19));
	if (!shorted)
		return; /* nothing to average: no done */
	for (unsigned iq = 0; iq < 2; iq++) {
		uint16_t rb = (uint16_t)(b + (iq ? 0xA8 : 0x78));
		uint32_t v = (r32(vc, rb) & ~0x1FFFu) | 1u << 12 |
		             ((uint32_t)(0x800 + adc_dc(vc, p, iq)) & 0xFFF);
		w32(vc, rb, v);
	}
}

static void dac_msb_engine(struct vchip *vc, unsigned p)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint16_t b = bank_of[p], bb = bb_of[p];
	bool ready = ((r32(vc, REG_DAC_CLK) >> 8) & 0x1FF) == CAL_CLK &&
	             (r32(vc, (uint16_t)(bb + 0x10)) & (1u << 15)) &&
	             ((r32(vc, (uint16_t)(bb + 0x18)) >> 26) & 3) == 3;
	s->cal.dac_ran[p] = false;
	s->cal.msb_ok[p] = ready;
	if (!ready)
		return;
	set_bits(vc, (uint16_t)(b + 0x5C), 1u << 1, true);
	set_bits(vc, (uint16_t)(b + 0x8C), 1u << 1, true);
}

static void dac_dc_engine(struct vchip *vc, unsigned p)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint16_t b = bank_of[p], bb = bb_of[p];
	/* DC offset calibration runs in the normal DAC gain */
	bool ok = s->cal.msb_ok[p] &&
	          ((r32(vc, (uint16_t)(bb + 0x18)) >> 26) & 3) == 0 &&
	          (r32(vc, (uint16_t)(bb + 0x10)) & (1u << 15));
	if (!ok) {
		s->cal.bank_ok[p] = false;
		set_bits(vc, b, BANK_OK, false);
		return;
	}
	s->cal.dac_ran[p] = true;
	s->cal.dac_good[p] = next_rand(s) % 8 != 0;
	set_bits(vc, (uint16_t)(b + 0x70), 1u << 2, true);
	set_bits(vc, (uint16_t)(b + 0xA0), 1u << 2, true);
	for (unsigned iq = 0; iq < 2; iq++) {
		uint16_t dc = (uint16_t)(b + (iq ? 0xA4 : 0x74));
		w32(vc, dc, (r32(vc, dc) & 0x00FFFFFFu) |
		            (uint32_t)dadck_code(vc, p, iq) << 24);
		show_msbk(vc, p, iq);
	}
	uint16_t bias = (uint16_t)(b + 0x78);
	w32(vc, bias, (r32(vc, bias) & 0x003FFFFFu) |
	              (uint32_t)biask_code(vc, p) << 22);
	s->cal.bank_ok[p] = s->cal.dac_good[p];
	set_bits(vc, b, BANK_OK, s->cal.dac_good[p]);
}

/* The control words whose edges start an engine: 0x04 (MSB auto
 * mode, bit 0), 0x0C (DC-offset calibration, bit 1), 0x1C (ADC
 * averaging, bit 16), as the bank held them before a write. */
static unsigned ctl_index(unsigned off)
{
	return off == 0x04 ? 0 : off == 0x0C ? 1 : off == 0x1C ? 2 : 3;
}

/* A write of bank word @p a (4-aligned) of path @p p. */
static void bank_written(struct vchip *vc, unsigned p, uint16_t a)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint16_t b = bank_of[p];
	unsigned off = a - b;
	uint32_t v = r32(vc, a);

	if (off == 0 || off == BANK_Q) {
		unsigned iq = off ? 1 : 0;
		/* bit 17 of the base is the engine's verdict, not a
		 * setting; the soft reset's release word (0xEE32....)
		 * re-arms the bank */
		if (off == 0 && v >> 16 == 0xEE32)
			s->cal.bank_ok[p] = true;
		if (off == 0)
			w32(vc, a, (v & ~BANK_OK) |
			           (s->cal.bank_ok[p] ? BANK_OK : 0));
		if (off == BANK_Q && v >> 16 == 0xEE30 &&
		    next_rand(s) % 8 == 0)
			w32(vc, b, 0); /* the base lost to the race */
		show_msbk(vc, p, iq);
		return;
	}
	unsigned k = ctl_index(off);
	if (k > 2)
		return;
	uint32_t old = s->cal.ctl[p][k];
	s->cal.ctl[p][k] = v;
	if (k == 2 && (v & (1u << 16)) && !(old & (1u << 16)))
		adc_engine(vc, p);
	if (k == 2 && !(v & (1u << 16))) {
		set_bits(vc, (uint16_t)(b + 0x78), 1u << 12, false);
		set_bits(vc, (uint16_t)(b + 0xA8), 1u << 12, false);
	}
	if (k == 0 && (v & 1u) && !(old & 1u))
		dac_msb_engine(vc, p);
	if (k == 0 && !(v & 1u)) {
		set_bits(vc, (uint16_t)(b + 0x5C), 1u << 1, false);
		set_bits(vc, (uint16_t)(b + 0x8C), 1u << 1, false);
	}
	if (k == 1 && (v & 2u) && !(old & 2u) &&
	    (r32(vc, (uint16_t)(b + 0x04)) & 1u))
		dac_dc_engine(vc, p);
	if (k == 1 && !(v & 2u)) {
		set_bits(vc, (uint16_t)(b + 0x70), 1u << 2, false);
		set_bits(vc, (uint16_t)(b + 0xA0), 1u << 2, false);
	}
}

/* Whether path @p p's DAC runs on calibrated coefficients: the last
 * run was good and the driver loaded its results into the coefficient
 * words and selected them (0xD0 / 0xE4 bit 0), as
 * halrf_dack_reload_by_path_8822e and halrf_dack_val_8822e do. */
static bool dac_calibrated(const struct vchip *vc, unsigned p)
{
	const struct p8822e_state *s = p8822e_of(vc);
	uint16_t b = bank_of[p];
	if (!s->cal.dac_ran[p] || !s->cal.dac_good[p] ||
	    !(r32(vc, b) & BANK_OK))
		return false;
	for (unsigned iq = 0; iq < 2; iq++) {
		uint16_t w = (uint16_t)(b + 0xC0 + iq * 0x14);
		for (unsigned word = 0; word < 4; word++)
			for (unsigned k = 0; k < 4; k++) {
				unsigned step = 12 - 4 * word + k;
				uint8_t got = (uint8_t)(r32(vc, (uint16_t)(w + 4 * word)) >> (8 * k));
				if (got != msbk_code(vc, p, iq, step))
					return false;
			}
		uint32_t last = r32(vc, (uint16_t)(w + 0x10));
		if (!(last & 1u) || (last >> 16) != biask_code(vc, p) ||
		    ((last >> 8) & 0xFF) != dadck_code(vc, p, iq))
			return false;
	}
	return true;
}

/* Whether path @p p's ADC DC is compensated (0x1868 / 0x4168 holds the
 * complement of what the ADC engine measured, within 2 codes). */
static bool adc_compensated(const struct vchip *vc, unsigned p)
{
	uint32_t v = r32(vc, (uint16_t)(bb_of[p] + 0x68));
	for (unsigned iq = 0; iq < 2; iq++) {
		int c = (int)((v >> (10 * iq)) & 0x3FF);
		if (c >= 0x200)
			c -= 0x400;
		int res = c + adc_dc(vc, p, iq);
		if (res < -2 || res > 2)
			return false;
	}
	return true;
}

/* ---- NCTL engine ---- */

static unsigned nctl_page(const struct vchip *vc)
{
	return (r32(vc, P8822E_NCTL0) >> 1) & 3;
}

/* The engine writes a step's result, path @p p's correction matrix
 * @p rx (0x1B38 TX, 0x1B3C RX): the identity moved by this die's IQ
 * imbalance, into the path's bank (shown if its page is). */
static void put_matrix(struct vchip *vc, unsigned p, unsigned rx)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint32_t v = 0x40000000u + (die_hash(vc, 0x900 + p * 2 + rx) % 0x400) *
	             0x10001u;
	s->cal.matrix[p][rx] = v;
	if (s->cal.shown_page == p)
		w32(vc, rx ? 0x1B3C : 0x1B38, v);
}

bool p8822e_calib_nctl_go(struct vchip *vc, uint32_t cmd)
{
	struct p8822e_state *s = p8822e_of(vc);
	unsigned kind = (cmd >> 8) & 0xF;
	unsigned path = cmd & 0x20 ? 1 : 0;
	bool ready = s->cal.prog_loaded &&
	             ((r32(vc, 0x1CD0) >> 28) & 7) == 7 &&
	             (r32(vc, 0x1E24) & (1u << 17)) &&
	             r32(vc, 0x1C38) == 0xFFFFFFFFu;
	if (!(cmd & 0x30))
		return true; /* no path: a no-op, not a failure */
	if (!ready)
		return false;
	switch (kind) {
	case 0x0: /* LO leakage, first step */
		break;
	case 0x1: { /* LO leakage: the LO DAC codes land in RF 0x58 */
		unsigned i = 0x0E + die_hash(vc, 0x400 + path) % 5;
		unsigned q = 0x0E + die_hash(vc, 0x410 + path) % 5;
		s->base.rf[path][0x58] = (i << 15) | (q << 10);
		break;
	}
	case 0x2: case 0x4: case 0x5: case 0x6: /* TX IQ */
		s->cal.iqk_tx[path] = true;
		put_matrix(vc, path, 0);
		break;
	case 0xF: { /* RX gain search: the RX baseband gain chosen */
		uint32_t rf0 = s->base.rf[path][0x00];
		uint32_t lna = (r32(vc, 0x1B24) >> 10) & 7;
		s->base.rf[path][0x00] = (rf0 & ~0x1FE0u) | lna << 10 | 6u << 5;
		break;
	}
	case 0x3: case 0xA: case 0xB: case 0xC: /* RX IQ */
		s->cal.iqk_rx[path] = true;
		put_matrix(vc, path, 1);
		break;
	case 0xD: /* TX gap measurement of the tuned band */
		s->cal.gapk_measured[path] = true;
		break;
	default:
		return false;
	}
	return true;
}

/* The CFIR tap and gap-K read-backs through 0x1BFC (the result of
 * the page's path), after a write of the selects. */
static void nctl_readback(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	unsigned p = nctl_page(vc) & 1;
	uint32_t sel = r32(vc, 0x1BD4);
	if ((sel & (1u << 21)) && ((sel >> 16) & 0x1F) == 0x12 &&
	    s->cal.gapk_measured[p]) {
		unsigned part = (r32(vc, 0x1B9C) >> 8) & 0xF;
		uint32_t v = 0;
		for (unsigned i = 0; i < 10; i++) {
			/* each step 0.5-1.5 dB short, in half-dB nibbles */
			uint32_t n = 1 + die_hash(vc, 0x500 + p * 16 + i) % 3;
			if (part == 3 && i < 8)
				v |= n << (4 * i);
			if (part == 4 && i >= 8)
				v |= n << (4 * (i - 8));
		}
		w32(vc, P8822E_NCTL_DONE, v);
		return;
	}
	uint32_t cf = r32(vc, 0x1B20) >> 30;
	if ((cf == 1 || cf == 3) && (sel & (1u << 21))) {
		unsigned tap = (r32(vc, 0x1BD8) >> 20) & 0x1F;
		/* a short correction filter: a centre tap, small sides */
		uint32_t re = tap == 8 ? 0x200 : die_hash(vc, 0x600 + tap) % 8;
		uint32_t im = die_hash(vc, 0x700 + p * 32 + tap) % 8;
		w32(vc, P8822E_NCTL_DONE, re << 16 | im);
	}
}

/* The TX and RX correction matrices (0x1B38, 0x1B3C) are the page's
 * path's: a page switch shows the other path's. */
static void page_switched(struct vchip *vc)
{
	struct p8822e_state *s = p8822e_of(vc);
	unsigned page = nctl_page(vc);
	if (page > 1 || page == s->cal.shown_page)
		return;
	s->cal.matrix[s->cal.shown_page][0] = r32(vc, 0x1B38);
	s->cal.matrix[s->cal.shown_page][1] = r32(vc, 0x1B3C);
	w32(vc, 0x1B38, s->cal.matrix[page][0]);
	w32(vc, 0x1B3C, s->cal.matrix[page][1]);
	s->cal.shown_page = (uint8_t)page;
}

static void nctl_written(struct vchip *vc, uint16_t a)
{
	struct p8822e_state *s = p8822e_of(vc);
	unsigned page = nctl_page(vc);
	uint32_t v = r32(vc, a);

	/* the identity written over a path's result: no correction */
	if (page <= 1 && a == 0x1B38 && v == 0x40000000u)
		s->cal.iqk_tx[page] = false;
	if (page <= 1 && a == 0x1B3C && v == 0x40000000u)
		s->cal.iqk_rx[page] = false;
	if (page == 2 && (a == 0x1B08 || a == 0x1B04))
		s->cal.dpk_bypass[0] = ((r32(vc, 0x1B08) >> 14) & 3) == 3 &&
		                       (r32(vc, 0x1B04) & 0xFF) == 0x5B;
	if (page == 2 && (a == 0x1B60 || a == 0x1B5C))
		s->cal.dpk_bypass[1] = ((r32(vc, 0x1B60) >> 14) & 3) == 3 &&
		                       (r32(vc, 0x1B5C) & 0xFF) == 0x5B;
	if (a == 0x1BD4 || a == 0x1BD8 || a == 0x1B9C)
		nctl_readback(vc);
	/* the engine's program, loaded word by word through 0x1B80 by
	 * the RF-calibration init table (rtl88x2eu halrf_rfk_init_8822e.c
	 * array_mp_8822e_cal_init, "01_nctl_8822E_IQK_DPK_V2"): its last
	 * word (address 0x3FD) strobed, then the load closed with 0x2 */
	if (a == 0x1B80 && v == 0x00013FD7u)
		s->cal.prog_tail = true;
	else if (a == 0x1B80 && v == 0x00000002u && s->cal.prog_tail)
		s->cal.prog_loaded = true;
}

void p8822e_calib_written(struct vchip *vc, uint16_t addr, size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	for (uint32_t w = addr & ~3u; w < end; w += 4) {
		for (unsigned p = 0; p < 2; p++)
			if (w >= bank_of[p] && w < bank_of[p] + 0x100u)
				bank_written(vc, p, (uint16_t)w);
		if (w == P8822E_NCTL0)
			page_switched(vc);
		else if (w >= 0x1B04 && w <= 0x1BDC)
			nctl_written(vc, (uint16_t)w);
	}
}

/* ---- the RF TX gain table ---- */

/* The entry (RF 0x5F [11:0]) the RF shows for gain index @p idx of the
 * band RF 0x18 selects: a table falling 1.5 dB an index, higher on
 * 2.4 GHz, with this die's spread. */
static uint32_t gain_entry(const struct vchip *vc, unsigned p, uint32_t r18,
                           unsigned idx)
{
	unsigned band = (r18 & (1u << 16)) ? 1 + ((r18 >> 17) & 3) : 0;
	return (0x0A0u + idx * 0x60u + band * 5u +
	        die_hash(vc, 0x800 + p * 64 + band * 16 + idx) % 4) & 0xFFF;
}

static unsigned band5_of(uint32_t r18)
{
	/* RF 0x18 bit 18 above 144, bit 17 from 80: 5 GHz high, mid, low */
	return (r18 & (1u << 18)) ? 2 : (r18 & (1u << 17)) ? 1 : 0;
}

void p8822e_calib_rf_written(struct vchip *vc, unsigned path, uint8_t reg)
{
	struct p8822e_state *s = p8822e_of(vc);
	uint32_t *rf = s->base.rf[path & 1];
	if (reg == 0x00 || reg == 0x18)
		rf[0x5F] = gain_entry(vc, path, rf[0x18], (rf[0x00] & 0xFF) / 3);
	if (reg == 0x3F && (rf[0xEE] & 0x10000)) {
		/* a TX gain table entry of the 5 GHz bands (0x33 index
		 * 0x200 / 0x280 / 0x300 + 0..10) rewritten */
		uint32_t i = rf[0x33];
		for (unsigned b = 0; b < 3; b++)
			if (i >= 0x200u + 0x80u * b && i <= 0x20Au + 0x80u * b)
				s->cal.gapk_rows[path & 1][b] |=
					(uint16_t)(1u << (i - 0x200u - 0x80u * b));
	}
}

/* ---- what it costs ---- */

int p8822e_calib_tx_gain_db(const struct vchip *vc, unsigned path)
{
	const struct p8822e_state *s = p8822e_of(vc);
	path &= 1;
	if (!vc->tuning.band_5g)
		return 0;
	unsigned b = band5_of(s->base.rf[path][0x18]);
	/* all eleven entries of the band corrected after a measurement:
	 * OpenIPC devourer docs/8822e-quirks.md found the 5 GHz gain
	 * about 12 dB low without TX gap-K */
	if (s->cal.gapk_measured[path] && s->cal.gapk_rows[path][b] == 0x7FF)
		return 0;
	return -12;
}

int p8822e_calib_tx_evm_loss_db(const struct vchip *vc, unsigned path)
{
	const struct p8822e_state *s = p8822e_of(vc);
	int loss = 0;
	path &= 1;
	/* no reference measures these: the model's sizes, from the usual
	 * orders (uncorrected DAC DC and MSB mismatch: spurs and LO
	 * leakage; uncorrected TX IQ: image at about -25 dBc; a
	 * predistorter neither trained nor bypassed) */
	if (!dac_calibrated(vc, path))
		loss += 6;
	if (!s->cal.iqk_tx[path])
		loss += 8;
	if (!s->cal.dpk_bypass[path])
		loss += 3;
	return loss;
}

int p8822e_calib_rx_snr_loss_db(const struct vchip *vc, unsigned path)
{
	const struct p8822e_state *s = p8822e_of(vc);
	int loss = 0;
	path &= 1;
	if (!adc_compensated(vc, path))
		loss += 3;
	if (!s->cal.iqk_rx[path])
		loss += 6;
	return loss;
}

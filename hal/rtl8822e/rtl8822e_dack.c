/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DACK of the 8822E: the ADC DC offset (ADDCK) and the DAC MSB/bias and
 * DC-offset calibration, run by the AFE's own engines in the AFE banks
 * 0x3800 (S0 = path A) and 0x3900 (S1 = path B), I and Q halves 0x2C
 * apart. The 8822C's DACK (rtl8822c_dack.c) samples the BB DC report
 * instead; on this die that does not settle (OpenIPC devourer
 * Halrf8822e.h). The order and values are the vendor's: rtl88x2eu
 * hal/phydm/halrf/rtl8822e/halrf_8822e.c halrf_dac_cal_8822e and the
 * functions it calls, as OpenIPC devourer Halrf8822e.cpp dac_calibrate
 * ports them.
 *
 * The AFE digital block takes its writes on a slow clock: the vendor
 * writes every DACK field twice ("write AFEDIG must even times",
 * halrf_wdack_8822e), and the soft reset's bank writes are checked by
 * reading the bank base back (halrf_write_check_afe_8822e).
 */
#include "hal/rtl8822e/rtl8822e.h"

#define REG_DAC_CLK 0x09B4
#define REG_AFE_RACE 0x2DD4
#define AFE_S0 0x3800u
#define AFE_S1 0x3900u
#define AFE_Q 0x2Cu                    /* Q half of a bank */
#define BANK_OK (1u << 17)             /* bank base: engine alive */
#define FIFO_RST (1u << 21)
#define ENGINE_POLLS 10000u            /* x 1 us, halrf_dack_s0_8822e */
#define CHECK_TRIES 100u               /* halrf_write_check_afe_8822e */
#define DACK_RETRIES 10u               /* halrf_dac_cal_8822e */
#define SOFT_RST_HOLD 0xEE30001Fu
#define SOFT_RST_RUN 0xEE32001Fu

/* The per-path BB registers around the AFE: path A's block and path B's
 * (0x4100 apart from 0x1800 in the layout both paths share). */
struct dack_path {
	uint16_t bank;     /* AFE bank, 0x3800 / 0x3900 */
	uint16_t ctl10;    /* 0x1810 / 0x4110: comparator, ADC short */
	uint16_t ctl18;    /* 0x1818 / 0x4118: DAC gain mode, DACK reset */
	uint16_t ctl30;    /* 0x1830 / 0x4130: DAC/clock debug mode */
	uint16_t ctl60;    /* 0x1860 / 0x4160: clock and ADC input */
	uint16_t adc_dc;   /* 0x1868 / 0x4168: ADC DC compensation */
};

static const struct dack_path dpaths[2] = {
	{ AFE_S0, 0x1810, 0x1818, 0x1830, 0x1860, 0x1868 },
	{ AFE_S1, 0x4110, 0x4118, 0x4130, 0x4160, 0x4168 },
};

/* What one path's DAC calibration read back (vendor dm_dack_info). */
struct dack_result {
	uint8_t msbk[2][16];   /* [I/Q][step] */
	uint16_t biask;
	uint8_t dadck[2];      /* [I/Q] */
	bool timeout;
};

static void wdack(struct dvr_io *io, uint16_t reg, uint32_t mask, uint32_t v)
{
	dvr_w32_mask(io, reg, mask, v);
	dvr_w32_mask(io, reg, mask, v);
}

/* A bank write, rewritten until the bank base reads non-zero again:
 * the base can read 0 after an AFE write that raced the engine
 * (the vendor's "DAC FIFO reset IO race" message). */
static void write_check_afe(struct dvr_io *io, uint16_t add, uint32_t data)
{
	uint16_t base = (add >> 8) == (AFE_S0 >> 8) ? AFE_S0 : AFE_S1;
	uint32_t restore = add == base ? data : SOFT_RST_RUN;

	for (unsigned n = 0; n < CHECK_TRIES; n++) {
		dvr_w32(io, REG_AFE_RACE, 0);
		dvr_w32(io, add, data);
		dvr_w32(io, add, data);
		dvr_w32(io, REG_AFE_RACE, 0);
		if (dvr_r32(io, base) != 0 || dvr_io_status(io) != DVR_OK)
			return;
		dvr_w32(io, base, restore);
		dvr_w32(io, base, restore);
	}
}

void rtl8822e_dack_soft_reset(struct dvr_chip *chip)
{
	/* halrf_dack_soft_rst_8822e: hold, then release, each bank half */
	static const uint16_t banks[4] = { AFE_S0, AFE_S0 + AFE_Q, AFE_S1,
		                           AFE_S1 + AFE_Q };

	for (unsigned i = 0; i < 4; i++) {
		write_check_afe(chip->io, banks[i], SOFT_RST_HOLD);
		write_check_afe(chip->io, banks[i], SOFT_RST_RUN);
	}
}

/* halrf_dac_fifo_reset_8822e: needs the DAC clock running. */
static void dac_fifo_reset(struct dvr_io *io)
{
	for (unsigned p = 0; p < 2; p++) {
		uint16_t b = dpaths[p].bank;
		dvr_w32_mask(io, b, FIFO_RST, 0);
		dvr_w32_mask(io, b + AFE_Q, FIFO_RST, 0);
		dvr_w32_mask(io, b, FIFO_RST, 1);
		dvr_w32_mask(io, b + AFE_Q, FIFO_RST, 1);
	}
}

/* halrf_dack_reset_8822e: bit 25 of 0x1818 / 0x4118 low then high,
 * 1 ms for each path. */
static void dack_reset(struct dvr_io *io)
{
	for (unsigned p = 0; p < 2; p++) {
		dvr_w32_mask(io, dpaths[p].ctl18, 1u << 25, 0);
		dvr_w32_mask(io, dpaths[p].ctl18, 1u << 25, 1);
		dvr_delay_ms(1);
	}
}

/* Wait until bit @p bit of both @p ri and @p rq is set, 1 us apart;
 * false after ENGINE_POLLS (the vendor logs it and goes on). */
static bool wait_both(struct dvr_io *io, uint16_t ri, uint16_t rq,
                      uint32_t bit)
{
	for (unsigned c = 0; c <= ENGINE_POLLS; c++) {
		if ((dvr_r32(io, ri) & bit) && (dvr_r32(io, rq) & bit))
			return true;
		if (dvr_io_status(io) != DVR_OK)
			return false;
		dvr_delay_us(1);
	}
	return false;
}

/* halrf_addck_s0/s1_8822e with halrf_check_addc_8822e: short the ADC
 * input, let the SAR ADC average its DC, and load the complement to the
 * 0x800 mid-code into the path's ADC DC register. */
static bool addck(struct dvr_io *io, const struct dack_path *p)
{
	uint16_t avg = p->bank + 0x1C;

	dvr_w32_mask(io, p->ctl30, 1u << 30, 0);
	dvr_w32_mask(io, p->ctl60, 0xF0000000u, 0xF);
	dvr_w32_mask(io, p->ctl60, 1u << 26, 0);
	dvr_w32_mask(io, p->ctl60, 1u << 12, 0);     /* ADC input short */
	dvr_w32_mask(io, p->ctl10, 1u << 19, 1);
	wdack(io, avg, 0x60000, 0x3);                /* averaged samples */
	wdack(io, avg, 1u << 16, 0);
	wdack(io, avg, 1u << 16, 1);
	wdack(io, avg, 1u << 16, 1);
	bool ok = wait_both(io, p->bank + 0x78, p->bank + 0xA8, 1u << 12);
	uint32_t i = dvr_r32_mask(io, p->bank + 0x78, 0xFFF);
	uint32_t q = dvr_r32_mask(io, p->bank + 0xA8, 0xFFF);
	uint32_t ic = (0x800u - i) & 0x3FF, qc = (0x800u - q) & 0x3FF;

	dvr_w32(io, p->adc_dc, ic | qc << 10);
	dvr_w32_mask(io, p->ctl10, 1u << 19, 0);
	dvr_w32_mask(io, p->ctl60, 1u << 12, 1);
	dvr_w32_mask(io, p->ctl30, 1u << 30, 1);
	return ok;
}

/* halrf_dack_backup_s0/s1_8822e: the 16 MSB steps of each half (the
 * step selected in the bank base [4:1]), the bias and the DC codes. */
static void dack_backup(struct dvr_io *io, const struct dack_path *p,
                        struct dack_result *r)
{
	for (uint32_t i = 0; i < 16; i++) {
		wdack(io, p->bank, 0x1E, i);
		r->msbk[0][i] = (uint8_t)dvr_r32_mask(io, p->bank + 0x70,
		                                      0xFF000000u);
		wdack(io, p->bank + AFE_Q, 0x1E, i);
		r->msbk[1][i] = (uint8_t)dvr_r32_mask(io, p->bank + 0xA0,
		                                      0xFF000000u);
	}
	r->biask = (uint16_t)dvr_r32_mask(io, p->bank + 0x78, 0xFFC00000u);
	r->dadck[0] = (uint8_t)dvr_r32_mask(io, p->bank + 0x74, 0xFF000000u);
	r->dadck[1] = (uint8_t)dvr_r32_mask(io, p->bank + 0xA4, 0xFF000000u);
}

/* halrf_dack_reload_by_path_8822e: the coefficients into the AFE
 * coefficient words (0xC0.. of the bank for I, 0x14 further for Q),
 * four MSB steps a word, highest first. */
static void dack_reload(struct dvr_io *io, const struct dack_path *p,
                        const struct dack_result *r)
{
	for (unsigned iq = 0; iq < 2; iq++) {
		uint16_t w = (uint16_t)(p->bank + 0xC0 + (iq ? 0x14 : 0));
		for (unsigned word = 0; word < 4; word++) {
			unsigned first = 12 - 4 * word;
			uint32_t v = 0;
			for (unsigned b = 0; b < 4; b++)
				v |= (uint32_t)r->msbk[iq][first + b] << (8 * b);
			wdack(io, (uint16_t)(w + 4 * word), 0xFFFFFFFFu, v);
		}
		wdack(io, (uint16_t)(w + 0x10), 0xFFFFFFFFu,
		      (uint32_t)r->biask << 16 | (uint32_t)r->dadck[iq] << 8);
	}
}

/* halrf_dack_s0/s1_8822e: the 160 MHz calibration clock, the MSB-bias
 * auto mode, then the DC-offset calibration, both halves at once. */
static void dack_path(struct dvr_io *io, const struct dack_path *p,
                      struct dack_result *r)
{
	uint32_t clk = dvr_r32(io, REG_DAC_CLK);

	dvr_w32_mask(io, REG_DAC_CLK, 0x1FF00, 0xDB);
	dvr_w32_mask(io, p->ctl30, 1u << 30, 0);
	dvr_w32_mask(io, p->ctl60, 1u << 30, 1);
	dvr_w32_mask(io, p->ctl60, 1u << 27, 0);
	dvr_w32_mask(io, p->ctl10, 1u << 15, 1);      /* comparator on */
	dvr_w32_mask(io, p->ctl18, 0x0C000000u, 3);   /* DAC gain: cal */
	wdack(io, p->bank + 0x04, 0x3FF00000u, 0x58); /* MSB bias start */
	wdack(io, p->bank + AFE_Q + 0x04, 0x3FF00000u, 0x58);
	dac_fifo_reset(io);
	wdack(io, p->bank + 0x0C, 1u << 1, 0);        /* hold DC-offset cal */
	wdack(io, p->bank + 0x04, 1u << 0, 1);        /* auto mode */
	dvr_delay_us(1);
	r->timeout = !wait_both(io, p->bank + 0x5C, p->bank + 0x8C, 1u << 1);
	dvr_w32_mask(io, p->ctl18, 0x0C000000u, 0);   /* DAC gain: normal */
	wdack(io, p->bank + 0x0C, 1u << 1, 1);        /* DC-offset cal */
	dvr_delay_us(1);
	if (!wait_both(io, p->bank + 0x70, p->bank + 0xA0, 1u << 2))
		r->timeout = true;
	wdack(io, p->bank + 0x04, 1u << 0, 0);
	dvr_w32_mask(io, p->ctl10, 1u << 15, 0);
	dack_backup(io, p, r);
	dack_reload(io, p, r);
	dvr_w32(io, REG_DAC_CLK, clk);
	dac_fifo_reset(io);
	dvr_w32_mask(io, p->ctl30, 1u << 30, 1);
}

/* halrf_dack_val_8822e: the DAC takes its coefficients from the
 * registers just reloaded (true) or from the engine (false). */
static void dack_from_regs(struct dvr_io *io, bool from_reg)
{
	for (unsigned p = 0; p < 2; p++) {
		wdack(io, dpaths[p].bank + 0xD0, 1u << 0, from_reg);
		wdack(io, dpaths[p].bank + 0xE4, 1u << 0, from_reg);
	}
}

/* halrf_dack_checkfail_8822e: a bank whose base lost bit 17 */
static bool dack_failed(struct dvr_io *io)
{
	return !(dvr_r32(io, AFE_S0) & BANK_OK) ||
	       !(dvr_r32(io, AFE_S1) & BANK_OK);
}

int rtl8822e_dack(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dack_result r[2];
	bool addck_ok = true;
	unsigned retries = 0;

	for (unsigned p = 0; p < 2; p++)
		addck_ok &= addck(io, &dpaths[p]);
	for (;;) {
		dack_reset(io);
		dack_from_regs(io, false);
		for (unsigned p = 0; p < 2; p++)
			dack_path(io, &dpaths[p], &r[p]);
		if (dvr_io_status(io) != DVR_OK || !dack_failed(io) ||
		    retries == DACK_RETRIES)
			break;
		retries++;
	}
	bool failed = dvr_io_status(io) == DVR_OK && dack_failed(io);
	dack_from_regs(io, true);
	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during DACK");
	/* As the vendor: a DACK that never passed its check, or whose
	 * engines did not report done, leaves the last coefficients in
	 * place and the bring-up goes on. */
	if (failed || !addck_ok || r[0].timeout || r[1].timeout)
		dvr_chip_warn(chip, "DACK did not converge (%u retries%s%s%s)",
		              retries, failed ? ", check failed" : "",
		              addck_ok ? "" : ", ADDCK timeout",
		              r[0].timeout || r[1].timeout ?
		              ", DAC engine timeout" : "");
	return DVR_OK;
}

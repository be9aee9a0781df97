/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DACK: the 8822C's ADC and DAC DC-offset calibration, run in software at
 * PHY init on both paths (rtw88 rtw8822c.c rtw8822c_rf_dac_cal and its
 * steps; the register values are rtw88's). Each measurement takes 100
 * I/Q samples of the loop-back from 0x2DBC (10-bit two's complement,
 * samples larger than 100 in magnitude rejected), narrows them until the
 * spread is at most 5, and averages the middle 80. The ADC offset is
 * compensated first, then the DAC offset, up to 10 rounds each until
 * the residue is below 5. The registers the procedure disturbs are saved
 * and restored around it.
 *
 * rtw88 can also restore a cached result instead of measuring; this
 * driver always measures (it keeps no state across power cycles).
 */
#include "hal/rtl8822c/rtl8822c.h"

#define N_SAMPLES 100
#define MAX_SAMPLE_READS 10000
#define SAMPLE_LIMIT 100
#define SPREAD_LIMIT 5
#define SEARCH_ROUNDS 100
#define ROUNDS 10
#define CONVERGED 5
#define READY_TRIES 1000u
#define READY_US 10u

struct dack_path {
	uint16_t wr;        /* per-path BB block (0x1800 / 0x4100) */
	uint16_t rd;        /* its read-back block (0x2800 / 0x4500) */
	uint32_t adc_sel;   /* 0x1C3C ADC loop-back select */
};

static const struct dack_path paths[2] = {
	{ 0x1800, 0x2800, 0xA0000 },
	{ 0x4100, 0x4500, 0x80000 },
};

/* Registers the procedure changes (rtw88 DACK_REG_8822C list). */
static const uint16_t saved_regs[16] = {
	0x180C, 0x1810, 0x410C, 0x4110, 0x1C3C, 0x1C24, 0x1D70, 0x09B4,
	0x1A00, 0x1A14, 0x1D58, 0x1C38, 0x1E24, 0x1E28, 0x1860, 0x4160,
};

/* 10-bit two's complement <-> int. */
static int s10(uint32_t v)
{
	v &= 0x3FF;
	return v >= 0x200 ? (int)v - 0x400 : (int)v;
}

static uint32_t u10(int v)
{
	return (uint32_t)(v < 0 ? v + 0x400 : v) & 0x3FF;
}

static void read_iq(struct dvr_io *io, int *i, int *q)
{
	uint32_t v = dvr_r32(io, 0x2DBC) & 0x3FFFFF;

	*i = s10(v >> 12);
	*q = s10(v);
}

static int mag(int v)
{
	return v < 0 ? -v : v;
}

static void sort(int *v, int n)
{
	for (int a = 1; a < n; a++)
		for (int b = a; b > 0 && v[b - 1] > v[b]; b--) {
			int t = v[b];
			v[b] = v[b - 1];
			v[b - 1] = t;
		}
}

static int spread(const int *v, int n)
{
	int lo = v[0], hi = v[0];

	for (int k = 1; k < n; k++) {
		if (v[k] < lo)
			lo = v[k];
		if (v[k] > hi)
			hi = v[k];
	}
	return hi - lo;
}

/* Mean of the middle 80 samples, truncated towards zero. */
static int trimmed_mean(const int *v)
{
	int sum = 0;

	for (int k = 10; k < N_SAMPLES - 10; k++)
		sum += v[k];
	return sum / (N_SAMPLES - 20);
}

/* One offset measurement: *i, *q in 10-bit two's complement. */
static void measure(struct dvr_io *io, uint32_t *i_out, uint32_t *q_out)
{
	int iv[N_SAMPLES], qv[N_SAMPLES];
	int n = 0;

	for (int reads = 0; n < N_SAMPLES && reads < MAX_SAMPLE_READS &&
	                    dvr_io_status(io) == DVR_OK; reads++) {
		read_iq(io, &iv[n], &qv[n]);
		if (mag(iv[n]) <= SAMPLE_LIMIT && mag(qv[n]) <= SAMPLE_LIMIT)
			n++;
	}
	for (; n < N_SAMPLES; n++)
		iv[n] = qv[n] = 0;      /* bus gone or never settled */
	for (int r = 0; r <= SEARCH_ROUNDS; r++) {
		bool wide = spread(iv, N_SAMPLES) > SPREAD_LIMIT ||
		            spread(qv, N_SAMPLES) > SPREAD_LIMIT;
		sort(iv, N_SAMPLES);
		sort(qv, N_SAMPLES);
		if (!wide || dvr_io_status(io) != DVR_OK)
			break;
		/* Replace the two extremes by fresh samples. */
		read_iq(io, &iv[0], &qv[0]);
		read_iq(io, &iv[N_SAMPLES - 1], &qv[N_SAMPLES - 1]);
	}
	*i_out = u10(trimmed_mean(iv));
	*q_out = u10(trimmed_mean(qv));
}

static void bb_setup(struct dvr_io *io)
{
	dvr_w32_mask(io, 0x1D58, 0xFF8, 0x1FF);
	dvr_w32_mask(io, 0x1A00, 0x3, 0x2);
	dvr_w32_mask(io, 0x1A14, 0x300, 0x3);
	dvr_w32(io, 0x1D70, 0x7E7E7E7E);
	dvr_w32_mask(io, 0x180C, 0x3, 0);
	dvr_w32_mask(io, 0x410C, 0x3, 0);
	dvr_w32(io, 0x1B00, 0x8);
	dvr_w8(io, 0x1BCC, 0x3F);
	dvr_w32(io, 0x1B00, 0xA);
	dvr_w8(io, 0x1BCC, 0x3F);
	dvr_w32_mask(io, 0x1E24, 1u << 31, 0);
	dvr_w32_mask(io, 0x1E28, 0xF, 0x3);
}

/* ADC offset: returns the compensation (negated offset) kept in
 * base + 0x68, and in *adc_i and *adc_q the last non-zero ones. */
static uint32_t adc_cal(struct dvr_chip *chip, unsigned p, uint32_t *adc_i,
                        uint32_t *adc_q)
{
	struct dvr_io *io = chip->io;
	const struct dack_path *d = &paths[p];
	uint32_t ic = 0, qc = 0, word = 0;

	dvr_w32_mask(io, d->wr + 0x30, 1u << 30, 0);
	if (p == 1)
		dvr_w32(io, d->wr + 0x30, 0x30DB8041);
	dvr_w32(io, d->wr + 0x60, 0xF0040FF0);
	dvr_w32(io, d->wr + 0x0C, 0xDFF00220);
	dvr_w32(io, d->wr + 0x10, 0x02DD08C4);
	dvr_w32(io, d->wr + 0x0C, 0x10000260);
	halmac_rf_write(chip, 0, 0x00, 0xFFFFF, 0x10000);
	halmac_rf_write(chip, 1, 0x00, 0xFFFFF, 0x10000);
	for (int r = 0; r < ROUNDS && dvr_io_status(io) == DVR_OK; r++) {
		dvr_w32(io, 0x1C3C, d->adc_sel + 0x8003);
		dvr_w32(io, 0x1C24, 0x00010002);
		measure(io, &ic, &qc);
		if (ic) {
			ic = 0x400 - ic;
			*adc_i = ic;
		}
		if (qc) {
			qc = 0x400 - qc;
			*adc_q = qc;
		}
		word = (ic & 0x3FF) | (qc & 0x3FF) << 10;
		dvr_w32(io, d->wr + 0x68, word);
		/* Measure again with the compensation applied. */
		dvr_w32(io, 0x1C3C, d->adc_sel + 0x8103);
		measure(io, &ic, &qc);
		if (mag(s10(ic)) < CONVERGED && mag(s10(qc)) < CONVERGED)
			break;
	}
	dvr_w32(io, 0x1C3C, 0x3);
	dvr_w32(io, d->wr + 0x0C, 0x10000260);
	dvr_w32(io, d->wr + 0x10, 0x02D508C4);
	/* Release the pull-low switch on the IQ path. */
	halmac_rf_write(chip, p, 0x8F, 1u << 13, 1);
	return word;
}

/* Run the DAC DC loop (step 1 of rtw88) with the ADC compensation set. */
static void dac_run(struct dvr_io *io, unsigned p, uint32_t adck)
{
	const struct dack_path *d = &paths[p];

	dvr_w32(io, d->wr + 0x68, adck);
	dvr_w32(io, d->wr + 0x0C, 0xDFF00220);
	if (p == 0) {
		dvr_w32(io, d->wr + 0x60, 0xF0040FF0);
		dvr_w32(io, 0x1C38, 0xFFFFFFFF);
	}
	dvr_w32(io, d->wr + 0x10, 0x02D508C5);
	dvr_w32(io, 0x09B4, 0xDB66DB00);
	dvr_w32(io, d->wr + 0xB0, 0x0A11FB88);
	dvr_w32(io, d->wr + 0xBC, 0x0008FF81);
	dvr_w32(io, d->wr + 0xC0, 0x0003D208);
	dvr_w32(io, d->wr + 0xCC, 0x0A11FB88);
	dvr_w32(io, d->wr + 0xD8, 0x0008FF81);
	dvr_w32(io, d->wr + 0xDC, 0x0003D208);
	dvr_w32(io, d->wr + 0xB8, 0x60000000);
	dvr_delay_ms(2);
	dvr_w32(io, d->wr + 0xBC, 0x000AFF8D);
	dvr_delay_ms(2);
	dvr_w32(io, d->wr + 0xB0, 0x0A11FB89);
	dvr_w32(io, d->wr + 0xCC, 0x0A11FB89);
	dvr_delay_ms(1);
	dvr_w32(io, d->wr + 0xB8, 0x62000000);
	dvr_w32(io, d->wr + 0xD4, 0x62000000);
	dvr_delay_ms(20);
	/* rtw88 only logs a timeout here and goes on. */
	dvr_poll32(io, d->rd + 0x08, 0x7FFF80, 0xFFFFu << 7, READY_TRIES,
	           READY_US);
	dvr_poll32(io, d->rd + 0x34, 0x7FFF80, 0xFFFFu << 7, READY_TRIES,
	           READY_US);
	dvr_w32(io, d->wr + 0xB8, 0x02000000);
	dvr_delay_ms(1);
	dvr_w32(io, d->wr + 0xBC, 0x0008FF87);
	dvr_w32(io, 0x09B4, 0xDB6DB600);
	dvr_w32(io, d->wr + 0x10, 0x02D508C5);
	dvr_w32(io, d->wr + 0xBC, 0x0008FF87);
	dvr_w32(io, d->wr + 0x60, 0xF0000000);
}

/* DAC offset to the 8-bit code the DAC trim takes (rtw88 step 2). */
static uint32_t dac_code(uint32_t off)
{
	uint32_t c = off ? 0x400 - off : 0;   /* compensation */

	if (c < 0x300)
		return c * 12 / 5 + 0x80;
	return 0x7F - (0x400 - c) * 12 / 5;
}

static void dac_measure(struct dvr_io *io, unsigned p, uint32_t *ic,
                        uint32_t *qc)
{
	const struct dack_path *d = &paths[p];
	uint32_t i, q;

	dvr_w32_mask(io, d->wr + 0xBC, 0xF0000000, 0);
	dvr_w32_mask(io, d->wr + 0xC0, 0xF, 0x8);
	dvr_w32_mask(io, d->wr + 0xD8, 0xF0000000, 0);
	dvr_w32_mask(io, d->wr + 0xDC, 0xF, 0x8);
	dvr_w32(io, 0x1B00, 0x8);
	dvr_w8(io, 0x1BCC, 0x3F);
	dvr_w32(io, d->wr + 0x0C, 0xDFF00220);
	dvr_w32(io, d->wr + 0x10, 0x02D508C5);
	dvr_w32(io, 0x1C3C, 0x00088103);
	measure(io, &i, &q);
	*ic = dac_code(i);
	*qc = dac_code(q);
}

/* Load the DAC trim codes and measure what is left (rtw88 step 3);
 * returns the residue magnitude, the larger of I and Q. */
static int dac_apply(struct dvr_io *io, unsigned p, uint32_t ic, uint32_t qc,
                     uint32_t adc_i, uint32_t adc_q)
{
	const struct dack_path *d = &paths[p];
	uint32_t i, q;

	dvr_w32(io, d->wr + 0x0C, 0xDFF00220);
	dvr_w32(io, d->wr + 0x10, 0x02D508C5);
	dvr_w32(io, 0x09B4, 0xDB66DB00);
	dvr_w32(io, d->wr + 0xB0, 0x0A11FB88);
	dvr_w32(io, d->wr + 0xBC, 0xC008FF81);
	dvr_w32(io, d->wr + 0xC0, 0x0003D208);
	dvr_w32_mask(io, d->wr + 0xBC, 0xF0000000, ic & 0xF);
	dvr_w32_mask(io, d->wr + 0xC0, 0xF, (ic & 0xF0) >> 4);
	dvr_w32(io, d->wr + 0xCC, 0x0A11FB88);
	dvr_w32(io, d->wr + 0xD8, 0xE008FF81);
	dvr_w32(io, d->wr + 0xDC, 0x0003D208);
	dvr_w32_mask(io, d->wr + 0xD8, 0xF0000000, qc & 0xF);
	dvr_w32_mask(io, d->wr + 0xDC, 0xF, (qc & 0xF0) >> 4);
	dvr_w32(io, d->wr + 0xB8, 0x60000000);
	dvr_delay_ms(2);
	dvr_w32_mask(io, d->wr + 0xBC, 0xE, 0x6);
	dvr_delay_ms(2);
	dvr_w32(io, d->wr + 0xB0, 0x0A11FB89);
	dvr_w32(io, d->wr + 0xCC, 0x0A11FB89);
	dvr_delay_ms(1);
	dvr_w32(io, d->wr + 0xB8, 0x62000000);
	dvr_w32(io, d->wr + 0xD4, 0x62000000);
	dvr_delay_ms(20);
	dvr_poll32(io, d->rd + 0x24, 0x07F80000, (ic & 0xFF) << 19,
	           READY_TRIES, READY_US);
	dvr_poll32(io, d->rd + 0x50, 0x07F80000, (qc & 0xFF) << 19,
	           READY_TRIES, READY_US);
	dvr_w32(io, d->wr + 0xB8, 0x02000000);
	dvr_delay_ms(1);
	dvr_w32_mask(io, d->wr + 0xBC, 0xE, 0x3);
	dvr_w32(io, 0x09B4, 0xDB6DB600);
	/* DAC residue, measured through the ADC with a known +0x10 bias. */
	dvr_w32(io, d->wr + 0x68, ((adc_i + 0x10) & 0x3FF) |
	                          ((adc_q + 0x10) & 0x3FF) << 10);
	dvr_w32(io, d->wr + 0x10, 0x02D508C5);
	dvr_w32(io, d->wr + 0x60, 0xF0000000);
	measure(io, &i, &q);
	int ri = mag(s10(i) - 0x10 < -0x200 ? s10(i) - 0x10 + 0x400
	                                    : s10(i) - 0x10);
	int rq = mag(s10(q) - 0x10 < -0x200 ? s10(q) - 0x10 + 0x400
	                                    : s10(q) - 0x10);
	return ri > rq ? ri : rq;
}

static void path_done(struct dvr_io *io, unsigned p)
{
	const struct dack_path *d = &paths[p];

	dvr_w32(io, d->wr + 0x68, 0);
	dvr_w32(io, d->wr + 0x10, 0x02D508C4);
	dvr_w32_mask(io, d->wr + 0xBC, 0x1, 0);
	dvr_w32_mask(io, d->wr + 0x30, 1u << 30, 1);
}

/*
 * int rtl8822c_dack(struct dvr_chip *chip): after the PHY tables and the
 * TRX mode (phy_init calls it). A calibration that does not converge is
 * not an error (rtw88 carries on too); returns the bus status.
 */
int rtl8822c_dack(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	uint32_t saved[16], rf8f[2];

	for (unsigned k = 0; k < 16; k++)
		saved[k] = dvr_r32(io, saved_regs[k]);
	for (unsigned p = 0; p < 2; p++)
		rf8f[p] = halmac_rf_read(chip, p, 0x8F, 0xFFFFF);
	bb_setup(io);
	for (unsigned p = 0; p < 2 && dvr_io_status(io) == DVR_OK; p++) {
		uint32_t adc_i = 0, adc_q = 0;
		uint32_t adck = adc_cal(chip, p, &adc_i, &adc_q);
		for (int r = 0; r < ROUNDS && dvr_io_status(io) == DVR_OK; r++) {
			uint32_t ic, qc;
			dac_run(io, p, adck);
			dac_measure(io, p, &ic, &qc);
			if (dac_apply(io, p, ic, qc, adc_i, adc_q) < CONVERGED)
				break;
		}
		path_done(io, p);
	}
	dvr_w32(io, 0x1B00, 0x8);
	dvr_w32_mask(io, 0x4130, 1u << 30, 1);
	dvr_w8(io, 0x1BCC, 0);
	dvr_w32(io, 0x1B00, 0xA);
	dvr_w8(io, 0x1BCC, 0);
	for (unsigned k = 0; k < 16; k++)
		dvr_w32(io, saved_regs[k], saved[k]);
	for (unsigned p = 0; p < 2; p++)
		halmac_rf_write(chip, p, 0x8F, 0xFFFFF, rf8f[p]);
	return dvr_io_status(io);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "gf256.h"

#include <pthread.h>
#include <string.h>

static struct dvr_gf256 gf_tables;
static pthread_once_t gf_once = PTHREAD_ONCE_INIT;

static void gf_build(void)
{
	unsigned x = 1;
	for (unsigned i = 0; i < 255; i++) {
		gf_tables.exp[i] = (uint8_t)x;
		gf_tables.log[x] = (uint8_t)i;
		x <<= 1;
		if (x & 0x100)
			x ^= 0x11d;
	}
	/* Doubling the exp table lets mul use exp[log a + log b] directly. */
	for (unsigned i = 255; i < 512; i++)
		gf_tables.exp[i] = gf_tables.exp[i - 255];
	gf_tables.inv[0] = 0;
	for (unsigned a = 1; a < 256; a++)
		gf_tables.inv[a] = gf_tables.exp[255 - gf_tables.log[a]];
	for (unsigned a = 0; a < 256; a++)
		for (unsigned b = 0; b < 256; b++)
			gf_tables.mul[a][b] = (a && b)
				? gf_tables.exp[gf_tables.log[a] + gf_tables.log[b]]
				: 0;
}

const struct dvr_gf256 *dvr_gf256(void)
{
	pthread_once(&gf_once, gf_build);
	return &gf_tables;
}

int dvr_gf_invert(uint8_t *m, unsigned k, uint8_t *scratch)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	/* Augmented [m | I], k rows of 2k bytes. */
	uint8_t *aug = scratch;
	const unsigned w = 2 * k;

	for (unsigned r = 0; r < k; r++) {
		memcpy(aug + r * w, m + r * k, k);
		memset(aug + r * w + k, 0, k);
		aug[r * w + k + r] = 1;
	}
	for (unsigned col = 0; col < k; col++) {
		unsigned piv = col;
		while (piv < k && aug[piv * w + col] == 0)
			piv++;
		if (piv == k)
			return -1;
		if (piv != col) {
			for (unsigned j = 0; j < w; j++) {
				uint8_t t = aug[col * w + j];
				aug[col * w + j] = aug[piv * w + j];
				aug[piv * w + j] = t;
			}
		}
		uint8_t *prow = aug + col * w;
		const uint8_t *scale = gf->mul[gf->inv[prow[col]]];
		for (unsigned j = 0; j < w; j++)
			prow[j] = scale[prow[j]];
		for (unsigned r = 0; r < k; r++) {
			uint8_t f = aug[r * w + col];
			if (r == col || f == 0)
				continue;
			const uint8_t *fm = gf->mul[f];
			uint8_t *row = aug + r * w;
			for (unsigned j = 0; j < w; j++)
				row[j] ^= fm[prow[j]];
		}
	}
	for (unsigned r = 0; r < k; r++)
		memcpy(m + r * k, aug + r * w + k, k);
	return 0;
}

void dvr_gf_matmul(const uint8_t *a, const uint8_t *b, uint8_t *out,
                   unsigned rows, unsigned inner, unsigned cols)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	for (unsigned r = 0; r < rows; r++) {
		for (unsigned c = 0; c < cols; c++) {
			uint8_t acc = 0;
			for (unsigned i = 0; i < inner; i++)
				acc ^= gf->mul[a[r * inner + i]][b[i * cols + c]];
			out[r * cols + c] = acc;
		}
	}
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Thermal power tracking shared by the chips; see pwrtrack.h. */
#include "hal/common/pwrtrack.h"

#include <stdlib.h>

#define EWMA_FRAC 10u

const uint16_t dvr_txscale[DVR_TXSCALE_SIZE] = {
	0x081, 0x088, 0x090, 0x099, 0x0A2, 0x0AC, 0x0B6, 0x0C0, 0x0CC, 0x0D8,
	0x0E5, 0x0F2, 0x101, 0x110, 0x120, 0x131, 0x143, 0x156, 0x16A, 0x180,
	0x197, 0x1AF, 0x1C8, 0x1E3, 0x200, 0x21E, 0x23E, 0x261, 0x285, 0x2AB,
	0x2D3, 0x2FE, 0x32B, 0x35C, 0x38E, 0x3C4, 0x3FE,
};

unsigned dvr_txscale_index(uint32_t scaler)
{
	unsigned i = 0;

	while (i < DVR_TXSCALE_SIZE && dvr_txscale[i] != scaler)
		i++;
	return i;
}

void dvr_pwrtrk_select(const struct dvr_pwrtrk_tables *t, unsigned ch,
                       unsigned path, bool cck, const uint8_t **warm,
                       const uint8_t **cool)
{
	/* a path past the tables' last is taken as the last */
	unsigned p = path < DVR_MAX_RF_PATHS ? path : DVR_MAX_RF_PATHS - 1;
	int row = -1;

	if (ch >= 36 && ch <= 64)
		row = 0;
	else if (ch >= 100 && ch <= 144)
		row = 1;
	else if (ch >= 149 && ch <= 177)
		row = 2;
	if (row >= 0) {
		*warm = t->g5_p[p][row];
		*cool = t->g5_n[p][row];
	} else if (ch <= 14 && cck) {
		*warm = t->cck_p[p];
		*cool = t->cck_n[p];
	} else {
		*warm = t->g2_p[p];
		*cool = t->g2_n[p];
	}
}

uint8_t dvr_thermal_ewma(uint32_t *ewma, uint8_t reading)
{
	uint32_t v = (uint32_t)reading << EWMA_FRAC;

	*ewma = *ewma ? ((*ewma << 2) - *ewma + v) >> 2 : v;
	return (uint8_t)(*ewma >> EWMA_FRAC);
}

int dvr_pwrtrk_steps(const uint8_t *warm, const uint8_t *cool, uint8_t avg,
                     uint8_t cal)
{
	unsigned d = (unsigned)abs((int)avg - (int)cal);

	if (d > DVR_PWRTRK_SZ - 1)
		d = DVR_PWRTRK_SZ - 1;
	return avg > cal ? warm[d] : -(int)cool[d];
}

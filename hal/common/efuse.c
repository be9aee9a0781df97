/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/efuse.h"

#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

int dvr_efuse_decode(dvr_efuse_read_fn read, void *ctx, size_t phy_size,
                     uint8_t *log, size_t log_size, size_t *used)
{
	size_t p = 0;
	int st = DVR_OK;

	memset(log, 0xFF, log_size);
	while (p < phy_size) {
		uint8_t h1, h2;
		unsigned block, word_en;

		if ((st = read(ctx, (unsigned)p, &h1)) != DVR_OK)
			break;
		if (h1 == 0xFF)
			break;                  /* end of the written area */
		p++;
		if ((h1 & 0x1F) == 0x0F) {
			/* extended header: block number spans two bytes */
			if (p >= phy_size)
				break;
			if ((st = read(ctx, (unsigned)p, &h2)) != DVR_OK)
				break;
			if (h2 == 0xFF)
				break;
			p++;
			block = ((h2 & 0xF0u) >> 1) | (h1 >> 5);
			word_en = h2 & 0x0Fu;
		} else {
			block = h1 >> 4;
			word_en = h1 & 0x0Fu;
		}
		/* A clear word-enable bit means "two data bytes follow". */
		for (unsigned w = 0; w < 4; w++) {
			uint8_t lo, hi;
			size_t at = (size_t)block * 8 + w * 2;

			if (word_en & (1u << w))
				continue;
			if (p + 2 > phy_size)
				goto out;
			if ((st = read(ctx, (unsigned)p, &lo)) != DVR_OK ||
			    (st = read(ctx, (unsigned)p + 1, &hi)) != DVR_OK)
				goto out;
			p += 2;
			if (at + 1 < log_size) {
				log[at] = lo;
				log[at + 1] = hi;
			}
		}
	}
out:
	if (used)
		*used = p;
	return st;
}

int dvr_efuse_decode_2byte(dvr_efuse_read_fn read, void *ctx, size_t start,
                           size_t phy_size, uint8_t *log, size_t log_size,
                           size_t *used)
{
	size_t p = start;
	int st = DVR_OK;

	memset(log, 0xFF, log_size);
	while (p + 1 < phy_size) {
		uint8_t h1, h2;

		if ((st = read(ctx, (unsigned)p, &h1)) != DVR_OK)
			break;
		if (h1 == 0xFF)
			break;                  /* end of the written area */
		if ((st = read(ctx, (unsigned)p + 1, &h2)) != DVR_OK)
			break;
		if (h2 == 0xFF)
			break;
		p += 2;
		size_t block = ((size_t)(h1 & 0x0Fu) << 4) | (h2 >> 4);
		unsigned word_en = h2 & 0x0Fu;

		for (unsigned w = 0; w < 4; w++) {
			uint8_t lo, hi;
			size_t at = block * 8 + w * 2;

			if (word_en & (1u << w))
				continue;
			if (p + 2 > phy_size || at + 2 > log_size)
				goto out;
			if ((st = read(ctx, (unsigned)p, &lo)) != DVR_OK ||
			    (st = read(ctx, (unsigned)p + 1, &hi)) != DVR_OK)
				goto out;
			p += 2;
			log[at] = lo;
			log[at + 1] = hi;
		}
	}
out:
	if (used)
		*used = p;
	return st;
}

uint8_t *dvr_chip_efuse_map(struct dvr_chip *chip)
{
	if (!chip->efuse) {
		chip->efuse = malloc(chip->info->efuse_log_size);
		if (!chip->efuse)
			return NULL;
		memset(chip->efuse, 0xFF, chip->info->efuse_log_size);
		chip->tx_power_asked = -1;
	}
	return chip->efuse;
}

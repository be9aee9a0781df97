/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Power-by-rate table parsing: which rates a row's address stands for, how
 * its bytes are read, and the conversion to distances from each section's
 * base rate (rtw88 phy.c rtw_phy_get_rate_values_of_txpwr_by_rate,
 * rtw_phy_store_tx_power_by_rate, rtw_phy_tx_power_by_rate_config).
 */
#include <string.h>

#include <devourer/devourer.h>

#include "hal/common/txpwr_by_rate.h"

/* First rate code and base rate of each section, rtw88 main.h
 * rtw_rate_section[] (the base is the last rate, or MCS7 for VHT). */
static const struct { uint8_t first, count, base; } sections[DVR_RS_NUM] = {
	[DVR_RS_CCK] = { 0x00, 4, 0x03 },     /* 1M..11M, base 11M */
	[DVR_RS_OFDM] = { 0x04, 8, 0x0B },    /* 6M..54M, base 54M */
	[DVR_RS_HT_1S] = { 0x0C, 8, 0x13 },   /* MCS0..7, base MCS7 */
	[DVR_RS_HT_2S] = { 0x14, 8, 0x1B },   /* MCS8..15, base MCS15 */
	[DVR_RS_VHT_1S] = { 0x2C, 10, 0x33 }, /* VHT 1SS MCS0..9, base 7 */
	[DVR_RS_VHT_2S] = { 0x36, 10, 0x3D }, /* VHT 2SS MCS0..9, base 7 */
	[DVR_RS_HT_3S] = { 0x1C, 8, 0x23 },   /* MCS16..23, base MCS23 */
	[DVR_RS_HT_4S] = { 0x24, 8, 0x2B },   /* MCS24..31, base MCS31 */
	[DVR_RS_VHT_3S] = { 0x40, 10, 0x47 }, /* VHT 3SS MCS0..9, base 7 */
	[DVR_RS_VHT_4S] = { 0x4A, 10, 0x51 }, /* VHT 4SS MCS0..9, base 7 */
};

int dvr_rate_section_of(uint8_t rate)
{
	for (int rs = 0; rs < DVR_RS_NUM; rs++)
		if (rate >= sections[rs].first &&
		    rate < sections[rs].first + sections[rs].count)
			return rs;
	return -1;
}

/* The rates one row fills: count rates from first, their values in bytes
 * byte0.. of data; bcd_always: those bytes are BCD even in a binary
 * table (rtw88 reads the 0xE08 and 0x86C/0xFF CCK rows with bcd2bin
 * unconditionally). */
struct pg_group {
	uint8_t first, count, byte0;
	bool bcd_always;
};

/* Address forms: the Jaguar TX AGC registers (path A 0xC20, B 0xE20 on
 * Jaguar1; 0x1820 / 0x1A20 on chips that keep the same layout there), the
 * layout every table we carry uses, with the 3-stream groups of a 3T chip
 * 0xB8 above the base (rtw88 phy.c
 * rtw_phy_get_rate_values_of_txpwr_by_rate: 0xCD8-0xCE8); and the older
 * 11n register names some vendor tables still use. */
static bool group_of(uint32_t addr, uint32_t mask, struct pg_group *g)
{
	static const uint32_t jaguar_bases[] = { 0xC20, 0xE20, 0x1820, 0x1A20 };
	for (size_t i = 0; i < sizeof jaguar_bases / sizeof jaguar_bases[0];
	     i++) {
		uint32_t b = jaguar_bases[i];
		if (addr < b || (addr - b) % 4)
			continue;
		uint32_t off = addr - b;
		if (off <= 0x2C) {
			/* register = base + (rate & 0xFC), VHT rates 0x10
			 * lower */
			*g = (struct pg_group){
				(uint8_t)(off < 0x1C ? off : off + 0x10), 4, 0,
				false };
			return true;
		}
		if (off >= 0xB8 && off <= 0xC8) {
			/* MCS16-23 from 0xB8, VHT 3SS MCS0-9 from 0xC0; the
			 * last group holds MCS8-9 only */
			uint8_t first = (uint8_t)(off < 0xC0 ? off - 0x9C
			                                      : off - 0x80);
			*g = (struct pg_group){ first, off == 0xC8 ? 2 : 4, 0,
				                false };
			return true;
		}
	}
	static const struct { uint32_t addr; uint8_t first; } legacy[] = {
		{ 0xE00, 0x04 }, { 0x830, 0x04 }, /* 6M..18M */
		{ 0xE04, 0x08 }, { 0x834, 0x08 }, /* 24M..54M */
		{ 0xE10, 0x0C }, { 0x83C, 0x0C }, /* MCS0..3 */
		{ 0xE14, 0x10 }, { 0x848, 0x10 }, /* MCS4..7 */
		{ 0xE18, 0x14 }, { 0x84C, 0x14 }, /* MCS8..11 */
		{ 0xE1C, 0x18 }, { 0x868, 0x18 }, /* MCS12..15 */
	};
	for (size_t i = 0; i < sizeof legacy / sizeof legacy[0]; i++)
		if (addr == legacy[i].addr) {
			*g = (struct pg_group){ legacy[i].first, 4, 0, false };
			return true;
		}
	if (addr == 0xE08) {                      /* 1M in byte 1 */
		*g = (struct pg_group){ 0x00, 1, 1, true };
		return true;
	}
	if (addr == 0x838) {                      /* 1M, 2M, 5.5M */
		*g = (struct pg_group){ 0x00, 3, 1, false };
		return true;
	}
	if (addr == 0x86C && mask == 0xFFFFFF00u) { /* 2M, 5.5M, 11M */
		*g = (struct pg_group){ 0x01, 3, 1, false };
		return true;
	}
	if (addr == 0x86C && mask == 0x000000FFu) { /* 11M */
		*g = (struct pg_group){ 0x03, 1, 0, true };
		return true;
	}
	return false;
}

static int byte_value(uint32_t data, unsigned byte, bool bcd)
{
	unsigned v = (data >> (8 * byte)) & 0xFF;
	if (bcd)
		return (int)((v >> 4) * 10 + (v & 0xF));
	return v > 127 ? (int)v - 256 : (int)v;
}

int dvr_txpwr_by_rate_parse(struct dvr_txpwr_by_rate *out,
                            const struct dvr_pg_row *rows, size_t n,
                            bool bcd)
{
	if (!out || (n && !rows))
		return DVR_E_INVALID;
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < n; i++) {
		const struct dvr_pg_row *r = &rows[i];
		struct pg_group g;
		if (r->addr == 0xFE || r->addr == 0xFFE)
			continue;
		if (r->band >= DVR_TXPWR_BANDS || r->path >= DVR_TXPWR_PATHS ||
		    !group_of(r->addr, r->mask, &g))
			return DVR_E_INVALID;
		for (unsigned k = 0; k < g.count; k++) {
			int v = byte_value(r->data, g.byte0 + k,
			                   bcd || g.bcd_always);
			/* a BCD byte above 0x99 is no BCD at all */
			if (v > 127)
				return DVR_E_INVALID;
			out->offset[r->band][r->path][g.first + k] = (int8_t)v;
		}
	}
	/* Every rate relative to its section's base rate: the base index
	 * the EFUSE gives stands for the base rate's power. */
	for (unsigned b = 0; b < DVR_TXPWR_BANDS; b++)
		for (unsigned p = 0; p < DVR_TXPWR_PATHS; p++)
			for (unsigned rs = 0; rs < DVR_RS_NUM; rs++) {
				int8_t *o = out->offset[b][p];
				int base = o[sections[rs].base];
				out->base[b][p][rs] = (int8_t)base;
				for (unsigned k = 0; k < sections[rs].count;
				     k++) {
					unsigned rate = sections[rs].first + k;
					o[rate] = (int8_t)(o[rate] - base);
				}
			}
	return DVR_OK;
}

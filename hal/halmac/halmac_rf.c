/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RF register access of the HalMAC chips (rtw88 phy.c rtw_phy_read_rf,
 * rtw_phy_write_rf_reg_sipi, rtw_phy_write_rf_reg_mix): reads through the
 * chip's direct window, writes through the serial interface (LSSI) or,
 * on chips that take them there, through the window too; RF 0x00 is not
 * reachable through the window (a write there does nothing) and always
 * goes through LSSI. The register numbers are chip data (struct
 * halmac_rf_access).
 */
#include "hal/halmac/halmac.h"

#define RF_DATA_MASK 0xFFFFFu
#define LSSI_SETTLE_US 13u

static unsigned low_bit(uint32_t mask)
{
	unsigned s = 0;

	while (s < 31 && !(mask & (1u << s)))
		s++;
	return s;
}

static uint16_t window_reg(const struct halmac_rf_access *rf, unsigned path,
                           uint8_t addr)
{
	return (uint16_t)(rf->window[path % DVR_MAX_RF_PATHS] +
	                  ((unsigned)addr << 2));
}

uint32_t halmac_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr,
                        uint32_t mask)
{
	const struct halmac_rf_access *rf = &halmac_data(chip)->rf;

	mask &= RF_DATA_MASK;
	uint32_t v = dvr_r32(chip->io, window_reg(rf, path, addr));
	return mask ? (v & mask) >> low_bit(mask) : 0;
}

void halmac_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                     uint32_t mask, uint32_t data)
{
	const struct halmac_rf_access *rf = &halmac_data(chip)->rf;
	struct dvr_io *io = chip->io;

	mask &= RF_DATA_MASK;
	if (!mask)
		return;
	if (addr != 0 && rf->window_writes) {
		dvr_w32_mask(io, window_reg(rf, path, addr), mask, data);
		return;
	}
	/* The LSSI port takes ((addr << 20) | 20-bit data): a part of the
	 * register is merged with what it holds. */
	uint32_t v = data << low_bit(mask);
	if (mask != RF_DATA_MASK) {
		uint32_t old = halmac_rf_read(chip, path, addr, RF_DATA_MASK);
		v = (old & ~mask) | (v & mask);
	}
	dvr_w32(io, rf->lssi[path % DVR_MAX_RF_PATHS],
	        ((uint32_t)addr << 20) | (v & RF_DATA_MASK));
	dvr_delay_us(LSSI_SETTLE_US);
}

void halmac_rf_write_word(struct dvr_chip *chip, unsigned path, uint8_t addr,
                          uint32_t data)
{
	const struct halmac_rf_access *rf = &halmac_data(chip)->rf;

	/* The window word is the RF register's 20 bits and nothing above
	 * them (rtw88 phy.c rtw_phy_write_rf_reg_mix writes it under
	 * RFREG_MASK): the read-modify-write of halmac_rf_write would write
	 * this same word. */
	if (addr != 0 && rf->window_writes) {
		dvr_w32(chip->io, window_reg(rf, path, addr),
		        data & RF_DATA_MASK);
		return;
	}
	halmac_rf_write(chip, path, addr, RF_DATA_MASK, data);
}

int halmac_rf_row(void *ctx, uint32_t addr, uint32_t data)
{
	struct halmac_rf_ctx *rc = ctx;

	if (addr == 0xFFE)
		dvr_delay_ms(50);
	else if (addr == 0xFE)
		dvr_delay_us(100);
	else if (addr <= 0xFF)
		halmac_rf_write(rc->chip, rc->path, (uint8_t)addr,
		                RF_DATA_MASK, data);
	else
		return DVR_E_INVALID;  /* no such RF register */
	return dvr_io_status(rc->chip->io);
}

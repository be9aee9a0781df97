/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E's board-facing set-up the 8822C does not have: the RFE
 * control pins of the front end per band and active path, and the RX/TX
 * baseband filter in RF 0x1A. Each is a pure function of its inputs plus
 * a writer, so the values are tested without a chip.
 */
#include "hal/rtl8822e/rtl8822e.h"

#define REG_RFE_PINS_A0 0x1840
#define REG_RFE_PINS_A1 0x1844
#define REG_RFE_PINS_B0 0x4140
#define REG_RFE_PINS_B1 0x4144
#define RF_BW_FILTER 0x1A
#define RF_BW_FIELD 0x7C00u           /* [14:10] */
#define RF_TX_CCK_IND (1u << 0)
#define RF_BIT16 (1u << 16)

bool rtl8822e_rfe_pins(uint8_t rfe, bool is_2g, unsigned paths,
                       struct rtl8822e_rfe_pins *out)
{
	/*
	 * Vendor rtl88x2eu phydm_hal_api8822e.c phydm_rfe_8822e, RFE 21 and
	 * 22 (the nibble codes per its comment: 0 = 2.4 GHz PAPE,
	 * 2 = 2.4 GHz LNA on, 3 = LNA on, 7 = constant 0). On 2.4 GHz it
	 * drives the "none" pattern whatever the path. The vendor drop we
	 * can read handles no other RFE type (OpenIPC devourer's
	 * HalJaguar3.cpp config_rfe adds 23/24 from a newer one, not
	 * public): those leave the pins alone.
	 */
	static const struct rtl8822e_rfe_pins by_path[4] = {
		[0] = { { 0x00007000, 0x00007007, 0x70700000, 0x00000070 } },
		[1] = { { 0x00002000, 0x00003000, 0x70700000, 0x00000070 } },
		[2] = { { 0x00007000, 0x00007007, 0x00200000, 0x00000030 } },
		[3] = { { 0x00002000, 0x00003000, 0x00200000, 0x00000030 } },
	};

	if (rfe != 21 && rfe != 22)
		return false;
	*out = by_path[is_2g ? 0 : paths & 3];
	return true;
}

int rtl8822e_set_rfe_pins(struct dvr_chip *chip, bool is_2g, unsigned paths)
{
	static const uint16_t reg[4] = { REG_RFE_PINS_A0, REG_RFE_PINS_A1,
		                         REG_RFE_PINS_B0, REG_RFE_PINS_B1 };
	struct rtl8822e_rfe_pins p;

	if (!rtl8822e_rfe_pins(chip->id.rfe_type, is_2g, paths, &p))
		return DVR_OK;
	for (unsigned i = 0; i < 4; i++)
		dvr_w32(chip->io, reg[i], p.reg[i]);
	return dvr_io_status(chip->io);
}

uint32_t rtl8822e_rf1a_for_bw(uint32_t rf1a, unsigned bw_mhz)
{
	/*
	 * Vendor phydm_hal_api8822e.c config_phydm_switch_bandwidth_8822e:
	 * path A's RF 0x1A with [14:10] = bits 11|10 at 20 MHz (and 5/10),
	 * 12|11 at 40, 13|10 at 80, written to both paths; then the
	 * "TX_CCK_IND" workaround: bit 0 set and bit 16 clear at 40 MHz,
	 * bit 0 clear otherwise. The 8822C's RX filter is an RF 0x3F LUT
	 * instead; OpenIPC devourer (docs/8822e-quirks.md) found the 8822E
	 * deaf on 2.4 GHz with that.
	 */
	uint32_t bw = bw_mhz == 80 ? (1u << 13) | (1u << 10) :
	              bw_mhz == 40 ? (1u << 12) | (1u << 11) :
	                             (1u << 11) | (1u << 10);

	rf1a = (rf1a & ~RF_BW_FIELD) | bw;
	if (bw_mhz == 40)
		return (rf1a | RF_TX_CCK_IND) & ~RF_BIT16;
	return rf1a & ~RF_TX_CCK_IND;
}

int rtl8822e_set_bw_filter(struct dvr_chip *chip, unsigned bw_mhz)
{
	uint32_t v = rtl8822e_rf1a_for_bw(
		halmac_rf_read(chip, 0, RF_BW_FILTER, 0xFFFFF), bw_mhz);

	for (unsigned path = 0; path < 2; path++)
		halmac_rf_write(chip, path, RF_BW_FILTER, 0xFFFFF, v);
	return dvr_io_status(chip->io);
}

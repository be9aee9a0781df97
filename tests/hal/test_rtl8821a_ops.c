/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8821A chip ops against a small behavioural fake (the EFUSE port):
 * the probe that settles a VID:PID the 8812A lists too (0xFC chip id),
 * identify on a part with and without its BT half (0x68 BT_FUNC_EN: an
 * RTL8821AU or an RTL8811AU), one RF path either way, the USB block's MAC
 * address at 0x107, the B-cut read raw, and the CCK gain table.
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "hal/hal.h"
#include "hal/jaguar1/jaguar1.h"

extern const struct dvr_chip_info rtl8821a_info;

static uint8_t efuse[512];

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *buf,
                     uint16_t len, const uint8_t *old)
{
	(void)buf;
	(void)old;
	if (addr == 0x30 && len == 4) {
		uint32_t v = fake_r32(f, 0x30);
		if (!(v & 0x80000000u)) {
			f->mem[0x30] = efuse[(v >> 8) & 0x1FF];
			f->mem[0x33] |= 0x80;
		}
	}
}

/* A programmed map: RTL id, then block 0x100 (VID/PID) and 0x107 (MAC)
 * written as two 8-byte blocks (header = block << 4, all words). */
static void program_efuse(void)
{
	static const uint8_t usb[16] = {
		0x57, 0x23, 0x20, 0x01, 0xFF, 0xFF, 0xFF,      /* 0x100 */
		0x02, 0x11, 0x22, 0x33, 0x44, 0x55, 0xFF, 0xFF, 0xFF,
	};
	size_t p = 0;
	memset(efuse, 0xFF, sizeof efuse);
	for (unsigned b = 0x100 / 8; b < 0x100 / 8 + 2; b++) {
		efuse[p++] = (uint8_t)((b & 7) << 5 | 0x0F);
		efuse[p++] = (uint8_t)((b >> 3) << 4);
		memcpy(efuse + p, usb + (b - 0x100 / 8) * 8, 8);
		p += 8;
	}
}

static void reset(struct fake_regs *f, struct dvr_io *io, uint8_t chip_id,
                  bool bt)
{
	fake_init(f, io);
	f->on_write = on_write;
	f->mem[0xF1] = 0x10;       /* SYS_CFG CHIP_VER 1 */
	f->mem[0xFC] = chip_id;
	f->mem[0x6A] = bt ? 0x04 : 0x00;   /* 0x68 bit 18 BT_FUNC_EN */
}

int main(void)
{
	static struct fake_regs f;
	struct dvr_io io;
	struct dvr_chip chip = { .info = &rtl8821a_info, .io = &io };
	const struct dvr_chip_ops *ops = rtl8821a_info.ops;

	/* ---- probe ---- */
	CHECK(ops->probe != NULL, "the 8821A has a probe (2357:0122)");
	reset(&f, &io, 0x05, true);
	CHECK_EQ_INT(ops->probe(&chip), DVR_OK, "chip id 0x05: the 8821A");
	reset(&f, &io, 0x04, true);
	CHECK_EQ_INT(ops->probe(&chip), DVR_E_NOT_FOUND,
	             "chip id 0x04: an 8812A, handed on");
	reset(&f, &io, 0x00, true);
	CHECK_EQ_INT(ops->probe(&chip), DVR_OK,
	             "an unknown id keeps the VID:PID's choice");
	CHECK(f.writes == 0, "the probe writes nothing");

	/* ---- identify, RTL8821AU ---- */
	program_efuse();
	reset(&f, &io, 0x05, true);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify, BT function");
	CHECK(chip.id.part_name == NULL, "with BT: the entry's own name");
	CHECK(strcmp(rtl8821a_info.name, "RTL8821AU") == 0,
	      "the entry is the RTL8821AU");
	CHECK_EQ_INT(dvr_chip_rf_paths(&chip), 1, "RTL8821AU: one RF path");
	CHECK_EQ_INT(chip.id.cut, 1, "B-cut read raw (no +1 as the 8812A)");
	static const uint8_t mac[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	CHECK_MEM(chip.id.mac_addr, mac, 6, "MAC address from EFUSE 0x107");
	CHECK(jaguar1_priv(&chip) && jaguar1_priv(&chip)->btcoex,
	      "BT coexistence from BT_FUNC_EN");
	dvr_chip_state_free(&chip);

	/* ---- identify, RTL8811AU ---- */
	reset(&f, &io, 0x05, false);
	CHECK_EQ_INT(ops->identify(&chip), DVR_OK, "identify, no BT function");
	CHECK(chip.id.part_name && strcmp(chip.id.part_name, "RTL8811AU") == 0,
	      "BT_FUNC_EN clear: an RTL8811AU");
	CHECK_EQ_INT(dvr_chip_rf_paths(&chip), 1, "RTL8811AU: one RF path");
	CHECK(!jaguar1_priv(&chip)->btcoex, "no BT coexistence");
	dvr_chip_state_free(&chip);

	/* ---- CCK RX power (rtw88 rtw8821a.c rtw8821a_cck_rx_pwr) ---- */
	int (*cck)(uint8_t) = jaguar1_data(&chip)->cck_rx_power;
	CHECK_EQ_INT(cck(0x00 << 5 | 4), 15 - 8, "LNA 0: 15 dB - 2 x VGA");
	CHECK_EQ_INT(cck(0x05 << 5 | 10), -38 - 20, "LNA 5: -38 dB");
	CHECK_EQ_INT(cck(0x03 << 5 | 10), 0, "LNA 3: no gain, 0 as rtw88");
	CHECK_EQ_INT(cck(0x07 << 5 | 1), 0, "LNA 7: no gain");
	return check_done();
}

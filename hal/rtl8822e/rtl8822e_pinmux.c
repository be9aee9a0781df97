/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E's eFEM GPIO pin-mux and PA pad bits: six pins handed to the
 * RFE engine so the front end's DPDT transfer switch, LNA-on and PA lines
 * follow TX/RX in hardware. OpenIPC devourer (docs/8822e-quirks.md "Front-
 * end pin-mux is load-bearing") found TX garbled above ~26 Mbit/s and RX
 * path B without its antenna when this is missing. It must run after the
 * coexistence set-up, which rewrites GPIO_MUXCFG (0x40).
 */
#include "hal/rtl8822e/rtl8822e.h"

/* One claim on a pin's priority list: the byte register, its field and
 * the value that enables the claim. */
struct pin_claim {
	uint8_t reg, mask, on;
};
/* One ownership bit fixed after the switch. */
struct pin_fix {
	uint8_t reg, bit;
	bool set;
};
struct pin_func {
	const struct pin_claim *claims;
	size_t n_claims;         /* the last one is the function wanted */
	const struct pin_fix *fixes;
	size_t n_fixes;
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The priority lists of vendor rtl88x2eu halmac_gpio_8822e.c
 * (PINMUX_LIST_GPIO3/14/EECS/GPIO4/13/2_8822E) down to the function
 * wanted, and the ownership fixes of its pinmux_set_func_8822e; the
 * register and bit values as OpenIPC devourer RtlJaguar3Device.cpp
 * efem_pinmux_8822e transcribed them.
 */
/* RFE_CTRL_3: GPIO3 as WL LNA-on. */
static const struct pin_claim rfe3[] = {
	{ 0x66, 0x04, 0x04 }, { 0x4F, 0x40, 0x40 }, { 0x41, 0x02, 0x00 },
	{ 0x41, 0x04, 0x04 }, { 0x40, 0x03, 0x01 }, { 0x40, 0x03, 0x02 },
	{ 0x40, 0x03, 0x03 }, { 0x4F, 0x04, 0x04 }, { 0x42, 0x01, 0x01 },
	{ 0x42, 0x01, 0x01 },
};
static const struct pin_fix rfe3_fix[] = { { 0x43, 0x80, false },
	                                   { 0x67, 0x10, true } };
/* RFE_CTRL_5: GPIO14 to the RFE engine. */
static const struct pin_claim rfe5[] = {
	{ 0x4E, 0x40, 0x40 }, { 0x4F, 0x40, 0x40 }, { 0x40, 0x04, 0x04 },
};
static const struct pin_fix rfe5_fix[] = { { 0x3F, 0x04, true } };
/* RFE_CTRL_7: the EECS pad to the RFE engine. */
static const struct pin_claim rfe7[] = {
	{ 0x67, 0x02, 0x02 }, { 0x40, 0x08, 0x08 },
};
/* RFE_CTRL_8: GPIO4 as the WL DPDT select. */
static const struct pin_claim rfe8[] = {
	{ 0x66, 0x10, 0x10 }, { 0x42, 0x08, 0x08 }, { 0x67, 0x01, 0x01 },
	{ 0x65, 0x80, 0x80 }, { 0x73, 0x08, 0x08 }, { 0x40, 0x03, 0x01 },
	{ 0x40, 0x03, 0x02 }, { 0x40, 0x03, 0x03 }, { 0x4E, 0x80, 0x80 },
	{ 0x42, 0x02, 0x02 }, { 0x42, 0x02, 0x02 },
};
static const struct pin_fix rfe8_fix[] = { { 0x43, 0x04, true },
	                                   { 0x4F, 0x01, true } };
/* RFE_CTRL_9: GPIO13 as the WL DPDT select, the transfer switch itself. */
static const struct pin_claim rfe9[] = {
	{ 0x4E, 0x40, 0x40 }, { 0x4F, 0x40, 0x40 }, { 0x4E, 0x80, 0x80 },
	{ 0x42, 0x02, 0x02 }, { 0x42, 0x02, 0x02 },
};
static const struct pin_fix rfe9_fix[] = { { 0x43, 0x08, false },
	                                   { 0x43, 0x10, true },
	                                   { 0x4F, 0x01, true } };
/* RFE_CTRL_11: GPIO2 to the RFE engine. */
static const struct pin_claim rfe11[] = {
	{ 0x66, 0x04, 0x04 }, { 0x4F, 0x40, 0x40 }, { 0x41, 0x02, 0x00 },
	{ 0x41, 0x04, 0x04 }, { 0x40, 0x03, 0x01 }, { 0x40, 0x03, 0x02 },
	{ 0x40, 0x03, 0x03 }, { 0x40, 0x04, 0x04 },
};
static const struct pin_fix rfe11_fix[] = { { 0x3F, 0x01, false } };

/* The vendor's order: rtw_halmac_rfe_ctrl_cfg 28..33 (rtl8822e_halinit.c
 * _efem_pinmux_config). */
static const struct pin_func efem[] = {
	{ rfe3, N(rfe3), rfe3_fix, N(rfe3_fix) },
	{ rfe5, N(rfe5), rfe5_fix, N(rfe5_fix) },
	{ rfe7, N(rfe7), NULL, 0 },
	{ rfe8, N(rfe8), rfe8_fix, N(rfe8_fix) },
	{ rfe9, N(rfe9), rfe9_fix, N(rfe9_fix) },
	{ rfe11, N(rfe11), rfe11_fix, N(rfe11_fix) },
};

/* HalMAC's pin switch: every claim above the wanted one is turned off
 * (field = ~on), the wanted one on; claims below it stay as they are. */
static void pin_switch(struct dvr_io *io, const struct pin_func *f)
{
	for (size_t i = 0; i < f->n_claims; i++) {
		const struct pin_claim *c = &f->claims[i];
		uint8_t field = i + 1 == f->n_claims ? c->on : (uint8_t)~c->on;
		uint8_t v = dvr_r8(io, c->reg);
		dvr_w8(io, c->reg, (uint8_t)((v & ~c->mask) | (field & c->mask)));
	}
	for (size_t i = 0; i < f->n_fixes; i++) {
		const struct pin_fix *x = &f->fixes[i];
		if (x->set)
			dvr_set8(io, x->reg, x->bit);
		else
			dvr_clr8(io, x->reg, x->bit);
	}
}

int rtl8822e_frontend_pinmux(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	uint8_t rfe = chip->id.rfe_type;

	/* GPIO_MUXCFG RFE mux bits on, PAD_CTRL1 pad-block bits off: OpenIPC
	 * devourer RtlJaguar3Device.cpp InitWrite (after coex) found
	 * cold-start TX 3-5 dB weak and cold 5 GHz duty ~5 % without them
	 * (docs/8822e-quirks.md "PAD_CTRL1"). */
	dvr_set32(io, 0x0040, 0x14030008u);
	dvr_clr32(io, 0x0064, 0x02040000u);
	/* The eFEM pins, for the front ends the vendor routes (RFE 21 and
	 * 22 only in rtl8822e_halinit.c _efem_pinmux_config). */
	if (rfe == 21 || rfe == 22)
		for (size_t i = 0; i < N(efem); i++)
			pin_switch(io, &efem[i]);
	/* PAD_CTRL1 [29:28] route the WL PA / antenna pads; HalMAC's
	 * pre-init sets them and the firmware and coex steps clear bit 29
	 * (OpenIPC devourer RtlJaguar3Device.cpp apply_dpdt_route_8822e). */
	dvr_set32(io, 0x0064, 0x30000000u);
	return dvr_io_status(io);
}

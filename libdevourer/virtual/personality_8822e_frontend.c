/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E's board-facing front end and RX DMA, as far as they decide
 * whether the MAC's frames reach the air and the air's reach bulk IN.
 *
 * RFE control pins. For its FPV front ends (RFE 21/22; 23/24 in
 * devourer's newer port) the vendor writes the pin-function registers
 * 0x1840 / 0x1844 (path A) and 0x4140 / 0x4144 (path B) whole, per band
 * and active path, with one of four patterns (rtl88x2eu
 * hal/phydm/rtl8822e/phydm_hal_api8822e.c phydm_rfe_8822e; OpenIPC
 * devourer src/jaguar3/HalJaguar3.cpp config_rfe). The BB table leaves
 * them 0 (array_mp_8822e_phy_reg), and devourer found them zero and the
 * receiver deaf on a chip brought up without them (HalJaguar3.cpp
 * rtw_hal_init comment). The model: pins that hold one of the four
 * patterns are driven; anything else leaves the board deaf and its PA off
 * the antenna.
 *
 * The DPDT transfer switch. The vendor's rtl8822e_init_misc routes six
 * GPIOs to the RFE engine through HalMAC's pin-mux table
 * (hal/rtl8822e/rtl8822e_halinit.c _efem_pinmux_config,
 * halmac_gpio_8822e.c pinmux_set_func_8822e; devourer
 * RtlJaguar3Device.cpp efem_pinmux_8822e transcribes every bit). For the
 * switch, GPIO13 and GPIO4 become WL_DPDT_SEL (0x42 bit 1) with the
 * claims above them off — the software DPDT select (0x4E bit 7), the
 * GPIO13/14 WL control (0x4E bit 6), BT_ANT_SW (0x4F bit 6) — and WLAN
 * owns the switch (0x4F bit 0, DPDT_WLBT_SEL). Then it follows TX/RX in
 * hardware: PA on TX, both LNAs on RX. devourer's bench history
 * (docs/8822e-quirks.md, "Front-end pin-mux is load-bearing"): a static
 * substitute (0x4C bit 24 set, bit 22 clear) fixed TX but left RX path B
 * without its antenna; bit 24 alone kept RX but nothing aired; with
 * neither, fast PPDUs aired as garbage. The model: the eFEM route airs
 * and feeds both paths; the static substitute airs and leaves path B
 * deaf; anything else airs nothing (the model has no TX power or EVM:
 * a frame no receiver decodes is a frame not aired) and leaves path B
 * deaf. The PA-enable pad bits (0x40, 0x64) devourer also drives make TX
 * 3-5 dB weak when missing (the same document, "PAD_CTRL1"): that is the
 * TX power's (personality_8822e_txpwr.c).
 *
 * RX aggregation. The 8822E's RX DMA pushes nothing to bulk IN unless
 * USB RX aggregation is on — 0x10C bit 2 set and 0x283 bit 7 clear —
 * while the 8822C delivers without it (devourer
 * src/jaguar3/HalmacJaguar3MacInit.cpp init_usb_cfg comment). There
 * devourer saw the bulk IN transfers complete empty on usbmon while the
 * RF received. The model drops what is heard meanwhile (counted as
 * filtered) and, for each such frame, completes the waiting bulk IN
 * transfer with 0 bytes.
 * Caller holds vc->lock.
 */
#include "libdevourer/virtual/personality_3081_regs.h"
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/personality_8822e_regs.h"

enum route { ROUTE_NONE, ROUTE_STATIC, ROUTE_EFEM };

/* The four patterns of phydm_rfe_8822e: no path, path A, path B, both. */
static bool rfe_pins_driven(const struct vchip *vc)
{
	static const uint32_t pattern[4][4] = {
		{ 0x00007000, 0x00007007, 0x70700000, 0x00000070 },
		{ 0x00002000, 0x00003000, 0x70700000, 0x00000070 },
		{ 0x00007000, 0x00007007, 0x00200000, 0x00000030 },
		{ 0x00002000, 0x00003000, 0x00200000, 0x00000030 },
	};
	uint32_t pins[4] = {
		vc_reg32(vc, P8822E_RFE_PINS_A0),
		vc_reg32(vc, P8822E_RFE_PINS_A1),
		vc_reg32(vc, P8822E_RFE_PINS_B0),
		vc_reg32(vc, P8822E_RFE_PINS_B1),
	};
	for (unsigned i = 0; i < 4; i++)
		if (pins[0] == pattern[i][0] && pins[1] == pattern[i][1] &&
		    pins[2] == pattern[i][2] && pins[3] == pattern[i][3])
			return true;
	return false;
}

static enum route dpdt_route(const struct vchip *vc)
{
	uint8_t owner = vc->regs[P8822E_DPDT_OWNER];
	uint8_t gpio = vc->regs[P8822E_GPIO13_14_CTL];
	if (!(owner & 0x01) || (gpio & 0x40))
		return ROUTE_NONE;
	if ((vc->regs[P8822E_WL_RFE_DPDT] & 0x02) && !(gpio & 0x80) &&
	    !(owner & 0x40))
		return ROUTE_EFEM;
	return ROUTE_STATIC;
}

bool p8822e_tx_front_end(const struct vchip *vc)
{
	return rfe_pins_driven(vc) && dpdt_route(vc) != ROUTE_NONE;
}

bool p8822e_rx_delivers(const struct vchip *vc)
{
	bool agg = (vc->regs[P3081_TXDMA_PQ_MAP] & P8822E_RXDMA_AGG_EN) &&
	           !(vc->regs[P8822E_RXDMA_AGG_PG_TH + 3] & 0x80);
	return agg && rfe_pins_driven(vc);
}

bool p8822e_rx_flushes_empty(const struct vchip *vc)
{
	bool agg = (vc->regs[P3081_TXDMA_PQ_MAP] & P8822E_RXDMA_AGG_EN) &&
	           !(vc->regs[P8822E_RXDMA_AGG_PG_TH + 3] & 0x80);
	return !agg && rfe_pins_driven(vc);
}

bool p8822e_path_b_antenna(const struct vchip *vc)
{
	return rfe_pins_driven(vc) && dpdt_route(vc) == ROUTE_EFEM;
}

/* RF 0x18's channel [7:0], band [9:8] and [18:16], bandwidth [13:12]
 * (rtl88x2eu phydm_hal_api8822e.c config_phydm_switch_channel_8822e
 * writes them to both paths) */
#define RF18_TUNING 0x773FFu

bool p8822e_path_tuned(const struct vchip *vc, unsigned path)
{
	const struct p3081_state *s = p3081_of(vc);
	return path < 2 && p3081_rf_on(vc, path) &&
	       ((s->rf[path][0x18] ^ s->rf[0][0x18]) & RF18_TUNING) == 0;
}

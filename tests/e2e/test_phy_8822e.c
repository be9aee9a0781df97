/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8812EU's BB/RF bring-up and channel switch on the chip model:
 * the real HAL ops driven one by one over the in-process virtual bus (a
 * tuned device stops at TX power, not written yet for this chip), then
 * the registers read back through the same bus after phy_init and
 * set_channel at 36/20, 149/80, 6/20 and 36/40. Expected values are
 * worked out by hand from the vendor driver (rtl88x2eu
 * phydm_hal_api8822e.c) and OpenIPC devourer:
 *
 *   RF 0x18 (both paths): channel [7:0]; 5 GHz bits 16 and 8; bit 18 above
 *     channel 144, bit 17 from 80; [13:12] 3 at 20 MHz, 2 at 40, 1 at 80.
 *   RF 0x1A (both paths): [14:10] bits 11|10 at 20 MHz, 12|11 at 40,
 *     13|10 at 80; bit 0 set and bit 16 clear at 40 MHz ("TX_CCK_IND"),
 *     bit 0 clear otherwise.
 *   Spur: at 149/80 (centre 155, 5760 MHz) the NBI notch on tone 208,
 *     0xC24 = 0xC0E0 and the DAC clock 0x1CDC bit 31; elsewhere none,
 *     0xC24 = 0x00FF.
 *   AGC tables 0x18AC / 0x41AC [8:4]: 1 for ch 36, 3 for ch 149 (centre
 *     155), 0 at 2.4 GHz with CCK table [15:12] = 8; 0x828 [7:3] the
 *     table's lower bound, the gain [21:16] of its first 0x1D90 entry
 *     with RX BB gain 0x14 in RFE 21's case (headline 0xF0FFFF15): 10
 *     for table 0, 2 for table 1 (the other cases have 9), table 3's as
 *     recorded at the load.
 *   RFE pins (RFE 21, the model's default board): 5 GHz A+B 0x2000,
 *     0x3000, 0x00200000, 0x30; 2.4 GHz "none" 0x7000, 0x7007,
 *     0x70700000, 0x70.
 *   TX paths: 0x820 [7:0] 0x32 at 5 GHz, 0x31 at 2.4 GHz; 0x1E2C [15:0]
 *     0x0400; CCK 0x1A04 [31:28] 0xC.
 *   Pin-mux: 0x40 bits 0x14030008 set (plus the eFEM targets), 0x64
 *     bits 0x02040000 clear and 29:28 set, 0x42 bits 0/1 (LNA-on, DPDT
 *     select) set.
 *   5/10 MHz on 36 (rtl8822e_channel.c): RF 0x18 at 20 MHz; 0x9B0
 *     [7:6] 2 / 1, 0x9B4 DAC / ADC 6 / 5 and 4 / 4, 0x810 [13:4] 0x2AB,
 *     MAC clock 0x24 [21:20] 2 / 3, 0x55C / 0x638 20, CFR 0xA74 bit 31
 *     off, 0x808 [6:4] 1; 36/40 after them: small BW 0, DAC / ADC 6 / 6,
 *     0x19B, MAC clock 0, ticks 80, CFR on, 0x808 [6:4] 3.
 *   Refused: 15, 98 and 146 (no such synthesiser channel).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/firmware.h"
#include "hal/rtl8822e/rtl8822e.h"
#include "libdevourer/bus/backend.h"
#include "libdevourer/io/io.h"
#include "tests/check.h"

struct rig {
	struct dvr_transport *t;
	struct dvr_io io;
	struct dvr_chip chip;
};

static const char *fw_dir(void)
{
	static char probe[1024];
	const char *d = getenv("DEVOURER_TEST_FIRMWARE_DIR");
	if (!d || !*d)
		return NULL;
	snprintf(probe, sizeof probe, "%s/rtw8822e_fw.bin", d);
	FILE *f = fopen(probe, "rb");
	if (!f)
		return NULL;
	fclose(f);
	return d;
}

static int bring_up(struct rig *r, const char *fwdir)
{
	struct dvr_selector sel = { .kind = DVR_SEL_VIRTUAL };
	snprintf(sel.name, sizeof sel.name, "ephy");
	snprintf(sel.options, sizeof sel.options, "chip=8822e");
	if (dvr_backend_virtual.open(&sel, NULL, &r->t, NULL, 0) != DVR_OK)
		return DVR_E_NO_DEVICE;
	dvr_io_init(&r->io, r->t);
	struct dvr_chip *c = &r->chip;
	memset(c, 0, sizeof *c);
	c->info = &rtl8822e_info;
	c->io = &r->io;
	c->tx_power_asked = -1;
	c->n_out = r->t->info.n_out;
	c->usb_speed_mbps = r->t->info.speed_mbps;
	c->usb3 = c->usb_speed_mbps >= 5000;
	const struct dvr_chip_ops *ops = c->info->ops;
	int st;
	if ((st = ops->probe(c)) != DVR_OK || (st = ops->identify(c)) != DVR_OK ||
	    (st = ops->power_on(c)) != DVR_OK)
		return st;
	struct dvr_firmware fw;
	if ((st = dvr_firmware_load(c->info->fw_file, fwdir, &fw, NULL, 0)) !=
	    DVR_OK)
		return st;
	st = ops->download_firmware(c, &fw);
	dvr_firmware_release(&fw);
	if (st != DVR_OK || (st = ops->mac_init(c)) != DVR_OK)
		return st;
	return ops->phy_init(c);
}

static uint32_t rf(struct rig *r, unsigned path, uint8_t addr)
{
	return halmac_rf_read(&r->chip, path, addr, 0xFFFFF);
}

static void check_pinmux(struct rig *r)
{
	struct dvr_io *io = &r->io;
	uint32_t v40 = dvr_r32(io, 0x40), v64 = dvr_r32(io, 0x64);
	CHECK_EQ_HEX(v40 & 0x14030008u, 0x14030008u, "0x40 RFE mux bits set");
	CHECK_EQ_HEX(v64 & 0x02040000u, 0, "0x64 pad-block bits clear");
	CHECK_EQ_HEX(v64 & 0x30000000u, 0x30000000u, "0x64 [29:28] set");
	CHECK_EQ_HEX(dvr_r8(io, 0x42) & 0x03, 0x03,
	             "0x42: GPIO3 LNA-on and the DPDT selects to WL");
	CHECK_EQ_HEX(dvr_r8(io, 0x40) & 0x0C, 0x0C,
	             "0x40: RFE_CTRL_5/7/11 to the RFE engine");
	CHECK_EQ_HEX(dvr_r8(io, 0x43) & 0x98, 0x10,
	             "0x43: the eFEM ownership fixes");
}

struct chan_want {
	struct dvr_channel ch;
	uint32_t rf18, rf1a_bw;
	uint32_t ofdm_agc, cck_agc; /* cck_agc 0xFF: not checked */
	uint32_t lbound;            /* 0: the one recorded at the AGC load */
	uint32_t pins[4];
	uint32_t tx820;
};

static void check_channel(struct rig *r, const struct chan_want *w)
{
	struct dvr_io *io = &r->io;
	char what[64];
	snprintf(what, sizeof what, "ch %u/%u", w->ch.channel, w->ch.bw_mhz);
	int st = r->chip.info->ops->set_channel(&r->chip, &w->ch);
	if (!CHECK(st == DVR_OK, what)) {
		printf("# status %d: %s\n", st, r->chip.error);
		return;
	}
	printf("# %s\n", what);
	for (unsigned p = 0; p < 2; p++) {
		CHECK_EQ_HEX(rf(r, p, 0x18) & 0x73FFF, w->rf18,
		             p ? "RF B 0x18" : "RF A 0x18");
		uint32_t v1a = rf(r, p, 0x1A);
		CHECK_EQ_HEX(v1a & 0x7C00, w->rf1a_bw,
		             p ? "RF B 0x1A [14:10]" : "RF A 0x1A [14:10]");
		if (w->ch.bw_mhz == 40)
			CHECK_EQ_HEX(v1a & 0x10001, 1,
			             "RF 0x1A TX_CCK_IND: bit 0 set, 16 clear");
		else
			CHECK_EQ_HEX(v1a & 1, 0,
			             "RF 0x1A bit 0 clear off 40 MHz");
	}
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x18AC, 0x1F0), w->ofdm_agc,
	             "0x18AC OFDM AGC table");
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x41AC, 0x1F0), w->ofdm_agc,
	             "0x41AC OFDM AGC table");
	if (w->cck_agc != 0xFF) {
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x18AC, 0xF000), w->cck_agc,
		             "0x18AC CCK AGC table");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x41AC, 0xF000), w->cck_agc,
		             "0x41AC CCK AGC table");
	}
	const struct rtl8822e_priv *pv = rtl8822e_priv(&r->chip);
	uint32_t lb = w->lbound;
	if (!lb && pv && (pv->agc_lbound_found & (1u << w->ofdm_agc)))
		lb = pv->agc_lbound[w->ofdm_agc];
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x828, 0xF8), lb,
	             "0x828 [7:3]: the table's AGC lower bound");
	static const uint16_t pin_reg[4] = { 0x1840, 0x1844, 0x4140, 0x4144 };
	for (unsigned i = 0; i < 4; i++) {
		char n[32];
		snprintf(n, sizeof n, "RFE pins 0x%04X", pin_reg[i]);
		CHECK_EQ_HEX(dvr_r32(io, pin_reg[i]), w->pins[i], n);
	}
	CHECK_EQ_HEX(dvr_r32(io, 0x820) & 0xFF, w->tx820, "0x820 [7:0]");
	CHECK_EQ_HEX(dvr_r32(io, 0x1E2C) & 0xFFFF, 0x0400, "0x1E2C [15:0]");
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x1A04, 0xF0000000u), 0xC,
	             "CCK TX on both paths");
	CHECK_EQ_INT(halmac_rf_read(&r->chip, 0, 0xDF, 1u << 18),
	             w->ch.channel <= 14, "RF A 0xDF bit 18 on at 2.4 GHz only");
	bool spur = w->ch.channel == 149 && w->ch.bw_mhz == 80;
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x1CDC, 1u << 31), spur,
	             "DAC clock 0x1CDC bit 31 only for centre 151/153/155");
	CHECK_EQ_HEX(dvr_r32(io, 0x0C24) & 0xFFFF, spur ? 0xC0E0 : 0x00FF,
	             "packet detection 0xC24 (5760 MHz spur at 155/80)");
	CHECK_EQ_HEX(dvr_r32_mask(io, 0x1944, 0x1FF000), spur ? 208 : 0,
	             "NBI notch tone");
	CHECK(r->chip.priv && rtl8822e_priv(&r->chip)->band_valid &&
	              rtl8822e_priv(&r->chip)->is_5g == (w->ch.channel > 14),
	      "band recorded");
	check_pinmux(r);
}

/* 5/10 MHz on 36, then 40 MHz: the 8822C's dividers, the MAC clock and
 * its microsecond ticks, CFR and shaping off; and all of it undone. */
static void check_narrowband(struct rig *r)
{
	struct dvr_io *io = &r->io;
	const struct chip_nb {
		uint16_t bw;
		uint32_t small, dac, adc, dfir, mac, us, cfr, shaping;
	} want[] = {
		{ 10, 2, 6, 5, 0x2AB, 2, 20, 0, 1 },
		{ 5, 1, 4, 4, 0x2AB, 3, 20, 0, 1 },
		{ 40, 0, 6, 6, 0x19B, 0, 80, 1, 3 },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct chip_nb *w = &want[i];
		struct dvr_channel ch = { .channel = 36, .bw_mhz = w->bw,
			                  .secondary = w->bw == 40 };
		char what[48];
		snprintf(what, sizeof what, "36 at %u MHz", w->bw);
		int st = r->chip.info->ops->set_channel(&r->chip, &ch);
		if (!CHECK(st == DVR_OK, what)) {
			printf("# status %d: %s\n", st, r->chip.error);
			return;
		}
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x9B0, 0xC0), w->small,
		             "0x9B0 [7:6] small BW");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x9B4, 0x700), w->dac,
		             "0x9B4 [10:8] DAC clock");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x9B4, 0x700000), w->adc,
		             "0x9B4 [22:20] ADC clock");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x810, 0x3FF0), w->dfir,
		             "0x810 [13:4] RX DFIR");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x24, 0x300000), w->mac,
		             "0x24 [21:20] MAC clock");
		CHECK(dvr_r8(io, 0x55C) == w->us && dvr_r8(io, 0x638) == w->us,
		      "TSF / EDCA microsecond ticks");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0xA74, 1u << 31), w->cfr,
		             "0xA74 bit 31 CFR");
		CHECK_EQ_HEX(dvr_r32_mask(io, 0x808, 0x70), w->shaping,
		             "0x808 [6:4] TX shaping");
		if (w->bw < 20)
			CHECK_EQ_HEX(rf(r, 0, 0x18) & 0x73FFF,
			             0x3000 | 0x10100 | 36,
			             "RF 0x18: channel 36 at 20 MHz");
	}
}

static void check_refused(struct rig *r, unsigned channel)
{
	struct dvr_channel ch = { .channel = (uint16_t)channel, .bw_mhz = 20 };
	char what[48];
	snprintf(what, sizeof what, "channel %u refused", channel);
	int st = r->chip.info->ops->set_channel(&r->chip, &ch);
	CHECK(st == DVR_E_INVALID && r->chip.error[0], what);
	printf("# %s\n", r->chip.error);
}

int main(void)
{
	const char *fw = fw_dir();
	if (!fw)
		CHECK_SKIP("no rtw8822e_fw.bin in DEVOURER_TEST_FIRMWARE_DIR");
	struct rig r;
	memset(&r, 0, sizeof r);
	int st = bring_up(&r, fw);
	if (!CHECK(st == DVR_OK, "probe .. phy_init")) {
		printf("# status %d: %s\n", st, r.chip.error);
		goto out;
	}
	CHECK_EQ_INT(r.chip.id.rfe_type, 21, "the model's board is RFE 21");
	CHECK(!rtl8822e_priv(&r.chip)->band_valid, "no band before a channel");
	check_pinmux(&r);
	CHECK_EQ_HEX(dvr_r32(&r.io, 0x84C) >> 16, 0xFFFF,
	             "EDCCA thresholds parked (0x84C bytes 2 and 3)");
	CHECK_EQ_HEX(dvr_r32(&r.io, 0x6C0), 0xAAAAAAAA,
	             "WiFi-only PTA table 0x6C0");

	static const struct chan_want cases[] = {
		{ { 36, 20, 0 }, 0x3000 | 0x10100 | 36, 0x0C00, 1, 0xFF, 2,
		  { 0x2000, 0x3000, 0x00200000, 0x30 }, 0x32 },
		{ { 149, 80, 0 }, 0x1000 | 0x10100 | 0x40000 | 155, 0x2400, 3,
		  0xFF, 0, { 0x2000, 0x3000, 0x00200000, 0x30 }, 0x32 },
		{ { 6, 20, 0 }, 0x3000 | 6, 0x0C00, 0, 8, 10,
		  { 0x7000, 0x7007, 0x70700000, 0x70 }, 0x31 },
		{ { 36, 40, 1 }, 0x2000 | 0x10100 | 38, 0x1800, 1, 0xFF, 2,
		  { 0x2000, 0x3000, 0x00200000, 0x30 }, 0x32 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_channel(&r, &cases[i]);
	check_narrowband(&r);
	check_refused(&r, 15);
	check_refused(&r, 98);
	check_refused(&r, 146);
out:
	dvr_chip_state_free(&r.chip);
	if (r.t)
		r.t->ops->destroy(r.t);
	return check_done();
}

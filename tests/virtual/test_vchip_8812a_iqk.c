/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A model's IQK engine, driven through the USB interface with the
 * register sequence of the references (rtw88 rtw8812a.c rtw8812a_iqk;
 * aircrack-ng/rtl8812au hal/phydm/rtl8812a/halphyrf_8812a.c
 * _IQK_Tx_8812A): page C1 is a bank of its own, a TX or RX one-shot
 * reports done and a result that is not identity, depends on path and
 * channel and repeats within the references' tolerance; a one-shot with
 * both tones masked or both unmasked reports failure; a path whose RF is
 * off never reports done.
 */
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

#define CCASEL 0x82C

static void page_c1(struct vchip *vc, bool on)
{
	uint32_t v = vh_read(vc, CCASEL, 4);
	vh_w32(vc, CCASEL, on ? v | 0x80000000u : v & 0x7FFFFFFFu);
}

struct shot {
	bool done, tx_fail, rx_fail;
	int v[5]; /* 1 TX X, 2 TX Y, 3 RX X, 4 RX Y (sign-extended) */
};

static int s11(uint32_t v)
{
	v &= 0x7FF;
	return v & 0x400 ? (int)v - 0x800 : (int)v;
}

/* Read the report of one path on page C1, every value the selector
 * names. */
static struct shot report(struct vchip *vc, unsigned path)
{
	struct shot r = {0};
	uint16_t ctl = path ? 0xEB8 : 0xCB8, rep = path ? 0xD40 : 0xD00;
	page_c1(vc, true);
	uint32_t st = vh_read(vc, rep, 4);
	r.done = st & (1u << 10);
	r.rx_fail = st & (1u << 11);
	r.tx_fail = st & (1u << 12);
	for (unsigned sel = 1; sel <= 4; sel++) {
		vh_w32(vc, ctl, sel << 25);
		r.v[sel] = s11(vh_read(vc, rep, 4) >> 16);
	}
	vh_w32(vc, ctl, 0);
	return r;
}

/* Tone registers: tx/rx true = that tone unmasked (bit 29 clear). */
static void tones(struct vchip *vc, unsigned path, bool tx, bool rx)
{
	uint16_t t = path ? 0xE80 : 0xC80;
	page_c1(vc, true);
	vh_w32(vc, t, tx ? 0x18008C10 : 0x38008C10);
	vh_w32(vc, (uint16_t)(t + 4), rx ? 0x18008C10 : 0x38008C10);
}

/* Both paths at once through 0x980 bit 25 (TX IQK of the references). */
static void one_shot_both(struct vchip *vc)
{
	page_c1(vc, true);
	vh_w32(vc, 0xCB8, 0x00100000);
	vh_w32(vc, 0xEB8, 0x00100000);
	vh_w32(vc, 0x980, 0xFA000000);
	vh_w32(vc, 0x980, 0xF8000000);
	vh_w32(vc, 0xCB8, 0);
	vh_w32(vc, 0xEB8, 0);
}

/* One path through 0xCB8/0xEB8 bit 21 (RX IQK of the references). */
static void one_shot_path(struct vchip *vc, unsigned path)
{
	uint16_t ctl = path ? 0xEB8 : 0xCB8;
	page_c1(vc, true);
	vh_w32(vc, ctl, 0x00300000);
	vh_w32(vc, ctl, 0x00100000);
	vh_w32(vc, ctl, 0);
}

int main(void)
{
	struct vchip *vc = NULL;
	struct vchip_config c = {.name = "iqk-board", .no_air = true};
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "create 8812A model");
	if (!vc)
		return check_done();
	CHECK_EQ_INT(vh_power_on(vc), 0, "power on, BB and RF enabled");
	vh_tune(vc, 36, 20, 0);

	/* page C1 is a bank of its own, and 0xC90 on it is no LSSI port */
	uint32_t rf_before = vh_rf_read(vc, 0, 0x56);
	page_c1(vc, true);
	vh_w32(vc, 0xC90, (0x56u << 20) | 0x12345);
	vh_w32(vc, 0xCCC, 0x000001F3);
	CHECK_EQ_HEX(vh_read(vc, 0xCCC, 4), 0x1F3, "page C1 0xCCC holds");
	page_c1(vc, false);
	CHECK(vh_read(vc, 0xCCC, 4) != 0x1F3,
	      "page C 0xCCC is another register");
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x56), rf_before,
	             "a page-C1 0xC90 write does not reach the RF");

	/* TX IQK on both paths, twice */
	tones(vc, 0, true, false);
	tones(vc, 1, true, false);
	one_shot_both(vc);
	struct shot a1 = report(vc, 0), b1 = report(vc, 1);
	one_shot_both(vc);
	struct shot a2 = report(vc, 0), b2 = report(vc, 1);
	CHECK(a1.done && b1.done, "TX IQK done on both paths");
	CHECK(!a1.tx_fail && !b1.tx_fail, "TX IQK succeeded on both paths");
	CHECK(a1.v[1] != 0x200 || a1.v[2] != 0,
	      "path A TX correction is not identity");
	CHECK(a1.v[1] > 0x1C0 && a1.v[1] < 0x240 && a1.v[2] > -0x40 &&
	          a1.v[2] < 0x40,
	      "path A TX correction is a small one around unity");
	CHECK(a1.v[1] != b1.v[1] || a1.v[2] != b1.v[2],
	      "paths A and B have different TX corrections");
	CHECK(abs(a1.v[1] - a2.v[1]) <= 4 && abs(a1.v[2] - a2.v[2]) <= 4 &&
	          abs(b1.v[1] - b2.v[1]) <= 4 && abs(b1.v[2] - b2.v[2]) <= 4,
	      "TX results repeat within the references' tolerance of 4");

	/* RX IQK on path A alone */
	tones(vc, 0, false, true);
	one_shot_path(vc, 0);
	struct shot ar = report(vc, 0);
	CHECK(ar.done && !ar.rx_fail, "RX IQK done and succeeded on path A");
	CHECK(ar.v[3] != 0x200 || ar.v[4] != 0,
	      "path A RX correction is not identity");
	CHECK(ar.v[3] / 2 < 0x112 && abs(ar.v[4] / 2) < 0x12,
	      "path A RX correction within what the references apply");
	CHECK_EQ_INT(ar.v[1], a2.v[1], "the TX result is still reported");

	/* wrong mode: both tones unmasked, then both masked */
	tones(vc, 1, true, true);
	one_shot_path(vc, 1);
	struct shot bad = report(vc, 1);
	CHECK(bad.done && bad.tx_fail && bad.rx_fail,
	      "IQK with both tones unmasked reports both failed");
	tones(vc, 1, false, false);
	one_shot_path(vc, 1);
	bad = report(vc, 1);
	CHECK(bad.done && bad.tx_fail && bad.rx_fail,
	      "IQK with both tones masked reports both failed");

	/* another channel and band: another correction */
	page_c1(vc, false);
	vh_tune(vc, 6, 20, 0);
	tones(vc, 0, true, false);
	tones(vc, 1, true, false);
	one_shot_both(vc);
	struct shot a6 = report(vc, 0);
	CHECK(a6.done && !a6.tx_fail, "TX IQK on channel 6 succeeded");
	CHECK(abs(a6.v[1] - a1.v[1]) > 1 || a6.v[2] != a1.v[2],
	      "channel 6 and channel 36 have different TX corrections");

	/* an RF path that is off never reports done */
	page_c1(vc, false);
	vh_w8(vc, 0x76, 0x00);
	one_shot_both(vc);
	CHECK(!report(vc, 1).done, "no report from a path whose RF is off");
	CHECK(report(vc, 0).done, "path A still reports");

	vchip_destroy(vc);
	return check_done();
}

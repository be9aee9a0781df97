/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The parts the RTL8821A HAL drives, end to end on the chip model: the
 * RTL8821AU (the default t2u-plus board, BT_FUNC_EN set) and the
 * RTL8811AU (board=8811au, the die without its BT half: BT_FUNC_EN
 * clear). Both are 1T1R: one RF path (dvr_rf_paths). The name follows
 * the bit rtw88 reads (rtw88xxa.c rtw88xxa_read_efuse, 8821A branch).
 * Who drives the antenna switch: on the combo part the WLAN baseband
 * holds the switch it shares with BT (rtw88 rtw8821a.c
 * rtw8821a_coex_cfg_ant_switch, WLAN-only phase: 0x4C DPDT_WL_SEL, RFE
 * pins 8/9 at level 1); on the part without BT the band switch drives
 * the external band switch instead, level 1 at 2.4 GHz and 2 at 5 GHz
 * (rtw88xxa.c rtw8821a_set_ext_band_switch).
 */
#include <stdio.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/e2e_common.h"

/* 0xCB4 [29:28]: the level RFE pins 8/9 drive. */
static unsigned pin_level(struct vchip *vc)
{
	return vchip_peek32(vc, 0xCB4) >> 28 & 3;
}

static dvr_device *up(const char *sel, const char *name, unsigned chan,
                      const char *fw, struct vchip **vc)
{
	struct dvr_config cfg = { .firmware_dir = fw };
	dvr_device *d = e2e_start_cfg(sel, &cfg, chan);
	*vc = vchip_find(name);
	char m[160];
	snprintf(m, sizeof m, "%s up on channel %u", name, chan);
	CHECK(d && *vc, m);
	if (d && !*vc) {
		dvr_close(d);
		d = NULL;
	}
	return d;
}

static void combo(const char *fw)
{
	struct vchip *vc;
	dvr_device *d = up("virtual:p8821au,chip=8821a", "p8821au", 36, fw,
	                   &vc);
	if (!d)
		return;
	CHECK(strcmp(dvr_chip_name(d), "RTL8821AU") == 0,
	      "BT_FUNC_EN set: an RTL8821AU");
	CHECK_EQ_INT(dvr_rf_paths(d), 1, "RTL8821AU: one RF path (1T1R)");
	struct vchip_antenna a;
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan &&
	              a.ctrl == VCHIP_ANT_BY_BB && a.level == 1,
	      "RTL8821AU: the WLAN baseband holds the shared antenna, level 1");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x4C) & 0x01800000u, 0x01000000u,
	             "RTL8821AU: DPDT_WL_SEL, not the MAC's DPDT_SEL_EN");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x764) & 0x1800u, 0,
	             "RTL8821AU: the PTA's software control off (WLAN only)");
	dvr_close(d);
}

static void no_bt(const char *fw)
{
	struct vchip *vc;
	dvr_device *d = up("virtual:p8811au,chip=8821a,board=8811au",
	                   "p8811au", 6, fw, &vc);
	if (!d)
		return;
	CHECK(strcmp(dvr_chip_name(d), "RTL8811AU") == 0,
	      "BT_FUNC_EN clear: an RTL8811AU");
	CHECK_EQ_INT(dvr_rf_paths(d), 1, "RTL8811AU: one RF path (1T1R)");
	CHECK_EQ_HEX(vchip_peek32(vc, 0x4C) & 0x01800000u, 0x01000000u,
	             "RTL8811AU: the baseband drives the band switch");
	CHECK_EQ_INT(pin_level(vc), 1, "RTL8811AU at 2.4 GHz: level 1");
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	CHECK_EQ_INT(dvr_set_channel(d, &ch), DVR_OK, "RTL8811AU to ch 36");
	CHECK_EQ_INT(pin_level(vc), 2, "RTL8811AU at 5 GHz: level 2");
	struct vchip_antenna a;
	CHECK(vchip_peek_antenna(vc, &a) && a.wlan,
	      "RTL8811AU: WLAN has the antenna");
	dvr_close(d);
}

int main(void)
{
	const char *fw = check_firmware_dir();
	if (!fw)
		CHECK_SKIP("no test firmware (firmware/)");
	char dir[] = "/tmp/dvr-parts-XXXXXX";
	if (e2e_air_make(dir) != 0)
		CHECK_SKIP("mkdtemp failed");
	combo(fw);
	no_bt(fw);
	e2e_air_remove(dir);
	return check_done();
}

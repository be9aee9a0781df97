/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8812A model's thermal meter and LCK, through the USB interface with
 * the references' register accesses (rtw88 rtw8812a.c rtw8812a_pwr_track,
 * rtw8812a_do_lck): RF 0x42 [17:16] = 3 starts a measurement whose
 * reading appears in [15:10]; the die temperature comes from thermal= or
 * the board's calibration and changes at run time only from the next
 * measurement on; LCK counts a run when RF 0x18 bit 15 is set in LCK
 * mode (RF 0xB4 bit 14), and bit 15 reads clear when it is done.
 */
#include <errno.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

#define RF_T_METER 0x42

static unsigned measure(struct vchip *vc)
{
	uint32_t v = vh_rf_read(vc, 0, RF_T_METER);
	vh_rf_write(vc, 0, RF_T_METER, v | 3u << 16);
	return (vh_rf_read(vc, 0, RF_T_METER) >> 10) & 0x3F;
}

static struct vchip *make(const char *name, const char *opts)
{
	struct vchip_config c = {.name = name, .no_air = true};
	char err[160] = "";
	CHECK_EQ_INT(vchip_config_parse(&c, opts, err, sizeof err), 0, opts);
	struct vchip *vc = NULL;
	CHECK_EQ_INT(vchip_create(&c, &vc), 0, "create 8812A model");
	if (vc)
		CHECK_EQ_INT(vh_power_on(vc), 0, "power on, RF enabled");
	return vc;
}

static void default_temperature(const char *board, unsigned want)
{
	char opts[64];
	snprintf(opts, sizeof opts, "board=%s", board);
	struct vchip *vc = make("thermal-board", opts);
	if (!vc)
		return;
	char what[96];
	snprintf(what, sizeof what, "board %s reads 0x%02X without thermal=",
	         board, want);
	CHECK_EQ_HEX(measure(vc), want, what);
	vchip_destroy(vc);
}

int main(void)
{
	struct vchip_config bad = {.name = "x"};
	char err[160] = "";
	CHECK(vchip_config_parse(&bad, "thermal=64", err, sizeof err) < 0,
	      "thermal=64 is refused (6-bit meter)");
	CHECK(vchip_config_parse(&bad, "thermal=hot", err, sizeof err) < 0,
	      "thermal=hot is refused");

	struct vchip *vc = make("thermal", "thermal=30");
	if (!vc)
		return check_done();

	/* before any measurement [15:10] hold what was written */
	vh_rf_write(vc, 0, RF_T_METER, 0x00000);
	CHECK_EQ_HEX(vh_rf_read(vc, 0, RF_T_METER), 0, "no reading before "
	             "the meter ran");
	CHECK_EQ_INT(measure(vc), 30, "a measurement reads thermal=30");

	/* the die warms: seen from the next measurement on */
	CHECK_EQ_INT(vchip_set_thermal(vc, 41), 0, "set temperature 41");
	CHECK_EQ_INT((vh_rf_read(vc, 0, RF_T_METER) >> 10) & 0x3F, 30,
	             "the last reading stays until the meter runs again");
	CHECK_EQ_INT(measure(vc), 41, "the next measurement reads 41");
	CHECK_EQ_INT(vchip_set_thermal(vc, 64), -EINVAL,
	             "temperature 64 is refused");
	CHECK_EQ_INT(measure(vc), 41, "and changes nothing");

	/* LCK: only in LCK mode; bit 15 reads clear when done */
	struct vchip_stats st;
	uint32_t rf18 = vh_rf_read(vc, 0, 0x18);
	vh_rf_write(vc, 0, 0x18, rf18 | 0x8000);
	vchip_get_stats(vc, &st);
	CHECK_EQ_INT(st.rf_lck_runs, 0, "bit 15 outside LCK mode runs no LCK");
	vh_rf_write(vc, 0, 0xB4, vh_rf_read(vc, 0, 0xB4) | 0x4000);
	vh_rf_write(vc, 0, 0x18, rf18 | 0x8000);
	vchip_get_stats(vc, &st);
	CHECK_EQ_INT(st.rf_lck_runs, 1, "bit 15 in LCK mode runs LCK");
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x18), rf18 & ~0x8000u,
	             "RF 0x18 bit 15 reads clear: LCK done, rest kept");
	vchip_destroy(vc);

	/* the calibration temperature of each board (its EFUSE 0xBA), the
	 * vendor's default 0x18 where the board has none */
	default_temperature("vendor-default", 0x18);
	default_temperature("graded", 0x1E);
	default_temperature("blank", 0x18);
	return check_done();
}

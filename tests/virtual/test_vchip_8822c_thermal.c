/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822C model's thermal meters and LCK, through the USB interface
 * with the references' register accesses (rtw88 rtw8822c.c
 * rtw8822c_pwr_track, rtw8822c_do_lck): a rising edge of RF 0x42 bit 19
 * starts a measurement on that path whose reading appears in [6:1]; path
 * B reads the die shifted by the difference of the board's two
 * calibration readings; a write never changes the reading; the fast LCK
 * (RF A 0xCC bit 18 rising) is counted, and the AAC busy bit RF A 0xCA
 * bit 12 never reads set.
 */
#include <errno.h>

#include "tests/check.h"
#include "tests/virtual/vhelp_8822c.h"

#define RF_T_METER 0x42
#define TRIGGER (1u << 19)

/* rtw88's trigger: bit 19 written 1, 0, 1 (read-modify-write). */
static unsigned measure(struct vchip *vc, unsigned path)
{
	uint32_t v = c_rf_read(vc, path, RF_T_METER);
	c_rf_write(vc, path, RF_T_METER, v | TRIGGER);
	c_rf_write(vc, path, RF_T_METER, c_rf_read(vc, path, RF_T_METER) &
	                                         ~TRIGGER);
	c_rf_write(vc, path, RF_T_METER, c_rf_read(vc, path, RF_T_METER) |
	                                         TRIGGER);
	return (c_rf_read(vc, path, RF_T_METER) >> 1) & 0x3F;
}

static struct vchip *make(const char *name, const char *opts)
{
	struct vchip *vc = c_create(name, NULL, opts);
	CHECK(vc != NULL, opts);
	if (!vc)
		return NULL;
	CHECK_EQ_INT(v3_power_on(vc, &c_power), 0, "powered");
	v3_bb_rf_on(vc);
	return vc;
}

static void board_readings(const char *board, unsigned a, unsigned b)
{
	char opts[64], what[96];
	snprintf(opts, sizeof opts, "chip=8822c,board=%s", board);
	struct vchip *vc = make("c-therm-board", opts);
	if (!vc)
		return;
	snprintf(what, sizeof what, "board %s: path A reads 0x%02X", board, a);
	CHECK_EQ_HEX(measure(vc, 0), a, what);
	snprintf(what, sizeof what, "board %s: path B reads 0x%02X", board, b);
	CHECK_EQ_HEX(measure(vc, 1), b, what);
	vchip_destroy(vc);
}

static uint64_t lck_runs(struct vchip *vc)
{
	struct vchip_stats st;
	vchip_get_stats(vc, &st);
	return st.rf_lck_runs;
}

int main(void)
{
	/* typical board: calibration A 0x1E, B 0x20 (EFUSE 0xD0 / 0xD1) */
	struct vchip *vc = make("c-therm", "chip=8822c,thermal=40");
	if (!vc)
		return check_done();
	CHECK_EQ_HEX(c_rf_read(vc, 0, RF_T_METER) & 0x7E, 0,
	             "no reading before the meter ran");
	CHECK_EQ_INT(measure(vc, 0), 40, "path A reads thermal=40");
	CHECK_EQ_INT(measure(vc, 1), 42, "path B reads 40 + (0x20 - 0x1E)");

	/* a write of 1 over 1 is no edge: nothing is measured */
	CHECK_EQ_INT(vchip_set_thermal(vc, 25), 0, "the die cools to 25");
	c_rf_write(vc, 0, RF_T_METER, c_rf_read(vc, 0, RF_T_METER) | TRIGGER);
	CHECK_EQ_INT((c_rf_read(vc, 0, RF_T_METER) >> 1) & 0x3F, 40,
	             "bit 19 written 1 over 1: still the last reading");
	c_rf_write(vc, 0, RF_T_METER, 0x00000);
	CHECK_EQ_INT((c_rf_read(vc, 0, RF_T_METER) >> 1) & 0x3F, 40,
	             "a write of 0 leaves the reading");
	CHECK_EQ_INT(measure(vc, 0), 25, "the next measurement reads 25");
	CHECK_EQ_INT(measure(vc, 1), 27, "path B 27");
	CHECK_EQ_INT(vchip_set_thermal(vc, 64), -EINVAL, "64 is refused");

	/* rtw88 rtw8822c_do_lck */
	CHECK_EQ_INT(lck_runs(vc), 0, "no LCK yet");
	c_rf_write(vc, 0, 0xBB, 0x80010);
	c_rf_write(vc, 0, 0xB0, 0x1F0FA);
	c_rf_write(vc, 0, 0xCA, 0x81000);
	c_rf_write(vc, 0, 0xC9, 0x80001);
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0xCA) & 0x1000, 0,
	             "AAC done: RF A 0xCA bit 12 clear");
	c_rf_write(vc, 0, 0xB0, 0x1F0F8);
	c_rf_write(vc, 1, 0xBB, 0x80010);
	c_rf_write(vc, 1, 0xCC, 0x4F000);
	CHECK_EQ_INT(lck_runs(vc), 0, "RF B 0xCC runs no LCK");
	c_rf_write(vc, 0, 0xCC, 0x0F000);
	c_rf_write(vc, 0, 0xCC, 0x4F000);
	c_rf_write(vc, 0, 0xCC, 0x4F000);
	c_rf_write(vc, 0, 0xCC, 0x0F000);
	CHECK_EQ_INT(lck_runs(vc), 1, "one rising edge of bit 18: one LCK");
	c_rf_write(vc, 0, 0xCC, 0x4F000);
	CHECK_EQ_INT(lck_runs(vc), 2, "the next edge: another");
	vchip_destroy(vc);

	/* each board at its calibration temperature (no thermal=) */
	board_readings("typical", 0x1E, 0x20);
	board_readings("graded", 0x24, 0x1F);
	board_readings("blank", 0x20, 0x20);
	return check_done();
}

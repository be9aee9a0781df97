/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8822E personality's calibration engines at the USB interface:
 * raw register sequences from the references (rtl88x2eu halrf_8822e.c,
 * halrf_iqk_8822e.c, halrf_txgapk_8822e.c, halrf_dpk_8822e.c; OpenIPC
 * devourer Halrf8822e.cpp) for the AFE banks' write race, ADDCK and the
 * DAC engines, the NCTL steps, the gap-K and DPK-bypass read-backs, step
 * by step through vhelp_8822e.h's calibration helpers (which the
 * model's stations come up with, E_CAL), and that they leave no loss;
 * then
 * the HAL's rtl8822e_dack and rtl8822e_calibrate run on the model through
 * an in-process transport, and what the calibration buys in the model's
 * dB terms. */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "libdevourer/virtual/personality_8822e.h"
#include "libdevourer/virtual/vchip_internal.h"
#include "libdevourer/bus/transport.h"
#include "libdevourer/io/io.h"
#include "hal/rtl8822e/rtl8822e.h"
#include "hal/rtl8822e/rtl8822e_tables.h"
#include "tests/virtual/vhelp_8822e.h"

/* A fixed seed: the chip's measurement noise is the same every run, so
 * each run takes the same number of calibration passes. */
#define CAL_OPTS "chip=8822e,seed=11"

static void test_afe_race(struct vchip *vc)
{
	/* halrf_write_check_afe_8822e's loop: a Q-half soft-reset write
	 * sometimes costs the bank base, and rewriting the base mends it */
	unsigned lost = 0, unmended = 0;
	for (unsigned n = 0; n < 200; n++) {
		vh_w32(vc, 0x2DD4, 0);
		vh_w32(vc, 0x382C, 0xEE30001F);
		vh_w32(vc, 0x382C, 0xEE30001F);
		vh_w32(vc, 0x2DD4, 0);
		if (vh_read(vc, 0x3800, 4) == 0) {
			lost++;
			vh_w32(vc, 0x3800, 0xEE32001F);
			vh_w32(vc, 0x3800, 0xEE32001F);
			unmended += vh_read(vc, 0x3800, 4) == 0;
		}
		vh_w32(vc, 0x382C, 0xEE32001F);
	}
	CHECK(lost > 0 && lost < 100, "the race hits now and then");
	CHECK_EQ_INT((int)unmended, 0, "a rewritten base holds");
}

/* halrf_addck_s0_8822e with halrf_check_addc_8822e (vhelp_8822e.h
 * e_addck): no done with the ADC input open, done once it is shorted */
static void test_addck(struct vchip *vc)
{
	e_mask(vc, 0x381C, 0x10000, 0);
	CHECK(!(vh_read(vc, 0x3878, 4) & (1u << 12)), "ADDC idle");
	e_mask(vc, 0x381C, 0x10000, 1);
	CHECK(!(vh_read(vc, 0x3878, 4) & (1u << 12)),
	      "no done with the ADC input open");
	e_mask(vc, 0x381C, 0x10000, 0);
	CHECK(e_addck(vc, 0), "ADDC done, I and Q");
	int i = (int)(vh_read(vc, 0x3878, 4) & 0xFFF);
	int q = (int)(vh_read(vc, 0x38A8, 4) & 0xFFF);
	CHECK(i > 0x800 - 64 && i < 0x800 + 64 && q > 0x800 - 64 &&
	      q < 0x800 + 64, "ADC DC near the mid code");
	CHECK_EQ_HEX(vh_read(vc, 0x1868, 4),
	             ((0x800u - (uint32_t)i) & 0x3FF) |
	             ((0x800u - (uint32_t)q) & 0x3FF) << 10,
	             "its complement in 0x1868");
	CHECK(vh_read(vc, 0x1860, 4) & (1u << 12), "ADC input back");
}

/* halrf_dack_s0_8822e's engine steps (vhelp_8822e.h e_dac_path): MSB
 * auto mode needs the 160 MHz clock, the comparator and the
 * calibration DAC gain */
static void test_dac_engine(struct vchip *vc)
{
	e_mask(vc, 0x3804, 1, 0);
	e_mask(vc, 0x3804, 1, 1);
	CHECK(!(vh_read(vc, 0x385C, 4) & 2), "no MSB done without set-up");
	e_mask(vc, 0x3804, 1, 0);
	bool passed = false;
	for (unsigned run = 0; run < 11 && !passed; run++) {
		uint32_t clk = vh_read(vc, 0x9B4, 4);
		struct e_dac_result r;
		e_dac_path(vc, 0, &r);
		CHECK(r.msb_done, "MSB calibration done, I and Q");
		CHECK(r.dc_done, "DC-offset calibration done");
		CHECK(r.msbk[0][5] && r.msbk[0][15] > r.msbk[0][5] &&
		      r.msbk[1][15] > r.msbk[1][5],
		      "MSB steps read back per step");
		CHECK(r.dadck[0] && r.dadck[1] && r.biask,
		      "DC and bias codes read back");
		CHECK_EQ_HEX(vh_read(vc, 0x38D0, 4),
		             (uint32_t)r.biask << 16 | (uint32_t)r.dadck[0] << 8,
		             "I coefficients loaded");
		CHECK_EQ_HEX(vh_read(vc, 0x9B4, 4), clk, "DAC clock restored");
		passed = vh_read(vc, 0x3800, 4) & (1u << 17);
	}
	CHECK(passed, "the check passes within the vendor's retries");
	/* the whole of halrf_dac_cal_8822e, both paths */
	CHECK(e_dack(vc), "DACK converged on both paths");
	CHECK(vh_read(vc, 0x38D0, 4) & vh_read(vc, 0x38E4, 4) &
	      vh_read(vc, 0x39D0, 4) & vh_read(vc, 0x39E4, 4) & 1,
	      "the DACs on the loaded coefficients");
}

static void test_nctl(struct vchip *vc)
{
	/* a step without the program, the calibration clocks and the AFE
	 * state fails */
	CHECK(!e_nctl(vc, 0x418), "TX step failed unset up");
	CHECK(v3_poll8(vc, 0x2D9C, 0xFF, 0x55), "ready");
	CHECK_EQ_HEX(vh_read(vc, 0x1B00, 4) & 1, 0, "go bit consumed");
	CHECK(!(vh_read(vc, 0x1B08, 4) & (1u << 26)), "fail flag cleared");
	struct e_iqk_backup bak;
	e_iqk_enter(vc, &bak);
	CHECK(!e_nctl(vc, 0x418), "set up, but no program: still fails");
	/* the engine's program (vhelp_8822e.h e_cal_init) */
	e_cal_init(vc);
	e_nctl_page(vc, 0);
	CHECK(e_nctl(vc, 0x018), "LOK1 passed");      /* path A */
	CHECK(e_nctl(vc, 0x118), "LOK2 passed");
	uint32_t lo = c_rf_read(vc, 0, 0x58);
	uint32_t li = lo >> 15 & 0x1F, lq = lo >> 10 & 0x1F;
	CHECK(li > 3 && li < 0x1C && lq > 3 && lq < 0x1C,
	      "LO DAC codes off the rails");
	CHECK(e_nctl(vc, 0x418), "TX step passed"); /* TX IQK 20 MHz */
	CHECK_EQ_HEX(vh_read(vc, 0x1BFC, 2), 0x8000, "done word");
	CHECK(vh_read(vc, 0x1B38, 4) != 0x40000000, "TX matrix moved");
	CHECK(e_nctl(vc, 0xF18), "RX gain search passed");
	uint32_t rxbb = c_rf_read(vc, 0, 0x00) >> 5 & 0x1F;
	CHECK(rxbb > 1 && rxbb <= 9, "RX gain settled in range");
	CHECK(e_nctl(vc, 0xA18), "RX step passed");   /* RX IQK */
	/* the CFIR read-back: the centre tap is the large one */
	CHECK_EQ_HEX(e_cfir_tap(vc, 0, false, 8) >> 16, 0x200,
	             "CFIR centre tap");
	CHECK((e_cfir_tap(vc, 0, true, 0) >> 16) < 8, "a side tap small");
	/* path B through its own steps */
	CHECK_EQ_HEX(e_iqk_path(vc, 1), 3, "path B: TX and RX passed");
	e_iqk_leave(vc, &bak, 3);
	CHECK_EQ_HEX(vh_read(vc, 0x1C38, 4), bak.bb[2],
	             "AFE state 0x1C38 as it was");
	CHECK(vh_read(vc, 0x410C, 4) >> 31, "RX IQ correction on, B");
	/* the whole IQK */
	CHECK_EQ_HEX(e_iqk(vc), 3, "IQK passed on both paths");
	CHECK_EQ_HEX(vh_read(vc, 0x522, 1), 0, "TX queues as they were");
	/* gap-K on path A: ten signed half-dB nibbles */
	int8_t off[10];
	e_bb_cal_mode(vc, 1, true);
	e_afe_cal(vc, 1, true, true);
	CHECK(e_gapk_measure(vc, 0, off), "gap measured");
	bool any = false;
	for (unsigned i = 0; i < 10; i++)
		any = any || off[i] != 0;
	CHECK(any && off[8] != 0, "gap-K offsets read back");
	e_afe_cal(vc, 1, false, true);
	e_bb_cal_mode(vc, 1, false);
	CHECK(e_gapk(vc), "TX gap-K of the band");
	/* the DPK bypass on subpage 2 (_dpk_force_bypass_8822e) */
	e_dpk_bypass(vc);
	e_nctl_page(vc, 2);
	CHECK_EQ_HEX(vh_read(vc, 0x1B04, 4) & 0xFF, 0x5B, "DPK bypass S0");
	CHECK_EQ_HEX(vh_read(vc, 0x1B60, 4) >> 14 & 3, 3, "DPK bypass S1");
	e_nctl_page(vc, 0);
}

static int loss(struct vchip *vc, int (*f)(const struct vchip *, unsigned))
{
	return f(vc, 0) + f(vc, 1);
}

/* What the steps above leave: a radio without calibration losses. */
static void check_calibrated(struct vchip *vc, const char *what)
{
	pthread_mutex_lock(&vc->lock);
	int evm = loss(vc, p8822e_calib_tx_evm_loss_db);
	int rx = loss(vc, p8822e_calib_rx_snr_loss_db);
	int gain = loss(vc, p8822e_calib_tx_gain_db);
	pthread_mutex_unlock(&vc->lock);
	if (!CHECK(evm == 0 && rx == 0 && gain == 0, what))
		printf("# EVM loss %d, RX loss %d, gain %d\n", evm, rx, gain);
}

static void test_raw(void)
{
	struct vchip *vc = e_station("e-cal-raw", NULL, CAL_OPTS, 36,
	                             E_FULL & ~E_CAL);
	if (!CHECK(vc, "station up"))
		return;
	test_afe_race(vc);
	test_addck(vc);
	test_dac_engine(vc);
	test_nctl(vc);
	check_calibrated(vc, "step by step: calibrated, no loss left");
	vchip_destroy(vc);
	/* and as a station comes up (E_FULL holds E_CAL), on both bands */
	static const unsigned chs[3] = {36, 100, 6};
	for (unsigned i = 0; i < 3; i++) {
		vc = e_station("e-cal-station", NULL, CAL_OPTS, chs[i], E_FULL);
		if (!CHECK(vc, "calibrated station up"))
			continue;
		check_calibrated(vc, "e_station: calibrated, no loss left");
		vchip_destroy(vc);
	}
}

/* ---- the HAL on the model, through a minimal transport ---- */

struct vt {
	struct dvr_transport t;
	struct vchip *vc;
};

static int vt_in(struct dvr_transport *t, uint16_t addr, uint16_t index,
                 uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	return vchip_control(((struct vt *)t)->vc, 0xC0, 0x05, addr, index,
	                     buf, len, timeout_ms);
}

static int vt_out(struct dvr_transport *t, uint16_t addr, uint16_t index,
                  const uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	return vchip_control(((struct vt *)t)->vc, 0x40, 0x05, addr, index,
	                     (uint8_t *)buf, len, timeout_ms);
}

static const struct dvr_transport_ops vt_ops = {
	.name = "test-vchip", .ctrl_in = vt_in, .ctrl_out = vt_out,
};

static void test_hal(unsigned ch, unsigned bw, bool cal_init)
{
	struct vchip *vc = e_station("e-cal-hal", NULL, CAL_OPTS, ch,
	                             E_FULL & ~E_CAL);
	if (!CHECK(vc, "station up"))
		return;
	c_tune(vc, ch, bw, 0);
	struct vt vt = { .t = { .ops = &vt_ops }, .vc = vc };
	struct dvr_io io;
	dvr_io_init(&io, &vt.t);
	struct dvr_chip chip = { .info = &rtl8822e_info, .io = &io };
	chip.id.rfe_type = 21;
	chip.channel = (struct dvr_channel){ .channel = (uint16_t)ch,
		                             .bw_mhz = (uint16_t)bw };

	pthread_mutex_lock(&vc->lock);
	int evm0 = loss(vc, p8822e_calib_tx_evm_loss_db);
	int rx0 = loss(vc, p8822e_calib_rx_snr_loss_db);
	int gain0 = p8822e_calib_tx_gain_db(vc, 0);
	pthread_mutex_unlock(&vc->lock);
	CHECK_EQ_INT(evm0, 2 * (6 + 8 + 3), "uncalibrated TX loses EVM");
	CHECK_EQ_INT(rx0, 2 * (3 + 6), "uncalibrated RX loses SNR");
	CHECK_EQ_INT(gain0, ch > 14 ? -12 : 0, "5 GHz TX low without gap-K");

	CHECK_EQ_INT(rtl8822e_dack(&chip), DVR_OK, "DACK");
	if (!CHECK(!chip.warning[0], "DACK converged"))
		printf("# %s\n", chip.warning);
	pthread_mutex_lock(&vc->lock);
	int evm1 = loss(vc, p8822e_calib_tx_evm_loss_db);
	int rx1 = loss(vc, p8822e_calib_rx_snr_loss_db);
	pthread_mutex_unlock(&vc->lock);
	CHECK_EQ_INT(evm1, 2 * (8 + 3), "DAC calibrated on both paths");
	CHECK_EQ_INT(rx1, 2 * 6, "ADC DC compensated on both paths");

	if (cal_init) {
		/* what phy_init writes before the table (rtl88x2eu
		 * odm_read_and_config_mp_8822e_cal_init), then the table */
		dvr_w32_mask(&io, 0x1CD0, 0xF0000000u, 0x7);
		dvr_w32_mask(&io, 0x1E24, 1u << 17, 1);
		dvr_w32_mask(&io, 0x180C, 1u << 31, 1);
		dvr_w32_mask(&io, 0x410C, 1u << 31, 1);
		for (size_t i = 0; i + 1 < rtl8822e_array_mp_cal_init_len;
		     i += 2)
			dvr_w32(&io, (uint16_t)rtl8822e_array_mp_cal_init[i],
			        rtl8822e_array_mp_cal_init[i + 1]);
	}
	CHECK_EQ_INT(rtl8822e_calibrate(&chip), DVR_OK, "calibrate");
	if (!cal_init) {
		/* no NCTL program: every step fails, the failure is a
		 * warning and in chip->calib, and the radio stays worse */
		CHECK(strstr(chip.warning, "IQK failed") != NULL,
		      "IQK failure warned");
		CHECK_EQ_HEX(chip.calib.failed_tx, 3, "TX failed, both paths");
		pthread_mutex_lock(&vc->lock);
		int evm = loss(vc, p8822e_calib_tx_evm_loss_db);
		int rx = loss(vc, p8822e_calib_rx_snr_loss_db);
		pthread_mutex_unlock(&vc->lock);
		CHECK_EQ_INT(evm, 2 * 8, "no TX IQ correction");
		CHECK_EQ_INT(rx, 2 * 6, "no RX IQ correction");
		CHECK_EQ_HEX(vh_read(vc, 0x522, 1), 0, "TX resumed anyway");
		vchip_destroy(vc);
		return;
	}
	if (!CHECK(!chip.warning[0], "no IQK failure"))
		printf("# %s\n", chip.warning);
	CHECK_EQ_INT((int)chip.calib.runs, 1, "one IQK recorded");
	CHECK_EQ_HEX(chip.calib.failed_tx | chip.calib.failed_rx, 0,
	             "IQK passed on both paths");
	pthread_mutex_lock(&vc->lock);
	int evm2 = loss(vc, p8822e_calib_tx_evm_loss_db);
	int rx2 = loss(vc, p8822e_calib_rx_snr_loss_db);
	int gain2 = p8822e_calib_tx_gain_db(vc, 0) +
	            p8822e_calib_tx_gain_db(vc, 1);
	pthread_mutex_unlock(&vc->lock);
	CHECK_EQ_INT(evm2, 0, "calibrated TX: no EVM loss");
	CHECK_EQ_INT(rx2, 0, "calibrated RX: no SNR loss");
	CHECK_EQ_INT(gain2, 0, "gain table corrected on both paths");
	CHECK_EQ_HEX(vh_read(vc, 0x522, 1), 0, "TX resumed");
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0x1A) & 1, bw == 40,
	             "RF 0x1A TX_CCK_IND as the bandwidth wants");
	CHECK_EQ_HEX(c_rf_read(vc, 1, 0x1A) & 1, bw == 40, "and on path B");
	CHECK_EQ_HEX(vh_read(vc, 0x1B00, 4) & 6, 0, "NCTL back on page 0");
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.center == ch, "still tuned where it was");
	vchip_destroy(vc);
}

/* A USB error is a failure, not a warning: the device is gone. */
static void test_hal_unplugged(void)
{
	struct vchip *vc = e_station("e-cal-gone", NULL, CAL_OPTS, 36,
	                             E_FULL & ~E_CAL);
	if (!CHECK(vc, "station up"))
		return;
	struct vt vt = { .t = { .ops = &vt_ops }, .vc = vc };
	struct dvr_io io;
	dvr_io_init(&io, &vt.t);
	struct dvr_chip chip = { .info = &rtl8822e_info, .io = &io };
	chip.id.rfe_type = 21;
	vchip_unplug(vc);
	CHECK(rtl8822e_dack(&chip) != DVR_OK, "DACK fails unplugged");
	CHECK(strstr(chip.error, "DACK") != NULL, "and says where");
	dvr_io_clear_error(&io);
	CHECK(rtl8822e_calibrate(&chip) != DVR_OK,
	      "calibration fails unplugged");
	CHECK(strstr(chip.error, "IQK") != NULL, "in the IQK");
	vchip_destroy(vc);
}

int main(void)
{
	if (!check_firmware_dir()) {
		printf("# shared firmware absent: skipped\n");
		return check_done();
	}
	test_raw();
	test_hal(36, 20, true);
	test_hal(38, 40, true);
	test_hal(6, 20, true);
	test_hal(149, 20, false);
	test_hal_unplugged();
	return check_done();
}

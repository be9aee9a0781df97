/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The register interface of the chip model: control-transfer rules, power
 * state, SYS_CFG, LLT, EFUSE physical map, LSSI, unplug. */
#include <pthread.h>

#include "tests/check.h"
#include "tests/virtual/vhelp.h"

/* Decode a physical EFUSE image as rtw88 efuse.c
 * rtw_dump_logical_efuse_map does. */
static void decode_efuse(const uint8_t *ph, uint8_t *log)
{
	memset(log, 0xFF, 512);
	size_t o = 0;
	while (o < 512 && ph[o] != 0xFF) {
		uint8_t h1 = ph[o++];
		unsigned blk, wen;
		if ((h1 & 0x1F) == 0x0F) {
			uint8_t h2 = ph[o++];
			blk = ((h2 & 0xF0u) >> 1) | (h1 >> 5);
			wen = h2 & 0x0F;
		} else {
			blk = h1 >> 4;
			wen = h1 & 0x0F;
		}
		for (unsigned w = 0; w < 4; w++) {
			if (wen & (1u << w))
				continue;
			log[blk * 8 + w * 2] = ph[o++];
			log[blk * 8 + w * 2 + 1] = ph[o++];
		}
	}
}

static void *wait_bulk_in(void *arg)
{
	static int result;
	uint8_t buf[2048];
	/* longer than any wait of the test: only the unplug ends it early */
	result = vchip_bulk_in(arg, 0x81, buf, sizeof buf, 60000);
	return &result;
}

int main(void)
{
	struct vchip_config cfg = {.name = "regs-test", .no_air = true};
	struct vchip *vc;
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "create");
	uint8_t b[256] = {0};

	/* control transfer rules (rtw88 usb.h RTW_USB_CMD_REQ,
	 * RTW_USB_VENQT_MAX_BUF_SIZE) */
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x05, 0xF0, 0, b, 255, 500), -EPIPE,
	             "wLength 255 stalls");
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x06, 0xF0, 0, b, 4, 500), -EPIPE,
	             "wrong bRequest stalls");
	CHECK_EQ_INT(vchip_control(vc, 0x80, 0x05, 0xF0, 0, b, 4, 500), -EPIPE,
	             "standard request type stalls");
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x05, 0xFFFE, 0, b, 4, 500), -EPIPE,
	             "range past 64 KiB stalls");
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x05, 0xF0, 0, b, 254, 500), 254,
	             "254-byte read accepted");

	/* identity and power-off state */
	uint32_t syscfg = vh_read(vc, 0xF0, 4);
	CHECK_EQ_HEX(syscfg & 0xFF, 0x35, "SYS_CFG low byte");
	CHECK_EQ_INT((syscfg >> 12) & 0xF, 1, "SYS_CFG chip version (C-cut)");
	vh_w32(vc, 0xF0, 0);
	CHECK_EQ_HEX(vh_read(vc, 0xF0, 4), syscfg, "SYS_CFG read-only");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "CR reads 0xEA while off");
	CHECK_EQ_INT(vh_read(vc, 0xF5, 1) & 1, 1, "0xF5 bit0: MAC off");
	CHECK(!(vh_read(vc, 0x06, 1) & 0x02), "power not ready while suspended");
	vh_set8(vc, 0x05, 0x01, 0);
	CHECK(vh_read(vc, 0x05, 1) & 0x01,
	      "APFM_ONMAC does not complete before power ready");
	CHECK(!vh_has_milestone(vc, VCHIP_M_POWER_ON), "no POWER_ON yet");
	vh_set8(vc, 0x05, 0, 0x01);
	vh_w32(vc, 0x1E0, 0x40000000u | 5u << 8 | 6u);
	CHECK_EQ_HEX(vh_read(vc, 0x1E0, 4), 0xEAEAEAEA,
	             "LLT unreachable while MAC off");
	CHECK_EQ_HEX(vh_read(vc, 0x560, 4), 0xEAEAEAEA,
	             "TSF (REG_TSFTR) unreachable while MAC off");

	CHECK_EQ_INT(vh_power_on(vc), 0, "card-enable flow");
	CHECK(vh_has_milestone(vc, VCHIP_M_POWER_ON), "POWER_ON milestone");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 2), 0x06FF, "CR readable after power-on");
	CHECK(vh_has_milestone(vc, VCHIP_M_TX_ENABLED), "TX_ENABLED milestone");

	/* The TSF (REG_TSFTR, rtw88 reg.h) counts microseconds from MAC
	 * power-on: small now, and moving. */
	{
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		uint32_t lo = vh_read(vc, 0x560, 4);
		uint32_t hi = vh_read(vc, 0x564, 4);
		CHECK(hi == 0 && lo < 60000000u,
		      "TSF counts from MAC power-on (high word 0)");
		uint32_t lo2 = lo;
		while (lo2 == lo && vh_us_since(&t0) < 1000000)
			lo2 = vh_read(vc, 0x560, 4);
		CHECK(lo2 > lo, "TSF low word moves");
	}

	/* LLT: op bits self-clear, entries readable (rtw88 rtw88xxa.c
	 * rtw88xxa_llt_write) */
	vh_w32(vc, 0x1E0, 0x40000000u | 5u << 8 | 6u);
	CHECK_EQ_INT(vh_read(vc, 0x1E0, 4) >> 30, 0, "LLT write op completes");
	vh_w32(vc, 0x1E0, 0x80000000u | 5u << 8);
	CHECK_EQ_HEX(vh_read(vc, 0x1E0, 4) & 0xFF, 6, "LLT entry read back");

	/* EFUSE: without the loader clock the read never completes (it
	 * comes up on after autoload; a driver may turn it off) */
	vh_set8(vc, 0x08, 0, 0x20);
	vh_w32(vc, 0x30, 0u << 8);
	CHECK(!(vh_read(vc, 0x30, 4) & 0x80000000u),
	      "EFUSE read needs LOADER_CLK_EN/ELDR");
	vh_w8(vc, 0xCF, 0x69);
	vh_set8(vc, 0x03, 0x10, 0);
	vh_set8(vc, 0x08, 0x22, 0);
	uint8_t ph[512], log[512];
	bool all_ready = true;
	for (unsigned a = 0; a < 512; a++) {
		vh_w32(vc, 0x30, a << 8);
		uint32_t v = vh_read(vc, 0x30, 4);
		all_ready &= (v & 0x80000000u) != 0;
		ph[a] = (uint8_t)v;
	}
	CHECK(all_ready, "EFUSE bytes ready (bit31) after each read command");
	decode_efuse(ph, log);
	CHECK_EQ_HEX(log[0] | log[1] << 8, 0x8129, "logical RTL id");
	CHECK_EQ_HEX(log[0xD7] & 0x03, 0x02, "MAC locally administered unicast");
	CHECK_EQ_HEX(log[0xB9], 0x20, "crystal cap 0x20");
	CHECK_EQ_HEX(log[0xCA], 0x00, "RFE option 0");
	CHECK_EQ_HEX(log[0xBC] | log[0xBD] | log[0xBF], 0, "internal PA/LNA");
	CHECK_EQ_HEX(log[0x10], 0x2D, "TX power index path A CCK");
	CHECK_EQ_HEX(log[0xD0] | log[0xD1] << 8, 0x0BDA, "VID in EFUSE");
	CHECK_EQ_HEX(log[0xD2] | log[0xD3] << 8, 0x8812, "PID in EFUSE");
	struct vchip *vc2;
	struct vchip_config cfg2 = {.name = "other", .no_air = true};
	CHECK_EQ_INT(vchip_create(&cfg2, &vc2), 0, "second chip");
	CHECK(vchip_find("regs-test") == vc && vchip_find("other") == vc2,
	      "registry finds chips by name");
	vchip_destroy(vc2);
	CHECK(vchip_find("other") == NULL, "destroyed chip leaves registry");

	/* LSSI write + read back (rtw88 phy.c rtw_phy_write_rf_reg_sipi,
	 * rtw88xxa.c rtw88xxa_phy_read_rf) */
	vh_rf_write(vc, 0, 0x56, 0x51CF2);
	vh_rf_write(vc, 1, 0x56, 0x12345);
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x56), 0x51CF2, "RF A read back (PI)");
	CHECK_EQ_HEX(vh_rf_read(vc, 1, 0x56), 0x12345, "RF B read back (PI)");
	vh_w32(vc, 0xC00, 0x03); /* SI mode */
	CHECK_EQ_HEX(vh_rf_read(vc, 0, 0x56), 0x51CF2, "RF A read back (SI)");
	CHECK_EQ_HEX(vh_read(vc, 0xD04, 4), 0, "PI read-back empty in SI mode");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 1, 0x56), 0x12345, "peek RF");
	vh_w8(vc, 0x1F, 0x00); /* RF A in reset: writes lost */
	vh_rf_write(vc, 0, 0x56, 0x00001);
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x56), 0x51CF2,
	             "LSSI ignored while RF in reset");

	/* channel from RF 0x18 + 0x8AC + 0x483 [7] */
	vh_w8(vc, 0x1F, 0x07);
	vh_tune(vc, 42, 80, 4);
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.band_5g && t.channel == 36,
	      "tuned 80 MHz ch42, primary 36");
	vh_tune(vc, 6, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 20 && !t.band_5g, "tuned ch6/20");
	vh_monitor(vc, false);
	CHECK(vh_has_milestone(vc, VCHIP_M_MONITOR), "MONITOR milestone");

	/* unplug: waiting and later calls fail with -ENODEV */
	pthread_t th;
	pthread_create(&th, NULL, wait_bulk_in, vc);
	/* the unplug must find the caller blocked inside bulk IN, not yet
	 * arriving (which would see -ENODEV without any wake-up) */
	WAIT_UNTIL(vchip_bulk_in_waiters(vc) == 1, 20000);
	CHECK_EQ_INT(vchip_bulk_in_waiters(vc), 1, "bulk IN caller is waiting");
	vchip_unplug(vc);
	void *res;
	pthread_join(th, &res);
	/* a waiter the unplug did not wake would end in -ETIMEDOUT */
	CHECK_EQ_INT(*(int *)res, -ENODEV, "waiting bulk IN gets -ENODEV");
	CHECK_EQ_INT(vchip_bulk_in_waiters(vc), 0, "no waiter left");
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x05, 0xF0, 0, b, 4, 500), -ENODEV,
	             "control after unplug");
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, b, 64, 100), -ENODEV,
	             "bulk OUT after unplug");
	vchip_destroy(vc);

	/* options */
	struct vchip_config c = {0};
	char err[128];
	CHECK_EQ_INT(vchip_config_parse(&c, "loss=0.25,rssi=-60,noise=-90,seed=7,"
	                                "pid=881a,eps=4,trace=/tmp/x",
	                                err, sizeof err),
	             0, "options parse");
	CHECK(c.loss == 0.25 && c.rssi_dbm == -60 && c.noise_dbm == -90 &&
	      c.seed == 7 && c.pid == 0x881A && c.n_out_eps == 4,
	      "options applied");
	CHECK_EQ_INT(vchip_config_parse(&c, "bogus=1", err, sizeof err), -EINVAL,
	             "unknown option rejected");
	CHECK_EQ_INT(vchip_config_parse(&c, "loss=2", err, sizeof err), -EINVAL,
	             "loss out of range rejected");
	return check_done();
}

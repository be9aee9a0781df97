/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8822C personality of the chip model at its USB interface:
 * identity and straps, card enable, the EFUSE read engine, firmware
 * through reserved page + DDMA (genuine images boot, damaged ones do
 * not), calibration answers, RF access and tuning, the 48-byte TX
 * descriptor and the USB2 -> USB3 switch. */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/virtual/vhelp_8822c.h"

static void test_identity(void)
{
	struct vchip *vc = c_create("c-id", NULL, "chip=8822c");
	if (!CHECK(vc, "8822c chip created"))
		return;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_HEX(d.vid, 0x0BDA, "vid");
	CHECK_EQ_HEX(d.pid, 0xC812, "default pid c812");
	CHECK_EQ_INT(d.speed_mbps, 480, "enumerates at USB2");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x13, "chip id 0x13");
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1), 0x00, "0xFF: not SuperSpeed");
	uint32_t cfg1 = vh_read(vc, 0xF0, 4);
	CHECK(cfg1 & (1u << 27), "SYS_CFG1 RF_TYPE_ID: 2T2R");
	CHECK(!(cfg1 & (1u << 23)), "SYS_CFG1: MP chip");
	CHECK_EQ_INT((cfg1 >> 12) & 0xF, 2, "cut C");
	vh_w32(vc, 0xF0, 0);
	CHECK_EQ_HEX(vh_read(vc, 0xF0, 4), cfg1, "SYS_CFG1 read-only");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off: CR reads 0xEA");
	CHECK(vh_read(vc, 0xF5, 1) & 1, "0xF5 bit 0: MAC was off");
	/* what the vendor driver's read_efuse checks first: the chip
	 * loaded its EFUSE (AUTOLOAD_SUS) and not from an EEPROM */
	CHECK_EQ_HEX(vh_read(vc, 0x0A, 1) & 0x30, 0x20, "0x0A: autoload "
	             "done, EFUSE");
	vh_w8(vc, 0x0A, 0x10);
	CHECK_EQ_HEX(vh_read(vc, 0x0A, 1) & 0x30, 0x20, "... bits the chip "
	             "owns");
	vchip_destroy(vc);

	/* the USB id alone selects the chip, as devourer-vusb does */
	struct vchip_config cfg = {.name = "c-id2", .no_air = true,
	                           .pid = 0xC82C};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "created by pid c82c");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x13, "pid c82c is an 8822C");
	vchip_destroy(vc);
	/* plugged into a SuperSpeed port it enumerates at 5000 */
	struct vchip_config u3 = {.name = "c-id3", .no_air = true,
	                          .chip = &vchip_personality_8822c,
	                          .speed_mbps = 5000};
	CHECK_EQ_INT(vchip_create(&u3, &vc), 0, "created at 5000 Mbit/s");
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1), 0x20, "0xFF reads 0x20 on USB3");
	CHECK_EQ_INT((vh_read(vc, 0xC4, 4) >> 18) & 3, 2, "PAD_CTRL2 USB3 mode");
	vchip_destroy(vc);
	char err[128];
	struct vchip_config bad = {.name = "x"};
	CHECK(vchip_config_parse(&bad, "chip=9999", err, sizeof err) < 0,
	      "unknown chip refused");
}

static void test_power(void)
{
	struct vchip *vc = c_create("c-pwr", NULL, NULL);
	if (!CHECK(vc, "created"))
		return;
	/* APFM_ONMAC while WL is still suspended never completes */
	vh_set8(vc, 0x05, 0x01, 0);
	CHECK(!v3_poll8(vc, 0x05, 0x01, 0x00), "ONMAC waits for power ready");
	CHECK(!(vh_read(vc, 0x06, 1) & 0x02), "power not ready while suspended");
	vchip_destroy(vc);

	vc = c_create("c-pwr", NULL, NULL);
	v3_check_powered(vc, v3_power_on(vc, &c_power),
	                 "card-enable flow completes");
	CHECK(!(vh_read(vc, 0xF5, 1) & 1), "0xF5 bit 0 cleared by host");
	vh_w8(vc, 0x100, 0xFF);
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xFF, "CR writable");
	/* card disable: OFFMAC drops the MAC */
	vh_set8(vc, 0x05, 0x02, 0);
	CHECK(v3_poll8(vc, 0x05, 0x02, 0x00), "OFFMAC self-clears");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off again");
	CHECK(vh_read(vc, 0xF5, 1) & 1, "0xF5 bit 0 set after power-off");
	vchip_destroy(vc);

	/* another valid order: both suspend bits in one write, WLON reset
	 * released after the MAC came up */
	vc = c_create("c-pwr2", NULL, NULL);
	vh_w8(vc, 0x05, 0x00);
	CHECK(v3_poll8(vc, 0x06, 0x02, 0x02), "power ready");
	vh_w8(vc, 0x05, 0x01);
	CHECK(v3_poll8(vc, 0x05, 0x01, 0x00), "ONMAC done in the other order");
	vh_set8(vc, 0x06, 0x01, 0);
	CHECK(vh_read(vc, 0x100, 1) != 0xEA, "MAC on");
	vchip_destroy(vc);
}

static void test_efuse(void)
{
	struct vchip *vc = c_create("c-efuse", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &c_power) == 0, "powered"))
		return;
	uint8_t phys[512];
	bool ok = true;
	vh_write(vc, 0x35, 0x00, 1); /* WiFi bank */
	for (unsigned a = 0; a < 512; a++) {
		vh_w32(vc, 0x30, (uint32_t)a << 8);
		ok = ok && vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u,
		                   50000);
		phys[a] = (uint8_t)vh_read(vc, 0x30, 4);
	}
	CHECK(ok, "every EFUSE read completes (bit 31)");
	/* decode the Realtek block format by hand */
	uint8_t log[768];
	CHECK(v3_efuse_logical(phys, 512 - 124, log, sizeof log),
	      "physical map decodes");
	CHECK_EQ_HEX(log[0] | log[1] << 8, 0x8129, "RTL id");
	CHECK(log[0x06] & 0x80, "usb_mode: USB3 switch invited");
	CHECK(log[0xCA] <= 6, "RFE option rtw88 supports (0-6)");
	CHECK(log[0xB9] != 0xFF && (log[0xB9] & 0x80) == 0, "crystal cap");
	CHECK(log[0x10] != 0xFF && log[0x10 + 42] != 0xFF,
	      "TX power: paths A and B programmed");
	CHECK(log[0x10 + 84] == 0xFF, "TX power: path C blank");
	CHECK_EQ_HEX(log[0x150] | log[0x151] << 8, 0x0BDA, "USB VID at 0x150");
	CHECK_EQ_HEX(log[0x152] | log[0x153] << 8, 0xC812, "USB PID at 0x152");
	CHECK((log[0x157] & 0x03) == 0x02, "MAC at 0x157: local unicast");
	/* the BT bank reads blank */
	vh_w8(vc, 0x35, 0x01);
	vh_w32(vc, 0x30, 0);
	CHECK(vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 50000),
	      "BT bank read completes");
	CHECK_EQ_HEX(vh_read(vc, 0x30, 4) & 0xFF, 0xFF, "BT bank blank");
	/* an EFUSE byte takes the engine 10 us: a read that comes back
	 * sooner still sees the flag clear */
	vh_w8(vc, 0x35, 0x00);
	struct vh_busy_probe probe = {0};
	for (unsigned a = 0; a < 64; a++) {
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		vh_w32(vc, 0x30, (uint32_t)a << 8);
		uint32_t v = vh_read(vc, 0x30, 4);
		if (vh_us_since(&t0) < 10) {
			probe.conclusive++;
			probe.busy += !(v & 0x80000000u);
		}
		vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 50000);
	}
	printf("# EFUSE: %u of 64 first reads within 10 us\n",
	       probe.conclusive);
	CHECK_EQ_INT(probe.busy, probe.conclusive, "an EFUSE byte is not "
	             "ready at once");
	vchip_destroy(vc);
}

static void boot_case(const char *file, size_t cut, long flip, bool expect,
                      const char *what)
{
	size_t len;
	uint8_t *fw = v3_load_bad(file, flip, cut, &len);
	if (!CHECK(fw, what))
		return;
	struct vchip *vc = c_create("c-fw", NULL, NULL);
	v3_power_on(vc, &c_power);
	vh_w8(vc, 0x1A0, 0xFD); /* HW feature report request */
	int fail = 0;
	uint32_t r = c_fw_download(vc, fw, len, &fail);
	v3_check_boot(vc, fail, r, expect, what);
	if (expect) {
		uint32_t cap = vh_read(vc, 0x1A2 + 4, 4);
		CHECK_EQ_INT((cap >> 16) & 7, 7, "report: up to 80 MHz");
	}
	vchip_destroy(vc);
	free(fw);
}

static void test_firmware(void)
{
	v3_ddma_probe = (struct vh_busy_probe){0};
	v3_boot_probe = (struct vh_busy_probe){0};
	boot_case("rtw8822c_fw.bin", 0, -1, true, "rtw8822c_fw.bin boots");
	boot_case("rtw8822c_wow_fw.bin", 0, -1, true,
	          "rtw8822c_wow_fw.bin boots");
	/* a byte inside the IMEM section: after header + DMEM + trailer */
	size_t len;
	uint8_t *fw = v3_load("rtw8822c_fw.bin", &len);
	long imem_at = fw ? 64 + (long)le32(fw + 0x24) + 8 + 1000 : 0;
	free(fw);
	boot_case("rtw8822c_fw.bin", 0, imem_at, false,
	          "flipped IMEM byte fails the DDMA checksum");
	boot_case("rtw8822c_fw.bin", 0, 64 + 100, false,
	          "flipped DMEM byte fails the DDMA checksum");
	boot_case("rtw8822c_fw.bin", len - 3000, -1, false,
	          "truncated image fails");
	/* the DDMA from outside the TX buffer goes nowhere */
	struct vchip *vc = c_create("c-ddma", NULL, NULL);
	v3_power_on(vc, &c_power);
	vh_w32(vc, 0x1208, 1u << 25);
	vh_w32(vc, 0x1200, 0x10000000u);
	vh_w32(vc, 0x1204, 0x00200000u);
	vh_w32(vc, 0x1208, 1u << 31 | 1u << 29 | 64);
	CHECK(v3_poll8(vc, 0x120B, 0x80, 0x00), "the DDMA finishes");
	CHECK(vh_read(vc, 0x120B, 1) & 0x08, "bad DDMA source: checksum error");
	vchip_destroy(vc);
	/* the engines take time: a copy's OWN and the firmware's ready
	 * bit read back sooner than that still say busy */
	printf("# DDMA: %u of its first reads came back within the copy's "
	       "time; boot: %u of FW_INIT_RDY's\n", v3_ddma_probe.conclusive,
	       v3_boot_probe.conclusive);
	CHECK_EQ_INT(v3_ddma_probe.busy, v3_ddma_probe.conclusive,
	             "a DDMA copy is not done at once");
	CHECK_EQ_INT(v3_boot_probe.busy, v3_boot_probe.conclusive,
	             "the firmware is not up the moment its CPU starts");
}

static void test_calibration_and_rf(void)
{
	struct vchip *vc = c_station("c-rf", NULL, "chip=8822c", 6);
	if (!CHECK(vc, "station up"))
		return;
	/* RF windows, two paths */
	c_rf_write(vc, 1, 0x33, 0x12345);
	CHECK_EQ_HEX(c_rf_read(vc, 1, 0x33), 0x12345, "RF B window write/read");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 1, 0x33), 0x12345, "model holds RF B 0x33");
	CHECK(c_rf_read(vc, 0, 0x33) != 0x12345, "paths are separate");
	uint32_t rf0 = c_rf_read(vc, 0, 0x00);
	c_rf_write(vc, 0, 0x00, rf0 ^ 0x30000);
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0x00), rf0, "RF 0x00 window write no-op");
	vh_w32(vc, 0x1808, (0x00u << 20) | 0x33DA5);
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0x00), 0x33DA5, "RF 0x00 via SI port");
	vh_w32(vc, 0x4108, (0xEEu << 20) | 0x00004);
	CHECK_EQ_HEX(c_rf_read(vc, 1, 0xEE), 0x00004, "SI port path B");

	/* tuning from RF 0x18 + BB primary */
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 20 && !t.band_5g, "ch 6 / 20");
	c_tune(vc, 42, 80, 4);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.band_5g, "ch 42 / 80");
	CHECK_EQ_INT(t.channel, 36, "primary 36 (lowest)");
	c_tune(vc, 38, 40, 1);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 38 && t.bw_mhz == 40 && t.channel == 40,
	      "ch 38 / 40, primary upper = 40");
	c_tune(vc, 149, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 149 && t.band_5g, "ch 149");

	/* DACK read-backs */
	CHECK_EQ_HEX(vh_read(vc, 0x2808, 4) & 0x7FFF80, 0x7FFF80,
	             "DACK A ready bits");
	CHECK_EQ_HEX(vh_read(vc, 0x4534, 4) & 0x7FFF80, 0x7FFF80,
	             "DACK B ready bits");
	/* The loop-back ADC's samples scatter around a small DC offset,
	 * some a few codes below zero and about one in a hundred a spike
	 * (personality_8822c_phy.c adc_noise, after what rtw88 rtw8822c.c
	 * rtw8822c_dac_cal_iq_sample filters): most samples, not each one,
	 * are small; I [21:12] and Q [9:0] are 10-bit two's complement. */
	unsigned small = 0, nonzero = 0;
	for (int i = 0; i < 16; i++) {
		uint32_t s = vh_read(vc, 0x2DBC, 4) & 0x3FFFFF;
		int si = (int)((s >> 12) & 0x3FF), sq = (int)(s & 0x3FF);
		si = si >= 0x200 ? si - 0x400 : si;
		sq = sq >= 0x200 ? sq - 0x400 : sq;
		small += si >= -8 && si <= 8 && sq >= -8 && sq <= 8;
		nonzero += s != 0;
	}
	CHECK(small >= 12 && nonzero >= 12, "ADC samples small, non-zero");
	vh_w32(vc, 0x18B0, 3u << 28);
	uint32_t m3 = (vh_read(vc, 0x2810, 4) >> 18) & 0x1FF;
	vh_w32(vc, 0x18B0, 5u << 28);
	uint32_t m5 = (vh_read(vc, 0x2810, 4) >> 18) & 0x1FF;
	CHECK(m3 && m5 && m3 != m5, "MSBK vector non-trivial per index");

	/* a DC-offset code written to the DAC block reads back applied */
	vh_w32(vc, 0x18BC, 0xA008FF81);
	vh_w32(vc, 0x18C0, 0x0003D205);
	CHECK_EQ_HEX((vh_read(vc, 0x2824, 4) >> 19) & 0xFF, 0x5A,
	             "DACK I code read-back");
	/* a calibration one-shot (command, then command + 1) completes */
	vh_w32(vc, 0x1B00, 0x1148);
	vh_w32(vc, 0x1B00, 0x1149);
	CHECK(v3_poll8(vc, 0x2D9C, 0xFF, 0x55),
	      "one-shot done (0x2D9C = 0x55)");

	/* RFK handshake (mailbox H2C 0x6D) and firmware IQK (packet H2C) */
	vh_w32(vc, 0x1D0, 0x6D | 1u << 8);
	CHECK(v3_poll8(vc, 0x49C, 0x01, 0x01), "RFK handshake acknowledged");
	CHECK(v3_send_iqk(vc, 0x01, v3_csum_j3), "H2C packet taken");
	CHECK(v3_poll8(vc, 0x2D9C, 0xFF, 0xAA), "IQK done reported");
	vchip_destroy(vc);
}

static void test_tx(void)
{
	struct vchip *vc = c_station("c-tx", NULL, "chip=8822c", 11);
	if (!CHECK(vc, "station up"))
		return;
	/* the 48-byte checksum; a 32-byte (Jaguar2-rule) one is wrong for
	 * this chip */
	v3_check_tx_rules(vc, v3_csum_j3, v3_csum_j2, 0x04,
	                  "bad checksum dropped and counted");
	vchip_destroy(vc);
}

static void test_usb3_switch(void)
{
	struct vchip *vc = c_create("c-u3", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &c_power) == 0, "powered"))
		return;
	uint32_t pad = vh_read(vc, 0xC4, 4);
	CHECK(pad & (1u << 20), "PAD_CTRL2: switch capable");
	CHECK_EQ_INT((pad >> 18) & 3, 0, "not in USB3 mode");
	/* rtw88 usb.c rtw_usb_switch_mode_new */
	pad = (pad & ~(3u << 18)) | 2u << 18 | 1u << 16;
	vh_w32(vc, 0xC4, pad);
	vh_w8(vc, 0xC5, 0x04);
	vh_set8(vc, 0x05, 0x02, 0);
	CHECK_EQ_INT(vchip_reenumerate_pending(vc), 0, "still on the bus");
	uint8_t b = (uint8_t)vh_read(vc, 0xC6, 1);
	b |= 0x02; /* bit 17 */
	vh_w8(vc, 0xC6, b);
	CHECK_EQ_INT(vchip_reenumerate_pending(vc), 5000,
	             "re-enumeration at 5000 pending");
	uint8_t r[1];
	CHECK_EQ_INT(vchip_control(vc, 0xC0, 0x05, 0xFC, 0, r, 1, 100),
	             -ENODEV, "off the bus");
	CHECK_EQ_INT(vchip_reenumerate(vc), 1, "re-enumerated");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_INT(d.speed_mbps, 5000, "SuperSpeed");
	CHECK_EQ_INT(d.bulk_max_packet, 1024, "1024-byte bulk packets");
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1), 0x20, "0xFF reads 0x20");
	CHECK_EQ_INT((vh_read(vc, 0xC4, 4) >> 18) & 3, 2, "USB3 mode field");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "comes back powered off");
	CHECK_EQ_INT(v3_power_on(vc, &c_power), 0, "powers on again");
	CHECK_EQ_INT(vchip_reenumerate(vc), 0, "nothing pending");
	vchip_destroy(vc);
}

/* The same switch on a USB2-only port: the chip leaves and comes back at
 * high speed, its pad still in U3 mode — what rtw88 usb.c
 * rtw_usb_switch_mode_new reads as "already tried: a USB 2 port". */
static void test_usb3_switch_usb2_port(void)
{
	struct vchip *vc = c_create("c-u2port", NULL, "chip=8822c,port=480");
	if (!CHECK(vc && v3_power_on(vc, &c_power) == 0, "powered (USB2 port)"))
		return;
	uint32_t pad = vh_read(vc, 0xC4, 4);
	pad = (pad & ~(3u << 18)) | 2u << 18 | 1u << 16;
	vh_w32(vc, 0xC4, pad);
	vh_w8(vc, 0xC5, 0x04);
	vh_set8(vc, 0x05, 0x02, 0);
	vh_w8(vc, 0xC6, (uint8_t)(vh_read(vc, 0xC6, 1) | 0x02));
	CHECK_EQ_INT(vchip_reenumerate_pending(vc), 5000,
	             "USB2 port: the chip still asks for 5000");
	CHECK_EQ_INT(vchip_reenumerate(vc), 1, "USB2 port: re-enumerated");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_INT(d.speed_mbps, 480, "USB2 port: back at high speed");
	CHECK_EQ_INT(d.bulk_max_packet, 512, "USB2 port: 512-byte packets");
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1), 0x00, "USB2 port: 0xFF not 0x20");
	CHECK_EQ_INT((vh_read(vc, 0xC4, 4) >> 18) & 3, 2,
	             "USB2 port: mode field still U3");
	vchip_destroy(vc);
	struct vchip_config cfg = {.name = "c-bad", .no_air = true};
	char err[128];
	CHECK(vchip_config_parse(&cfg, "chip=8822c,speed=5000,port=480", err,
	                         sizeof err) == 0 &&
	      vchip_create(&cfg, &vc) == -EINVAL,
	      "no SuperSpeed enumeration on a USB2 port");
	CHECK(vchip_config_parse(&cfg, "speed=100", err, sizeof err) < 0,
	      "speed= other than 480/5000 refused");
}

static int s10(uint32_t v)
{
	v &= 0x3FF;
	return v >= 0x200 ? (int)v - 0x400 : (int)v;
}

/* The loop-back ADC the DC-offset calibration samples at 0x2DBC is
 * noisy, as rtw88 rtw8822c.c rtw8822c_dac_cal_iq_sample/_iq_search
 * expect: samples differ, now and then one spikes past the 100 codes
 * that procedure drops, and the rest average to a small offset. */
static void test_adc_samples(void)
{
	struct vchip *vc = c_create("c-adc", NULL, "chip=8822c,seed=3");
	if (!CHECK(vc && v3_power_on(vc, &c_power) == 0, "powered"))
		return;
	v3_bb_rf_on(vc);
	int n = 0, spikes = 0, isum = 0, qsum = 0, lo = 0, hi = 0;
	uint32_t first = vh_read(vc, 0x2DBC, 4);
	bool differ = false;
	for (int k = 0; k < 1000; k++) {
		uint32_t v = vh_read(vc, 0x2DBC, 4);
		differ = differ || v != first;
		int i = s10(v >> 12), q = s10(v);
		if (i > 100 || i < -100 || q > 100 || q < -100) {
			spikes++;
			continue;
		}
		n++;
		isum += i;
		qsum += q;
		lo = i < lo ? i : lo;
		hi = i > hi ? i : hi;
	}
	CHECK(differ, "ADC samples vary");
	printf("# 1000 samples: %d spikes, I in [%d, %d], mean I %.2f Q "
	       "%.2f\n", spikes, lo, hi, (double)isum / n, (double)qsum / n);
	CHECK(spikes > 0 && spikes < 50, "a few spikes past 100 codes");
	CHECK(hi - lo > 5 && hi - lo <= 15, "the rest spread a few codes");
	CHECK((double)isum / n > 1.0 && (double)isum / n < 3.0 &&
	      (double)qsum / n < -1.0 && (double)qsum / n > -3.0,
	      "... around a DC offset of +2 (I) / -2 (Q)");
	/* the bytes of one word are one sample */
	uint8_t b[4];
	vchip_control(vc, 0xC0, 0x05, 0x2DBC, 0, b, 4, 500);
	uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
	             (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	CHECK_EQ_HEX(w & 0xFFC00C00u, 0, "one sample: I [21:12], Q [9:0]");
	vchip_destroy(vc);
}

int main(void)
{
	static void (*const plain[])(void) = {
		test_identity, test_power, test_efuse, test_adc_samples,
		test_usb3_switch, test_usb3_switch_usb2_port, NULL
	};
	static void (*const fw[])(void) = {
		test_firmware, test_calibration_and_rf, test_tx, NULL
	};
	return v3_run_tests(plain, fw, "firmware, RF, TX");
}

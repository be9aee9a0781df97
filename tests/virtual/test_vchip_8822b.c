/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8822B personality of the chip model at its USB interface, driven
 * with the register sequences of the references for this chip: identity
 * and straps, its USB ids, rtw88's card enable / disable rows, the EFUSE
 * read engine and the logical map rtw88 parses from it, firmware through
 * reserved page + DDMA (the genuine image boots; a damaged one, a wrong
 * IMEM address or a Jaguar3-style descriptor checksum do not), the
 * engines that take time, RF through LSSI and the read windows, tuning,
 * firmware IQK, the thermal meter and LCK, and the TX descriptor's
 * 32-byte checksum. */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/virtual/vhelp_8822b.h"

static void test_identity(void)
{
	struct vchip *vc = v3_create("b-id", NULL, "chip=8822b");
	if (!CHECK(vc, "8822b chip created"))
		return;
	CHECK(strcmp(vchip_chip_name(vc), "8822b") == 0, "chip name 8822b");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_HEX(d.vid, 0x0BDA, "vid");
	CHECK_EQ_HEX(d.pid, 0xB812, "default pid b812 (rtw88's first)");
	CHECK_EQ_INT(d.speed_mbps, 480, "enumerates at USB2");
	CHECK(d.usb3_capable, "USB3 capable (rtw88 rtw_usb3_chip_new)");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x0A, "chip id 0x0A");
	uint32_t cfg1 = vh_read(vc, 0xF0, 4);
	CHECK(cfg1 & (1u << 27), "SYS_CFG1 RF_TYPE_ID: 2T2R");
	CHECK(!(cfg1 & (1u << 23)), "SYS_CFG1: MP chip");
	CHECK_EQ_INT((cfg1 >> 12) & 0xF, 2, "cut C");
	vh_w32(vc, 0xF0, 0);
	vh_w8(vc, 0xFC, 0x13);
	CHECK_EQ_HEX(vh_read(vc, 0xF0, 4), cfg1, "SYS_CFG1 read-only");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x0A, "chip id read-only");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off: CR reads 0xEA");
	vchip_destroy(vc);

	/* ids: rtw88 rtw8822bu.c and the vendor's extra one */
	CHECK(vchip_personality_by_usb_id(0x2357, 0x012D) ==
	          &vchip_personality_8822b,
	      "2357:012d (TP-Link Archer T3U) is an 8822B");
	CHECK(vchip_personality_by_usb_id(0x0BDA, 0xB81A) ==
	          &vchip_personality_8822b,
	      "0bda:b81a is an 8822B");
	CHECK(vchip_personality_by_usb_id(0x0411, 0x03D0) ==
	          &vchip_personality_8822b,
	      "0411:03d0 (rtw88's last) is an 8822B");
	CHECK(vchip_personality_by_usb_id(0x2357, 0x0126) ==
	          &vchip_personality_8822b,
	      "2357:0126 (vendor table) is an 8822B");
	/* the shared ids name the personality listed first */
	CHECK(vchip_personality_by_usb_id(0x13B1, 0x0043) ==
	          &vchip_personality_8822c,
	      "13b1:0043 (shared) answers 8822c");
	CHECK(vchip_personality_by_usb_id(0x2357, 0x0115) ==
	          &vchip_personality_8812a,
	      "2357:0115 (shared) answers 8812a");
	bool listed = false;
	for (size_t i = 0; i < vchip_personality_8822b.n_usb_ids; i++)
		listed |= vchip_personality_8822b.usb_ids[i].vid == 0x13B1 &&
		          vchip_personality_8822b.usb_ids[i].pid == 0x0043;
	CHECK(listed, "13b1:0043 is in the 8822B's list too");
	/* chip= presents an 8822B under the shared id */
	vc = v3_create("b-id2", NULL, "chip=8822b,pid=0043");
	if (CHECK(vc, "chip=8822b with a shared pid")) {
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x0A,
		             "the chip id tells the die apart");
		vchip_destroy(vc);
	}
	struct vchip_config cfg = {.name = "b-id3", .no_air = true,
	                           .vid = 0x2357, .pid = 0x012D};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "created by 2357:012d");
	if (vc) {
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x0A, "an 8822B by id");
		vchip_destroy(vc);
	}
	CHECK(strstr(vchip_personality_names(), "8822b") != NULL,
	      "8822b among the chip names");
	v3_check_refused("b-bad", "chip=8822b,board=nosuch",
	                 "an unknown board refused");
}

static void test_power(void)
{
	struct vchip *vc = v3_create("b-pwr", NULL, "chip=8822b");
	if (!CHECK(vc, "created"))
		return;
	v3_check_powered(vc, v3_power_on(vc, &b_power),
	                 "rtw88 card-enable rows complete");
	CHECK(!(vh_read(vc, 0xF5, 1) & 1), "0xF5 bit 0 cleared by host");
	CHECK_EQ_HEX(vh_read(vc, 0x10A9, 1), 0xEF, "C-cut row applied");
	vh_w8(vc, 0x100, 0xFF);
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xFF, "CR writable");
	CHECK_EQ_INT(v3_power_off(vc, &b_power), 0,
	             "rtw88 card-disable rows complete");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off again");
	CHECK(vh_read(vc, 0xF5, 1) & 1, "0xF5 bit 0: MAC was off");
	CHECK(vh_has_milestone(vc, VCHIP_M_POWER_OFF), "POWER_OFF milestone");
	CHECK_EQ_INT(v3_power_on(vc, &b_power), 0, "and on again");
	vchip_destroy(vc);

	/* without clearing WL suspend the power never gets ready */
	vc = v3_create("b-pwr2", NULL, "chip=8822b");
	vh_set8(vc, 0x05, 0x01, 0);
	CHECK(!v3_poll8(vc, 0x05, 0x01, 0x00), "ONMAC waits for power ready");
	vchip_destroy(vc);
}

/* The auto-LLT takes its time: a driver that polls sees it finish. */
static void test_llt(void)
{
	struct vchip *vc = v3_create("b-llt", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	v3_check_auto_llt(vc, "auto-LLT busy right after");
	CHECK(!vh_has_milestone(vc, VCHIP_M_MAC_TABLE),
	      "the LLT is not this chip's MAC milestone");
	vchip_destroy(vc);
}

/* The physical EFUSE read through 0x30 as rtw88 efuse.c
 * rtw_dump_physical_efuse_map does it, decoded as
 * rtw_dump_logical_efuse_map does. false when a read never completed. */
static bool read_logical(struct vchip *vc, uint8_t *log,
                         struct vh_busy_probe *probe)
{
	static uint8_t phys[1024];
	vh_w8(vc, 0x35, 0x00);                    /* WiFi bank */
	vh_set8(vc, 0x37, 0, 0x80);               /* 2.5 V LDO off */
	*probe = (struct vh_busy_probe){0};
	for (unsigned a = 0; a < 1024; a++) {
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		vh_w32(vc, 0x30, (uint32_t)a << 8);
		uint32_t v = vh_read(vc, 0x30, 4);
		/* an EFUSE byte takes the model 10 us */
		if (vh_us_since(&t0) < 10) {
			probe->conclusive++;
			probe->busy += !(v & 0x80000000u);
		}
		if (!vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 50000))
			return false;
		phys[a] = (uint8_t)vh_read(vc, 0x30, 4);
	}
	/* short of the 96 protected bytes at the end (rtw88 hw_spec
	 * ptct_efuse_size) */
	return v3_efuse_logical(phys, 1024 - 96, log, 768);
}

static void test_efuse(void)
{
	struct vchip *vc = v3_create("b-efuse", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	uint8_t log[768];
	struct vh_busy_probe busy;
	CHECK(read_logical(vc, log, &busy), "every EFUSE read completes");
	printf("# %u of 1024 EFUSE reads came back within the engine's "
	       "time\n", busy.conclusive);
	CHECK_EQ_INT(busy.busy, busy.conclusive, "... and those read busy: "
	             "the port is not done at once");
	/* the fields rtw88 rtw8822b.c rtw8822b_read_efuse takes */
	CHECK_EQ_HEX(log[0] | log[1] << 8, 0x8129, "RTL id");
	CHECK(log[0x06] & 0x80, "usb_mode: USB3 switch invited");
	CHECK_EQ_HEX(log[0xCA], 0x03, "RFE option 3");
	CHECK(log[0xB9] != 0xFF && log[0xB9] <= 0x3F, "crystal cap, 6 bits");
	CHECK(log[0xBA] != 0xFF && log[0xBA] <= 0x3F, "thermal meter");
	CHECK_EQ_INT((log[0xC1] & 0xE0) == 0x20, 0, "no BT coexistence");
	bool txp = true;
	for (unsigned p = 0; p < 2; p++) {
		const uint8_t *t = &log[0x10 + 42 * p];
		for (unsigned i = 0; i < 11; i++)
			txp &= t[i] <= 0x3F;       /* 2.4 GHz bases */
		for (unsigned i = 18; i < 32; i++)
			txp &= t[i] <= 0x3F;       /* 5 GHz bases */
	}
	CHECK(txp, "TX power bases of paths A and B within 0..0x3F");
	CHECK(log[0x10 + 84] == 0xFF && log[0x10 + 126] == 0xFF,
	      "TX power: paths C and D blank");
	CHECK_EQ_HEX(log[0x100] | log[0x101] << 8, 0x0BDA, "USB VID at 0x100");
	CHECK_EQ_HEX(log[0x102] | log[0x103] << 8, 0xB812, "USB PID at 0x102");
	CHECK((log[0x107] & 0x01) == 0, "MAC at 0x107: unicast");
	CHECK(log[0x107] != 0xFF, "MAC programmed");
	CHECK(log[0x10D] == 9 && log[0x10E] == 3 &&
	      memcmp(&log[0x10F], "Realtek", 7) == 0,
	      "vendor string descriptor");
	vchip_destroy(vc);

	/* the other boards */
	uint8_t typ[768];
	memcpy(typ, log, sizeof typ);
	vc = v3_create("b-efuse2", NULL, "chip=8822b,board=graded,pid=012d");
	if (CHECK(vc && v3_power_on(vc, &b_power) == 0 &&
	              read_logical(vc, log, &busy),
	          "graded board read")) {
		CHECK(memcmp(&typ[0x10], &log[0x10], 84) != 0,
		      "graded: other TX power");
		CHECK_EQ_HEX(log[0x102] | log[0x103] << 8, 0x012D,
		             "PID of the identity (Archer T3U)");
	}
	vchip_destroy(vc);
	vc = v3_create("b-efuse3", NULL, "chip=8822b,board=blank,usb3switch=0");
	if (CHECK(vc && v3_power_on(vc, &b_power) == 0 &&
	              read_logical(vc, log, &busy),
	          "blank board read")) {
		CHECK(log[0x10] == 0xFF && log[0x3A] == 0xFF,
		      "blank: no TX power");
		CHECK_EQ_HEX(log[0xBA], 0xFF, "blank: no thermal calibration");
		CHECK_EQ_HEX(log[0xCA], 0x03, "blank: RFE still 3");
		CHECK(!(log[0x06] & 0x80), "usb3switch=0: bit 7 clear");
	}
	vchip_destroy(vc);
	vc = v3_create("b-efuse4", NULL, "chip=8822b,board=rfe-blank");
	if (CHECK(vc && v3_power_on(vc, &b_power) == 0 &&
	              read_logical(vc, log, &busy),
	          "rfe-blank board read")) {
		CHECK_EQ_HEX(log[0xCA], 0xFF, "rfe-blank: RFE byte unburnt");
		CHECK(memcmp(&typ[0x10], &log[0x10], 84) == 0,
		      "rfe-blank: typical TX power");
	}
	vchip_destroy(vc);
}

static void boot_case(size_t cut, long flip, long imem_dst, bool expect,
                      const char *what)
{
	size_t len;
	uint8_t *fw = v3_load_bad("rtw8822b_fw.bin", flip, cut, &len);
	if (!CHECK(fw, what))
		return;
	struct vchip *vc = v3_create("b-fw", NULL, "chip=8822b");
	v3_power_on(vc, &b_power);
	vh_w8(vc, 0x1A0, 0xFD); /* HW feature report request */
	int fail = 0;
	uint32_t first = 0;
	uint32_t r = b_fw_download(vc, fw, len, imem_dst, &fail, &first);
	if (expect) {
		CHECK_EQ_INT(fail, 0, what);
		CHECK_EQ_HEX(r & 0xCFFF, 0xC078, what);
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK),
		      "FW_CHECKSUM_OK");
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "FW_BOOTED");
		CHECK_EQ_HEX(vh_read(vc, 0x1A0, 1), 0x19, "HW feature report");
		uint32_t cap = vh_read(vc, 0x1A2 + 4, 4);
		CHECK_EQ_INT((cap >> 16) & 7, 7, "report: up to 80 MHz");
		CHECK_EQ_INT((cap >> 19) & 3, 2, "report: two streams");
	} else {
		CHECK(fail > 0, what);
		CHECK_EQ_HEX(r & 0x8000, 0, "never FW_INIT_RDY");
		CHECK(!vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "no FW_BOOTED");
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_FAILED), "FW_FAILED");
	}
	vchip_destroy(vc);
	free(fw);
}

static void test_firmware(void)
{
	v3_boot_probe = (struct vh_busy_probe){0};
	size_t len;
	uint8_t *fw = v3_load("rtw8822b_fw.bin", &len);
	if (!CHECK(fw, "rtw8822b_fw.bin present"))
		return;
	CHECK_EQ_HEX(fw[0] | fw[1] << 8, 0x8822, "signature");
	CHECK_EQ_HEX(le32(fw + 0x3C), 0x80000000u, "IMEM loads at 0");
	long dmem = (long)le32(fw + 0x24);
	free(fw);
	boot_case(0, -1, -1, true, "rtw8822b_fw.bin boots");
	boot_case(0, 64 + dmem + 8 + 1000, -1, false,
	          "flipped IMEM byte fails the DDMA checksum");
	boot_case(0, 64 + 100, -1, false,
	          "flipped DMEM byte fails the DDMA checksum");
	boot_case(len - 3000, -1, -1, false, "truncated image fails");
	/* IMEM sent where the later chips have it: no memory there for
	 * the whole segment */
	boot_case(0, -1, 0x30000, false, "IMEM at 0x30000 refused");
	CHECK_EQ_INT(v3_boot_probe.busy, v3_boot_probe.conclusive,
	             "FW_INIT_RDY read back within the boot time: not yet");

	/* a chunk whose checksum covers 48 bytes (the 8822C rule) differs
	 * from the chip's 32-byte sum and never reaches the page */
	struct vchip *vc = v3_create("b-fw2", NULL, "chip=8822b");
	v3_power_on(vc, &b_power);
	vh_w8(vc, 0x100, 0x05);
	vh_write(vc, 0x204, 0x8000, 2);
	vh_set8(vc, 0x101, 0x01, 0);
	uint8_t x[48 + 64];
	v3_desc(x, 64, 0x10, -1, 0, 0);
	x[40] = 0x5A; /* inside 48 bytes, outside 32 */
	memset(x + 48, 0x11, 64);
	v3_csum_j3(x);
	vchip_bulk_out(vc, 0x02, x, sizeof x, 500);
	CHECK(!(vh_read(vc, 0x205, 1) & 0x80),
	      "48-byte checksum: no beacon-valid");
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT(s.tx_bad_checksum, 1, "counted as a bad checksum");
	v3_csum_j2(x);
	vchip_bulk_out(vc, 0x02, x, sizeof x, 500);
	CHECK(vh_read(vc, 0x205, 1) & 0x80, "32-byte checksum: page valid");
	vchip_destroy(vc);
}

/* An IQK request as rtw88 fw.c rtw_fw_do_iqk sends it. */
static void test_rf(void)
{
	struct vchip *vc = v3_create("b-rf", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	/* RF off: the write goes nowhere, the window answers 0 */
	v3_rf_write(vc, 0, 0x33, 0x00055);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x33), 0, "RF off: nothing");
	v3_bb_rf_on(vc);
	v3_rf_write(vc, 0, 0x33, 0x12345);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x33), 0x12345, "RF A LSSI/window");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x33), 0x12345, "model holds it");
	CHECK(v3_rf_read(vc, 1, 0x33) != 0x12345, "paths are separate");
	v3_rf_write(vc, 1, 0xEE, 0x00004);
	CHECK_EQ_HEX(v3_rf_read(vc, 1, 0xEE), 0x00004, "RF B LSSI/window");
	CHECK_EQ_HEX(vh_read(vc, 0x2800 + 0x33 * 4, 4) >> 20, 0,
	             "window: 20 bits");
	/* the read window takes no writes on this chip */
	vh_w32(vc, 0x2800 + 0x33 * 4, 0x00777);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x33), 0x12345, "window write no-op");
	/* the RF-mode LUT poke of rtw88 rtw8822b_config_trx_mode */
	v3_rf_write(vc, 0, 0xEF, 0x80000);
	v3_rf_write(vc, 0, 0x33, 0x00001);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x33), 0x00001, "RF 0x33 reads back");
	v3_rf_write(vc, 0, 0x3E, 0x00034);
	v3_rf_write(vc, 0, 0x3F, 0x4080C);
	v3_rf_write(vc, 0, 0xEF, 0x00000);
	/* one path's RF in reset: its writes go nowhere */
	vh_set8(vc, 0xEF, 0, 0x07);
	v3_rf_write(vc, 1, 0xEE, 0x00001);
	vh_set8(vc, 0xEF, 0x07, 0);
	CHECK_EQ_HEX(v3_rf_read(vc, 1, 0xEE), 0x00004, "path B off: dropped");

	/* tuning: rtw88 rtw8822b_set_channel_bb / _rf */
	struct vchip_tuning t;
	b_tune(vc, 6, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.center == 6 && t.bw_mhz == 20 && !t.band_5g,
	      "ch 6 / 20 MHz");
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x18), 0x00C06, "RF 0x18 for ch 6");
	b_tune(vc, 42, 80, 4);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.band_5g, "ch 42 / 80");
	CHECK_EQ_INT(t.channel, 36, "primary lowest = 36");
	b_tune(vc, 38, 40, 1);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 38 && t.bw_mhz == 40 && t.channel == 40,
	      "ch 38 / 40, primary upper = 40");
	b_tune(vc, 155, 80, 3);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 155 && t.channel == 161, "ch 155/80, uppermost");
	CHECK(v3_rf_read(vc, 0, 0x18) & (1u << 18), "RFSI bit 18 above 144");
	b_tune(vc, 144, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 144 && t.band_5g, "ch 144");
	CHECK(v3_rf_read(vc, 1, 0x18) & (1u << 17), "path B: RFSI bit 17");

	/* 5/10 MHz as rtw88 writes them (rtw8822b_set_channel_bb,
	 * RTW_CHANNEL_WIDTH_10 / _5, then _rf with the 20 MHz code), on a
	 * move of channel: RF 0x18 changes value and latches the clock */
	b_tune(vc, 36, 20, 0);
	uint32_t w = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (w & 0xEFFEFF00u) | 0x80u);
	b_tune_rf_only(vc, 44);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 44 && t.bw_mhz == 10,
	      "rtw88's 10 MHz word, then RF 0x18 of 44: 44 at 10 MHz");
	/* the same channel at 5 MHz: RF 0x18 keeps its value, no edge */
	w = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (w & 0xEFEEFE00u) | 0x40u);
	b_tune_rf_only(vc, 44);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "a re-clock with no RF 0x18 edge: the "
	             "synthesiser has not latched it (deaf, mute)");
	b_tune_rf_only(vc, 40);
	b_tune_rf_only(vc, 44);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 44 && t.bw_mhz == 5, "through another value: 5 MHz");
	/* small BW with the DAC clock bit [28] still set: wrong rate */
	vh_w32(vc, 0x8AC, vh_read(vc, 0x8AC, 4) | (1u << 28));
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "small BW on the 20 MHz clocks: not tuned");
	vh_w32(vc, 0x8AC, 0xF00F0000u);
	b_tune(vc, 44, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 44 && t.bw_mhz == 20, "the 20 MHz word: 20 MHz");
	b_tune(vc, 144, 20, 0);
	/* a band that does not fit the channel is no channel */
	v3_rf_write(vc, 0, 0x18, 0x00C24);     /* ch 36 without 5 GHz bits */
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 144, "inconsistent RF 0x18 ignored");

	/* LCK (OpenIPC devourer do_lck): bit 15 starts it, it clears */
	struct vchip_stats s0, s1;
	vchip_get_stats(vc, &s0);
	b_tune(vc, 36, 20, 0);
	uint32_t r18 = v3_rf_read(vc, 0, 0x18);
	v3_rf_write(vc, 0, 0x18, r18 | 0x08000);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x18) & 0x08000, 0, "LCK done");
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x18), r18, "RF 0x18 kept");
	vchip_get_stats(vc, &s1);
	CHECK_EQ_INT((int)(s1.rf_lck_runs - s0.rf_lck_runs), 1, "one LCK run");
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 36, "still on 36");

	/* IQK needs running firmware */
	vh_w8(vc, 0x100, 0xFF); /* the TX DMA takes the packet */
	CHECK(v3_send_iqk(vc, 0, v3_csum_j2),
	      "IQK packet taken by the USB side");
	CHECK(v3_rf_read(vc, 0, 0x08) != 0xABCDE, "no firmware: no IQK");
	vchip_destroy(vc);
}

static void test_iqk(void)
{
	struct vchip *vc = b_station("b-iqk", NULL, "chip=8822b", 36);
	if (!CHECK(vc, "station up"))
		return;
	v3_rf_write(vc, 0, 0x08, 0x9C060);
	vh_w32(vc, 0x1BF0, 0x000100FF);
	CHECK(v3_send_iqk(vc, 0, v3_csum_j2), "IQK packet taken");
	int n = 0;
	while (n < 300 && v3_rf_read(vc, 0, 0x08) != 0xABCDE)
		n++;
	CHECK(n < 300, "RF A 0x08 reads 0xABCDE (rtw88 rtw8822b_do_iqk)");
	CHECK(vh_has_milestone(vc, VCHIP_M_CALIBRATION), "CALIBRATION");
	v3_rf_write(vc, 0, 0x08, 0);
	CHECK_EQ_HEX(v3_rf_read(vc, 0, 0x08), 0, "host clears it");
	uint32_t rpt = vh_read(vc, 0x1BF0, 4);
	CHECK_EQ_HEX(rpt & 0xFF, 0, "no path failed");
	CHECK_EQ_HEX(rpt & 0x10000, 0, "no result reloaded");
	/* RF A off: the firmware cannot report */
	vh_set8(vc, 0x1F, 0, 0x07);
	CHECK(v3_send_iqk(vc, 0, v3_csum_j2), "IQK packet taken");
	vh_set8(vc, 0x1F, 0x07, 0);
	CHECK(v3_rf_read(vc, 0, 0x08) != 0xABCDE, "RF off: no IQK done");
	vchip_destroy(vc);
}

/* rtw88 rtw8822b_pwr_track: RF A 0x42 [17:16] = 3 on one tick, [15:10]
 * on the next. */
static unsigned meter(struct vchip *vc)
{
	v3_rf_mask(vc, 0, 0x42, 0x30000, 3);
	return (v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F;
}

static void test_thermal(void)
{
	struct vchip *vc = v3_create("b-therm", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	v3_bb_rf_on(vc);
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0,
	             "no reading before the first trigger");
	CHECK_EQ_INT(meter(vc), 0x20, "calibration temperature: EFUSE 0xBA");
	CHECK_EQ_INT(vchip_set_thermal(vc, 41), 0, "die warms");
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0x20,
	             "the reading holds until the next trigger");
	CHECK_EQ_INT(meter(vc), 41, "re-triggered with [17:16] already 3");
	v3_rf_write(vc, 0, 0x42, 0x0000F);
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 41,
	             "a write does not change the reading");
	CHECK_EQ_INT(meter(vc), 41, "steady");
	/* path B has no meter */
	v3_rf_mask(vc, 1, 0x42, 0x30000, 3);
	CHECK_EQ_INT((v3_rf_read(vc, 1, 0x42) >> 10) & 0x3F, 0,
	             "path B: no meter");
	vchip_destroy(vc);

	vc = v3_create("b-therm2", NULL, "chip=8822b,board=blank");
	if (CHECK(vc && v3_power_on(vc, &b_power) == 0,
	          "blank board powered")) {
		v3_bb_rf_on(vc);
		CHECK_EQ_INT(meter(vc), 0x20, "uncalibrated: mid-scale");
	}
	vchip_destroy(vc);
	vc = v3_create("b-therm3", NULL, "chip=8822b,thermal=12");
	if (CHECK(vc && v3_power_on(vc, &b_power) == 0, "thermal=12 powered")) {
		v3_bb_rf_on(vc);
		CHECK_EQ_INT(meter(vc), 12, "thermal= at create");
	}
	vchip_destroy(vc);
}

static void test_tx(void)
{
	struct vchip *vc = b_station("b-tx", NULL, "chip=8822b", 11);
	if (!CHECK(vc, "station up"))
		return;
	CHECK(vh_has_milestone(vc, VCHIP_M_MONITOR), "monitor (RCR 0xF000002F)");
	/* the 32-byte checksum; the 8822C's 48-byte rule is wrong here */
	v3_check_tx_rules(vc, v3_csum_j2, v3_csum_j3, 0x0C,
	                  "48-byte checksum dropped and counted");
	vchip_destroy(vc);
}

/* The table milestones from the references' tables: the rows that make
 * them, in the order rtw88 phy.c rtw_phy_load_tables writes them (a few
 * rows each, the model looks for no more). */
static void test_tables(void)
{
	struct vchip *vc = v3_create("b-tbl", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	/* rtw88 rtw8822b_mac_init writes 0x7D4 before the table */
	vh_w8(vc, 0x7D4, 0x98);
	CHECK(!vh_has_milestone(vc, VCHIP_M_MAC_TABLE), "not yet the table");
	vh_w8(vc, 0x420, 0x80);     /* rtw8822b_mac pair 1 */
	vh_w8(vc, 0x652, 0xC8);     /* pair 121 */
	vh_w8(vc, 0x66E, 0x05);     /* pair 122 */
	vh_w8(vc, 0x718, 0x40);     /* pair 123 */
	vh_w8(vc, 0x7D4, 0x98);     /* pair 124, the last */
	CHECK(vh_has_milestone(vc, VCHIP_M_MAC_TABLE), "MAC table milestone");
	v3_bb_rf_on(vc);
	vh_w32(vc, 0x800, 0x9020D010); /* rtw8822b_bb pair 0 */
	vh_w32(vc, 0x1B18, 0x00292903); /* pair 494 */
	CHECK(vh_has_milestone(vc, VCHIP_M_BB_TABLE), "BB table milestone");
	/* the unconditional tails of rtw8822b_rf_a / _rf_b */
	v3_rf_write(vc, 0, 0xB0, 0xFF0FC);
	v3_rf_write(vc, 0, 0xC4, 0x81402);
	v3_rf_write(vc, 0, 0xCC, 0x82000);
	CHECK(!vh_has_milestone(vc, VCHIP_M_RF_TABLE), "path B still to come");
	static const uint32_t tail_b[6][2] = {
		{0xEF, 0x00000}, {0x33, 0x000A3}, {0xEF, 0x80000},
		{0x3E, 0x05934}, {0x3F, 0x5AFCF}, {0xEF, 0x00000},
	};
	for (int i = 0; i < 6; i++)
		v3_rf_write(vc, 1, (uint8_t)tail_b[i][0], tail_b[i][1]);
	CHECK(vh_has_milestone(vc, VCHIP_M_RF_TABLE), "RF table milestone");
	vchip_destroy(vc);
}

int main(void)
{
	static void (*const plain[])(void) = {
		test_identity, test_power, test_llt, test_efuse, test_tables,
		NULL
	};
	static void (*const fw[])(void) = {
		test_firmware, test_rf, test_iqk, test_thermal, test_tx, NULL
	};
	return v3_run_tests(plain, fw, "firmware, RF, TX");
}

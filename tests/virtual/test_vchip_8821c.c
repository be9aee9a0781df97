/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8821C personality of the chip model at its USB interface, driven
 * with register sequences written from the references: identity and
 * straps, card enable and disable, the EFUSE read engine and the logical
 * map rtw88 parses, the genuine firmware through reserved page + DDMA
 * (and damaged images refused by the checksum the chip computes), the
 * firmware's start-up time, RF access and tuning, table milestones,
 * firmware IQK, the thermal meter, the antenna switch, and the 48-byte TX
 * descriptor with the Jaguar2 checksum.
 * Argument: tests/e2e/end_state/rtl8821c_tables.txt (the register end
 * state of the rtw88 tables, tools/gen_end_state.py). */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/virtual/vhelp_8821c.h"

static void test_identity(void)
{
	struct vchip *vc = k_create("k-id", NULL, NULL);
	if (!CHECK(vc, "8821c chip created"))
		return;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_HEX(d.vid, 0x0BDA, "vid");
	CHECK_EQ_HEX(d.pid, 0xC820, "default pid c820 (RTL8821CU)");
	CHECK_EQ_INT(d.speed_mbps, 480, "high speed");
	CHECK(!d.usb3_capable, "USB 2 only");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x09, "chip id 0x09");
	uint32_t cfg1 = vh_read(vc, 0xF0, 4);
	CHECK(!(cfg1 & (1u << 27)), "SYS_CFG1 RF_TYPE_ID clear: 1T1R");
	CHECK(!(cfg1 & (1u << 23)), "SYS_CFG1: MP chip");
	CHECK_EQ_INT((cfg1 >> 12) & 0xF, 1, "cut B");
	CHECK_EQ_INT(((cfg1 >> 16) & 0xF) >> 2, 2, "fab UMC");
	vh_w32(vc, 0xF0, 0);
	CHECK_EQ_HEX(vh_read(vc, 0xF0, 4), cfg1, "SYS_CFG1 read-only");
	uint32_t pad = vh_read(vc, 0xC4, 4);
	CHECK(!(pad & (1u << 20)) && ((pad >> 18) & 3) == 0,
	      "PAD_CTRL2: no USB3 pad to switch");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off: CR reads 0xEA");
	vchip_destroy(vc);

	/* every id of rtw88 rtw8821cu.c and the vendor table picks the
	 * chip, the COMFAST CF-811AC among them */
	static const uint16_t ids[][2] = {
		{0x0BDA, 0xC811}, {0x0BDA, 0x2006}, {0x0BDA, 0x8731},
		{0x0BDA, 0x8811}, {0x0BDA, 0xB820}, {0x0BDA, 0xB82B},
		{0x0BDA, 0xC80C}, {0x0BDA, 0xC820}, {0x0BDA, 0xC821},
		{0x0BDA, 0xC82A}, {0x0BDA, 0xC82B}, {0x2001, 0x331D},
		{0x2C4E, 0x0105}, {0x7392, 0xC811}, {0x7392, 0xD811},
	};
	bool all = true;
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		all = all && vchip_personality_by_usb_id(ids[i][0], ids[i][1]) ==
		                     &vchip_personality_8821c;
	CHECK(all, "all 15 RTL8821CU/8811CU ids select the 8821c");
	struct vchip_config cfg = {.name = "k-cf811", .no_air = true,
	                           .pid = 0xC811};
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "created by pid c811");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x09, "0bda:c811 is an 8821C");
	vchip_destroy(vc);
	v3_check_refused("k-u3", "chip=8821c,speed=5000",
	                 "never enumerates at 5000 Mbit/s");
}

static void test_power(void)
{
	struct vchip *vc = k_create("k-pwr", NULL, NULL);
	if (!CHECK(vc, "created"))
		return;
	v3_check_powered(vc, v3_power_on(vc, &k_power),
	                 "rtw88 card-enable rows complete");
	CHECK(!(vh_read(vc, 0xF5, 1) & 1), "0xF5 bit 0 cleared");
	vh_w8(vc, 0x100, 0xFF);
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xFF, "CR writable");
	CHECK_EQ_INT(v3_power_off(vc, &k_power), 0,
	             "card-disable rows complete");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off again");
	CHECK(vh_read(vc, 0xF5, 1) & 1, "0xF5 bit 0 set after power-off");
	CHECK_EQ_INT(v3_power_on(vc, &k_power), 0, "powers on again");
	vchip_destroy(vc);
}

/* Read the physical map through the 0x30 port as rtw88 efuse.c
 * rtw_dump_physical_efuse_map does and decode the logical one as
 * rtw_dump_logical_efuse_map does. */
static struct vh_busy_probe efuse_probe;

static bool read_efuse(struct vchip *vc, uint8_t *log, size_t log_len)
{
	uint8_t phys[512];
	bool ok = true;
	vh_w8(vc, 0x35, 0x00);                       /* WiFi bank */
	vh_set8(vc, 0x37, 0, 0x80);                  /* 2.5 V LDO off */
	uint32_t ctl = vh_read(vc, 0x30, 4);
	for (unsigned a = 0; a < 512 && ok; a++) {
		ctl &= ~(0xFFu | 0x3FF00u);
		ctl |= (uint32_t)a << 8;
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		vh_w32(vc, 0x30, ctl & ~0x80000000u);
		ctl = vh_read(vc, 0x30, 4);
		/* a read that came back within the fuse's read time of the
		 * command must find the read still going */
		if (vh_us_since(&t0) < K_EFUSE_US) {
			efuse_probe.conclusive++;
			efuse_probe.busy += !(ctl & 0x80000000u);
		}
		if (!(ctl & 0x80000000u))
			ok = k_wait32(vc, 0x30, 0x80000000u, 0x80000000u);
		ctl = vh_read(vc, 0x30, 4);
		phys[a] = (uint8_t)ctl;
	}
	if (!ok)
		return false;
	/* short of the 96 protected bytes at the end (rtw88 hw_spec
	 * ptct_efuse_size) */
	return v3_efuse_logical(phys, 512 - 96, log, log_len);
}

static bool blank(const uint8_t *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (m[i] != 0xFF)
			return false;
	return true;
}

static void test_efuse(void)
{
	struct vchip *vc = k_create("k-efuse", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &k_power) == 0, "powered"))
		return;
	uint8_t m[512];
	if (CHECK(read_efuse(vc, m, sizeof m), "EFUSE read and decoded")) {
		CHECK_EQ_HEX(m[0] | m[1] << 8, 0x8129, "RTL id");
		CHECK_EQ_HEX(m[0xCA], 0x02, "0xCA = 0x02: RFE option 2");
		CHECK_EQ_INT(m[0xCA] >> 3, 0, "table condition input 0xCA >> 3");
		CHECK_EQ_HEX(m[0xC1] & 0xE0, 0x20, "0xC1: BT coexistence");
		CHECK(m[0xC3] & 0x01, "0xC3 bit 0: antenna shared with BT");
		CHECK(m[0xB9] != 0xFF && m[0xB9] <= 0x3F, "crystal cap, 6 bits");
		CHECK(m[0xBA] != 0xFF && m[0xBA] <= 0x3F, "thermal calibration");
		CHECK_EQ_HEX(m[0xB8], 0x7F, "channel plan");
		CHECK(!blank(&m[0x10 + 18], 14), "path A 5 GHz bases");
		/* RFE 2: rtw88 rtw8821c_read_efuse takes 2.4 GHz from path B */
		CHECK(!blank(&m[0x10 + 42], 11), "path B 2.4 GHz bases");
		CHECK(blank(&m[0x10 + 84], 84), "paths C and D blank");
		CHECK_EQ_HEX(m[0x100] | m[0x101] << 8, 0x0BDA, "USB VID at 0x100");
		CHECK_EQ_HEX(m[0x102] | m[0x103] << 8, 0xC820, "USB PID at 0x102");
		CHECK((m[0x107] & 0x03) == 0x02, "MAC at 0x107: local unicast");
		CHECK(memcmp(&m[0x10F], "Realtek", 7) == 0, "vendor name");
	}
	/* the BT bank reads blank */
	vh_w8(vc, 0x35, 0x01);
	vh_w32(vc, 0x30, 0);
	CHECK(k_wait32(vc, 0x30, 0x80000000u, 0x80000000u), "BT bank read done");
	CHECK_EQ_HEX(vh_read(vc, 0x30, 4) & 0xFF, 0xFF, "BT bank blank");
	vchip_destroy(vc);
	printf("# EFUSE: %u of the reads came back within %u us, %u of them "
	       "busy\n", efuse_probe.conclusive, K_EFUSE_US, efuse_probe.busy);
	CHECK_EQ_INT(efuse_probe.busy, efuse_probe.conclusive,
	             "every read within the fuse's read time finds it busy");

	vc = k_create("k-efuse2", NULL, "chip=8821c,board=8811cu,pid=c811");
	if (CHECK(vc && v3_power_on(vc, &k_power) == 0 &&
	              read_efuse(vc, m, sizeof m),
	          "8811cu board read")) {
		CHECK_EQ_HEX(m[0xCA], 0x00, "RTL8811CU: RFE option 0");
		CHECK_EQ_HEX(m[0xC1] & 0xE0, 0x00, "no BT coexistence");
		CHECK(!blank(&m[0x10], 11), "path A 2.4 GHz bases");
		CHECK_EQ_HEX(m[0x102] | m[0x103] << 8, 0xC811, "PID c811");
	}
	vchip_destroy(vc);
	vc = k_create("k-efuse3", NULL, "chip=8821c,board=blank");
	if (CHECK(vc && v3_power_on(vc, &k_power) == 0 &&
	              read_efuse(vc, m, sizeof m),
	          "blank board read")) {
		CHECK(blank(&m[0x10], 4 * 42), "no TX power burnt");
		CHECK_EQ_HEX(m[0xBA], 0xFF, "no thermal calibration");
		CHECK_EQ_HEX(m[0xCA], 0x02, "the RFE option still there");
	}
	vchip_destroy(vc);
	struct vchip_config bad = {.name = "k-bad", .no_air = true};
	char err[128];
	vc = NULL;
	int r = vchip_config_parse(&bad, "chip=8821c,board=graded", err,
	                           sizeof err);
	if (r == 0)
		r = vchip_create(&bad, &vc);
	CHECK(r != 0 && vc == NULL, "a board the chip does not list is refused");
	vchip_destroy(vc);
}

static void boot_case(const char *what, size_t cut, long flip, bool expect)
{
	size_t len;
	uint8_t *fw = v3_load_bad("rtw8821c_fw.bin", flip, cut, &len);
	if (!CHECK(fw, "rtw8821c_fw.bin loaded"))
		return;
	struct vchip *vc = k_create("k-fw", NULL, NULL);
	v3_power_on(vc, &k_power);
	vh_w8(vc, 0x1A0, 0xFD); /* HW feature report request */
	int fail = 0;
	uint64_t t0;
	uint32_t first = k_fw_download(vc, fw, len, &fail, &t0);
	uint64_t dt = air_now_ns() - t0;
	if (expect) {
		CHECK_EQ_INT(fail, 0, what);
		/* the image's start-up takes the chip a while: a read within
		 * it finds the firmware not ready yet */
		if (dt < (uint64_t)V3_FW_BOOT_US * 1000u)
			CHECK(!(first & 0x8000), "not ready at once");
		CHECK(k_fw_ready(vc), "FW_INIT_RDY with the four OK bits");
		CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "FW_BOOTED");
		CHECK_EQ_HEX(vh_read(vc, 0x1A0, 1), 0x19, "HW feature report");
		uint32_t cap = vh_read(vc, 0x1A2 + 4, 4);
		CHECK_EQ_INT((cap >> 16) & 7, 7, "report: up to 80 MHz");
		CHECK_EQ_INT((cap >> 19) & 3, 1, "report: one stream");
		CHECK_EQ_INT((cap >> 21) & 7, 1, "report: one antenna");
	} else {
		CHECK(fail > 0, what);
		/* ten times the start-up */
		CHECK(!vh_poll(vc, 0x80, 2, 0x8000, 0x8000, 10 * V3_FW_BOOT_US),
		      "never FW_INIT_RDY");
		CHECK(!vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "no FW_BOOTED");
	}
	vchip_destroy(vc);
	free(fw);
}

static void test_firmware(void)
{
	size_t len;
	uint8_t *fw = v3_load("rtw8821c_fw.bin", &len);
	if (!CHECK(fw && len > 64, "rtw8821c_fw.bin present"))
		return;
	uint32_t dmem = le32(fw + 0x24), imem = le32(fw + 0x30);
	CHECK(fw[0x18] & 0x10, "the image carries EMEM");
	free(fw);
	boot_case("rtw8821c_fw.bin boots", 0, -1, true);
	boot_case("flipped DMEM byte fails the DDMA checksum", 0, 64 + 100,
	          false);
	boot_case("flipped IMEM byte fails the DDMA checksum", 0,
	          64 + (long)dmem + 8 + 1000, false);
	boot_case("flipped EMEM byte fails the DDMA checksum", 0,
	          64 + (long)dmem + 8 + (long)imem + 8 + 500, false);
	boot_case("truncated image fails", len - 3000, -1, false);
	/* a header byte is never downloaded: the chip cannot object */
	boot_case("a changed header date still boots", 0, 0x12, true);

	/* the 8822C rule (48 bytes) on a reserved-page descriptor whose
	 * bytes 32-47 are not zero: the Jaguar2 TX DMA drops it */
	struct vchip *vc = k_create("k-fwcsum", NULL, NULL);
	v3_power_on(vc, &k_power);
	vh_w8(vc, 0x100, 0x05);
	uint8_t x[48 + 64];
	vh_write(vc, 0x204, 0x8000, 2);
	vh_set8(vc, 0x101, 0x01, 0);
	v3_desc(x, 64, 0x10, -1, 0, 0);
	memset(x + 48, 0x3C, 64);
	v3_csum_j3(x); /* over 48 bytes, dword 8 holds EN_HWSEQ */
	uint16_t right = 0;
	for (int i = 0; i < 16; i++)
		if (i != 14)
			right ^= (uint16_t)(x[2 * i] | x[2 * i + 1] << 8);
	CHECK(right != (uint16_t)(x[28] | x[29] << 8),
	      "the two rules differ for this descriptor");
	struct vchip_stats s0, s1;
	vchip_get_stats(vc, &s0);
	vchip_bulk_out(vc, 0x02, x, sizeof x, 500);
	vchip_get_stats(vc, &s1);
	CHECK_EQ_INT((int)(s1.tx_bad_checksum - s0.tx_bad_checksum), 1,
	             "48-byte checksum refused");
	CHECK(!(vh_read(vc, 0x205, 1) & 0x80), "no beacon-valid");
	v3_csum_j2(x);
	vchip_bulk_out(vc, 0x02, x, sizeof x, 500);
	CHECK(k_wait8(vc, 0x205, 0x80, 0x80), "32-byte checksum: page valid");
	vchip_destroy(vc);
}

/* Apply the MAC and BB rows of the reference tables' end state (MAC rows
 * 8-bit, BB rows 32-bit, rtw88 phy.c rtw_phy_cfg_mac / _bb). */
static int apply_tables(struct vchip *vc, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[256];
	int rows = 0;
	while (fgets(line, sizeof line, f)) {
		char space[8];
		unsigned addr, mask, val;
		if (line[0] == '#' ||
		    sscanf(line, "all %7s %x %x %x", space, &addr, &mask, &val) != 4)
			continue;
		if (strcmp(space, "MAC") == 0)
			vh_w8(vc, (uint16_t)addr, (uint8_t)val);
		else if (strcmp(space, "BB") == 0)
			vh_w32(vc, (uint16_t)addr, val);
		else
			continue;
		rows++;
	}
	fclose(f);
	return rows;
}

static void test_rf_and_tables(const char *end_state)
{
	struct vchip *vc = k_create("k-rf", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &k_power) == 0, "powered"))
		return;
	/* RF closed until BB and RF are enabled */
	k_rf_write(vc, 0x33, 0x12345);
	CHECK_EQ_HEX(k_rf_read(vc, 0x33), 0, "RF off: write lost, reads 0");
	k_bb_rf_on(vc);
	k_rf_write(vc, 0x33, 0x12345);
	CHECK_EQ_HEX(k_rf_read(vc, 0x33), 0x12345, "SI write, window read");
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x33), 0x12345, "model holds RF 0x33");
	vh_w32(vc, 0x2800 + 0x33 * 4, 0x54321);
	CHECK_EQ_HEX(k_rf_read(vc, 0x33), 0x12345, "the window is read-only");
	vh_w32(vc, 0x0E90, (0x33u << 20) | 0x11111);
	CHECK_EQ_HEX(vh_read(vc, 0x2C00 + 0x33 * 4, 4), 0, "no path B");
	CHECK_EQ_HEX(k_rf_read(vc, 0x33), 0x12345, "path B port leaves A");

	/* tuning (rtw88 rtw8821c_set_channel_bb / _rf) */
	struct vchip_tuning t;
	k_tune(vc, 6, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 20 && !t.band_5g, "ch 6 / 20");
	k_tune(vc, 42, 80, 4);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.band_5g && t.channel == 36,
	      "ch 42 / 80, primary lowest = 36");
	k_tune(vc, 38, 40, 1);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 38 && t.bw_mhz == 40 && t.channel == 40,
	      "ch 38 / 40, primary upper = 40");
	k_tune(vc, 149, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 149 && t.band_5g, "ch 149");
	/* the BB still at 20 MHz while RF says 40: half-way, not tuned */
	k_rf_mask(vc, 0x18, 3u << 10, 2);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "RF and BB disagree: not tuned");
	k_tune(vc, 11, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 11, "ch 11");

	/* 5/10 MHz as rtw88 writes them (rtw8821c_set_channel_bb,
	 * RTW_CHANNEL_WIDTH_10 / _5; RF 0x18 keeps the 20 MHz code) */
	uint32_t w = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (w & 0xEFCEFC00u) | 0x300380u);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 11 && t.bw_mhz == 10, "rtw88's 10 MHz word: 10 MHz");
	w = vh_read(vc, 0x8AC, 4);
	vh_w32(vc, 0x8AC, (w & 0xEFCEFC00u) | 0x200240u);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 11 && t.bw_mhz == 5, "rtw88's 5 MHz word: 5 MHz");
	/* the 10 MHz small BW on the 5 MHz codes: the wrong rate */
	vh_w32(vc, 0x8AC, (vh_read(vc, 0x8AC, 4) & ~0xC0u) | 0x80u);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "small BW and clock codes disagree");
	/* the 8812A's codes (DAC 2 / ADC 1) mean nothing on this die */
	w = vh_read(vc, 0x8AC, 4) & 0xEFCEFC00u;
	vh_w32(vc, 0x8AC, w | 2u << 20 | 1u << 8 | 2u << 6);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "the 8812A's 10 MHz codes: not tuned");
	k_tune(vc, 11, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 11 && t.bw_mhz == 20, "rtw88's 20 MHz word: 20");

	/* the tables' end state: MAC and BB milestones */
	int rows = apply_tables(vc, end_state);
	CHECK(rows > 500, "MAC and BB rows of the reference applied");
	CHECK(vh_has_milestone(vc, VCHIP_M_MAC_TABLE), "MAC table seen");
	CHECK(vh_has_milestone(vc, VCHIP_M_BB_TABLE), "BB table seen");
	CHECK(!vh_has_milestone(vc, VCHIP_M_RF_TABLE), "RF table not yet");
	/* the last rows of rtw88 rtw8821c_rf_a, in order */
	static const uint32_t tail[][2] = {
		{0xEE, 0x01000}, {0x33, 0x00004}, {0x3F, 0x01EC1},
		{0xEE, 0x00000}, {0xEE, 0x01000}, {0x33, 0x00005},
		{0x3F, 0x01ECF}, {0xEE, 0x00000}, {0xEE, 0x01000},
		{0x33, 0x00006}, {0x3F, 0x01F9D}, {0xEE, 0x00000},
	};
	for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
		k_rf_write(vc, (uint8_t)tail[i][0], tail[i][1]);
	CHECK(vh_has_milestone(vc, VCHIP_M_RF_TABLE), "RF table seen");
	vchip_destroy(vc);
}

/* rtw88 rtw8821c.c rtw8821c_do_iqk on a station */
static void test_iqk(void)
{
	struct vchip *vc = k_station("k-iqk", NULL, NULL, 6);
	if (!CHECK(vc, "station up"))
		return;
	uint64_t t0 = air_now_ns();
	CHECK(v3_send_iqk(vc, 0x00, v3_csum_j2), /* clear 0, segment 0 */
	      "H2C IQK packet taken");
	uint32_t first = k_rf_read(vc, 0x08);
	if (air_now_ns() - t0 < 5000000)
		CHECK(first != 0xABCDE, "IQK takes the firmware a while");
	CHECK(vh_has_milestone(vc, VCHIP_M_CALIBRATION), "CALIBRATION");
	/* rtw88 polls RF A 0x08 300 times 20 ms apart */
	CHECK(vh_poll(vc, 0x2800 + 0x08 * 4, 4, 0xFFFFF, 0xABCDE, K_DEADLINE_US),
	      "RF A 0x08 reads 0xABCDE");
	k_rf_write(vc, 0x08, 0);
	CHECK_EQ_HEX(k_rf_read(vc, 0x08), 0, "the driver clears it");
	uint32_t rpt = vh_read(vc, 0x1BF0, 4);
	CHECK_EQ_HEX(rpt & 0xFF, 0, "no path failed");
	CHECK(!(rpt & (1u << 16)), "not a reload");
	vchip_destroy(vc);

	/* without firmware no H2C is taken */
	vc = k_create("k-iqk2", NULL, NULL);
	v3_power_on(vc, &k_power);
	vh_w8(vc, 0x100, 0xFF);
	k_bb_rf_on(vc);
	v3_send_iqk(vc, 0x00, v3_csum_j2);
	CHECK(!vh_has_milestone(vc, VCHIP_M_CALIBRATION),
	      "no firmware: no calibration");
	vchip_destroy(vc);
}

/* rtw88 rtw8821c.c rtw8821c_pwr_track: trigger, then read [15:10] */
static unsigned thermal_read(struct vchip *vc)
{
	k_rf_mask(vc, 0x42, 3u << 16, 3);
	return (k_rf_read(vc, 0x42) >> 10) & 0x3F;
}

static void test_thermal(void)
{
	struct vchip *vc = k_create("k-therm", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &k_power) == 0, "powered"))
		return;
	k_bb_rf_on(vc);
	uint8_t m[512];
	read_efuse(vc, m, sizeof m);
	CHECK_EQ_INT(thermal_read(vc), m[0xBA] & 0x3F,
	             "reads the board's calibration temperature");
	CHECK_EQ_INT(vchip_set_thermal(vc, 40), 0, "die warms to 40");
	CHECK_EQ_INT((k_rf_read(vc, 0x42) >> 10) & 0x3F, m[0xBA] & 0x3F,
	             "no new reading before a trigger");
	k_rf_write(vc, 0x42, k_rf_read(vc, 0x42) & ~(0x3Fu << 10 | 3u << 16));
	CHECK_EQ_INT((k_rf_read(vc, 0x42) >> 10) & 0x3F, m[0xBA] & 0x3F,
	             "a write does not change the reading");
	CHECK_EQ_INT(thermal_read(vc), 40, "the next measurement: 40");
	vchip_destroy(vc);

	vc = k_create("k-therm2", NULL, "chip=8821c,board=blank");
	v3_power_on(vc, &k_power);
	k_bb_rf_on(vc);
	CHECK_EQ_INT(thermal_read(vc), 0x20, "uncalibrated board: mid-scale");
	vchip_destroy(vc);
	vc = k_create("k-therm3", NULL, "chip=8821c,thermal=12");
	v3_power_on(vc, &k_power);
	k_bb_rf_on(vc);
	CHECK_EQ_INT(thermal_read(vc), 12, "thermal=12");
	vchip_destroy(vc);
}

static void antenna(struct vchip *vc, struct vchip_antenna *a)
{
	*a = (struct vchip_antenna){0};
	CHECK(vchip_peek_antenna(vc, a), "the chip has a shared antenna");
}

static void test_antenna(void)
{
	struct vchip *vc = k_create("k-ant", NULL, NULL);
	if (!CHECK(vc && v3_power_on(vc, &k_power) == 0, "powered"))
		return;
	struct vchip_antenna a;
	antenna(vc, &a);
	CHECK(!a.wlan && a.ctrl == VCHIP_ANT_BY_BT && !a.wl_owner,
	      "at power-on the BT side drives the switch: WLAN has no antenna");
	/* the vendor's wifi-only set-up (halbtc8821cwifionly.c) */
	k_bb_rf_on(vc);
	CHECK(k_coex_wlan_only(vc, 1), "wifi-only coex written");
	antenna(vc, &a);
	CHECK(a.wlan && a.wl_owner && a.ctrl == VCHIP_ANT_BY_BB &&
	      a.level == 1 && a.gnt_wl == 3 && a.gnt_bt == 1,
	      "owner WLAN, GNT_WL high, BB drives the switch: WLAN has it");
	/* rtw88 coex.c COEX_SET_ANT_INIT on a part with BT: GNT_BT high,
	 * GNT_WL low */
	CHECK(k_ltecoex_write(vc, 0x38, 0xDD00), "INIT grants");
	antenna(vc, &a);
	CHECK(!a.wlan && a.gnt_wl == 1 && a.gnt_bt == 3,
	      "GNT_WL forced low: WLAN loses the antenna");
	/* COEX_SET_ANT_5G: GNT_BT to the PTA, GNT_WL high, BB at WLA */
	CHECK(k_ltecoex_write(vc, 0x38, 0x3300), "5 GHz runtime grants");
	antenna(vc, &a);
	CHECK(a.wlan && a.gnt_wl == 3 && a.gnt_bt == 0, "5 GHz: WLAN has it");
	/* COEX_SET_ANT_2G: both grants to the PTA, the PTA drives the
	 * switch (rtw8821c_coex_cfg_ant_switch, PTA_CTRL_PIN) */
	CHECK(k_ltecoex_write(vc, 0x38, 0x0000), "2.4 GHz runtime grants");
	vh_w8(vc, 0xCB4, 0x66);
	antenna(vc, &a);
	CHECK(a.wlan && a.ctrl == VCHIP_ANT_BY_PTA,
	      "2.4 GHz: the PTA grants the idle BT's antenna to WLAN");
	/* the MAC drives the switch (DPDT_SEL_EN) */
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) | 1u << 23);
	antenna(vc, &a);
	CHECK(a.wlan && a.ctrl == VCHIP_ANT_BY_MAC, "MAC drives the switch");
	/* the owner bit given back to BT: the BT side decides the grants,
	 * and the switch back to it */
	vh_w32(vc, 0x70, vh_read(vc, 0x70, 4) & ~(1u << 26));
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 23));
	antenna(vc, &a);
	CHECK(!a.wlan && !a.wl_owner && a.ctrl == VCHIP_ANT_BY_BT,
	      "everything back to BT");
	vchip_destroy(vc);

	/* the 8822C model has no shared antenna to report */
	vc = v3_create("k-ant-c", NULL, "chip=8822c");
	struct vchip_antenna b;
	CHECK(vc && !vchip_peek_antenna(vc, &b), "8822c: no antenna model");
	vchip_destroy(vc);
}

static void test_tx(void)
{
	struct vchip *vc = k_station("k-tx", NULL, NULL, 11);
	if (!CHECK(vc, "station up"))
		return;
	uint8_t f[64], x[48 + 64];
	vh_frame(f, sizeof f, 1);
	struct vchip_stats s0, s;
	vchip_get_stats(vc, &s0);
	/* a Jaguar2 descriptor: good; bytes 32-47 are outside its checksum */
	v3_desc(x, sizeof f, 0x12, 0x04, 0, 0);
	x[36] = 0x5A;
	memcpy(x + 48, f, sizeof f);
	v3_csum_j2(x);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, sizeof x, 500), (int)sizeof x,
	             "good frame taken");
	/* the 8822C rule over 48 bytes: refused */
	v3_csum_j3(x);
	vchip_bulk_out(vc, 0x02, x, sizeof x, 500);
	/* two spatial streams on a 1T1R chip */
	v3_send(vc, f, sizeof f, 0x14, 0, v3_csum_j2); /* HT MCS8 */
	uint64_t end = air_now_ns() + K_DEADLINE_NS;
	do {
		vchip_get_stats(vc, &s);
		sched_yield();
	} while (s.tx_aired < s0.tx_aired + 1 && air_now_ns() < end);
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT((int)(s.tx_aired - s0.tx_aired), 1, "one frame aired");
	CHECK_EQ_INT((int)(s.tx_bad_checksum - s0.tx_bad_checksum), 1,
	             "48-byte checksum dropped");
	CHECK_EQ_INT((int)(s.tx_bad_desc - s0.tx_bad_desc), 1,
	             "two streams dropped");

	/* the antenna back at BT: frames are taken but never aired */
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 23));
	vchip_get_stats(vc, &s0);
	v3_send(vc, f, sizeof f, 0x04, 0, v3_csum_j2);
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT((int)(s.tx_not_ready - s0.tx_not_ready), 1,
	             "no antenna: dropped as not ready");
	CHECK_EQ_INT((int)(s.tx_aired - s0.tx_aired), 0, "nothing aired");
	vchip_destroy(vc);
}

int main(int argc, char **argv)
{
	test_identity();
	test_power();
	test_efuse();
	test_thermal();
	test_antenna();
	test_rf_and_tables(argc > 1 ? argv[1] : "");
	if (!check_firmware_dir()) {
		printf("# firmware absent: firmware, IQK, TX skipped\n");
		return check_done();
	}
	test_firmware();
	test_iqk();
	test_tx();
	return check_done();
}

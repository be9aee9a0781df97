/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8822E personality of the chip model at its USB interface, driven
 * by raw register sequences from the references (vhelp_8822e.h): identity
 * and straps, card enable, the OTP EFUSE (0xFF unless its power is cut in,
 * unreliable without burst mode), firmware through reserved page + DDMA
 * (both genuine images boot, a damaged one does not), RF access and
 * tuning, the calibration handshakes (firmware RFK and IQK, the NCTL
 * engine, AACK + RTK), and on a private air the board-facing rules: no
 * RX without USB RX aggregation, no TX and no receiver without the RFE
 * pins, path B deaf without the eFEM pin-mux; the radio: air power from
 * the TX AGC with the die's curve, its gate and the PA pads, one-stream
 * frames on both chains degraded and stalling, RX lost to a wrong AGC
 * table or a too-narrow RF 0x1A filter, what each calibration part
 * (DACK, IQK, TX gap-K, DPK bypass; vhelp_8822e.h E_CAL) buys on the air,
 * and the BL-M8812EU2's 2.4 GHz TX heard as energy only while its
 * 2.4 GHz RX works. */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/virtual/vhelp_8822e.h"

static void test_identity(void)
{
	struct vchip *vc = e_create("e-id", NULL, NULL);
	if (!CHECK(vc, "8822e chip created"))
		return;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_HEX(d.vid, 0x0BDA, "vid");
	CHECK_EQ_HEX(d.pid, 0xA81A, "default pid a81a (RTL8812EU)");
	CHECK_EQ_INT(d.speed_mbps, 480, "enumerates at USB2");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x17, "chip id 0x17");
	uint32_t cfg1 = vh_read(vc, 0xF0, 4);
	CHECK(cfg1 & (1u << 27), "SYS_CFG1 RF_TYPE_ID: 2T2R");
	CHECK(!(cfg1 & (1u << 23)), "SYS_CFG1: MP chip");
	CHECK_EQ_INT((cfg1 >> 12) & 0xF, 0, "cut A");
	CHECK(!(vh_read(vc, 0xF2, 1) & 0x10), "0xF2 bit 4: not test mode");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off: CR reads 0xEA");
	vchip_destroy(vc);
	/* the RTL8822EU's ids select the same chip */
	static const uint16_t pids[] = {0xE822, 0xA82A};
	for (size_t i = 0; i < 2; i++) {
		struct vchip_config cfg = {.name = "e-id2", .no_air = true,
		                           .pid = pids[i]};
		CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "created by pid");
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x17, "... an 8822E");
		vchip_destroy(vc);
	}
	CHECK(vchip_personality_by_usb_id(0x0BDA, 0xA81A) ==
	              &vchip_personality_8822e,
	      "0bda:a81a is the 8822E's");
}

static void test_power(void)
{
	struct vchip *vc = e_create("e-pwr", NULL, NULL);
	if (!CHECK(vc, "created"))
		return;
	v3_check_powered(vc, e_power_on(vc), "8822E card-enable rows complete");
	vchip_destroy(vc);
}

static void test_otp(void)
{
	struct vchip *vc = e_create("e-otp", NULL, "chip=8822e,seed=5");
	if (!CHECK(vc && e_power_on(vc) == 0, "powered"))
		return;
	/* no power cut: the port answers, the OTP reads blank */
	bool all_ff = true, done = true;
	for (unsigned a = 0; a < 64; a++) {
		int b = e_otp_read(vc, a);
		done = done && b >= 0;
		all_ff = all_ff && b == 0xFF;
	}
	CHECK(done, "without the power cut each read completes (RDY)");
	CHECK(all_ff, "... and returns 0xFF");
	uint8_t log[0x200];
	CHECK_EQ_INT(e_otp_map(vc, log, sizeof log), 0,
	             "without the power cut the map is empty");

	/* power cut in, burst mode on: the map is there */
	e_otp_power(vc, true, true);
	unsigned blocks = e_otp_map(vc, log, sizeof log);
	CHECK(blocks >= 10, "with power cut and burst mode the map decodes");
	CHECK_EQ_HEX(log[0xCA], 0x15, "RFE type 21 (BL-M8812EU2)");
	CHECK_EQ_HEX(log[0x22], 0x49, "5 GHz base path A, group 0");
	CHECK_EQ_HEX(log[0x4C], 0x52, "5 GHz base path B, group 0");
	CHECK_EQ_HEX(log[0x22 + 14] & 0x0F, 2, "BW20 difference +2");
	CHECK_EQ_HEX(log[0xC9], 0x33, "antenna option 2T2R");
	CHECK_EQ_HEX(log[0x150] | log[0x151] << 8, 0x0BDA, "USB VID at 0x150");
	CHECK_EQ_HEX(log[0x152] | log[0x153] << 8, 0xA81A, "USB PID at 0x152");
	CHECK((log[0x157] & 0x03) == 0x02, "MAC at 0x157: local unicast");
	/* the PA-bias trims above the map (0x5C5..0x5C8) */
	CHECK_EQ_INT(e_otp_read(vc, 0x5C6) & 0x0F, 2, "PA bias 2G A");
	CHECK_EQ_INT(e_otp_read(vc, 0x5C5) & 0x0F, 2, "PA bias 2G B");
	CHECK_EQ_INT(e_otp_read(vc, 0x5C8) & 0x0F, 4, "PA bias 5G A");
	CHECK_EQ_INT(e_otp_read(vc, 0x5C7) & 0x0F, 4, "PA bias 5G B");
	/* the 8822C's layout (address [17:8], done flag bit 31) gets no
	 * answer on this port */
	vh_w32(vc, 0x30, 0x04u << 8);
	CHECK(!vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 20000),
	      "an 8822C-style read never reports bit 31");
	/* an OTP byte takes the engine 10 us: a read back sooner sees RDY
	 * clear */
	struct vh_busy_probe probe = {0};
	for (unsigned a = 4; a < 36; a++) {
		struct timespec t0;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		uint32_t v = vh_read(vc, 0x30, 4);
		vh_w32(vc, 0x30, (v & ~(0x7FFu << 16 | 0xFFFFu | 1u << 29)) |
		                         a << 16);
		v = vh_read(vc, 0x30, 4);
		if (vh_us_since(&t0) < 10) {
			probe.conclusive++;
			probe.busy += !(v & (1u << 29));
		}
		vh_poll(vc, 0x30, 4, 1u << 29, 1u << 29, 50000);
	}
	printf("# OTP: %u of 32 first reads within 10 us\n",
	       probe.conclusive);
	CHECK_EQ_INT(probe.busy, probe.conclusive,
	             "an OTP byte is not ready at once");

	/* power cut in, burst mode off: some reads fail */
	e_otp_power(vc, false, false);
	e_otp_power(vc, true, false);
	unsigned wrong = 0, right = 0;
	uint8_t phys[128];
	for (unsigned a = 0; a < sizeof phys; a++)
		phys[a] = (uint8_t)e_otp_read(vc, a);
	e_otp_power(vc, false, false);
	e_otp_power(vc, true, true);
	for (unsigned a = 0; a < sizeof phys; a++) {
		int b = e_otp_read(vc, a);
		if (b == 0xFF)
			continue;
		right += phys[a] == b;
		wrong += phys[a] != b;
	}
	printf("# without burst mode: %u of %u programmed bytes read 0xFF\n",
	       wrong, wrong + right);
	CHECK(wrong > 0 && right > 0,
	      "without burst mode reads intermittently return 0xFF");
	/* power cut out again: blank */
	e_otp_power(vc, false, false);
	CHECK_EQ_INT(e_otp_read(vc, 4), 0xFF, "power cut out: 0xFF again");
	vchip_destroy(vc);

	/* a part whose OTP was never burnt */
	vc = e_create("e-otp2", NULL, "chip=8822e,board=blank");
	if (!CHECK(vc && e_power_on(vc) == 0, "blank part powered"))
		return;
	e_otp_power(vc, true, true);
	CHECK_EQ_INT(e_otp_map(vc, log, sizeof log), 0, "blank OTP: no map");
	CHECK_EQ_HEX(log[0xCA], 0xFF, "blank OTP: RFE unprogrammed");
	vchip_destroy(vc);
}

static void boot_case(const char *file, long flip, bool expect,
                      const char *what)
{
	size_t len;
	uint8_t *fw = v3_load_bad(file, flip, 0, &len);
	if (!CHECK(fw, what))
		return;
	struct vchip *vc = e_create("e-fw", NULL, NULL);
	e_power_on(vc);
	vh_w8(vc, 0x1A0, 0xFD); /* HW feature report request */
	int fail = 0;
	uint32_t r = c_fw_download(vc, fw, len, &fail);
	v3_check_boot(vc, fail, r, expect, what);
	vchip_destroy(vc);
	free(fw);
}

static void test_firmware(void)
{
	boot_case("rtw8822e_fw.bin", -1, true, "rtw8822e_fw.bin (1.30) boots");
	boot_case("rtw8822e_fw_nic_v1.15.0.bin", -1, true,
	          "rtw8822e_fw_nic_v1.15.0.bin (1.15) boots");
	size_t len;
	uint8_t *fw = v3_load("rtw8822e_fw.bin", &len);
	if (!CHECK(fw, "image read"))
		return;
	long dmem = (long)le32(fw + 0x24), imem = (long)le32(fw + 0x30);
	free(fw);
	boot_case("rtw8822e_fw.bin", 64 + 100, false,
	          "flipped DMEM byte fails the DDMA checksum");
	boot_case("rtw8822e_fw.bin", 64 + dmem + 8 + 1000, false,
	          "flipped IMEM byte fails the DDMA checksum");
	boot_case("rtw8822e_fw.bin", 64 + dmem + 8 + imem + 8 + 5000, false,
	          "flipped EMEM byte fails the DDMA checksum");
}

static void test_rf_and_calibration(void)
{
	struct vchip *vc = e_station("e-rf", NULL, NULL, 36, E_FULL);
	if (!CHECK(vc, "station up"))
		return;
	c_rf_write(vc, 1, 0x1A, 0x12345);
	CHECK_EQ_HEX(c_rf_read(vc, 1, 0x1A), 0x12345, "RF B window");
	CHECK(c_rf_read(vc, 0, 0x1A) != 0x12345, "paths are separate");
	uint32_t rf0 = c_rf_read(vc, 0, 0x00);
	c_rf_write(vc, 0, 0x00, rf0 ^ 0x30000);
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0x00), rf0, "RF 0x00: window write "
	             "dropped");
	vh_w32(vc, 0x1808, 0x33DA5);
	CHECK_EQ_HEX(c_rf_read(vc, 0, 0x00), 0x33DA5, "RF 0x00 via LSSI");
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 36 && t.bw_mhz == 20 && t.band_5g, "ch 36 / 20");
	c_tune(vc, 42, 80, 4);
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.channel == 36,
	      "ch 42 / 80, primary 36");

	/* 5/10 MHz on a 20 MHz tune: small BW 0x9B0 [7:6], the 0x9B4
	 * clocks and the MAC clock 0x24 [21:20] */
	c_tune(vc, 36, 20, 0);
	struct {
		uint32_t small, dac, adc, mac;
		unsigned want;
		const char *what;
	} cases[] = {
		{ 2, 6, 5, 2, 10, "10 MHz on the 8822C's DAC code 6" },
		{ 2, 4, 5, 2, 10, "10 MHz on the vendor's DAC code 4" },
		{ 1, 4, 4, 3, 5, "5 MHz on the 8822C's DAC code 4" },
		{ 1, 2, 4, 3, 0, "the vendor's 5 MHz DAC code 2 airs nothing" },
		{ 1, 4, 4, 0, 0, "5 MHz on the 80 MHz MAC clock: not tuned" },
		{ 2, 6, 4, 2, 0, "10 MHz small BW on the 5 MHz ADC clock" },
		{ 0, 6, 6, 0, 20, "the 20 MHz clocks" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t b0 = vh_read(vc, 0x9B0, 4) & ~0xFFC0u;
		vh_w32(vc, 0x9B0, b0 | cases[i].small << 6);
		uint32_t b4 = vh_read(vc, 0x9B4, 4) & ~0x00700700u;
		vh_w32(vc, 0x9B4, b4 | cases[i].dac << 8 | cases[i].adc << 20);
		uint32_t afe = vh_read(vc, 0x24, 4) & ~0x00300000u;
		vh_w32(vc, 0x24, afe | cases[i].mac << 20);
		vchip_get_tuning(vc, &t);
		CHECK(cases[i].want ? t.channel == 36 && t.bw_mhz == cases[i].want
		                    : t.channel == 0, cases[i].what);
	}

	/* the table milestones: the BB table's first and a late row, then
	 * the last rows of RF A and RF B in the vendor's order (rtl88x2eu
	 * halhwimg8822e_bb.c array_mp_8822e_phy_reg, halhwimg8822e_rf.c
	 * array_mp_8822e_radioa / _radiob, RFE 21) */
	vh_w32(vc, 0x1D0C, 0x00410000);
	vh_w32(vc, 0x0C0C, 0x02F1D8B7);
	CHECK(vh_has_milestone(vc, VCHIP_M_BB_TABLE), "BB table recognised");
	static const uint32_t rf_a[][2] = {
		{0xEE, 0x4}, {0x33, 0x8}, {0x3F, 0x43}, {0x33, 0x9},
		{0x3F, 0x42}, {0x33, 0xA}, {0x3F, 0x41}, {0x33, 0xB},
		{0x3F, 0x40}, {0xEE, 0x0},
	};
	static const uint32_t rf_b[][2] = {
		{0x33, 0x1C}, {0x3F, 0x3F}, {0xEE, 0x0}, {0x8F, 0x1B4C},
		{0x93, 0x8483F}, {0x9F, 0x63800},
	};
	for (size_t i = 0; i < sizeof rf_a / sizeof rf_a[0]; i++)
		c_rf_write(vc, 0, (uint8_t)rf_a[i][0], rf_a[i][1]);
	CHECK(!vh_has_milestone(vc, VCHIP_M_RF_TABLE), "RF A alone: not yet");
	for (size_t i = 0; i < sizeof rf_b / sizeof rf_b[0]; i++)
		c_rf_write(vc, 1, (uint8_t)rf_b[i][0], rf_b[i][1]);
	CHECK(vh_has_milestone(vc, VCHIP_M_RF_TABLE), "RF tables recognised");

	/* firmware RFK handshake (H2C 0x6D) and firmware IQK (packet) */
	vh_w32(vc, 0x1D0, 0x6D | 1u << 8);
	CHECK(v3_poll8(vc, 0x49C, 0x01, 0x01), "RFK handshake acknowledged");
	CHECK(v3_send_iqk(vc, 0x00, v3_csum_j3), "H2C packet taken");
	CHECK(v3_poll8(vc, 0x2D9C, 0xFF, 0xAA), "firmware IQK done (0xAA)");

	/* the NCTL engine of the driver's own IQK: command, then go */
	vh_w32(vc, 0x1B00, 0x00000008);
	vh_w32(vc, 0x1B00, 0x00000009);
	CHECK(v3_poll8(vc, 0x2D9C, 0xFF, 0x55), "NCTL ready (0x2D9C = 0x55)");
	CHECK_EQ_HEX(vh_read(vc, 0x1BFC, 2), 0x8000, "NCTL done (0x1BFC)");
	CHECK(!(vh_read(vc, 0x1B08, 4) & (1u << 26)), "no fail flag");

	/* AACK then RTK on RF A (rtl88x2eu halrf_8822e.c
	 * phy_lc_calibrate_8822e): each engine reports busy, then done */
	struct vchip_stats s0, s1;
	vchip_get_stats(vc, &s0);
	struct timespec t0;
	uint32_t ca = c_rf_read(vc, 0, 0xCA);
	c_rf_write(vc, 0, 0xCA, ca & ~1u);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	c_rf_write(vc, 0, 0xCA, ca | 1u);
	/* the engine takes 2 ms: a read back sooner sees it busy */
	uint32_t c9 = c_rf_read(vc, 0, 0xC9);
	if (vh_us_since(&t0) < 2000)
		CHECK(c9 & (1u << 5), "AACK busy after its start");
	CHECK(vh_poll(vc, 0x3C00 + 0xC9 * 4, 4, 1u << 5, 0, 100000),
	      "AACK done within the vendor's 100 ms");
	uint32_t cc = c_rf_read(vc, 0, 0xCC);
	c_rf_write(vc, 0, 0xCC, cc & ~(1u << 18));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	c_rf_write(vc, 0, 0xCC, cc | 1u << 18);
	uint32_t ce = c_rf_read(vc, 0, 0xCE);
	if (vh_us_since(&t0) < 5000)
		CHECK(ce & (1u << 11), "RTK busy after its start");
	CHECK(vh_poll(vc, 0x3C00 + 0xCE * 4, 4, 1u << 11, 0, 100000),
	      "RTK done within the vendor's 100 ms");
	c_rf_write(vc, 0, 0xCC, cc & ~(1u << 18));
	vchip_get_stats(vc, &s1);
	CHECK_EQ_INT((int)(s1.rf_lck_runs - s0.rf_lck_runs), 1, "one LCK run");

	/* thermal meter: bit 19 1, 0, 1 and [6:1] holds the reading, path
	 * A at its calibration value (EFUSE 0xD0) */
	for (unsigned p = 0; p < 2; p++) {
		c_rf_write(vc, p, 0x42, 1u << 19);
		c_rf_write(vc, p, 0x42, 0);
		c_rf_write(vc, p, 0x42, 1u << 19);
	}
	CHECK_EQ_INT((c_rf_read(vc, 0, 0x42) >> 1) & 0x3F, 0x1C,
	             "thermal A at its calibration value");
	CHECK_EQ_INT((c_rf_read(vc, 1, 0x42) >> 1) & 0x3F, 0x1D,
	             "thermal B at its calibration value");
	vchip_destroy(vc);
}

static bool send(struct vchip *vc, uint8_t tag)
{
	uint8_t f[100];
	vh_frame(f, sizeof f, tag);
	return v3_send(vc, f, sizeof f, 0x0B, 0, v3_csum_j3); /* 54 Mbit/s */
}

/* One frame from `tx` to `rx`; the path-B power in rx's PHY status in
 * *pwdb_b (or -1), and whether rx handed it out on bulk IN. */
static bool deliver(struct vchip *tx, struct vchip *rx, uint8_t tag,
                    int *pwdb_b)
{
	struct vchip_stats s;
	vchip_get_stats(rx, &s);
	uint64_t heard = s.rx_heard;
	vchip_get_stats(tx, &s);
	if (!send(tx, tag) || !vh_wait_aired(tx, s.tx_aired + 1) ||
	    !vh_wait_heard(rx, heard + 1))
		return false;
	uint8_t p[1024];
	size_t n = v3_receive_one(rx, p, sizeof p, 20);
	*pwdb_b = n >= 24 + 32 ? p[24 + 2] : -1;
	return n > 0;
}

static void test_air(void)
{
	char air[64];
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return;
	/* a known-good peer: an RTL8822C station */
	struct vchip *peer = c_station("e-peer", air, "chip=8822c,seed=1", 36);
	struct vchip *full = e_station("e-full", air,
	                               "chip=8822e,rssi=-50,noise=-95,seed=2",
	                               36, E_FULL);
	struct vchip *noagg = e_station("e-noagg", air, "chip=8822e,seed=3", 36,
	                                E_FULL & ~E_RX_AGG);
	struct vchip *nopins = e_station("e-nopins", air, "chip=8822e,seed=4",
	                                 36, E_FULL & ~E_RFE_PINS);
	struct vchip *nomux = e_station("e-nomux", air,
	                                "chip=8822e,rssi=-50,noise=-95,seed=5",
	                                36, E_FULL & ~E_EFEM);
	if (!CHECK(peer && full && noagg && nopins && nomux, "stations up"))
		goto out;
	int pb;
	/* RX: only with RX aggregation, the RFE pins, and path B only
	 * with the eFEM pin-mux */
	CHECK(deliver(peer, full, 1, &pb), "RX aggregation + front end: "
	      "frame delivered");
	CHECK_EQ_INT(pb - 110, -50, "... path B at the signal's power");
	CHECK(vh_wait_heard(noagg, 1) && vh_wait_heard(nopins, 1) &&
	      vh_wait_heard(nomux, 1), "the others heard it too");
	struct vchip_stats s;
	vchip_get_stats(noagg, &s);
	CHECK(s.rx_delivered == 0 && s.rx_filtered > 0,
	      "no RX aggregation: heard, nothing delivered");
	uint8_t p[1024];
	CHECK_EQ_INT(v3_receive_one(noagg, p, sizeof p, 20), 0,
	             "... its bulk IN stays empty");
	vchip_get_stats(nopins, &s);
	CHECK(s.rx_delivered == 0 && s.rx_filtered > 0,
	      "RFE pins not driven: the receiver is deaf");
	CHECK(v3_receive_one(nomux, p, sizeof p, 20) > 0,
	      "no eFEM pin-mux: RX on A");
	CHECK_EQ_INT(p[24 + 2] - 110, -95, "... path B at the noise floor");
	/* without RX aggregation a posted transfer completes empty for a
	 * frame the radio takes in (devourer's usbmon observation) */
	static uint8_t urb[16384];
	uintptr_t tag = 0;
	CHECK_EQ_INT(vchip_bulk_in_submit(noagg, 0x81, urb, sizeof urb, 7), 0,
	             "a bulk IN transfer posted");
	vchip_get_stats(noagg, &s);
	CHECK(send(peer, 20) && vh_wait_heard(noagg, s.rx_heard + 1),
	      "a frame heard");
	CHECK_EQ_INT(vchip_bulk_in_reap(noagg, 0x81, 2000, &tag), 0,
	             "no RX aggregation: the transfer completes with 0 bytes");
	CHECK_EQ_INT(tag, 7, "... the one posted");
	/* the same chip once the driver enables RX aggregation */
	vh_set8(noagg, 0x10C, 0x04, 0);
	CHECK(deliver(peer, noagg, 2, &pb), "RX aggregation on: delivered");

	/* TX: aired only with the RFE pins and the DPDT under the RFE
	 * engine (bulk OUT takes the frame either way) */
	struct vchip_stats a0, a1, b0, b1;
	vchip_get_stats(nomux, &a0);
	vchip_get_stats(nopins, &b0);
	CHECK(send(nomux, 3), "no eFEM pin-mux: the chip takes the frame");
	CHECK(send(nopins, 4), "no RFE pins: the chip takes the frame");
	vchip_get_stats(nomux, &a1);
	vchip_get_stats(nopins, &b1);
	CHECK(a1.tx_aired == a0.tx_aired &&
	      a1.tx_not_ready == a0.tx_not_ready + 1,
	      "no eFEM pin-mux: not aired");
	CHECK(b1.tx_aired == b0.tx_aired &&
	      b1.tx_not_ready == b0.tx_not_ready + 1,
	      "no RFE pins: not aired");
	/* once the driver runs the pin-mux the frames air */
	e_efem_pinmux(nomux);
	CHECK(deliver(nomux, peer, 5, &pb), "eFEM pin-mux run: aired, the "
	      "8822C peer receives");
	CHECK(deliver(full, peer, 6, &pb), "full front end: aired");
out:
	vchip_destroy(nomux);
	vchip_destroy(nopins);
	vchip_destroy(noagg);
	vchip_destroy(full);
	vchip_destroy(peer);
	vh_rm_air_dir(air);
}

/* One frame at DESC rate @p rate and bandwidth code @p bw. */
static bool send_rate(struct vchip *vc, uint8_t tag, int rate, unsigned bw)
{
	uint8_t f[100];
	vh_frame(f, sizeof f, tag);
	return v3_send(vc, f, sizeof f, rate, bw, v3_csum_j3);
}

/* What became of one frame from `tx` to `rx`: 1 decoded and handed out
 * on bulk IN (its path-A power in *dbm), 0 heard as energy and not
 * decoded, -1 not aired or not heard. */
static int fate(struct vchip *tx, struct vchip *rx, uint8_t tag, int rate,
                unsigned bw, int *dbm)
{
	struct vchip_stats s;
	vchip_get_stats(rx, &s);
	uint64_t heard = s.rx_heard, undec = s.rx_undecodable;
	vchip_get_stats(tx, &s);
	if (!send_rate(tx, tag, rate, bw) ||
	    !vh_wait_aired(tx, s.tx_aired + 1) || !vh_wait_heard(rx, heard + 1))
		return -1;
	vchip_get_stats(rx, &s);
	if (s.rx_undecodable == undec + 1)
		return 0;
	uint8_t p[1024];
	size_t n = v3_receive_one(rx, p, sizeof p, 20);
	if (n < 24 + 32)
		return -1;
	*dbm = p[24 + 1] - 110;
	return 1;
}

/* The 8822E's power on the air from its TX AGC, seen by an 8822C. */
static void test_tx_power(void)
{
	char air[64];
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return;
	struct vchip *peer = c_station("p-peer", air,
	                               "chip=8822c,rssi=-40,noise=-95,seed=1",
	                               36);
	struct vchip *e = e_station("p-e", air, "chip=8822e,seed=2", 36,
	                            E_FULL);
	if (!CHECK(peer && e, "stations up"))
		goto out;
	static const unsigned idx[4] = {10, 20, 62, 72};
	int pw[4] = {0}, d = 0;
	for (unsigned i = 0; i < 4; i++) {
		e_txagc_ref(e, idx[i]);
		CHECK_EQ_INT(fate(e, peer, (uint8_t)i, 0x04, 0, &pw[i]), 1,
		             "6 Mbit/s decoded at every reference");
	}
	/* the curve: 0.3 + i/120 dB/index, 4.25 dB over 10..20 and 8.6 over
	 * 62..72 (not the 8822C's 2.5 of 0.25 dB/index) */
	int low = pw[1] - pw[0], high = pw[3] - pw[2];
	printf("# TX AGC 10->20: %+d dB, 62->72: %+d dB\n", low, high);
	CHECK(low >= 3 && low <= 6, "low in the range: ~0.4 dB/index");
	CHECK(high >= 7 && high <= 10, "near 72: ~0.9 dB/index");
	CHECK_EQ_INT(pw[3], -40 + 16 - 15, "index 72: 16 dBm on one chain");

	/* the gate: written with 0x1C90 bit 15 set, the AGC keeps 72 */
	vh_w32(e, 0x1C90, vh_read(e, 0x1C90, 4) | 1u << 15);
	vh_w32(e, 0x18E8, 20u << 10);
	vh_w32(e, 0x41E8, 20u << 10);
	CHECK(fate(e, peer, 5, 0x04, 0, &d) == 1 && d == pw[3],
	      "0x1C90 bit 15 set: the references do not reach the AGC");
	e_txagc_ref(e, 72);

	/* a per-rate difference: -8 for 6 Mbit/s (rate 0x04) */
	vh_w32(e, 0x3A04, 0x78);
	CHECK(fate(e, peer, 6, 0x04, 0, &d) == 1 && d < pw[3] - 4,
	      "a negative difference at 0x3A04 lowers 6 Mbit/s");
	vh_w32(e, 0x3A04, 0);

	/* the PA pads: 0x64 bit 29 cleared (as the firmware's coex step
	 * does) costs 3-5 dB */
	vh_w32(e, 0x64, vh_read(e, 0x64, 4) & ~(1u << 29));
	CHECK(fate(e, peer, 7, 0x04, 0, &d) == 1 && pw[3] - d >= 3 &&
	      pw[3] - d <= 5, "PAD_CTRL1 bit 29 clear: 3-5 dB weaker");
	e_pads(e);
	CHECK(fate(e, peer, 8, 0x04, 0, &d) == 1 && d == pw[3],
	      "pads re-asserted: full power");

	/* path B's RF 0x18 elsewhere: the one-stream chain (B at 5 GHz)
	 * radiates off the channel */
	uint32_t rf18 = c_rf_read(e, 1, 0x18);
	c_rf_write(e, 1, 0x18, (rf18 & ~0xFFu) | 44);
	CHECK_EQ_INT(fate(e, peer, 14, 0x04, 0, &d), 0,
	             "path B tuned to 44: nothing decodable on 36");
	c_rf_write(e, 1, 0x18, rf18);
	CHECK(fate(e, peer, 15, 0x04, 0, &d) == 1 && d == pw[3],
	      "path B back on 36: decoded at full power");

	/* one stream on both chains (0x820 [3:0] = 3): MCS7 collapses,
	 * MCS1 still decodes, MCS0 stalls the TX DMA */
	vh_w8(e, 0x820, 0x33);
	vh_write(e, 0x1E2C, 0x0404, 2);
	CHECK_EQ_INT(fate(e, peer, 9, 0x13, 0, &d), 0,
	             "1SS on both chains: MCS7 heard, not decoded");
	CHECK_EQ_INT(fate(e, peer, 10, 0x0D, 0, &d), 1,
	             "... MCS1 still decoded");
	e_tx_paths(e, true);
	CHECK_EQ_INT(fate(e, peer, 11, 0x13, 0, &d), 1,
	             "1SS on path B alone: MCS7 decoded");
	vh_w8(e, 0x820, 0x33);
	struct vchip_stats s;
	vchip_get_stats(e, &s);
	CHECK(send_rate(e, 12, 0x0C, 0) && vh_wait_aired(e, s.tx_aired + 1),
	      "1SS on both chains: the MCS0 frame is taken");
	CHECK(!send_rate(e, 13, 0x0C, 0), "... then bulk OUT NAKs (stalled)");
out:
	vchip_destroy(e);
	vchip_destroy(peer);
	vh_rm_air_dir(air);
}

/* The 8822E receiver: its AGC table select and its RF 0x1A filter. */
static void test_rx_gain(void)
{
	char air[64];
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return;
	struct vchip *peer = c_station("g-peer", air, "chip=8822c,seed=1", 36);
	struct vchip *e = e_station("g-e", air,
	                            "chip=8822e,rssi=-70,noise=-95,seed=2", 36,
	                            E_FULL);
	if (!CHECK(peer && e, "stations up"))
		goto out;
	int d;
	CHECK_EQ_INT(fate(peer, e, 1, 0x13, 0, &d), 1,
	             "AGC table 1 on channel 36: MCS7 at 25 dB SNR decoded");
	/* path B's RF 0x18 elsewhere: path A alone hears, B at the floor */
	uint32_t rf18 = c_rf_read(e, 1, 0x18);
	c_rf_write(e, 1, 0x18, (rf18 & ~0xFFu) | 44);
	uint8_t p[1024];
	struct vchip_stats s;
	vchip_get_stats(e, &s);
	CHECK(send_rate(peer, 9, 0x04, 0) && vh_wait_heard(e, s.rx_heard + 1) &&
	      v3_receive_one(e, p, sizeof p, 20) >= 24 + 32 &&
	      p[24 + 2] == 110 - 95,
	      "path B tuned to 44: its power reads the noise floor");
	c_rf_write(e, 1, 0x18, rf18);
	e_agc_table(e, 36, 0);
	CHECK_EQ_INT(fate(peer, e, 2, 0x04, 0, &d), 0,
	             "the 2.4 GHz AGC table on channel 36: deaf");
	e_agc_table(e, 36, 3);
	CHECK_EQ_INT(fate(peer, e, 3, 0x13, 0, &d), 0,
	             "the ch 149+ table on 36: MCS7 lost to the desense");
	CHECK_EQ_INT(fate(peer, e, 4, 0x04, 0, &d), 1, "... 6 Mbit/s decoded");
	e_agc_table(e, 36, -1);

	/* 40 MHz on 36/40 (primary 36), the filter left at 20 MHz */
	c_tune(peer, 38, 40, 2);
	c_tune(e, 38, 40, 2);
	CHECK_EQ_INT(fate(peer, e, 5, 0x04, 0, &d), 1,
	             "20 MHz filter: a 20 MHz frame passes");
	CHECK_EQ_INT(fate(peer, e, 6, 0x04, 1, &d), 0,
	             "... a 40 MHz frame does not");
	/* the 8822C's way to 40 MHz, the RF 0xEE/0x33/0x3F LUT: nothing */
	for (unsigned p = 0; p < 2; p++) {
		c_rf_write(e, p, 0xEE, 0x4);
		c_rf_write(e, p, 0x33, 0x1);
		c_rf_write(e, p, 0x3F, 0x1B);
		c_rf_write(e, p, 0xEE, 0x0);
	}
	CHECK_EQ_INT(fate(peer, e, 7, 0x04, 1, &d), 0,
	             "the 8822C's RF 0x3F LUT opens no filter here");
	e_rxbb(e, 40);
	CHECK_EQ_INT(fate(peer, e, 8, 0x04, 1, &d), 1,
	             "RF 0x1A at 40 MHz: the 40 MHz frame decoded");
out:
	vchip_destroy(e);
	vchip_destroy(peer);
	vh_rm_air_dir(air);
}

/* What each calibration buys, on the air: 8822E stations calibrated
 * (vhelp_8822e.h e_calibrate) but for one part, against one calibrated
 * in full. The model's costs show through the rates' required SNR
 * (IEEE 802.11-2016 sensitivities): a receiver's lost SNR below a link
 * of 23 dB, a transmitter's EVM ceiling against VHT MCS8 / MCS9 (27 /
 * 29 dB, at 40 MHz) over a 50 dB link, the power an 8822C hears. */
static void test_calibration(void)
{
	char air[64];
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return;
	struct vchip *peer = c_station("k-peer", air,
	                               "chip=8822c,rssi=-40,noise=-95,seed=1",
	                               36);
	enum { FULL, NO_GAPK, NO_IQK, NO_DACK, NO_DPK, NO_DACK_DPK, N };
	static const unsigned what[N] = {
		E_FULL, E_FULL & ~E_GAPK, E_FULL & ~E_IQK, E_FULL & ~E_DACK,
		E_FULL & ~E_DPK, E_FULL & ~(E_DACK | E_DPK),
	};
	struct vchip *e[N] = {NULL};
	bool up = peer != NULL;
	for (unsigned i = 0; i < N; i++) {
		char opts[64];
		snprintf(opts, sizeof opts,
		         "chip=8822e,rssi=-72,noise=-95,seed=%u", 2 + i);
		e[i] = e_station("k-e", air, opts, 36, what[i]);
		up = up && e[i];
	}
	if (!CHECK(up, "stations up"))
		goto out;
	int d = 0, full = 0;
	/* RX first, while only the peer transmits: 23 dB of link SNR */
	CHECK_EQ_INT(fate(peer, e[FULL], 1, 0x13, 0, &d), 1,
	             "calibrated RX: MCS7 (22 dB) decoded at 23 dB");
	CHECK_EQ_INT(fate(peer, e[NO_DACK], 2, 0x13, 0, &d), 0,
	             "no ADDCK: MCS7 lost to the ADC's DC offset");
	CHECK_EQ_INT(fate(peer, e[NO_DACK], 3, 0x11, 0, &d), 1,
	             "... MCS5 (20 dB) decoded: about 3 dB lost");
	CHECK_EQ_INT(fate(peer, e[NO_IQK], 4, 0x11, 0, &d), 0,
	             "no RX IQK: MCS5 lost to the IQ imbalance");
	CHECK_EQ_INT(fate(peer, e[NO_IQK], 5, 0x10, 0, &d), 1,
	             "... MCS4 (16 dB) decoded: 4-7 dB lost");

	/* TX power: 5 GHz without TX gap-K */
	CHECK_EQ_INT(fate(e[FULL], peer, 10, 0x04, 0, &full), 1,
	             "calibrated TX: 6 Mbit/s decoded");
	CHECK(fate(e[NO_GAPK], peer, 11, 0x04, 0, &d) == 1 && full - d == 12,
	      "no TX gap-K: 12 dB less power on 5 GHz");
	if (full - d != 12)
		printf("# calibrated %d dBm, without gap-K %d dBm\n", full, d);
	/* TX EVM: VHT MCS9 needs 29 dB (and 40 MHz: no MCS9 at 20) */
	c_tune(peer, 38, 40, 2);
	for (unsigned i = 0; i < N; i++)
		c_tune(e[i], 38, 40, 2);
	CHECK_EQ_INT(fate(e[FULL], peer, 12, 0x35, 1, &d), 1,
	             "calibrated TX: VHT MCS9 decoded");
	CHECK_EQ_INT(fate(e[NO_IQK], peer, 13, 0x35, 1, &d), 0,
	             "no TX IQK: VHT MCS9 lost to the IQ image");
	CHECK_EQ_INT(fate(e[NO_IQK], peer, 14, 0x34, 1, &d), 1,
	             "... VHT MCS8 (27 dB) decoded: 8-9 dB of EVM lost");
	CHECK_EQ_INT(fate(e[NO_DACK], peer, 15, 0x35, 1, &d), 1,
	             "no DACK alone: VHT MCS9 still decoded (under 8 dB)");
	CHECK_EQ_INT(fate(e[NO_DPK], peer, 16, 0x35, 1, &d), 1,
	             "no DPK bypass alone: VHT MCS9 still decoded");
	CHECK_EQ_INT(fate(e[NO_DACK_DPK], peer, 17, 0x35, 1, &d), 0,
	             "neither: VHT MCS9 lost, so each costs EVM");
	CHECK_EQ_INT(fate(e[NO_DACK_DPK], peer, 18, 0x34, 1, &d), 1,
	             "... VHT MCS8 decoded");
out:
	for (unsigned i = 0; i < N; i++)
		vchip_destroy(e[i]);
	vchip_destroy(peer);
	vh_rm_air_dir(air);
}

/* 2.4 GHz: the BL-M8812EU2 airs energy no receiver decodes; another
 * board of the model does not; both receive. */
static void test_2g_board(void)
{
	char air[64];
	if (!CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir"))
		return;
	struct vchip *peer = c_station("b-peer", air, "chip=8822c,seed=1", 6);
	struct vchip *e = e_station("b-e", air, "chip=8822e,seed=2", 6, E_FULL);
	struct vchip *blank = e_station("b-blank", air,
	                                "chip=8822e,board=blank,seed=3", 6,
	                                E_FULL);
	if (!CHECK(peer && e && blank, "stations up"))
		goto out;
	int d;
	CHECK_EQ_INT(fate(e, peer, 1, 0x04, 0, &d), 0,
	             "BL-M8812EU2 on channel 6: heard as energy, not decoded");
	CHECK_EQ_INT(fate(e, peer, 2, 0x00, 0, &d), 0, "... CCK alike");
	CHECK_EQ_INT(fate(blank, peer, 3, 0x04, 0, &d), 1,
	             "another board on channel 6: decoded");
	CHECK_EQ_INT(fate(peer, e, 4, 0x04, 0, &d), 1,
	             "BL-M8812EU2 receives on channel 6");
	/* the same board on 5 GHz */
	c_tune(peer, 36, 20, 0);
	c_tune(e, 36, 20, 0);
	e_rfe_pins(e, true);
	e_agc_table(e, 36, -1);
	e_tx_paths(e, true);
	CHECK_EQ_INT(fate(e, peer, 5, 0x04, 0, &d), 1,
	             "BL-M8812EU2 on channel 36: decoded");
out:
	vchip_destroy(blank);
	vchip_destroy(e);
	vchip_destroy(peer);
	vh_rm_air_dir(air);
}

int main(void)
{
	static void (*const plain[])(void) = {
		test_identity, test_power, test_otp, NULL
	};
	static void (*const fw[])(void) = {
		test_firmware, test_rf_and_calibration, test_air, test_tx_power,
		test_rx_gain, test_calibration, test_2g_board, NULL
	};
	return v3_run_tests(plain, fw, "firmware, RF, air");
}

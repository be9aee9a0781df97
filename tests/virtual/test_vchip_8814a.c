/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8814A personality of the chip model at its USB interface, driven
 * with the register sequences of the references for this chip: identity
 * and USB ids, rtw88's card enable / disable flows, the HalMAC FIFO with
 * its automatic LLT (bit 0, not bit 16), firmware through reserved page
 * + DDMA in rtw88's order and in the vendor's (the genuine image boots, a
 * corrupted one does not, and then RX still works while TX is dead), BB
 * and RF enables, LSSI writes and direct-window reads on all four paths,
 * the packed TX power port and the power a frame airs with, CCK on
 * 5 GHz vanishing, and a frame received with four chains in the PHY
 * status. */
#include "tests/check.h"
#include "libdevourer/virtual/vchip_personality.h"
#include "tests/virtual/vhelp_8814a.h"

static struct vchip *created(const char *name, const char *air)
{
	return v3_create(name, air, "chip=8814a");
}

static void test_identity(void)
{
	struct vchip *vc = created("a-id", NULL);
	if (!CHECK(vc, "8814a chip created"))
		return;
	CHECK(strcmp(vchip_chip_name(vc), "8814a") == 0, "chip name 8814a");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_HEX(d.vid, 0x0BDA, "vid");
	CHECK_EQ_HEX(d.pid, 0x8813, "default pid 8813 (rtw88's first)");
	CHECK(d.usb3_capable, "USB3 capable (rtw88 rtw_usb3_chip_old)");
	CHECK_EQ_HEX(d.in_ep, 0x81, "bulk IN 0x81");
	CHECK_EQ_INT(d.n_out, 3, "three bulk OUT endpoints by default");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x08, "chip id 0x08 (8814A)");
	uint32_t cfg = vh_read(vc, 0xF0, 4);
	CHECK_EQ_INT((cfg >> 12) & 0xF, 1, "cut B, read as is");
	vh_w32(vc, 0xF0, 0);
	vh_w8(vc, 0xFC, 0x04);
	CHECK_EQ_HEX(vh_read(vc, 0xF0, 4), cfg, "SYS_CFG read-only");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x08, "chip id read-only");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off: CR reads 0xEA");
	vchip_destroy(vc);

	const struct vchip_personality *p = &vchip_personality_8814a;
	CHECK_EQ_INT(p->rxff_bytes, 23552, "RX FIFO 23552 bytes");
	CHECK_EQ_INT(p->tx_page, 128, "TX pages of 128 bytes");
	CHECK_EQ_INT(p->rf_paths, 4, "four RF paths");
	static const uint16_t ids[][2] = {
		{0x0BDA, 0x8813}, {0x0B05, 0x1817}, {0x2357, 0x0106},
		{0x7392, 0xA834}, {0x056E, 0x400B},
	};
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
		CHECK(vchip_personality_by_usb_id(ids[i][0], ids[i][1]) == p,
		      "an rtw88 8814AU id names the 8814A");
	CHECK(strstr(vchip_personality_names(), "8814a") != NULL,
	      "8814a among the chip names");
	struct vchip_config cfg2 = {.name = "a-id2", .no_air = true,
	                            .vid = 0x0B05, .pid = 0x1852};
	CHECK_EQ_INT(vchip_create(&cfg2, &vc), 0, "created by 0b05:1852");
	if (vc) {
		CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x08, "an 8814A by id");
		vchip_destroy(vc);
	}
	v3_check_refused("a-bad", "chip=8814a,board=nosuch",
	                 "an unknown board refused");
}

static void test_power(void)
{
	struct vchip *vc = created("a-pwr", NULL);
	if (!CHECK(vc, "created"))
		return;
	v3_check_powered(vc, v3_power_on(vc, &a_power),
	                 "rtw88 card-enable flow completes");
	CHECK_EQ_INT(v3_power_off(vc, &a_power), 0,
	             "rtw88 card-disable flow completes");
	CHECK_EQ_HEX(vh_read(vc, 0x100, 1), 0xEA, "MAC off again");
	CHECK(vh_has_milestone(vc, VCHIP_M_POWER_OFF), "POWER_OFF milestone");
	CHECK_EQ_HEX(vh_read(vc, 0x80, 2), 0x3001,
	             "disable flow leaves 0x80 = 0x01, 0x81 = 0x30");
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "and on again");
	vchip_destroy(vc);

	/* the HPON LDO stays asleep without the 0x23 row: never ready */
	vc = created("a-pwr2", NULL);
	vh_set8(vc, 0x05, 0, 0x0C);
	vh_set8(vc, 0x05, 0x01, 0);
	CHECK(!v3_poll8(vc, 0x05, 0x01, 0x00),
	      "ONMAC waits while 0x23 bit 4 holds the LDO asleep");
	vh_set8(vc, 0x23, 0, 0x10);
	vh_set8(vc, 0x05, 0x01, 0);
	CHECK(v3_poll8(vc, 0x05, 0x01, 0x00), "... and completes once woken");
	vchip_destroy(vc);
}

/* The physical EFUSE through 0x30 (rtw88 efuse.c
 * rtw_dump_physical_efuse_map), decoded into the 512-byte logical map
 * (rtw_dump_logical_efuse_map). false when a read never completed. */
static bool read_logical(struct vchip *vc, uint8_t *log)
{
	static uint8_t phys[1024];
	vh_w8(vc, 0x35, 0x00);
	for (unsigned a = 0; a < 1024; a++) {
		vh_w32(vc, 0x30, (uint32_t)a << 8);
		if (!vh_poll(vc, 0x30, 4, 0x80000000u, 0x80000000u, 50000))
			return false;
		phys[a] = (uint8_t)vh_read(vc, 0x30, 4);
	}
	return v3_efuse_logical(phys, 1024, log, 512);
}

static void test_efuse(void)
{
	struct vchip *vc = created("a-ef", NULL);
	if (!CHECK(vc && v3_power_on(vc, &a_power) == 0, "powered"))
		return;
	static uint8_t log[512];
	CHECK(read_logical(vc, log), "every EFUSE read completes");
	/* the fields rtw88 rtw8814a.c rtw8814a_read_efuse takes */
	CHECK_EQ_HEX(log[0] | log[1] << 8, 0x8129, "RTL id");
	CHECK(log[0x0E] & 0x10, "usb_mode: USB3 switch invited");
	CHECK_EQ_HEX(log[0xC9], 0xFF, "TRX antenna option 4T4R");
	CHECK_EQ_HEX(log[0xCA], 0x01, "RFE option 1");
	CHECK_EQ_HEX(log[0xBA], 0x1C, "thermal calibration");
	CHECK(log[0x10 + 3 * 42] != 0xFF, "path D has a TX power record");
	CHECK_EQ_HEX(log[0xD0] | log[0xD1] << 8, 0x0BDA, "VID at 0xD0");
	CHECK_EQ_HEX(log[0xD2] | log[0xD3] << 8, 0x8813, "PID at 0xD2");
	uint8_t mac[6];
	for (unsigned i = 0; i < 6; i++)
		mac[i] = log[0xD8 + i];
	CHECK(!(mac[0] & 1) && (mac[0] | mac[1] | mac[2]) != 0,
	      "a unicast MAC address at 0xD8");
	vchip_destroy(vc);

	vc = v3_create("a-ef-blank", NULL, "chip=8814a,board=blank");
	if (!CHECK(vc && v3_power_on(vc, &a_power) == 0, "blank board powered"))
		return;
	CHECK(read_logical(vc, log), "blank: reads complete");
	CHECK_EQ_HEX(log[0xCA], 0xFF, "blank: RFE option unburnt");
	CHECK_EQ_HEX(log[0xBA], 0xFF, "blank: no thermal calibration");
	CHECK_EQ_HEX(log[0x10], 0xFF, "blank: no TX power records");
	CHECK_EQ_HEX(log[0xD2] | log[0xD3] << 8, 0x8813, "blank: PID kept");
	a_bb_rf_on(vc);
	v3_rf_write(vc, 0, 0x42, 0x30000);
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0x20,
	             "blank: the meter reads mid-scale");
	vchip_destroy(vc);
}

/* rtw88 usb.c rtw_usb_switch_mode_old on a SuperSpeed port */
static void test_usb3(void)
{
	struct vchip *vc = created("a-u3", NULL);
	if (!CHECK(vc, "created"))
		return;
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "powered");
	CHECK((vh_read(vc, 0x74, 1) & 0x0C) != 0x08, "not switched yet");
	vh_w8(vc, 0x74, 0x08);
	vh_w8(vc, 0x70, 0x02);
	vh_w8(vc, 0x3E, 0x01);
	vh_w8(vc, 0x3D, 0x03);
	vh_w8(vc, 0x05, 0x80);
	CHECK_EQ_INT(vchip_reenumerate_pending(vc), 5000,
	             "the chip left the bus for SuperSpeed");
	CHECK_EQ_INT(vchip_reenumerate(vc), 1, "re-enumerated");
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	CHECK_EQ_INT(d.speed_mbps, 5000, "back at 5000 Mbit/s");
	CHECK_EQ_HEX(vh_read(vc, 0x74, 1) & 0x0C, 0x08,
	             "0x74 remembers the switch");
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "powers on at SuperSpeed");
	vchip_destroy(vc);
}

/* The auto-LLT starts on bit 0 and takes its time; bit 16 starts none,
 * and a normal-queue frame with no link list stalls the TX DMA. */
static void test_llt(void)
{
	struct vchip *vc = created("a-llt", NULL);
	if (!CHECK(vc && v3_power_on(vc, &a_power) == 0, "powered"))
		return;
	v3_check_auto_llt(vc, "auto-LLT busy right after bit 0");
	vchip_destroy(vc);

	if (!check_firmware_dir())
		return;
	/* bit 16 only: the queues have pages but no link list */
	vc = created("a-llt16", NULL);
	if (!CHECK(vc && v3_power_on(vc, &a_power) == 0 && a_boot(vc),
	           "booted"))
		goto out;
	vh_write(vc, 0x10C, 0xF5B0, 2);
	vh_write(vc, 0x230, 32, 2);
	vh_write(vc, 0x240, 1858, 2);
	vh_w32(vc, 0x22C, vh_read(vc, 0x22C, 4) | 1u << 31);
	vh_w32(vc, 0x208, vh_read(vc, 0x208, 4) | 1u << 16);
	vh_write(vc, 0x100, 0x06FF, 2);
	a_bb_rf_on(vc);
	a_tune(vc, 36, 20, 0);
	struct vchip_stats s;
	CHECK(a_send(vc, 100, 1, 0x04, 200), "the first frame is taken");
	CHECK(!a_send(vc, 100, 2, 0x04, 50),
	      "... and then the endpoint NAKs: no link list (bit 16 built "
	      "none)");
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT(s.tx_aired, 0, "nothing aired");
	/* a MAC power cycle clears the hang */
	v3_power_off(vc, &a_power);
	CHECK(v3_power_on(vc, &a_power) == 0 && a_boot(vc) && a_queues(vc),
	      "powered, booted, queues with the bit 0 LLT");
	a_bb_rf_on(vc);
	a_tune(vc, 36, 20, 0);
	a_txpower_all(vc, 40);
	CHECK(a_send(vc, 100, 3, 0x04, 500) && a_send(vc, 100, 4, 0x04, 500),
	      "frames taken after the LLT");
	WAIT_UNTIL((vchip_get_stats(vc, &s), s.tx_aired >= 2), 10000);
	CHECK_EQ_INT(s.tx_aired, 2, "... and aired");
	/* no pages at all for the queue: the frame has nowhere to land */
	vh_write(vc, 0x230, 0, 2);
	vh_write(vc, 0x240, 0, 2);
	CHECK(a_send(vc, 100, 5, 0x04, 200), "a frame of a queue without "
	      "pages is taken");
	CHECK(!a_send(vc, 100, 6, 0x04, 50), "... and the DMA hangs on it");
out:
	vchip_destroy(vc);
}

static void test_firmware(void)
{
	size_t len;
	uint8_t *fw = v3_load("rtw8814a_fw.bin", &len);
	if (!CHECK(fw && len == 68320, "rtw8814a_fw.bin, 68320 bytes"))
		return;
	CHECK_EQ_HEX(fw[0] | fw[1] << 8, 0x8814, "signature 0x8814");

	/* rtw88's order */
	struct vchip *vc = created("a-fw", NULL);
	int fails;
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "powered");
	uint32_t r = a_fw_download(vc, fw, &fails);
	CHECK_EQ_INT(fails, 0, "DMEM and IMEM checksums clean");
	CHECK_EQ_HEX(r & 0xCFFF, 0xC078, "booted: 0x80 reads 0xC078");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_CHECKSUM_OK), "checksum milestone");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_BOOTED), "booted milestone");
	vchip_destroy(vc);

	/* the vendor's order: CR and the queues with their LLT first, the
	 * chunks at the TX boundary page, no 0x1D writes, the CPU enabled
	 * before the download enable is cleared, bit 15 polled */
	vc = created("a-fw-vendor", NULL);
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "powered");
	vh_write(vc, 0x100, 0x063F, 2);
	CHECK(a_queues(vc), "vendor order: queues and LLT before the image");
	uint32_t dmem_at, imem_at;
	size_t dmem, imem;
	a_fw_segments(fw, &dmem_at, &dmem, &imem_at, &imem);
	uint16_t c80 = (uint16_t)vh_read(vc, 0x80, 2);
	vh_write(vc, 0x80, (uint16_t)((c80 & 0x2000) | 0x2001), 2);
	vh_set8(vc, 0x03, 0, 0x04);
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) & ~(1u << 16));
	vh_w32(vc, 0x1080, vh_read(vc, 0x1080, 4) | 1u << 16);
	bool ok = a_segment_at(vc, fw + 64, dmem_at, dmem, 1986, 1488) == 1;
	if (ok)
		vh_set8(vc, 0x80, 0x60, 0);
	ok = a_segment_at(vc, fw + 64 + dmem, imem_at, imem, 1986, 1488) == 1 &&
	     ok;
	if (ok)
		vh_set8(vc, 0x80, 0x18, 0);
	CHECK(ok, "vendor order: segments clean");
	vh_set8(vc, 0x101, 0, 0x01);
	vh_set8(vc, 0x81, 0x40, 0);
	vh_set8(vc, 0x03, 0x04, 0);
	/* 20 ms: four times the model's firmware start-up */
	CHECK(!vh_poll(vc, 0x80, 2, 0x8000, 0x8000, 20000),
	      "vendor order: the ROM waits while the download is enabled");
	vh_set8(vc, 0x80, 0, 0x01);
	CHECK(vh_poll(vc, 0x80, 2, 0x8000, 0x8000, 50000),
	      "vendor order: bit 15 comes up");
	vchip_destroy(vc);

	/* one byte of IMEM flipped: the checksum fails, the CPU stays in
	 * ROM, RX works and TX is dead */
	static uint8_t bad[68320];
	memcpy(bad, fw, len);
	bad[64 + dmem + 1000] ^= 0x10;
	char air[64];
	if (!vh_air_dir(air, sizeof air)) {
		free(fw);
		return;
	}
	vc = created("a-fw-bad", air);
	CHECK_EQ_INT(v3_power_on(vc, &a_power), 0, "powered");
	r = a_fw_download(vc, bad, &fails);
	CHECK_EQ_INT(fails, 1, "the IMEM checksum reports the error");
	CHECK(!(r & 0x8000), "corrupted image: no FW_INIT_RDY");
	CHECK(vh_has_milestone(vc, VCHIP_M_FW_FAILED), "FW_FAILED milestone");
	CHECK(a_queues(vc), "queues and LLT still set up");
	a_bb_rf_on(vc);
	a_tune(vc, 36, 20, 0);
	a_monitor(vc);
	a_txpower_all(vc, 40);
	struct vchip_stats s0, s;
	vchip_get_stats(vc, &s0);
	CHECK(a_send(vc, 200, 7, 0x04, 500), "TX transfer taken");
	vchip_get_stats(vc, &s);
	CHECK_EQ_INT(s.tx_not_ready - s0.tx_not_ready, 1,
	             "... and dropped: TX dead without firmware");
	CHECK_EQ_INT(s.tx_aired, 0, "nothing aired");
	/* a peer that booted sends; the dead-TX chip still hears it */
	struct vchip *peer = a_station("a-fw-peer", air, NULL, 36, 40);
	if (CHECK(peer, "a booted 8814A peer")) {
		CHECK(a_send(peer, 300, 9, 0x04, 500), "peer sends");
		WAIT_UNTIL((vchip_get_stats(vc, &s), s.rx_heard >= 1), 10000);
		static uint8_t buf[32768];
		int n = vchip_bulk_in(vc, 0x81, buf, sizeof buf, 5000);
		CHECK(n > 0 && vh_walk(buf, (size_t)n, NULL, NULL) >= 1,
		      "RX works on the chip whose firmware never booted");
		vchip_destroy(peer);
	}
	vchip_destroy(vc);
	vh_rm_air_dir(air);
	free(fw);
}

static void test_bb_rf(void)
{
	struct vchip *vc = created("a-rf", NULL);
	if (!CHECK(vc && v3_power_on(vc, &a_power) == 0, "powered"))
		return;
	/* the BB held in global reset drops writes */
	vh_w32(vc, 0xC1C, 0x12345678);
	CHECK(vh_read(vc, 0xC1C, 4) != 0x12345678,
	      "BB write dropped before 0x1000 bit 17");
	/* 0x02 bits 0-1 (the 8812A's BB enables) release nothing here */
	vh_set8(vc, 0x02, 0x03, 0);
	vh_w32(vc, 0x1C1C, 0);
	vh_w32(vc, 0xC1C, 0x12345678);
	CHECK(vh_read(vc, 0xC1C, 4) != 0x12345678,
	      "0x02 bits 0-1 do not release the BB");
	vh_set8(vc, 0x1002, 0x02, 0);
	vh_w32(vc, 0xC1C, 0x12345678);
	CHECK_EQ_HEX(vh_read(vc, 0xC1C, 4), 0x12345678,
	             "BB takes writes once 0x1000 bit 17 is set");
	/* RF needs bit 16 and the path's enable */
	v3_rf_write(vc, 0, 0x33, 0x12345);
	CHECK_EQ_HEX(vchip_peek_rf(vc, 0, 0x33), 0, "no RF write before "
	             "0x1000 bit 16");
	a_bb_rf_on(vc);
	vh_w8(vc, 0x21, 0x03); /* path C's RF held in reset */
	v3_rf_write(vc, 2, 0x33, 0x0ABCD);
	CHECK_EQ_HEX(vchip_peek_rf(vc, 2, 0x33), 0, "path C disabled: "
	             "its LSSI write goes nowhere");
	vh_w8(vc, 0x21, 0x07);
	static const uint32_t vals[4] = {0x11111, 0x22222, 0x33333, 0x44444};
	for (unsigned p = 0; p < 4; p++)
		v3_rf_write(vc, p, 0x56, vals[p]);
	for (unsigned p = 0; p < 4; p++) {
		char what[96];
		snprintf(what, sizeof what, "path %c: LSSI %04X write, window "
		         "%04X read", 'A' + p, v3_rf_port[p], v3_rf_win[p]);
		CHECK_EQ_HEX(v3_rf_read(vc, p, 0x56), vals[p], what);
		CHECK_EQ_HEX(vchip_peek_rf(vc, p, 0x56), vals[p],
		             "the RF register holds it");
	}
	CHECK_EQ_HEX(vh_read(vc, 0x2800 + 0x56 * 4 + 2, 1), 0x01,
	             "window byte access");
	CHECK_EQ_HEX(vh_read(vc, 0xD04, 4) & 0xFFFFF, 0,
	             "no 8812A-style SI/PI read-back");
	/* tuning from RF 0x18 of path A and 0x8AC */
	a_tune(vc, 42, 80, 1);
	struct vchip_tuning t;
	vchip_get_tuning(vc, &t);
	CHECK(t.center == 42 && t.bw_mhz == 80 && t.channel == 44 &&
	      t.band_5g, "tuned to 42/80, primary 44");
	a_tune(vc, 6, 20, 0);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 20 && !t.band_5g, "tuned to 6");
	/* 5/10 MHz: OpenIPC devourer's 8814AU words under 0x103103C3 on
	 * the BB table's 0x8AC (rtw88 rtw8814a_table.c 0xF40F550A) */
	const uint32_t table = 0xF40F5508u, mask = 0x103103C3u;
	vh_w32(vc, 0x8AC, (table & ~mask) | 3u << 20 | 3u << 8 | 2u << 6);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 10, "DAC/ADC 3/3, small BW 2: 10");
	vh_w32(vc, 0x8AC, (table & ~mask) | 2u << 20 | 2u << 8 | 1u << 6);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 5, "DAC/ADC 2/2, small BW 1: 5");
	/* the 8812A's divide, which leaves [28]/[16] set: nothing divided */
	vh_w32(vc, 0x8AC, (table & ~0x003003C3u) | 2u << 20 | 1u << 8 |
	                  2u << 6);
	vchip_get_tuning(vc, &t);
	CHECK_EQ_INT(t.channel, 0, "the 8812A's 10 MHz word: not tuned");
	vh_w32(vc, 0x8AC, table);
	vchip_get_tuning(vc, &t);
	CHECK(t.channel == 6 && t.bw_mhz == 20, "the table's word: 20 MHz");
	/* the thermal meter on path A, from EFUSE 0xBA (0x1C) */
	v3_rf_write(vc, 0, 0x42, 0x30000);
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0x1C,
	             "thermal meter reads the calibration temperature");
	CHECK_EQ_INT(vchip_set_thermal(vc, 0x25), 0, "die warms");
	v3_rf_write(vc, 0, 0x42, 0x30000);
	CHECK_EQ_INT((v3_rf_read(vc, 0, 0x42) >> 10) & 0x3F, 0x25,
	             "... and the meter follows");
	/* an NCTL one-shot (rtw88 rtw8814a_iqk_tx_one_shot on path C at
	 * 20 MHz): without the band preset it fails; after the 2.4 GHz
	 * preset, with the IQK AFE mode, it measures into path C's page */
	vh_w32(vc, 0x1860, 0x0E808003);
	vh_w32(vc, 0x1B00, 0xF8000001u | 3u << 8 | 1u << 6);
	CHECK(vh_poll(vc, 0x1B00, 4, 1, 0, 50000), "IQK without preset done");
	CHECK(vh_read(vc, 0x1B08, 4) & (1u << 26),
	      "... and failed: no band preset");
	vh_w32(vc, 0x1B00, 0xF8000EF1);
	CHECK(vh_poll(vc, 0x1B00, 4, 1, 0, 50000), "2.4 GHz preset done");
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	vh_w32(vc, 0x1B00, 0xF8000001u | 3u << 8 | 1u << 6);
	uint32_t b00 = vh_read(vc, 0x1B00, 4);
	if (vh_us_since(&t0) < 500)
		CHECK(b00 & 1, "IQK one-shot busy right after its command");
	CHECK(vh_poll(vc, 0x1B00, 4, 1, 0, 50000), "... and done when polled");
	CHECK(!(vh_read(vc, 0x1B08, 4) & (1u << 26)), "... successfully");
	vh_w32(vc, 0x1B00, 0xF8000004); /* path C's result page */
	struct vchip_iqk k;
	CHECK(vchip_peek_iqk(vc, 2, &k), "path C has an IQK engine");
	uint32_t iqc = vh_read(vc, 0x1B38, 4);
	CHECK(iqc != 0x20000000u, "TX IQK measured an imbalance");
	CHECK_EQ_HEX((iqc >> 20) & 0x7FF, (uint32_t)k.tx_x & 0x7FF,
	             "0x1B38 holds the engine's TX X");
	CHECK_EQ_HEX(iqc & 0x7FF, (uint32_t)k.tx_y & 0x7FF,
	             "... and its TX Y");
	/* a shot of a path whose RF is off fails */
	vh_w32(vc, 0x0C60, 0x0E808003);
	vh_w8(vc, 0x1F, 0x00);
	vh_w32(vc, 0x1B00, 0xF8000001u | 3u << 8 | 1u << 4);
	CHECK(vh_poll(vc, 0x1B00, 4, 1, 0, 50000), "path A IQK done");
	CHECK(vh_read(vc, 0x1B08, 4) & (1u << 26),
	      "... and failed: path A's RF is off");
	vh_w8(vc, 0x1F, 0x07);
	/* the TX power port reads back nothing */
	a_txpower(vc, 2, 0x0C, 0x2A);
	CHECK_EQ_HEX(vh_read(vc, 0x1998, 4), 0, "0x1998 is write-only");
	vchip_destroy(vc);
}

/* A receiver's rssi for the next frame the sender airs. */
static int heard_rssi(struct vchip *tx, struct vchip *rx, uint8_t rate,
                      uint8_t tag)
{
	struct vchip_stats s0, s;
	vchip_get_stats(rx, &s0);
	if (!a_send(tx, 200, tag, rate, 500))
		return 1000;
	WAIT_UNTIL((vchip_get_stats(rx, &s), s.rx_heard > s0.rx_heard), 10000);
	return s.rx_heard > s0.rx_heard ? (int)s.rx_last_rssi_dbm : 1000;
}

static void test_txpower(void)
{
	char air[64];
	if (!vh_air_dir(air, sizeof air))
		return;
	struct vchip *tx = a_station("a-pw-tx", air, NULL, 36, 40);
	struct vchip *rx = a_station("a-pw-rx", air, NULL, 36, 40);
	if (!CHECK(tx && rx, "two 8814A stations on channel 36"))
		goto out;
	int at40 = heard_rssi(tx, rx, 0x04, 1);
	/* path A, OFDM 6M: 10 steps of 0.5 dB down */
	a_txpower(tx, 0, 0x04, 30);
	int at30 = heard_rssi(tx, rx, 0x04, 2);
	CHECK_EQ_INT(at40 - at30, 5, "path A's 6M index 40 -> 30: 5 dB "
	             "weaker on the air");
	/* another rate's index is its own */
	int mcs0 = heard_rssi(tx, rx, 0x0C, 3);
	CHECK_EQ_INT(mcs0, at40, "MCS0 keeps its own index");
	/* a 2-stream frame goes out on paths A and B: 3 dB over one */
	int mcs8 = heard_rssi(tx, rx, 0x14, 4);
	CHECK_EQ_INT(mcs8 - at40, 3, "MCS8 on two chains: +3 dB");
	/* 3 streams allowed, 4 not */
	struct vchip_stats s0, s;
	vchip_get_stats(tx, &s0);
	CHECK(heard_rssi(tx, rx, 0x1C, 5) < 1000, "MCS16 (3 streams) aired");
	CHECK(a_send(tx, 200, 6, 0x24, 500), "MCS24 transfer taken");
	vchip_get_stats(tx, &s);
	CHECK_EQ_INT(s.tx_bad_desc - s0.tx_bad_desc, 1,
	             "... and refused: the chip sends 3 streams at most");
out:
	vchip_destroy(tx);
	vchip_destroy(rx);
	vh_rm_air_dir(air);
}

static void test_cck(void)
{
	char air[64];
	if (!vh_air_dir(air, sizeof air))
		return;
	struct vchip *tx = a_station("a-cck-tx", air, NULL, 36, 40);
	struct vchip *rx = a_station("a-cck-rx", air, NULL, 36, 40);
	if (!CHECK(tx && rx, "two stations on channel 36"))
		goto out;
	struct vchip_stats s0, s;
	vchip_get_stats(tx, &s0);
	CHECK(a_send(tx, 100, 1, 0x00, 500), "CCK 1M on 5 GHz: taken");
	CHECK(a_send(tx, 100, 2, 0x04, 500), "OFDM 6M after it");
	WAIT_UNTIL((vchip_get_stats(tx, &s), s.tx_aired > s0.tx_aired), 10000);
	CHECK_EQ_INT(s.tx_aired - s0.tx_aired, 1, "only the OFDM frame aired");
	CHECK_EQ_INT(s.tx_phy_dropped - s0.tx_phy_dropped, 1,
	             "the CCK frame vanished (tx_phy_dropped)");
	CHECK_EQ_INT(s.tx_bad_desc - s0.tx_bad_desc, 0, "not a bad descriptor");
	/* what the TX DMA checks in the descriptor */
	static uint8_t x[40 + 100], f[100];
	vh_frame(f, sizeof f, 9);
	a_desc(x, sizeof f, 0x12, 0x04, 0);
	memcpy(x + 40, f, sizeof f);
	x[28] ^= 0x01;
	vchip_get_stats(tx, &s0);
	vchip_bulk_out(tx, 0x02, x, sizeof x, 500);
	vchip_get_stats(tx, &s);
	CHECK_EQ_INT(s.tx_bad_checksum - s0.tx_bad_checksum, 1,
	             "a wrong checksum drops the frame");
	a_desc(x, sizeof f, 0x12, 0x04, 0);
	put32(x, (uint32_t)sizeof f | 48u << 16 | 1u << 26);
	vh_txdesc_csum(x);
	vchip_bulk_out(tx, 0x02, x, sizeof x, 500);
	vchip_get_stats(tx, &s0);
	CHECK_EQ_INT(s0.tx_bad_desc - s.tx_bad_desc, 1,
	             "a 48-byte (Jaguar2) OFFSET is refused");
	a_desc(x, sizeof f, 0x12, 0x04, 0);
	vchip_bulk_out(tx, 0x03, x, sizeof x, 500);
	vchip_get_stats(tx, &s);
	CHECK_EQ_INT(s.tx_bad_queue - s0.tx_bad_queue, 1,
	             "MGT on the second endpoint: dropped (DROP_DATA_EN, the "
	             "8814A map puts MGT on the first)");
	/* on 2.4 GHz CCK goes out, on path B alone */
	a_tune(tx, 6, 20, 0);
	a_tune(rx, 6, 20, 0);
	int ofdm = heard_rssi(tx, rx, 0x04, 3);
	a_txpower(tx, 0, 0x00, 20); /* path A's CCK index: not used */
	int cck = heard_rssi(tx, rx, 0x00, 4);
	CHECK_EQ_INT(cck, ofdm, "CCK on 2.4 GHz aired at path B's index");
	a_txpower(tx, 1, 0x00, 20);
	cck = heard_rssi(tx, rx, 0x00, 5);
	CHECK_EQ_INT(ofdm - cck, 10, "... which sets its power");
out:
	vchip_destroy(tx);
	vchip_destroy(rx);
	vh_rm_air_dir(air);
}

/* Four chains in the PHY status of received frames. */
static void test_rx_chains(void)
{
	char air[64];
	if (!vh_air_dir(air, sizeof air))
		return;
	struct vchip *tx = a_station("a-rx-tx", air, NULL, 36, 40);
	struct vchip *rx = a_station("a-rx-rx", air, "chip=8814a,rssi=-50",
	                             36, 40);
	if (!CHECK(tx && rx, "two stations"))
		goto out;
	unsigned frames = 0, differ = 0, sane = 0, near = 0;
	int sum[4] = {0};
	for (unsigned i = 0; i < 40; i++)
		a_send(tx, 120, (uint8_t)i, 0x0C, 500);
	static uint8_t buf[65536];
	while (frames < 40) {
		int n = vchip_bulk_in(rx, 0x81, buf, sizeof buf, 3000);
		if (n <= 0)
			break;
		size_t p = 0;
		while (p + 24 <= (size_t)n) {
			uint32_t dw0 = le32(buf + p);
			size_t drv = ((dw0 >> 16) & 0xF) * 8, len = dw0 & 0x3FFF;
			if (p + 24 + drv + len > (size_t)n || drv < 32)
				break;
			const uint8_t *ph = buf + p + 24;
			int g[4] = {ph[0] & 0x7F, ph[1] & 0x7F, ph[23] & 0x7F,
			            ph[24] & 0x7F};
			bool ok = true;
			for (unsigned c = 0; c < 4; c++) {
				sum[c] += g[c] - 110;
				ok &= g[c] - 110 > -80 && g[c] - 110 < -35;
			}
			sane += ok && ph[21] && ph[22] && ph[15] && ph[16];
			differ += g[0] != g[1] || g[1] != g[2] || g[2] != g[3];
			/* rtw88 rtw8814a_query_phy_status: the frame's signal
			 * is the second-lowest gain */
			int m1 = g[0] < g[1] ? g[0] : g[1];
			int m2 = g[2] < g[3] ? g[2] : g[3];
			int x1 = g[0] > g[1] ? g[0] : g[1];
			int x2 = g[2] > g[3] ? g[2] : g[3];
			int hi = m1 > m2 ? m1 : m2, lo = x1 < x2 ? x1 : x2;
			int sig = (hi < lo ? hi : lo) - 110;
			near += sig >= -54 && sig <= -46;
			frames++;
			p = (p + 24 + drv + len + 7) & ~(size_t)7;
		}
	}
	CHECK_EQ_INT(frames, 40, "40 frames received with PHY status");
	/* the BB clock gated (0x1000 bit 16, as during a band switch) */
	struct vchip_stats s0, s;
	vchip_get_stats(rx, &s0);
	vh_set8(rx, 0x1002, 0, 0x01);
	a_send(tx, 120, 0x55, 0x0C, 500);
	WAIT_UNTIL((vchip_get_stats(rx, &s), s.rx_heard > s0.rx_heard), 10000);
	CHECK_EQ_INT(s.rx_undecodable - s0.rx_undecodable, 1,
	             "BB clock gated: the frame is not decoded");
	vh_set8(rx, 0x1002, 0x01, 0);

	/* bandwidth from the PHY status (the descriptor's dword 4 has none):
	 * both on 38 at 40 MHz, primary 36 */
	a_tune(tx, 38, 40, 2);
	a_tune(rx, 38, 40, 2);
	static uint8_t f[120], x[160];
	unsigned rfmod[2] = {9, 9}, sub[2] = {99, 99};
	uint32_t dw4[2] = {1, 1};
	for (unsigned bw = 0; bw < 2; bw++) {
		vh_frame(f, sizeof f, (uint8_t)(0x70 + bw));
		a_desc(x, sizeof f, 0x12, 0x0C, bw);
		memcpy(x + 40, f, sizeof f);
		vchip_bulk_out(tx, 0x02, x, 40 + sizeof f, 500);
		int n = vchip_bulk_in(rx, 0x81, buf, sizeof buf, 3000);
		if (n >= 24 + 32) {
			dw4[bw] = le32(buf + 16);
			rfmod[bw] = buf[24 + 3] >> 6;
			sub[bw] = (buf[24 + 3] >> 2) & 0xF;
		}
	}
	CHECK_EQ_HEX(dw4[1], 0, "RX descriptor dword 4: no SGI/LDPC/STBC/BW");
	CHECK(rfmod[1] == 1 && sub[1] == 0,
	      "40 MHz frame: RF mode 1, sub-channel 0 (rtw88 reads 40 MHz)");
	CHECK(rfmod[0] == 1 && sub[0] == 2,
	      "20 MHz frame on the 40 MHz channel: its sub-channel, 2");
	CHECK_EQ_INT(sane, frames, "gain of paths A-D near the link's "
	             "-50 dBm, SNR of all four reported");
	printf("# %u of %u frames with chains that differ\n", differ, frames);
	CHECK(differ > frames / 2, "the chains fade independently");
	CHECK_EQ_INT(near, frames, "the second-lowest chain (rtw88's frame "
	             "signal) within 4 dB of the link's");
	for (unsigned c = 0; c < 4 && frames; c++) {
		int avg = sum[c] / (int)frames;
		CHECK(avg >= -53 && avg <= -47,
		      "each chain's average is the link's power");
	}
out:
	vchip_destroy(tx);
	vchip_destroy(rx);
	vh_rm_air_dir(air);
}

int main(void)
{
	static void (*const plain[])(void) = {
		test_identity, test_power, test_usb3, test_efuse, test_bb_rf,
		test_llt, NULL
	};
	static void (*const fw[])(void) = {
		test_firmware, test_txpower, test_cck, test_rx_chains, NULL
	};
	return v3_run_tests(plain, fw, "firmware, TX, RX");
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* RTL8822B adapters on one private air. What a receiver hands out is
 * decoded here the way rtw88 decodes it (rx.h RX descriptor; rtw8822b.c
 * query_phy_status_page0/1 for the Jaguar2 PHY status, phy.c
 * rtw_phy_power_2_db) and must give back what the air delivered: the
 * power, the SNR, the EVM, the bandwidth. And the Jaguar2 RCR: with any
 * of bits 11-13 set the MAC drops every beacon of another BSS (OpenIPC
 * devourer src/jaguar2/HalJaguar2.cpp enable_rx), the 8822C's MAC
 * does not. */
#include "tests/check.h"
#include "tests/virtual/vhelp_8822b.h"
#include "tests/virtual/vhelp_8822c.h"

static char air[64];

/* rtw88 query_phy_status as far as this test needs it. */
struct rtw_stat {
	int page;
	int rx_power[2];     /* dBm per path */
	int signal_power;    /* max of the paths, floor -120 */
	unsigned rssi;       /* rtw_phy_power_2_db of path A */
	int bw;              /* 0 = 20, 1 = 40, 2 = 80 */
	int snr[2];          /* dB (value >> 1) */
	int evm_dbm[2];      /* dB */
};

static unsigned power_2_db(int power)
{
	if (power <= -100 || power >= 20)
		return 0;
	return power >= 0 ? 100 : (unsigned)(100 + power);
}

static void query_phy_status(const uint8_t *ps, uint8_t rate,
                             struct rtw_stat *st)
{
	memset(st, 0, sizeof *st);
	st->page = ps[0] & 0x0F;
	if (st->page == 0) {
		st->rx_power[0] = ps[1] - 110;
		st->signal_power =
			st->rx_power[0] < -120 ? -120 : st->rx_power[0];
		st->rssi = power_2_db(st->rx_power[0]);
		return;
	}
	/* legacy OFDM (above 11M, below MCS0): l_rxsc, else ht_rxsc */
	unsigned rxsc = rate > 0x03 && rate < 0x0C ? ps[5] & 0x0F : ps[5] >> 4;
	if (rxsc >= 1 && rxsc <= 8)
		st->bw = 0;
	else if (rxsc >= 9 && rxsc <= 12)
		st->bw = 1;
	else if (rxsc >= 13)
		st->bw = 2;
	else
		st->bw = (ps[15] >> 4) & 3;
	int best = -120;
	for (int p = 0; p < 2; p++) {
		st->rx_power[p] = ps[1 + p] - 110;
		if (st->rx_power[p] > best)
			best = st->rx_power[p];
		st->snr[p] = (int8_t)ps[24 + p] >> 1;
		int8_t evm = (int8_t)ps[16 + p];
		st->evm_dbm[p] = evm < 0 && evm != -128 ? (-evm) >> 1 : 0;
	}
	st->signal_power = best;
	st->rssi = power_2_db(st->rx_power[0]);
}

/* The 8822B's frames carry its Jaguar2 checksum. */
static bool send(struct vchip *vc, const uint8_t *f, size_t n, int rate,
                 unsigned bw_code)
{
	return v3_send(vc, f, n, rate, bw_code, v3_csum_j2);
}

static uint64_t heard(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s.rx_heard;
}

static uint64_t filtered(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s.rx_filtered;
}

/* A beacon of the BSS `bssid`. */
static size_t beacon(uint8_t *f, const uint8_t *bssid)
{
	memset(f, 0, 64);
	f[0] = 0x80;
	memset(f + 4, 0xFF, 6);
	memcpy(f + 10, bssid, 6);
	memcpy(f + 16, bssid, 6);
	f[32] = 0x64;              /* beacon interval */
	f[34] = 0x01;              /* ESS */
	f[36] = 0;                 /* SSID */
	f[37] = 4;
	memcpy(f + 38, "jgr2", 4);
	return 42;
}

/* Send f from tx and report whether rx handed it out. */
static bool passes(struct vchip *tx, struct vchip *rx, const uint8_t *f,
                   size_t n)
{
	uint64_t h = heard(rx), fl = filtered(rx);
	if (!send(tx, f, n, 0x04, 0) || !vh_wait_heard(rx, h + 1))
		return false;
	if (filtered(rx) != fl)
		return false;
	uint8_t p[1024];
	size_t got = v3_receive_one(rx, p, sizeof p, 50);
	size_t at = 24 + ((le32(p) >> 16) & 0xF) * 8;
	return got >= at + 16 && memcmp(p + at, f, 16) == 0;
}

static void test_phy_status(struct vchip *a, struct vchip *b)
{
	uint8_t f[100], p[1024];
	struct rtw_stat st;
	vh_frame(f, sizeof f, 7);
	CHECK(send(a, f, sizeof f, 0x04, 0), "alpha sends 6 Mbit/s on 36");
	size_t n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo receives OFDM")) {
		uint32_t dw0 = le32(p), dw3 = le32(p + 12);
		CHECK_EQ_INT((dw0 >> 16) & 0xF, 4, "DRV_INFO_SIZE 4");
		CHECK(dw0 & (1u << 26), "PHYST");
		CHECK_EQ_INT(dw0 & 0x3FFF, sizeof f + 4, "PKT_LEN with FCS");
		CHECK_EQ_INT(dw3 & 0x7F, 0x04, "RX_RATE 6M");
		query_phy_status(p + 24, 0x04, &st);
		CHECK_EQ_INT(st.page, 1, "page 1");
		CHECK_EQ_INT(st.rx_power[0], -52, "path A -52 dBm");
		CHECK_EQ_INT(st.rx_power[1], -52, "path B -52 dBm");
		CHECK_EQ_INT(st.signal_power, -52, "signal -52 dBm");
		CHECK_EQ_INT(st.rssi, 48, "rtw88 RSSI 100 - 52");
		CHECK_EQ_INT(st.snr[0], 40, "SNR A 40 dB (-52 over -92)");
		CHECK_EQ_INT(st.snr[1], 40, "SNR B 40 dB");
		CHECK_EQ_INT(st.evm_dbm[0], 40, "EVM 40 dB");
		CHECK_EQ_INT(st.bw, 0, "20 MHz");
		CHECK_EQ_INT(p[24 + 6], 36, "channel 36");
		CHECK_EQ_INT(p[24 + 8] | p[24 + 9] << 8, sizeof f + 4,
		             "L-SIG length: the PSDU");
		CHECK_MEM(p + 24 + 32, f, 22, "frame after the PHY status");
	}

	/* two streams: EVM of both, the HT sub-channel field */
	vh_frame(f, sizeof f, 8);
	CHECK(send(a, f, sizeof f, 0x14, 0), "alpha sends HT MCS8");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo receives MCS8")) {
		CHECK_EQ_INT(le32(p + 12) & 0x7F, 0x14, "RX_RATE MCS8");
		query_phy_status(p + 24, 0x14, &st);
		CHECK_EQ_INT(st.evm_dbm[0], 40, "EVM stream 1");
		CHECK_EQ_INT(st.evm_dbm[1], 40, "EVM stream 2");
		CHECK_EQ_INT(st.signal_power, -52, "MCS8 signal -52 dBm");
	}

	/* a 20 MHz frame inside a 40 MHz receiver: lower sub-channel */
	b_tune(b, 38, 40, 2);
	vh_frame(f, sizeof f, 9);
	CHECK(send(a, f, sizeof f, 0x0C, 0), "alpha sends MCS0 on 36");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo at 38/40 receives it")) {
		query_phy_status(p + 24, 0x0C, &st);
		CHECK_EQ_INT(p[24 + 5] >> 4, 2, "ht_rxsc 2 (lower)");
		CHECK_EQ_INT(st.bw, 0, "decoded 20 MHz");
	}
	/* the whole 80 MHz: sub-channel 0, the RF mode says 80 */
	b_tune(a, 42, 80, 4);
	b_tune(b, 42, 80, 4);
	vh_frame(f, sizeof f, 10);
	CHECK(send(a, f, sizeof f, 0x2C + 7, 2), "alpha sends VHT1SS MCS7/80");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo at 42/80 receives it")) {
		query_phy_status(p + 24, 0x2C + 7, &st);
		CHECK_EQ_INT(p[24 + 5] >> 4, 0, "ht_rxsc 0");
		CHECK_EQ_INT(st.bw, 2, "decoded 80 MHz (RF mode)");
		CHECK_EQ_INT(p[24 + 6], 36, "primary channel 36");
	}
	/* a 40 MHz frame in the lower half of the 80 MHz receiver */
	b_tune(a, 38, 40, 2);
	vh_frame(f, sizeof f, 12);
	CHECK(send(a, f, sizeof f, 0x0C, 1), "alpha sends MCS0/40 on 38");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo at 42/80 receives the 40 MHz frame")) {
		query_phy_status(p + 24, 0x0C, &st);
		CHECK_EQ_INT(p[24 + 5] >> 4, 10, "ht_rxsc 10 (lower 40)");
		CHECK_EQ_INT(st.bw, 1, "decoded 40 MHz");
	}
	/* CCK on 2.4 GHz: page 0, one antenna */
	b_tune(a, 1, 20, 0);
	b_tune(b, 1, 20, 0);
	vh_frame(f, sizeof f, 11);
	CHECK(send(a, f, sizeof f, 0x00, 0), "alpha sends 1 Mbit/s on 1");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo receives CCK")) {
		query_phy_status(p + 24, 0x00, &st);
		CHECK_EQ_INT(st.page, 0, "page 0");
		CHECK_EQ_INT(st.rx_power[0], -52, "CCK -52 dBm");
		CHECK_EQ_INT(st.rssi, 48, "CCK RSSI");
		CHECK_EQ_INT(p[24 + 6], 1, "CCK channel 1");
	}
	b_tune(a, 36, 20, 0);
	b_tune(b, 36, 20, 0);
}

static void test_beacon_filter(struct vchip *a, struct vchip *b,
                               struct vchip *c)
{
	static const uint8_t other[6] = {0x02, 0x11, 0x22, 0x33, 0x44, 0x55};
	uint8_t bcn[64], data[64];
	size_t n = beacon(bcn, other);
	vh_frame(data, sizeof data, 3);
	CHECK(passes(a, b, bcn, n), "RCR 0xF000002F: ambient beacon received");
	static const uint32_t bits[3] = {1u << 11, 1u << 12, 1u << 13};
	for (int i = 0; i < 3; i++) {
		vh_w32(b, 0x608, 0xF000002Fu | bits[i]);
		CHECK(!passes(a, b, bcn, n), i == 0 ? "bit 11: beacon dropped"
		                            : i == 1 ? "bit 12: beacon dropped"
		                                     : "bit 13: beacon dropped");
		CHECK(passes(a, b, data, sizeof data), "data still received");
	}
	/* rtw88's own MAC-init constant sets bit 13 */
	vh_w32(b, 0x608, 0xE400220E | 1u);
	CHECK(!passes(a, b, bcn, n), "RCR 0xE400220E|AAP: beacon dropped");
	/* the own BSS's beacons pass */
	for (int i = 0; i < 6; i++)
		vh_w8(b, (uint16_t)(0x618 + i), other[i]);
	CHECK(passes(a, b, bcn, n), "own BSS beacon passes with bit 13");
	for (int i = 0; i < 6; i++)
		vh_w8(b, (uint16_t)(0x618 + i), 0);
	vh_w32(b, 0x608, 0xF000002F);
	CHECK(passes(a, b, bcn, n), "bits clear again: received");

	/* the 8822C's MAC ignores the bits (layer behaviour unchanged) */
	b_tune(a, 11, 20, 0);
	vh_w32(c, 0x608, 0xF410400F | 7u << 11);
	CHECK(passes(a, c, bcn, n), "8822C with bits 11-13: beacon received");
	b_tune(a, 36, 20, 0);
}

/* The monitor milestone needs bits 11-13 clear on this chip. */
static void test_monitor_milestone(void)
{
	struct vchip *vc = v3_create("b-mon", NULL, "chip=8822b");
	if (!CHECK(vc && v3_power_on(vc, &b_power) == 0, "powered"))
		return;
	vh_w32(vc, 0x6A0, 0xFFFFFFFF);
	vh_w32(vc, 0x608, 0xF000002F | 1u << 13);
	CHECK(!vh_has_milestone(vc, VCHIP_M_MONITOR), "bit 13: not monitor");
	vh_w32(vc, 0x608, 0xF000002F);
	CHECK(vh_has_milestone(vc, VCHIP_M_MONITOR), "bits clear: monitor");
	vchip_destroy(vc);
}

int main(void)
{
	test_monitor_milestone();
	if (!check_firmware_dir())
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	struct vchip *a = b_station("b-alpha", air, "chip=8822b,seed=1", 36);
	struct vchip *b = b_station("b-bravo", air,
	                            "chip=8822b,rssi=-52,noise=-92,seed=2", 36);
	struct vchip *c = c_station("b-charlie", air, "chip=8822c,seed=3", 11);
	if (CHECK(a && b && c, "stations up")) {
		test_phy_status(a, b);
		test_beacon_filter(a, b, c);
	}
	vchip_destroy(a);
	vchip_destroy(b);
	vchip_destroy(c);
	vh_rm_air_dir(air);
	return check_done();
}

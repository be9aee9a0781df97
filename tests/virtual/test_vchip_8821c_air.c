/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* RTL8821C receivers on a private air, an RTL8822C station sending: what
 * comes back in the 8821C's bulk IN is parsed here by hand from the
 * documented layouts — the 24-byte RX descriptor (rtw88 rx.h) and the
 * 32-byte Jaguar2 PHY status, decoded with rtw88's own formulas
 * (rtw8821c.c query_phy_status_page0 / _page1 and get_cck_rx_pwr,
 * rtw8822b.c page 1 for SNR and EVM) — and must give the signal the air
 * delivered. Also: the RX descriptor that hides the PHY status length
 * until 0x115 is fixed, RCR bits 11-13 dropping other networks' beacons,
 * and a receiver without the antenna hearing nothing. */
#include "tests/check.h"
#include "tests/virtual/vhelp_8821c.h"
#include "tests/virtual/vhelp_8822c.h"

static char air[64];

/* rtw88 rtw8821c.c lna_gain_table_0 / _1 */
static const int lna0[8] = {22, 8, -6, -22, -31, -40, -46, -52};
static const int lna1[16] = {10,  6,   2,   -2,  -6,  -10, -14, -17,
	                     -20, -24, -28, -31, -34, -37, -40, -44};

struct rx {
	uint32_t dw0, dw2, dw3;
	const uint8_t *phy;  /* at 24: where the chip puts the PHY status */
	const uint8_t *frame; /* where DRV_INFO_SIZE says the frame is */
	size_t len;
};

/* First packet of the next aggregate into pkt (whose length the
 * descriptor gives; bytes after it in the aggregate are kept too). */
static bool receive_one(struct vchip *vc, uint8_t *pkt, size_t cap,
                        struct rx *out)
{
	static uint8_t buf[32768];
	uint64_t end = air_now_ns() + K_DEADLINE_NS;
	do {
		int r = vchip_bulk_in(vc, 0x81, buf, sizeof buf, 100);
		if (r < 24)
			continue;
		if ((size_t)r > cap)
			return false;
		memcpy(pkt, buf, (size_t)r);
		out->dw0 = le32(pkt);
		out->dw2 = le32(pkt + 8);
		out->dw3 = le32(pkt + 12);
		out->phy = pkt + 24;
		out->frame = pkt + 24 + ((out->dw0 >> 16) & 0xF) * 8;
		out->len = out->dw0 & 0x3FFF;
		return (size_t)(out->frame - pkt) + out->len <= (size_t)r;
	} while (air_now_ns() < end);
	return false;
}

/* The 8822C's frames carry its Jaguar3 checksum. */
static bool send(struct vchip *vc, const uint8_t *f, size_t n, int rate)
{
	return v3_send(vc, f, n, rate, 0, v3_csum_j3);
}

/* rtw88 rtw8821c.c query_phy_status_page0 with get_cck_rx_pwr */
static int cck_power(const uint8_t *ps, unsigned rfe)
{
	unsigned vga = ps[13] & 0x1F;
	unsigned lna = (ps[13] >> 5 & 7) | (ps[14] >> 7 & 1) << 3;
	if (rfe == 0)
		return lna < 8 ? lna0[lna] - 2 * (int)vga : -120;
	return lna1[lna] - 2 * (int)vga;
}

/* rtw88 rtw8821c.c query_phy_status_page1: the bandwidth */
static unsigned page1_bw(const uint8_t *ps, bool legacy)
{
	unsigned rxsc = legacy ? ps[5] & 0x0F : ps[5] >> 4;
	if (rxsc >= 1 && rxsc <= 8)
		return 20;
	if (rxsc >= 9 && rxsc <= 12)
		return 40;
	if (rxsc >= 13)
		return 80;
	unsigned mode = (ps[15] >> 4) & 3;
	return mode == 0 ? 20 : mode == 1 ? 40 : 80;
}

static struct vchip *receiver(const char *name, const char *opts, unsigned ch)
{
	struct vchip *vc = k_station(name, air, opts, ch);
	CHECK(vc != NULL, name);
	return vc;
}

static void test_ofdm_and_cck(struct vchip *tx)
{
	struct vchip *b = receiver("k-bravo", "chip=8821c,rssi=-52,noise=-92,seed=2",
	                           36);
	struct vchip *w = receiver("k-weak",
	                           "chip=8821c,rssi=-88,noise=-97,seed=3", 36);
	if (!b || !w)
		goto out;
	uint8_t f[100], p[32768];
	struct rx r;
	vh_frame(f, sizeof f, 7);
	c_tune(tx, 36, 20, 0);
	CHECK(send(tx, f, sizeof f, 0x04), "6 Mbit/s on 36");
	if (CHECK(receive_one(b, p, sizeof p, &r), "bravo receives OFDM")) {
		CHECK_EQ_INT((r.dw0 >> 16) & 0xF, 4, "DRV_INFO_SIZE 4");
		CHECK(r.dw0 & (1u << 26), "PHYST");
		CHECK(r.dw2 & (1u << 31), "FCS_OK");
		CHECK_EQ_INT(r.dw3 & 0x7F, 0x04, "RX_RATE 6M");
		CHECK_EQ_INT(r.phy[0] & 0x0F, 1, "page 1");
		CHECK_EQ_INT((int)r.phy[1] - 110, -52, "power -52 dBm (PWDB - 110)");
		CHECK_EQ_INT((int8_t)r.phy[24] >> 1, 40, "SNR 40 dB");
		CHECK_EQ_INT((uint8_t)-(int8_t)r.phy[16] >> 1, 40,
		             "EVM -40 dB");
		CHECK_EQ_INT(page1_bw(r.phy, true), 20, "bandwidth 20");
		CHECK_EQ_INT(r.phy[6], 36, "channel 36");
		CHECK_EQ_INT(r.phy[7] & 3, 1, "band 5 GHz");
		CHECK_MEM(r.frame, f, 22, "frame after the PHY status");
		CHECK_EQ_INT(r.len, sizeof f + 4, "PKT_LEN with FCS");
	}
	if (CHECK(receive_one(w, p, sizeof p, &r), "weak receiver too")) {
		CHECK_EQ_INT((int)r.phy[1] - 110, -88, "power -88 dBm");
		CHECK_EQ_INT((int8_t)r.phy[24] >> 1, 9, "SNR 9 dB");
	}
	/* HT MCS 3 */
	CHECK(send(tx, f, sizeof f, 0x0F), "HT MCS3 on 36");
	if (CHECK(receive_one(b, p, sizeof p, &r), "HT received")) {
		CHECK_EQ_INT(r.dw3 & 0x7F, 0x0F, "RX_RATE MCS3");
		CHECK_EQ_INT((int)r.phy[1] - 110, -52, "HT power");
		CHECK_EQ_INT(page1_bw(r.phy, false), 20, "HT bandwidth 20");
	}
	receive_one(w, p, sizeof p, &r);

	/* a 20 MHz frame into a 40 MHz receiver: its sub-channel */
	k_tune(b, 38, 40, 2); /* primary 36, lower */
	CHECK(send(tx, f, sizeof f, 0x0F), "HT MCS3 on 36 again");
	if (CHECK(receive_one(b, p, sizeof p, &r), "40 MHz receiver hears it")) {
		CHECK_EQ_INT(r.phy[5] >> 4, 2, "HT sub-channel 2 (lower)");
		CHECK_EQ_INT(page1_bw(r.phy, false), 20, "decoded as 20 MHz");
	}
	receive_one(w, p, sizeof p, &r);

	/* CCK on 2.4 GHz: page 0, the RFE-2 board's LNA table */
	c_tune(tx, 1, 20, 0);
	k_tune(b, 1, 20, 0);
	k_tune(w, 1, 20, 0);
	CHECK(send(tx, f, sizeof f, 0x00), "1 Mbit/s on 1");
	if (CHECK(receive_one(b, p, sizeof p, &r), "bravo receives CCK")) {
		CHECK_EQ_INT(r.dw3 & 0x7F, 0x00, "RX_RATE 1M");
		CHECK_EQ_INT(r.phy[0] & 0x0F, 0, "page 0");
		int pw = cck_power(r.phy, 2);
		CHECK(pw >= -53 && pw <= -51, "CCK power -52 dBm +- 1 (LNA, VGA)");
	}
	if (CHECK(receive_one(w, p, sizeof p, &r), "weak receiver CCK")) {
		int pw = cck_power(r.phy, 2);
		CHECK(pw >= -89 && pw <= -87, "CCK power -88 dBm +- 1");
	}
out:
	vchip_destroy(b);
	vchip_destroy(w);
}

/* An RTL8811CU board (RFE 0) reads CCK with the other LNA table. */
static void test_cck_rfe0(struct vchip *tx)
{
	static const int levels[] = {-25, -60, -95};
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		char opts[96], name[32];
		snprintf(opts, sizeof opts,
		         "chip=8821c,board=8811cu,rssi=%d,noise=-100,seed=5",
		         levels[i]);
		snprintf(name, sizeof name, "k-rfe0-%zu", i);
		struct vchip *vc = receiver(name, opts, 1);
		if (!vc)
			continue;
		uint8_t f[60], p[32768];
		struct rx r;
		vh_frame(f, sizeof f, 3);
		c_tune(tx, 1, 20, 0);
		send(tx, f, sizeof f, 0x02); /* 5.5 Mbit/s */
		if (CHECK(receive_one(vc, p, sizeof p, &r), "8811cu receives")) {
			int pw = cck_power(r.phy, 0);
			CHECK(pw >= levels[i] - 1 && pw <= levels[i] + 1,
			      "RFE 0 table: power as delivered +- 1");
			CHECK(cck_power(r.phy, 2) != pw || levels[i] == -25,
			      "the other table would read it otherwise");
		}
		vchip_destroy(vc);
	}
}

/* rtw88 mac.c rtw_drv_info_cfg's 0x115 fix (OpenIPC devourer
 * HalJaguar2.cpp enable_rx, 8821C): without it DRV_INFO_SIZE reads 0
 * and the 32 bytes are there all the same. */
static void test_drvinfo_quirk(struct vchip *tx)
{
	struct vchip *vc = receiver("k-115", "chip=8821c,rssi=-45,seed=6", 1);
	if (!vc)
		return;
	vh_w8(vc, 0x115, (uint8_t)(vh_read(vc, 0x115, 1) & 0xF0));
	uint8_t f[80], p[32768];
	struct rx r;
	vh_frame(f, sizeof f, 5);
	c_tune(tx, 1, 20, 0);
	CHECK(send(tx, f, sizeof f, 0x04), "6 Mbit/s on 1");
	if (CHECK(receive_one(vc, p, sizeof p, &r), "received without the fix")) {
		CHECK_EQ_INT((r.dw0 >> 16) & 0xF, 0, "DRV_INFO_SIZE reads 0");
		CHECK(r.dw0 & (1u << 26), "PHYST still set");
		CHECK_EQ_INT(r.phy[0] & 0x0F, 1, "PHY status at 24 all the same");
		CHECK_EQ_INT((int)r.phy[1] - 110, -45, "its power");
		CHECK_MEM(p + 24 + 32, f, 22, "the frame 32 bytes further on");
	}
	vh_w8(vc, 0x115, (uint8_t)(vh_read(vc, 0x115, 1) | 0x0F));
	CHECK(send(tx, f, sizeof f, 0x04), "again, with the fix");
	if (CHECK(receive_one(vc, p, sizeof p, &r), "received with the fix")) {
		CHECK_EQ_INT((r.dw0 >> 16) & 0xF, 4, "DRV_INFO_SIZE 4");
		CHECK_MEM(r.frame, f, 22, "frame where the descriptor says");
	}
	/* a power cycle brings 0x115 back to its reset value */
	CHECK_EQ_INT(v3_power_off(vc, &k_power), 0, "powered off");
	CHECK_EQ_INT(v3_power_on(vc, &k_power), 0, "powered on");
	CHECK_EQ_INT(vh_read(vc, 0x115, 1) & 0x0F, 0, "0x115 reset");
	vchip_destroy(vc);
}

/* A beacon of a network that is not ours (A3 = BSSID). */
static size_t beacon(uint8_t *f, size_t n, uint8_t bssid_tag)
{
	memset(f, 0, n);
	f[0] = 0x80; /* management, subtype 8 */
	memset(f + 4, 0xFF, 6);
	for (int i = 0; i < 6; i++)
		f[10 + i] = f[16 + i] = (uint8_t)(0x02 + bssid_tag + i);
	return n;
}

static unsigned drain(struct vchip *vc)
{
	uint8_t p[32768];
	struct rx r;
	unsigned n = 0;
	while (vchip_bulk_in(vc, 0x81, p, sizeof p, 50) >= 24)
		n++;
	(void)r;
	return n;
}

static bool heard_after(struct vchip *tx, struct vchip *rx, const uint8_t *f,
                        size_t n)
{
	struct vchip_stats s0, s1;
	vchip_get_stats(rx, &s0);
	if (!send(tx, f, n, 0x04))
		return false;
	uint8_t p[32768];
	struct rx r;
	bool got = receive_one(rx, p, sizeof p, &r) &&
	           memcmp(r.frame, f, 22) == 0;
	vchip_get_stats(rx, &s1);
	return got && s1.rx_delivered > s0.rx_delivered;
}

/* Wait until rx heard one more frame, then say whether the MAC kept it
 * (it was heard and not filtered out). */
static bool filtered(struct vchip *tx, struct vchip *rx, const uint8_t *f,
                     size_t n)
{
	struct vchip_stats s0, s1;
	vchip_get_stats(rx, &s0);
	if (!send(tx, f, n, 0x04))
		return false;
	uint64_t end = air_now_ns() + K_DEADLINE_NS;
	do {
		vchip_get_stats(rx, &s1);
		sched_yield();
	} while (s1.rx_heard == s0.rx_heard && air_now_ns() < end);
	vchip_get_stats(rx, &s1);
	return s1.rx_heard > s0.rx_heard && s1.rx_filtered > s0.rx_filtered;
}

static void test_beacon_filter(struct vchip *tx)
{
	struct vchip *vc = receiver("k-bcn", "chip=8821c,seed=7", 6);
	struct vchip *cc = c_station("k-bcn-c", air, "chip=8822c,seed=8", 6);
	if (!vc || !CHECK(cc != NULL, "8822c receiver up"))
		goto out;
	vh_write(cc, 0x6A4, 0xFFFF, 2);
	vh_w32(cc, 0x620, 0xFFFFFFFF);
	vh_w32(cc, 0x624, 0xFFFFFFFF);
	c_tune(tx, 6, 20, 0);
	uint8_t f[60];
	beacon(f, sizeof f, 0x10);
	CHECK(heard_after(tx, vc, f, sizeof f),
	      "RCR 0xF000002F (bits 11-13 clear): beacon received");
	drain(cc);
	vh_w32(vc, 0x608, 0xF000002F | 1u << 13);
	CHECK(filtered(tx, vc, f, sizeof f), "bit 13 set: beacon dropped");
	vh_w32(vc, 0x608, 0xF000002F | 1u << 11);
	CHECK(filtered(tx, vc, f, sizeof f), "bit 11 set: beacon dropped");
	/* our own network's beacon still comes in */
	for (int i = 0; i < 6; i++)
		vh_w8(vc, (uint16_t)(0x618 + i), f[16 + i]);
	CHECK(heard_after(tx, vc, f, sizeof f), "own BSSID's beacon kept");
	/* data frames are not beacons */
	uint8_t d[60];
	vh_frame(d, sizeof d, 4);
	CHECK(heard_after(tx, vc, d, sizeof d), "data frame kept");
	/* the 8822C has no such filter */
	drain(cc);
	vh_w32(cc, 0x608, 0xF410400F | 1u << 13);
	beacon(f, sizeof f, 0x30);
	CHECK(heard_after(tx, cc, f, sizeof f),
	      "8822c with bit 13 set: beacon received");
	drain(vc);
out:
	vchip_destroy(vc);
	vchip_destroy(cc);
}

/* No antenna, no reception. */
static void test_deaf(struct vchip *tx)
{
	struct vchip *vc = receiver("k-deaf", "chip=8821c,seed=9", 11);
	if (!vc)
		return;
	c_tune(tx, 11, 20, 0);
	uint8_t f[60];
	vh_frame(f, sizeof f, 8);
	CHECK(heard_after(tx, vc, f, sizeof f), "with the antenna: received");
	vh_w32(vc, 0x4C, vh_read(vc, 0x4C, 4) & ~(3u << 23));
	CHECK(filtered(tx, vc, f, sizeof f), "BT drives the switch: deaf");
	vchip_destroy(vc);
}

int main(void)
{
	if (!check_firmware_dir())
		CHECK_SKIP("firmware absent (both chips need booted firmware)");
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	struct vchip *tx = c_station("k-alpha", air, "chip=8822c,seed=1", 36);
	if (CHECK(tx != NULL, "8822c sender up")) {
		test_ofdm_and_cck(tx);
		test_cck_rfe0(tx);
		test_drvinfo_quirk(tx);
		test_beacon_filter(tx);
		test_deaf(tx);
	}
	vchip_destroy(tx);
	vh_rm_air_dir(air);
	return check_done();
}

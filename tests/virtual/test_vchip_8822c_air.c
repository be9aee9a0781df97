/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Two virtual RTL8822C adapters on one private air: a frame sent with a
 * hand-built 48-byte descriptor comes back in the other's bulk IN laid
 * out as the Jaguar3 chip lays it out — 24-byte RX descriptor, 32-byte
 * PHY status (page 1 for OFDM, page 0 for CCK) — parsed here by hand
 * from the documented layout (rtw88 rx.h, rtw8822c.h GET_PHY_STAT_*). */
#include "tests/check.h"
#include "tests/virtual/vhelp_8822c.h"

static char air[64];

/* The 8822C's frames carry its Jaguar3 checksum. */
static bool send(struct vchip *vc, const uint8_t *f, size_t n, int rate)
{
	return v3_send(vc, f, n, rate, 0, v3_csum_j3);
}

int main(void)
{
	if (!check_firmware_dir())
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	struct vchip *a = c_station("c-alpha", air, "chip=8822c,seed=1", 36);
	struct vchip *b = c_station("c-bravo", air,
	                            "chip=8822c,rssi=-52,noise=-92,seed=2", 36);
	struct vchip *c = c_station("c-charlie", air, "chip=8822c,seed=3", 1);
	/* delta loses every frame but keeps the damaged ones (ACRC32) */
	struct vchip *e = c_station("c-delta", air, "chip=8822c,loss=1,seed=4", 1);
	if (e)
		vh_w32(e, 0x608, 0xF410400F | 1u << 8);
	if (!CHECK(a && b && c && e, "four 8822C stations up")) {
		vchip_destroy(e);
		vchip_destroy(a);
		vchip_destroy(b);
		vchip_destroy(c);
		vh_rm_air_dir(air);
		return check_done();
	}
	uint8_t f[100];
	vh_frame(f, sizeof f, 7);
	CHECK(send(a, f, sizeof f, 0x04), "alpha sends at 6 Mbit/s on 36");

	uint8_t p[1024];
	size_t n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo receives")) {
		uint32_t dw0 = le32(p), dw2 = le32(p + 8), dw3 = le32(p + 12);
		size_t plen = dw0 & 0x3FFF;
		CHECK_EQ_INT((dw0 >> 16) & 0xF, 4, "DRV_INFO_SIZE 4 (32 bytes)");
		CHECK(dw0 & (1u << 26), "PHYST set");
		CHECK(!(dw0 & (1u << 14)), "no CRC error");
		CHECK(dw2 & (1u << 31), "FCS_OK");
		CHECK(!(dw2 & (1u << 28)), "not a C2H");
		CHECK_EQ_INT(dw3 & 0x7F, 0x04, "RX_RATE 6M");
		CHECK_EQ_INT((dw3 >> 16) & 0xFF, 1, "DMA_AGG_NUM 1");
		CHECK_EQ_INT(plen, sizeof f + 4, "PKT_LEN with FCS (APP_FCS)");
		const uint8_t *ps = p + 24;
		CHECK_EQ_INT(ps[0] & 0x0F, 1, "PHY status page 1 (OFDM)");
		CHECK_EQ_INT((int)ps[1] - 110, -52, "path A power -52 dBm");
		CHECK_EQ_INT((int)ps[2] - 110, -52, "path B power -52 dBm");
		CHECK_EQ_INT(ps[6], 36, "primary channel 36");
		CHECK_EQ_INT(ps[7] & 3, 1, "band 5 GHz");
		CHECK_EQ_INT((int8_t)ps[24] / 2, 40, "SNR path A 40 dB");
		/* rtw88 rtw8822c.c query_phy_status_page1: EVM counts only
		 * when negative, its magnitude is -rx_evm >> 1 */
		int8_t rx_evm = (int8_t)ps[16];
		CHECK(rx_evm < 0 && rx_evm != -128, "EVM reported negative");
		CHECK_EQ_INT((uint8_t)-rx_evm >> 1, 40, "EVM 40 dB down, as "
		             "rtw88 decodes it");
		CHECK_EQ_INT(ps[5] & 0x0F, 0, "sub-channel: whole 20 MHz");
		CHECK_MEM(p + 24 + 32, f, 22, "frame header after PHY status");
		uint16_t sc = (uint16_t)(p[56 + 22] | p[56 + 23] << 8);
		CHECK_EQ_INT(dw2 & 0xFFF, sc >> 4, "SEQ from the frame");
	}
	struct vchip_stats sc;
	vchip_get_stats(c, &sc);
	CHECK_EQ_INT(sc.rx_delivered, 0, "charlie on channel 1 hears nothing");

	/* CCK on 2.4 GHz: page 0 */
	c_tune(a, 1, 20, 0);
	c_tune(b, 1, 20, 0);
	vh_frame(f, sizeof f, 9);
	CHECK(send(a, f, sizeof f, 0x00), "alpha sends at 1 Mbit/s on 1");
	n = v3_receive_one(b, p, sizeof p, 50);
	if (CHECK(n > 0, "bravo receives CCK")) {
		const uint8_t *ps = p + 24;
		CHECK_EQ_INT(le32(p + 12) & 0x7F, 0x00, "RX_RATE 1M");
		CHECK_EQ_INT(ps[0] & 0x0F, 0, "PHY status page 0 (CCK)");
		CHECK_EQ_INT((int)ps[1] - 110, -52, "CCK PWDB A");
		CHECK_EQ_INT((int)ps[16] - 110, -52, "CCK PWDB B");
		CHECK_EQ_INT(ps[6], 1, "CCK channel 1");
	}
	n = v3_receive_one(c, p, sizeof p, 50);
	CHECK(n > 0, "charlie on channel 1 hears it too");
	n = v3_receive_one(e, p, sizeof p, 50);
	if (CHECK(n > 0, "delta keeps the damaged frame")) {
		CHECK(le32(p) & (1u << 14), "CRC32 error flagged");
		CHECK(!(le32(p + 8) & (1u << 31)), "FCS_OK clear");
	}
	vchip_destroy(e);
	vchip_destroy(a);
	vchip_destroy(b);
	vchip_destroy(c);
	vh_rm_air_dir(air);
	return check_done();
}

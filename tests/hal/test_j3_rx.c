/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar3 RX descriptor + "jgr3" PHY status parser, on packets built here
 * byte by byte. Expected values are derived by hand from the layout
 * (vendor halmac_rx_desc_nic.h; PHY status offsets of rtw88 rtw8822c.h
 * GET_PHY_STAT_P0/P1_*): dBm = PWDB - 110, SNR and EVM in 0.5 dB units,
 * CCK power corrected by 2 dB per gain step outside the gain bounds.
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/jaguar3/jaguar3.h"
#include "hal/rtl8822c/rtl8822c.h"

/* Descriptor: PKT_LEN, DRV_INFO_SIZE (8-byte units), SHIFT, PHYST, dword
 * 1..5 as given. */
static void desc(uint8_t *p, unsigned len, unsigned drv, unsigned shift,
                 bool physt, uint32_t d1, uint32_t d2, uint32_t d3,
                 uint32_t d5)
{
	memset(p, 0, 24);
	put32(p, (len & 0x3FFF) | drv << 16 | shift << 24 |
	      (physt ? 1u << 26 : 0));
	put32(p + 4, d1);
	put32(p + 8, d2);
	put32(p + 12, d3);
	put32(p + 20, d5);
}

int main(void)
{
	struct dvr_chip chip = { .info = &rtl8822c_info };
	struct dvr_rx_pkt pk;
	uint8_t buf[1024];
	int st;

	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 80 };

	/* 1. OFDM 54M (rate code 0x0B), A-MPDU bit, 32-byte page-1 status,
	 * 100-byte frame incl. FCS. */
	memset(buf, 0, sizeof buf);
	desc(buf, 100, 4, 0, true, 1u << 15, 0, 0x0B, 0x12345678);
	uint8_t *ps = buf + 24;
	ps[0] = 0x01;          /* page 1 */
	ps[1] = 70;            /* path A: -40 dBm */
	ps[2] = 60;            /* path B: -50 dBm */
	ps[5] = 0x01;          /* l_rxsc 1: 20 MHz */
	ps[16] = (uint8_t)-40; /* EVM -20 dB */
	ps[24] = 50;           /* SNR A 25 dB */
	ps[25] = 30;           /* SNR B 15 dB */
	buf[24 + 32] = 0x80;   /* frame byte 0 (beacon) */
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK_EQ_INT(st, DVR_OK, "OFDM: parsed");
	CHECK_EQ_INT(pk.total_len, 24 + 32 + 100, "OFDM: total length");
	CHECK(pk.frame == buf + 56, "OFDM: frame after the PHY status");
	CHECK_EQ_INT(pk.frame_len, 100, "OFDM: frame length");
	CHECK(pk.has_fcs && !pk.crc_err && !pk.is_c2h, "OFDM: flags");
	CHECK_EQ_HEX(pk.tsf_low, 0x12345678, "OFDM: TSF low");
	CHECK_EQ_INT(pk.info.rate.kind, DVR_RATE_LEGACY, "OFDM: legacy");
	CHECK_EQ_INT(pk.info.rate.legacy_500k, 108, "OFDM: 54 Mbit/s");
	CHECK(pk.info.flags & DVR_RX_AMPDU, "OFDM: A-MPDU flag");
	CHECK_EQ_INT(pk.info.n_chains, 2, "OFDM: two chains");
	CHECK_EQ_INT(pk.info.rssi_dbm[0], -40, "OFDM: path A dBm");
	CHECK_EQ_INT(pk.info.rssi_dbm[1], -50, "OFDM: path B dBm");
	CHECK_EQ_INT(pk.info.signal_dbm, -40, "OFDM: signal = best path");
	CHECK_EQ_INT(pk.info.snr_db[0], 25, "OFDM: SNR A");
	CHECK_EQ_INT(pk.info.snr_db[1], 15, "OFDM: SNR B");
	CHECK_EQ_INT(pk.info.evm_db[0], -20, "OFDM: EVM");
	CHECK(pk.info.flags & DVR_RX_HAS_EVM, "OFDM: EVM valid");
	CHECK_EQ_INT(pk.info.bw_mhz, 20, "OFDM: 20 MHz from l_rxsc");

	/* 2. VHT 2SS MCS7 (0x2C + 10 + 7 = 0x3D), shift 2, ht_rxsc 13
	 * (80 MHz), LDPC + STBC, EVM of stream 2 not measured (-128). */
	memset(buf, 0, sizeof buf);
	desc(buf, 200, 4, 2, true, 0, 0, 0x3D, 0);
	ps = buf + 24 + 2;
	ps[0] = 0x01;
	ps[1] = 100;
	ps[2] = 101;
	ps[5] = 0xD0;
	ps[7] = 0x60;
	ps[16] = (uint8_t)-20;
	ps[17] = 0x80;
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK_EQ_INT(st, DVR_OK, "VHT: parsed");
	CHECK_EQ_INT(pk.total_len, 24 + 2 + 32 + 200, "VHT: shift counted");
	CHECK(pk.frame == buf + 58, "VHT: frame after shift and status");
	CHECK(pk.info.rate.kind == DVR_RATE_VHT && pk.info.rate.nss == 2 &&
	      pk.info.rate.mcs == 7, "VHT: 2SS MCS7");
	CHECK_EQ_INT(pk.info.bw_mhz, 80, "VHT: 80 MHz from ht_rxsc 13");
	CHECK(pk.info.flags & DVR_RX_LDPC, "VHT: LDPC");
	CHECK(pk.info.flags & DVR_RX_STBC, "VHT: STBC");
	CHECK_EQ_INT(pk.info.evm_db[0], -10, "VHT: EVM stream 1");
	CHECK_EQ_INT(pk.info.evm_db[1], 0, "VHT: EVM stream 2 unmeasured");
	CHECK_EQ_INT(pk.info.signal_dbm, -9, "VHT: signal from path B");

	/* 3. CCK 11M (code 3), page 0: A PWDB 80 gain 10, B PWDB 75 gain 40,
	 * gain bounds 20..30: A = 80 + 2*(20-10) - 110 = -10,
	 * B = 75 - 2*(40-30) - 110 = -55; without bounds -30 / -35. */
	memset(buf, 0, sizeof buf);
	desc(buf, 50, 4, 0, true, 0, 0, 0x03, 0);
	ps = buf + 24;
	ps[0] = 0x00;
	ps[1] = 80;
	ps[2] = 10;
	ps[16] = 75;
	ps[19] = 40;
	struct jaguar3_cck_gain g = { .lower = 20, .upper = 30 };
	st = jaguar3_parse_rx_pkt(&chip, &g, buf, sizeof buf, &pk);
	CHECK_EQ_INT(st, DVR_OK, "CCK: parsed");
	CHECK_EQ_INT(pk.info.rate.legacy_500k, 22, "CCK: 11 Mbit/s");
	CHECK_EQ_INT(pk.info.rssi_dbm[0], -10, "CCK: path A corrected");
	CHECK_EQ_INT(pk.info.rssi_dbm[1], -55, "CCK: path B corrected");
	CHECK_EQ_INT(pk.info.signal_dbm, -10, "CCK: signal from path A");
	CHECK_EQ_INT(pk.info.bw_mhz, 20, "CCK: 20 MHz");
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK(st == DVR_OK && pk.info.rssi_dbm[0] == -30 &&
	      pk.info.rssi_dbm[1] == -35, "CCK: no bounds, plain PWDB");

	/* 4. Page 0 on an OFDM rate: kept, but no signal data. */
	desc(buf, 50, 4, 0, true, 0, 0, 0x04, 0);
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK(st == DVR_OK && pk.info.n_chains == 0,
	      "mismatched PHY status page: frame kept, no signal");

	/* 5. C2H report: dword 2 bit 28, no driver info. */
	memset(buf, 0, sizeof buf);
	desc(buf, 20, 0, 0, false, 0, 1u << 28, 0, 0);
	buf[24] = 0xFF;        /* C2H id */
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK_EQ_INT(st, DVR_OK, "C2H: parsed");
	CHECK(pk.is_c2h, "C2H: flagged");
	CHECK(pk.frame == buf + 24 && pk.frame_len == 20, "C2H: payload");
	CHECK_EQ_INT(pk.total_len, 44, "C2H: total");

	/* 6. CRC error flag; RX rate code out of range -> 1M. */
	desc(buf, 64, 0, 0, false, 0, 0, 0x60, 0);
	put32(buf, 64u | 1u << 14);
	st = jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk);
	CHECK(st == DVR_OK && pk.crc_err && (pk.info.flags & DVR_RX_FCS_BAD),
	      "CRC error flagged");
	CHECK_EQ_INT(pk.info.rate.legacy_500k, 2, "rate code 0x60 -> 1M");

	/* 7. Truncated, oversized, impossible. */
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, buf, 23, &pk),
	             DVR_E_OVERFLOW, "less than a descriptor: truncated");
	desc(buf, 100, 4, 0, true, 0, 0, 0x0B, 0);
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, buf, 155, &pk),
	             DVR_E_OVERFLOW, "frame runs past the transfer");
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, buf, 156, &pk),
	             DVR_OK, "exactly fits");
	desc(buf, 100, 3, 0, true, 0, 0, 0x0B, 0);
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk),
	             DVR_E_INVALID, "driver-info size 24 is impossible");
	desc(buf, 0x3FFF, 4, 0, true, 0, 0, 0x0B, 0);
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, buf, sizeof buf, &pk),
	             DVR_E_INVALID, "16383-byte frame is beyond any MPDU");
	CHECK_EQ_INT(pk.total_len, 24 + 32 + 0x3FFF,
	             "and its extent is reported so the walk can skip it");
	CHECK_EQ_INT(jaguar3_parse_rx_pkt(&chip, NULL, NULL, 100, &pk),
	             DVR_E_INVALID, "NULL buffer");

	/* 8. Through the op, with chip state from identify. */
	struct rtl8822c_priv priv = { .cck_gain = { 20, 30 } };
	chip.priv = &priv;
	memset(buf, 0, sizeof buf);
	desc(buf, 50, 4, 0, true, 0, 0, 0x03, 0);
	buf[25] = 80;
	buf[26] = 10;
	st = rtl8822c_info.ops->parse_rx_pkt(&chip, buf, sizeof buf, &pk);
	CHECK(st == DVR_OK && pk.info.rssi_dbm[0] == -10,
	      "op uses the gain bounds read at phy_init");
	return check_done();
}

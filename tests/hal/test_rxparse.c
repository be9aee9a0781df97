/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812A RX descriptor + PHY status parsing on hand-built packets laid
 * out from rtw88 rx.h (RTW_RX_DESC_W*) and rtw88xxa.h (RTW_JGRPHY_W*, the
 * PHY status).
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/hal.h"

extern const struct dvr_chip_info rtl8812a_info;

/* Build descriptor (+ PHY status when drv_units == 4) + frame of len. */
static size_t mkpkt(uint8_t *buf, unsigned len, unsigned drv_units,
                    unsigned shift, bool crc, bool c2h, unsigned rate,
                    uint32_t d4, uint32_t tsf, const uint8_t *phy)
{
	memset(buf, 0, 24);
	put32(buf, (len & 0x3FFF) | (crc ? 1u << 14 : 0) |
	           (drv_units & 0xF) << 16 | (shift & 3) << 24 |
	           (drv_units ? 1u << 26 : 0));
	put32(buf + 8, c2h ? 1u << 28 : 0);
	put32(buf + 12, rate & 0x7F);
	put32(buf + 16, d4);
	put32(buf + 20, tsf);
	size_t off = 24;
	if (drv_units) {
		memcpy(buf + off, phy, 32);
		off += drv_units * 8;
	}
	off += shift;
	for (unsigned i = 0; i < len; i++)
		buf[off + i] = (uint8_t)(0x40 + i);
	return off + len;
}

int main(void)
{
	struct dvr_chip chip = { .info = &rtl8812a_info };
	const struct dvr_chip_ops *ops = rtl8812a_info.ops;
	static uint8_t buf[16384];
	uint8_t phy[32];
	struct dvr_rx_pkt pkt;
	size_t n;

	/* OFDM 54M, path A gain 60 -> -50 dBm, path B 50 -> -60 dBm,
	 * SNR 20 (10 dB) / 10 (5 dB), signal-field EVM -40 (-20 dB). */
	memset(phy, 0, sizeof phy);
	phy[0] = 60 | 0x80;  /* TRSW bit must be masked off */
	phy[1] = 50;
	phy[15] = 20;
	phy[16] = 10;
	phy[25] = (uint8_t)-40;
	n = mkpkt(buf, 100, 4, 0, false, false, 0x0B, 0, 0x12345678, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "OFDM ok");
	CHECK_EQ_INT(pkt.total_len, 24 + 32 + 100, "OFDM total_len");
	CHECK(pkt.frame == buf + 56, "OFDM frame after PHY status");
	CHECK_EQ_INT(pkt.frame_len, 100, "OFDM frame_len");
	CHECK(pkt.has_fcs && !pkt.crc_err && !pkt.is_c2h, "OFDM flags");
	CHECK_EQ_INT(pkt.info.rate.kind, DVR_RATE_LEGACY, "OFDM kind");
	CHECK_EQ_INT(pkt.info.rate.legacy_500k, 108, "OFDM 54M");
	CHECK_EQ_INT(pkt.info.n_chains, 2, "OFDM chains");
	CHECK_EQ_INT(pkt.info.rssi_dbm[0], -50, "OFDM rssi A");
	CHECK_EQ_INT(pkt.info.rssi_dbm[1], -60, "OFDM rssi B");
	CHECK_EQ_INT(pkt.info.signal_dbm, -50, "OFDM signal = best path");
	CHECK_EQ_INT(pkt.info.snr_db[0], 10, "OFDM snr A");
	CHECK_EQ_INT(pkt.info.snr_db[1], 5, "OFDM snr B");
	CHECK_EQ_INT(pkt.info.evm_db[0], -20, "OFDM EVM from signal field");
	CHECK((pkt.info.flags & (DVR_RX_HAS_SNR | DVR_RX_HAS_EVM)) ==
	      (DVR_RX_HAS_SNR | DVR_RX_HAS_EVM), "OFDM has snr/evm");
	CHECK_EQ_INT(pkt.info.bw_mhz, 20, "OFDM bw");
	CHECK_EQ_HEX(pkt.tsf_low, 0x12345678, "OFDM tsf");

	/* HT MCS9 40 MHz SGI LDPC, A-MPDU, two stream EVMs */
	memset(phy, 0, sizeof phy);
	phy[0] = 70;
	phy[1] = 72;
	phy[13] = (uint8_t)-50;
	phy[14] = (uint8_t)-128;   /* stream 2 not measured */
	n = mkpkt(buf, 1500, 4, 0, false, false, 0x0C + 9,
	          1u | 2u | (1u << 4), 0, phy);
	put32(buf + 4, 1u << 15);  /* PAGGR */
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "HT ok");
	CHECK_EQ_INT(pkt.info.rate.kind, DVR_RATE_HT, "HT kind");
	CHECK_EQ_INT(pkt.info.rate.mcs, 9, "HT mcs");
	CHECK_EQ_INT(pkt.info.bw_mhz, 40, "HT bw");
	CHECK((pkt.info.flags & DVR_RX_SHORT_GI) && (pkt.info.flags & DVR_RX_LDPC)
	      && !(pkt.info.flags & DVR_RX_STBC), "HT sgi/ldpc");
	CHECK(pkt.info.flags & DVR_RX_AMPDU, "HT ampdu");
	CHECK_EQ_INT(pkt.info.evm_db[0], -25, "HT EVM stream 1");
	CHECK_EQ_INT(pkt.info.signal_dbm, 72 - 110, "HT signal best path");

	/* VHT 2SS MCS8 80 MHz STBC */
	n = mkpkt(buf, 3000, 4, 0, false, false, 0x36 + 8, 4u | (2u << 4), 0,
	          phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "VHT ok");
	CHECK_EQ_INT(pkt.info.rate.kind, DVR_RATE_VHT, "VHT kind");
	CHECK_EQ_INT(pkt.info.rate.nss, 2, "VHT nss");
	CHECK_EQ_INT(pkt.info.rate.mcs, 8, "VHT mcs");
	CHECK_EQ_INT(pkt.info.bw_mhz, 80, "VHT bw");
	CHECK(pkt.info.flags & DVR_RX_STBC, "VHT stbc");

	/* CCK 11M: LNA 3, VGA 5 -> -18 + 2*(7-5) = -14 dBm;
	 * LNA 7, VGA 30 -> -94 */
	memset(phy, 0, sizeof phy);
	phy[5] = 3 << 5 | 5;
	n = mkpkt(buf, 200, 4, 0, false, false, 0x03, 1u, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "CCK ok");
	CHECK_EQ_INT(pkt.info.rate.legacy_500k, 22, "CCK 11M");
	CHECK_EQ_INT(pkt.info.rssi_dbm[0], -14, "CCK power LNA3/VGA5");
	CHECK_EQ_INT(pkt.info.n_chains, 1, "CCK one chain");
	CHECK(!(pkt.info.flags & DVR_RX_SHORT_GI), "CCK: SPLCP is not SGI");
	phy[5] = 7 << 5 | 30;
	mkpkt(buf, 200, 4, 0, false, false, 0x00, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "CCK 1M ok");
	CHECK_EQ_INT(pkt.info.rssi_dbm[0], -94, "CCK power LNA7/VGA30");

	/* CRC error frame still parses (length trusted) */
	n = mkpkt(buf, 64, 4, 0, true, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "CRC ok");
	CHECK(pkt.crc_err && (pkt.info.flags & DVR_RX_FCS_BAD), "CRC flagged");

	/* Shift bytes move the frame, not the PHY status */
	n = mkpkt(buf, 64, 4, 2, false, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "shift ok");
	CHECK_EQ_INT(pkt.total_len, 24 + 32 + 2 + 64, "shift total_len");
	CHECK(pkt.frame == buf + 58, "shift frame position");

	/* C2H: no driver info, payload right after the descriptor */
	n = mkpkt(buf, 16, 0, 0, false, true, 0, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "C2H ok");
	CHECK(pkt.is_c2h && !pkt.has_fcs, "C2H flagged");
	CHECK(pkt.frame == buf + 24 && pkt.frame_len == 16, "C2H payload");
	CHECK_EQ_INT(buf[24], 0x40, "C2H payload byte");

	/* Truncated: descriptor short, frame short */
	n = mkpkt(buf, 500, 4, 0, false, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, 20, &pkt), DVR_E_OVERFLOW,
	             "descriptor truncated");
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n - 1, &pkt), DVR_E_OVERFLOW,
	             "frame truncated");

	/* Garbage */
	/* Zero-length frame: skipped on its own, the walk goes on (rtw88
	 * rtw_usb_rx_handler skips packets <= FCS and continues). */
	n = mkpkt(buf, 0, 4, 0, false, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, 200, &pkt), DVR_OK,
	             "zero length non-C2H parsed");
	CHECK_EQ_INT(pkt.total_len, 24 + 32, "zero length: next packet found");
	CHECK(pkt.frame_len == 0 && pkt.has_fcs && !pkt.is_c2h,
	      "zero length: reported as shorter than its FCS");
	mkpkt(buf, 100, 3, 0, false, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, 400, &pkt), DVR_E_INVALID,
	             "DRV_INFO_SIZE 3");
	put32(buf, 0x3FFF | 4u << 16);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, sizeof buf, &pkt),
	             DVR_E_INVALID, "length above max_rx_pkt");
	CHECK_EQ_INT(pkt.total_len, 24 + 32 + 0x3FFF,
	             "oversized packet: its extent is reported");
	CHECK(pkt.frame == NULL && pkt.frame_len == 0,
	      "oversized packet: no frame handed out");
	put32(buf, 100 | 3u << 16);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, 400, &pkt), DVR_E_INVALID,
	             "DRV_INFO_SIZE 3 again");
	CHECK_EQ_INT(pkt.total_len, 0, "corrupt descriptor: no extent");
	memset(buf, 0xFF, 64);
	CHECK(ops->parse_rx_pkt(&chip, buf, sizeof buf, &pkt) < 0,
	      "all-ones descriptor rejected");

	/* 1T1R: only path A reported */
	chip.id.is_1t1r = true;
	memset(phy, 0, sizeof phy);
	phy[0] = 40;
	phy[1] = 99;
	n = mkpkt(buf, 100, 4, 0, false, false, 0x0C, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "1T1R ok");
	CHECK_EQ_INT(pkt.info.n_chains, 1, "1T1R chains");
	CHECK_EQ_INT(pkt.info.signal_dbm, -70, "1T1R signal from path A");

	/* Legacy duplicate on an 80 MHz channel: RF mode 2, sub-channel 0 */
	chip.id.is_1t1r = false;
	phy[3] = 2 << 6;
	n = mkpkt(buf, 100, 4, 0, false, false, 0x04, 0, 0, phy);
	CHECK_EQ_INT(ops->parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK, "dup ok");
	CHECK_EQ_INT(pkt.info.bw_mhz, 80, "legacy bw from PHY status");
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 TX descriptor builder and RX parser take what differs
 * between family members from the chip data: here the 8812A's data with
 * one RF path and one stream (the shape of an 8821A/8811A) refuses what
 * one chain cannot send, and reports one chain on receive; a different
 * PHY status length is what the parser accepts; the CCK gain table is the
 * chip's hook.
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/hal.h"
#include "hal/jaguar1/jaguar1.h"

extern const struct dvr_chip_info rtl8812a_info;

/* RX packet: descriptor with drv_units x 8 bytes of driver info, rate
 * code, 64-byte frame. */
static size_t mkpkt(uint8_t *buf, unsigned drv_units, unsigned rate,
                    const uint8_t *phy)
{
	memset(buf, 0, 24);
	put32(buf, 64u | (drv_units & 0xF) << 16 | (drv_units ? 1u << 26 : 0));
	put32(buf + 12, rate & 0x7F);
	memcpy(buf + 24, phy, drv_units * 8);
	memset(buf + 24 + drv_units * 8, 0x40, 64);
	return 24 + drv_units * 8 + 64;
}

static int fixed_cck(uint8_t agc)
{
	return -(int)agc;
}

int main(void)
{
	struct dvr_chip_info one = rtl8812a_info;
	one.rf_paths = 1;
	one.max_nss = 1;
	struct dvr_chip chip = { .info = &one };
	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 40 };
	uint8_t d[40];
	struct dvr_tx_params tp = { .rate = { .kind = DVR_RATE_HT, .mcs = 7 } };
	struct dvr_tx_desc_req req = { .params = &tp, .frame_len = 100 };

	CHECK_EQ_INT(jaguar1_build_tx_desc(&chip, d, &req), 40,
	             "1 stream: HT MCS7 built");
	tp.rate.mcs = 8;
	CHECK_EQ_INT(jaguar1_build_tx_desc(&chip, d, &req), DVR_E_UNSUPPORTED,
	             "1 stream: HT MCS8 refused");
	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_VHT, .nss = 2, .mcs = 0 };
	CHECK_EQ_INT(jaguar1_build_tx_desc(&chip, d, &req), DVR_E_UNSUPPORTED,
	             "1 stream: VHT 2SS refused");
	tp.rate = (struct dvr_rate){ .kind = DVR_RATE_HT, .mcs = 0 };
	tp.stbc = 1;
	CHECK_EQ_INT(jaguar1_build_tx_desc(&chip, d, &req), DVR_E_UNSUPPORTED,
	             "1 chain: no STBC");
	chip.info = &rtl8812a_info;
	CHECK_EQ_INT(jaguar1_build_tx_desc(&chip, d, &req), 40,
	             "2 chains: STBC built");
	/* TXPKTSIZE's neighbour OFFSET is the chip's descriptor length. */
	CHECK_EQ_INT(d[2], 40, "descriptor length in dword 0");

	/* RX: one chain reported. */
	static uint8_t buf[512];
	uint8_t phy[32] = { 0 };
	phy[0] = 70;
	phy[1] = 90;
	phy[15] = 30;
	struct dvr_rx_pkt pkt;
	size_t n = mkpkt(buf, 4, 0x0B, phy);
	chip.info = &one;
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "1 path: OFDM parsed");
	CHECK_EQ_INT(pkt.info.n_chains, 1, "1 path: one chain");
	CHECK_EQ_INT(pkt.info.signal_dbm, -40, "1 path: path B ignored");
	chip.info = &rtl8812a_info;
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "2 paths: OFDM parsed");
	CHECK_EQ_INT(pkt.info.n_chains, 2, "2 paths: two chains");
	CHECK_EQ_INT(pkt.info.signal_dbm, -20, "2 paths: best is B");

	/* A 4-path member of the family: paths C and D from their own
	 * bytes (gain 23/24, SNR 21/22), streams 3 and 4 EVM from 19/20. */
	struct dvr_chip_info four = rtl8812a_info;
	four.rf_paths = 4;
	chip.info = &four;
	phy[23] = 60;
	phy[24] = 100;
	phy[16] = 20;
	phy[21] = 10;
	phy[22] = (uint8_t)-8;
	n = mkpkt(buf, 4, 0x0B, phy);
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "4 paths: OFDM parsed");
	CHECK_EQ_INT(pkt.info.n_chains, 4, "4 paths: four chains");
	CHECK(pkt.info.rssi_dbm[0] == -40 && pkt.info.rssi_dbm[1] == -20 &&
	      pkt.info.rssi_dbm[2] == -50 && pkt.info.rssi_dbm[3] == -10,
	      "4 paths: gain of A, B, C, D");
	CHECK(pkt.info.snr_db[0] == 15 && pkt.info.snr_db[1] == 10 &&
	      pkt.info.snr_db[2] == 5 && pkt.info.snr_db[3] == -4,
	      "4 paths: SNR of A, B, C, D");
	CHECK_EQ_INT(pkt.info.signal_dbm, -10, "4 paths: best is D");
	chip.info = &rtl8812a_info;
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "2 paths again: OFDM parsed");
	CHECK(pkt.info.n_chains == 2 && pkt.info.rssi_dbm[2] == 0 &&
	      pkt.info.snr_db[2] == 0 && pkt.info.signal_dbm == -20,
	      "2 paths: bytes of C and D not read");

	/* The PHY status length is chip data: a chip announcing 40 bytes
	 * accepts 5 units and refuses 4. */
	struct dvr_chip_info wide = rtl8812a_info;
	wide.phy_status_len = 40;
	wide.max_rx_pkt += 8;
	chip.info = &wide;
	uint8_t phy40[40] = { 0 };
	n = mkpkt(buf, 5, 0x0B, phy40);
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "40-byte PHY status chip: 5 units accepted");
	CHECK(pkt.frame == buf + 64, "frame after 40 bytes");
	n = mkpkt(buf, 4, 0x0B, phy);
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_E_INVALID,
	             "40-byte PHY status chip: 4 units refused");

	/* CCK RSSI comes from the chip's gain hook. */
	struct jaguar1_data jd = *jaguar1_data(&(struct dvr_chip){
		.info = &rtl8812a_info });
	jd.cck_rx_power = fixed_cck;
	struct dvr_chip_info cck = rtl8812a_info;
	cck.family_data = &jd;
	chip.info = &cck;
	memset(phy, 0, sizeof phy);
	phy[5] = 55;
	n = mkpkt(buf, 4, 0x00, phy);
	CHECK_EQ_INT(jaguar1_parse_rx_pkt(&chip, buf, n, &pkt), DVR_OK,
	             "CCK parsed");
	CHECK_EQ_INT(pkt.info.rssi_dbm[0], -55, "CCK power from the chip hook");
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812A TX descriptor: expected dwords are assembled here field by field
 * from rtw88 tx.h (RTW_TX_DESC_W*) and the vendor's SET_TX_DESC_*_8812
 * (rtl8812a_xmit.h) and compared with build_tx_desc; the checksum is
 * recomputed independently (rtw88 tx.h fill_txdesc_checksum_common).
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/hal.h"

extern const struct dvr_chip_info rtl8812a_info;

struct expect {
	unsigned len, bmc, macid, rate_id, rate, bw, sgi, ldpc, stbc;
	unsigned retry, hwseq, seq, sc;
};

static void build_expected(const struct expect *e, uint32_t dw[10])
{
	for (int i = 0; i < 10; i++)
		dw[i] = 0;
	dw[0] = field(15, 0, e->len) | field(23, 16, 40) | field(24, 24, e->bmc) |
	        field(26, 26, 1) | field(27, 27, 1) | field(31, 31, 1);
	dw[1] = field(6, 0, e->macid) | field(12, 8, 0x12) | field(20, 16, e->rate_id);
	dw[3] = field(8, 8, 1) | field(10, 10, 1);
	dw[4] = field(6, 0, e->rate) | field(12, 8, 0x1F) | field(17, 17, 1) |
	        field(23, 18, e->retry);
	dw[5] = field(3, 0, e->sc) | field(4, 4, e->sgi) | field(6, 5, e->bw) |
	        field(7, 7, e->ldpc) | field(9, 8, e->stbc);
	dw[8] = field(15, 15, e->hwseq);
	dw[9] = field(23, 12, e->seq);
	/* checksum: XOR of the 16 LE half-words of the first 32 bytes */
	uint16_t x = 0;
	for (int i = 0; i < 8; i++)
		x ^= (uint16_t)(dw[i] & 0xFFFF) ^ (uint16_t)(dw[i] >> 16);
	dw[7] |= x;
}

static void check_vector(const char *name, struct dvr_chip *chip,
                         const struct dvr_tx_params *tp, size_t len,
                         bool group, uint16_t seq, const struct expect *e)
{
	uint8_t d[64];
	uint32_t want[10];
	char what[160];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len,
	                               .group_addressed = group, .seq = seq };

	memset(d, 0xAA, sizeof d);
	int n = chip->info->ops->build_tx_desc(chip, d, &req);
	snprintf(what, sizeof what, "%s: returns 40", name);
	CHECK_EQ_INT(n, 40, what);
	build_expected(e, want);
	for (int i = 0; i < 10; i++) {
		snprintf(what, sizeof what, "%s: dword %d", name, i);
		CHECK_EQ_HEX(le32(d + 4 * i), want[i], what);
	}
	/* independent checksum over the produced bytes */
	uint16_t x = 0;
	for (int i = 0; i < 32; i += 2)
		if (i != 28)
			x ^= (uint16_t)(d[i] | d[i + 1] << 8);
	snprintf(what, sizeof what, "%s: checksum", name);
	CHECK_EQ_HEX(d[28] | d[29] << 8, x, what);
	snprintf(what, sizeof what, "%s: nothing past 40 bytes", name);
	CHECK(d[40] == 0xAA, what);
}

static int build(struct dvr_chip *chip, const struct dvr_tx_params *tp,
                 size_t len)
{
	uint8_t d[40];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len };
	return chip->info->ops->build_tx_desc(chip, d, &req);
}

int main(void)
{
	struct dvr_chip chip = { .info = &rtl8812a_info };
	struct dvr_tx_params tp;

	chip.channel = (struct dvr_channel){ .channel = 6, .bw_mhz = 40,
	                                     .secondary = 1 };

	/* OFDM 6M, unicast, 3 retries, HW sequence */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_LEGACY,
	                                       .legacy_500k = 12 },
	                             .retries = 3 };
	/* legacy PPDUs are 20 MHz: on the HT40+ channel they go out on the
	 * primary (lower) 20 MHz, DATA_SC = 2 */
	check_vector("legacy 6M", &chip, &tp, 100, false, 0,
	             &(struct expect){ .len = 100, .macid = 1, .rate_id = 7,
	                               .rate = 0x04, .retry = 3, .hwseq = 1,
	                               .sc = 2 });
	/* CCK 1M broadcast, no ack */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_LEGACY,
	                                       .legacy_500k = 2 },
	                             .no_ack = true, .retries = 7 };
	check_vector("CCK 1M noack bmc", &chip, &tp, 60, true, 0,
	             &(struct expect){ .len = 60, .bmc = 1, .macid = 1,
	                               .rate_id = 8, .rate = 0x00, .retry = 0,
	                               .hwseq = 1, .sc = 2 });
	/* HT MCS0 20 MHz inside the 40 MHz channel: primary is the lower 20
	 * (HT40+), so DATA_SC = 2 */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 0 },
	                             .bw_mhz = 20 };
	check_vector("HT MCS0 20", &chip, &tp, 1500, false, 0,
	             &(struct expect){ .len = 1500, .macid = 1, .rate_id = 3,
	                               .rate = 0x0C, .hwseq = 1, .sc = 2 });
	/* HT MCS7 40 MHz SGI */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 7 },
	                             .bw_mhz = 40, .short_gi = true,
	                             .retries = 2 };
	check_vector("HT MCS7 40 SGI", &chip, &tp, 1500, false, 0,
	             &(struct expect){ .len = 1500, .macid = 1, .rate_id = 1,
	                               .rate = 0x13, .bw = 1, .sgi = 1,
	                               .retry = 2, .hwseq = 1 });
	/* HT MCS15 LDPC; HT MCS7 STBC */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 15 },
	                             .bw_mhz = 20, .ldpc = true };
	check_vector("HT MCS15 LDPC", &chip, &tp, 2000, false, 0,
	             &(struct expect){ .len = 2000, .macid = 1, .rate_id = 2,
	                               .rate = 0x1B, .ldpc = 1, .hwseq = 1,
	                               .sc = 2 });
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 7 },
	                             .bw_mhz = 40, .stbc = 1, .ldpc = true };
	check_vector("HT MCS7 STBC LDPC", &chip, &tp, 2000, false, 0,
	             &(struct expect){ .len = 2000, .macid = 1, .rate_id = 1,
	                               .rate = 0x13, .bw = 1, .ldpc = 1,
	                               .stbc = 1, .hwseq = 1 });

	/* 5 GHz, 80 MHz channel 36 */
	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 80 };
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 9,
	                                       .nss = 1 },
	                             .bw_mhz = 80, .short_gi = true };
	check_vector("VHT 1SS MCS9 80", &chip, &tp, 4000, false, 0,
	             &(struct expect){ .len = 4000, .macid = 1, .rate_id = 10,
	                               .rate = 0x35, .bw = 2, .sgi = 1,
	                               .hwseq = 1 });
	/* VHT 2SS MCS3 40 MHz in the 80 MHz channel: 36 is in the lower
	 * 40 -> DATA_SC 10; keep_seq */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 3,
	                                       .nss = 2 },
	                             .bw_mhz = 40, .keep_seq = true,
	                             .no_ack = true };
	check_vector("VHT 2SS MCS3 40 keep_seq", &chip, &tp, 300, true, 0xABC,
	             &(struct expect){ .len = 300, .bmc = 1, .macid = 1,
	                               .rate_id = 9, .rate = 0x39, .bw = 1,
	                               .seq = 0xABC, .sc = 10 });
	/* keep_seq keeps only 12 bits */
	tp.bw_mhz = 80;
	check_vector("VHT 2SS seq wraps", &chip, &tp, 300, false, 0xF123,
	             &(struct expect){ .len = 300, .macid = 1, .rate_id = 9,
	                               .rate = 0x39, .bw = 2, .seq = 0x123 });

	/* --- vectors the chip cannot send --- */
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 0,
	                                       .nss = 3 }, .bw_mhz = 80 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "VHT nss 3");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 16 },
	                             .bw_mhz = 20 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "HT MCS16");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 10,
	                                       .nss = 1 }, .bw_mhz = 80 };
	CHECK(build(&chip, &tp, 100) < 0, "VHT MCS10 rejected");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 0 },
	                             .bw_mhz = 80 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "HT at 80 MHz");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 0,
	                                       .nss = 1 }, .bw_mhz = 160 };
	CHECK(build(&chip, &tp, 100) < 0, "160 MHz rejected");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_LEGACY,
	                                       .legacy_500k = 2 } };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "CCK on 5 GHz");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_LEGACY,
	                                       .legacy_500k = 13 } };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_INVALID, "bogus legacy rate");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_LEGACY,
	                                       .legacy_500k = 12 } };
	CHECK_EQ_INT(build(&chip, &tp, 4092), DVR_E_OVERFLOW,
	             "legacy frame above the L-SIG limit");
	CHECK_EQ_INT(build(&chip, &tp, 0), DVR_E_INVALID, "empty frame");
	CHECK_EQ_INT(build(&chip, &tp, rtl8812a_info.max_tx_frame + 1),
	             DVR_E_OVERFLOW, "frame above max_tx_frame");
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 0,
	                                       .nss = 2 },
	                             .bw_mhz = 80, .stbc = 1 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "STBC with 2 streams");

	chip.id.is_1t1r = true;
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_HT, .mcs = 0 },
	                             .bw_mhz = 20, .stbc = 1 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "STBC on 1T1R");
	tp.stbc = 0;
	CHECK_EQ_INT(build(&chip, &tp, 100), 40, "1SS fine on 1T1R");
	tp.rate.mcs = 8;
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED, "MCS8 on 1T1R");

	chip.id.is_1t1r = false;
	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	tp = (struct dvr_tx_params){ .rate = { .kind = DVR_RATE_VHT, .mcs = 0,
	                                       .nss = 1 }, .bw_mhz = 40 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_INVALID,
	             "wider than the tuned channel");
	return check_done();
}

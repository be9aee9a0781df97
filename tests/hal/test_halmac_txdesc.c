/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The HalMAC 48-byte TX descriptor, as the RTL8822C uses it. One vector is
 * spelled out byte by byte, worked out by hand from the field map (vendor
 * halmac_tx_desc_nic.h) including its checksum; the others are assembled
 * field by field here and the checksum (XOR of the 24 little-endian
 * half-words, checksum field as 0) is recomputed independently. The
 * Jaguar2 checksum rule (the first 32 bytes alone) is checked on the same
 * descriptors.
 */
#include "../check.h"
#include "../le_bytes.h"
#include "hal/halmac/halmac.h"
#include "hal/rtl8822c/rtl8822c.h"

static uint16_t xor_words(const uint8_t *d, size_t n)
{
	uint16_t x = 0;
	for (size_t i = 0; i < n; i += 2)
		if (i != 28)
			x ^= (uint16_t)(d[i] | d[i + 1] << 8);
	return x;
}

struct expect {
	unsigned len, bmc, rate_id, rate, bw, sgi, ldpc, stbc, retry, hwseq,
	         seq, sc;
};

static void check_vector(const char *name, const struct dvr_chip *chip,
                         const struct dvr_tx_params *tp, size_t len,
                         bool group, uint16_t seq, const struct expect *e)
{
	uint8_t d[64];
	uint32_t want[12] = { 0 };
	char what[160];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len,
	                               .group_addressed = group, .seq = seq };

	memset(d, 0xAA, sizeof d);
	int n = chip->info->ops->build_tx_desc(chip, d, &req);
	snprintf(what, sizeof what, "%s: returns 48", name);
	CHECK_EQ_INT(n, 48, what);
	want[0] = field(15, 0, e->len) | field(23, 16, 48) | field(24, 24, e->bmc) |
	          field(26, 26, 1) | field(31, 31, 1);
	want[1] = field(6, 0, 1) | field(12, 8, 0x12) | field(20, 16, e->rate_id);
	want[2] = field(29, 24, 0x3F);
	want[3] = field(8, 8, 1) | field(10, 10, 1);
	want[4] = field(6, 0, e->rate) | field(17, 17, 1) | field(23, 18, e->retry);
	want[5] = field(3, 0, e->sc) | field(4, 4, e->sgi) | field(6, 5, e->bw) |
	          field(7, 7, e->ldpc) | field(9, 8, e->stbc);
	want[8] = field(15, 15, e->hwseq);
	want[9] = field(23, 12, e->seq);
	for (int i = 0; i < 12; i++) {
		if (i == 7)
			continue;
		snprintf(what, sizeof what, "%s: dword %d", name, i);
		CHECK_EQ_HEX(le32(d + 4 * i), want[i], what);
	}
	snprintf(what, sizeof what, "%s: checksum over 48 bytes", name);
	CHECK_EQ_HEX(le32(d + 28), xor_words(d, 48), what);
	snprintf(what, sizeof what, "%s: nothing past 48 bytes", name);
	CHECK(d[48] == 0xAA, what);
}

static int build(const struct dvr_chip *chip, const struct dvr_tx_params *tp,
                 size_t len)
{
	uint8_t d[48];
	struct dvr_tx_desc_req req = { .params = tp, .frame_len = len };
	return chip->info->ops->build_tx_desc(chip, d, &req);
}

#define RATE_HT(m) { .kind = DVR_RATE_HT, .mcs = (m) }
#define RATE_VHT(n, m) { .kind = DVR_RATE_VHT, .nss = (n), .mcs = (m) }
#define RATE_LEG(r) { .kind = DVR_RATE_LEGACY, .legacy_500k = (r) }

int main(void)
{
	struct dvr_chip chip = { .info = &rtl8822c_info };
	struct dvr_tx_params tp;

	/* Exact bytes: OFDM 6M, 100 bytes, unicast, 3 retries, HW seq,
	 * channel 36 / 20 MHz. dw0 = 100 | 48 << 16 | LS | DISQSELSEQ =
	 * 0x84300064; dw1 = MACID 1 | QSEL 0x12 << 8 | RATE_ID 7 << 16;
	 * dw2 = G_ID 0x3F << 24; dw3 = USE_RATE | DISDATAFB = 0x500;
	 * dw4 = 0x04 | RTY_LMT_EN | 3 << 18 = 0x000E0004; dw8 = EN_HWSEQ.
	 * Checksum: 0x0064 ^ 0x8430 ^ 0x1201 ^ 0x0007 ^ 0x3F00 ^ 0x0500 ^
	 * 0x0004 ^ 0x000E ^ 0x8000 = 0x2C58. */
	static const uint8_t exact[48] = {
		0x64, 0x00, 0x30, 0x84, 0x01, 0x12, 0x07, 0x00,
		0x00, 0x00, 0x00, 0x3F, 0x00, 0x05, 0x00, 0x00,
		0x04, 0x00, 0x0E, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x58, 0x2C, 0x00, 0x00,
		0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	};
	uint8_t d[48];
	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(12), .retries = 3 };
	struct dvr_tx_desc_req req = { .params = &tp, .frame_len = 100 };
	CHECK_EQ_INT(rtl8822c_info.ops->build_tx_desc(&chip, d, &req), 48,
	             "6M: 48 bytes");
	CHECK_MEM(d, exact, 48, "6M: every byte as worked out by hand");

	/* 2.4 GHz HT40+ on channel 6: the primary is the lower 20 MHz. */
	chip.channel = (struct dvr_channel){ .channel = 6, .bw_mhz = 40,
	                                     .secondary = 1 };
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(2), .no_ack = true,
	                             .retries = 9 };
	check_vector("CCK 1M bmc noack", &chip, &tp, 60, true, 0,
	             &(struct expect){ .len = 60, .bmc = 1, .rate_id = 8,
	                               .rate = 0, .hwseq = 1, .sc = 2 });
	tp = (struct dvr_tx_params){ .rate = RATE_HT(7), .bw_mhz = 40,
	                             .short_gi = true, .retries = 2 };
	check_vector("HT MCS7 40 SGI", &chip, &tp, 1500, false, 0,
	             &(struct expect){ .len = 1500, .rate_id = 1, .rate = 0x13,
	                               .bw = 1, .sgi = 1, .retry = 2,
	                               .hwseq = 1 });
	tp = (struct dvr_tx_params){ .rate = RATE_HT(15), .bw_mhz = 20,
	                             .ldpc = true, .keep_seq = true };
	check_vector("HT MCS15 20 LDPC keep seq", &chip, &tp, 2000, false,
	             0x123, &(struct expect){ .len = 2000, .rate_id = 2,
	                                      .rate = 0x1B, .ldpc = 1,
	                                      .seq = 0x123, .sc = 2 });
	tp = (struct dvr_tx_params){ .rate = RATE_HT(3), .bw_mhz = 20,
	                             .stbc = 1, .retries = 200 };
	check_vector("HT MCS3 STBC, retries capped", &chip, &tp, 300, false, 0,
	             &(struct expect){ .len = 300, .rate_id = 3, .rate = 0x0F,
	                               .stbc = 1, .retry = 63, .hwseq = 1,
	                               .sc = 2 });

	/* 5 GHz 80 MHz with primary 44: the block 36-48 has 36 lowest,
	 * 40 lower, 44 upper, 48 uppermost; a 40 MHz frame sits in the
	 * upper 40 (code 9), a 20 MHz one in the upper 20 (code 1). */
	chip.channel = (struct dvr_channel){ .channel = 44, .bw_mhz = 80 };
	tp = (struct dvr_tx_params){ .rate = RATE_VHT(2, 9), .bw_mhz = 80,
	                             .ldpc = true, .short_gi = true };
	check_vector("VHT 2SS MCS9 80", &chip, &tp, 4000, false, 0,
	             &(struct expect){ .len = 4000, .rate_id = 9, .rate = 0x3F,
	                               .bw = 2, .ldpc = 1, .sgi = 1,
	                               .hwseq = 1 });
	tp = (struct dvr_tx_params){ .rate = RATE_VHT(1, 4), .bw_mhz = 40 };
	check_vector("VHT 1SS MCS4 40 in 80", &chip, &tp, 1000, false, 0,
	             &(struct expect){ .len = 1000, .rate_id = 10, .rate = 0x30,
	                               .bw = 1, .hwseq = 1, .sc = 9 });
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(108) };
	check_vector("54M in 80", &chip, &tp, 1000, false, 0,
	             &(struct expect){ .len = 1000, .rate_id = 7, .rate = 0x0B,
	                               .hwseq = 1, .sc = 1 });

	/* Impossible vectors are refused. */
	tp = (struct dvr_tx_params){ .rate = RATE_HT(16), .bw_mhz = 20 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "HT MCS16 (3 streams) refused");
	tp = (struct dvr_tx_params){ .rate = RATE_VHT(3, 0), .bw_mhz = 80 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "VHT 3 streams refused");
	tp = (struct dvr_tx_params){ .rate = RATE_HT(1), .bw_mhz = 80 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "HT at 80 MHz refused");
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(2) };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "CCK on 5 GHz refused");
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(12), .short_gi = true };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "short GI on a legacy rate refused");
	tp = (struct dvr_tx_params){ .rate = RATE_HT(9), .bw_mhz = 20,
	                             .stbc = 1 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "STBC on 2 streams refused");
	tp = (struct dvr_tx_params){ .rate = RATE_VHT(1, 9), .bw_mhz = 20 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_INVALID,
	             "VHT 1SS MCS9 at 20 MHz does not exist");
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(13) };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_INVALID,
	             "6.5 Mbit/s legacy rate does not exist");
	tp = (struct dvr_tx_params){ .rate = RATE_LEG(12) };
	CHECK_EQ_INT(build(&chip, &tp, 4092), DVR_E_OVERFLOW,
	             "legacy frame above the L-SIG length refused");
	tp = (struct dvr_tx_params){ .rate = RATE_VHT(1, 0), .bw_mhz = 80 };
	CHECK_EQ_INT(build(&chip, &tp, 11451), DVR_E_OVERFLOW,
	             "frame above the VHT MPDU limit refused");
	CHECK_EQ_INT(build(&chip, &tp, 0), DVR_E_INVALID, "empty frame");
	chip.channel = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_INVALID,
	             "80 MHz frame on a 20 MHz channel refused");
	chip.id.is_1t1r = true;
	tp = (struct dvr_tx_params){ .rate = RATE_HT(8), .bw_mhz = 20 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "2 streams on a 1T1R die refused");
	tp = (struct dvr_tx_params){ .rate = RATE_HT(0), .bw_mhz = 20,
	                             .stbc = 1 };
	CHECK_EQ_INT(build(&chip, &tp, 100), DVR_E_UNSUPPORTED,
	             "STBC on a 1T1R die refused");
	chip.id.is_1t1r = false;

	/* Checksum span follows PKT_OFFSET: 8 padding bytes count. */
	uint8_t pad[56];
	memcpy(pad, exact, 48);
	for (int i = 48; i < 56; i++)
		pad[i] = (uint8_t)(0x11 * (i - 47));
	pad[7] = 0x01;   /* PKT_OFFSET = 1 (dword 1 [28:24]) */
	halmac_txdesc_fill_checksum(&rtl8822c_halmac, pad);
	CHECK_EQ_HEX(pad[28] | pad[29] << 8, xor_words(pad, 56),
	             "checksum covers the PKT_OFFSET padding");
	CHECK(xor_words(pad, 56) != xor_words(pad, 48),
	      "padding changes the checksum (the test can fail)");

	/* Jaguar2 (rtw88 rtw8822b_fill_txdesc_checksum): the first 32
	 * bytes, whatever follows and whatever PKT_OFFSET says. */
	const struct halmac_data j2 = { .txdesc_csum_full = false };
	halmac_txdesc_fill_checksum(&j2, pad);
	CHECK_EQ_HEX(pad[28] | pad[29] << 8, xor_words(pad, 32),
	             "Jaguar2: checksum over the first 32 bytes only");
	CHECK(xor_words(pad, 32) != xor_words(pad, 56),
	      "... which differs from the 8822C's (the test can fail)");

	/* Firmware-bound packets. */
	halmac_fw_pkt_desc(&rtl8822c_halmac, d, 4096, HALMAC_QSEL_BEACON);
	CHECK_EQ_HEX(le32(d), 4096u | 48u << 16 | 1u << 26,
	             "reserved-page chunk: size, OFFSET 48, LS");
	CHECK_EQ_HEX(le32(d + 4), 0x10u << 8, "reserved-page chunk: QSEL");
	CHECK_EQ_HEX(le32(d + 28), xor_words(d, 48), "chunk checksum");
	halmac_fw_pkt_desc(&rtl8822c_halmac, d, 32, HALMAC_QSEL_H2C);
	CHECK_EQ_HEX(le32(d), 32u, "H2C: size only, OFFSET 0");
	CHECK_EQ_HEX(le32(d + 4), 0x13u << 8, "H2C: QSEL");
	return check_done();
}

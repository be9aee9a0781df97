/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radiotap parse and build (libdevourer/src/radiotap.c). The input is a
 * radiotap header an injector could put in front of a frame. Oracle:
 * whatever TX vector dvr_radiotap_parse_tx accepts, merged over the
 * defaults as dvr_send merges it, is built back into a header by
 * dvr_radiotap_build_tx whenever radiotap can express it, and parsing
 * that header gives the same vector again. The same bytes read as a
 * received frame's info must build an RX header the reader accepts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/radiotap.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_radiotap: " __VA_ARGS__);              \
		abort();                                                     \
	} while (0)

/* Radiotap has a field for every rate; bandwidth only as HT's 20/40 and
 * VHT's codes. */
static bool expressible(const struct dvr_tx_params *p)
{
	switch (p->rate.kind) {
	case DVR_RATE_LEGACY:
		return p->rate.legacy_500k != 0;
	case DVR_RATE_HT:
		return p->bw_mhz == 20 || p->bw_mhz == 40;
	case DVR_RATE_VHT:
		return p->bw_mhz == 20 || p->bw_mhz == 40 || p->bw_mhz == 80 ||
		       p->bw_mhz == 160;
	default:
		return false;
	}
}

static bool same_vector(const struct dvr_tx_params *a,
                        const struct dvr_tx_params *b)
{
	return a->rate.kind == b->rate.kind &&
	       a->rate.legacy_500k == b->rate.legacy_500k &&
	       a->rate.mcs == b->rate.mcs && a->rate.nss == b->rate.nss &&
	       a->bw_mhz == b->bw_mhz && a->short_gi == b->short_gi &&
	       a->ldpc == b->ldpc && (a->stbc != 0) == (b->stbc != 0) &&
	       (a->rate.kind != DVR_RATE_HT || a->stbc == b->stbc) &&
	       a->no_ack == b->no_ack && a->keep_seq == b->keep_seq &&
	       a->has_tx_power == b->has_tx_power &&
	       (!a->has_tx_power || a->tx_power_dbm == b->tx_power_dbm);
}

static void tx_round_trip(const uint8_t *data, size_t size)
{
	struct dvr_radiotap_tx rt;
	if (dvr_radiotap_parse_tx(data, size, &rt) != DVR_OK)
		return;
	if (rt.header_len < 8 || rt.header_len > size)
		FAIL("header length %zu of %zu bytes\n", rt.header_len, size);

	/* dvr_open's defaults: OFDM 6 Mbit/s, 20 MHz. */
	struct dvr_tx_params defaults = {
		.rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
		.bw_mhz = 20,
	};
	struct dvr_tx_params v;
	dvr_radiotap_merge(&rt, &defaults, &v);

	uint8_t hdr[64];
	size_t n = dvr_radiotap_build_tx(&v, hdr, sizeof hdr);
	if (n == 0) {
		if (expressible(&v))
			FAIL("an expressible vector built no header\n");
		return;
	}
	struct dvr_radiotap_tx back;
	if (dvr_radiotap_parse_tx(hdr, n, &back) != DVR_OK)
		FAIL("a header we built does not parse\n");
	if (back.header_len != n)
		FAIL("built %zu bytes, parsed %zu\n", n, back.header_len);
	struct dvr_tx_params v2;
	dvr_radiotap_merge(&back, &defaults, &v2);
	if (!same_vector(&v, &v2))
		FAIL("round trip changed the vector: kind %u/%u rate %u/%u "
		     "mcs %u/%u nss %u/%u bw %u/%u sgi %d/%d ldpc %d/%d "
		     "stbc %u/%u\n",
		     v.rate.kind, v2.rate.kind, v.rate.legacy_500k,
		     v2.rate.legacy_500k, v.rate.mcs, v2.rate.mcs, v.rate.nss,
		     v2.rate.nss, v.bw_mhz, v2.bw_mhz, v.short_gi, v2.short_gi,
		     v.ldpc, v2.ldpc, v.stbc, v2.stbc);
}

/* The RX builder takes any info the chip parsers may fill: never more
 * than 128 bytes, never a header our reader refuses when the rate is
 * one the reader knows. */
static void rx_build(const uint8_t *data, size_t size)
{
	if (size < 24)
		return;
	struct dvr_rx_info info;
	memset(&info, 0, sizeof info);
	info.flags = data[0];
	info.rate.kind = data[1] % 4;
	info.rate.legacy_500k = data[2];
	info.rate.mcs = data[3];
	info.rate.nss = data[4];
	info.bw_mhz = (uint16_t)(data[5] | data[6] << 8);
	info.channel = data[7];
	info.freq_mhz = (uint16_t)(data[8] | data[9] << 8);
	info.n_chains = data[10];
	memcpy(info.rssi_dbm, data + 11, DVR_MAX_CHAINS);
	info.signal_dbm = (int8_t)data[15];
	memcpy(&info.tsf_us, data + 16, sizeof info.tsf_us);

	uint8_t hdr[128];
	size_t n = dvr_radiotap_build_rx(&info, hdr, sizeof hdr);
	if (n == 0)
		FAIL("128 bytes did not suffice for an RX header\n");
	bool known;
	switch (info.rate.kind) {
	case DVR_RATE_LEGACY:
		known = info.rate.legacy_500k == 0 ||
		        dvr_phy_rate_kbps(&info.rate, 20, false) != 0;
		break;
	case DVR_RATE_HT:
		known = true; /* an index above 31 is left out, not written */
		break;
	case DVR_RATE_VHT:
		known = info.rate.mcs > 9 || info.rate.nss < 1 ||
		        info.rate.nss > 8 ||
		        (info.rate.nss <= DVR_MAX_CHAINS);
		break;
	default:
		known = true;
	}
	struct dvr_radiotap_tx back;
	int st = dvr_radiotap_parse_tx(hdr, n, &back);
	if (known && st != DVR_OK)
		FAIL("an RX header we built does not parse\n");
	if (st == DVR_OK && back.header_len != n)
		FAIL("RX header: built %zu bytes, parsed %zu\n", n,
		     back.header_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tx_round_trip(data, size);
	rx_build(data, size);
	return 0;
}

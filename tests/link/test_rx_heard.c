/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the radio said about a frame reaches the packet the frame
 * completed (dvr_link_rx_push_heard, dvr_link_rx_packet_heard): the TSF,
 * signal, chains, channel and adapter of the frame that carried each
 * packet, or, for a packet rebuilt from parity, of the frame whose
 * arrival made the rebuild possible; plain dvr_link_rx_push frames carry
 * no TSF. Each frame is given the TSF 1000 + its index on the air, so a
 * packet's TSF names its frame.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"
#include "tests/link/link_air.h"

#define MAX_PKTS 64

struct got {
	size_t count;
	uint8_t id[MAX_PKTS];
	struct dvr_link_rx_heard heard[MAX_PKTS];
	int status[MAX_PKTS];
	struct dvr_link_rx *rx;
};

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct got *g = user;
	if (g->count >= MAX_PKTS || len < 1)
		return;
	g->id[g->count] = data[0];
	g->status[g->count] = dvr_link_rx_packet_heard(g->rx,
	                                               &g->heard[g->count]);
	g->count++;
}

static struct dvr_link_keys drone_keys, gs_keys;

/* Data fragment index of air frame @p i (UINT32_MAX: a session packet). */
static unsigned frag_of(const struct link_air *a, size_t i)
{
	if (link_air_is_session(a, i))
		return UINT32_MAX;
	const uint8_t *p = a->f[i] + DVR_LINK_IEEE80211_HDR_LEN;
	return p[8]; /* the low byte of the big-endian nonce after the type */
}

/* k=4 n=6: @p packets one-byte packets (their number) on the air. */
static void make_air(struct link_air *a, unsigned packets)
{
	struct dvr_link_tx_config c = { .link_id = 0x4242, .k = 4, .n = 6,
		                        .fec_timeout_ms = 0 };
	struct dvr_link_tx *tx = NULL;
	if (dvr_link_tx_new(&c, &drone_keys, link_air_record, a, &tx) !=
	    DVR_OK)
		return;
	for (unsigned i = 0; i < packets; i++) {
		uint8_t b = (uint8_t)i;
		dvr_link_tx_send(tx, &b, 1, 0);
	}
	dvr_link_tx_flush(tx, 0);
	dvr_link_tx_free(tx);
}

static struct dvr_link_rx *make_rx(struct got *g)
{
	struct dvr_link_rx_config c = { .link_id = 0x4242 };
	if (dvr_link_rx_new(&c, &gs_keys, on_packet, g, &g->rx) != DVR_OK)
		return NULL;
	return g->rx;
}

static struct dvr_link_rx_heard heard_of(size_t i)
{
	struct dvr_link_rx_heard h = {
		.tsf_us = 1000 + i, .has_tsf = true, .rssi_dbm = -40 - (int)(i % 7),
		.n_chains = 2, .chain_rssi_dbm = { -41, -43 },
		.channel = 149, .freq_mhz = 5745,
	};
	return h;
}

static void test_lossless(void)
{
	struct link_air a = { 0 };
	struct got g = { 0 };
	make_air(&a, 8);
	struct dvr_link_rx *rx = make_rx(&g);
	for (size_t i = 0; i < a.count; i++) {
		struct dvr_link_rx_heard h = heard_of(i);
		dvr_link_rx_push_heard(rx, 2, &h, a.f[i], a.len[i], 0);
	}
	CHECK_EQ_INT(g.count, 8, "every packet delivered");
	bool ok = true, rising = true;
	for (size_t p = 0; p < g.count; p++) {
		const struct dvr_link_rx_heard *h = &g.heard[p];
		size_t f = (size_t)(h->tsf_us - 1000);
		/* The frame named carries this packet's own fragment. */
		ok &= g.status[p] == DVR_OK && h->has_tsf && f < a.count &&
		      frag_of(&a, f) == p % 4 && h->adapter == 2 &&
		      h->channel == 149 && h->freq_mhz == 5745 &&
		      h->rssi_dbm == heard_of(f).rssi_dbm && h->n_chains == 2 &&
		      h->chain_rssi_dbm[0] == -41 && h->chain_rssi_dbm[1] == -43;
		if (p > 0 && h->tsf_us <= g.heard[p - 1].tsf_us)
			rising = false;
	}
	CHECK(ok, "each packet carries its own frame's TSF, signal, chains, "
	          "channel and adapter");
	CHECK(rising, "with no loss the TSFs rise strictly, packet by packet");
	struct dvr_link_rx_heard out;
	CHECK_EQ_INT(dvr_link_rx_packet_heard(rx, &out), DVR_E_STATE,
	             "outside the packet callback: DVR_E_STATE");
	CHECK_EQ_INT(dvr_link_rx_packet_heard(rx, NULL), DVR_E_INVALID,
	             "NULL out refused");
	CHECK_EQ_INT(dvr_link_rx_packet_heard(NULL, &out), DVR_E_INVALID,
	             "NULL receiver refused");
	dvr_link_rx_free(rx);
	link_air_clear(&a);
}

/* Data fragment 1 of the first block lost: packet 1 is rebuilt when the
 * block's fourth fragment (the first parity) arrives, and carries that
 * frame's TSF; packets 2 and 3, held back behind it, keep their own. */
static void test_rebuilt(void)
{
	struct link_air a = { 0 };
	struct got g = { 0 };
	make_air(&a, 4);
	struct dvr_link_rx *rx = make_rx(&g);
	size_t lost = SIZE_MAX, parity = SIZE_MAX;
	for (size_t i = 0; i < a.count; i++) {
		unsigned f = frag_of(&a, i);
		if (f == 1 && lost == SIZE_MAX) {
			lost = i;
			continue;
		}
		if (f == 4 && parity == SIZE_MAX)
			parity = i;
		struct dvr_link_rx_heard h = heard_of(i);
		dvr_link_rx_push_heard(rx, 0, &h, a.f[i], a.len[i], 0);
	}
	CHECK(g.count == 4 && g.id[1] == 1, "the lost packet was rebuilt");
	if (g.count == 4) {
		CHECK(g.heard[1].tsf_us == 1000 + parity,
		      "the rebuilt packet carries the parity frame's TSF");
		CHECK(g.heard[2].tsf_us < g.heard[1].tsf_us &&
		      frag_of(&a, (size_t)(g.heard[2].tsf_us - 1000)) == 2,
		      "the packet after it keeps its own, earlier frame's");
	}
	dvr_link_rx_free(rx);
	link_air_clear(&a);
}

/* dvr_link_rx_push: no TSF, the signal it was given. */
static void test_plain_push(void)
{
	struct link_air a = { 0 };
	struct got g = { 0 };
	make_air(&a, 2);
	struct dvr_link_rx *rx = make_rx(&g);
	for (size_t i = 0; i < a.count; i++)
		dvr_link_rx_push(rx, 1, -55, a.f[i], a.len[i], 0);
	CHECK(g.count == 2 && !g.heard[0].has_tsf && g.heard[0].tsf_us == 0 &&
	      g.heard[0].rssi_dbm == -55 && g.heard[0].adapter == 1 &&
	      g.heard[0].n_chains == 0,
	      "dvr_link_rx_push: no TSF, its RSSI and adapter");
	CHECK_EQ_INT(dvr_link_rx_push_heard(rx, DVR_LINK_MAX_ADAPTERS, NULL,
	                                    a.f[0], a.len[0], 0),
	             DVR_E_INVALID, "adapter out of range refused");
	dvr_link_rx_free(rx);
	link_air_clear(&a);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	test_lossless();
	test_rebuilt();
	test_plain_push();
	return check_done();
}

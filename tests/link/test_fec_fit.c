/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DVR_LINK_FEC_FIT: what it sends for each video frame, and that it keeps
 * the protection of the configured k/n.
 *
 * 1. Frames per video frame are what the policy says: the current
 *    session's blocks (fillers in the last) when those are fewer frames,
 *    else a new session of k' = the frame's packets and n' = k' + (n-k),
 *    announced n-k+1 times before its block. Checked against a table
 *    worked out by hand for 8/12, and the receiver reports the session
 *    the last frame used.
 * 2. Loss: n-k of every video frame's radio frames (announcements
 *    included) dropped at random, for random frame sizes; the receiver
 *    delivers every packet, in order, intact, and counts nothing lost.
 *    The same for DVR_LINK_FEC_FIXED. One loss more in a block's data and
 *    parity loses a packet: the tolerance is exactly n-k, not more.
 */
#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define MAX_AIR 512                    /* radio frames of one video frame */
#define PKT_MAX 300

struct air {
	unsigned count;
	size_t len[MAX_AIR];
	uint8_t frame[MAX_AIR][DVR_LINK_IEEE80211_HDR_LEN + PKT_MAX + 64];
	bool overflow;
};

static int on_frame(void *user, const uint8_t *frame, size_t len)
{
	struct air *a = user;
	if (a->count == MAX_AIR || len > sizeof(a->frame[0])) {
		a->overflow = true;
		return -1;
	}
	memcpy(a->frame[a->count], frame, len);
	a->len[a->count++] = len;
	return 0;
}

struct delivered {
	uint32_t next;           /* sequence number expected next */
	uint32_t bad;            /* out of order or corrupted */
};

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct delivered *d = user;
	uint32_t seq = 0;
	if (len >= 4)
		seq = (uint32_t)data[0] << 24 | (uint32_t)data[1] << 16 |
		      (uint32_t)data[2] << 8 | data[3];
	bool ok = len >= 4 && seq == d->next;
	for (size_t i = 4; ok && i < len; i++)
		ok = data[i] == (uint8_t)(seq + i);
	if (!ok)
		d->bad++;
	d->next = seq + 1;
}

static struct dvr_link_keys drone_keys, gs_keys;

static struct dvr_link_tx *make_tx(struct air *a, uint8_t policy)
{
	struct dvr_link_tx_config c = { .link_id = 0x464954, .k = 8, .n = 12,
		.epoch = 1000, .fec_policy = policy };
	struct dvr_link_tx *tx = NULL;
	if (dvr_link_tx_new(&c, &drone_keys, on_frame, a, &tx) != DVR_OK)
		return NULL;
	return tx;
}

static struct dvr_link_rx *make_rx(struct delivered *d)
{
	struct dvr_link_rx_config c = { .link_id = 0x464954 };
	struct dvr_link_rx *rx = NULL;
	if (dvr_link_rx_new(&c, &gs_keys, on_packet, d, &rx) != DVR_OK)
		return NULL;
	return rx;
}

/* One video frame of @p p packets numbered from *seq, closed by flush. */
static void send_video_frame(struct dvr_link_tx *tx, unsigned p,
                             uint32_t *seq, uint32_t len_seed,
                             uint64_t now)
{
	uint8_t pkt[PKT_MAX];
	for (unsigned i = 0; i < p; i++) {
		const uint32_t s = (*seq)++;
		const size_t len = 4 + (len_seed * 7919u + i * 131u) %
		                           (PKT_MAX - 4);
		pkt[0] = (uint8_t)(s >> 24);
		pkt[1] = (uint8_t)(s >> 16);
		pkt[2] = (uint8_t)(s >> 8);
		pkt[3] = (uint8_t)s;
		for (size_t j = 4; j < len; j++)
			pkt[j] = (uint8_t)(s + j);
		dvr_link_tx_send(tx, pkt, len, now);
	}
	dvr_link_tx_flush(tx, now);
}

struct expect {
	unsigned p;              /* packets of the video frame */
	unsigned sessions;       /* announcements it costs */
	unsigned data;           /* data fragments: packets, fillers, parity */
	unsigned fillers;
};

static void test_frames_per_policy(void)
{
	/* 8/12, t = 4. keep = ceil(p/k) * n of the current k; refit =
	 * 5 + p + 4. The first frame also carries the start-up burst (5). */
	static const struct expect table[] = {
		{ 4, 5, 12, 4 },   /* k 8: keep 12 <= refit 13 */
		{ 1, 5, 5, 0 },    /* k 8: keep 12 > refit 10: k' 1 */
		{ 1, 0, 5, 0 },    /* k 1 already */
		{ 30, 5, 34, 0 },  /* k 1: keep 150 > 39: k' 30 */
		{ 2, 5, 6, 0 },    /* k 30: keep 34 > 11 */
		{ 8, 5, 12, 0 },   /* k 2: keep 4 blocks = 24 > 17 */
		{ 9, 5, 13, 0 },   /* k 8: keep 2 blocks = 24 > 18 */
		{ 9, 0, 13, 0 },   /* k 9 */
		{ 7, 0, 13, 2 },   /* k 9: keep 13 <= refit 16 */
		{ 12, 5, 16, 0 },  /* k 9: keep 2 blocks = 26 > refit 21 */
	};

	struct air a = { 0 };
	struct delivered d = { 0 };
	struct dvr_link_tx *tx = make_tx(&a, DVR_LINK_FEC_FIT);
	struct dvr_link_rx *rx = make_rx(&d);
	CHECK(tx && rx, "fit: TX and RX");
	if (!tx || !rx)
		return;
	uint32_t seq = 0;
	bool all_ok = true;
	const unsigned rows = sizeof(table) / sizeof(table[0]);
	for (unsigned r = 0; r < rows; r++) {
		const struct expect *e = &table[r];
		struct dvr_link_tx_stats s0, s1;
		dvr_link_tx_get_stats(tx, &s0);
		a.count = 0;
		send_video_frame(tx, e->p, &seq, r, 10 + r);
		dvr_link_tx_get_stats(tx, &s1);
		const unsigned sess = (unsigned)(s1.session_frames -
		                                 s0.session_frames);
		const unsigned data = (unsigned)(s1.data_frames - s0.data_frames);
		const unsigned fill = (unsigned)(s1.filler_frames -
		                                 s0.filler_frames);
		char what[128];
		snprintf(what, sizeof(what),
		         "fit 8/12, frame %u of %u packets: %u announcements, "
		         "%u data fragments, %u fillers", r, e->p, e->sessions,
		         e->data, e->fillers);
		const bool ok = sess == e->sessions && data == e->data &&
		                fill == e->fillers && a.count == sess + data;
		if (!ok)
			printf("# got %u announcements, %u data, %u fillers, "
			       "%u frames\n", sess, data, fill, a.count);
		all_ok &= CHECK(ok, what);
		for (unsigned i = 0; i < a.count; i++)
			dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
			                 a.frame[i], a.len[i], 10 + r);
	}
	CHECK(all_ok, "fit: every frame as the table says");
	struct dvr_link_rx_session ses;
	dvr_link_rx_get_session(rx, &ses);
	CHECK(ses.valid && ses.k == 12 && ses.n == 16,
	      "fit: the receiver follows the last frame's session (12/16)");
	struct dvr_link_rx_stats rs;
	dvr_link_rx_get_stats(rx, &rs);
	CHECK_EQ_INT(d.next, seq, "fit: every packet delivered");
	CHECK_EQ_INT(d.bad, 0, "fit: in order and intact");
	CHECK_EQ_INT(rs.lost, 0, "fit: nothing lost");
	CHECK(!a.overflow, "fit: frames captured");
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
}

/* xorshift32: the same drops on every run. */
static uint32_t rnd(uint32_t *s)
{
	uint32_t x = *s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/*
 * Which block each captured frame belongs to: a data fragment by its
 * block index, an announcement to the block after it (the re-key burst
 * is sent for that block). Returns the number of groups.
 */
static unsigned group_frames(const struct air *a, unsigned *group)
{
	unsigned g = 0;
	bool have_block = false, after_data = false;
	uint64_t block = 0;
	for (unsigned i = 0; i < a->count; i++) {
		const uint8_t *w = a->frame[i] + DVR_LINK_IEEE80211_HDR_LEN;
		if (w[0] == DVR_LINK_PACKET_DATA) {
			uint64_t nonce = 0;
			for (unsigned j = 1; j <= 8; j++)
				nonce = nonce << 8 | w[j];
			if (have_block && after_data && nonce >> 8 != block)
				g++;
			block = nonce >> 8;
			have_block = after_data = true;
		} else if (after_data) {
			g++;             /* announcements open the next group */
			after_data = false;
		}
		group[i] = g;
	}
	return a->count ? g + 1 : 0;
}

/* Mark @p drops distinct frames of group @p g at random. */
static void pick_drops(bool *drop, const unsigned *group, unsigned count,
                       unsigned g, unsigned drops, uint32_t *s)
{
	unsigned members[MAX_AIR], m = 0;
	for (unsigned i = 0; i < count; i++)
		if (group[i] == g)
			members[m++] = i;
	for (unsigned i = 0; i < drops && i < m; ) {
		const unsigned j = members[rnd(s) % m];
		if (!drop[j]) {
			drop[j] = true;
			i++;
		}
	}
}

static void test_loss(uint8_t policy, const char *name)
{
	static struct air a;
	struct delivered d = { 0 };
	memset(&a, 0, sizeof(a));
	struct dvr_link_tx *tx = make_tx(&a, policy);
	struct dvr_link_rx *rx = make_rx(&d);
	CHECK(tx && rx, "loss: TX and RX");
	if (!tx || !rx)
		return;
	uint32_t s = 0x2545f491u, seq = 0;
	bool drop[MAX_AIR];
	uint64_t frames = 0, dropped = 0;
	for (unsigned v = 0; v < 300; v++) {
		/* Mostly P-frame sizes, an I-frame now and then. */
		const unsigned p = v % 30 == 0 ? 20 + rnd(&s) % 21
		                               : 1 + rnd(&s) % 12;
		a.count = 0;
		send_video_frame(tx, p, &seq, v, 100 + v);
		/* n-k losses in every block (with the announcements sent
		 * for it): what the code repairs, whatever the policy. */
		unsigned group[MAX_AIR];
		const unsigned groups = group_frames(&a, group);
		memset(drop, 0, sizeof(drop));
		for (unsigned g = 0; g < groups; g++)
			pick_drops(drop, group, a.count, g, 4, &s);
		for (unsigned i = 0; i < a.count; i++) {
			frames++;
			if (drop[i]) {
				dropped++;
				continue;
			}
			dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
			                 a.frame[i], a.len[i], 100 + v);
		}
	}
	dvr_link_rx_flush(rx);
	struct dvr_link_rx_stats rs;
	dvr_link_rx_get_stats(rx, &rs);
	char what[128];
	snprintf(what, sizeof(what), "%s: %" PRIu64 " of %" PRIu64
	         " frames dropped, every packet delivered", name, dropped,
	         frames);
	CHECK_EQ_INT(d.next, seq, what);
	snprintf(what, sizeof(what), "%s: in order, intact, none lost", name);
	CHECK(d.bad == 0 && rs.lost == 0 && rs.unrecoverable == 0, what);
	CHECK(!a.overflow, "loss: frames captured");
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
}

/* n-k+1 losses among a refitted block's data and parity lose a packet. */
static void test_one_more_loss(void)
{
	static struct air a;
	struct delivered d = { 0 };
	memset(&a, 0, sizeof(a));
	struct dvr_link_tx *tx = make_tx(&a, DVR_LINK_FEC_FIT);
	struct dvr_link_rx *rx = make_rx(&d);
	CHECK(tx && rx, "one more: TX and RX");
	if (!tx || !rx)
		return;
	uint32_t seq = 0;
	/* 2 packets at 8/12: keep 12 > refit 11, so a 2/6 block behind the
	 * start-up burst (5) and the re-key burst (5). */
	send_video_frame(tx, 2, &seq, 1, 5);
	const unsigned sessions = 10;
	CHECK_EQ_INT(a.count, sessions + 6, "one more: 2/6 block + bursts");
	for (unsigned i = 0; i < a.count; i++) {
		/* data 0 and parity 0..3: five of the block's six */
		const bool drop = i == sessions || i >= sessions + 2;
		if (!drop)
			dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
			                 a.frame[i], a.len[i], 5);
	}
	dvr_link_rx_flush(rx);
	struct dvr_link_rx_stats rs;
	dvr_link_rx_get_stats(rx, &rs);
	CHECK(rs.lost >= 1 && rs.unrecoverable == 1,
	      "one more: n-k+1 losses in a block lose its packet");
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	dvr_link_keygen_random(&drone_keys, &gs_keys);
	test_frames_per_policy();
	test_loss(DVR_LINK_FEC_FIT, "fit");
	test_loss(DVR_LINK_FEC_FIXED, "fixed");
	test_one_more_loss();
	return check_done();
}

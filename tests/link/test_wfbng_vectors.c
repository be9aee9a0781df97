/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Our link layer against bytes a running wfb-ng produced (vectors/, see its
 * README.md for how): the key files wfb_keygen derived from a password,
 * and 19 datagrams wfb_tx sent for 8 known packets across two sessions.
 *
 *  - our password KDF gives wfb_keygen's files byte for byte;
 *  - our RX delivers wfb_tx's packets byte-exact and in order, also when
 *    data fragments are lost and only wfb_tx's own parity can rebuild them;
 *  - our TX, given the session keys and nonces wfb_tx drew at random (read
 *    back by opening its session packets with the ground key), emits the
 *    same frames byte for byte, sequence-control field aside.
 *
 * argv[1]: the vectors directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

#define VEC_PASSWORD "devourer wfb-ng interop vectors"
#define VEC_LINK_ID 0x123456u
#define VEC_PORT 7
#define VEC_EPOCH 3
#define MAX_RECORDS 64
#define SEQ_OFF 22     /* 802.11 sequence control: differs by design */

struct record {
	uint8_t *data;
	size_t len;
};

struct vectors {
	struct record pkt[MAX_RECORDS];
	size_t npkt;
	struct record frame[MAX_RECORDS];   /* 802.11 header + WFB packet */
	size_t nframe;
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* "X <hex>" -> bytes; returns 0 on success. */
static int parse_hex(const char *s, struct record *r)
{
	size_t n = strcspn(s, "\r\n");
	if (n % 2)
		return -1;
	r->len = n / 2;
	r->data = malloc(r->len ? r->len : 1);
	if (!r->data)
		return -1;
	for (size_t i = 0; i < r->len; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		r->data[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

/*
 * A distributor datagram is be32 fwmark + radiotap + 802.11 + WFB (wfb-ng
 * src/tx.cpp RemoteTransmitter::inject_packet); keep the 802.11 frame.
 */
static int strip_distributor(struct record *r)
{
	if (r->len < 4 + 4)
		return -1;
	size_t rt = (size_t)r->data[4 + 2] | (size_t)r->data[4 + 3] << 8;
	size_t skip = 4 + rt;
	if (skip + DVR_LINK_IEEE80211_HDR_LEN + 1 > r->len)
		return -1;
	memmove(r->data, r->data + skip, r->len - skip);
	r->len -= skip;
	return 0;
}

static int load_vectors(const char *dir, struct vectors *v)
{
	char path[4096], line[16384];
	snprintf(path, sizeof(path), "%s/wfb_tx_capture.txt", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int rc = 0;
	while (rc == 0 && fgets(line, sizeof(line), f)) {
		if (line[0] == 'P' && line[1] == ' ' && v->npkt < MAX_RECORDS)
			rc = parse_hex(line + 2, &v->pkt[v->npkt++]);
		else if (line[0] == 'F' && line[1] == ' ' &&
		         v->nframe < MAX_RECORDS) {
			struct record *r = &v->frame[v->nframe++];
			rc = parse_hex(line + 2, r);
			if (rc == 0)
				rc = strip_distributor(r);
		}
	}
	fclose(f);
	return rc;
}

static void free_vectors(struct vectors *v)
{
	for (size_t i = 0; i < v->npkt; i++)
		free(v->pkt[i].data);
	for (size_t i = 0; i < v->nframe; i++)
		free(v->frame[i].data);
}

static const uint8_t *wfb(const struct record *r)
{
	return r->data + DVR_LINK_IEEE80211_HDR_LEN;
}

static bool is_session(const struct record *r)
{
	return wfb(r)[0] == DVR_LINK_PACKET_SESSION;
}

/* Fragment index from the big-endian data nonce (low 8 bits). */
static unsigned frag_idx(const struct record *r)
{
	return wfb(r)[8];
}

/* Open a wfb_tx session packet with the ground key: @p plain receives
 * epoch, channel, FEC type, k, n, session key (wfb-ng wsession_data_t). */
static bool session_open(const struct record *r,
                         const struct dvr_link_keys *gs, uint8_t *plain)
{
	const uint8_t *p = wfb(r);
	size_t plen = r->len - DVR_LINK_IEEE80211_HDR_LEN;
	return plen >= DVR_LINK_SESSION_HDR_LEN + DVR_LINK_SESSION_DATA_LEN +
	                       crypto_box_MACBYTES &&
	       plen <= DVR_LINK_MAX_SESSION_PACKET &&
	       crypto_box_open_easy(plain, p + DVR_LINK_SESSION_HDR_LEN,
	                            plen - DVR_LINK_SESSION_HDR_LEN, p + 1,
	                            gs->peer_public, gs->secret) == 0;
}

/* Is this wfb_tx data frame a filler (flag FEC_ONLY)? Opened with the
 * session key of the session packet before it. */
static bool is_filler_frame(const struct record *r, const uint8_t *key)
{
	const uint8_t *p = wfb(r);
	size_t plen = r->len - DVR_LINK_IEEE80211_HDR_LEN;
	uint8_t plain[DVR_LINK_MAX_SESSION_PACKET];
	unsigned long long mlen = 0;
	if (plen < DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_TAG_LEN + 1 ||
	    plen > DVR_LINK_MAX_SESSION_PACKET)
		return false;
	if (crypto_aead_chacha20poly1305_decrypt(
		    plain, &mlen, NULL, p + DVR_LINK_BLOCK_HDR_LEN,
		    plen - DVR_LINK_BLOCK_HDR_LEN, p, DVR_LINK_BLOCK_HDR_LEN,
		    p + 1, key) != 0 || mlen < 1)
		return false;
	return (plain[0] & DVR_LINK_FLAG_FEC_ONLY) != 0;
}

/* ---- packets our RX delivers ---- */
struct sink {
	struct record got[MAX_RECORDS];
	size_t n;
	bool overflow;
};

static void sink_cb(void *user, const uint8_t *data, size_t len)
{
	struct sink *s = user;
	if (s->n == MAX_RECORDS) {
		s->overflow = true;
		return;
	}
	s->got[s->n].data = malloc(len ? len : 1);
	memcpy(s->got[s->n].data, data, len);
	s->got[s->n++].len = len;
}

static void sink_free(struct sink *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->got[i].data);
	s->n = 0;
}

static void check_delivery(const struct vectors *v, const struct sink *s,
                           const char *what)
{
	char msg[160];
	snprintf(msg, sizeof(msg), "%s: all %zu packets delivered", what,
	         v->npkt);
	CHECK(s->n == v->npkt && !s->overflow, msg);
	bool same = s->n == v->npkt;
	for (size_t i = 0; same && i < s->n; i++)
		same = s->got[i].len == v->pkt[i].len &&
		       memcmp(s->got[i].data, v->pkt[i].data, s->got[i].len) == 0;
	snprintf(msg, sizeof(msg), "%s: byte-exact and in order", what);
	CHECK(same, msg);
}

/*
 * Feed the capture to a fresh RX. @p drop: which frames the "air" loses.
 * Returns the RX stats.
 */
static void run_rx(const struct vectors *v, const struct dvr_link_keys *gs,
                   const bool *drop, struct sink *s,
                   struct dvr_link_rx_stats *st)
{
	struct dvr_link_rx_config cfg = {.link_id = VEC_LINK_ID,
	                                 .radio_port = VEC_PORT};
	struct dvr_link_rx *rx = NULL;
	CHECK_EQ_INT(dvr_link_rx_new(&cfg, gs, sink_cb, s, &rx), DVR_OK,
	             "rx_new");
	if (!rx)
		return;
	for (size_t i = 0; i < v->nframe; i++)
		if (!drop || !drop[i])
			dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
			                 v->frame[i].data, v->frame[i].len, 0);
	dvr_link_rx_flush(rx);
	dvr_link_rx_get_stats(rx, st);
	dvr_link_rx_free(rx);
}

/* ---- scripted randomness: replay what wfb_tx drew ---- */
static uint8_t script[2 * (32 + 24)];
static size_t script_len, script_pos;
static bool script_armed;
static uint8_t filler_state;

static const char *scripted_name(void)
{
	return "wfb-ng-vector-replay";
}

/* Replays the script while armed; otherwise (sodium_init's canary) any
 * bytes do: nothing secret is made outside the script in this test. */
static void scripted_buf(void *const buf, const size_t size)
{
	uint8_t *b = buf;
	for (size_t i = 0; i < size; i++) {
		if (script_armed && script_pos < script_len)
			b[i] = script[script_pos++];
		else
			b[i] = filler_state += 151;
	}
}

static uint32_t scripted_random(void)
{
	uint32_t r;
	scripted_buf(&r, sizeof(r));
	return r;
}

static randombytes_implementation scripted_rng = {
	.implementation_name = scripted_name,
	.random = scripted_random,
	.buf = scripted_buf,
};

/* ---- frames our TX emits ---- */
struct air {
	struct record f[MAX_RECORDS];
	size_t n;
	bool overflow;
};

static int air_cb(void *user, const uint8_t *frame, size_t len)
{
	struct air *a = user;
	if (a->n == MAX_RECORDS) {
		a->overflow = true;
		return 0;
	}
	a->f[a->n].data = malloc(len);
	memcpy(a->f[a->n].data, frame, len);
	a->f[a->n++].len = len;
	return 0;
}

static bool same_but_seq(const struct record *a, const struct record *b)
{
	return a->len == b->len && a->len > SEQ_OFF + 2 &&
	       memcmp(a->data, b->data, SEQ_OFF) == 0 &&
	       memcmp(a->data + SEQ_OFF + 2, b->data + SEQ_OFF + 2,
	              a->len - SEQ_OFF - 2) == 0;
}

/* Indexes of frames with repeated session announcements folded into one
 * (we announce n-k+1 times at start, wfb_tx once). */
static size_t fold(const struct record *f, size_t n, size_t *idx)
{
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (m && is_session(&f[i]) && is_session(&f[idx[m - 1]]) &&
		    same_but_seq(&f[i], &f[idx[m - 1]]))
			continue;
		idx[m++] = i;
	}
	return m;
}

static void test_tx_matches(const struct vectors *v,
                            const struct dvr_link_keys *drone,
                            const struct dvr_link_keys *gs)
{
	/* Read each session's key (and its sealing nonce) back from wfb_tx's
	 * session packets; wfb-ng draws the key first, then the nonce
	 * (src/tx.cpp Transmitter::init_session), as our TX does. */
	unsigned sessions = 0;
	uint8_t last_key[32] = {0};
	script_len = 0;
	for (size_t i = 0; i < v->nframe; i++) {
		const struct record *r = &v->frame[i];
		if (!is_session(r))
			continue;
		const uint8_t *p = wfb(r);
		uint8_t plain[DVR_LINK_MAX_SESSION_PACKET];
		if (!session_open(r, gs, plain)) {
			CHECK(0, "wfb_tx session packet opens with gs.key");
			return;
		}
		if (sessions && memcmp(plain + 15, last_key, 32) == 0)
			continue;   /* a repeat of the same session */
		if (script_len + 56 > sizeof(script)) {
			CHECK(0, "at most two sessions in the capture");
			return;
		}
		memcpy(last_key, plain + 15, 32);
		memcpy(script + script_len, plain + 15, 32);
		memcpy(script + script_len + 32, p + 1, 24);
		script_len += 56;
		sessions++;
	}
	CHECK_EQ_INT(sessions, 2, "capture holds two wfb_tx sessions");
	if (sessions != 2)
		return;

	/* Replay: same packets, same FEC change before the seventh. wfb_tx
	 * announces its -e epoch in every session, re-keys included. */
	struct air air = {0};
	struct dvr_link_tx_config cfg = {.link_id = VEC_LINK_ID,
	                                 .radio_port = VEC_PORT, .k = 4,
	                                 .n = 6, .epoch = VEC_EPOCH,
	                                 .epoch_fixed = true};
	struct dvr_link_tx *tx = NULL;
	script_pos = 0;
	script_armed = true;
	CHECK_EQ_INT(dvr_link_tx_new(&cfg, drone, air_cb, &air, &tx), DVR_OK,
	             "tx_new with the replayed session randomness");
	if (!tx) {
		script_armed = false;
		return;
	}
	for (size_t i = 0; i < v->npkt; i++) {
		if (i == 6)
			CHECK_EQ_INT(dvr_link_tx_set_fec(tx, 1, 2, 0), DVR_OK,
			             "set_fec 1/2 before packet 7");
		dvr_link_tx_send(tx, v->pkt[i].data, v->pkt[i].len, 0);
	}
	dvr_link_tx_flush(tx, 0);
	dvr_link_tx_free(tx);
	script_armed = false;
	CHECK_EQ_INT(script_pos, script_len,
	             "TX drew exactly two session keys and nonces");

	size_t ours[MAX_RECORDS], theirs[MAX_RECORDS];
	size_t no = fold(air.f, air.n, ours);
	size_t nt = fold(v->frame, v->nframe, theirs);
	CHECK(!air.overflow, "TX frame count bounded");
	CHECK_EQ_INT(no, nt, "TX frame sequence length as wfb_tx's");
	size_t first_diff = SIZE_MAX;
	for (size_t i = 0; i < no && i < nt; i++) {
		if (!same_but_seq(&air.f[ours[i]], &v->frame[theirs[i]])) {
			first_diff = i;
			break;
		}
	}
	if (first_diff != SIZE_MAX)
		printf("# first differing frame: %zu\n", first_diff);
	CHECK(first_diff == SIZE_MAX && no == nt,
	      "TX frames equal wfb_tx's byte for byte (seq aside)");
	for (size_t i = 0; i < air.n; i++)
		free(air.f[i].data);
}

int main(int argc, char **argv)
{
	/* Before sodium_init: libsodium fixes its generator there. */
	randombytes_set_implementation(&scripted_rng);
	if (sodium_init() < 0) {
		CHECK(0, "sodium_init");
		return check_done();
	}
	if (argc < 2)
		CHECK_SKIP("vectors directory not given");

	char path[4096];
	struct dvr_link_keys drone, gs;
	snprintf(path, sizeof(path), "%s/drone.key", argv[1]);
	CHECK_EQ_INT(dvr_link_keys_load(path, &drone), DVR_OK,
	             "wfb_keygen drone.key loads");
	snprintf(path, sizeof(path), "%s/gs.key", argv[1]);
	CHECK_EQ_INT(dvr_link_keys_load(path, &gs), DVR_OK,
	             "wfb_keygen gs.key loads");

	struct dvr_link_keys pd, pg;
	CHECK_EQ_INT(dvr_link_keygen_password(VEC_PASSWORD, &pd, &pg), DVR_OK,
	             "password KDF runs");
	CHECK(memcmp(&pd, &drone, sizeof(pd)) == 0,
	      "our password KDF gives wfb_keygen's drone.key");
	CHECK(memcmp(&pg, &gs, sizeof(pg)) == 0,
	      "our password KDF gives wfb_keygen's gs.key");

	struct vectors v = {0};
	CHECK_EQ_INT(load_vectors(argv[1], &v), 0, "capture parses");
	CHECK_EQ_INT(v.npkt, 8, "8 input packets");
	CHECK_EQ_INT(v.nframe, 19, "19 wfb_tx datagrams");
	if (v.npkt != 8 || v.nframe != 19) {
		free_vectors(&v);
		return check_done();
	}

	/* Every frame, no loss. */
	struct sink s = {0};
	struct dvr_link_rx_stats st;
	run_rx(&v, &gs, NULL, &s, &st);
	check_delivery(&v, &s, "wfb_tx frames, no loss");
	CHECK_EQ_INT(st.session_changes, 2, "both wfb_tx sessions adopted");
	CHECK_EQ_INT(st.auth_failed + st.session_auth_failed, 0,
	             "every wfb_tx frame authenticates");
	CHECK_EQ_INT(st.malformed + st.bad_packet + st.other_channel, 0,
	             "no wfb_tx frame refused");
	CHECK_EQ_INT(st.lost, 0, "nothing lost");
	sink_free(&s);

	/* Lose as many fragments per block as it has parity, data first:
	 * only wfb_tx's own parity (zfex) can bring them back. */
	bool drop[MAX_RECORDS] = {0};
	unsigned k = 0, n = 0, lost_in_block = 0, expect_rebuilt = 0;
	unsigned fillers_dropped = 0;
	uint8_t skey[32] = {0};
	uint64_t block = UINT64_MAX;
	for (size_t i = 0; i < v.nframe; i++) {
		const struct record *r = &v.frame[i];
		if (is_session(r)) {
			uint8_t plain[DVR_LINK_MAX_SESSION_PACKET];
			if (!session_open(r, &gs, plain))
				break;
			k = plain[13];
			n = plain[14];
			memcpy(skey, plain + 15, sizeof skey);
			continue;
		}
		uint64_t b = 0;
		for (int j = 1; j <= 7; j++)
			b = (b << 8) | wfb(r)[j];
		if (b != block) {
			block = b;
			lost_in_block = 0;
		}
		unsigned fi = frag_idx(r);
		/* k=4: data fragments 0 and 2 (one of them a FEC_ONLY filler
		 * in block 1); k=1: fragment 0, the packet itself */
		if (fi < k && lost_in_block < n - k && (fi % 2) == 0) {
			drop[i] = true;
			lost_in_block++;
			/* a filler is not a packet: not counted as recovered */
			if (is_filler_frame(r, skey))
				fillers_dropped++;
			else
				expect_rebuilt++;
		}
	}
	CHECK_EQ_INT(fillers_dropped, 1, "one wfb_tx filler among the lost");
	run_rx(&v, &gs, drop, &s, &st);
	check_delivery(&v, &s, "wfb_tx frames, data lost, FEC");
	CHECK_EQ_INT(st.fec_recovered, expect_rebuilt,
	             "every lost packet rebuilt from wfb_tx parity");
	CHECK_EQ_INT(st.lost, 0, "no packet lost");
	CHECK_EQ_INT(st.unrecoverable, 0, "no block given up");
	sink_free(&s);

	test_tx_matches(&v, &drone, &gs);

	free_vectors(&v);
	return check_done();
}

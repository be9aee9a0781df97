/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radio frames and airtime per video frame, as the link emits them.
 *
 * A video frame is p packets of 1400 bytes closed by dvr_link_tx_flush()
 * (the RTP marker in devourersink). For each FEC setting, frame size (or
 * a mix of frame sizes) and TX policy (DVR_LINK_FEC_FIXED, _FIT), every
 * frame the link hands to its callback is counted and its PPDU airtime
 * summed with dvr_airtime_us (HT MCS 3 and MCS 7, 20 MHz, long GI; the
 * PSDU is the 802.11 frame + FCS). Against it, the lower bound for the
 * same protection:
 *
 *   The guarantee both policies give a video frame of p packets is that
 *   any n-k of its radio frames may be lost (n-k per block; a frame in
 *   several blocks tolerates at least that). An erasure code needs p + t
 *   frames to recover p packets after any t losses, so the bound is
 *   p data frames (each packet's own) + (n-k) parity frames as long as
 *   the longest, nothing else: no fillers, no announcements. It is
 *   computed, not emitted.
 *
 * Then the loss check: the same frames again into a dvr_link_rx with n-k
 * of every block's frames (announcements sent for it included) dropped
 * at random; a policy that bought airtime with protection would lose
 * packets here.
 *
 * Mixes (explicit, the same on every run: xorshift32, fixed seeds), 30
 * frames per second, 1400-byte packets, 300 frames:
 *   issue:  an I-frame of 30 packets every 30 frames, P-frames of 2..6
 *           packets (uniform): 4.9 packets per frame, 1.6 Mbit/s
 *   4mbit:  an I-frame of 60 packets every 30 frames, P-frames of 8..12:
 *           11.7 packets per frame, 3.9 Mbit/s
 *
 * Prints a JSON list, one record per (fec, frames, policy). Counts only:
 * nothing here depends on the machine's speed.
 *
 *   airtime [--frames N]   video frames per fixed-size point (default 60)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

#define PKT_LEN 1400
#define FCS_LEN 4
#define MAX_AIR 1024          /* radio frames of one video frame */
#define FRAME_MS 33           /* 30 frames per second */

static const struct dvr_rate mcs3 = { .kind = DVR_RATE_HT, .mcs = 3 };
static const struct dvr_rate mcs7 = { .kind = DVR_RATE_HT, .mcs = 7 };

static uint64_t airtime(const struct dvr_rate *r, size_t frame_len)
{
	return dvr_airtime_us(r, 20, false, frame_len + FCS_LEN);
}

/* What one video frame put on the air. */
struct capture {
	unsigned count;
	size_t len[MAX_AIR];
	uint8_t frame[MAX_AIR][DVR_LINK_IEEE80211_HDR_LEN + PKT_LEN + 64];
	bool overflow;
};

static int on_frame(void *user, const uint8_t *frame, size_t len)
{
	struct capture *c = user;
	if (c->count == MAX_AIR || len > sizeof(c->frame[0])) {
		c->overflow = true;
		return -1;
	}
	memcpy(c->frame[c->count], frame, len);
	c->len[c->count++] = len;
	return 0;
}

struct rx_count {
	uint64_t packets;
	uint64_t bad;
	uint32_t next;
};

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct rx_count *r = user;
	uint32_t seq = 0;
	if (len == PKT_LEN)
		memcpy(&seq, data, sizeof(seq));
	if (len != PKT_LEN || seq != r->next)
		r->bad++;
	r->next = seq + 1;
	r->packets++;
}

static uint32_t xorshift32(uint32_t *s)
{
	uint32_t x = *s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/* The frame sizes of one point: a fixed size or a mix. */
struct sizes {
	const char *name;
	unsigned fixed;          /* 0: a mix */
	unsigned i_packets, p_min, p_max;
	uint32_t seed;
};

static unsigned next_size(const struct sizes *z, unsigned v, uint32_t *s)
{
	if (z->fixed)
		return z->fixed;
	if (v % 30 == 0)
		return z->i_packets;
	return z->p_min + xorshift32(s) % (z->p_max - z->p_min + 1);
}

/* Which block each frame of @p c serves: a data fragment its block
 * index's, an announcement the block after it. */
static unsigned group_frames(const struct capture *c, unsigned *group)
{
	unsigned g = 0;
	bool have = false, after_data = false;
	uint64_t block = 0;
	for (unsigned i = 0; i < c->count; i++) {
		const uint8_t *w = c->frame[i] + DVR_LINK_IEEE80211_HDR_LEN;
		if (w[0] == DVR_LINK_PACKET_DATA) {
			uint64_t nonce = 0;
			for (unsigned j = 1; j <= 8; j++)
				nonce = nonce << 8 | w[j];
			if (have && after_data && nonce >> 8 != block)
				g++;
			block = nonce >> 8;
			have = after_data = true;
		} else if (after_data) {
			g++;
			after_data = false;
		}
		group[i] = g;
	}
	return c->count ? g + 1 : 0;
}

struct point {
	uint64_t video_frames, packets, radio_frames;
	uint64_t sessions, fillers, parity, rekeys;
	uint64_t air3, air7, bound_frames, bound3, bound7;
	uint64_t dropped, delivered, lost, bad;
	bool failed;
};

static const size_t data_frame_len = DVR_LINK_IEEE80211_HDR_LEN +
	DVR_LINK_BLOCK_HDR_LEN + DVR_LINK_PACKET_HDR_LEN + PKT_LEN +
	DVR_LINK_TAG_LEN;

static void run_point(unsigned k, unsigned n, const struct sizes *z,
                      unsigned frames, uint8_t policy,
                      const struct dvr_link_keys *drone,
                      const struct dvr_link_keys *gs, struct point *pt)
{
	static struct capture cap;
	memset(&cap, 0, sizeof(cap));
	memset(pt, 0, sizeof(*pt));
	struct dvr_link_tx_config tc = { .link_id = 0xa1a1a1, .k = (uint8_t)k,
		.n = (uint8_t)n, .epoch = 1000, .fec_policy = policy };
	struct dvr_link_rx_config rc = { .link_id = 0xa1a1a1 };
	struct rx_count rxc = { 0 };
	struct dvr_link_tx *tx = NULL;
	struct dvr_link_rx *rx = NULL;
	if (dvr_link_tx_new(&tc, drone, on_frame, &cap, &tx) != DVR_OK ||
	    dvr_link_rx_new(&rc, gs, on_packet, &rxc, &rx) != DVR_OK) {
		pt->failed = true;
		goto out;
	}
	uint32_t size_seed = z->seed, drop_seed = 0x9e3779b9u, seq = 0;
	uint8_t pkt[PKT_LEN];
	const unsigned t = n - k;
	/* Fixed sizes: one frame first so the start-up announcements and a
	 * first re-key are not charged to the steady state. */
	const unsigned warm = z->fixed ? 1 : 0;
	for (unsigned v = 0; v < frames + warm; v++) {
		const unsigned p = next_size(z, v, &size_seed);
		const uint64_t now = (uint64_t)v * FRAME_MS;
		struct dvr_link_tx_stats s0, s1;
		dvr_link_tx_get_stats(tx, &s0);
		cap.count = 0;
		for (unsigned i = 0; i < p; i++) {
			memset(pkt, (int)(seq & 0xff), sizeof(pkt));
			memcpy(pkt, &seq, sizeof(seq));
			seq++;
			dvr_link_tx_send(tx, pkt, sizeof(pkt), now);
		}
		dvr_link_tx_flush(tx, now);
		dvr_link_tx_get_stats(tx, &s1);

		/* The loss check: n-k of every block's frames dropped. */
		unsigned group[MAX_AIR];
		bool drop[MAX_AIR] = { false };
		const unsigned groups = group_frames(&cap, group);
		for (unsigned g = 0; g < groups; g++) {
			unsigned members[MAX_AIR], m = 0;
			for (unsigned i = 0; i < cap.count; i++)
				if (group[i] == g)
					members[m++] = i;
			for (unsigned d = 0; d < t && d < m; ) {
				const unsigned j = members[xorshift32(&drop_seed) % m];
				if (!drop[j]) {
					drop[j] = true;
					d++;
				}
			}
		}
		for (unsigned i = 0; i < cap.count; i++) {
			if (v >= warm && drop[i])
				pt->dropped++;
			if (!drop[i])
				dvr_link_rx_push(rx, 0, DVR_LINK_RSSI_UNKNOWN,
				                 cap.frame[i], cap.len[i], now);
		}
		if (v < warm)
			continue;

		pt->video_frames++;
		pt->packets += p;
		pt->radio_frames += cap.count;
		for (unsigned i = 0; i < cap.count; i++) {
			pt->air3 += airtime(&mcs3, cap.len[i]);
			pt->air7 += airtime(&mcs7, cap.len[i]);
		}
		pt->sessions += s1.session_frames - s0.session_frames;
		pt->fillers += s1.filler_frames - s0.filler_frames;
		pt->parity += s1.parity_frames - s0.parity_frames;
		pt->rekeys += s1.rekeys - s0.rekeys;
		/* The bound: p data frames + t parity frames, all of them
		 * 1400-byte packets here. */
		pt->bound_frames += p + t;
		pt->bound3 += (uint64_t)(p + t) * airtime(&mcs3, data_frame_len);
		pt->bound7 += (uint64_t)(p + t) * airtime(&mcs7, data_frame_len);
	}
	dvr_link_rx_flush(rx);
	struct dvr_link_rx_stats rs;
	dvr_link_rx_get_stats(rx, &rs);
	pt->delivered = rxc.packets;
	pt->lost = rs.lost;
	pt->bad = rxc.bad;
	pt->failed = cap.overflow || rxc.packets != seq;
out:
	dvr_link_tx_free(tx);
	dvr_link_rx_free(rx);
}

static void print_point(bool first, unsigned k, unsigned n,
                        const struct sizes *z, const char *policy,
                        const struct point *pt)
{
	const double vf = pt->video_frames ? (double)pt->video_frames : 1;
	printf("%s{\"bench\": \"airtime\", \"fec\": \"%u/%u\", \"frames\": "
	       "\"%s\", \"policy\": \"%s\", \"video_frames\": %llu, "
	       "\"packets\": %llu, \"radio_frames\": %llu, "
	       "\"sessions\": %llu, \"fillers\": %llu, \"parity\": %llu, "
	       "\"rekeys\": %llu, \"air_us_mcs3\": %llu, "
	       "\"air_us_mcs7\": %llu, \"bound_frames\": %llu, "
	       "\"bound_us_mcs3\": %llu, \"bound_us_mcs7\": %llu, "
	       "\"per_frame\": {\"radio_frames\": %.2f, \"air_us_mcs3\": %.1f, "
	       "\"air_us_mcs7\": %.1f, \"bound_frames\": %.2f, "
	       "\"bound_us_mcs3\": %.1f, \"bound_us_mcs7\": %.1f}, "
	       "\"loss_dropped\": %llu, \"loss_delivered\": %llu, "
	       "\"loss_lost\": %llu, \"loss_bad\": %llu, \"ok\": %s}",
	       first ? "[\n " : ",\n ", k, n, z->name, policy,
	       (unsigned long long)pt->video_frames,
	       (unsigned long long)pt->packets,
	       (unsigned long long)pt->radio_frames,
	       (unsigned long long)pt->sessions,
	       (unsigned long long)pt->fillers,
	       (unsigned long long)pt->parity,
	       (unsigned long long)pt->rekeys,
	       (unsigned long long)pt->air3, (unsigned long long)pt->air7,
	       (unsigned long long)pt->bound_frames,
	       (unsigned long long)pt->bound3,
	       (unsigned long long)pt->bound7,
	       pt->radio_frames / vf, pt->air3 / vf, pt->air7 / vf,
	       pt->bound_frames / vf, pt->bound3 / vf, pt->bound7 / vf,
	       (unsigned long long)pt->dropped,
	       (unsigned long long)pt->delivered,
	       (unsigned long long)pt->lost, (unsigned long long)pt->bad,
	       pt->failed || pt->lost || pt->bad ? "false" : "true");
}

int main(int argc, char **argv)
{
	unsigned frames = 60;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
			frames = (unsigned)strtoul(argv[++i], NULL, 10);
		} else {
			fprintf(stderr, "usage: %s [--frames N]\n", argv[0]);
			return 2;
		}
	}
	if (frames < 1)
		frames = 1;
	struct dvr_link_keys drone, gs;
	if (dvr_link_keygen_random(&drone, &gs) != DVR_OK)
		return 1;
	static const unsigned fec[][2] = { { 8, 12 }, { 4, 6 }, { 1, 2 } };
	static const struct sizes sizes[] = {
		{ "1", 1, 0, 0, 0, 0 }, { "2", 2, 0, 0, 0, 0 },
		{ "4", 4, 0, 0, 0, 0 }, { "7", 7, 0, 0, 0, 0 },
		{ "8", 8, 0, 0, 0, 0 }, { "9", 9, 0, 0, 0, 0 },
		{ "16", 16, 0, 0, 0, 0 }, { "24", 24, 0, 0, 0, 0 },
		{ "mix-issue", 0, 30, 2, 6, 0x1234567u },
		{ "mix-4mbit", 0, 60, 8, 12, 0x7654321u },
	};
	static const struct { uint8_t id; const char *name; } policies[] = {
		{ DVR_LINK_FEC_FIXED, "fixed" }, { DVR_LINK_FEC_FIT, "fit" },
	};
	bool first = true, all_ok = true;
	for (size_t f = 0; f < sizeof(fec) / sizeof(fec[0]); f++)
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			for (size_t p = 0; p < 2; p++) {
				struct point pt;
				const unsigned nf = sizes[s].fixed ? frames : 300;
				run_point(fec[f][0], fec[f][1], &sizes[s], nf,
				          policies[p].id, &drone, &gs, &pt);
				print_point(first, fec[f][0], fec[f][1],
				            &sizes[s], policies[p].name, &pt);
				first = false;
				all_ok &= !pt.failed && !pt.lost && !pt.bad;
			}
	printf("\n]\n");
	if (!all_ok)
		fprintf(stderr, "airtime: a policy lost packets at the "
		        "tolerated loss\n");
	return all_ok ? 0 : 1;
}

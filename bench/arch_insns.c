/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The workload whose instructions scripts/arch_insns.sh counts, per
 * architecture, under qemu-user with bench/qemu_insn_count.c: one run does
 * its setup, then PACKETS packets of one kind of work, then exits. The
 * script runs it at two packet counts and divides the difference of the
 * two totals by the difference of the counts, so setup and exit cancel.
 *
 *   arch_insns WORK BACKEND PACKETS [LEN]
 *
 * WORK: fec      FEC encode of 8/12 blocks of the fragments LEN-byte
 *                packets make (LEN + the packet header)
 *       tx       the link TX (FEC 8/12): fragment, encode, seal, frame
 *       txrx     the TX with every frame handed to a link RX at once
 *       txrx-loss  the same, one data fragment of every block lost, so
 *                the RX repairs each block by FEC
 * BACKEND: auto, isal, portable, neon (enum dvr_fec_backend)
 * Prints one line: what ran and what the RX delivered.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include <devourer/link.h>

#include "libdevourer/link/fec.h"

enum { K = 8, N = 12 };

struct rx_side {
	struct dvr_link_rx *rx;
	int drop_one;              /* lose one data fragment per block */
	unsigned long long frames; /* frames the TX produced */
	unsigned long long delivered;
};

static void on_packet(void *user, const uint8_t *data, size_t len)
{
	struct rx_side *s = user;
	(void)data;
	(void)len;
	s->delivered++;
}

static volatile uint8_t sink_byte;

static int on_frame(void *user, const uint8_t *f, size_t len)
{
	struct rx_side *s = user;
	s->frames++;
	if (!s->rx) {
		sink_byte ^= f[len - 1];
		return 0;
	}
	/* With no radiotap prefix the frame is the 24-byte 802.11 header,
	 * then the WFB packet: type byte 1 is data, and its big-endian
	 * 64-bit nonce ends with the fragment index (byte 32), as
	 * bench/link_bench.c drops them. */
	if (s->drop_one && len > 32 && f[24] == 1 && f[32] == 2)
		return 0;
	dvr_link_rx_push(s->rx, 0, -50, f, len, 0);
	return 0;
}

static int parse_backend(const char *s)
{
	if (strcmp(s, "auto") == 0)
		return DVR_FEC_AUTO;
	if (strcmp(s, "isal") == 0)
		return DVR_FEC_ISAL;
	if (strcmp(s, "portable") == 0)
		return DVR_FEC_PORTABLE;
	if (strcmp(s, "neon") == 0)
		return DVR_FEC_NEON;
	if (strcmp(s, "gfni") == 0)
		return DVR_FEC_GFNI;
	return -1;
}

static int run_fec(int backend, long packets, size_t len)
{
	struct dvr_fec *fec = NULL;
	int rc = dvr_fec_new(K, N, backend, &fec);
	if (rc != DVR_OK) {
		fprintf(stderr, "arch_insns: this FEC backend is not here (%d)\n",
		        rc);
		return 1;
	}
	uint8_t *frag[N];
	for (int i = 0; i < N; i++) {
		frag[i] = malloc(len);
		if (!frag[i])
			return 1;
		randombytes_buf(frag[i], len);
	}
	for (long b = 0; b < packets / K; b++) {
		frag[0][0] = (uint8_t)b;
		dvr_fec_encode(fec, (const uint8_t *const *)frag, frag + K, len);
	}
	printf("fec backend %d: %ld packets of %zu bytes encoded\n",
	       dvr_fec_backend(fec), packets, len);
	for (int i = 0; i < N; i++)
		free(frag[i]);
	dvr_fec_free(fec);
	return 0;
}

static int run_link(const char *work, int backend, long packets, size_t len)
{
	struct dvr_link_keys drone, gs;
	dvr_link_keygen_random(&drone, &gs);
	struct rx_side side = { 0 };
	side.drop_one = strcmp(work, "txrx-loss") == 0;
	const int with_rx = side.drop_one || strcmp(work, "txrx") == 0;
	if (!with_rx && strcmp(work, "tx") != 0) {
		fprintf(stderr, "arch_insns: unknown work '%s'\n", work);
		return 2;
	}
	if (with_rx) {
		struct dvr_link_rx_config rc = { .link_id = 1,
			.fec_backend = (uint8_t)backend };
		if (dvr_link_rx_new(&rc, &gs, on_packet, &side, &side.rx) !=
		    DVR_OK)
			return 1;
	}
	struct dvr_link_tx_config c = { .link_id = 1, .k = K, .n = N,
		.session_interval_ms = 1000000,
		.fec_backend = (uint8_t)backend };
	struct dvr_link_tx *tx = NULL;
	if (dvr_link_tx_new(&c, &drone, on_frame, &side, &tx) != DVR_OK) {
		fprintf(stderr, "arch_insns: TX refused backend %d\n", backend);
		return 1;
	}
	uint8_t *pkt = malloc(len);
	if (!pkt)
		return 1;
	randombytes_buf(pkt, len);
	for (long i = 0; i < packets; i++) {
		pkt[0] = (uint8_t)i;
		dvr_link_tx_send(tx, pkt, len, 0);
	}
	dvr_link_tx_free(tx);
	unsigned long long recovered = 0;
	if (side.rx) {
		dvr_link_rx_flush(side.rx);
		struct dvr_link_rx_stats st;
		dvr_link_rx_get_stats(side.rx, &st);
		recovered = st.fec_recovered;
		dvr_link_rx_free(side.rx);
	}
	printf("%s backend %d: %ld packets of %zu bytes, %llu frames, "
	       "%llu delivered, %llu by FEC\n", work, backend, packets, len,
	       side.frames, side.delivered, recovered);
	free(pkt);
	/* A run whose RX lost packets, or did not repair one per block when
	 * asked to, measured something else. */
	if (with_rx && side.delivered != (unsigned long long)packets)
		return 1;
	return side.drop_one && recovered != (unsigned long long)packets / K;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: arch_insns fec|tx|txrx|txrx-loss "
		        "auto|isal|portable|neon|gfni PACKETS [LEN]\n");
		return 2;
	}
	const int backend = parse_backend(argv[2]);
	const long packets = strtol(argv[3], NULL, 10);
	const long len = argc > 4 ? strtol(argv[4], NULL, 10) : 1400;
	if (backend < 0 || packets < K || packets % K || len < 1 ||
	    len > DVR_LINK_MAX_PAYLOAD) {
		fprintf(stderr, "arch_insns: bad backend, count (a multiple of "
		        "%d) or length\n", K);
		return 2;
	}
	if (sodium_init() < 0)
		return 1;
	if (strcmp(argv[1], "fec") == 0)
		return run_fec(backend, packets,
		               (size_t)len + DVR_LINK_PACKET_HDR_LEN);
	return run_link(argv[1], backend, packets, (size_t)len);
}

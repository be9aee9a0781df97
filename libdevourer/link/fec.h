/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Erasure coder of the WFB-NG link: zfec's systematic Reed-Solomon code
 * over GF(2^8). Fragments 0..k-1 are the data, k..n-1 the parity computed
 * with zfec's generator rows. Encoding and decoding run on ISA-L (SIMD) or a
 * portable table-driven loop; both give identical bytes.
 *
 * One coder per (k, n): everything it needs, including a small LRU cache of
 * decode tables per erasure pattern, is allocated by dvr_fec_new(); encode
 * and decode allocate nothing. A coder is not thread-safe (decode updates
 * the cache); use one per thread.
 */
#ifndef DVR_LINK_FEC_H
#define DVR_LINK_FEC_H

#include <stddef.h>
#include <stdint.h>

#include <devourer/link.h>

#define DVR_FEC_MAX_N 255

struct dvr_fec;

struct dvr_fec_stats {
	uint64_t decode_calls;   /* decodes that had something to recover */
	uint64_t cache_hits;     /* erasure pattern found in the cache */
	uint64_t cache_misses;   /* pattern inverted and cached */
};

/*
 * New coder for 1 <= k <= n <= 255. @p backend: enum dvr_fec_backend
 * (AUTO picks ISA-L where it has SIMD). Returns DVR_OK, DVR_E_INVALID,
 * DVR_E_NO_MEM.
 */
int dvr_fec_new(unsigned k, unsigned n, int backend, struct dvr_fec **out);
void dvr_fec_free(struct dvr_fec *fec);

unsigned dvr_fec_k(const struct dvr_fec *fec);
unsigned dvr_fec_n(const struct dvr_fec *fec);
/* The backend in use (ISA-L, portable, GFNI or NEON; never AUTO). */
int dvr_fec_backend(const struct dvr_fec *fec);
/* The n x k generator matrix (row-major; top k rows are the identity). */
const uint8_t *dvr_fec_matrix(const struct dvr_fec *fec);

/*
 * Compute the n-k parity fragments of @p len bytes from the k data
 * fragments (all @p len bytes long: pad shorter data with zeros first).
 */
void dvr_fec_encode(struct dvr_fec *fec, const uint8_t *const *data,
                    uint8_t *const *parity, size_t len);

/*
 * Recover missing data fragments in place. @p frags has n buffers of at
 * least @p len bytes; @p present[i] != 0 marks fragment i as received
 * (received fragments shorter than @p len must be zero-padded to it).
 * The missing data buffers frags[i], i < k, are overwritten. Parity buffers
 * are only read. Returns the number of data fragments recovered (0 when
 * none was missing), or DVR_E_INVALID when fewer than k are present.
 */
int dvr_fec_decode(struct dvr_fec *fec, uint8_t *const *frags,
                   const uint8_t *present, size_t len);

void dvr_fec_get_stats(const struct dvr_fec *fec, struct dvr_fec_stats *out);

#endif /* DVR_LINK_FEC_H */

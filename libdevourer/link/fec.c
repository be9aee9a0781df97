/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "fec.h"

#include <stdlib.h>
#include <string.h>

#include <isa-l/erasure_code.h>

#include "fec_gfni.h"
#include "fec_neon.h"
#include "gf256.h"

/*
 * Decode tables cached per erasure pattern. Building them (inversion plus
 * ISA-L table expansion) costs microseconds, while patterns repeat a lot on
 * a real link (the same fragment positions get lost), so a few entries pay.
 */
#define FEC_CACHE_ENTRIES 8
/* Cap the cache's memory for large k (ISA-L tables are 32*k*rows bytes). */
#define FEC_CACHE_BUDGET (4u << 20)

struct fec_cache_entry {
	uint64_t key[4];          /* bitmap of the k fragments decoded from */
	uint64_t last_use;        /* LRU clock; 0 = empty slot */
	unsigned nmiss;
	uint8_t *rows;            /* nmiss x k decode rows (portable path) */
	uint8_t *tables;          /* ISA-L expanded tables (or GFNI matrices,
	                             or NEON nibble tables) for those rows */
};

struct dvr_fec {
	unsigned k, n;
	int backend;
	uint8_t *gen;             /* n x k generator */
	uint8_t *enc_tables;      /* ISA-L (or NEON nibble) tables of the
	                             parity rows */
	uint64_t *gfni_enc;       /* GFNI matrices of the parity rows */
	/* decode scratch, sized at creation */
	uint8_t *sub;             /* k x k */
	uint8_t *inv_scratch;     /* 2 k x k */
	unsigned char **src_ptrs; /* k */
	unsigned char **dst_ptrs; /* n */
	uint8_t *src_idx;         /* k */
	uint8_t *miss_idx;        /* k */
	struct fec_cache_entry *cache;
	unsigned cache_n;
	uint64_t clock;
	struct dvr_fec_stats stats;
};

static int backend_resolve(int backend)
{
	if (backend != DVR_FEC_AUTO)
		return backend;
	if (dvr_fec_gfni_available())
		return DVR_FEC_GFNI;
#if defined(__x86_64__) || defined(__aarch64__)
	/* ISA-L has SIMD kernels here; on AArch64 its NEON assembly runs
	 * ~15 % fewer instructions per packet than our NEON kernel
	 * (bench/arch_insns.c under qemu, bench/README.md). */
	return DVR_FEC_ISAL;
#else
	/* 32-bit ARM: ISA-L is plain C there, our NEON kernel is not. */
	if (dvr_fec_neon_available())
		return DVR_FEC_NEON;
	return DVR_FEC_PORTABLE;
#endif
}

/*
 * zfec's generator: a Vandermonde matrix evaluated at 0, 1, a, a^2, ...
 * (a = 2), made systematic by multiplying with the inverse of its top
 * k x k square. Any other construction gives a different (incompatible)
 * parity, so this follows zfec's choice of points exactly.
 */
static int build_generator(struct dvr_fec *fec)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	const unsigned k = fec->k, n = fec->n;
	uint8_t *vdm = malloc((size_t)n * k);
	if (!vdm)
		return DVR_E_NO_MEM;
	memset(vdm, 0, k);
	vdm[0] = 1;
	for (unsigned r = 1; r < n; r++)
		for (unsigned c = 0; c < k; c++)
			vdm[r * k + c] = gf->exp[((r - 1) * c) % 255];

	memcpy(fec->sub, vdm, (size_t)k * k);
	if (dvr_gf_invert(fec->sub, k, fec->inv_scratch) != 0) {
		free(vdm);  /* cannot happen: the points are distinct */
		return DVR_E_INVALID;
	}
	memset(fec->gen, 0, (size_t)k * k);
	for (unsigned i = 0; i < k; i++)
		fec->gen[i * k + i] = 1;
	if (n > k)
		dvr_gf_matmul(vdm + (size_t)k * k, fec->sub,
		              fec->gen + (size_t)k * k, n - k, k, k);
	free(vdm);
	return DVR_OK;
}

void dvr_fec_free(struct dvr_fec *fec)
{
	if (!fec)
		return;
	if (fec->cache) {
		for (unsigned i = 0; i < fec->cache_n; i++) {
			free(fec->cache[i].rows);
			free(fec->cache[i].tables);
		}
		free(fec->cache);
	}
	free(fec->gen);
	free(fec->enc_tables);
	free(fec->gfni_enc);
	free(fec->sub);
	free(fec->inv_scratch);
	free(fec->src_ptrs);
	free(fec->dst_ptrs);
	free(fec->src_idx);
	free(fec->miss_idx);
	free(fec);
}

int dvr_fec_new(unsigned k, unsigned n, int backend, struct dvr_fec **out)
{
	if (!out || k < 1 || n < k || n > DVR_FEC_MAX_N)
		return DVR_E_INVALID;
	*out = NULL;
	if (backend != DVR_FEC_AUTO && backend != DVR_FEC_ISAL &&
	    backend != DVR_FEC_PORTABLE && backend != DVR_FEC_GFNI &&
	    backend != DVR_FEC_NEON)
		return DVR_E_INVALID;
	if (backend == DVR_FEC_GFNI && !dvr_fec_gfni_available())
		return DVR_E_UNSUPPORTED;
	if (backend == DVR_FEC_NEON && !dvr_fec_neon_available())
		return DVR_E_UNSUPPORTED;

	struct dvr_fec *fec = calloc(1, sizeof(*fec));
	if (!fec)
		return DVR_E_NO_MEM;
	fec->k = k;
	fec->n = n;
	fec->backend = backend_resolve(backend);
	const unsigned max_rows = (n - k < k) ? n - k : k;
	fec->gen = malloc((size_t)n * k);
	fec->sub = malloc((size_t)k * k);
	fec->inv_scratch = malloc((size_t)2 * k * k);
	fec->src_ptrs = calloc(k, sizeof(*fec->src_ptrs));
	fec->dst_ptrs = calloc(n, sizeof(*fec->dst_ptrs));
	fec->src_idx = malloc(k);
	fec->miss_idx = malloc(k);
	if (n > k) {
		fec->enc_tables = malloc((size_t)32 * k * (n - k));
		fec->gfni_enc = malloc((size_t)8 * k * (n - k));
	}
	if (!fec->gen || !fec->sub || !fec->inv_scratch || !fec->src_ptrs ||
	    !fec->dst_ptrs || !fec->src_idx || !fec->miss_idx ||
	    (n > k && (!fec->enc_tables || !fec->gfni_enc)))
		goto nomem;
	int rc = build_generator(fec);
	if (rc != DVR_OK) {
		dvr_fec_free(fec);
		return rc;
	}
	if (n > k) {
		/* The NEON tables are ISA-L's size (32 bytes a coefficient). */
		if (fec->backend == DVR_FEC_NEON)
			dvr_fec_neon_tables(fec->gen + (size_t)k * k, n - k, k,
			                    fec->enc_tables);
		else
			ec_init_tables((int)k, (int)(n - k),
			               fec->gen + (size_t)k * k, fec->enc_tables);
		dvr_fec_gfni_tables(fec->gen + (size_t)k * k, n - k, k,
		                    fec->gfni_enc);
	}

	if (max_rows > 0) {
		size_t entry_bytes = (size_t)32 * k * max_rows +
		                     (size_t)k * max_rows;
		unsigned entries = FEC_CACHE_ENTRIES;
		while (entries > 1 && entries * entry_bytes > FEC_CACHE_BUDGET)
			entries--;
		fec->cache = calloc(entries, sizeof(*fec->cache));
		if (!fec->cache)
			goto nomem;
		fec->cache_n = entries;
		for (unsigned i = 0; i < entries; i++) {
			fec->cache[i].rows = malloc((size_t)k * max_rows);
			fec->cache[i].tables = malloc((size_t)32 * k * max_rows);
			if (!fec->cache[i].rows || !fec->cache[i].tables)
				goto nomem;
		}
	}
	*out = fec;
	return DVR_OK;
nomem:
	dvr_fec_free(fec);
	return DVR_E_NO_MEM;
}

unsigned dvr_fec_k(const struct dvr_fec *fec) { return fec->k; }
unsigned dvr_fec_n(const struct dvr_fec *fec) { return fec->n; }
int dvr_fec_backend(const struct dvr_fec *fec) { return fec->backend; }
const uint8_t *dvr_fec_matrix(const struct dvr_fec *fec) { return fec->gen; }

void dvr_fec_get_stats(const struct dvr_fec *fec, struct dvr_fec_stats *out)
{
	*out = fec->stats;
}

/* out = sum over j of rows[j] * in[j], the portable multiply-accumulate. */
static void portable_combine(const uint8_t *coefs, unsigned nin,
                             unsigned char *const *in, uint8_t *out,
                             size_t len)
{
	const struct dvr_gf256 *gf = dvr_gf256();
	memset(out, 0, len);
	for (unsigned j = 0; j < nin; j++) {
		const uint8_t c = coefs[j];
		const uint8_t *src = in[j];
		if (c == 0)
			continue;
		if (c == 1) {
			for (size_t b = 0; b < len; b++)
				out[b] ^= src[b];
			continue;
		}
		const uint8_t *m = gf->mul[c];
		size_t b = 0;
		for (; b + 4 <= len; b += 4) {
			out[b] ^= m[src[b]];
			out[b + 1] ^= m[src[b + 1]];
			out[b + 2] ^= m[src[b + 2]];
			out[b + 3] ^= m[src[b + 3]];
		}
		for (; b < len; b++)
			out[b] ^= m[src[b]];
	}
}

void dvr_fec_encode(struct dvr_fec *fec, const uint8_t *const *data,
                    uint8_t *const *parity, size_t len)
{
	const unsigned k = fec->k, m = fec->n - fec->k;
	if (m == 0 || len == 0)
		return;
	/* ISA-L takes non-const pointers but only reads the sources. */
	for (unsigned i = 0; i < k; i++)
		fec->src_ptrs[i] = (unsigned char *)(uintptr_t)data[i];
	for (unsigned i = 0; i < m; i++)
		fec->dst_ptrs[i] = parity[i];
	if (fec->backend == DVR_FEC_ISAL) {
		ec_encode_data((int)len, (int)k, (int)m, fec->enc_tables,
		               fec->src_ptrs, fec->dst_ptrs);
		return;
	}
	if (fec->backend == DVR_FEC_GFNI) {
		dvr_fec_gfni_combine(fec->gfni_enc, m, k, fec->src_ptrs,
		                     fec->dst_ptrs, len);
		return;
	}
	if (fec->backend == DVR_FEC_NEON) {
		dvr_fec_neon_combine(fec->enc_tables, m, k, fec->src_ptrs,
		                     fec->dst_ptrs, len);
		return;
	}
	for (unsigned r = 0; r < m; r++)
		portable_combine(fec->gen + (size_t)(k + r) * k, k,
		                 fec->src_ptrs, parity[r], len);
}

static struct fec_cache_entry *cache_lookup(struct dvr_fec *fec,
                                            const uint64_t key[4])
{
	for (unsigned i = 0; i < fec->cache_n; i++) {
		struct fec_cache_entry *e = &fec->cache[i];
		if (e->last_use && memcmp(e->key, key, sizeof(e->key)) == 0)
			return e;
	}
	return NULL;
}

static struct fec_cache_entry *cache_victim(struct dvr_fec *fec)
{
	struct fec_cache_entry *v = &fec->cache[0];
	for (unsigned i = 1; i < fec->cache_n; i++)
		if (fec->cache[i].last_use < v->last_use)
			v = &fec->cache[i];
	return v;
}

int dvr_fec_decode(struct dvr_fec *fec, uint8_t *const *frags,
                   const uint8_t *present, size_t len)
{
	const unsigned k = fec->k, n = fec->n;
	unsigned nsrc = 0, nmiss = 0;
	uint64_t key[4] = { 0, 0, 0, 0 };

	/* Data first, then parity: every received data fragment is used. */
	for (unsigned i = 0; i < n && nsrc < k; i++) {
		if (present[i]) {
			fec->src_idx[nsrc++] = (uint8_t)i;
			key[i >> 6] |= 1ull << (i & 63);
		} else if (i < k) {
			fec->miss_idx[nmiss++] = (uint8_t)i;
		}
	}
	if (nsrc < k)
		return DVR_E_INVALID;
	if (nmiss == 0)
		return 0;
	fec->stats.decode_calls++;

	struct fec_cache_entry *e = cache_lookup(fec, key);
	if (e) {
		fec->stats.cache_hits++;
	} else {
		fec->stats.cache_misses++;
		e = cache_victim(fec);
		for (unsigned r = 0; r < k; r++)
			memcpy(fec->sub + r * k,
			       fec->gen + (size_t)fec->src_idx[r] * k, k);
		/* Any k rows of an MDS generator are independent. */
		if (dvr_gf_invert(fec->sub, k, fec->inv_scratch) != 0)
			return DVR_E_INVALID;
		for (unsigned m = 0; m < nmiss; m++)
			memcpy(e->rows + m * k,
			       fec->sub + (size_t)fec->miss_idx[m] * k, k);
		if (fec->backend == DVR_FEC_ISAL)
			ec_init_tables((int)k, (int)nmiss, e->rows, e->tables);
		else if (fec->backend == DVR_FEC_GFNI)
			dvr_fec_gfni_tables(e->rows, nmiss, k,
			                    (uint64_t *)(void *)e->tables);
		else if (fec->backend == DVR_FEC_NEON)
			dvr_fec_neon_tables(e->rows, nmiss, k, e->tables);
		memcpy(e->key, key, sizeof(e->key));
		e->nmiss = nmiss;
	}
	e->last_use = ++fec->clock;

	for (unsigned j = 0; j < k; j++)
		fec->src_ptrs[j] = frags[fec->src_idx[j]];
	for (unsigned m = 0; m < nmiss; m++)
		fec->dst_ptrs[m] = frags[fec->miss_idx[m]];
	if (len == 0)
		return (int)nmiss;
	if (fec->backend == DVR_FEC_ISAL) {
		ec_encode_data((int)len, (int)k, (int)nmiss, e->tables,
		               fec->src_ptrs, fec->dst_ptrs);
	} else if (fec->backend == DVR_FEC_GFNI) {
		dvr_fec_gfni_combine((const uint64_t *)(const void *)e->tables,
		                     nmiss, k, fec->src_ptrs, fec->dst_ptrs, len);
	} else if (fec->backend == DVR_FEC_NEON) {
		dvr_fec_neon_combine(e->tables, nmiss, k, fec->src_ptrs,
		                     fec->dst_ptrs, len);
	} else {
		for (unsigned m = 0; m < nmiss; m++)
			portable_combine(e->rows + m * k, k, fec->src_ptrs,
			                 fec->dst_ptrs[m], len);
	}
	return (int)nmiss;
}

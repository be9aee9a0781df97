/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * FEC engine: zfec-identical parity (hash vectors taken from zfec's
 * encoder), the generator checked against an independent Lagrange-basis
 * construction, ISA-L vs portable, and exhaustive erasure recovery.
 */
#include <stdbool.h>

#include <sodium.h>
#if defined(__arm__) && defined(__linux__)
#include <sys/auxv.h>
#endif

#include "libdevourer/link/fec.h"
#include "tests/check.h"

/* Bitwise GF(2^8) multiply, 0x11d: independent of the library's tables. */
static uint8_t slow_mul(uint8_t a, uint8_t b)
{
	unsigned r = 0, x = a;
	for (; b; b >>= 1) {
		if (b & 1)
			r ^= x;
		x <<= 1;
		if (x & 0x100)
			x ^= 0x11d;
	}
	return (uint8_t)r;
}

static uint8_t slow_pow(uint8_t a, unsigned e)
{
	uint8_t r = 1;
	while (e--)
		r = slow_mul(r, a);
	return r;
}

static uint8_t slow_inv(uint8_t a)
{
	for (unsigned x = 1; x < 256; x++)
		if (slow_mul(a, (uint8_t)x) == 1)
			return (uint8_t)x;
	return 0;
}

/*
 * zfec's code evaluates the data polynomial at points p_0 = 0 and
 * p_j = 2^(j-1); its systematic form makes parity row r the Lagrange basis
 * L_i(x) = prod_{m != i} (x - p_m) / (p_i - p_m) evaluated at p_r.
 */
static uint8_t point(unsigned j)
{
	return j == 0 ? 0 : slow_pow(2, j - 1);
}

static uint8_t lagrange(unsigned k, unsigned i, uint8_t x)
{
	uint8_t num = 1, den = 1;
	for (unsigned m = 0; m < k; m++) {
		if (m == i)
			continue;
		num = slow_mul(num, x ^ point(m));
		den = slow_mul(den, point(i) ^ point(m));
	}
	return slow_mul(num, slow_inv(den));
}

static uint8_t data_byte(unsigned i, unsigned b)
{
	return (uint8_t)(i * 31 + b * 7 + 1);
}

struct vec {
	unsigned k, n, len;
	const char *sha256;
};

/* sha256 of the parity rows (concatenated) that zfec's fec_encode gives
 * for data[i][b] = i*31 + b*7 + 1. */
static const struct vec vectors[] = {
	{ 1, 2, 100, "4303a0db0805657f94896cbe70712284dd3d74b1324a92b677b792b63b5d7538" },
	{ 2, 3, 100, "2fbcf59ea72ea5ab2e008595f614d16a96f5ea3da828e53b5475465ac0f275d9" },
	{ 4, 6, 1400, "ad2db68ef9fb75602d3f7de7ca0c7eeb802ba7808b86d696bebdce86dd35290e" },
	{ 8, 12, 1400, "cd4937202b9350d31ae1ff74f92b9b8034ce173d17be14bb642e7e1416084cce" },
	{ 8, 12, 37, "b416fd38e8aea24260de01db9b82db77c92cb239ca8a6f1f302ca88a91754062" },
	{ 16, 24, 1400, "6a942d53f04f8f6fe8980fab448731a494c9374ef224dca2ca5f00a94f058dd8" },
	{ 10, 20, 333, "b85da4ea803863a7d642d646e0719bc3ca5d0c863b7fe8744a48ba063befecee" },
	{ 32, 48, 200, "3edfbe7aea6e3c1caef81cae7fcb290cc4cbc4f68eed02bc74877a2a17ac88c2" },
	{ 100, 200, 64, "449c5d687c0861eb0b8d582f055e526a5ab1a7da9cfc2f260dcf5aef57cdab12" },
	{ 128, 255, 50, "88849edef9f3230704c0044d9e5414b5416fabc5370648b95041f369d8d4884e" },
	{ 3, 255, 20, "bc4d0da889aa9388606a20fb9d3c22a2f4d29008f38261780656be94275f1379" },
};

static uint8_t *frag[256];

static void fill_data(unsigned k, unsigned len)
{
	for (unsigned i = 0; i < k; i++)
		for (unsigned b = 0; b < len; b++)
			frag[i][b] = data_byte(i, b);
}

static void hex(const uint8_t *h, char *out)
{
	for (int i = 0; i < 32; i++)
		sprintf(out + 2 * i, "%02x", h[i]);
}

static void test_vectors(int backend, const char *name)
{
	char what[160], got[65];
	for (size_t v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++) {
		const struct vec *t = &vectors[v];
		struct dvr_fec *fec = NULL;
		if (dvr_fec_new(t->k, t->n, backend, &fec) != DVR_OK) {
			CHECK(0, "fec_new");
			continue;
		}
		fill_data(t->k, t->len);
		dvr_fec_encode(fec, (const uint8_t *const *)frag, frag + t->k,
		               t->len);
		crypto_hash_sha256_state st;
		crypto_hash_sha256_init(&st);
		for (unsigned r = t->k; r < t->n; r++)
			crypto_hash_sha256_update(&st, frag[r], t->len);
		uint8_t h[32];
		crypto_hash_sha256_final(&st, h);
		hex(h, got);
		snprintf(what, sizeof(what), "%s: zfec parity k=%u n=%u len=%u",
		         name, t->k, t->n, t->len);
		if (!CHECK(strcmp(got, t->sha256) == 0, what))
			printf("#   got %s\n", got);
		dvr_fec_free(fec);
	}
}

static void test_generator_lagrange(void)
{
	static const unsigned kn[][2] = { { 1, 3 }, { 2, 4 }, { 4, 6 },
		{ 8, 12 }, { 16, 24 }, { 20, 30 }, { 60, 255 } };
	for (size_t t = 0; t < sizeof(kn) / sizeof(kn[0]); t++) {
		unsigned k = kn[t][0], n = kn[t][1];
		struct dvr_fec *fec = NULL;
		dvr_fec_new(k, n, DVR_FEC_PORTABLE, &fec);
		const uint8_t *g = dvr_fec_matrix(fec);
		int bad = 0;
		for (unsigned r = 0; r < n; r++)
			for (unsigned i = 0; i < k; i++) {
				uint8_t want = r < k ? (r == i)
				                     : lagrange(k, i, point(r));
				bad += g[r * k + i] != want;
			}
		char what[96];
		snprintf(what, sizeof(what),
		         "generator k=%u n=%u = independent Lagrange form", k, n);
		CHECK_EQ_INT(bad, 0, what);
		dvr_fec_free(fec);
	}
}

/* Buffers of the backend under test start at every offset from an
 * aligned address (0..15), lengths are rarely a multiple of 16 or 32. */
static void test_simd_vs_portable(int backend, const char *name)
{
	static _Alignas(64) uint8_t a[256][640], b[256][640];
	uint8_t *pa[256], *pb[256];
	int bad = 0, cases = 0, odd_len = 0;
	for (unsigned n = 1; n <= 40; n++) {
		for (unsigned k = 1; k <= n; k += 1 + k / 5) {
			unsigned len = 1 + (k * 37 + n * 11) % 599;
			struct dvr_fec *fi = NULL, *fp = NULL;
			dvr_fec_new(k, n, backend, &fi);
			dvr_fec_new(k, n, DVR_FEC_PORTABLE, &fp);
			for (unsigned i = 0; i < n; i++) {
				pa[i] = a[i] + (i * 5 + k + n) % 16;
				pb[i] = b[i];
			}
			odd_len += len % 16 != 0;
			for (unsigned i = 0; i < k; i++)
				for (unsigned x = 0; x < len; x++)
					pa[i][x] = pb[i][x] = (uint8_t)randombytes_uniform(256);
			dvr_fec_encode(fi, (const uint8_t *const *)pa, pa + k, len);
			dvr_fec_encode(fp, (const uint8_t *const *)pb, pb + k, len);
			for (unsigned i = k; i < n; i++)
				bad += memcmp(pa[i], pb[i], len) != 0;
			/* Decode too: lose up to n-k fragments (data first) of
			 * the unaligned copy, rebuild, compare with the other. */
			uint8_t present[256];
			unsigned lose = n - k < k ? n - k : k;
			for (unsigned i = 0; i < n; i++)
				present[i] = 1;
			for (unsigned l = 0; l < lose; l++) {
				unsigned i = randombytes_uniform(n);
				present[i] = 0;
				memset(pa[i], 0x5a, len);
			}
			if (dvr_fec_decode(fi, pa, present, len) < 0)
				bad++;
			for (unsigned i = 0; i < k; i++)
				bad += memcmp(pa[i], pb[i], len) != 0;
			cases++;
			dvr_fec_free(fi);
			dvr_fec_free(fp);
		}
	}
	char what[96];
	snprintf(what, sizeof(what), "%s vs portable: enough (k, n) cases", name);
	CHECK(cases > 100 && odd_len > 50, what);
	snprintf(what, sizeof(what), "%s and portable parity identical, "
	         "%s decode restores the data", name, name);
	CHECK_EQ_INT(bad, 0, what);
}

/* Try every erasure pattern of up to n-k losses; more must be refused. */
static void test_exhaustive(unsigned k, unsigned n, int backend)
{
	enum { LEN = 97 };
	static uint8_t orig[16][LEN], buf[16][LEN];
	uint8_t *p[16];
	struct dvr_fec *fec = NULL;
	dvr_fec_new(k, n, backend, &fec);
	for (unsigned i = 0; i < n; i++)
		p[i] = orig[i];
	for (unsigned i = 0; i < k; i++)
		for (unsigned x = 0; x < LEN; x++)
			orig[i][x] = (uint8_t)randombytes_uniform(256);
	dvr_fec_encode(fec, (const uint8_t *const *)p, p + k, LEN);
	int ok = 0, bad = 0, refused = 0, wrongly = 0;
	for (unsigned mask = 0; mask < (1u << n); mask++) {
		unsigned lost = (unsigned)__builtin_popcount(mask);
		uint8_t present[16];
		for (unsigned i = 0; i < n; i++) {
			present[i] = !(mask >> i & 1);
			memcpy(buf[i], orig[i], LEN);
			if (!present[i])
				memset(buf[i], 0xa5, LEN);  /* garbage */
			p[i] = buf[i];
		}
		int r = dvr_fec_decode(fec, p, present, LEN);
		if (lost > n - k) {
			refused += r == DVR_E_INVALID;
			wrongly += r != DVR_E_INVALID;
			continue;
		}
		int good = r >= 0;
		for (unsigned i = 0; i < k; i++)
			good &= memcmp(buf[i], orig[i], LEN) == 0;
		ok += good;
		bad += !good;
	}
	char what[128];
	const char *bn = backend == DVR_FEC_ISAL ? "isal"
	                 : backend == DVR_FEC_GFNI ? "gfni"
	                 : backend == DVR_FEC_NEON ? "neon" : "portable";
	snprintf(what, sizeof(what), "%s k=%u n=%u: every pattern of <= %u "
	         "losses recovers exactly (%d)", bn, k, n, n - k, ok);
	CHECK(bad == 0 && ok > 0, what);
	snprintf(what, sizeof(what), "%s k=%u n=%u: > %u losses refused",
	         bn, k, n, n - k);
	CHECK(wrongly == 0 && (refused > 0 || n == k), what);
	struct dvr_fec_stats st;
	dvr_fec_get_stats(fec, &st);
	if (n > k) {
		snprintf(what, sizeof(what), "k=%u n=%u: decode cache used", k, n);
		CHECK(st.cache_misses > 0 &&
		      st.cache_hits + st.cache_misses == st.decode_calls, what);
	}
	dvr_fec_free(fec);
}

static void test_cache_hits(void)
{
	enum { LEN = 64 };
	static uint8_t m[12][LEN];
	uint8_t *p[12];
	uint8_t present[12];
	struct dvr_fec *fec = NULL;
	dvr_fec_new(8, 12, DVR_FEC_AUTO, &fec);
	for (int i = 0; i < 12; i++)
		p[i] = m[i];
	for (int rep = 0; rep < 10; rep++) {
		for (int i = 0; i < 12; i++)
			present[i] = i != 3 && i != 5;
		dvr_fec_decode(fec, p, present, LEN);
	}
	struct dvr_fec_stats st;
	dvr_fec_get_stats(fec, &st);
	CHECK_EQ_INT(st.cache_misses, 1, "repeated erasure pattern: one miss");
	CHECK_EQ_INT(st.cache_hits, 9, "... then cache hits");
	dvr_fec_free(fec);
}

int main(void)
{
	if (sodium_init() < 0)
		return 1;
	for (int i = 0; i < 256; i++)
		frag[i] = malloc(1400);
	test_vectors(DVR_FEC_ISAL, "isal");
	test_vectors(DVR_FEC_PORTABLE, "portable");
	test_generator_lagrange();
	test_simd_vs_portable(DVR_FEC_ISAL, "isal");
	/* The kernels only some CPUs run: each is either tested in full or
	 * refused with DVR_E_UNSUPPORTED, never silently replaced. */
	static const struct { int backend; const char *name, *needs; } opt[] = {
		{ DVR_FEC_GFNI, "gfni", "AVX-512+GFNI" },
		{ DVR_FEC_NEON, "neon", "ARM NEON" },
	};
	int have[2];
	for (size_t b = 0; b < 2; b++) {
		struct dvr_fec *probe = NULL;
		int rc = dvr_fec_new(4, 6, opt[b].backend, &probe);
		have[b] = rc == DVR_OK;
		if (have[b]) {
			CHECK_EQ_INT(dvr_fec_backend(probe), opt[b].backend,
			             "asked-for kernel is the one in use");
			test_vectors(opt[b].backend, opt[b].name);
			test_simd_vs_portable(opt[b].backend, opt[b].name);
		} else {
			char what[96];
			printf("# no %s here: %s kernel not exercised\n",
			       opt[b].needs, opt[b].name);
			snprintf(what, sizeof(what),
			         "%s unavailable: DVR_E_UNSUPPORTED", opt[b].name);
			CHECK_EQ_INT(rc, DVR_E_UNSUPPORTED, what);
		}
		dvr_fec_free(probe);
	}
#if defined(__aarch64__)
	/* Every AArch64 CPU has NEON: the kernel must be there, not just
	 * compile. */
	CHECK(have[1], "AArch64 build: NEON kernel available");
#elif defined(__arm__) && defined(__linux__)
	/* 32-bit ARM: exactly when the kernel reports NEON (scripts/cross.sh
	 * runs this under qemu's default CPU and a NEON-less ARMv7). */
	const bool cpu_neon = (getauxval(AT_HWCAP) & (1ul << 12)) != 0;
	printf("# CPU reports NEON: %s\n", cpu_neon ? "yes" : "no");
	CHECK(have[1] == cpu_neon, "ARM build: NEON kernel iff the CPU has NEON");
#endif
	static const unsigned small[][2] = { { 1, 1 }, { 1, 2 }, { 1, 4 },
		{ 2, 3 }, { 2, 5 }, { 3, 6 }, { 4, 6 }, { 4, 8 }, { 5, 7 },
		{ 8, 12 }, { 6, 14 } };
	for (size_t t = 0; t < sizeof(small) / sizeof(small[0]); t++) {
		test_exhaustive(small[t][0], small[t][1], DVR_FEC_ISAL);
		test_exhaustive(small[t][0], small[t][1], DVR_FEC_PORTABLE);
		for (size_t b = 0; b < 2; b++)
			if (have[b])
				test_exhaustive(small[t][0], small[t][1],
				                opt[b].backend);
	}
	test_cache_hits();
	struct dvr_fec *au = NULL;
	dvr_fec_new(8, 12, DVR_FEC_AUTO, &au);
	printf("# DVR_FEC_AUTO picks backend %d here\n", dvr_fec_backend(au));
	CHECK(dvr_fec_backend(au) != DVR_FEC_AUTO, "AUTO resolves to a kernel");
	dvr_fec_free(au);
	struct dvr_fec *f = NULL;
	CHECK_EQ_INT(dvr_fec_new(0, 4, DVR_FEC_AUTO, &f), DVR_E_INVALID, "k=0 refused");
	CHECK_EQ_INT(dvr_fec_new(5, 4, DVR_FEC_AUTO, &f), DVR_E_INVALID, "k>n refused");
	CHECK_EQ_INT(dvr_fec_new(4, 256, DVR_FEC_AUTO, &f), DVR_E_INVALID, "n>255 refused");
	for (int i = 0; i < 256; i++)
		free(frag[i]);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The data-fragment AEAD on libcrypto against libsodium's
 * crypto_aead_chacha20poly1305 (the original construction WFB-NG uses):
 * byte-identical output for every length 0..80, the primes up to 4000 and
 * a few lengths around and beyond 4096 (where the context stops using its
 * own buffers), with and without associated data (short, and longer than
 * the 56 bytes the context joins to the message), under fresh random keys
 * and nonces;
 * libsodium's output opens; in-place use; and whatever was changed in
 * ciphertext, tag, associated data, key or nonce is refused without a
 * byte written.
 */
#include <sodium.h>

#include <devourer/devourer.h>

#include "libdevourer/link/aead.h"
#include "tests/check.h"

#define MAX_LEN 6000
#define PRIMES_UP_TO 4000
#define MAX_AD 100

static bool is_prime(size_t v)
{
	if (v < 2)
		return false;
	for (size_t d = 2; d * d <= v; d++)
		if (v % d == 0)
			return false;
	return true;
}

/* Lengths under test: all of 0..80 (every position around the first
 * keystream blocks and Poly1305's 16-byte blocks), then primes, then
 * around the context's own buffers and past them. */
static const size_t big_lens[] = { 4095, 4096, 4097, 4111, 5003, MAX_LEN };

static size_t next_len(size_t len)
{
	if (len < 80)
		return len + 1;
	if (len < PRIMES_UP_TO) {
		do
			len++;
		while (len < PRIMES_UP_TO && !is_prime(len));
		if (len < PRIMES_UP_TO)
			return len;
	}
	for (size_t i = 0; i < sizeof(big_lens) / sizeof(big_lens[0]); i++)
		if (big_lens[i] > len)
			return big_lens[i];
	return MAX_LEN + 1;
}

static uint8_t plain[MAX_LEN], ours[MAX_LEN + 16], theirs[MAX_LEN + 16],
	buf[MAX_LEN + 16], opened[MAX_LEN];

struct tally {
	unsigned lengths, seal_diff, inplace_diff, open_fail, open_diff,
		inplace_open_fail;
};

/* One length: libsodium and we seal the same message; each opens it. */
static void one(struct dvr_aead *a, size_t len, size_t ad_len,
                struct tally *t)
{
	uint8_t key[32], nonce[8], ad[MAX_AD];
	randombytes_buf(key, sizeof(key));
	randombytes_buf(nonce, sizeof(nonce));
	randombytes_buf(ad, sizeof(ad));
	randombytes_buf(plain, len);
	unsigned long long clen = 0;
	crypto_aead_chacha20poly1305_encrypt(theirs, &clen, plain, len,
	                                     ad_len ? ad : NULL, ad_len, NULL,
	                                     nonce, key);
	t->lengths++;
	if (dvr_aead_set_key(a, key) != DVR_OK ||
	    dvr_aead_seal(a, nonce, ad, ad_len, plain, len, ours) != DVR_OK ||
	    clen != len + 16 || memcmp(ours, theirs, len + 16) != 0)
		t->seal_diff++;
	memcpy(buf, plain, len);
	if (dvr_aead_seal(a, nonce, ad, ad_len, buf, len, buf) != DVR_OK ||
	    memcmp(buf, theirs, len + 16) != 0)
		t->inplace_diff++;
	memset(opened, 0xa5, sizeof(opened));
	if (dvr_aead_open(a, nonce, ad, ad_len, theirs, len + 16, opened) !=
	    DVR_OK)
		t->open_fail++;
	else if (memcmp(opened, plain, len) != 0 ||
	         (len < MAX_LEN && opened[len] != 0xa5))
		t->open_diff++;
	memcpy(buf, theirs, len + 16);
	if (dvr_aead_open(a, nonce, ad, ad_len, buf, len + 16, buf) !=
	        DVR_OK ||
	    memcmp(buf, plain, len) != 0)
		t->inplace_open_fail++;
}

static void against_libsodium(struct dvr_aead *a)
{
	/* Without AD, with the 9-byte block header WFB-NG authenticates,
	 * and with AD lengths walking across Poly1305 blocks and past what
	 * the context joins to the message. */
	for (int mode = 0; mode < 3; mode++) {
		struct tally t = { 0 };
		unsigned step = 0;
		for (size_t len = 0; len <= MAX_LEN; len = next_len(len)) {
			size_t ad_len = mode == 0 ? 0 : mode == 1 ? 9
			                : 1 + (step++ % MAX_AD);
			one(a, len, ad_len, &t);
		}
		const char *m = mode == 0 ? "no AD" : mode == 1 ? "9-byte AD"
		                                                : "AD 1..100";
		char what[160];
		snprintf(what, sizeof(what),
		         "%s: seal byte-identical to libsodium for %u lengths",
		         m, t.lengths);
		CHECK_EQ_INT(t.seal_diff, 0, what);
		snprintf(what, sizeof(what), "%s: in-place seal identical", m);
		CHECK_EQ_INT(t.inplace_diff, 0, what);
		snprintf(what, sizeof(what), "%s: libsodium's output opens", m);
		CHECK_EQ_INT(t.open_fail, 0, what);
		snprintf(what, sizeof(what),
		         "%s: opened bytes are the plaintext, nothing past", m);
		CHECK_EQ_INT(t.open_diff, 0, what);
		snprintf(what, sizeof(what), "%s: in-place open", m);
		CHECK_EQ_INT(t.inplace_open_fail, 0, what);
	}
}

/* Every rejection leaves the output as it was. */
static bool refused_untouched(struct dvr_aead *a, const uint8_t *nonce,
                              const uint8_t *ad, size_t ad_len,
                              const uint8_t *in, size_t in_len)
{
	memset(opened, 0x5a, sizeof(opened));
	int rc = dvr_aead_open(a, nonce, ad, ad_len, in, in_len, opened);
	for (size_t i = 0; i < sizeof(opened); i++)
		if (opened[i] != 0x5a)
			return false;
	return rc == DVR_E_INVALID;
}

static void forgeries(struct dvr_aead *a)
{
	enum { LEN = 1403 };
	uint8_t key[32], other[32], nonce[8], ad[9];
	randombytes_buf(key, sizeof(key));
	randombytes_buf(other, sizeof(other));
	randombytes_buf(nonce, sizeof(nonce));
	randombytes_buf(ad, sizeof(ad));
	randombytes_buf(plain, LEN);
	unsigned long long clen = 0;
	crypto_aead_chacha20poly1305_encrypt(theirs, &clen, plain, LEN, ad,
	                                     sizeof(ad), NULL, nonce, key);
	CHECK(dvr_aead_set_key(a, key) == DVR_OK, "key set");
	CHECK(dvr_aead_open(a, nonce, ad, sizeof(ad), theirs, clen, opened) ==
	          DVR_OK, "genuine fragment opens");

	/* One flipped bit anywhere: every byte of ciphertext and tag, each
	 * time another bit; every bit of the AD; every bit of the nonce. */
	unsigned ct_ok = 0, tag_ok = 0, ad_ok = 0, nonce_ok = 0;
	for (size_t i = 0; i < clen; i++) {
		memcpy(buf, theirs, clen);
		buf[i] ^= (uint8_t)(1u << (i % 8));
		if (refused_untouched(a, nonce, ad, sizeof(ad), buf, clen))
			*(i < LEN ? &ct_ok : &tag_ok) += 1;
	}
	for (size_t bit = 0; bit < sizeof(ad) * 8; bit++) {
		uint8_t f[sizeof(ad)];
		memcpy(f, ad, sizeof(ad));
		f[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		ad_ok += refused_untouched(a, nonce, f, sizeof(f), theirs, clen);
	}
	for (size_t bit = 0; bit < 64; bit++) {
		uint8_t f[8];
		memcpy(f, nonce, 8);
		f[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		nonce_ok += refused_untouched(a, f, ad, sizeof(ad), theirs, clen);
	}
	CHECK_EQ_INT(ct_ok, LEN, "a flipped ciphertext bit is refused, "
	                         "nothing written (every byte)");
	CHECK_EQ_INT(tag_ok, 16, "a flipped tag bit is refused (every byte)");
	CHECK_EQ_INT(ad_ok, 72, "a flipped AD bit is refused (every bit)");
	CHECK_EQ_INT(nonce_ok, 64, "another nonce is refused (every bit)");
	CHECK(refused_untouched(a, nonce, ad, sizeof(ad) - 1, theirs, clen),
	      "shorter AD is refused");
	CHECK(refused_untouched(a, nonce, ad, sizeof(ad), theirs, clen - 1),
	      "a truncated fragment is refused");
	CHECK(refused_untouched(a, nonce, ad, sizeof(ad), theirs, 15),
	      "input shorter than a tag is refused");
	CHECK(refused_untouched(a, nonce, NULL, 0, theirs, 16),
	      "a bare tag of another message is refused");

	CHECK(dvr_aead_set_key(a, other) == DVR_OK, "other key set");
	CHECK(refused_untouched(a, nonce, ad, sizeof(ad), theirs, clen),
	      "the wrong key is refused");
	/* A rejection leaves the context usable: back to the right key. */
	CHECK(dvr_aead_set_key(a, key) == DVR_OK &&
	          dvr_aead_open(a, nonce, ad, sizeof(ad), theirs, clen,
	                        opened) == DVR_OK &&
	          memcmp(opened, plain, LEN) == 0,
	      "after refusals the genuine fragment still opens");

	/* The same refusals past the context's own buffers (long message,
	 * long AD: each EVP step called on its own). */
	uint8_t long_ad[MAX_AD];
	randombytes_buf(long_ad, sizeof(long_ad));
	randombytes_buf(plain, MAX_LEN);
	crypto_aead_chacha20poly1305_encrypt(theirs, &clen, plain, MAX_LEN,
	                                     long_ad, sizeof(long_ad), NULL,
	                                     nonce, key);
	bool long_ok = dvr_aead_open(a, nonce, long_ad, sizeof(long_ad),
	                             theirs, clen, opened) == DVR_OK &&
	               memcmp(opened, plain, MAX_LEN) == 0;
	memcpy(buf, theirs, clen);
	buf[MAX_LEN / 2] ^= 0x10;
	long_ok = long_ok && refused_untouched(a, nonce, long_ad,
	                                       sizeof(long_ad), buf, clen);
	memcpy(buf, theirs, clen);
	buf[clen - 1] ^= 0x80;
	long_ok = long_ok && refused_untouched(a, nonce, long_ad,
	                                       sizeof(long_ad), buf, clen);
	long_ad[0] ^= 1;
	long_ok = long_ok && refused_untouched(a, nonce, long_ad,
	                                       sizeof(long_ad), theirs, clen);
	CHECK(long_ok, "6000 B with 100 B of AD: genuine opens; flipped "
	               "ciphertext, tag or AD bit refused, nothing written");
}

int main(void)
{
	if (sodium_init() < 0)
		CHECK_SKIP("libsodium does not initialise");
	struct dvr_aead *a = NULL;
	CHECK(dvr_aead_new(&a) == DVR_OK && a, "context created");
	if (!a)
		return check_done();

	uint8_t nonce[8] = { 0 }, out[32];
	CHECK_EQ_INT(dvr_aead_seal(a, nonce, NULL, 0, plain, 16, out),
	             DVR_E_STATE, "seal without a key is refused");
	CHECK_EQ_INT(dvr_aead_open(a, nonce, NULL, 0, out, 32, plain),
	             DVR_E_STATE, "open without a key is refused");

	against_libsodium(a);
	forgeries(a);
	dvr_aead_free(a);
	dvr_aead_free(NULL);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Original ChaCha20-Poly1305 (the construction of libsodium's
 * crypto_aead_chacha20poly1305, which WFB-NG's data fragments use) on
 * OpenSSL libcrypto:
 *   - ChaCha20 state words 12-13 are a 64-bit block counter from 0 and
 *     words 14-15 the 8-byte nonce. OpenSSL's "ChaCha20" takes a 16-byte
 *     IV that loads words 12-15 in order (a 32-bit counter, then a 96-bit
 *     nonce), so the IV is 8 zero bytes followed by the nonce. The 32-bit
 *     counter it increments wraps only after 256 GiB, far past a frame.
 *   - Keystream block 0 gives the one-time Poly1305 key (its first 32
 *     bytes); the message is XORed with the keystream from block 1 on.
 *   - The tag is Poly1305 over ad || le64(ad_len) || ct || le64(ct_len),
 *     without the 16-byte padding of the IETF variant.
 * (libsodium crypto_aead/chacha20poly1305/aead_chacha20poly1305.c,
 * crypto_aead_chacha20poly1305_encrypt_detached.)
 *
 * The cipher and MAC are fetched once and their contexts kept: each
 * message only re-initialises the cipher with its IV and the MAC with its
 * one-time key, which is most of what a short message costs.
 */
#include "aead.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sodium.h>

#include <devourer/devourer.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define AEAD_X86_UPPER 1
#endif

/* The longest message a call takes: EVP's lengths are int. */
#define AEAD_MAX_LEN ((size_t)INT_MAX - 64)
/*
 * Messages up to this long (every WFB-NG fragment) with AD up to
 * JOINED_AD_MAX go the joined way: through buffers of the context, one
 * cipher call for keystream block 0 and the message, one MAC call for
 * the whole authenticated string (AD, its length, ciphertext, its length
 * laid out side by side). An EVP call costs about as much as a 64-byte
 * block, far more than copying a fragment; and Poly1305 split over
 * several calls costs more again when a call leaves a few bytes behind
 * after a long one (measured with OpenSSL 3.0 on x86-64: a third more
 * for a 1403-byte fragment).
 */
#define JOINED_MAX 4096
#define JOINED_AD_MAX (64 - 8)
#define JOINED_BUF (64 + JOINED_MAX + 8)

struct dvr_aead {
	EVP_CIPHER *cipher;
	EVP_CIPHER_CTX *cctx;
	EVP_MAC *mac;
	EVP_MAC_CTX *mctx;
	bool keyed;
	bool avx;                 /* the CPU has VZEROUPPER */
	/* joined way: 64 zero bytes, then the message, room for its length */
	uint8_t *in_buf;
	/* keystream block 0, then the message XORed, room for its length */
	uint8_t *out_buf;
};

static const uint8_t zero_block[64];

/*
 * After EVP_MAC_final, libcrypto's Poly1305 (OpenSSL 3.0 on x86-64 with
 * AVX-512) leaves the upper halves of the vector registers dirty: every
 * legacy-SSE instruction after it, in the next message's EVP set-up and
 * in the caller's own code, then pays for merging them. A VZEROUPPER
 * right after the final (one after the cipher or the MAC update does not
 * do it) made a 1403-byte seal about 13 % cheaper on such a CPU, and the
 * link TX around it more. The vector registers are caller-saved in the
 * x86-64 ABI, so a call that zeroes their upper halves takes nothing
 * from its caller.
 */
#ifdef AEAD_X86_UPPER
__attribute__((target("avx"))) static void upper_clean(void)
{
	_mm256_zeroupper();
}

static bool cpu_has_avx(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx");
}
#else
static void upper_clean(void)
{
}

static bool cpu_has_avx(void)
{
	return false;
}
#endif

/* The tag of the MAC's message so far, registers left clean. */
static bool mac_final(struct dvr_aead *a, uint8_t tag[DVR_AEAD_TAG_LEN])
{
	size_t outl = 0;
	const bool ok = EVP_MAC_final(a->mctx, tag, &outl, DVR_AEAD_TAG_LEN) == 1 &&
	                outl == DVR_AEAD_TAG_LEN;
	if (a->avx)
		upper_clean();
	return ok;
}

int dvr_aead_new(struct dvr_aead **out)
{
	*out = NULL;
	struct dvr_aead *a = calloc(1, sizeof(*a));
	if (!a)
		return DVR_E_NO_MEM;
	a->cipher = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
	a->cctx = EVP_CIPHER_CTX_new();
	a->mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	a->mctx = a->mac ? EVP_MAC_CTX_new(a->mac) : NULL;
	a->avx = cpu_has_avx();
	a->in_buf = calloc(1, JOINED_BUF);
	a->out_buf = calloc(1, JOINED_BUF);
	/* Bind the cipher to its context now, so that a message only sets
	 * key or IV (a NULL cipher keeps the one bound). */
	if (!a->cipher || !a->cctx || !a->mctx || !a->in_buf || !a->out_buf ||
	    EVP_EncryptInit_ex2(a->cctx, a->cipher, NULL, NULL, NULL) != 1 ||
	    EVP_CIPHER_CTX_get_key_length(a->cctx) != DVR_AEAD_KEY_LEN ||
	    EVP_CIPHER_CTX_get_iv_length(a->cctx) != 16) {
		dvr_aead_free(a);
		return DVR_E_NO_MEM;
	}
	*out = a;
	return DVR_OK;
}

void dvr_aead_free(struct dvr_aead *a)
{
	if (!a)
		return;
	/* Both contexts wipe their key material when freed. */
	EVP_MAC_CTX_free(a->mctx);
	EVP_MAC_free(a->mac);
	EVP_CIPHER_CTX_free(a->cctx);
	EVP_CIPHER_free(a->cipher);
	if (a->out_buf)
		sodium_memzero(a->out_buf, JOINED_BUF);
	if (a->in_buf)
		sodium_memzero(a->in_buf, JOINED_BUF);
	free(a->out_buf);
	free(a->in_buf);
	free(a);
}

int dvr_aead_set_key(struct dvr_aead *a, const uint8_t key[DVR_AEAD_KEY_LEN])
{
	a->keyed = EVP_EncryptInit_ex2(a->cctx, NULL, key, NULL, NULL) == 1;
	return a->keyed ? DVR_OK : DVR_E_IO;
}

static void put_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

/* XOR @p len bytes of @p in with the keystream from where it stands. */
static bool xor_stream(struct dvr_aead *a, const uint8_t *in, size_t len,
                       uint8_t *out)
{
	int outl = 0;
	if (!len)
		return true;
	return EVP_EncryptUpdate(a->cctx, out, &outl, in, (int)len) == 1 &&
	       (size_t)outl == len;
}

/*
 * Start message @p nonce: the cipher at block 0, whose first 32 bytes
 * key the MAC, leaving the cipher at block 1 for the message.
 */
static bool begin(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN])
{
	uint8_t iv[16] = { 0 };
	uint8_t block0[64];
	memcpy(iv + 8, nonce, DVR_AEAD_NONCE_LEN);
	bool ok = EVP_EncryptInit_ex2(a->cctx, NULL, NULL, iv, NULL) == 1 &&
	          xor_stream(a, zero_block, sizeof(block0), block0) &&
	          EVP_MAC_init(a->mctx, block0, 32, NULL) == 1;
	/* Only the MAC key is secret once used; the rest of block 0 is
	 * keystream no message is ever XORed with. */
	sodium_memzero(block0, 32);
	return ok;
}

/*
 * Joined way, part 1: the cipher at @p nonce over 64 zero bytes and the
 * @p len <= JOINED_MAX bytes of @p msg (copied to in_buf + 64) in one
 * call: out_buf + 64 holds msg XORed with the keystream, and the MAC is
 * keyed with block 0.
 */
static bool joined_xor(struct dvr_aead *a,
                       const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                       const uint8_t *msg, size_t len)
{
	uint8_t iv[16] = { 0 };
	memcpy(iv + 8, nonce, DVR_AEAD_NONCE_LEN);
	if (len)
		memcpy(a->in_buf + 64, msg, len);
	bool ok = EVP_EncryptInit_ex2(a->cctx, NULL, NULL, iv, NULL) == 1 &&
	          xor_stream(a, a->in_buf, 64 + len, a->out_buf) &&
	          EVP_MAC_init(a->mctx, a->out_buf, 32, NULL) == 1;
	sodium_memzero(a->out_buf, 32);
	return ok;
}

/*
 * Joined way, part 2: the tag of @p ad and the @p len ciphertext bytes at
 * @p buf + 64, in one MAC call over ad || le64(ad_len) written just
 * before them and le64(len) just after. buf[0..63] is scratch.
 */
static bool joined_tag(struct dvr_aead *a, uint8_t *buf, const uint8_t *ad,
                       size_t ad_len, size_t len,
                       uint8_t tag[DVR_AEAD_TAG_LEN])
{
	uint8_t *head = buf + 64 - 8 - ad_len;
	if (ad_len)
		memcpy(head, ad, ad_len);
	put_le64(buf + 64 - 8, ad_len);
	put_le64(buf + 64 + len, len);
	return EVP_MAC_update(a->mctx, head, ad_len + 8 + len + 8) == 1 &&
	       mac_final(a, tag);
}

/* AD this long or shorter goes to the MAC in one call with its length. */
#define AD_JOINED_MAX 48

/* Tag of @p ad and @p ct under the MAC key begin() set. Each EVP call
 * costs about as much as a Poly1305 block or two, so a short AD and its
 * length are one call. */
static bool tag_of(struct dvr_aead *a, const uint8_t *ad, size_t ad_len,
                   const uint8_t *ct, size_t ct_len,
                   uint8_t tag[DVR_AEAD_TAG_LEN])
{
	uint8_t head[AD_JOINED_MAX + 8], len_ct[8];
	bool ok;
	if (ad_len <= AD_JOINED_MAX) {
		if (ad_len)
			memcpy(head, ad, ad_len);
		put_le64(head + ad_len, ad_len);
		ok = EVP_MAC_update(a->mctx, head, ad_len + 8) == 1;
	} else {
		put_le64(head, ad_len);
		ok = EVP_MAC_update(a->mctx, ad, ad_len) == 1 &&
		     EVP_MAC_update(a->mctx, head, 8) == 1;
	}
	put_le64(len_ct, ct_len);
	return ok &&
	       (!ct_len || EVP_MAC_update(a->mctx, ct, ct_len) == 1) &&
	       EVP_MAC_update(a->mctx, len_ct, sizeof(len_ct)) == 1 &&
	       mac_final(a, tag);
}

int dvr_aead_seal(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                  const uint8_t *ad, size_t ad_len, const uint8_t *plain,
                  size_t len, uint8_t *out)
{
	if (!a->keyed)
		return DVR_E_STATE;
	if (len > AEAD_MAX_LEN || ad_len > AEAD_MAX_LEN)
		return DVR_E_INVALID;
	if (len <= JOINED_MAX && ad_len <= JOINED_AD_MAX) {
		if (!joined_xor(a, nonce, plain, len) ||
		    !joined_tag(a, a->out_buf, ad, ad_len, len, out + len))
			return DVR_E_IO;
		memcpy(out, a->out_buf + 64, len);
		return DVR_OK;
	}
	if (!begin(a, nonce) || !xor_stream(a, plain, len, out) ||
	    !tag_of(a, ad, ad_len, out, len, out + len))
		return DVR_E_IO;
	return DVR_OK;
}

int dvr_aead_open(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                  const uint8_t *ad, size_t ad_len, const uint8_t *in,
                  size_t in_len, uint8_t *out)
{
	if (!a->keyed)
		return DVR_E_STATE;
	if (in_len < DVR_AEAD_TAG_LEN || in_len > AEAD_MAX_LEN ||
	    ad_len > AEAD_MAX_LEN)
		return DVR_E_INVALID;
	const size_t len = in_len - DVR_AEAD_TAG_LEN;
	uint8_t tag[DVR_AEAD_TAG_LEN];
	if (len <= JOINED_MAX && ad_len <= JOINED_AD_MAX) {
		/* Decrypted into the context's buffer; only a genuine
		 * message leaves it. The MAC reads the ciphertext copy in
		 * in_buf, whose zero prefix is restored after. */
		bool ok = joined_xor(a, nonce, in, len) &&
		          joined_tag(a, a->in_buf, ad, ad_len, len, tag);
		memset(a->in_buf, 0, 64);
		if (!ok)
			return DVR_E_IO;
		if (CRYPTO_memcmp(tag, in + len, DVR_AEAD_TAG_LEN) != 0)
			return DVR_E_INVALID;
		memcpy(out, a->out_buf + 64, len);
		return DVR_OK;
	}
	if (!begin(a, nonce) || !tag_of(a, ad, ad_len, in, len, tag))
		return DVR_E_IO;
	/* Nothing is decrypted before the tag is known to be genuine. */
	if (CRYPTO_memcmp(tag, in + len, DVR_AEAD_TAG_LEN) != 0)
		return DVR_E_INVALID;
	/* ChaCha20 is its own inverse: the same XOR decrypts. */
	if (!xor_stream(a, in, len, out))
		return DVR_E_IO;
	return DVR_OK;
}

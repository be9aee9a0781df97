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

#include <devourer/devourer.h>

/* The longest message a call takes: EVP's lengths are int. */
#define AEAD_MAX_LEN ((size_t)INT_MAX - 64)

struct dvr_aead {
	EVP_CIPHER *cipher;
	EVP_CIPHER_CTX *cctx;
	EVP_MAC *mac;
	EVP_MAC_CTX *mctx;
	bool keyed;
};

static const uint8_t zero_block[64];

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
	/* Bind the cipher to its context now, so that a message only sets
	 * key or IV (a NULL cipher keeps the one bound). */
	if (!a->cipher || !a->cctx || !a->mctx ||
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
	OPENSSL_cleanse(block0, sizeof(block0));
	return ok;
}

/* Tag of @p ad and @p ct under the MAC key begin() set. */
static bool tag_of(struct dvr_aead *a, const uint8_t *ad, size_t ad_len,
                   const uint8_t *ct, size_t ct_len,
                   uint8_t tag[DVR_AEAD_TAG_LEN])
{
	uint8_t len_ad[8], len_ct[8];
	size_t outl = 0;
	put_le64(len_ad, ad_len);
	put_le64(len_ct, ct_len);
	return (!ad_len || EVP_MAC_update(a->mctx, ad, ad_len) == 1) &&
	       EVP_MAC_update(a->mctx, len_ad, sizeof(len_ad)) == 1 &&
	       (!ct_len || EVP_MAC_update(a->mctx, ct, ct_len) == 1) &&
	       EVP_MAC_update(a->mctx, len_ct, sizeof(len_ct)) == 1 &&
	       EVP_MAC_final(a->mctx, tag, &outl, DVR_AEAD_TAG_LEN) == 1 &&
	       outl == DVR_AEAD_TAG_LEN;
}

int dvr_aead_seal(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                  const uint8_t *ad, size_t ad_len, const uint8_t *plain,
                  size_t len, uint8_t *out)
{
	if (!a->keyed)
		return DVR_E_STATE;
	if (len > AEAD_MAX_LEN || ad_len > AEAD_MAX_LEN)
		return DVR_E_INVALID;
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

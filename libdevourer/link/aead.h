/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The WFB-NG data fragments' AEAD: ChaCha20-Poly1305 in its original form
 * (64-bit nonce, 64-bit block counter, no padding in the authenticated
 * message), the construction libsodium names
 * crypto_aead_chacha20poly1305, composed from OpenSSL libcrypto's ChaCha20
 * and Poly1305 primitives, which are the faster of the two libraries and
 * carry assembly on ARM.
 *
 * One context per transmitter or receiver: everything the primitives need
 * is set up by dvr_aead_new(), so seal and open allocate nothing. A
 * context holds its key and is not thread-safe; use one per thread.
 */
#ifndef DVR_LINK_AEAD_H
#define DVR_LINK_AEAD_H

#include <stddef.h>
#include <stdint.h>

#define DVR_AEAD_KEY_LEN 32
#define DVR_AEAD_NONCE_LEN 8
#define DVR_AEAD_TAG_LEN 16

struct dvr_aead;

/* New context without a key. Returns DVR_OK or DVR_E_NO_MEM (libcrypto
 * could not allocate or has no ChaCha20 / Poly1305). */
int dvr_aead_new(struct dvr_aead **out);
/* Frees the context; its key material is wiped. NULL is allowed. */
void dvr_aead_free(struct dvr_aead *a);

/* Key for every later seal and open. Returns DVR_OK or DVR_E_IO. */
int dvr_aead_set_key(struct dvr_aead *a, const uint8_t key[DVR_AEAD_KEY_LEN]);

/*
 * Encrypt @p len bytes of @p plain and authenticate them with @p ad_len
 * bytes of @p ad: @p out receives len ciphertext bytes, then the 16-byte
 * tag. @p out may be @p plain (in place) but no other overlap. Returns
 * DVR_OK, or DVR_E_STATE without a key, or DVR_E_IO when libcrypto fails
 * (then @p out holds nothing usable).
 */
int dvr_aead_seal(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                  const uint8_t *ad, size_t ad_len, const uint8_t *plain,
                  size_t len, uint8_t *out);

/*
 * Check the tag of @p in (@p in_len bytes: ciphertext, then the tag) and
 * @p ad in constant time; only when it is genuine decrypt the
 * in_len - 16 ciphertext bytes into @p out (which may be @p in). Returns
 * DVR_OK; DVR_E_INVALID when the input is shorter than a tag or forged
 * (@p out untouched); DVR_E_STATE without a key; DVR_E_IO when libcrypto
 * fails (@p out holds nothing usable).
 */
int dvr_aead_open(struct dvr_aead *a, const uint8_t nonce[DVR_AEAD_NONCE_LEN],
                  const uint8_t *ad, size_t ad_len, const uint8_t *in,
                  size_t in_len, uint8_t *out);

#endif /* DVR_LINK_AEAD_H */

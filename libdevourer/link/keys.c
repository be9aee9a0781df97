/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Key files in wfb_keygen's layout (32-byte secret key, then the peer's
 * 32-byte public key) and the WFB-NG password KDF.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include <devourer/link.h>

int dvr_link_keys_from_bytes(const uint8_t *buf, size_t len,
                             struct dvr_link_keys *out)
{
	if (!buf || !out || len != DVR_LINK_KEY_FILE_LEN)
		return DVR_E_INVALID;
	memcpy(out->secret, buf, 32);
	memcpy(out->peer_public, buf + 32, 32);
	return DVR_OK;
}

static int errno_status(int e)
{
	if (e == ENOENT || e == ENOTDIR)
		return DVR_E_NOT_FOUND;
	if (e == EACCES || e == EPERM || e == EROFS)
		return DVR_E_ACCESS;
	return DVR_E_IO;
}

int dvr_link_keys_load(const char *path, struct dvr_link_keys *out)
{
	if (!path || !out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof(*out));
	/* O_NONBLOCK: a FIFO in its place would block the open until a
	 * writer came, and the start with it; it is refused below. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno_status(errno);
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return errno_status(e);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return DVR_E_UNSUPPORTED;
	}
	/* Read one byte more than needed to detect over-long files. */
	uint8_t buf[DVR_LINK_KEY_FILE_LEN + 1];
	size_t got = 0;
	int rc = DVR_OK;
	while (got < sizeof(buf)) {
		ssize_t n = read(fd, buf + got, sizeof(buf) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			rc = DVR_E_IO;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (rc == DVR_OK)
		rc = dvr_link_keys_from_bytes(buf, got, out);
	sodium_memzero(buf, sizeof(buf));
	if (rc != DVR_OK)
		memset(out, 0, sizeof(*out));
	return rc;
}

int dvr_link_keys_usable(const struct dvr_link_keys *keys)
{
	if (!keys)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	if (sodium_is_zero(keys->secret, sizeof(keys->secret)) ||
	    sodium_is_zero(keys->peer_public, sizeof(keys->peer_public)))
		return DVR_E_INVALID;
	/* libsodium refuses a low-order public key: no shared key, so no
	 * session could ever be sealed or opened with this pair. */
	uint8_t k[crypto_box_BEFORENMBYTES];
	int ok = crypto_box_beforenm(k, keys->peer_public, keys->secret) == 0;
	sodium_memzero(k, sizeof(k));
	return ok ? DVR_OK : DVR_E_INVALID;
}

int dvr_link_keys_save(const char *path, const struct dvr_link_keys *keys)
{
	if (!path || !keys)
		return DVR_E_INVALID;
	char tmp[4096];
	if (snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", path) >= (int)sizeof(tmp))
		return DVR_E_INVALID;
	int fd = mkstemp(tmp);  /* created with mode 0600 */
	if (fd < 0)
		return errno_status(errno);
	uint8_t buf[DVR_LINK_KEY_FILE_LEN];
	memcpy(buf, keys->secret, 32);
	memcpy(buf + 32, keys->peer_public, 32);
	ssize_t w = write(fd, buf, sizeof(buf));
	sodium_memzero(buf, sizeof(buf));
	int rc = DVR_OK;
	if (w != (ssize_t)sizeof(buf) || fsync(fd) != 0)
		rc = DVR_E_IO;
	if (close(fd) != 0)
		rc = DVR_E_IO;
	if (rc == DVR_OK && rename(tmp, path) != 0)
		rc = errno_status(errno);
	if (rc != DVR_OK)
		unlink(tmp);
	return rc;
}

int dvr_link_keygen_random(struct dvr_link_keys *drone,
                           struct dvr_link_keys *gs)
{
	if (!drone || !gs)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	uint8_t drone_pk[32], gs_pk[32];
	crypto_box_keypair(drone_pk, drone->secret);
	crypto_box_keypair(gs_pk, gs->secret);
	memcpy(drone->peer_public, gs_pk, 32);
	memcpy(gs->peer_public, drone_pk, 32);
	return DVR_OK;
}

int dvr_link_keygen_password(const char *password,
                             struct dvr_link_keys *drone,
                             struct dvr_link_keys *gs)
{
	if (!password || !drone || !gs)
		return DVR_E_INVALID;
	if (sodium_init() < 0)
		return DVR_E_IO;
	/* Salt and limits fixed by the WFB-NG draft; ARGON2I13 keeps old
	 * libsodium builds deriving the same keys. */
	static const uint8_t salt[crypto_pwhash_argon2i_SALTBYTES] = {
		'w', 'i', 'f', 'i', 'b', 'r', 'o', 'a',
		'd', 'c', 'a', 's', 't', 'k', 'e', 'y',
	};
	uint8_t seed[crypto_box_SEEDBYTES * 2];
	if (crypto_pwhash_argon2i(seed, sizeof(seed), password,
	                          strlen(password), salt,
	                          crypto_pwhash_argon2i_OPSLIMIT_INTERACTIVE,
	                          crypto_pwhash_argon2i_MEMLIMIT_INTERACTIVE,
	                          crypto_pwhash_ALG_ARGON2I13) != 0)
		return DVR_E_NO_MEM;
	uint8_t drone_pk[32], gs_pk[32];
	int rc = DVR_OK;
	if (crypto_box_seed_keypair(drone_pk, drone->secret, seed) != 0 ||
	    crypto_box_seed_keypair(gs_pk, gs->secret,
	                            seed + crypto_box_SEEDBYTES) != 0)
		rc = DVR_E_INVALID;
	sodium_memzero(seed, sizeof(seed));
	memcpy(drone->peer_public, gs_pk, 32);
	memcpy(gs->peer_public, drone_pk, 32);
	return rc;
}

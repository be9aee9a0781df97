/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Key files (libdevourer/link/keys.c): the input is a key file's bytes,
 * parsed from memory and loaded from a file as devourersink/src load
 * them. Oracle: both agree; a file is taken exactly when it is 64 bytes,
 * as the secret key followed by the peer's public key; a refused file
 * leaves no key material behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <devourer/link.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_keys: " __VA_ARGS__);                  \
		abort();                                                     \
	} while (0)

static bool all_zero(const struct dvr_link_keys *k)
{
	static const struct dvr_link_keys zero;
	return memcmp(k, &zero, sizeof zero) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dvr_link_keys a, b;
	int sa = dvr_link_keys_from_bytes(data, size, &a);
	if ((sa == DVR_OK) != (size == DVR_LINK_KEY_FILE_LEN))
		FAIL("%zu bytes gave %d\n", size, sa);
	if (sa == DVR_OK && (memcmp(a.secret, data, 32) != 0 ||
	                     memcmp(a.peer_public, data + 32, 32) != 0))
		FAIL("keys are not the file's bytes in order\n");

	/* The same bytes as a file (in memory: no disk I/O per run). */
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("fuzz-key", 0);
		if (fd < 0)
			return 0;
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		return 0;
	memset(&b, 0x5A, sizeof b);
	int sb = dvr_link_keys_load(path, &b);
	if (sb != sa)
		FAIL("file gave %d, bytes gave %d\n", sb, sa);
	if (sb == DVR_OK && memcmp(&a, &b, sizeof a) != 0)
		FAIL("file and bytes give other keys\n");
	if (sb != DVR_OK && !all_zero(&b))
		FAIL("a refused file left key material\n");
	return 0;
}

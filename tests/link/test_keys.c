/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Keys: the WFB-NG draft's password-KDF test vectors (SHA-1 of gs.key and
 * drone.key for "secret password"), key-file round trip and errors, and the
 * devourer-keygen tool's files (its command line given as the arguments:
 * the tool's path, after the emulator that runs it in a cross build).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>

#include <devourer/link.h>

#include "tests/check.h"

/* Compact SHA-1 (FIPS 180-4), only to check the draft's vectors. */
static uint32_t rol(uint32_t x, int s) { return (x << s) | (x >> (32 - s)); }

static void sha1(const uint8_t *msg, size_t len, uint8_t out[20])
{
	uint32_t h[5] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476,
	                  0xC3D2E1F0 };
	uint8_t buf[256];
	size_t total = ((len + 8) / 64 + 1) * 64;
	if (total > sizeof(buf))
		return;
	memset(buf, 0, total);
	memcpy(buf, msg, len);
	buf[len] = 0x80;
	uint64_t bits = (uint64_t)len * 8;
	for (int i = 0; i < 8; i++)
		buf[total - 1 - i] = (uint8_t)(bits >> (8 * i));
	for (size_t off = 0; off < total; off += 64) {
		uint32_t w[80];
		for (int t = 0; t < 16; t++)
			w[t] = (uint32_t)buf[off + 4 * t] << 24 |
			       (uint32_t)buf[off + 4 * t + 1] << 16 |
			       (uint32_t)buf[off + 4 * t + 2] << 8 |
			       buf[off + 4 * t + 3];
		for (int t = 16; t < 80; t++)
			w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
		for (int t = 0; t < 80; t++) {
			uint32_t f, k;
			if (t < 20) {
				f = (b & c) | (~b & d);
				k = 0x5A827999;
			} else if (t < 40) {
				f = b ^ c ^ d;
				k = 0x6ED9EBA1;
			} else if (t < 60) {
				f = (b & c) | (b & d) | (c & d);
				k = 0x8F1BBCDC;
			} else {
				f = b ^ c ^ d;
				k = 0xCA62C1D6;
			}
			uint32_t tmp = rol(a, 5) + f + e + k + w[t];
			e = d;
			d = c;
			c = rol(b, 30);
			b = a;
			a = tmp;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
	}
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 4; j++)
			out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
}

static void sha1_hex(const uint8_t *msg, size_t len, char out[41])
{
	uint8_t d[20];
	sha1(msg, len, d);
	for (int i = 0; i < 20; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static void key_bytes(const struct dvr_link_keys *k, uint8_t out[64])
{
	memcpy(out, k->secret, 32);
	memcpy(out + 32, k->peer_public, 32);
}

static const char *GS_SHA1 = "cb8d52ca7602928f67daba6ba1f308f4cfc88aa7";
static const char *DRONE_SHA1 = "7a6ffb44cebc53b4538d20bdcaba8d70c9cf4095";

static int read_file(const char *path, uint8_t *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	int n = (int)fread(buf, 1, cap, f);
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	char hex[41];
	uint8_t b[128];

	sha1((const uint8_t *)"abc", 3, b);
	sha1_hex((const uint8_t *)"abc", 3, hex);
	CHECK(strcmp(hex, "a9993e364706816aba3e25717850c26c9cd0d89d") == 0,
	      "SHA-1 helper matches FIPS 180 'abc' vector");

	struct dvr_link_keys drone, gs;
	CHECK_EQ_INT(dvr_link_keygen_password("secret password", &drone, &gs),
	             DVR_OK, "derive keys from password");
	key_bytes(&gs, b);
	sha1_hex(b, 64, hex);
	CHECK(strcmp(hex, GS_SHA1) == 0, "draft vector: gs.key sha1");
	key_bytes(&drone, b);
	sha1_hex(b, 64, hex);
	CHECK(strcmp(hex, DRONE_SHA1) == 0, "draft vector: drone.key sha1");

	/* The pairs match: each side's peer key is the other's public key. */
	uint8_t pk[32];
	crypto_scalarmult_base(pk, gs.secret);
	CHECK_MEM(pk, drone.peer_public, 32, "drone file holds gs public key");
	crypto_scalarmult_base(pk, drone.secret);
	CHECK_MEM(pk, gs.peer_public, 32, "gs file holds drone public key");

	struct dvr_link_keys r1, r2;
	CHECK_EQ_INT(dvr_link_keygen_random(&r1, &r2), DVR_OK, "random keys");
	CHECK(memcmp(r1.secret, drone.secret, 32) != 0, "random differs");

	char dir[] = "/tmp/dvr-link-keys-XXXXXX";
	CHECK(mkdtemp(dir) != NULL, "temp dir");
	char path[256], path2[256];
	snprintf(path, sizeof(path), "%s/drone.key", dir);
	CHECK_EQ_INT(dvr_link_keys_save(path, &drone), DVR_OK, "save key file");
	struct stat st;
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 &&
	      st.st_size == 64, "key file is 64 bytes, mode 0600");
	struct dvr_link_keys back;
	CHECK_EQ_INT(dvr_link_keys_load(path, &back), DVR_OK, "load key file");
	CHECK_MEM(&back, &drone, sizeof(back), "key file round trip");

	snprintf(path2, sizeof(path2), "%s/missing.key", dir);
	CHECK_EQ_INT(dvr_link_keys_load(path2, &back), DVR_E_NOT_FOUND,
	             "missing file: DVR_E_NOT_FOUND");
	FILE *f = fopen(path2, "wb");
	fwrite(b, 1, 63, f);
	fclose(f);
	CHECK_EQ_INT(dvr_link_keys_load(path2, &back), DVR_E_INVALID,
	             "63-byte file: DVR_E_INVALID");
	f = fopen(path2, "wb");
	fwrite(b, 1, 65, f);
	fclose(f);
	CHECK_EQ_INT(dvr_link_keys_load(path2, &back), DVR_E_INVALID,
	             "65-byte file: DVR_E_INVALID");
	CHECK_EQ_INT(dvr_link_keys_from_bytes(b, 64, &back), DVR_OK,
	             "from_bytes 64");
	CHECK_EQ_INT(dvr_link_keys_from_bytes(b, 32, &back), DVR_E_INVALID,
	             "from_bytes 32 refused");
	unlink(path2);
	if (mkfifo(path2, 0600) == 0) {
		CHECK_EQ_INT(dvr_link_keys_load(path2, &back), DVR_E_UNSUPPORTED,
		             "a FIFO: DVR_E_UNSUPPORTED at once, not waited on");
		unlink(path2);
	}
	CHECK_EQ_INT(dvr_link_keys_usable(&drone), DVR_OK, "a pair: usable");
	struct dvr_link_keys blank = {0};
	CHECK_EQ_INT(dvr_link_keys_usable(&blank), DVR_E_INVALID,
	             "all zeros: not usable");
	blank = drone;
	memset(blank.peer_public, 0, sizeof(blank.peer_public));
	blank.peer_public[0] = 1;   /* a low-order point */
	CHECK_EQ_INT(dvr_link_keys_usable(&blank), DVR_E_INVALID,
	             "a low-order peer key: not usable");
	unlink(path);

	/* The CLI, as a user runs it: same files as wfb_keygen. */
	if (argc > 1) {
		pid_t pid = fork();
		if (pid == 0) {
			char *cmd[16];
			int c = 0;
			for (int i = 1; i < argc && c < 12; i++)
				cmd[c++] = argv[i];
			cmd[c++] = (char *)"-d";
			cmd[c++] = dir;
			cmd[c++] = (char *)"secret password";
			cmd[c] = NULL;
			execvp(cmd[0], cmd);
			_exit(127);
		}
		int status = 0;
		waitpid(pid, &status, 0);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "devourer-keygen with password exits 0");
		snprintf(path, sizeof(path), "%s/gs.key", dir);
		int n = read_file(path, b, sizeof(b));
		CHECK_EQ_INT(n, 64, "keygen gs.key is 64 bytes");
		sha1_hex(b, 64, hex);
		CHECK(strcmp(hex, GS_SHA1) == 0, "keygen gs.key = draft vector");
		unlink(path);
		snprintf(path, sizeof(path), "%s/drone.key", dir);
		n = read_file(path, b, sizeof(b));
		CHECK_EQ_INT(n, 64, "keygen drone.key is 64 bytes");
		sha1_hex(b, 64, hex);
		CHECK(strcmp(hex, DRONE_SHA1) == 0,
		      "keygen drone.key = draft vector");
		unlink(path);
	} else {
		CHECK(0, "path of devourer-keygen not given");
	}
	rmdir(dir);
	return check_done();
}

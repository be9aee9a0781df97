/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer-keygen: writes drone.key and gs.key in wfb_keygen's layout,
 * from fresh randomness or derived from a password (WFB-NG KDF), so the
 * files work with wfb-ng peers too.
 *
 *   devourer-keygen [-d DIR] [PASSWORD]
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include <devourer/link.h>

/* Self-contained messages: the tool links only keys.c, not the driver. */
static const char *status_text(int rc)
{
	switch (rc) {
	case DVR_E_NOT_FOUND: return "no such file or directory";
	case DVR_E_ACCESS: return "permission denied";
	case DVR_E_INVALID: return "invalid argument";
	case DVR_E_NO_MEM: return "out of memory";
	default: return "I/O error";
	}
}

static int save(const char *dir, const char *name,
                const struct dvr_link_keys *k)
{
	char path[4096];
	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path)) {
		fprintf(stderr, "devourer-keygen: path too long\n");
		return 1;
	}
	int rc = dvr_link_keys_save(path, k);
	if (rc != DVR_OK) {
		fprintf(stderr, "devourer-keygen: cannot write %s: %s\n", path,
		        status_text(rc));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *dir = ".";
	int opt;
	while ((opt = getopt(argc, argv, "d:h")) != -1) {
		switch (opt) {
		case 'd':
			dir = optarg;
			break;
		default:
			fprintf(stderr,
			        "usage: %s [-d DIR] [PASSWORD]\n"
			        "  writes DIR/drone.key (drone secret + ground "
			        "public) and DIR/gs.key (ground secret + drone "
			        "public)\n",
			        argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "devourer-keygen: at most one password\n");
		return 2;
	}
	struct dvr_link_keys drone, gs;
	int rc;
	if (optind < argc)
		rc = dvr_link_keygen_password(argv[optind], &drone, &gs);
	else
		rc = dvr_link_keygen_random(&drone, &gs);
	if (rc != DVR_OK) {
		fprintf(stderr, "devourer-keygen: key generation failed: %s\n",
		        status_text(rc));
		return 1;
	}
	int bad = save(dir, "drone.key", &drone) | save(dir, "gs.key", &gs);
	sodium_memzero(&drone, sizeof(drone));
	sodium_memzero(&gs, sizeof(gs));
	if (bad)
		return 1;
	fprintf(stderr, "%s: drone.key (drone secret + gs public) and gs.key "
	        "(gs secret + drone public) written to %s\n",
	        optind < argc ? "derived from password" : "random keys", dir);
	return 0;
}

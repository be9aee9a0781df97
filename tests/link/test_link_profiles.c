/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dvr_link_profiles_parse()/_load(): the profile files OpenIPC
 * adaptive-link publishes (tests/link/profiles, README.md there) read as
 * alink_drone reads them, row by row; every kind of bad line refused with
 * its line number and a reason; the edges (empty, comments only, CRLF,
 * trailing white space, a line longer than alink reads, more rows than
 * alink keeps) and files that are not files.
 *
 * usage: test_link_profiles PROFILES_DIR
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <devourer/link.h>

#include "tests/check.h"

static const char *fixtures;
static char tmpdir[] = "/tmp/devourer-profiles-XXXXXX";

static char *path_in(const char *dir, const char *name)
{
	static char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static int parse(const char *text, struct dvr_link_profiles *out,
                 struct dvr_link_profiles_error *err)
{
	return dvr_link_profiles_parse(text, strlen(text), out, err);
}

static bool row_is(const struct dvr_link_profile *r, int lo, int hi,
                   bool sgi, int mcs, int k, int n, unsigned kbps, double gop,
                   int pwr, int r0, int r1, int r2, int r3, int bw, int qpd)
{
	return r && r->range_min == lo && r->range_max == hi &&
	       r->short_gi == sgi && r->mcs == mcs && r->fec_k == k &&
	       r->fec_n == n && r->bitrate_kbps == kbps && r->gop == gop &&
	       r->power == pwr && r->roi_qp[0] == r0 && r->roi_qp[1] == r1 &&
	       r->roi_qp[2] == r2 && r->roi_qp[3] == r3 &&
	       r->bandwidth_mhz == bw && r->qp_delta == qpd;
}

static void published(void)
{
	struct dvr_link_profiles p;
	struct dvr_link_profiles_error err;

	/* sickgreg/OpenIPC-Adaptive-Link's txprofiles.conf = its README's
	 * v0.56.0 example. */
	int rc = dvr_link_profiles_load(
		path_in(fixtures, "sickgreg-txprofiles.conf"), &p, &err);
	CHECK_EQ_INT(rc, DVR_OK, "sickgreg txprofiles.conf loads");
	if (rc != DVR_OK)
		printf("#   %s\n", err.msg);
	CHECK_EQ_INT(p.count, 5, "sickgreg: five rows, the header skipped");
	if (p.count == 5) {
		CHECK(row_is(&p.rows[0], 999, 999, false, 0, 8, 12, 1999, 10,
		             30, 0, 0, 0, 0, 20, -12),
		      "sickgreg row 1: the 999 fallback row, every field");
		CHECK_EQ_INT(p.rows[0].line, 2, "sickgreg row 1 is line 2");
		CHECK(row_is(&p.rows[3], 1501, 1950, false, 2, 8, 12, 8000, 10,
		             20, 12, 6, 6, 12, 20, -12),
		      "sickgreg row 4: roiQP 12,6,6,12");
		CHECK(row_is(&p.rows[4], 1951, 2001, true, 2, 8, 12, 9000, 10,
		             20, 12, 6, 6, 12, 20, -12),
		      "sickgreg row 5: short GI, up to 2001");
	}
	/* The README's worked example: 1416 picks 1051 - 1500, MCS 1,
	 * 8/12, power 25, 4000 kbit/s. */
	const struct dvr_link_profile *r = dvr_link_profiles_find(&p, 1416);
	CHECK(row_is(r, 1051, 1500, false, 1, 8, 12, 4000, 10, 25, 0, 0, 0,
	             0, 20, -12),
	      "score 1416 selects the 1051 - 1500 row, as the README says");
	CHECK(dvr_link_profiles_find(&p, 999) == &p.rows[0],
	      "score 999 (no feedback) selects the fallback row");
	CHECK(dvr_link_profiles_find(&p, 1000) == &p.rows[1] &&
	      dvr_link_profiles_find(&p, 1050) == &p.rows[1] &&
	      dvr_link_profiles_find(&p, 1051) == &p.rows[2],
	      "range ends are inclusive");
	CHECK(dvr_link_profiles_find(&p, 2000) == &p.rows[4],
	      "score 2000 selects the last row");
	CHECK(dvr_link_profiles_find(&p, 998) == NULL &&
	      dvr_link_profiles_find(&p, 2002) == NULL,
	      "a score no row holds finds nothing");
	dvr_link_profiles_free(&p);
	CHECK(p.rows == NULL && p.count == 0, "free empties the set");
	dvr_link_profiles_free(&p);
	dvr_link_profiles_free(NULL);

	/* OpenIPC/adaptive-link's default: a space ends most rows. */
	rc = dvr_link_profiles_load(
		path_in(fixtures, "openipc-txprofiles.conf"), &p, &err);
	CHECK_EQ_INT(rc, DVR_OK, "OpenIPC txprofiles.conf loads");
	CHECK_EQ_INT(p.count, 8, "OpenIPC: eight rows");
	if (p.count == 8) {
		CHECK(row_is(&p.rows[0], 999, 999, false, 0, 2, 3, 1000, 10,
		             40, 0, 0, 0, 0, 20, -12),
		      "OpenIPC row 1: 2/3 FEC at 1000 kbit/s");
		CHECK(row_is(&p.rows[3], 1201, 1300, false, 2, 8, 12, 8000, 10,
		             30, 12, 8, 8, 12, 20, -12),
		      "OpenIPC row 4");
		CHECK(row_is(&p.rows[7], 1801, 2001, false, 4, 11, 15, 19000,
		             10, 30, 0, 0, 0, 0, 20, -12),
		      "OpenIPC row 8: 11/15 FEC");
	}
	dvr_link_profiles_free(&p);

	/* Aligned columns, tabs, no newline after the last row. */
	rc = dvr_link_profiles_load(
		path_in(fixtures, "openipc-AF1-EU2-20Mhz-30mbps.conf"), &p,
		&err);
	CHECK_EQ_INT(rc, DVR_OK, "OpenIPC AF1-EU2-20Mhz-30mbps loads (tabs)");
	CHECK_EQ_INT(p.count, 10, "AF1-EU2: ten rows");
	if (p.count == 10) {
		CHECK(row_is(&p.rows[4], 1251, 1350, true, 3, 2, 3, 10000, 10,
		             30, 12, 5, 5, 12, 20, -12),
		      "AF1-EU2 row 5: short GI");
		CHECK(row_is(&p.rows[9], 1951, 2001, true, 7, 10, 12, 30000,
		             10, 30, 0, 0, 0, 0, 20, -12),
		      "AF1-EU2 last row, without a final newline: MCS 7");
		CHECK_EQ_INT(p.rows[9].line, 11, "AF1-EU2 last row is line 11");
	}
	dvr_link_profiles_free(&p);

	/* Leading spaces, 40 MHz, rows disabled with '#'. */
	rc = dvr_link_profiles_load(
		path_in(fixtures, "openipc-AF1-40MHz-26mbps.conf"), &p, &err);
	CHECK_EQ_INT(rc, DVR_OK, "OpenIPC AF1-40MHz-26mbps loads");
	CHECK_EQ_INT(p.count, 8, "AF1-40MHz: eight rows, two commented out");
	if (p.count == 8) {
		CHECK(row_is(&p.rows[0], 999, 999, false, 0, 10, 15, 2000, 10,
		             58, 0, 0, 0, 0, 20, -12),
		      "AF1-40MHz row 1 (leading space)");
		CHECK(row_is(&p.rows[3], 1151, 1250, false, 1, 10, 15, 7000, 10,
		             58, 12, 8, 8, 12, 40, -12),
		      "AF1-40MHz row 4: 40 MHz");
		CHECK(row_is(&p.rows[7], 1851, 2001, false, 5, 10, 15, 20000,
		             10, 30, 0, 0, 0, 0, 40, -12),
		      "AF1-40MHz row 8, the disabled rows after it skipped");
	}
	dvr_link_profiles_free(&p);
}

/* A good first row, then line 3 is @p bad: refused as line 3 with a
 * message holding @p why. */
static void refused(const char *bad, const char *why)
{
	char text[1024];
	snprintf(text, sizeof(text),
	         "# <ra - nge> <gi> <mcs> <fecK> <fecN> <bitrate> <gop> "
	         "<Pwr> <roiQP> <bandwidth> <qpDelta>\n"
	         "999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12\n"
	         "%s\n"
	         "1951 - 2001 short 2 8 12 9000 10 20 12,6,6,12 20 -12\n",
	         bad);
	struct dvr_link_profiles p = {(struct dvr_link_profile *)&p, 99};
	struct dvr_link_profiles_error err;
	int rc = parse(text, &p, &err);
	char what[300];
	snprintf(what, sizeof(what), "refused as line 3 (%s): %s", why, bad);
	bool ok = rc == DVR_E_INVALID && err.line == 3 &&
	          strncmp(err.msg, "line 3: ", 8) == 0 &&
	          strstr(err.msg, why) != NULL && p.rows == NULL &&
	          p.count == 0;
	CHECK(ok, what);
	if (!ok)
		printf("#   rc %d line %u msg \"%s\"\n", rc, err.line, err.msg);
	dvr_link_profiles_free(&p);
}

static void malformed(void)
{
	/* The range. */
	refused("x - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "'x' does not start a range");
	refused("1000 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "no '-' after the range start 1000");
	refused("1000 - long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "no number ends the range");
	refused("1000 - 1050long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "no number ends the range");
	refused("1000 -", "no number ends the range");
	refused("1050 - 1000 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "runs backwards");
	refused("-5 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "out of 0..");
	refused("1000 - 99999999999 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "out of 0..");
	/* Ranges climb: alink reads a later row as a better link. */
	refused("999 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "does not start above line 2's 999 - 999");
	refused("500 - 600 long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "ascending score order");

	/* The number of values. */
	refused("1000 - 1050 long 0 12 15 3000 0.4 45 0,0,0,0",
	        "the older format without <bandwidth> <qpDelta>");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20",
	        "9 values after the range, not 10");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12 7",
	        "11 values after the range, not 10");
	refused("1000 - 1050", "0 values after the range");

	/* Each value. */
	refused("1000 - 1050 medium 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "gi 'medium' is neither long nor short");
	refused("1000 - 1050 Long 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "gi 'Long'");
	refused("1000 - 1050 long 10 8 12 2000 10 30 0,0,0,0 20 -12",
	        "mcs 10 is out of range 0..9");
	refused("1000 - 1050 long -1 8 12 2000 10 30 0,0,0,0 20 -12",
	        "mcs -1 is out of range");
	refused("1000 - 1050 long 1.5 8 12 2000 10 30 0,0,0,0 20 -12",
	        "mcs '1.5' is not a whole number");
	refused("1000 - 1050 long 0 0 12 2000 10 30 0,0,0,0 20 -12",
	        "fecK 0 is out of range 1..255");
	refused("1000 - 1050 long 0 8 256 2000 10 30 0,0,0,0 20 -12",
	        "fecN 256 is out of range 1..255");
	refused("1000 - 1050 long 0 12 8 2000 10 30 0,0,0,0 20 -12",
	        "fecK 12 is above fecN 8");
	refused("1000 - 1050 long 0 8 12 0 10 30 0,0,0,0 20 -12",
	        "bitrate 0 is out of range");
	refused("1000 - 1050 long 0 8 12 99999999999999999999999 10 30 "
	        "0,0,0,0 20 -12",
	        "bitrate 99999999999999999999... is out of range");
	refused("1000 - 1050 long 0 8 12 4M 10 30 0,0,0,0 20 -12",
	        "bitrate '4M' is not a whole number");
	refused("1000 - 1050 long 0 8 12 2000 -1 30 0,0,0,0 20 -12",
	        "gop '-1' is not a number");
	refused("1000 - 1050 long 0 8 12 2000 1e1 30 0,0,0,0 20 -12",
	        "gop '1e1'");
	refused("1000 - 1050 long 0 8 12 2000 . 30 0,0,0,0 20 -12",
	        "gop '.'");
	refused("1000 - 1050 long 0 8 12 2000 1.2.3 30 0,0,0,0 20 -12",
	        "gop '1.2.3'");
	refused("1000 - 1050 long 0 8 12 2000 1234567890123456 30 0,0,0,0 "
	        "20 -12",
	        "at most 15 digits");
	refused("1000 - 1050 long 0 8 12 2000 10 -5 0,0,0,0 20 -12",
	        "Pwr -5 is out of range");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0 20 -12",
	        "roiQP '0,0,0' is not four comma-separated numbers");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0,0 20 -12",
	        "roiQP '0,0,0,0,0'");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,,0,0 20 -12",
	        "roiQP '0,,0,0'");
	refused("1000 - 1050 long 0 8 12 2000 10 30 a,b,c,d 20 -12",
	        "roiQP 'a,b,c,d'");
	refused("1000 - 1050 long 0 8 12 2000 10 30 60,0,0,0 20 -12",
	        "roiQP '60,0,0,0': 60 is out of range -51..51");
	/* alink's %15s would cut it and read the rest as bandwidth. */
	refused("1000 - 1050 long 0 8 12 2000 10 30 0000000012,6,6,12 20 -12",
	        "roiQP '0000000012,6,6,12' is longer than the 15 characters");
	struct dvr_link_profiles p15;
	CHECK(parse("999 - 999 long 0 8 12 1999 10 30 -51,-51,-51,-51 20 -12",
	            &p15, NULL) == DVR_OK,
	      "roiQP of 15 characters is taken");
	dvr_link_profiles_free(&p15);
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 30 -12",
	        "bandwidth 30 is not 20, 40 or 80");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 160 -12",
	        "bandwidth 160 is not 20, 40 or 80");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -60",
	        "qpDelta -60 is out of range -51..51");
	refused("1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 x",
	        "qpDelta 'x' is not a whole number");
	/* Bytes a message cannot print raw are shown escaped. */
	refused("1000 - 1050 l\x01ng 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "gi 'l\\x01ng'");
	refused("1000 - 1050 l\xc3\xb6ng 0 8 12 2000 10 30 0,0,0,0 20 -12",
	        "gi 'l\\xc3\\xb6ng'");

	/* A NUL byte (which alink's string functions would stop at). */
	static const char nul[] =
		"999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12\n"
		"1000 - 1050 long 0 8 12 2000 10 30 0,0,0,0 20 -12\0 junk\n";
	struct dvr_link_profiles p;
	struct dvr_link_profiles_error err;
	int rc = dvr_link_profiles_parse(nul, sizeof(nul) - 1, &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 2 &&
	      strstr(err.msg, "NUL byte"),
	      "a NUL byte is refused with its line");

	/* A UTF-8 byte-order mark before the first row. */
	rc = parse("\xef\xbb\xbf" "999 - 999 long 0 8 12 1999 10 30 0,0,0,0 "
	           "20 -12\n",
	           &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 1 &&
	      strstr(err.msg, "'\\xef\\xbb\\xbf999' does not start a range"),
	      "a byte-order mark is refused, shown escaped");
	if (rc != DVR_E_INVALID)
		dvr_link_profiles_free(&p);
}

static void edges(void)
{
	struct dvr_link_profiles p;
	struct dvr_link_profiles_error err;
	int rc;

	rc = dvr_link_profiles_parse("", 0, &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 0 &&
	      strstr(err.msg, "no profile rows") && p.rows == NULL &&
	      p.count == 0,
	      "an empty file is refused: no rows");
	rc = dvr_link_profiles_parse(NULL, 0, &p, &err);
	CHECK(rc == DVR_E_INVALID && strstr(err.msg, "no profile rows"),
	      "NULL text of length 0 is an empty file");
	rc = parse("# <ra - nge> <gi> <mcs>\n\n   \t \r\n# 999 - 999 long 0 8 "
	           "12 1999 10 30 0,0,0,0 20 -12\n  # indented comment\n",
	           &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 0 &&
	      strstr(err.msg, "no profile rows"),
	      "comments and blank lines only: refused, no rows");
	CHECK_EQ_INT(dvr_link_profiles_parse(NULL, 5, &p, &err),
	             DVR_E_INVALID, "NULL text with a length is refused");
	CHECK_EQ_INT(parse("999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12",
	                   NULL, &err),
	             DVR_E_INVALID, "NULL out is refused");
	rc = parse("999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12\n", &p,
	           NULL);
	CHECK(rc == DVR_OK && p.count == 1, "err may be NULL");
	dvr_link_profiles_free(&p);
	CHECK_EQ_INT(parse("x", &p, NULL), DVR_E_INVALID,
	             "err may be NULL on a refusal too");

	/* CRLF, trailing and leading white space, tabs, a comment after a
	 * row, the compact range form sscanf also takes. */
	rc = parse("# header\r\n"
	           "999-999 long 0 8 12 1999 10 30 0,0,0,0 20 -12\r\n"
	           "\t1000 -1050\tlong 0 8 12 2000 10 30 0,0,0,0 20 -12 \t \r\n"
	           "1051- 1500 long 1 8 12 4000 0.4 25 0,0,0,0 20 -12# note\r\n"
	           "1501 - 1950 short 2 8 12 8000 .5 20 -51,6,+6,51 80 +51 "
	           "# note\r\n"
	           "\r\n",
	           &p, &err);
	CHECK_EQ_INT(rc, DVR_OK, "CRLF, tabs, trailing blanks, comments "
	                         "after rows, 999-999");
	if (rc != DVR_OK)
		printf("#   %s\n", err.msg);
	CHECK_EQ_INT(p.count, 4, "four rows from it");
	if (p.count == 4) {
		CHECK(row_is(&p.rows[0], 999, 999, false, 0, 8, 12, 1999, 10,
		             30, 0, 0, 0, 0, 20, -12),
		      "999-999 is a range");
		CHECK(row_is(&p.rows[1], 1000, 1050, false, 0, 8, 12, 2000, 10,
		             30, 0, 0, 0, 0, 20, -12),
		      "tabs and trailing blanks before CRLF");
		CHECK(row_is(&p.rows[2], 1051, 1500, false, 1, 8, 12, 4000, 0.4,
		             25, 0, 0, 0, 0, 20, -12),
		      "a comment right after the last value; gop 0.4");
		CHECK(row_is(&p.rows[3], 1501, 1950, true, 2, 8, 12, 8000, 0.5,
		             20, -51, 6, 6, 51, 80, 51),
		      "signed QP values, gop .5, 80 MHz");
		CHECK(p.rows[0].line == 2 && p.rows[3].line == 5,
		      "rows keep their line numbers");
	}
	dvr_link_profiles_free(&p);

	/* A line of exactly the 255 bytes alink's fgets() takes whole
	 * passes; one byte more is refused, the line named. */
	char text[20000];
	const char *row = "999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12 ";
	size_t rl = strlen(row);
	memcpy(text, row, rl);
	memset(text + rl, '#', DVR_LINK_PROFILE_MAX_LINE - rl);
	text[DVR_LINK_PROFILE_MAX_LINE] = '\n';
	CHECK_EQ_INT(dvr_link_profiles_parse(text, DVR_LINK_PROFILE_MAX_LINE + 1,
	                                     &p, &err),
	             DVR_OK, "a 255-byte line is taken");
	dvr_link_profiles_free(&p);
	memcpy(text, "# first\n", 8);
	memcpy(text + 8, row, rl);
	memset(text + 8 + rl, ' ', DVR_LINK_PROFILE_MAX_LINE + 1 - rl);
	rc = dvr_link_profiles_parse(text, 8 + DVR_LINK_PROFILE_MAX_LINE + 1,
	                             &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 2 &&
	      strstr(err.msg, "256 bytes long"),
	      "a 256-byte line is refused as line 2, not cut");
	if (rc != DVR_E_INVALID)
		printf("#   %s\n", err.msg);
	memset(text, 'x', sizeof(text));
	rc = dvr_link_profiles_parse(text, sizeof(text), &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 1 &&
	      strstr(err.msg, "20000 bytes long"),
	      "a 20000-byte line is refused whole");

	/* More rows than alink's 20: all of them, none cut. */
	size_t o = 0;
	for (int i = 0; i < 100; i++)
		o += (size_t)snprintf(text + o, sizeof(text) - o,
		                      "%d - %d long %d 8 12 %d 10 30 0,0,0,0 "
		                      "20 -12\n",
		                      1000 + 10 * i, 1009 + 10 * i, i % 10,
		                      1000 + i);
	rc = dvr_link_profiles_parse(text, o, &p, &err);
	CHECK(rc == DVR_OK && p.count == 100 &&
	      p.rows[99].range_min == 1990 && p.rows[99].bitrate_kbps == 1099 &&
	      p.rows[99].line == 100,
	      "100 rows: every one kept");
	dvr_link_profiles_free(&p);
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(data, 1, len, f);
		fclose(f);
	}
}

static void files(void)
{
	struct dvr_link_profiles p;
	struct dvr_link_profiles_error err;
	int rc;

	rc = dvr_link_profiles_load(path_in(tmpdir, "missing"), &p, &err);
	CHECK(rc == DVR_E_NOT_FOUND && err.line == 0 && p.count == 0 &&
	      strstr(err.msg, "no such file"),
	      "a missing file: DVR_E_NOT_FOUND");
	CHECK_EQ_INT(dvr_link_profiles_load(tmpdir, &p, &err),
	             DVR_E_UNSUPPORTED, "a directory: DVR_E_UNSUPPORTED");
	char *fifo = strdup(path_in(tmpdir, "fifo"));
	if (mkfifo(fifo, 0600) == 0)
		CHECK(dvr_link_profiles_load(fifo, &p, &err) ==
		              DVR_E_UNSUPPORTED &&
		      strstr(err.msg, "not a regular file"),
		      "a FIFO is refused at once, never waited on");
	unlink(fifo);
	free(fifo);
	CHECK_EQ_INT(dvr_link_profiles_load("", &p, &err), DVR_E_INVALID,
	             "an empty path is refused");
	CHECK_EQ_INT(dvr_link_profiles_load(NULL, &p, &err), DVR_E_INVALID,
	             "a NULL path is refused");

	/* A bad line in a file is named by its line. */
	char *bad = strdup(path_in(tmpdir, "bad.conf"));
	static const char bad_text[] =
		"# header\r\n"
		"999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12\r\n"
		"1000 - 1050 long 12 8 12 2000 10 30 0,0,0,0 20 -12\r\n";
	write_file(bad, bad_text, sizeof(bad_text) - 1);
	rc = dvr_link_profiles_load(bad, &p, &err);
	CHECK(rc == DVR_E_INVALID && err.line == 3 &&
	      strcmp(err.msg, "line 3: mcs 12 is out of range 0..9") == 0,
	      "a file's bad line: 'line 3: mcs 12 is out of range 0..9'");
	if (rc != DVR_E_INVALID || err.line != 3)
		printf("#   rc %d: %s\n", rc, err.msg);
	unlink(bad);
	free(bad);

	/* Over the size limit: refused, not read in part. */
	char *big = strdup(path_in(tmpdir, "big.conf"));
	size_t bl = DVR_LINK_PROFILE_MAX_FILE + 1;
	char *data = malloc(bl);
	if (data) {
		memset(data, '\n', bl);
		const char *one = "999 - 999 long 0 8 12 1999 10 30 0,0,0,0 20 -12";
		memcpy(data, one, strlen(one));
		write_file(big, data, bl);
		free(data);
	}
	CHECK_EQ_INT(dvr_link_profiles_load(big, &p, &err), DVR_E_OVERFLOW,
	             "a file over DVR_LINK_PROFILE_MAX_FILE: DVR_E_OVERFLOW");
	unlink(big);
	free(big);

	/* A file that is not readable (unless we are root, who reads it). */
	char *locked = strdup(path_in(tmpdir, "locked.conf"));
	write_file(locked, "x\n", 2);
	chmod(locked, 0);
	rc = dvr_link_profiles_load(locked, &p, &err);
	if (geteuid() != 0)
		CHECK_EQ_INT(rc, DVR_E_ACCESS, "an unreadable file: DVR_E_ACCESS");
	unlink(locked);
	free(locked);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s PROFILES_DIR\n", argv[0]);
		return 2;
	}
	fixtures = argv[1];
	if (!mkdtemp(tmpdir))
		return 1;
	published();
	malformed();
	edges();
	files();
	rmdir(tmpdir);
	return check_done();
}

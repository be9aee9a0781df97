/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Profile files in the format of OpenIPC adaptive-link's txprofiles.conf,
 * so that a drone's existing file drives our link as it drives alink_drone.
 *
 * The format is what load_profiles() in alink_drone.c reads
 * (sickgreg/OpenIPC-Adaptive-Link at 4401083a9ed6, lines 346-386; the same
 * code in OpenIPC/adaptive-link at dca368dbaa02, lines 737-777): fgets()
 * into 256 bytes, cut at the first '#', every run of isspace() made one
 * space, then sscanf "%d - %d %15s %d %d %d %d %f %d %15s %d %d" wanting
 * all twelve. Where alink_drone skips a bad line with a note on stderr,
 * or reads something silently (values after the twelfth, unchecked
 * ranges, a long line split in two), a profile file here is refused with
 * the line and the reason: a link that quietly runs on other settings
 * than its file says is worse than one that does not start.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <devourer/link.h>

#include "fec.h"

_Static_assert(DVR_LINK_PROFILE_FEC_MAX == DVR_FEC_MAX_N,
               "profile rows may name any n the FEC coder takes");

/* Values after the range: gi mcs fecK fecN bitrate gop Pwr roiQP
 * bandwidth qpDelta. */
#define FIELDS 10
/* The format before bandwidth and qpDelta were added (the README's older
 * section and txprofiles.12-15.conf in sickgreg/OpenIPC-Adaptive-Link);
 * today's alink_drone skips such rows too, so they get their own word. */
#define OLD_FIELDS 8
/* alink_drone reads the gi and roiQP tokens with %15s: a longer one
 * would be cut there and the rest read as the next value. */
#define ALINK_TOKEN_MAX 15
/* Characters of a bad token shown in an error (the rest as "..."). */
#define SHOW 20

struct tok {
	const char *s;
	size_t n;
};

static bool is_space(char c)
{
	/* isspace() in the C locale less '\n', which ends the line: what
	 * alink's normalize_whitespace() folds. */
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static void set_error(struct dvr_link_profiles_error *err, unsigned line,
                      const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_error(struct dvr_link_profiles_error *err, unsigned line,
                      const char *fmt, ...)
{
	if (!err)
		return;
	err->line = line;
	int used = 0;
	if (line)
		used = snprintf(err->msg, sizeof(err->msg), "line %u: ", line);
	if (used < 0 || (size_t)used >= sizeof(err->msg))
		used = 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg + used, sizeof(err->msg) - (size_t)used, fmt, ap);
	va_end(ap);
}

/* A token as it can be printed: bytes other than printable ASCII as
 * \xHH, at most SHOW of them, then "...". */
static const char *show(const struct tok *t, char *buf, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < t->n && i < SHOW && o + 5 < cap; i++) {
		unsigned char c = (unsigned char)t->s[i];
		if (c >= 0x20 && c < 0x7f && c != '\'')
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", c);
	}
	if (t->n > SHOW && o + 4 <= cap) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

/* Reads an optionally signed decimal integer at *p (not past end);
 * false if there are no digits. Values beyond +-LLONG_MAX/10 saturate,
 * which every caller's range check then refuses. */
static bool scan_int(const char **p, const char *end, long long *out)
{
	const char *s = *p;
	bool neg = false;
	if (s < end && (*s == '+' || *s == '-')) {
		neg = *s == '-';
		s++;
	}
	if (s >= end || *s < '0' || *s > '9')
		return false;
	long long v = 0;
	for (; s < end && *s >= '0' && *s <= '9'; s++)
		if (v < LLONG_MAX / 10 - 10)
			v = v * 10 + (*s - '0');
	*out = neg ? -v : v;
	*p = s;
	return true;
}

/* The whole of @p t as an integer in [lo, hi], else an error naming
 * @p what. */
static bool int_field(const struct tok *t, const char *what, long long lo,
                      long long hi, unsigned line, long long *out,
                      struct dvr_link_profiles_error *err)
{
	char q[SHOW * 4 + 8];
	const char *p = t->s, *end = t->s + t->n;
	long long v;
	if (!scan_int(&p, end, &v) || p != end) {
		set_error(err, line, "%s '%s' is not a whole number", what,
		          show(t, q, sizeof(q)));
		return false;
	}
	if (v < lo || v > hi) {
		set_error(err, line, "%s %s is out of range %lld..%lld", what,
		          show(t, q, sizeof(q)), lo, hi);
		return false;
	}
	*out = v;
	return true;
}

/* The GOP: digits with an optional fraction, as majestic's gopSize takes
 * it ("10", "0.4"). Computed without strtod(), whose decimal point is
 * the locale's. */
static bool gop_field(const struct tok *t, unsigned line, double *out,
                      struct dvr_link_profiles_error *err)
{
	char q[SHOW * 4 + 8];
	unsigned long long mant = 0;
	unsigned digits = 0, frac = 0;
	bool dot = false;
	for (size_t i = 0; i < t->n; i++) {
		char c = t->s[i];
		if (c == '.' && !dot) {
			dot = true;
			continue;
		}
		if (c < '0' || c > '9' || ++digits > 15)
			goto bad;
		mant = mant * 10 + (unsigned)(c - '0');
		frac += dot;
	}
	if (digits == 0)
		goto bad;
	double scale = 1;
	for (unsigned i = 0; i < frac; i++)
		scale *= 10;
	/* Both exact (15 digits, 10^15): one correctly rounded quotient. */
	*out = (double)mant / scale;
	return true;
bad:
	set_error(err, line,
	          "gop '%s' is not a number of at most 15 digits (like 10 or "
	          "0.4)",
	          show(t, q, sizeof(q)));
	return false;
}

/* roiQP: four comma-separated QP values "a,b,c,d". */
static bool roi_field(const struct tok *t, unsigned line, int8_t roi[4],
                      struct dvr_link_profiles_error *err)
{
	char q[SHOW * 4 + 8];
	const char *p = t->s, *end = t->s + t->n;
	if (t->n > ALINK_TOKEN_MAX) {
		set_error(err, line,
		          "roiQP '%s' is longer than the %d characters "
		          "alink_drone reads",
		          show(t, q, sizeof(q)), ALINK_TOKEN_MAX);
		return false;
	}
	for (int i = 0; i < 4; i++) {
		long long v;
		if (!scan_int(&p, end, &v))
			goto bad;
		if (v < -DVR_LINK_PROFILE_QP_MAX || v > DVR_LINK_PROFILE_QP_MAX) {
			set_error(err, line,
			          "roiQP '%s': %lld is out of range %d..%d",
			          show(t, q, sizeof(q)), v,
			          -DVR_LINK_PROFILE_QP_MAX,
			          DVR_LINK_PROFILE_QP_MAX);
			return false;
		}
		roi[i] = (int8_t)v;
		if (i < 3) {
			if (p >= end || *p != ',')
				goto bad;
			p++;
		}
	}
	if (p == end)
		return true;
bad:
	set_error(err, line,
	          "roiQP '%s' is not four comma-separated numbers (like "
	          "12,6,6,12)",
	          show(t, q, sizeof(q)));
	return false;
}

/* One row's text [p, end), comment already cut and not blank. */
static bool parse_row(const char *p, const char *end, unsigned line,
                      struct dvr_link_profile *row,
                      struct dvr_link_profiles_error *err)
{
	char q[SHOW * 4 + 8];
	long long v;
	memset(row, 0, sizeof(*row));
	row->line = line;

	/* "<min> - <max>": sscanf's " - " lets white space around the dash
	 * be absent, so "999-999" is a range too. */
	while (p < end && is_space(*p))
		p++;
	const char *s = p;
	long long lo, hi;
	if (!scan_int(&p, end, &lo)) {
		struct tok t = {s, 0};
		while (s + t.n < end && !is_space(s[t.n]))
			t.n++;
		set_error(err, line,
		          "'%s' does not start a range like 1000 - 1050",
		          show(&t, q, sizeof(q)));
		return false;
	}
	while (p < end && is_space(*p))
		p++;
	if (p >= end || *p != '-') {
		set_error(err, line, "no '-' after the range start %lld", lo);
		return false;
	}
	p++;
	while (p < end && is_space(*p))
		p++;
	if (!scan_int(&p, end, &hi) || (p < end && !is_space(*p))) {
		set_error(err, line, "no number ends the range after '%lld -'",
		          lo);
		return false;
	}
	if (lo < 0 || lo > INT_MAX || hi < 0 || hi > INT_MAX) {
		set_error(err, line, "range %lld - %lld is out of 0..%d", lo, hi,
		          INT_MAX);
		return false;
	}
	if (lo > hi) {
		set_error(err, line, "range %lld - %lld runs backwards", lo, hi);
		return false;
	}
	row->range_min = (int)lo;
	row->range_max = (int)hi;

	struct tok f[FIELDS];
	size_t n = 0;
	for (;;) {
		while (p < end && is_space(*p))
			p++;
		if (p >= end)
			break;
		const char *b = p;
		while (p < end && !is_space(*p))
			p++;
		if (n < FIELDS)
			f[n] = (struct tok){b, (size_t)(p - b)};
		n++;
	}
	if (n == OLD_FIELDS) {
		set_error(err, line,
		          "%zu values after the range, not %d: the older format "
		          "without <bandwidth> <qpDelta> (alink_drone skips it "
		          "too)",
		          n, FIELDS);
		return false;
	}
	if (n != FIELDS) {
		set_error(err, line,
		          "%zu values after the range, not %d (<gi> <mcs> <fecK> "
		          "<fecN> <bitrate> <gop> <Pwr> <roiQP> <bandwidth> "
		          "<qpDelta>)",
		          n, FIELDS);
		return false;
	}

	if (f[0].n == 4 && memcmp(f[0].s, "long", 4) == 0) {
		row->short_gi = false;
	} else if (f[0].n == 5 && memcmp(f[0].s, "short", 5) == 0) {
		row->short_gi = true;
	} else {
		set_error(err, line, "gi '%s' is neither long nor short",
		          show(&f[0], q, sizeof(q)));
		return false;
	}
	if (!int_field(&f[1], "mcs", 0, DVR_LINK_PROFILE_MCS_MAX, line, &v,
	               err))
		return false;
	row->mcs = (uint8_t)v;
	if (!int_field(&f[2], "fecK", 1, DVR_LINK_PROFILE_FEC_MAX, line, &v,
	               err))
		return false;
	row->fec_k = (uint8_t)v;
	if (!int_field(&f[3], "fecN", 1, DVR_LINK_PROFILE_FEC_MAX, line, &v,
	               err))
		return false;
	row->fec_n = (uint8_t)v;
	if (row->fec_k > row->fec_n) {
		set_error(err, line, "fecK %u is above fecN %u", row->fec_k,
		          row->fec_n);
		return false;
	}
	/* alink keeps the bitrate in an int. */
	if (!int_field(&f[4], "bitrate", 1, INT_MAX, line, &v, err))
		return false;
	row->bitrate_kbps = (uint32_t)v;
	if (!gop_field(&f[5], line, &row->gop, err))
		return false;
	/* alink multiplies the power by up to 100 in an int. */
	if (!int_field(&f[6], "Pwr", 0, INT_MAX / 100, line, &v, err))
		return false;
	row->power = (int)v;
	if (!roi_field(&f[7], line, row->roi_qp, err))
		return false;
	if (!int_field(&f[8], "bandwidth", 0, INT_MAX, line, &v, err))
		return false;
	if (v != 20 && v != 40 && v != 80) {
		set_error(err, line, "bandwidth %lld is not 20, 40 or 80", v);
		return false;
	}
	row->bandwidth_mhz = (uint16_t)v;
	if (!int_field(&f[9], "qpDelta", -DVR_LINK_PROFILE_QP_MAX,
	               DVR_LINK_PROFILE_QP_MAX, line, &v, err))
		return false;
	row->qp_delta = (int8_t)v;
	return true;
}

static int add_row(struct dvr_link_profiles *out, size_t *cap,
                   const struct dvr_link_profile *row)
{
	if (out->count == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		if (ncap > SIZE_MAX / sizeof(*row))
			return DVR_E_NO_MEM;
		void *p = realloc(out->rows, ncap * sizeof(*row));
		if (!p)
			return DVR_E_NO_MEM;
		out->rows = p;
		*cap = ncap;
	}
	out->rows[out->count++] = *row;
	return DVR_OK;
}

int dvr_link_profiles_parse(const char *text, size_t len,
                            struct dvr_link_profiles *out,
                            struct dvr_link_profiles_error *err)
{
	if (err) {
		err->line = 0;
		err->msg[0] = '\0';
	}
	if (!out || (!text && len)) {
		set_error(err, 0, "no text or no place for the rows");
		return DVR_E_INVALID;
	}
	out->rows = NULL;
	out->count = 0;
	if (!text)
		text = "";
	struct dvr_link_profiles rows = {NULL, 0};
	size_t cap = 0;
	int rc = DVR_OK;
	unsigned line = 0;
	const char *p = text, *end = text + len;
	while (p < end) {
		line++;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		if ((size_t)(eol - p) > DVR_LINK_PROFILE_MAX_LINE) {
			set_error(err, line,
			          "%zu bytes long: alink_drone reads lines of up "
			          "to %d and would take the rest as another line",
			          (size_t)(eol - p), DVR_LINK_PROFILE_MAX_LINE);
			rc = DVR_E_INVALID;
			break;
		}
		if (memchr(p, '\0', (size_t)(eol - p))) {
			set_error(err, line, "holds a NUL byte");
			rc = DVR_E_INVALID;
			break;
		}
		const char *hash = memchr(p, '#', (size_t)(eol - p));
		const char *stop = hash ? hash : eol;
		const char *q = p;
		while (q < stop && is_space(*q))
			q++;
		if (q < stop) {
			struct dvr_link_profile row;
			if (!parse_row(q, stop, line, &row, err)) {
				rc = DVR_E_INVALID;
				break;
			}
			/* alink reads a later row as a better link (the order
			 * it applies settings in, its hold-down before going
			 * up), so ranges must climb and never overlap. */
			if (rows.count) {
				const struct dvr_link_profile *prev =
					&rows.rows[rows.count - 1];
				if (row.range_min <= prev->range_max) {
					set_error(err, line,
					          "range %d - %d does not start "
					          "above line %u's %d - %d "
					          "(rows go in ascending score "
					          "order)",
					          row.range_min, row.range_max,
					          prev->line, prev->range_min,
					          prev->range_max);
					rc = DVR_E_INVALID;
					break;
				}
			}
			rc = add_row(&rows, &cap, &row);
			if (rc != DVR_OK) {
				set_error(err, line, "out of memory");
				break;
			}
		}
		p = nl ? nl + 1 : end;
	}
	if (rc == DVR_OK && rows.count == 0) {
		set_error(err, 0, "no profile rows (only blank lines and "
		                  "comments)");
		rc = DVR_E_INVALID;
	}
	if (rc != DVR_OK) {
		free(rows.rows);
		return rc;
	}
	*out = rows;
	return DVR_OK;
}

int dvr_link_profiles_load(const char *path, struct dvr_link_profiles *out,
                           struct dvr_link_profiles_error *err)
{
	if (err) {
		err->line = 0;
		err->msg[0] = '\0';
	}
	if (out) {
		out->rows = NULL;
		out->count = 0;
	}
	if (!path || !*path || !out) {
		set_error(err, 0, "no path or no place for the rows");
		return DVR_E_INVALID;
	}
	/* O_NONBLOCK: a FIFO in the file's place is refused below, not
	 * waited on. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		if (e == ENOENT || e == ENOTDIR) {
			set_error(err, 0, "no such file");
			return DVR_E_NOT_FOUND;
		}
		if (e == EACCES || e == EPERM) {
			set_error(err, 0, "permission denied");
			return DVR_E_ACCESS;
		}
		set_error(err, 0, "cannot open (errno %d)", e);
		return DVR_E_IO;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		set_error(err, 0, "not a regular file");
		return DVR_E_UNSUPPORTED;
	}
	/* Read to the end, not to st_size: the file may change meanwhile. */
	size_t cap = st.st_size > 0 && st.st_size < DVR_LINK_PROFILE_MAX_FILE
		? (size_t)st.st_size + 1 : 4096;
	size_t len = 0;
	char *buf = malloc(cap);
	int rc = buf ? DVR_OK : DVR_E_NO_MEM;
	while (rc == DVR_OK) {
		if (len == cap) {
			size_t ncap = cap * 2;
			char *nb = realloc(buf, ncap);
			if (!nb) {
				rc = DVR_E_NO_MEM;
				break;
			}
			buf = nb;
			cap = ncap;
		}
		ssize_t n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			set_error(err, 0, "read failed (errno %d)", errno);
			rc = DVR_E_IO;
		} else if (n == 0) {
			break;
		} else if ((len += (size_t)n) > DVR_LINK_PROFILE_MAX_FILE) {
			set_error(err, 0, "larger than %d bytes",
			          DVR_LINK_PROFILE_MAX_FILE);
			rc = DVR_E_OVERFLOW;
		}
	}
	close(fd);
	if (rc == DVR_E_NO_MEM)
		set_error(err, 0, "out of memory");
	if (rc == DVR_OK)
		rc = dvr_link_profiles_parse(buf, len, out, err);
	free(buf);
	return rc;
}

void dvr_link_profiles_free(struct dvr_link_profiles *p)
{
	if (!p)
		return;
	/* Empty the list before freeing: a built-in ladder
	 * (dvr_link_profiles_ladder) is one block holding the rows and the
	 * list itself, so p is gone after the free. */
	struct dvr_link_profile *rows = p->rows;
	p->rows = NULL;
	p->count = 0;
	free(rows);
}

const struct dvr_link_profile *
dvr_link_profiles_find(const struct dvr_link_profiles *p, int score)
{
	if (!p)
		return NULL;
	for (size_t i = 0; i < p->count; i++)
		if (score >= p->rows[i].range_min &&
		    score <= p->rows[i].range_max)
			return &p->rows[i];
	return NULL;
}

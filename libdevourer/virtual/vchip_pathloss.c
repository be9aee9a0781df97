/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Scripted path loss for the air (vchip_pathloss.h says the format).
 */
#include "libdevourer/virtual/vchip_pathloss.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A profile is a flight script, not data: a few hundred points at most.
 * A larger file is a wrong file. */
#define PATHLOSS_MAX_BYTES (1u << 20)
#define PATHLOSS_MAX_POINTS 100000u

struct point {
	double t_s;
	bool is_distance;
	double value;            /* metres, or dB */
};

struct vc_pathloss {
	size_t n;
	struct point pt[];
};

static void fail(char *err, size_t err_len, const char *fmt, ...)
{
	if (!err || !err_len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, err_len, fmt, ap);
	va_end(ap);
}

double vc_free_space_loss_db(double distance_m, unsigned freq_mhz)
{
	/* Friis: 20 log10(4 pi d f / c); in metres and MHz that is
	 * 20 log10(d) + 20 log10(f) - 27.55 dB. Closer than a metre the far
	 * field formula means nothing; a metre is the floor. */
	if (distance_m < 1.0)
		distance_m = 1.0;
	if (!freq_mhz)
		freq_mhz = 2412;
	return 20.0 * log10(distance_m) + 20.0 * log10((double)freq_mhz) -
	       27.55;
}

static double point_db(const struct point *p, unsigned freq_mhz)
{
	return p->is_distance ? vc_free_space_loss_db(p->value, freq_mhz)
	                      : p->value;
}

double vc_pathloss_db(const struct vc_pathloss *pl, double t_s,
                      unsigned freq_mhz)
{
	const struct point *a = &pl->pt[0];
	if (t_s <= a->t_s || pl->n == 1)
		return point_db(a, freq_mhz);
	const struct point *z = &pl->pt[pl->n - 1];
	if (t_s >= z->t_s)
		return point_db(z, freq_mhz);
	size_t lo = 0, hi = pl->n - 1;  /* pt[lo].t <= t < pt[hi].t */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (pl->pt[mid].t_s <= t_s)
			lo = mid;
		else
			hi = mid;
	}
	const struct point *p = &pl->pt[lo], *q = &pl->pt[hi];
	double f = (t_s - p->t_s) / (q->t_s - p->t_s);
	/* Two distances: the aircraft moves along a line, so its distance
	 * is what changes linearly. Otherwise the loss does. */
	if (p->is_distance && q->is_distance)
		return vc_free_space_loss_db(p->value + f * (q->value - p->value),
		                             freq_mhz);
	double lp = point_db(p, freq_mhz), lq = point_db(q, freq_mhz);
	return lp + f * (lq - lp);
}

/* One "seconds value" line into *out; false with the reason in why. */
static bool parse_point(char *line, struct point *out, const char **why)
{
	char *end;
	errno = 0;
	double t = strtod(line, &end);
	if (end == line || errno || !isfinite(t) || t < 0) {
		*why = "a time in seconds (0 or more) comes first";
		return false;
	}
	char *v = end;
	while (*v == ' ' || *v == '\t')
		v++;
	if (v == end || !*v) {
		*why = "a distance (e.g. 250m, 1.2km) or a loss (e.g. 95dB) "
		       "follows the time";
		return false;
	}
	double x = strtod(v, &end);
	if (end == v || errno || !isfinite(x)) {
		*why = "the distance or loss is not a number";
		return false;
	}
	char unit[8] = "";
	size_t ul = 0;
	while (*end && *end != ' ' && *end != '\t') {
		if (ul + 1 >= sizeof unit) {
			*why = "unknown unit (m, km or dB)";
			return false;
		}
		unit[ul++] = *end++;
	}
	unit[ul] = '\0';
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end) {
		*why = "more than a time and a value on the line";
		return false;
	}
	out->t_s = t;
	if (strcmp(unit, "m") == 0 || strcmp(unit, "km") == 0) {
		if (!(x > 0)) {
			*why = "a distance is more than 0";
			return false;
		}
		out->is_distance = true;
		out->value = unit[0] == 'k' ? x * 1000.0 : x;
		if (out->value > 1e9) {
			*why = "a distance beyond a million kilometres";
			return false;
		}
	} else if (strcmp(unit, "dB") == 0 || strcmp(unit, "db") == 0) {
		if (x < 0 || x > 400) {
			*why = "a loss is 0..400 dB";
			return false;
		}
		out->is_distance = false;
		out->value = x;
	} else {
		*why = "unknown unit (m, km or dB)";
		return false;
	}
	return true;
}

struct vc_pathloss *vc_pathloss_parse(const char *text, const char *name,
                                      char *err, size_t err_len)
{
	size_t cap = 16;
	struct vc_pathloss *pl = malloc(sizeof *pl + cap * sizeof pl->pt[0]);
	char *copy = strdup(text);
	if (!pl || !copy) {
		free(pl);
		free(copy);
		fail(err, err_len, "%s: out of memory", name);
		return NULL;
	}
	pl->n = 0;
	unsigned lineno = 0;
	char *save = NULL;
	/* strtok_r would merge blank lines and lose the count: split by hand */
	for (char *line = copy; line; line = save) {
		lineno++;
		char *nl = strchr(line, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		size_t len = strlen(line);
		while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' ||
		               line[len - 1] == '\t'))
			line[--len] = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			continue;
		struct point p;
		const char *why = NULL;
		if (!parse_point(line, &p, &why)) {
			fail(err, err_len, "%s:%u: %s", name, lineno, why);
			goto bad;
		}
		if (pl->n && p.t_s <= pl->pt[pl->n - 1].t_s) {
			fail(err, err_len, "%s:%u: times must rise (%g s after "
			     "%g s)", name, lineno, p.t_s,
			     pl->pt[pl->n - 1].t_s);
			goto bad;
		}
		if (pl->n == PATHLOSS_MAX_POINTS) {
			fail(err, err_len, "%s:%u: more than %u points", name,
			     lineno, PATHLOSS_MAX_POINTS);
			goto bad;
		}
		if (pl->n == cap) {
			cap *= 2;
			struct vc_pathloss *g =
				realloc(pl, sizeof *pl + cap * sizeof pl->pt[0]);
			if (!g) {
				fail(err, err_len, "%s: out of memory", name);
				goto bad;
			}
			pl = g;
		}
		pl->pt[pl->n++] = p;
	}
	if (!pl->n) {
		fail(err, err_len, "%s: no points (lines of \"seconds "
		     "distance-or-loss\")", name);
		goto bad;
	}
	free(copy);
	return pl;
bad:
	free(copy);
	free(pl);
	return NULL;
}

struct vc_pathloss *vc_pathloss_load(const char *path, char *err,
                                     size_t err_len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fail(err, err_len, "%s: %s", path, strerror(errno));
		return NULL;
	}
	char *buf = malloc(PATHLOSS_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		fail(err, err_len, "%s: out of memory", path);
		return NULL;
	}
	size_t n = fread(buf, 1, PATHLOSS_MAX_BYTES + 1, f);
	bool rerr = ferror(f);
	fclose(f);
	if (rerr || n > PATHLOSS_MAX_BYTES) {
		fail(err, err_len, rerr ? "%s: read error"
		                        : "%s: larger than 1 MiB: not a path "
		                          "loss profile", path);
		free(buf);
		return NULL;
	}
	if (memchr(buf, '\0', n)) {
		fail(err, err_len, "%s: binary data, not a path loss profile",
		     path);
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	struct vc_pathloss *pl = vc_pathloss_parse(buf, path, err, err_len);
	free(buf);
	return pl;
}

void vc_pathloss_free(struct vc_pathloss *pl)
{
	free(pl);
}

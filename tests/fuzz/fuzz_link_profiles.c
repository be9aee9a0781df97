/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link profile files (libdevourer/link/link_profiles.c): the input is a
 * file's bytes, parsed from memory and loaded from a file. Oracle: both
 * agree; a refusal leaves no rows and names a line that exists; every
 * row taken is within the documented ranges, in ascending score order,
 * and reads the same through alink_drone's own procedure (cut at '#',
 * white space folded, the twelve-value sscanf of load_profiles() in
 * sickgreg/OpenIPC-Adaptive-Link 4401083a alink_drone.c), so a file we
 * accept drives alink_drone to the same settings.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <devourer/link.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_link_profiles: " __VA_ARGS__);         \
		abort();                                                     \
	} while (0)

/* Line @p n (1-based) of the input, as alink_drone would see it after
 * its comment cut and white-space folding, into @p out. */
static bool alink_line(const uint8_t *data, size_t size, unsigned n,
                       char *out, size_t cap)
{
	size_t i = 0;
	for (unsigned l = 1; l < n; l++) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		if (!nl)
			return false;
		i = (size_t)(nl - data) + 1;
	}
	size_t o = 0;
	bool space = false;
	for (; i < size && data[i] != '\n' && data[i] != '#'; i++) {
		char c = (char)data[i];
		bool s = c == ' ' || c == '\t' || c == '\r' || c == '\v' ||
		         c == '\f';
		if (s && space)
			continue;
		space = s;
		if (o + 1 >= cap)
			return false;
		out[o++] = s ? ' ' : c;
	}
	out[o] = '\0';
	return true;
}

static void same_as_alink(const uint8_t *data, size_t size,
                          const struct dvr_link_profile *r)
{
	char line[DVR_LINK_PROFILE_MAX_LINE + 2];
	if (!alink_line(data, size, r->line, line, sizeof line))
		FAIL("row of line %u: no such line\n", r->line);
	int lo, hi, mcs, k, n, kbps, pwr, bw, qpd;
	float gop;
	char gi[256], roi[256];
	/* alink's format, its %15s widened: the same conversions, none of
	 * its overflow. */
	if (sscanf(line, "%d - %d %255s %d %d %d %d %f %d %255s %d %d", &lo,
	           &hi, gi, &mcs, &k, &n, &kbps, &gop, &pwr, roi, &bw,
	           &qpd) != 12)
		FAIL("line %u taken, alink_drone would skip it: %s\n", r->line,
		     line);
	int q[4], end = -1;
	if (sscanf(roi, "%d,%d,%d,%d%n", &q[0], &q[1], &q[2], &q[3], &end) !=
	            4 ||
	    roi[end] != '\0')
		FAIL("line %u: roiQP %s\n", r->line, roi);
	if (lo != r->range_min || hi != r->range_max ||
	    strcmp(gi, r->short_gi ? "short" : "long") != 0 ||
	    mcs != r->mcs || k != r->fec_k || n != r->fec_n ||
	    (unsigned)kbps != r->bitrate_kbps ||
	    /* decimal -> double -> float may round once more than
	     * alink's decimal -> float: one float step apart at most */
	    fabsf(gop - (float)r->gop) > fabsf(gop) * 2 * FLT_EPSILON ||
	    pwr != r->power || bw != r->bandwidth_mhz || qpd != r->qp_delta ||
	    q[0] != r->roi_qp[0] || q[1] != r->roi_qp[1] ||
	    q[2] != r->roi_qp[2] || q[3] != r->roi_qp[3])
		FAIL("line %u reads otherwise in alink_drone: %s\n", r->line,
		     line);
	if (strlen(gi) > 15 || strlen(roi) > 15)
		FAIL("line %u: a token alink's %%15s would cut\n", r->line);
}

static bool same_row(const struct dvr_link_profile *x,
                     const struct dvr_link_profile *y)
{
	return x->range_min == y->range_min && x->range_max == y->range_max &&
	       x->short_gi == y->short_gi && x->mcs == y->mcs &&
	       x->fec_k == y->fec_k && x->fec_n == y->fec_n &&
	       x->bitrate_kbps == y->bitrate_kbps && x->gop == y->gop &&
	       x->power == y->power &&
	       memcmp(x->roi_qp, y->roi_qp, sizeof x->roi_qp) == 0 &&
	       x->bandwidth_mhz == y->bandwidth_mhz &&
	       x->qp_delta == y->qp_delta && x->line == y->line;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dvr_link_profiles a, b;
	struct dvr_link_profiles_error ea, eb;
	int sa = dvr_link_profiles_parse((const char *)data, size, &a, &ea);

	unsigned lines = size ? 1 : 0;
	for (size_t i = 0; i + 1 < size; i++)
		lines += data[i] == '\n';

	if (sa == DVR_OK) {
		if (a.count == 0 || !a.rows)
			FAIL("taken with no rows\n");
		for (size_t i = 0; i < a.count; i++) {
			const struct dvr_link_profile *r = &a.rows[i];
			if (r->range_min < 0 || r->range_min > r->range_max ||
			    r->mcs > DVR_LINK_PROFILE_MCS_MAX || r->fec_k < 1 ||
			    r->fec_k > r->fec_n || r->bitrate_kbps < 1 ||
			    r->bitrate_kbps > INT_MAX || !(r->gop >= 0) ||
			    r->power < 0 ||
			    (r->bandwidth_mhz != 20 && r->bandwidth_mhz != 40 &&
			     r->bandwidth_mhz != 80) ||
			    r->qp_delta < -DVR_LINK_PROFILE_QP_MAX ||
			    r->qp_delta > DVR_LINK_PROFILE_QP_MAX)
				FAIL("row %zu out of range\n", i);
			for (int j = 0; j < 4; j++)
				if (r->roi_qp[j] < -DVR_LINK_PROFILE_QP_MAX ||
				    r->roi_qp[j] > DVR_LINK_PROFILE_QP_MAX)
					FAIL("row %zu roiQP out of range\n", i);
			if (r->line < 1 || r->line > lines)
				FAIL("row %zu names line %u of %u\n", i, r->line,
				     lines);
			if (i && (r->range_min <= a.rows[i - 1].range_max ||
			          r->line <= a.rows[i - 1].line))
				FAIL("row %zu out of order\n", i);
			if (dvr_link_profiles_find(&a, r->range_min) != r ||
			    dvr_link_profiles_find(&a, r->range_max) != r)
				FAIL("row %zu not found by its own range\n", i);
			same_as_alink(data, size, r);
		}
	} else {
		if (sa != DVR_E_INVALID && sa != DVR_E_NO_MEM)
			FAIL("parse gave %d\n", sa);
		if (a.rows || a.count)
			FAIL("a refusal left rows\n");
		if (ea.line > lines || !ea.msg[0])
			FAIL("refusal names line %u of %u: %s\n", ea.line, lines,
			     ea.msg);
		char head[32];
		snprintf(head, sizeof head, "line %u: ", ea.line);
		if (ea.line && strncmp(ea.msg, head, strlen(head)) != 0)
			FAIL("message does not start with its line: %s\n",
			     ea.msg);
	}

	/* The same bytes as a file (in memory: no disk I/O per run). */
	static int fd = -1;
	static char path[64];
	if (fd < 0) {
		fd = memfd_create("fuzz-profiles", 0);
		if (fd < 0)
			goto out;
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		goto out;
	int sb = dvr_link_profiles_load(path, &b, &eb);
	if (sb != sa || (sa != DVR_OK && (eb.line != ea.line ||
	                                  strcmp(eb.msg, ea.msg) != 0)))
		FAIL("file gave %d (%s), bytes gave %d (%s)\n", sb, eb.msg, sa,
		     ea.msg);
	if (sb == DVR_OK && b.count != a.count)
		FAIL("file and bytes give other row counts\n");
	for (size_t i = 0; sb == DVR_OK && i < a.count; i++)
		if (!same_row(&a.rows[i], &b.rows[i]))
			FAIL("file and bytes give another row %zu\n", i);
	dvr_link_profiles_free(&b);
out:
	dvr_link_profiles_free(&a);
	return 0;
}

// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * OpenIPC adaptive-link's ground -> drone datagram (link.h, "OpenIPC
 * adaptive-link messages"): read and written. Facts from alink_gs and
 * alink_drone.c of sickgreg/OpenIPC-Adaptive-Link 4401083a ("S") and
 * OpenIPC/adaptive-link dca368db ("O"); line numbers are of those files.
 */
#include <devourer/link.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* O's score message carries 11 fields at most (alink_gs generate_message()
 * :96-110); one more lets "too many" be told apart from "eleven". */
#define MAX_FIELDS 12

struct field {
	const char *p;
	size_t len;
};

static int refuse(struct dvr_link_alink_error *err, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return DVR_E_INVALID;
}

/*
 * A number as alink_gs prints one: Python's str() of an int ("-57"), or
 * of a float ("-57.5") where the ground's statistics were not whole.
 * alink_drone atoi()s it, which stops at the '.', so a fraction is cut
 * toward zero here too. Anything else (empty, a sign alone, letters,
 * spaces, more than 18 digits) is not a number.
 */
static bool number(const struct field *f, int64_t *out)
{
	size_t i = 0, digits = 0;
	bool neg = false;
	int64_t v = 0;

	if (i < f->len && f->p[i] == '-') {
		neg = true;
		i++;
	}
	for (; i < f->len && f->p[i] >= '0' && f->p[i] <= '9'; i++) {
		if (++digits > 18)
			return false;
		v = v * 10 + (f->p[i] - '0');
	}
	if (digits == 0)
		return false;
	if (i < f->len && f->p[i] == '.') {
		size_t frac = 0;
		for (i++; i < f->len && f->p[i] >= '0' && f->p[i] <= '9'; i++)
			frac++;
		if (frac == 0)
			return false;
	}
	if (i != f->len)
		return false;
	*out = neg ? -v : v;
	return true;
}

static const char *const s_names[9] = {
	"timestamp", "rssi score", "snr score", "fec_rec", "fec_rec_1s",
	"best rssi", "best snr", "2nd snr", "3rd snr",
};
static const char *const o_names[10] = {
	"timestamp", "rssi score", "snr score", "fec_rec", "lost",
	"best rssi", "best snr", "antennas", "penalty", "fec_change",
};

/* Field @i of a score message, its name, and its range. The ranges are
 * what alink_gs can write: scores 1000..2000 (round() or int() of a
 * value it clamps, S :236-270, O :160-164) or the fallback 999 that
 * alink_drone looks for (S start_selection() :951); counts of one wfb-ng
 * stats interval; an antenna's rssi_avg / snr_avg, which wfb-ng keeps in
 * an int8; O's penalty final - raw, never above 0 nor below -1000,
 * and fec_change 0..5 (O calculate_link()). */
static bool in_range(enum dvr_link_alink_form form, unsigned i, int64_t v)
{
	switch (i) {
	case 0:
		return v >= 0;
	case 1:
	case 2:
		return v == DVR_LINK_ADAPT_SCORE_FALLBACK ||
		       (v >= DVR_LINK_ADAPT_SCORE_MIN &&
		        v <= DVR_LINK_ADAPT_SCORE_MAX);
	case 3:
	case 4:
		return v >= 0 && v <= INT32_MAX;
	case 5:
	case 6:
		return v >= -128 && v <= 127;
	case 7:
		return form == DVR_LINK_ALINK_FORM_S ? v >= -128 && v <= 127
		                                     : v >= 0 && v <= 255;
	case 8:
		return form == DVR_LINK_ALINK_FORM_S ? v >= -128 && v <= 127
		                                     : v >= -1000 && v <= 0;
	default: /* 9 */
		return v >= 0 && v <= 5;
	}
}

/* A keyframe code: what alink_gs makes (4 random lowercase letters, S
 * :123-127, O calculate_link()) fits; alink_drone keeps 7 characters
 * (char code[8], strncpy) and compares them, so a longer one would be
 * cut; letters and digits only, as nothing else was ever sent. */
static bool code_ok(const char *p, size_t len)
{
	if (len == 0 || len > DVR_LINK_ALINK_MAX_CODE)
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = p[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

static int read_special(const char *t, size_t len, struct dvr_link_alink *out,
                        struct dvr_link_alink_error *err)
{
	/* special_command_message() (O :1692-1755, S :1096-1159) splits the
	 * text after "special:" at its first ':' into a command and a code. */
	static const char kf[] = "request_keyframe:";
	const char *c = t + 8;
	size_t n = len - 8;

	if (n >= sizeof(kf) - 1 && memcmp(c, kf, sizeof(kf) - 1) == 0) {
		const char *code = c + sizeof(kf) - 1;
		size_t cl = n - (sizeof(kf) - 1);
		if (!code_ok(code, cl))
			return refuse(err, "keyframe code must be 1-%d letters "
			              "or digits", DVR_LINK_ALINK_MAX_CODE);
		out->kind = DVR_LINK_ALINK_KEYFRAME;
		memcpy(out->idr_code, code, cl);
		out->idr_code[cl] = '\0';
		return DVR_OK;
	}
	if (n == 16 && memcmp(c, "request_keyframe", 16) == 0)
		return refuse(err, "keyframe request without a code "
		              "(alink_drone ignores it)");
	if (n == 14 && memcmp(c, "pause_adaptive", 14) == 0) {
		out->kind = DVR_LINK_ALINK_PAUSE;
		return DVR_OK;
	}
	if (n == 15 && memcmp(c, "resume_adaptive", 15) == 0) {
		out->kind = DVR_LINK_ALINK_RESUME;
		return DVR_OK;
	}
	/* S's alink_gs also has special:drop_gop, never sent, and no
	 * alink_drone handles it. */
	return refuse(err, "unknown special command");
}

int dvr_link_alink_read(const uint8_t *buf, size_t len,
                        struct dvr_link_alink *out,
                        struct dvr_link_alink_error *err)
{
	struct field f[MAX_FIELDS];
	unsigned nf = 0;

	if (err)
		err->msg[0] = '\0';
	if (!buf || !out)
		return refuse(err, "no datagram");
	memset(out, 0, sizeof(*out));
	if (len < 4)
		return refuse(err, "%zu bytes: shorter than the length field",
		              len);
	/* send_udp(): struct.pack('!I', len(text)) + text (S :290-295,
	 * O :83-86). alink_drone only prints the length; a datagram whose
	 * length disagrees was not made by alink_gs. */
	uint32_t tl = (uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 |
	              (uint32_t)buf[2] << 8 | buf[3];
	if (tl != len - 4)
		return refuse(err, "length field %u, but %zu bytes of text",
		              tl, len - 4);
	if (tl == 0)
		return refuse(err, "empty text");
	if (tl > DVR_LINK_ALINK_MAX_TEXT)
		return refuse(err, "%u bytes of text: alink_drone reads %d",
		              tl, DVR_LINK_ALINK_MAX_TEXT);
	const char *t = (const char *)buf + 4;
	for (uint32_t i = 0; i < tl; i++)
		if ((uint8_t)t[i] < 0x20 || (uint8_t)t[i] > 0x7e)
			return refuse(err, "byte 0x%02x at %u: not printable "
			              "ASCII", (uint8_t)t[i], i + 4);
	if (tl >= 8 && memcmp(t, "special:", 8) == 0)
		return read_special(t, tl, out, err);

	/* process_message(): strtok(":") then atoi() per field (S
	 * :1277-1338, O :1879-1949); strtok skips empty fields. */
	for (uint32_t i = 0; i < tl;) {
		if (t[i] == ':') {
			i++;
			continue;
		}
		uint32_t e = i;
		while (e < tl && t[e] != ':')
			e++;
		if (nf == MAX_FIELDS)
			return refuse(err, "more than 11 fields");
		f[nf].p = t + i;
		f[nf].len = e - i;
		nf++;
		i = e;
	}
	if (nf != 9 && nf != 10 && nf != 11)
		return refuse(err, "%u fields: alink_gs sends 9 (S) or 10-11 "
		              "(O)", nf);
	out->kind = DVR_LINK_ALINK_SCORE;
	out->form = nf == 9 ? DVR_LINK_ALINK_FORM_S : DVR_LINK_ALINK_FORM_O;
	int64_t v[10];
	for (unsigned i = 0; i < nf && i < 10; i++) {
		const char *name = out->form == DVR_LINK_ALINK_FORM_S
		                   ? s_names[i] : o_names[i];
		if (!number(&f[i], &v[i]))
			return refuse(err, "field %u (%s) is not a number",
			              i, name);
		if (!in_range(out->form, i, v[i]))
			return refuse(err, "field %u (%s) %lld out of range",
			              i, name, (long long)v[i]);
	}
	out->timestamp = v[0];
	out->rssi_score = (int)v[1];
	out->snr_score = (int)v[2];
	out->fec_rec = (int)v[3];
	out->best_rssi = (int)v[5];
	out->best_snr = (int)v[6];
	if (out->form == DVR_LINK_ALINK_FORM_S) {
		out->fec_rec_1s = (int)v[4];
		out->snr_2nd = (int)v[7];
		out->snr_3rd = (int)v[8];
		return DVR_OK;
	}
	out->lost = (int)v[4];
	out->antennas = (int)v[7];
	out->penalty = (int)v[8];
	out->fec_change = (int)v[9];
	if (nf == 11) {
		if (!code_ok(f[10].p, f[10].len))
			return refuse(err, "field 10 (idr code) must be 1-%d "
			              "letters or digits",
			              DVR_LINK_ALINK_MAX_CODE);
		memcpy(out->idr_code, f[10].p, f[10].len);
		out->idr_code[f[10].len] = '\0';
	}
	return DVR_OK;
}

size_t dvr_link_alink_write(const struct dvr_link_alink *m, uint8_t *out,
                            size_t cap)
{
	char t[DVR_LINK_ALINK_MAX_TEXT + 1];
	int n;

	if (!m || !out)
		return 0;
	/* the code as far as its terminator; one filling the array has none
	 * and is one character too long for the reader */
	size_t code_len = strnlen(m->idr_code, sizeof(m->idr_code));
	switch (m->kind) {
	case DVR_LINK_ALINK_SCORE:
		/* O alink_gs generate_message() :96-110: every value int()'d,
		 * ':'-joined, the code appended while a request lasts. */
		n = snprintf(t, sizeof(t), "%lld:%d:%d:%d:%d:%d:%d:%d:%d:%d%s%.*s",
		             (long long)m->timestamp, m->rssi_score,
		             m->snr_score, m->fec_rec, m->lost, m->best_rssi,
		             m->best_snr, m->antennas, m->penalty,
		             m->fec_change, m->idr_code[0] ? ":" : "",
		             (int)code_len, m->idr_code);
		break;
	case DVR_LINK_ALINK_KEYFRAME:
		/* S alink_gs request_keyframe() :129-145 */
		n = snprintf(t, sizeof(t), "special:request_keyframe:%.*s",
		             (int)code_len, m->idr_code);
		break;
	case DVR_LINK_ALINK_PAUSE:
		n = snprintf(t, sizeof(t), "special:pause_adaptive");
		break;
	case DVR_LINK_ALINK_RESUME:
		n = snprintf(t, sizeof(t), "special:resume_adaptive");
		break;
	default:
		return 0;
	}
	if (n <= 0 || (size_t)n >= sizeof(t) || cap < 4 + (size_t)n)
		return 0;
	out[0] = (uint8_t)((unsigned)n >> 24);
	out[1] = (uint8_t)((unsigned)n >> 16);
	out[2] = (uint8_t)((unsigned)n >> 8);
	out[3] = (uint8_t)n;
	memcpy(out + 4, t, (size_t)n);
	/* Only what the reader takes back is written: a value out of its
	 * ranges (or an unterminated idr_code) gives 0, not a datagram
	 * alink_gs would never send. */
	struct dvr_link_alink back;
	if (dvr_link_alink_read(out, 4 + (size_t)n, &back, NULL) != DVR_OK)
		return 0;
	return 4 + (size_t)n;
}

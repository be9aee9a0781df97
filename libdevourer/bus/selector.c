/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Parsing of device selector strings (see dvr_open() in devourer.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/selector.h"

static int parse_hex16(const char *s, size_t n, uint16_t *out)
{
	if (n == 0 || n > 4)
		return DVR_E_INVALID;
	uint32_t v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return DVR_E_INVALID;
		int c = tolower((unsigned char)s[i]);
		v = v * 16 + (uint32_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
	}
	*out = (uint16_t)v;
	return DVR_OK;
}

/* "VID:PID[#N]" */
static int parse_usb_id(const char *s, struct dvr_selector *out)
{
	const char *colon = strchr(s, ':');
	if (!colon)
		return DVR_E_INVALID;
	const char *hash = strchr(colon + 1, '#');
	size_t pid_len = hash ? (size_t)(hash - colon - 1) : strlen(colon + 1);
	if (parse_hex16(s, (size_t)(colon - s), &out->vid) ||
	    parse_hex16(colon + 1, pid_len, &out->pid))
		return DVR_E_INVALID;
	out->index = 0;
	if (hash) {
		char *end = NULL;
		if (!isdigit((unsigned char)hash[1]))
			return DVR_E_INVALID;
		unsigned long n = strtoul(hash + 1, &end, 10);
		if (*end != '\0' || n > 255)
			return DVR_E_INVALID;
		out->index = (unsigned)n;
	}
	out->kind = DVR_SEL_USB_ID;
	return DVR_OK;
}

/* "BUS-PORT[.PORT...]" */
static int parse_usb_path(const char *s, struct dvr_selector *out)
{
	size_t n = strlen(s);
	if (n == 0 || n >= sizeof(out->path))
		return DVR_E_INVALID;
	const char *dash = strchr(s, '-');
	if (!dash || dash == s || dash[1] == '\0')
		return DVR_E_INVALID;
	for (const char *p = s; *p; p++) {
		if (p == dash)
			continue;
		if (!isdigit((unsigned char)*p) &&
		    !(p > dash && *p == '.' && isdigit((unsigned char)p[-1]) &&
		      isdigit((unsigned char)p[1])))
			return DVR_E_INVALID;
	}
	memcpy(out->path, s, n + 1);
	out->kind = DVR_SEL_USB_PATH;
	return DVR_OK;
}

static int parse_virtual(const char *s, struct dvr_selector *out)
{
	const char *comma = strchr(s, ',');
	size_t name_len = comma ? (size_t)(comma - s) : strlen(s);
	if (name_len == 0 || name_len >= sizeof(out->name))
		return DVR_E_INVALID;
	for (size_t i = 0; i < name_len; i++) {
		unsigned char c = (unsigned char)s[i];
		/* The name becomes part of a socket file name. */
		if (!isalnum(c) && c != '-' && c != '_')
			return DVR_E_INVALID;
	}
	memcpy(out->name, s, name_len);
	out->name[name_len] = '\0';
	if (comma) {
		size_t opt_len = strlen(comma + 1);
		if (opt_len >= sizeof(out->options))
			return DVR_E_INVALID;
		memcpy(out->options, comma + 1, opt_len + 1);
	}
	out->kind = DVR_SEL_VIRTUAL;
	return DVR_OK;
}

int dvr_selector_parse(const char *text, struct dvr_selector *out)
{
	if (!text || !out)
		return DVR_E_INVALID;
	memset(out, 0, sizeof(*out));
	if (strcmp(text, "auto") == 0 || text[0] == '\0') {
		out->kind = DVR_SEL_AUTO;
		return DVR_OK;
	}
	if (strncmp(text, "virtual:", 8) == 0)
		return parse_virtual(text + 8, out);
	if (strncmp(text, "usb:", 4) == 0) {
		const char *rest = text + 4;
		return strchr(rest, ':') ? parse_usb_id(rest, out)
		                         : parse_usb_path(rest, out);
	}
	return DVR_E_INVALID;
}

/* The value of key in a "k=v,k=v" option list, copied into buf. */
int dvr_selector_option(const struct dvr_selector *sel, const char *key,
                        char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *p = sel->options;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t item = end ? (size_t)(end - p) : strlen(p);
		if (item > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
			size_t vlen = item - klen - 1;
			if (vlen >= len)
				return DVR_E_OVERFLOW;
			memcpy(buf, p + klen + 1, vlen);
			buf[vlen] = '\0';
			return DVR_OK;
		}
		p += item;
		if (*p == ',')
			p++;
	}
	return DVR_E_NOT_FOUND;
}

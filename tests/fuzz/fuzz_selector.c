/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device selectors (libdevourer/bus/selector.c) and the virtual adapter's
 * option list behind "virtual:NAME,k=v,..." (vchip_config_parse), as
 * dvr_open reads a selector string: the input is that string. Oracle: an
 * accepted selector written back in its canonical form parses to the
 * same selector; every option it carries is found with its own value,
 * and a buffer too small for it is reported, not overrun; an option list
 * the model refuses says why, one it takes leaves values in range.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/selector.h"
#include "libdevourer/virtual/vchip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_selector: " __VA_ARGS__);              \
		abort();                                                     \
	} while (0)

static bool terminated(const char *s, size_t cap)
{
	return memchr(s, '\0', cap) != NULL;
}

static void canonical(const struct dvr_selector *s, char *out, size_t cap)
{
	switch (s->kind) {
	case DVR_SEL_AUTO:
		snprintf(out, cap, "auto");
		break;
	case DVR_SEL_USB_ID:
		snprintf(out, cap, "usb:%04x:%04x#%u", s->vid, s->pid,
		         s->index);
		break;
	case DVR_SEL_USB_PATH:
		snprintf(out, cap, "usb:%s", s->path);
		break;
	case DVR_SEL_VIRTUAL:
		snprintf(out, cap, "virtual:%s%s%s", s->name,
		         s->options[0] ? "," : "", s->options);
		break;
	default:
		FAIL("selector kind %d\n", (int)s->kind);
	}
}

/* Every "key=value" item of the option list is found by its key: the
 * first item with that key answers, as a repeated key means its first
 * value. */
static void check_options(const struct dvr_selector *s)
{
	const char *p = s->options;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t item = end ? (size_t)(end - p) : strlen(p);
		const char *eq = memchr(p, '=', item);
		if (eq && eq > p) {
			char key[sizeof s->options];
			size_t klen = (size_t)(eq - p);
			memcpy(key, p, klen);
			key[klen] = '\0';
			char val[sizeof s->options];
			if (dvr_selector_option(s, key, val, sizeof val) != DVR_OK)
				FAIL("option '%s' present but not found\n", key);
			if (!terminated(val, sizeof val))
				FAIL("option value not terminated\n");
			/* The value found is the value of some item with
			 * this key. */
			char pat[sizeof s->options + 2];
			snprintf(pat, sizeof pat, "%s=%s", key, val);
			if (!strstr(s->options, pat))
				FAIL("option '%s' value '%s' is no item's\n", key,
				     val);
			if (val[0] != '\0') {
				char tiny[1] = { 'x' };
				if (dvr_selector_option(s, key, tiny, 1) !=
				    DVR_E_OVERFLOW)
					FAIL("a 1-byte buffer took '%s'\n", val);
			}
		}
		p += item;
		if (*p == ',')
			p++;
	}
}

static void check_model_options(const char *options)
{
	struct vchip_config cfg;
	char err[200];
	memset(&cfg, 0, sizeof cfg);
	cfg.no_air = true;
	err[0] = '\0';
	int rc = vchip_config_parse(&cfg, options, err, sizeof err);
	if (rc != 0) {
		if (err[0] == '\0' || !terminated(err, sizeof err))
			FAIL("options refused without a reason\n");
		return;
	}
	if (!(cfg.loss >= 0.0 && cfg.loss <= 1.0))
		FAIL("loss %f taken\n", cfg.loss);
	if (cfg.rssi_dbm < -127 || cfg.rssi_dbm > 20 ||
	    cfg.noise_dbm < -127 || cfg.noise_dbm > 20)
		FAIL("rssi %d / noise %d taken\n", cfg.rssi_dbm,
		     cfg.noise_dbm);
	if (cfg.n_out_eps != 0 && (cfg.n_out_eps < 2 || cfg.n_out_eps > 4))
		FAIL("%u bulk OUT endpoints taken\n", cfg.n_out_eps);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096)
		return 0;
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	struct dvr_selector s;
	if (dvr_selector_parse(text, &s) == DVR_OK) {
		if (!terminated(s.path, sizeof s.path) ||
		    !terminated(s.name, sizeof s.name) ||
		    !terminated(s.options, sizeof s.options))
			FAIL("a selector string is not terminated\n");
		char again[sizeof s.name + sizeof s.options + 32];
		canonical(&s, again, sizeof again);
		struct dvr_selector s2;
		if (dvr_selector_parse(again, &s2) != DVR_OK)
			FAIL("canonical form '%s' refused\n", again);
		if (memcmp(&s, &s2, sizeof s) != 0)
			FAIL("'%s' parses to another selector\n", again);
		check_options(&s);
		if (s.kind == DVR_SEL_VIRTUAL)
			check_model_options(s.options);
	}
	/* The model's own parser takes any option string. */
	check_model_options(text);
	free(text);
	return 0;
}

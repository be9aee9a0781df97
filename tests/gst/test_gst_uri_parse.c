/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The devourer:// URI syntax alone (gst/gstdevoureruri.c): splitting,
 * percent-decoding, the faults it refuses and the message naming each,
 * and building a URI that parses back to the same strings.
 */
#include <gst/gst.h>

#include "gst/gstdevoureruri.h"
#include "tests/check.h"

/* Parse @uri, expecting success. */
static gboolean parse_ok(const gchar *uri, GstDevourerUri *out)
{
	GError *err = NULL;
	gboolean ok = gst_devourer_uri_parse(uri, NULL, out, &err);

	if (!ok)
		printf("# %s: %s\n", uri, err ? err->message : "(no error)");
	g_clear_error(&err);
	return ok;
}

/* Parse @uri, expecting a GST_URI_ERROR @code whose message contains
 * @needle; the output must be left empty. */
static void parse_fails(const gchar *uri, gint code, const gchar *needle,
                        const gchar *what)
{
	GstDevourerUri out = { 0 };
	GError *err = NULL;
	gboolean ok = gst_devourer_uri_parse(uri, NULL, &out, &err);
	gboolean named = err && err->domain == GST_URI_ERROR &&
	                 err->code == code && strstr(err->message, needle);

	if (!CHECK(!ok && named && out.names == NULL && out.device == NULL,
	           what))
		printf("#   %s -> %s\n", uri ? uri : "(null)",
		       err ? err->message : "(accepted)");
	g_clear_error(&err);
	gst_devourer_uri_clear(&out);
}

static const gchar *param(const GstDevourerUri *u, guint i, gboolean value)
{
	return g_ptr_array_index(value ? u->values : u->names, i);
}

static void test_accepts(void)
{
	GstDevourerUri u = { 0 };

	CHECK(parse_ok("devourer://virtual:drone?channel=36&link-id=7669206"
	               "&radio-port=0&key-file=/tmp/drone.key", &u),
	      "a full URI parses");
	CHECK(u.device && strcmp(u.device, "virtual:drone") == 0,
	      "the device is the part before '?'");
	CHECK(u.names && u.names->len == 4 &&
	      strcmp(param(&u, 0, FALSE), "channel") == 0 &&
	      strcmp(param(&u, 0, TRUE), "36") == 0 &&
	      strcmp(param(&u, 3, FALSE), "key-file") == 0 &&
	      strcmp(param(&u, 3, TRUE), "/tmp/drone.key") == 0,
	      "parameters come out in URI order, names and values split");
	gst_devourer_uri_clear(&u);

	CHECK(parse_ok("DeVoUrEr://usb:0bda:8812%231?channel=149", &u) &&
	      strcmp(u.device, "usb:0bda:8812#1") == 0,
	      "scheme is case-insensitive; %23 decodes to the selector's #");
	gst_devourer_uri_clear(&u);

	CHECK(parse_ok("devourer://virtual:a,loss=0.1;virtual:b,rssi=-70", &u)
	      && strcmp(u.device, "virtual:a,loss=0.1;virtual:b,rssi=-70")
	      == 0 && u.names->len == 0,
	      "a diversity list with options is one device, no parameters");
	gst_devourer_uri_clear(&u);

	CHECK(parse_ok("devourer://", &u) && u.device == NULL &&
	      u.names->len == 0, "devourer:// alone: default device");
	gst_devourer_uri_clear(&u);

	CHECK(parse_ok("devourer://?channel=6&&password=a%20b%26c%3Dd+e&", &u)
	      && u.device == NULL && u.names->len == 2 &&
	      strcmp(param(&u, 1, TRUE), "a b&c=d+e") == 0,
	      "values are percent-decoded, '+' stays a plus, empty pieces "
	      "are skipped");
	gst_devourer_uri_clear(&u);

	CHECK(parse_ok("devourer://virtual:gs?caps=application/x-rtp,"
	               "media=video", &u) &&
	      strcmp(param(&u, 0, TRUE), "application/x-rtp,media=video")
	      == 0, "'=' inside a value belongs to the value");
	gst_devourer_uri_clear(&u);
}

static void test_refuses(void)
{
	parse_fails(NULL, GST_URI_ERROR_BAD_URI, "no URI",
	            "NULL is refused");
	parse_fails("udp://1.2.3.4:5000", GST_URI_ERROR_UNSUPPORTED_PROTOCOL,
	            "not a devourer:// URI", "another scheme is refused");
	parse_fails("devourer:virtual:a", GST_URI_ERROR_UNSUPPORTED_PROTOCOL,
	            "devourer://DEVICE", "a scheme without // is refused");
	parse_fails("devourer://usb:0bda:8812#1?channel=36",
	            GST_URI_ERROR_BAD_URI, "%23",
	            "a raw '#' is refused, naming %23");
	parse_fails("devourer://virtual:a?channel", GST_URI_ERROR_BAD_URI,
	            "'channel' is not NAME=VALUE",
	            "a parameter without '=' is named");
	parse_fails("devourer://virtual:a?=36", GST_URI_ERROR_BAD_URI,
	            "not NAME=VALUE", "a parameter without a name");
	parse_fails("devourer://virtual:a?channel=", GST_URI_ERROR_BAD_URI,
	            "'channel' has an empty value",
	            "an empty value is named");
	parse_fails("devourer://virtual:a?channel=36&channel=40",
	            GST_URI_ERROR_BAD_URI, "'channel' is given twice",
	            "a repeated parameter is named");
	parse_fails("devourer://virtual:a?password=50%", GST_URI_ERROR_BAD_URI,
	            "bad percent-escape in value",
	            "a cut escape in a value is named");
	parse_fails("devourer://virtual:%zz", GST_URI_ERROR_BAD_URI,
	            "bad percent-escape in device",
	            "a bad escape in the device is named");
	parse_fails("devourer://virtual:a%00b", GST_URI_ERROR_BAD_URI,
	            "%00", "an escaped NUL is refused");
}

static void test_round_trip(void)
{
	const gchar *names[] = { "key-file", "password", "caps" };
	const gchar *values[] = { "/tmp/a dir/gs#1.key",
	                          "p&ss=w%rd+?#",
	                          "application/x-rtp, media=(string)video" };
	const gchar *device = "usb:0bda:8812#1;virtual:b,trace=/tmp/t?x";
	gchar *uri = gst_devourer_uri_build(device, names, values, 3);
	GstDevourerUri u = { 0 };
	gboolean same;

	printf("# built %s\n", uri);
	CHECK(g_str_has_prefix(uri, "devourer://") && !strchr(uri, '#') &&
	      !strchr(uri, ' '), "a built URI has no raw '#' or space");
	same = parse_ok(uri, &u) && u.device &&
	       strcmp(u.device, device) == 0 && u.names->len == 3;
	for (guint i = 0; same && i < 3; i++)
		same = strcmp(param(&u, i, FALSE), names[i]) == 0 &&
		       strcmp(param(&u, i, TRUE), values[i]) == 0;
	CHECK(same, "a built URI parses back to the same strings");
	gst_devourer_uri_clear(&u);
	g_free(uri);

	uri = gst_devourer_uri_build(NULL, NULL, NULL, 0);
	CHECK(strcmp(uri, "devourer://") == 0 && parse_ok(uri, &u) &&
	      u.device == NULL, "no device, no parameters: devourer://");
	gst_devourer_uri_clear(&u);
	g_free(uri);
}

/* The URI shown in messages: secret values as "***", the rest as written. */
static void test_redact(void)
{
	static const gchar *const secrets[] = { "password", NULL };
	struct {
		const gchar *uri, *shown, *what;
	} cases[] = {
		{ "devourer://d?a=1&password=x%26y&b=%20", "devourer://d?a=1&password=***&b=%20",
		  "the password's value goes, the rest stays as written" },
		{ "devourer://d?pass%77ord=x", "devourer://d?pass%77ord=***",
		  "the name is compared decoded" },
		{ "devourer://d?password=", "devourer://d?password=***",
		  "an empty password is shown as hidden too" },
		{ "devourer://d?passwords=x&x=password", "devourer://d?passwords=x&x=password",
		  "only that exact name is a secret" },
		{ "devourer://pass?word", "devourer://pass?word", "no '=': nothing to hide" },
		{ "devourer://virtual:x", "devourer://virtual:x", "no query" },
	};
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		gchar *got = gst_devourer_uri_redact(cases[i].uri, secrets);
		if (!CHECK(got && strcmp(got, cases[i].shown) == 0, cases[i].what))
			printf("#   %s -> %s\n", cases[i].uri, got);
		g_free(got);
	}
	gchar *same = gst_devourer_uri_redact("devourer://d?password=x", NULL);
	CHECK(same && strcmp(same, "devourer://d?password=x") == 0,
	      "with no secrets named, the URI is shown as it is");
	g_free(same);
	CHECK(gst_devourer_uri_redact(NULL, secrets) == NULL, "NULL stays NULL");
}

int main(int argc, char **argv)
{
	gst_init(&argc, &argv);
	test_accepts();
	test_refuses();
	test_round_trip();
	test_redact();
	gst_deinit();
	return check_done();
}

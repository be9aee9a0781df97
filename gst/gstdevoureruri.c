/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer:// URI syntax: split, percent-decode and check a URI, and
 * build one back. See gstdevoureruri.h for the grammar.
 */
#include "gstdevoureruri.h"

#include <string.h>

/* Characters left as they are when building: RFC 3986 sub-delims and
 * ':' '@' '/' (legal in a path and a query). In the device, '&' and '='
 * are harmless too; in a value '&' would end the parameter, and '+' is
 * escaped everywhere because form decoders read it as a space. */
#define KEEP_IN_DEVICE ":@/!$'()*,;="
#define KEEP_IN_VALUE ":@/!$'()*,;="

void
gst_devourer_uri_clear (GstDevourerUri * uri)
{
  g_clear_pointer (&uri->device, g_free);
  g_clear_pointer (&uri->names, g_ptr_array_unref);
  g_clear_pointer (&uri->values, g_ptr_array_unref);
}

static gboolean
is_secret (const gchar * name, const gchar * const *secrets)
{
  return name != NULL && secrets != NULL
      && g_strv_contains (secrets, name);
}

gchar *
gst_devourer_uri_redact (const gchar * uri, const gchar * const *secrets)
{
  const gchar *query;
  GString *shown;
  gchar **pieces;

  if (uri == NULL)
    return NULL;
  query = strchr (uri, '?');
  if (query == NULL || secrets == NULL)
    return g_strdup (uri);
  shown = g_string_new_len (uri, query + 1 - uri);
  pieces = g_strsplit (query + 1, "&", -1);
  for (guint i = 0; pieces[i] != NULL; i++) {
    const gchar *eq = strchr (pieces[i], '=');
    gchar *name = eq != NULL ?
        g_uri_unescape_segment (pieces[i], eq, NULL) : NULL;

    if (i > 0)
      g_string_append_c (shown, '&');
    if (is_secret (name, secrets)) {
      g_string_append_len (shown, pieces[i], eq + 1 - pieces[i]);
      g_string_append (shown, "***");
    } else {
      g_string_append (shown, pieces[i]);
    }
    g_free (name);
  }
  g_strfreev (pieces);
  return g_string_free (shown, FALSE);
}

/* Percent-decode @len bytes of @text; NULL with @error on a broken escape
 * or an escaped NUL (neither can be a property value). @what names the
 * part for the message, which shows @raw_shown in place of the text when
 * it is given (a secret's). */
static gchar *
decode_part (const gchar * uri, const gchar * text, gsize len,
    const gchar * what, const gchar * raw_shown, GError ** error)
{
  gchar *raw = g_strndup (text, len);
  gchar *decoded = g_uri_unescape_string (raw, NULL);

  if (decoded == NULL)
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "%s: bad percent-escape in %s '%s' (write '%%' as %%25; "
        "%%00 is not allowed)", uri, what, raw_shown ? raw_shown : raw);
  g_free (raw);
  return decoded;
}

/* @uri is the URI as messages show it (redacted). */
static gboolean
parse_query (const gchar * uri, const gchar * query,
    const gchar * const *secrets, GstDevourerUri * out, GError ** error)
{
  gchar **pieces = g_strsplit (query, "&", -1);
  gboolean ok = TRUE;

  for (guint i = 0; ok && pieces[i] != NULL; i++) {
    const gchar *piece = pieces[i];
    const gchar *eq = strchr (piece, '=');
    gchar *name, *value;

    if (*piece == '\0')
      continue;                 /* "a=1&&b=2", a trailing '&' */
    if (eq == NULL || eq == piece) {
      g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
          "%s: parameter '%s' is not NAME=VALUE", uri, piece);
      ok = FALSE;
      break;
    }
    name = decode_part (uri, piece, (gsize) (eq - piece), "parameter name",
        NULL, error);
    if (name == NULL) {
      ok = FALSE;
      break;
    }
    value = decode_part (uri, eq + 1, strlen (eq + 1), "value",
        is_secret (name, secrets) ? "***" : NULL, error);
    if (value == NULL) {
      g_free (name);
      ok = FALSE;
      break;
    }
    if (*value == '\0') {
      g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
          "%s: parameter '%s' has an empty value (leave it out for the "
          "default)", uri, name);
      ok = FALSE;
    }
    for (guint j = 0; ok && j < out->names->len; j++) {
      if (strcmp (g_ptr_array_index (out->names, j), name) == 0) {
        g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
            "%s: parameter '%s' is given twice", uri, name);
        ok = FALSE;
      }
    }
    if (!ok) {
      g_free (name);
      g_free (value);
      break;
    }
    g_ptr_array_add (out->names, name);
    g_ptr_array_add (out->values, value);
  }
  g_strfreev (pieces);
  return ok;
}

gboolean
gst_devourer_uri_parse (const gchar * uri, const gchar * const *secrets,
    GstDevourerUri * out, GError ** error)
{
  const gsize scheme_len = strlen (GST_DEVOURER_URI_SCHEME);
  const gchar *rest, *query;
  gsize device_len;
  gchar *shown = gst_devourer_uri_redact (uri, secrets);

  out->device = NULL;
  out->names = g_ptr_array_new_with_free_func (g_free);
  out->values = g_ptr_array_new_with_free_func (g_free);

  if (uri == NULL) {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "no URI given (expected devourer://DEVICE?NAME=VALUE&...)");
    goto fail;
  }
  /* The scheme is case-insensitive (RFC 3986 3.1). */
  if (g_ascii_strncasecmp (uri, GST_DEVOURER_URI_SCHEME, scheme_len) != 0
      || strncmp (uri + scheme_len, "://", 3) != 0) {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_UNSUPPORTED_PROTOCOL,
        "%s: not a devourer:// URI (expected "
        "devourer://DEVICE?NAME=VALUE&...)", shown);
    goto fail;
  }
  rest = uri + scheme_len + 3;
  if (strchr (rest, '#') != NULL) {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "%s: a '#' would end the URI there (devourer:// URIs have no "
        "fragment); write the '#' of a usb:VID:PID#N selector as %%23",
        shown);
    goto fail;
  }
  query = strchr (rest, '?');
  device_len = query != NULL ? (gsize) (query - rest) : strlen (rest);
  if (device_len > 0) {
    out->device = decode_part (shown, rest, device_len, "device", NULL,
        error);
    if (out->device == NULL)
      goto fail;
  }
  if (query != NULL && !parse_query (shown, query + 1, secrets, out, error))
    goto fail;
  g_free (shown);
  return TRUE;

fail:
  g_free (shown);
  gst_devourer_uri_clear (out);
  return FALSE;
}

gchar *
gst_devourer_uri_build (const gchar * device, const gchar * const *names,
    const gchar * const *values, guint n)
{
  GString *s = g_string_new (GST_DEVOURER_URI_SCHEME "://");

  if (device != NULL)
    g_string_append_uri_escaped (s, device, KEEP_IN_DEVICE, FALSE);
  for (guint i = 0; i < n; i++) {
    g_string_append_c (s, i == 0 ? '?' : '&');
    /* Names are property names ([a-z0-9-]); escaped all the same. */
    g_string_append_uri_escaped (s, names[i], NULL, FALSE);
    g_string_append_c (s, '=');
    g_string_append_uri_escaped (s, values[i], KEEP_IN_VALUE, FALSE);
  }
  return g_string_free (s, FALSE);
}

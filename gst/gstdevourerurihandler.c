/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourer:// URIs on the elements: which properties a URI may name, how
 * their values are read and written as text, and set_uri / get_uri.
 */
#include "gstdevourerurihandler.h"

#include <string.h>

#include <gst/base/gstbasesrc.h>

#include "gstdevoureruri.h"

/* A property a URI parameter may set: one of the element's own (not those
 * every GstBaseSrc/GstBaseSink has), writable after construction; the
 * device is the URI's path, not a parameter. */
static gboolean
is_parameter (GObject * object, const GParamSpec * pspec)
{
  return pspec->owner_type == G_OBJECT_TYPE (object) &&
      (pspec->flags & G_PARAM_WRITABLE) != 0 &&
      (pspec->flags & G_PARAM_CONSTRUCT_ONLY) == 0 &&
      strcmp (pspec->name, "device") != 0;
}

/* A parameter nobody may read back (the password): its value stays out of
 * every message and every URI read back. */
static gboolean
is_secret_parameter (GObject * object, const GParamSpec * pspec)
{
  return is_parameter (object, pspec)
      && (pspec->flags & G_PARAM_READABLE) == 0;
}

/* The names of the element's secret parameters, NULL-terminated; free
 * the array only (the names are the param specs'). */
static const gchar **
secret_names (GObject * object)
{
  guint n = 0;
  GParamSpec **specs =
      g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < n; i++) {
    if (is_secret_parameter (object, specs[i]))
      g_ptr_array_add (names, (gpointer) specs[i]->name);
  }
  g_ptr_array_add (names, NULL);
  g_free (specs);
  return (const gchar **) g_ptr_array_free (names, FALSE);
}

/* What gst-inspect-1.0 calls the element: its factory's name. */
static const gchar *
element_kind (GObject * object)
{
  GstElementFactory *factory = gst_element_get_factory (GST_ELEMENT (object));

  return factory != NULL ? GST_OBJECT_NAME (factory) :
      G_OBJECT_TYPE_NAME (object);
}

/* "channel, bandwidth, ..." for an error message. */
static gchar *
parameter_names (GObject * object)
{
  guint n = 0;
  GParamSpec **specs =
      g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++) {
    if (!is_parameter (object, specs[i]))
      continue;
    if (s->len > 0)
      g_string_append (s, ", ");
    g_string_append (s, specs[i]->name);
  }
  g_free (specs);
  return g_string_free (s, FALSE);
}

/* "20, 40, 80" for an error message. */
static gchar *
enum_nicks (GType type)
{
  GEnumClass *klass = g_type_class_ref (type);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < klass->n_values; i++) {
    if (i > 0)
      g_string_append (s, ", ");
    g_string_append (s, klass->values[i].value_nick);
  }
  g_type_class_unref (klass);
  return g_string_free (s, FALSE);
}

static gboolean
parse_bool (const gchar * text, gboolean * out)
{
  static const gchar *const yes[] = { "true", "yes", "1", NULL };
  static const gchar *const no[] = { "false", "no", "0", NULL };

  for (guint i = 0; yes[i] != NULL; i++) {
    if (g_ascii_strcasecmp (text, yes[i]) == 0) {
      *out = TRUE;
      return TRUE;
    }
    if (g_ascii_strcasecmp (text, no[i]) == 0) {
      *out = FALSE;
      return TRUE;
    }
  }
  return FALSE;
}

/* Decimal numbers only, whole text, within the C type; the property's
 * own range is checked afterwards by the param spec. */
static gboolean
parse_number (GValue * value, const gchar * text)
{
  GType t = G_VALUE_TYPE (value);
  gint64 s;
  guint64 u;

  if (t == G_TYPE_INT || t == G_TYPE_INT64) {
    if (!g_ascii_string_to_signed (text, 10,
            t == G_TYPE_INT ? G_MININT : G_MININT64,
            t == G_TYPE_INT ? G_MAXINT : G_MAXINT64, &s, NULL))
      return FALSE;
    if (t == G_TYPE_INT)
      g_value_set_int (value, (gint) s);
    else
      g_value_set_int64 (value, s);
    return TRUE;
  }
  if (!g_ascii_string_to_unsigned (text, 10, 0,
          t == G_TYPE_UINT ? G_MAXUINT : G_MAXUINT64, &u, NULL))
    return FALSE;
  if (t == G_TYPE_UINT)
    g_value_set_uint (value, (guint) u);
  else
    g_value_set_uint64 (value, u);
  return TRUE;
}

/* Read @text into @value (initialised to @pspec's type). FALSE with
 * @error naming the parameter and what it takes; @uri is the URI as the
 * message shows it (redacted). */
static gboolean
value_from_text (GObject * object, const gchar * uri, GParamSpec * pspec,
    const gchar * text, GValue * value, GError ** error)
{
  GType t = G_PARAM_SPEC_VALUE_TYPE (pspec);
  gboolean ok;
  gchar *expected = NULL;

  g_value_init (value, t);
  if (t == G_TYPE_STRING) {
    ok = g_utf8_validate (text, -1, NULL);
    if (ok)
      g_value_set_string (value, text);
    else
      expected = g_strdup ("UTF-8 text");
  } else if (t == G_TYPE_BOOLEAN) {
    gboolean b = FALSE;
    ok = parse_bool (text, &b);
    g_value_set_boolean (value, b);
    if (!ok)
      expected = g_strdup ("true or false");
  } else if (t == G_TYPE_INT || t == G_TYPE_UINT || t == G_TYPE_INT64 ||
      t == G_TYPE_UINT64) {
    ok = parse_number (value, text);
    if (!ok)
      expected = g_strdup ("a decimal number");
  } else if (G_TYPE_IS_ENUM (t)) {
    GEnumClass *klass = g_type_class_ref (t);
    GEnumValue *ev = g_enum_get_value_by_nick (klass, text);
    if (ev == NULL)
      ev = g_enum_get_value_by_name (klass, text);
    ok = ev != NULL;
    if (ok)
      g_value_set_enum (value, ev->value);
    else
      expected = enum_nicks (t);
    g_type_class_unref (klass);
  } else {
    /* Caps and whatever else GStreamer can read from text. */
    ok = gst_value_deserialize (value, text);
    if (!ok)
      expected = g_strdup_printf ("a %s", g_type_name (t));
  }
  if (ok && g_param_value_validate (pspec, value)) {
    ok = FALSE;
    if (G_IS_PARAM_SPEC_UINT (pspec))
      expected = g_strdup_printf ("%u-%u", G_PARAM_SPEC_UINT (pspec)->minimum,
          G_PARAM_SPEC_UINT (pspec)->maximum);
    else if (G_IS_PARAM_SPEC_INT (pspec))
      expected = g_strdup_printf ("%d-%d", G_PARAM_SPEC_INT (pspec)->minimum,
          G_PARAM_SPEC_INT (pspec)->maximum);
    else
      expected = g_strdup ("a value in the property's range");
  }
  if (!ok) {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
        "%s: %s=%s is not valid for %s (expected %s; see gst-inspect-1.0 %s)",
        uri, pspec->name, is_secret_parameter (object, pspec) ? "***" : text,
        GST_OBJECT_NAME (object), expected,
        element_kind (object));
    g_value_unset (value);
  }
  g_free (expected);
  return ok;
}

/* The text a URI carries for @value; NULL when it has none. */
static gchar *
value_to_text (const GValue * value)
{
  GType t = G_VALUE_TYPE (value);

  if (t == G_TYPE_STRING)
    return g_value_dup_string (value);
  if (t == G_TYPE_BOOLEAN)
    return g_strdup (g_value_get_boolean (value) ? "true" : "false");
  /* Caps as gst-launch-1.0 writes them, not in a quoted GValue string. */
  if (t == GST_TYPE_CAPS)
    return gst_caps_to_string (gst_value_get_caps (value));
  if (G_TYPE_IS_ENUM (t)) {
    GEnumClass *klass = g_type_class_ref (t);
    GEnumValue *ev = g_enum_get_value (klass, g_value_get_enum (value));
    gchar *nick = ev != NULL ? g_strdup (ev->value_nick) : NULL;
    g_type_class_unref (klass);
    return nick;
  }
  return gst_value_serialize (value);
}

static GstURIType
uri_get_type (GType type)
{
  return g_type_is_a (type, GST_TYPE_BASE_SRC) ? GST_URI_SRC : GST_URI_SINK;
}

static const gchar *const *
uri_get_protocols (GType type)
{
  static const gchar *const protocols[] = { GST_DEVOURER_URI_SCHEME, NULL };

  (void) type;
  return protocols;
}

static gchar *
uri_get_uri (GstURIHandler * handler)
{
  GObject *object = G_OBJECT (handler);
  guint n = 0;
  GParamSpec **specs =
      g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);
  GPtrArray *names = g_ptr_array_new ();
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  gchar *device = NULL, *uri;

  g_object_get (object, "device", &device, NULL);
  for (guint i = 0; i < n; i++) {
    GValue v = G_VALUE_INIT;
    gchar *text;

    /* The password is write-only: it stays out of every URI read back. */
    if (!is_parameter (object, specs[i]) ||
        (specs[i]->flags & G_PARAM_READABLE) == 0)
      continue;
    g_value_init (&v, G_PARAM_SPEC_VALUE_TYPE (specs[i]));
    g_object_get_property (object, specs[i]->name, &v);
    text = g_param_value_defaults (specs[i], &v) ? NULL : value_to_text (&v);
    g_value_unset (&v);
    if (text == NULL)
      continue;
    g_ptr_array_add (names, (gpointer) specs[i]->name);
    g_ptr_array_add (values, text);
  }
  uri = gst_devourer_uri_build (device,
      (const gchar * const *) names->pdata,
      (const gchar * const *) values->pdata, names->len);
  g_ptr_array_unref (names);
  g_ptr_array_unref (values);
  g_free (device);
  g_free (specs);
  return uri;
}

static gboolean
uri_set_uri (GstURIHandler * handler, const gchar * uri, GError ** error)
{
  GObject *object = G_OBJECT (handler);
  GstElement *element = GST_ELEMENT (handler);
  GstDevourerUri parsed = { 0 };
  const gchar **secrets = secret_names (object);
  gchar *shown = gst_devourer_uri_redact (uri, secrets);
  GstState state;
  GValue *parsed_values;
  GParamSpec **specs;
  guint n_specs = 0;
  gboolean ok = TRUE;

  /* Every parameter takes effect at the next start, and a URI resets the
   * ones it leaves out: only between runs. */
  GST_OBJECT_LOCK (element);
  state = GST_STATE (element);
  GST_OBJECT_UNLOCK (element);
  if (state > GST_STATE_READY) {
    g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_STATE,
        "%s: the URI of %s can only change in the NULL or READY state",
        shown, GST_OBJECT_NAME (element));
    ok = FALSE;
    goto done;
  }
  if (!gst_devourer_uri_parse (uri, secrets, &parsed, error)) {
    ok = FALSE;
    goto done;
  }

  /* Read every value before changing anything: a bad URI leaves the
   * element as it was. */
  parsed_values = g_new0 (GValue, parsed.names->len);
  for (guint i = 0; ok && i < parsed.names->len; i++) {
    const gchar *name = g_ptr_array_index (parsed.names, i);
    GParamSpec *pspec =
        g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);

    if (pspec == NULL || !is_parameter (object, pspec)) {
      gchar *known = parameter_names (object);
      g_set_error (error, GST_URI_ERROR, GST_URI_ERROR_BAD_URI,
          "%s: unknown parameter '%s' (%s takes %s; the device goes "
          "before the '?')", shown, name, element_kind (object), known);
      g_free (known);
      ok = FALSE;
    } else {
      ok = value_from_text (object, shown, pspec,
          g_ptr_array_index (parsed.values, i), &parsed_values[i], error);
    }
  }

  if (ok) {
    GParamSpec *device =
        g_object_class_find_property (G_OBJECT_GET_CLASS (object), "device");

    specs = g_object_class_list_properties (G_OBJECT_GET_CLASS (object),
        &n_specs);
    g_object_freeze_notify (object);
    if (parsed.device != NULL)
      g_object_set (object, "device", parsed.device, NULL);
    else
      g_object_set (object, "device",
          G_PARAM_SPEC_STRING (device)->default_value, NULL);
    for (guint i = 0; i < n_specs; i++) {
      GValue def = G_VALUE_INIT;
      gboolean named = FALSE;

      if (!is_parameter (object, specs[i]))
        continue;
      for (guint j = 0; j < parsed.names->len && !named; j++) {
        if (strcmp (g_ptr_array_index (parsed.names, j),
                specs[i]->name) == 0) {
          g_object_set_property (object, specs[i]->name, &parsed_values[j]);
          named = TRUE;
        }
      }
      if (named)
        continue;
      g_value_init (&def, G_PARAM_SPEC_VALUE_TYPE (specs[i]));
      g_param_value_set_default (specs[i], &def);
      g_object_set_property (object, specs[i]->name, &def);
      g_value_unset (&def);
    }
    g_object_thaw_notify (object);
    g_free (specs);
  }

  for (guint i = 0; i < parsed.names->len; i++) {
    if (G_IS_VALUE (&parsed_values[i]))
      g_value_unset (&parsed_values[i]);
  }
  g_free (parsed_values);
  gst_devourer_uri_clear (&parsed);
done:
  g_free (shown);
  g_free (secrets);
  return ok;
}

void
gst_devourer_uri_handler_init (gpointer g_iface, gpointer iface_data)
{
  GstURIHandlerInterface *iface = g_iface;

  (void) iface_data;
  iface->get_type = uri_get_type;
  iface->get_protocols = uri_get_protocols;
  iface->get_uri = uri_get_uri;
  iface->set_uri = uri_set_uri;
}

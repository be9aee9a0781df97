/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the two elements; see gstdevourerutil.h.
 */
#include "gstdevourerutil.h"

#include <string.h>

#include <glib/gstdio.h>

GType
gst_devourer_bandwidth_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {5, "5 MHz (narrowband: the 20 MHz baseband on a quarter clock, "
          "RTL8812AU/RTL8811AU and RTL8822CU only)", "5"},
    {10, "10 MHz (narrowband: the 20 MHz baseband on a half clock, "
          "RTL8812AU/RTL8811AU and RTL8822CU only)", "10"},
    {20, "20 MHz", "20"},
    {40, "40 MHz (HT40, secondary channel as usual for the channel)", "40"},
    {80, "80 MHz (VHT80)", "80"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerBandwidth", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_devourer_tx_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DVR_TX_AUTO, "The chip's preferred mode", "auto"},
    {DVR_TX_ASYNC, "Several USB transfers in flight (throughput)", "async"},
    {DVR_TX_SYNC, "One blocking USB transfer per frame (lowest queueing)",
        "sync"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerTxMode", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_devourer_tx_agg_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DVR_TX_AGG_AUTO, "The driver's choice (on where the adapter packs, in "
          "async mode)", "auto"},
    {DVR_TX_AGG_OFF, "One frame per USB transfer", "off"},
    {DVR_TX_AGG_ON, "Several frames per USB transfer while transfers are "
          "in flight (async mode)", "on"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerTxAgg", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_devourer_legacy_rate_get_type (void)
{
  static GType type = 0;
  /* Values in 500 kbit/s units, as radiotap RATE carries them. */
  static const GEnumValue values[] = {
    {2, "1 Mbit/s CCK (2.4 GHz only)", "1"},
    {4, "2 Mbit/s CCK (2.4 GHz only)", "2"},
    {11, "5.5 Mbit/s CCK (2.4 GHz only)", "5.5"},
    {22, "11 Mbit/s CCK (2.4 GHz only)", "11"},
    {12, "6 Mbit/s OFDM", "6"},
    {18, "9 Mbit/s OFDM", "9"},
    {24, "12 Mbit/s OFDM", "12"},
    {36, "18 Mbit/s OFDM", "18"},
    {48, "24 Mbit/s OFDM", "24"},
    {72, "36 Mbit/s OFDM", "36"},
    {96, "48 Mbit/s OFDM", "48"},
    {108, "54 Mbit/s OFDM", "54"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerLegacyRate", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

void
gst_devourer_keys_clear (struct dvr_link_keys *keys)
{
  /* explicit_bzero: a plain memset of memory about to die may be elided. */
  explicit_bzero (keys, sizeof (*keys));
}

/* The secret key lets anyone who reads it forge and read the link: as ssh
 * does of a private key, say so when other users can read it. A warning,
 * not a refusal: wfb_keygen writes its files with the umask's mode, and
 * gear that works today must keep starting. */
static void
warn_if_readable_by_others (GstElement * element, const gchar * key_file)
{
  GStatBuf st;

  if (g_stat (key_file, &st) != 0 || (st.st_mode & 0044) == 0)
    return;
  GST_ELEMENT_WARNING_WITH_DETAILS (element, RESOURCE, SETTINGS,
      ("The key file \"%s\" can be read by other users (mode %04o).",
          key_file, (guint) (st.st_mode & 07777)),
      ("Whoever reads it can decrypt the link and inject into it. Run: "
          "chmod 600 '%s'", key_file),
      ("kind", G_TYPE_STRING, "key-file-readable",
          "key-file", G_TYPE_STRING, key_file,
          "mode", G_TYPE_UINT, (guint) (st.st_mode & 07777), NULL));
}

gboolean
gst_devourer_load_keys (GstElement * element, const gchar * key_file,
    const gchar * password, GstDevourerKeyRole role,
    struct dvr_link_keys *keys)
{
  gboolean have_file = key_file != NULL && key_file[0] != '\0';
  gboolean have_password = password != NULL && password[0] != '\0';
  const gchar *which_file = role == GST_DEVOURER_KEY_SENDER ?
      "drone.key" : "gs.key";
  int ret;

  memset (keys, 0, sizeof (*keys));

  if (have_file && have_password) {
    GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
        ("Both key-file and password are set."),
        ("Set only one of them: key-file=%s (from wfb_keygen or "
            "devourer-keygen) or password=...", which_file));
    return FALSE;
  }
  if (!have_file && !have_password) {
    /* No insecure built-in default: a link anyone can decrypt and inject
     * into is worse than one that does not start. */
    GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
        ("No link key: set key-file or password."),
        ("The link is encrypted and authenticated. Set key-file=%s "
            "(a wfb_keygen key pair file) or password=SECRET (the same on "
            "both ends).", which_file));
    return FALSE;
  }

  if (have_file) {
    ret = dvr_link_keys_load (key_file, keys);
    if (ret != DVR_OK) {
      const gchar *cure;
      switch (ret) {
        case DVR_E_NOT_FOUND:
          cure = "the file does not exist; create a pair with wfb_keygen";
          break;
        case DVR_E_ACCESS:
          cure = "permission denied; make it readable by this user";
          break;
        case DVR_E_INVALID:
          cure = "a key file is exactly 64 bytes (wfb_keygen format)";
          break;
        case DVR_E_UNSUPPORTED:
          cure = "it is not a regular file (a FIFO or device would hold "
              "the start until someone wrote to it); give the key pair "
              "file itself";
          break;
        default:
          cure = "could not read it";
          break;
      }
      GST_ELEMENT_ERROR (element, RESOURCE, OPEN_READ,
          ("Cannot use key file \"%s\": %s.", key_file, cure),
          ("dvr_link_keys_load: %s", dvr_strerror (ret)));
      return FALSE;
    }
    if (dvr_link_keys_usable (keys) != DVR_OK) {
      gst_devourer_keys_clear (keys);
      GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
          ("The key file \"%s\" holds no usable key pair (all zeros, or a "
              "public key no session can be made with).", key_file),
          ("A blank or wiped file? Create a pair with wfb_keygen or "
              "devourer-keygen and give this end %s.", which_file));
      return FALSE;
    }
    warn_if_readable_by_others (element, key_file);
    return TRUE;
  }

  {
    struct dvr_link_keys drone, gs;
    ret = dvr_link_keygen_password (password, &drone, &gs);
    if (ret == DVR_OK)
      *keys = role == GST_DEVOURER_KEY_SENDER ? drone : gs;
    gst_devourer_keys_clear (&drone);
    gst_devourer_keys_clear (&gs);
    if (ret != DVR_OK) {
      GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
          ("Cannot derive link keys from the password."),
          ("dvr_link_keygen_password: %s (it needs about 64 MiB of memory)",
              dvr_strerror (ret)));
      return FALSE;
    }
  }
  return TRUE;
}

/* Does @piece begin a selector (rather than continue one with an option)? */
static gboolean
starts_selector (const gchar * piece)
{
  return g_str_equal (piece, "auto") || g_str_has_prefix (piece, "usb:")
      || g_str_has_prefix (piece, "virtual:");
}

gchar **
gst_devourer_split_devices (const gchar * list)
{
  GPtrArray *out;
  gchar **groups;

  if (list == NULL)
    return NULL;

  out = g_ptr_array_new ();
  groups = g_strsplit (list, ";", -1);
  for (gchar ** g = groups; *g != NULL; g++) {
    gchar **pieces = g_strsplit (*g, ",", -1);
    GString *current = NULL;

    for (gchar ** p = pieces; *p != NULL; p++) {
      gchar *piece = g_strstrip (*p);
      if (piece[0] == '\0')
        continue;
      if (current == NULL || starts_selector (piece)) {
        if (current != NULL)
          g_ptr_array_add (out, g_string_free (current, FALSE));
        current = g_string_new (piece);
      } else {
        g_string_append_c (current, ',');
        g_string_append (current, piece);
      }
    }
    if (current != NULL)
      g_ptr_array_add (out, g_string_free (current, FALSE));
    g_strfreev (pieces);
  }
  g_strfreev (groups);

  if (out->len == 0) {
    g_ptr_array_free (out, TRUE);
    return NULL;
  }
  g_ptr_array_add (out, NULL);
  return (gchar **) g_ptr_array_free (out, FALSE);
}

void
gst_devourer_post_device_error (GstElement * element, const gchar * selector,
    const gchar * what, int status, const gchar * detail)
{
  const gchar *reason = dvr_strerror (status);
  gchar *dbg;

  if (detail == NULL || detail[0] == '\0')
    detail = "no further detail";

  switch (status) {
    case DVR_E_NOT_FOUND:
      dbg = g_strdup_printf ("%s %s: %s (%s). Plug in a supported adapter "
          "(%s) or set device= to another selector: auto, "
          "usb:VID:PID[#N], usb:BUS-PORT or virtual:NAME.", what, selector,
          reason, detail, dvr_supported_chips ());
      GST_ELEMENT_ERROR (element, RESOURCE, NOT_FOUND,
          ("No Wi-Fi adapter matches device \"%s\".", selector),
          ("%s", dbg));
      break;
    case DVR_E_ACCESS:
      dbg = g_strdup_printf ("%s %s: %s (%s). Install contrib/60-devourer"
          ".rules into /etc/udev/rules.d/ and join the plugdev group, or run "
          "as root.", what, selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, OPEN_READ_WRITE,
          ("Permission denied on device \"%s\".", selector), ("%s", dbg));
      break;
    case DVR_E_BUSY:
      /* The driver's reason is the message: another program holds the
       * adapter, or another element of this process runs it on another
       * channel (one radio, one channel). */
      dbg = g_strdup_printf ("%s %s: %s (%s). Stop the other program, give "
          "every element on this adapter the same channel and bandwidth, "
          "or pick another adapter.", what, selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, BUSY,
          ("Device \"%s\" is in use: %s.", selector, detail), ("%s", dbg));
      break;
    case DVR_E_FIRMWARE:
      /* The driver's detail names the chip, its file, the package that
       * ships it and every place searched: each chip needs its own. */
      dbg = g_strdup_printf ("%s %s: %s (%s). Install that file, or point "
          "the firmware-dir property or DEVOURER_FIRMWARE_DIR at a "
          "directory holding it.", what, selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, NOT_FOUND,
          ("Firmware for device \"%s\" is missing or was refused.", selector),
          ("%s", dbg));
      break;
    case DVR_E_NO_DEVICE:
      dbg = g_strdup_printf ("%s %s: %s (%s). Reconnect the adapter (check "
          "the cable and power supply) and restart the pipeline.", what,
          selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, NOT_FOUND,
          ("Device \"%s\" disappeared (unplugged?).", selector), ("%s", dbg));
      break;
    case DVR_E_INVALID:
    case DVR_E_UNSUPPORTED:
      dbg = g_strdup_printf ("%s %s: %s (%s). Check the channel, bandwidth "
          "and rate properties against what the adapter supports.", what,
          selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
          ("Device \"%s\" refused the settings.", selector), ("%s", dbg));
      break;
    default:
      dbg = g_strdup_printf ("%s %s: %s (%s). Replug the adapter; if it "
          "persists, run with GST_DEBUG=devourer*:6 and report the log.",
          what, selector, reason, detail);
      GST_ELEMENT_ERROR (element, RESOURCE, FAILED,
          ("Device \"%s\" failed.", selector), ("%s", dbg));
      break;
  }
  g_free (dbg);
}

/*
 * The reason an adapter refused an option of a selector it parsed, or
 * NULL when the selector itself is malformed: the driver's message then
 * reads "cannot open adapter 'SELECTOR': REASON (STATUS)" (dvr_open's
 * attach), which @reason receives without its frame.
 */
static gchar *
refused_option (const gchar * selector, const gchar * detail)
{
  gchar *prefix = g_strdup_printf ("cannot open adapter '%s': ", selector);
  gchar *suffix = g_strdup_printf (" (%s)", dvr_strerror (DVR_E_INVALID));
  gchar *reason = NULL;

  if (g_str_has_prefix (detail, prefix)) {
    reason = g_strdup (detail + strlen (prefix));
    if (g_str_has_suffix (reason, suffix))
      reason[strlen (reason) - strlen (suffix)] = '\0';
    if (reason[0] == '\0')
      g_clear_pointer (&reason, g_free);
  }
  g_free (prefix);
  g_free (suffix);
  return reason;
}

void
gst_devourer_post_selector_error (GstElement * element,
    const gchar * selector, const gchar * detail)
{
  gchar *option;

  if (detail == NULL || detail[0] == '\0')
    detail = "the driver gave no detail";
  /* A well-formed selector with a bad option: the headline says which
   * option and why, not that the selector is no selector. */
  option = refused_option (selector, detail);
  if (option != NULL) {
    GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
        ("Device \"%s\" has a bad option: %s.", selector, option),
        ("%s. A virtual adapter's options are listed in the top-level README "
            "(e.g. device=virtual:drone,loss=0.1).", detail));
    g_free (option);
    return;
  }
  GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
      ("\"%s\" is not a device selector: use auto, usb:VID:PID[#N], "
          "usb:BUS-PORT or virtual:NAME[,option=value...].", selector),
      ("%s. Examples: device=auto, device=usb:0bda:8812, device=usb:1-2.3, "
          "device=virtual:drone,loss=0.1.", detail));
}

void
gst_devourer_post_fatal_once (GstElement * element, gint * fatal,
    const gchar * selector, const gchar * what, int status,
    const gchar * detail)
{
  /* 1: claimed, being posted; 2: on the bus. */
  if (g_atomic_int_compare_and_exchange (fatal, 0, 1)) {
    gst_devourer_post_device_error (element, selector, what, status, detail);
    g_atomic_int_set (fatal, 2);
  }
}

void
gst_devourer_post_element_message (GstElement * element,
    GstStructure * structure)
{
  gst_element_post_message (element,
      gst_message_new_element (GST_OBJECT (element), structure));
}

void
gst_devourer_replace_string (gchar ** field, const GValue * value)
{
  g_free (*field);
  *field = g_value_dup_string (value);
}

void
gst_devourer_free_secret (gchar * secret)
{
  /* explicit_bzero: a plain memset of memory about to die may be elided. */
  if (secret != NULL)
    explicit_bzero (secret, strlen (secret));
  g_free (secret);
}

void
gst_devourer_replace_secret (gchar ** field, const GValue * value)
{
  gst_devourer_free_secret (*field);
  *field = g_value_dup_string (value);
}

void
gst_devourer_settings_init (GstDevourerSettings * settings, guint fec_timeout)
{
  memset (settings, 0, sizeof (*settings));
  settings->device = g_strdup (GST_DEVOURER_DEFAULT_DEVICE);
  settings->channel = GST_DEVOURER_DEFAULT_CHANNEL;
  settings->bandwidth = GST_DEVOURER_DEFAULT_BANDWIDTH;
  settings->link_id = GST_DEVOURER_DEFAULT_LINK_ID;
  settings->radio_port = GST_DEVOURER_DEFAULT_RADIO_PORT;
  settings->stats_interval = GST_DEVOURER_DEFAULT_STATS_INTERVAL;
  settings->fec_timeout = fec_timeout;
}

void
gst_devourer_settings_clear (GstDevourerSettings * settings)
{
  g_clear_pointer (&settings->device, g_free);
  g_clear_pointer (&settings->key_file, g_free);
  gst_devourer_free_secret (settings->password);
  settings->password = NULL;
  g_clear_pointer (&settings->firmware_dir, g_free);
}

void
gst_devourer_settings_copy (GstDevourerSettings * dst,
    const GstDevourerSettings * src)
{
  *dst = *src;
  dst->device = g_strdup (src->device);
  dst->key_file = g_strdup (src->key_file);
  dst->password = g_strdup (src->password);
  dst->firmware_dir = g_strdup (src->firmware_dir);
}

gboolean
gst_devourer_settings_set (GstDevourerSettings * settings, guint prop_id,
    const GValue * value)
{
  switch (prop_id) {
    case GST_DEVOURER_PROP_DEVICE:
      gst_devourer_replace_string (&settings->device, value);
      break;
    case GST_DEVOURER_PROP_CHANNEL:
      settings->channel = g_value_get_uint (value);
      break;
    case GST_DEVOURER_PROP_BANDWIDTH:
      settings->bandwidth = g_value_get_enum (value);
      break;
    case GST_DEVOURER_PROP_LINK_ID:
      settings->link_id = g_value_get_uint (value);
      break;
    case GST_DEVOURER_PROP_RADIO_PORT:
      settings->radio_port = g_value_get_uint (value);
      break;
    case GST_DEVOURER_PROP_KEY_FILE:
      gst_devourer_replace_string (&settings->key_file, value);
      break;
    case GST_DEVOURER_PROP_PASSWORD:
      gst_devourer_replace_secret (&settings->password, value);
      break;
    case GST_DEVOURER_PROP_FIRMWARE_DIR:
      gst_devourer_replace_string (&settings->firmware_dir, value);
      break;
    case GST_DEVOURER_PROP_STATS_INTERVAL:
      settings->stats_interval = g_value_get_uint (value);
      break;
    case GST_DEVOURER_PROP_FEC_TIMEOUT:
      settings->fec_timeout = g_value_get_uint (value);
      break;
    default:
      return FALSE;
  }
  return TRUE;
}

gboolean
gst_devourer_settings_get (const GstDevourerSettings * settings,
    guint prop_id, GValue * value)
{
  switch (prop_id) {
    case GST_DEVOURER_PROP_DEVICE:
      g_value_set_string (value, settings->device);
      break;
    case GST_DEVOURER_PROP_CHANNEL:
      g_value_set_uint (value, settings->channel);
      break;
    case GST_DEVOURER_PROP_BANDWIDTH:
      g_value_set_enum (value, settings->bandwidth);
      break;
    case GST_DEVOURER_PROP_LINK_ID:
      g_value_set_uint (value, settings->link_id);
      break;
    case GST_DEVOURER_PROP_RADIO_PORT:
      g_value_set_uint (value, settings->radio_port);
      break;
    case GST_DEVOURER_PROP_KEY_FILE:
      g_value_set_string (value, settings->key_file);
      break;
    case GST_DEVOURER_PROP_FIRMWARE_DIR:
      g_value_set_string (value, settings->firmware_dir);
      break;
    case GST_DEVOURER_PROP_STATS_INTERVAL:
      g_value_set_uint (value, settings->stats_interval);
      break;
    case GST_DEVOURER_PROP_FEC_TIMEOUT:
      g_value_set_uint (value, settings->fec_timeout);
      break;
    default:
      /* password is write-only: GObject never asks for it. */
      return FALSE;
  }
  return TRUE;
}

struct dvr_channel
gst_devourer_settings_channel (const GstDevourerSettings * settings)
{
  struct dvr_channel ch = { 0 };

  ch.channel = (uint16_t) settings->channel;
  ch.bw_mhz = (uint16_t) settings->bandwidth;
  return ch;
}

/* Blurbs are static strings (G_PARAM_STATIC_STRINGS): one literal per
 * side rather than a formatted text. */

static GParamSpec *
param_spec_link_id (GstDevourerKeyRole role)
{
  return g_param_spec_uint ("link-id", "Link ID",
      role == GST_DEVOURER_KEY_SENDER ?
      "24-bit link id (0-16777215), must match the receiver (default: "
      "wfb-ng's 'default' link domain) (READY only)" :
      "24-bit link id (0-16777215), must match the sender (default: "
      "wfb-ng's 'default' link domain) (READY only)", 0, 0xffffff,
      GST_DEVOURER_DEFAULT_LINK_ID, GST_DEVOURER_PARAM_READY);
}

static GParamSpec *
param_spec_radio_port (GstDevourerKeyRole role)
{
  return g_param_spec_uint ("radio-port", "Radio port",
      role == GST_DEVOURER_KEY_SENDER ?
      "Stream number within the link (0-255), must match the receiver "
      "(wfb-ng: 0 = video) (READY only)" :
      "Stream number within the link (0-255), must match the sender "
      "(wfb-ng: 0 = video) (READY only)", 0, 255,
      GST_DEVOURER_DEFAULT_RADIO_PORT, GST_DEVOURER_PARAM_READY);
}

static GParamSpec *
param_spec_key_file (GstDevourerKeyRole role)
{
  return g_param_spec_string ("key-file", "Key file",
      role == GST_DEVOURER_KEY_SENDER ?
      "Path of the wfb_keygen key file of the sending side (drone.key: "
      "64 bytes). "
      "Set this or password (READY only)" :
      "Path of the wfb_keygen key file of the receiving side (gs.key: "
      "64 bytes). "
      "Set this or password (READY only)", NULL, GST_DEVOURER_PARAM_READY);
}

static GParamSpec *
param_spec_password (void)
{
  return g_param_spec_string ("password", "Password",
      "Derive the link keys from this password (WFB-NG argon2i scheme, "
      "same password on both ends). Set this or key-file. Write-only, but "
      "visible to other users in the process list when given on a "
      "command line or in a devourer:// URI: prefer key-file there "
      "(READY only)", NULL,
      G_PARAM_WRITABLE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY);
}

static GParamSpec *
param_spec_firmware_dir (void)
{
  return g_param_spec_string ("firmware-dir", "Firmware directory",
      "Where to find the adapter firmware (NULL: $DEVOURER_FIRMWARE_DIR, "
      "then the system firmware paths) (READY only)", NULL,
      GST_DEVOURER_PARAM_READY);
}

static GParamSpec *
param_spec_stats (void)
{
  return g_param_spec_boxed ("stats", "Statistics",
      "Link and adapter counters since start (kebab-case fields, see "
      "gst/README.md)", GST_TYPE_STRUCTURE,
      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
}

gboolean
gst_devourer_adopt_channel (GstElement * element,
    GstDevourerSettings * settings, struct dvr_channel *tuned,
    const struct dvr_channel *ch)
{
  gboolean moved;

  if (ch->channel == tuned->channel && ch->bw_mhz == tuned->bw_mhz)
    return FALSE;
  *tuned = *ch;
  GST_OBJECT_LOCK (element);
  moved = settings->channel != ch->channel
      || settings->bandwidth != ch->bw_mhz;
  settings->channel = ch->channel;
  settings->bandwidth = ch->bw_mhz;
  GST_OBJECT_UNLOCK (element);
  if (moved)
    GST_INFO_OBJECT (element, "the adapter was retuned to channel %u "
        "(%u MHz)", ch->channel, ch->bw_mhz);
  return moved;
}

void
gst_devourer_notify_channel (GstElement * element)
{
  g_object_notify (G_OBJECT (element), "channel");
  g_object_notify (G_OBJECT (element), "bandwidth");
}

void
gst_devourer_install_radio_properties (GObjectClass * klass,
    const gchar * device_blurb, const gchar * channel_blurb,
    const gchar * bandwidth_blurb)
{
  g_object_class_install_property (klass, GST_DEVOURER_PROP_DEVICE,
      g_param_spec_string ("device", "Device", device_blurb,
          GST_DEVOURER_DEFAULT_DEVICE, GST_DEVOURER_PARAM_READY));
  g_object_class_install_property (klass, GST_DEVOURER_PROP_CHANNEL,
      g_param_spec_uint ("channel", "Channel", channel_blurb, 1, 177,
          GST_DEVOURER_DEFAULT_CHANNEL, GST_DEVOURER_PARAM_LIVE));
  g_object_class_install_property (klass, GST_DEVOURER_PROP_BANDWIDTH,
      g_param_spec_enum ("bandwidth", "Bandwidth", bandwidth_blurb,
          GST_TYPE_DEVOURER_BANDWIDTH, GST_DEVOURER_DEFAULT_BANDWIDTH,
          GST_DEVOURER_PARAM_LIVE));
}

void
gst_devourer_install_shared_properties (GObjectClass * klass,
    GstDevourerKeyRole role)
{
  g_object_class_install_property (klass, GST_DEVOURER_PROP_LINK_ID,
      param_spec_link_id (role));
  g_object_class_install_property (klass, GST_DEVOURER_PROP_RADIO_PORT,
      param_spec_radio_port (role));
  g_object_class_install_property (klass, GST_DEVOURER_PROP_KEY_FILE,
      param_spec_key_file (role));
  g_object_class_install_property (klass, GST_DEVOURER_PROP_PASSWORD,
      param_spec_password ());
  g_object_class_install_property (klass, GST_DEVOURER_PROP_FIRMWARE_DIR,
      param_spec_firmware_dir ());
  g_object_class_install_property (klass, GST_DEVOURER_PROP_STATS,
      param_spec_stats ());
}

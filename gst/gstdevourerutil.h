/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by devourersink and devourersrc: property enums and
 * specs, property storage, the millisecond clock the link layer runs on,
 * key loading, selector lists, turning driver failures into GStreamer
 * errors, posting element messages.
 */
#ifndef GST_DEVOURER_UTIL_H
#define GST_DEVOURER_UTIL_H

#include <gst/gst.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

G_BEGIN_DECLS

/* Stable names of the element messages (documented in gst/README.md). */
#define GST_DEVOURER_MSG_INIT_TIMING "devourer-init-timing"
#define GST_DEVOURER_MSG_TX_DUTY "devourer-tx-duty"
#define GST_DEVOURER_MSG_RX_STATS "devourer-rx-stats"
/* An element joined an adapter another element of the process runs. */
#define GST_DEVOURER_MSG_ADAPTER_JOINED "devourer-adapter-joined"

/* wfb-ng's default link id: the first 3 bytes of SHA-1("default"), so a
 * devourer link and a stock wfb-ng link agree without configuration. */
#define GST_DEVOURER_DEFAULT_LINK_ID 7669206u
#define GST_DEVOURER_DEFAULT_DEVICE "auto"
#define GST_DEVOURER_DEFAULT_CHANNEL 149u
#define GST_DEVOURER_DEFAULT_BANDWIDTH 20
#define GST_DEVOURER_DEFAULT_STATS_INTERVAL 1000u
#define GST_DEVOURER_DEFAULT_RADIO_PORT 0u

/* Flags of a property that takes effect at the next start (READY only),
 * and of one applied at once, also while PLAYING. */
#define GST_DEVOURER_PARAM_READY \
  (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY)
#define GST_DEVOURER_PARAM_LIVE \
  (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING)

/* Channel / TX bandwidth in MHz; the enum value is the width. */
#define GST_TYPE_DEVOURER_BANDWIDTH (gst_devourer_bandwidth_get_type ())
GType gst_devourer_bandwidth_get_type (void);

/* TX mode, values of enum dvr_tx_mode. */
#define GST_TYPE_DEVOURER_TX_MODE (gst_devourer_tx_mode_get_type ())
GType gst_devourer_tx_mode_get_type (void);

/* USB TX aggregation, values of enum dvr_tx_agg. */
#define GST_TYPE_DEVOURER_TX_AGG (gst_devourer_tx_agg_get_type ())
GType gst_devourer_tx_agg_get_type (void);

/* Legacy (CCK/OFDM) rates; the enum value is the rate in 500 kbit/s, the
 * nick the rate in Mbit/s ("6", "5.5", "54"). */
#define GST_TYPE_DEVOURER_LEGACY_RATE (gst_devourer_legacy_rate_get_type ())
GType gst_devourer_legacy_rate_get_type (void);

/* Monotonic milliseconds: the time base handed to the link layer. */
static inline guint64
gst_devourer_now_ms (void)
{
  return (guint64) g_get_monotonic_time () / 1000u;
}

/* Which end of the link an element is: the half of a password-derived
 * key pair it uses, and the peer its property blurbs name. */
typedef enum
{
  GST_DEVOURER_KEY_SENDER,      /* drone.key: drone secret + ground public */
  GST_DEVOURER_KEY_RECEIVER,    /* gs.key: ground secret + drone public */
} GstDevourerKeyRole;

/*
 * Fill @keys from exactly one of @key_file / @password. Posts a
 * GST_ELEMENT_ERROR naming the problem and the cure and returns FALSE when
 * neither or both are set or the file is unusable.
 */
gboolean gst_devourer_load_keys (GstElement * element, const gchar * key_file,
    const gchar * password, GstDevourerKeyRole role,
    struct dvr_link_keys *keys);

/* Wipe key material that is no longer needed. */
void gst_devourer_keys_clear (struct dvr_link_keys *keys);

/*
 * Split a device list into selectors. Separators: ';' always, and ','
 * when the next piece starts a new selector (auto, usb:, virtual:), so
 * "virtual:a,loss=0.1,virtual:b" is two adapters and the comma options of
 * a virtual selector stay attached to it. Returns a NULL-terminated vector
 * (g_strfreev) with empty pieces removed; NULL on an empty list.
 */
gchar **gst_devourer_split_devices (const gchar * list);

/*
 * Post the GST_ELEMENT_ERROR for a failed dvr_open()/dvr_start() of
 * @selector: what failed, why (dvr_strerror + @detail from
 * dvr_last_error() when there is one) and what to do about it.
 */
void gst_devourer_post_device_error (GstElement * element,
    const gchar * selector, const gchar * what, int status,
    const gchar * detail);

/*
 * Post the GST_ELEMENT_ERROR for a device selector dvr_open() cannot
 * parse: the selector, the accepted forms, and @detail (the driver's own
 * sentence, may be empty).
 */
void gst_devourer_post_selector_error (GstElement * element,
    const gchar * selector, const gchar * detail);

/*
 * Post the device error once (first caller wins) and only then mark
 * @fatal (atomic) as posted: a streaming thread that fails its flow on
 * gst_devourer_fatal() does so after our ERROR is on the bus, so
 * upstream's generic "Internal data stream error" never comes first.
 */
void gst_devourer_post_fatal_once (GstElement * element, gint * fatal,
    const gchar * selector, const gchar * what, int status,
    const gchar * detail);

/* Has the fatal error of @fatal been posted? */
static inline gboolean
gst_devourer_fatal (gint * fatal)
{
  return g_atomic_int_get (fatal) == 2;
}

/* Post @structure (taken) as an element message of @element. Any thread. */
void gst_devourer_post_element_message (GstElement * element,
    GstStructure * structure);

/*
 * Property storage. The caller holds the object lock. A password is
 * wiped before its memory is freed, so it does not linger in the heap.
 */
void gst_devourer_replace_string (gchar ** field, const GValue * value);
void gst_devourer_replace_secret (gchar ** field, const GValue * value);
void gst_devourer_free_secret (gchar * secret);

/*
 * Settings both elements have, stored alike (the object lock guards
 * them). Each element installs their properties under these ids, with
 * its own blurbs and ranges, and numbers its own properties from
 * GST_DEVOURER_PROP_FIRST_OWN; what a change means to a running element
 * (retune, wake the timer) stays with the element.
 */
typedef struct
{
  gchar *device;                /* selector(s) */
  guint channel;
  gint bandwidth;               /* MHz, GST_TYPE_DEVOURER_BANDWIDTH */
  guint link_id;
  guint radio_port;
  gchar *key_file;
  gchar *password;              /* wiped before it is freed */
  gchar *firmware_dir;
  guint stats_interval;         /* ms */
  guint fec_timeout;            /* ms */
} GstDevourerSettings;

enum
{
  GST_DEVOURER_PROP_0,
  GST_DEVOURER_PROP_DEVICE,
  GST_DEVOURER_PROP_CHANNEL,
  GST_DEVOURER_PROP_BANDWIDTH,
  GST_DEVOURER_PROP_LINK_ID,
  GST_DEVOURER_PROP_RADIO_PORT,
  GST_DEVOURER_PROP_KEY_FILE,
  GST_DEVOURER_PROP_PASSWORD,
  GST_DEVOURER_PROP_FIRMWARE_DIR,
  GST_DEVOURER_PROP_STATS_INTERVAL,
  GST_DEVOURER_PROP_FEC_TIMEOUT,
  /* Read-only, built by each element: not in GstDevourerSettings. */
  GST_DEVOURER_PROP_STATS,
  GST_DEVOURER_PROP_FIRST_OWN,
};

/* The documented defaults; @fec_timeout differs between the elements. */
void gst_devourer_settings_init (GstDevourerSettings * settings,
    guint fec_timeout);

/* Free the strings (the password wiped). */
void gst_devourer_settings_clear (GstDevourerSettings * settings);

/* A deep copy, e.g. taken under the object lock by start(). */
void gst_devourer_settings_copy (GstDevourerSettings * dst,
    const GstDevourerSettings * src);

/*
 * set_property / get_property for the shared settings: store or read
 * @prop_id and return TRUE, or return FALSE when @prop_id is not one of
 * them (an element's own property). The caller holds the object lock.
 */
gboolean gst_devourer_settings_set (GstDevourerSettings * settings,
    guint prop_id, const GValue * value);
gboolean gst_devourer_settings_get (const GstDevourerSettings * settings,
    guint prop_id, GValue * value);

/* The channel to tune from @settings. */
struct dvr_channel gst_devourer_settings_channel (const GstDevourerSettings *
    settings);

/*
 * An adapter reported it is on @ch (a retune by whoever shares it). The
 * echo of the element's own retune, even one taken late, after the
 * element retuned again, matches @tuned and changes nothing: otherwise a
 * stale report would overwrite the channel just set. Anything else is
 * stored in @tuned and in the channel/bandwidth settings (the object
 * lock is taken). Call with the element's control lock held, the same
 * lock held when the report was taken, so no retune of the element's
 * own runs in between; returns TRUE when the properties changed, which
 * the caller notifies once the lock is released.
 */
gboolean gst_devourer_adopt_channel (GstElement * element,
    GstDevourerSettings * settings, struct dvr_channel *tuned,
    const struct dvr_channel *ch);

/* Notify channel and bandwidth (no element lock held). */
void gst_devourer_notify_channel (GstElement * element);

/* device, channel and bandwidth, with each element's own blurbs (the
 * blurbs live as long as the class: static strings). */
void gst_devourer_install_radio_properties (GObjectClass * klass,
    const gchar * device_blurb, const gchar * channel_blurb,
    const gchar * bandwidth_blurb);

/*
 * Install the shared properties that read the same on both elements
 * (link-id, radio-port, key-file, password, firmware-dir, stats); @role
 * picks the side named in the blurbs (the sink is the sender, the src the
 * receiver). device, channel and bandwidth differ in blurb only
 * (gst_devourer_install_radio_properties); stats-interval and fec-timeout
 * differ in range too, so each element installs those itself. Names,
 * blurbs and flags are documented API (gst/README.md).
 */
void gst_devourer_install_shared_properties (GObjectClass * klass,
    GstDevourerKeyRole role);

G_END_DECLS

#endif /* GST_DEVOURER_UTIL_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-devourersrc
 * @title: devourersrc
 *
 * Receives a WFB-NG compatible radio link with one or several Realtek USB
 * adapters driven by libdevourer and pushes every recovered packet (e.g. an
 * RTP packet) as one buffer: frames are authenticated and decrypted
 * (ChaCha20-Poly1305), de-duplicated across adapters, reordered and
 * FEC-repaired, then delivered in order.
 *
 * Several adapters (receive diversity): list them in `device`, separated by
 * ';' or by ',' before each new selector, e.g.
 * `device="usb:0bda:8812#0,usb:0bda:8812#1"` or
 * `device="virtual:a,loss=0.1;virtual:b,rssi=-70"`. A virtual selector's own
 * comma options stay attached to it because an option is never a selector.
 * If one of several adapters fails the element warns and carries on with the
 * others; when the last one fails it errors out.
 *
 * Distributed reception, as wfb-ng's: `forward=HOST:PORT` also sends every
 * frame of this link the adapters hear over UDP in wfb_rx -f's forwarder
 * format; `aggregate=PORT` takes such datagrams (from wfb_rx -f or other
 * devourersrc) and combines them with the local adapters, each sender an
 * adapter slot of its own; `device=none` aggregates with no local adapter.
 *
 * This is a live source. Buffers are timestamped with the running time at
 * which the link released them (arrival of the frame that completed them,
 * or the FEC timeout that gave up on a missing one). Packets are held back
 * only while an earlier packet of their FEC block is missing and may still
 * be repaired, at most `fec-timeout` ms after the block opened, but that
 * wait is already behind the timestamp: the LATENCY query answers what is
 * left after release, live, min latency 0, max unbounded (the queue
 * absorbs bursts). So a sync=true sink renders each packet as it comes,
 * and never counts the FEC hold-back a second time. For smooth rather
 * than fastest playback put rtpjitterbuffer (latency at least fec-timeout)
 * or a sink with a larger latency downstream.
 *
 * The first buffer after start or a flush, and the first after packets
 * went missing (given up by the link, or dropped by a full queue), carry
 * GST_BUFFER_FLAG_DISCONT.
 *
 * By default (`streaming-rx=true`), with one local adapter and no
 * `aggregate`, the streaming thread receives itself, as udpsrc reads its
 * socket in its own: create() completes the adapter's USB transfers
 * (dvr_share_rx_pump), runs the link and fills the buffer, with no
 * hand-off to another thread per packet; it gives receiving back to the
 * driver's thread whenever it stops (flush, PAUSED, EOS, stop), so other
 * elements sharing the adapter go on receiving. While downstream keeps
 * the streaming thread away (a decoder in the same thread, a loaded
 * machine), the driver's thread stands in: once the streaming thread has
 * stayed away a couple of milliseconds, or a quarter of the adapter's
 * posted transfers filled meanwhile, it completes the transfers as they
 * fill, into the queue, until create() pumps again — so a slow
 * downstream costs a hand-off per packet only while it is slow. (The
 * quarter-of-the-ring wake exists on the virtual bus only: libusb learns
 * of completed transfers only by handling events; and a streaming thread
 * held off the CPU inside its own reap can still let the ring fill.) With several adapters or `aggregate` (one thread
 * cannot wait in several devices and a socket at once), on a bus with no
 * pump, or with `streaming-rx=false`, the driver's threads feed the link
 * and create() waits for their packets.
 *
 * The received packets wait in a queue of `queue-size` packets for the
 * streaming thread (one USB transfer may free several at once, and while
 * PAUSED the driver's thread fills it); if downstream stalls longer, new
 * packets are dropped and counted in stats (packets-dropped).
 *
 * Bus messages: devourer-init-timing (adapter bring-up, per adapter),
 * devourer-rx-stats (every stats-interval, and a final one at EOS or
 * stop). Warnings, rate-limited and naming the fix, when frames of the
 * link do not authenticate (wrong key), when only another link id or radio
 * port is heard, when nothing is heard at all, and when a live retune is
 * refused (channel and bandwidth then read back the channel in effect).
 * See gst/README.md.
 *
 * ## Example
 * |[
 * gst-launch-1.0 devourersrc device=auto channel=149 password=secret \
 *   caps="application/x-rtp,media=video,clock-rate=90000,encoding-name=H264" \
 *   ! rtph264depay ! avdec_h264 ! autovideosink sync=false
 * ]|
 */
#include "gstdevourersrc.h"
#include "gstdevourersrcstats.h"

#include <string.h>

#include "gstdevourerfresh.h"
#include "gstdevourermeta.h"
#include "gstdevourerrxmetareg.h"
#include "gstdevourerurihandler.h"
#include "gstdevourerutil.h"

GST_DEBUG_CATEGORY (devourer_src_debug);
#define GST_CAT_DEFAULT devourer_src_debug

/* The src's own properties; the shared ones are GST_DEVOURER_PROP_*. */
enum
{
  PROP_KEEP_CORRUPTED = GST_DEVOURER_PROP_FIRST_OWN,
  PROP_CAPS,
  PROP_QUEUE_SIZE,
  PROP_FORWARD,
  PROP_AGGREGATE,
  PROP_BIND_ADDRESS,
  PROP_AGGREGATE_BUFFER_SIZE,
  PROP_AGGREGATE_TIMEOUT,
  PROP_SESSION_TAKEOVER,
  PROP_STREAMING_RX,
  PROP_FEEDBACK_INTERVAL,
  PROP_FEEDBACK_PORT,
  PROP_ALINK_SEND,
  PROP_FRESHNESS,
  PROP_HOP_FIRST,               /* GST_DEVOURER_HOP_N_PROPS of them */
};

#define DEFAULT_KEEP_CORRUPTED FALSE
#define DEFAULT_FEC_TIMEOUT 50
#define DEFAULT_QUEUE_SIZE 1024
#define DEFAULT_STREAMING_RX TRUE
/* Forwarders usually run on the ground machine itself (a second process
 * per adapter, as wfb-ng's cluster mode does over localhost): listening
 * on loopback keeps the port unreachable from the LAN unless asked. */
#define DEFAULT_BIND_ADDRESS "127.0.0.1"
/* wfb-ng's aggregator asks for 2 MiB (master.cfg) and takes -R; 4 MiB
 * holds about 2.8 s of 1.5 kB datagrams at 1000/s, through a stall of
 * the aggregator's thread. */
#define DEFAULT_AGGREGATE_BUFFER_SIZE (4 * 1024 * 1024)
/* A forwarder's slot outlives a few lost session intervals and a
 * restart; a silent one for longer gives its slot to a newcomer. */
#define DEFAULT_AGGREGATE_TIMEOUT 3000
#define DEFAULT_SESSION_TAKEOVER 1000
/* Bulk IN transfers posted on an adapter the streaming thread pumps
 * (the library's default is 16, of 32 KiB each). */
#define PUMP_RX_TRANSFERS 64
/* Buffers the pool allocates up front; more are made only if downstream
 * holds many at once (e.g. a depayloader collecting a large key frame). */
#define POOL_PREALLOC 64

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS_ANY);

#define gst_devourer_src_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstDevourerSrc, gst_devourer_src, GST_TYPE_PUSH_SRC,
    G_IMPLEMENT_INTERFACE (GST_TYPE_URI_HANDLER,
        gst_devourer_uri_handler_init));
GST_ELEMENT_REGISTER_DEFINE (devourersrc, "devourersrc", GST_RANK_NONE,
    GST_TYPE_DEVOURER_SRC);

static void gst_devourer_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_devourer_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
static void gst_devourer_src_finalize (GObject * object);
static GstCaps *gst_devourer_src_get_caps (GstBaseSrc * bsrc,
    GstCaps * filter);
static GstStateChangeReturn gst_devourer_src_change_state (GstElement *
    element, GstStateChange transition);
static gboolean gst_devourer_src_start (GstBaseSrc * bsrc);
static gboolean gst_devourer_src_stop (GstBaseSrc * bsrc);
static gboolean gst_devourer_src_unlock (GstBaseSrc * bsrc);
static gboolean gst_devourer_src_unlock_stop (GstBaseSrc * bsrc);
static gboolean gst_devourer_src_query (GstBaseSrc * bsrc, GstQuery * query);
static GstFlowReturn gst_devourer_src_create (GstPushSrc * psrc,
    GstBuffer ** outbuf);

static GstPadProbeReturn on_src_event (GstPad * pad, GstPadProbeInfo * info,
    gpointer user);

/* Distributed reception: forwarding frames to another receiver,
 * aggregating forwarded ones, and which sender a session follows. */
static void
install_distribution_properties (GObjectClass * gobject_class)
{
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;

  g_object_class_install_property (gobject_class, PROP_FORWARD,
      g_param_spec_string ("forward", "Forward",
          "Also send every frame of this link the local adapters hear to "
          "these aggregators, as UDP datagrams in wfb-ng's forwarder format "
          "(what wfb_rx -f sends): host:port, several separated by ',' or "
          "';', at most 8; NULL or empty: off (READY only)", NULL, ready));
  g_object_class_install_property (gobject_class, PROP_AGGREGATE,
      g_param_spec_string ("aggregate", "Aggregate",
          "Also receive frames forwarded over UDP by wfb_rx -f or other "
          "devourersrc (forward=) on this UDP port (on bind-address) or "
          "address:port ([v6]:port), and combine them with the local "
          "adapters; each authenticated sender is one more adapter slot (at "
          "most 8 in all). With device=none there is no local adapter. NULL or empty: "
          "off (READY only)", NULL, ready));
  g_object_class_install_property (gobject_class, PROP_BIND_ADDRESS,
      g_param_spec_string ("bind-address", "Bind address",
          "The local address a bare aggregate=PORT listens on: loopback by "
          "default, so only forwarders on this machine reach it; 0.0.0.0 "
          "(or ::) for forwarders on other hosts. A sender gets an adapter "
          "slot only once its frames authenticate under the link's key "
          "(READY only)", DEFAULT_BIND_ADDRESS, ready));
  g_object_class_install_property (gobject_class, PROP_AGGREGATE_BUFFER_SIZE,
      g_param_spec_int ("aggregate-buffer-size", "Aggregate buffer size",
          "Kernel receive buffer of the aggregate socket in bytes (wfb-ng's "
          "-R); as root beyond net.core.rmem_max, else capped by it (the "
          "size granted is in stats, aggregate-buffer-size). 0: the "
          "kernel's default (READY only)", 0, G_MAXINT / 2,
          DEFAULT_AGGREGATE_BUFFER_SIZE, ready));
  g_object_class_install_property (gobject_class, PROP_AGGREGATE_TIMEOUT,
      g_param_spec_uint ("aggregate-timeout", "Aggregate slot timeout",
          "Milliseconds (100-600000) after which a forwarder that sent no "
          "authentic frame of the current session gives its adapter slot to "
          "the next authentic sender (READY only)", 100, 600000,
          DEFAULT_AGGREGATE_TIMEOUT, ready));
  g_object_class_install_property (gobject_class, PROP_SESSION_TAKEOVER,
      g_param_spec_uint ("session-takeover", "Session takeover time",
          "Milliseconds (0-600000) the current session must deliver nothing "
          "new before "
          "a session of another run is adopted: a sender restarted at a "
          "lower epoch (a camera without a clock) or at any epoch, or a "
          "recording (docs/reliability.md, sessions). Re-keys of the "
          "current run are adopted at once. 0: never, wfb-ng's strict epoch "
          "order (READY only)", 0, 600000, DEFAULT_SESSION_TAKEOVER, ready));
  g_object_class_install_property (gobject_class, PROP_FRESHNESS,
      g_param_spec_boolean ("freshness", "Freshness over the uplink",
          "Where this process also transmits on the link-id (a devourersink "
          "carrying its challenge: the ground's uplink), adopt a new run of "
          "a devourer sender only once its session echoes that challenge, "
          "which a recording of an earlier run cannot; pass the challenges "
          "heard to this process's sinks to echo. Senders that never echo "
          "(wfb_tx) and links without an uplink keep the one-way rules "
          "(session-takeover; docs/reliability.md, sessions). FALSE: the "
          "one-way rules for every sender (READY only)", TRUE, ready));
}

/* What the ground sends back: link feedback for the drone's adaptation
 * and OpenIPC alink_gs's message. */
static void
install_uplink_properties (GObjectClass * gobject_class)
{
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;

  g_object_class_install_property (gobject_class, PROP_FEEDBACK_INTERVAL,
      g_param_spec_uint ("feedback-interval", "Link feedback interval",
          "Milliseconds (0, or 50-10000: less is taken as 50) between the records of what this src "
          "hears (signal and SNR per chain, packets delivered, repaired "
          "and lost, the rate and FEC heard) that it sends the drone on "
          "feedback-port over its first adapter, under the link's keys, "
          "for a devourersink with adapt to steer by. 0: none, the ground "
          "stays silent (READY only)", 0, 10000, 0, ready));
  g_object_class_install_property (gobject_class, PROP_FEEDBACK_PORT,
      g_param_spec_uint ("feedback-port", "Link feedback radio port",
          "Radio port (0-255) of the feedback stream on link-id (not the port "
          "this src receives; READY only)", 0, 255,
          GST_DEVOURER_FEEDBACK_PORT, ready));
  g_object_class_install_property (gobject_class, PROP_ALINK_SEND,
      g_param_spec_string ("alink-send", "Send to an OpenIPC alink_drone",
          "HOST:PORT of an OpenIPC adaptive-link drone (alink_drone, e.g. "
          "10.5.0.10:9999 over the wfb-ng tunnel) to send, for every "
          "feedback-interval (100 ms when that is 0), the message "
          "OpenIPC's alink_gs would: the score of the best RSSI and SNR "
          "heard, packets repaired and lost, and a keyframe code after a "
          "loss. A span that heard nothing sends nothing, so the drone "
          "falls back. NULL: none (READY only)", NULL, ready));

}

static void
gst_devourer_src_class_init (GstDevourerSrcClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseSrcClass *basesrc_class = GST_BASE_SRC_CLASS (klass);
  GstPushSrcClass *pushsrc_class = GST_PUSH_SRC_CLASS (klass);
  /* The chips come from the driver's registry, not from a list here.
   * The blurb lives as long as the class (static strings flag). */
  static gchar *device_blurb;
  if (device_blurb == NULL)
    device_blurb = g_strdup_printf ("Adapter selector(s): auto (first "
        "supported USB adapter: %s), usb:VID:PID[#N], usb:BUS-PORT or "
        "virtual:NAME[,chip=..,loss=..,rssi=..]; several for receive "
        "diversity, separated by ';' (or ',' before each new selector), at "
        "most 8; or none: no local adapter, only the frames aggregate= "
        "brings in (READY only)", dvr_supported_chips ());
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;
  const GParamFlags live = GST_DEVOURER_PARAM_LIVE;

  gobject_class->set_property = gst_devourer_src_set_property;
  gobject_class->get_property = gst_devourer_src_get_property;
  gobject_class->finalize = gst_devourer_src_finalize;

  gst_devourer_install_radio_properties (gobject_class, device_blurb,
      "Wi-Fi channel number: 1-14 (2.4 GHz) or 36-177 (5 GHz), the same "
      "on every adapter; changeable while PLAYING",
      "Channel bandwidth in MHz: 5, 10, 20, 40 or 80 (at least the "
      "sender's; at 5 or 10 exactly the sender's: narrowband decodes "
      "only its own width); changeable while PLAYING");
  /* link-id, radio-port, key-file, password, firmware-dir, stats */
  gst_devourer_install_shared_properties (gobject_class,
      GST_DEVOURER_KEY_RECEIVER);
  g_object_class_install_property (gobject_class, PROP_KEEP_CORRUPTED,
      g_param_spec_boolean ("keep-corrupted", "Keep corrupted",
          "Also feed frames with a bad FCS to the link: their fragments "
          "still count if they authenticate (READY only)",
          DEFAULT_KEEP_CORRUPTED, ready));
  g_object_class_install_property (gobject_class, PROP_CAPS,
      g_param_spec_boxed ("caps", "Caps",
          "Caps of the packets on the src pad, e.g. application/x-rtp,"
          "media=video,clock-rate=90000,encoding-name=H264 (NULL: ANY); "
          "changeable while PLAYING (renegotiates)", GST_TYPE_CAPS, live));
  g_object_class_install_property (gobject_class,
      GST_DEVOURER_PROP_STATS_INTERVAL,
      g_param_spec_uint ("stats-interval", "Stats interval",
          "Post a devourer-rx-stats element message every this many ms "
          "(0 = never, else 1-4294967295 ms); changeable while PLAYING", 0, G_MAXUINT,
          GST_DEVOURER_DEFAULT_STATS_INTERVAL, live));
  g_object_class_install_property (gobject_class,
      GST_DEVOURER_PROP_FEC_TIMEOUT,
      g_param_spec_uint ("fec-timeout", "FEC timeout",
          "Wait at most this many ms (1-10000) after a FEC block opened for "
          "its missing fragments before delivering what arrived; buffers "
          "are stamped after this wait, so it is not reported as latency "
          "(READY only)", 1, 10000, DEFAULT_FEC_TIMEOUT,
          ready));
  g_object_class_install_property (gobject_class, PROP_QUEUE_SIZE,
      g_param_spec_uint ("queue-size", "Queue size",
          "Packets (1-65536) kept for the streaming thread; beyond this new "
          "packets are dropped and counted (READY only)", 1, 65536,
          DEFAULT_QUEUE_SIZE, ready));
  install_distribution_properties (gobject_class);
  g_object_class_install_property (gobject_class, PROP_STREAMING_RX,
      g_param_spec_boolean ("streaming-rx", "Receive in the streaming thread",
          "With one local adapter and no aggregate: complete the adapter's "
          "USB transfers in the streaming thread itself (no thread hand-off "
          "per packet, as udpsrc reads its socket); while downstream keeps "
          "that thread away the driver's thread stands in (after 2 ms, "
          "sooner on the virtual bus) to keep the adapter's ring from "
          "overflowing. False, or several adapters or aggregate: the "
          "driver's thread receives into queue-size (READY only)",
          DEFAULT_STREAMING_RX,
          ready));
  install_uplink_properties (gobject_class);
  gst_devourer_hop_install_properties (gobject_class, PROP_HOP_FIRST, FALSE);
  gst_element_class_add_static_pad_template (element_class, &src_template);
  gchar *description = g_strdup_printf ("Receives packets (e.g. RTP) from "
      "a WFB-NG link (FEC + ChaCha20-Poly1305) on one or several Realtek USB "
      "Wi-Fi adapters in monitor mode (%s)", dvr_supported_chips ());
  gst_element_class_set_metadata (element_class,
      "Devourer WFB-NG radio source", "Source/Network", description,
      "devourer developers");
  gst_element_class_add_metadata (element_class,
      GST_ELEMENT_METADATA_DOC_URI, GST_DEVOURER_DOC_URI "#devourersrc");
  g_free (description);

  basesrc_class->get_caps = GST_DEBUG_FUNCPTR (gst_devourer_src_get_caps);
  /* The adapters are opened by change_state, not GstBaseSrc's start: a
   * start() that fails makes the base class post a second, generic ERROR
   * after ours (gstbasesrc.c gst_base_src_start), and gst-launch-1.0
   * prints both. */
  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_devourer_src_change_state);
  basesrc_class->stop = GST_DEBUG_FUNCPTR (gst_devourer_src_stop);
  basesrc_class->unlock = GST_DEBUG_FUNCPTR (gst_devourer_src_unlock);
  basesrc_class->unlock_stop = GST_DEBUG_FUNCPTR (gst_devourer_src_unlock_stop);
  basesrc_class->query = GST_DEBUG_FUNCPTR (gst_devourer_src_query);
  pushsrc_class->create = GST_DEBUG_FUNCPTR (gst_devourer_src_create);

  GST_DEBUG_CATEGORY_INIT (devourer_src_debug, "devourersrc", 0,
      "devourer WFB-NG radio source");
}

static void
gst_devourer_src_init (GstDevourerSrc * self)
{
  gst_devourer_settings_init (&self->settings, DEFAULT_FEC_TIMEOUT);
  gst_devourer_hop_settings_init (&self->hop_settings);
  self->keep_corrupted = DEFAULT_KEEP_CORRUPTED;
  self->queue_size = DEFAULT_QUEUE_SIZE;
  self->streaming_rx = DEFAULT_STREAMING_RX;
  self->feedback_port = GST_DEVOURER_FEEDBACK_PORT;
  self->bind_address = g_strdup (DEFAULT_BIND_ADDRESS);
  self->aggregate_buffer_size = DEFAULT_AGGREGATE_BUFFER_SIZE;
  self->aggregate_timeout = DEFAULT_AGGREGATE_TIMEOUT;
  self->session_takeover = DEFAULT_SESSION_TAKEOVER;
  self->freshness = TRUE;
  self->block_timeout_ms = DEFAULT_FEC_TIMEOUT;

  g_mutex_init (&self->control_lock);
  g_mutex_init (&self->rx_lock);
  g_mutex_init (&self->stats_lock);
  g_cond_init (&self->rx_cond);
  gst_devourer_timer_init (&self->timer);
  gst_devourer_aggregator_init (&self->aggregator);

  gst_base_src_set_live (GST_BASE_SRC (self), TRUE);
  gst_base_src_set_format (GST_BASE_SRC (self), GST_FORMAT_TIME);
  /* The final devourer-rx-stats goes out before EOS leaves the src, so
   * an application stopping at the EOS message has already got it. */
  gst_pad_add_probe (GST_BASE_SRC_PAD (self),
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_src_event, self, NULL);
}

static void
gst_devourer_src_finalize (GObject * object)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (object);

  gst_devourer_timer_clear (&self->timer);
  gst_devourer_aggregator_clear (&self->aggregator);
  gst_devourer_forwarder_stop (&self->forwarder);
  g_free (self->forward);
  g_free (self->aggregate);
  g_free (self->bind_address);
  g_free (self->alink_send);
  g_cond_clear (&self->rx_cond);
  g_mutex_clear (&self->stats_lock);
  g_mutex_clear (&self->rx_lock);
  g_mutex_clear (&self->control_lock);
  gst_devourer_settings_clear (&self->settings);
  gst_devourer_hop_settings_clear (&self->hop_settings);
  gst_caps_replace (&self->caps, NULL);

  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static GstPadProbeReturn
on_src_event (GstPad * pad, GstPadProbeInfo * info, gpointer user)
{
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);

  (void) pad;
  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS)
    gst_devourer_src_stats_post_final (GST_DEVOURER_SRC (user));
  return GST_PAD_PROBE_OK;
}

/* ------------------------------------------------------------------ */
/* Properties                                                          */
/* ------------------------------------------------------------------ */

/* Retune one adapter; a lost adapter is left alone (the others carry
 * the link). Returns the driver's status. */
static int
retune_adapter (GstDevourerSrcAdapter * a, const struct dvr_channel *ch)
{
  if (a->radio.dev == NULL || g_atomic_int_get (&a->radio.lost))
    return DVR_OK;
  return dvr_set_channel (a->radio.dev, ch);
}

/*
 * Retune every adapter to the channel and bandwidth properties. The
 * driver records a channel only once the chip took it, so a refusal
 * (unknown channel, a bandwidth or band the chip lacks) leaves that
 * adapter where it was; the adapters already moved go back, so all stay
 * together, and the properties read back the channel in effect.
 */
static void
apply_channel (GstDevourerSrc * self)
{
  struct dvr_channel ch, was;
  gboolean refused = FALSE;
  guint done = 0;
  int ret = DVR_OK;
  gchar *selector = NULL, *detail = NULL;

  GST_OBJECT_LOCK (self);
  ch = gst_devourer_settings_channel (&self->settings);
  GST_OBJECT_UNLOCK (self);

  g_mutex_lock (&self->control_lock);
  if (self->n_adapters == 0) {
    /* Not started: the next start tunes to it. */
    g_mutex_unlock (&self->control_lock);
    return;
  }
  was = self->tuned;
  for (; done < self->n_adapters; done++) {
    GstDevourerSrcAdapter *a = &self->adapters[done];

    ret = retune_adapter (a, &ch);
    if (ret != DVR_OK) {
      selector = g_strdup (a->radio.selector);
      detail = g_strdup (dvr_last_error (a->radio.dev));
      refused = TRUE;
      break;
    }
  }
  if (refused) {
    for (guint i = 0; i < done; i++)
      retune_adapter (&self->adapters[i], &was);
  } else {
    self->tuned = ch;
  }
  g_mutex_unlock (&self->control_lock);
  if (!refused)
    return;

  GST_OBJECT_LOCK (self);
  self->settings.channel = was.channel;
  self->settings.bandwidth = was.bw_mhz;
  GST_OBJECT_UNLOCK (self);
  GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, SETTINGS,
      ("Could not tune %s to channel %u at %u MHz; staying on channel %u "
          "at %u MHz.", selector, ch.channel, ch.bw_mhz, was.channel,
          was.bw_mhz),
      ("%s: %s. The channel and bandwidth properties read back the "
          "channel in effect.", dvr_strerror (ret),
          detail != NULL ? detail : ""),
      ("kind", G_TYPE_STRING, "retune-refused",
          "channel", G_TYPE_UINT, (guint) was.channel,
          "bandwidth", G_TYPE_UINT, (guint) was.bw_mhz,
          "channel-refused", G_TYPE_UINT, (guint) ch.channel,
          "bandwidth-refused", G_TYPE_UINT, (guint) ch.bw_mhz, NULL));
  g_free (selector);
  g_free (detail);
  gst_devourer_notify_channel (GST_ELEMENT (self));
}

/* Store one of the src's own properties (object lock held). */
static void
set_own_property (GstDevourerSrc * self, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  switch (prop_id) {
    case PROP_KEEP_CORRUPTED:
      self->keep_corrupted = g_value_get_boolean (value);
      break;
    case PROP_CAPS:{
      const GstCaps *caps = gst_value_get_caps (value);

      gst_caps_take (&self->caps, caps != NULL ? gst_caps_copy (caps) : NULL);
      break;
    }
    case PROP_QUEUE_SIZE:
      self->queue_size = g_value_get_uint (value);
      break;
    case PROP_FORWARD:
      g_free (self->forward);
      self->forward = g_value_dup_string (value);
      break;
    case PROP_AGGREGATE:
      g_free (self->aggregate);
      self->aggregate = g_value_dup_string (value);
      break;
    case PROP_BIND_ADDRESS:
      g_free (self->bind_address);
      self->bind_address = g_value_dup_string (value);
      break;
    case PROP_AGGREGATE_BUFFER_SIZE:
      self->aggregate_buffer_size = g_value_get_int (value);
      break;
    case PROP_AGGREGATE_TIMEOUT:
      self->aggregate_timeout = g_value_get_uint (value);
      break;
    case PROP_SESSION_TAKEOVER:
      self->session_takeover = g_value_get_uint (value);
      break;
    case PROP_FRESHNESS:
      self->freshness = g_value_get_boolean (value);
      break;
    case PROP_FEEDBACK_INTERVAL:{
      guint v = g_value_get_uint (value);

      /* 1-49 would flood the uplink; taken as the floor */
      self->feedback_interval = v > 0 && v < 50 ? 50 : v;
      break;
    }
    case PROP_FEEDBACK_PORT:
      self->feedback_port = g_value_get_uint (value);
      break;
    case PROP_ALINK_SEND:
      g_free (self->alink_send);
      self->alink_send = g_value_dup_string (value);
      break;
    case PROP_STREAMING_RX:
      self->streaming_rx = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (G_OBJECT (self), prop_id, pspec);
      break;
  }
}

static void
gst_devourer_src_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (object);

  GST_OBJECT_LOCK (self);
  if (!gst_devourer_settings_set (&self->settings, prop_id, value) &&
      !gst_devourer_hop_settings_set (&self->hop_settings, PROP_HOP_FIRST,
          prop_id, value))
    set_own_property (self, prop_id, value, pspec);
  GST_OBJECT_UNLOCK (self);

  /* Live properties take effect now, outside the object lock (retuning
   * blocks); the others are read at the next start. */
  switch (prop_id) {
    case GST_DEVOURER_PROP_CHANNEL:
    case GST_DEVOURER_PROP_BANDWIDTH:
      apply_channel (self);
      break;
    case PROP_CAPS:
      gst_pad_mark_reconfigure (GST_BASE_SRC_PAD (self));
      break;
    case GST_DEVOURER_PROP_STATS_INTERVAL:
      gst_devourer_timer_wake_by (&self->timer, 0);
      break;
    default:
      break;
  }
}

/* Read one of the src's own properties (object lock held). */
static void
get_own_property (GstDevourerSrc * self, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  switch (prop_id) {
    case PROP_KEEP_CORRUPTED:
      g_value_set_boolean (value, self->keep_corrupted);
      break;
    case PROP_CAPS:
      gst_value_set_caps (value, self->caps);
      break;
    case PROP_QUEUE_SIZE:
      g_value_set_uint (value, self->queue_size);
      break;
    case PROP_FORWARD:
      g_value_set_string (value, self->forward);
      break;
    case PROP_AGGREGATE:
      g_value_set_string (value, self->aggregate);
      break;
    case PROP_BIND_ADDRESS:
      g_value_set_string (value, self->bind_address);
      break;
    case PROP_AGGREGATE_BUFFER_SIZE:
      g_value_set_int (value, self->aggregate_buffer_size);
      break;
    case PROP_AGGREGATE_TIMEOUT:
      g_value_set_uint (value, self->aggregate_timeout);
      break;
    case PROP_SESSION_TAKEOVER:
      g_value_set_uint (value, self->session_takeover);
      break;
    case PROP_FEEDBACK_INTERVAL:
      g_value_set_uint (value, self->feedback_interval);
      break;
    case PROP_FEEDBACK_PORT:
      g_value_set_uint (value, self->feedback_port);
      break;
    case PROP_ALINK_SEND:
      g_value_set_string (value, self->alink_send);
      break;
    case PROP_FRESHNESS:
      g_value_set_boolean (value, self->freshness);
      break;
    case PROP_STREAMING_RX:
      g_value_set_boolean (value, self->streaming_rx);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (G_OBJECT (self), prop_id, pspec);
      break;
  }
}

static void
gst_devourer_src_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (object);

  if (prop_id == GST_DEVOURER_PROP_STATS) {
    g_value_take_boxed (value, gst_devourer_src_stats_make (self));
    return;
  }

  GST_OBJECT_LOCK (self);
  if (!gst_devourer_settings_get (&self->settings, prop_id, value) &&
      !gst_devourer_hop_settings_get (&self->hop_settings, PROP_HOP_FIRST,
          prop_id, value))
    get_own_property (self, prop_id, value, pspec);
  GST_OBJECT_UNLOCK (self);
}

/* ------------------------------------------------------------------ */
/* Receive path (device threads)                                       */
/* ------------------------------------------------------------------ */

/* Running time now, or NONE before the element has a clock (PAUSED). */
static GstClockTime
current_running_time (GstDevourerSrc * self)
{
  GstClock *clock;
  GstClockTime base, now, result = GST_CLOCK_TIME_NONE;

  GST_OBJECT_LOCK (self);
  clock = GST_ELEMENT_CLOCK (self);
  if (clock != NULL)
    gst_object_ref (clock);
  base = GST_ELEMENT_CAST (self)->base_time;
  GST_OBJECT_UNLOCK (self);

  if (clock != NULL) {
    now = gst_clock_get_time (clock);
    result = now > base ? now - base : 0;
    gst_object_unref (clock);
  }
  return result;
}

/* The link delivers a packet (rx_lock held, inside dvr_link_rx_push or
 * dvr_link_rx_poll). Copy it into a pooled buffer and queue it. */
static void
on_link_packet (void *user, const uint8_t *data, size_t len)
{
  GstDevourerSrc *self = user;
  GstBuffer *buf = NULL;
  guint64 lost;
  guint tail;

  if (G_UNLIKELY (self->queue_len == self->queue_cap)) {
    self->queue_dropped++;
    self->gap = TRUE;
    GST_LOG_OBJECT (self, "queue full (%u): dropped a %zu-byte packet",
        self->queue_cap, len);
    return;
  }
  if (G_UNLIKELY (len > DVR_LINK_MAX_PAYLOAD)) {
    /* Larger than the pool's buffers; the link never should. */
    self->queue_dropped++;
    self->gap = TRUE;
    GST_WARNING_OBJECT (self, "dropped a %zu-byte packet (max %d)", len,
        DVR_LINK_MAX_PAYLOAD);
    return;
  }
  if (G_UNLIKELY (gst_buffer_pool_acquire_buffer (self->pool, &buf,
              NULL) != GST_FLOW_OK)) {
    self->queue_dropped++;
    self->gap = TRUE;
    GST_WARNING_OBJECT (self, "no receive buffer: dropped a %zu-byte "
        "packet", len);
    return;
  }
  gst_buffer_fill (buf, 0, data, len);
  gst_buffer_set_size (buf, (gssize) len);
  /* Chip time: the frame that completed this packet, as the link kept
   * it (dvr_link_rx_packet_heard can only fail outside this callback). */
  {
    struct dvr_link_rx_heard heard = {.rssi_dbm = DVR_LINK_RSSI_UNKNOWN };

    dvr_link_rx_packet_heard (self->link, &heard);
    gst_devourer_rx_meta_set (buf, &heard);
  }

  /* The link counts every packet it gives up before delivering the next
   * one (link.h dvr_link_rx_lost), so a rise means this packet follows a
   * gap. Downstream (a depayloader) must then drop what it was
   * assembling instead of gluing the two sides of the gap together. */
  lost = dvr_link_rx_lost (self->link);
  if (lost != self->lost_seen || self->gap) {
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
    GST_LOG_OBJECT (self, "gap before this packet: %" G_GUINT64_FORMAT
        " lost by the link%s", lost - self->lost_seen,
        self->gap ? ", some dropped here" : "");
    self->lost_seen = lost;
    self->gap = FALSE;
  }

  /* One clock reading per pushed frame, however many packets it frees. */
  if (!GST_CLOCK_TIME_IS_VALID (self->push_arrival))
    self->push_arrival = current_running_time (self);
  GST_BUFFER_PTS (buf) = self->push_arrival;
  GST_BUFFER_DTS (buf) = self->push_arrival;

  tail = (self->queue_head + self->queue_len) % self->queue_cap;
  self->queue[tail] = buf;
  self->queue_len++;
  if (self->queue_len > self->queue_high_water)
    self->queue_high_water = self->queue_len;
  /* A pumping create() is this thread: no one to wake, and no futex
   * call per packet. */
  if (self->rx_waiters > 0)
    g_cond_signal (&self->rx_cond);
}

/* Was the frame addressed to this link (link id and radio port)? Then
 * its signal is the link's, whether it authenticated or not: a receiver
 * with the wrong key still sees how well it hears the sender. */
static gboolean
verdict_is_our_link (int verdict)
{
  return verdict >= 0 && verdict != DVR_LINK_RX_IGNORED;
}

static void
on_device_rx (void *user, const struct dvr_rx_frame *frame)
{
  GstDevourerRadio *radio = user;
  GstDevourerSrcAdapter *a = radio->user;
  GstDevourerSrc *self = a->self;
  const struct dvr_rx_info *info = &frame->info;
  struct dvr_link_rx_heard heard = {
    .tsf_us = info->tsf_us,
    .has_tsf = TRUE,
    .rssi_dbm = info->signal_dbm,
    .n_chains = MIN (info->n_chains, DVR_MAX_RF_PATHS),
    .channel = info->channel,
    .freq_mhz = info->freq_mhz,
  };
  int verdict;
  gboolean ours;

  memcpy (heard.chain_rssi_dbm, info->rssi_dbm, sizeof (heard.chain_rssi_dbm));
  g_mutex_lock (&self->rx_lock);
  if (G_LIKELY (self->link != NULL)) {
    self->push_arrival = GST_CLOCK_TIME_NONE;
    verdict = dvr_link_rx_push_heard (self->link, a->index, &heard,
        frame->data, frame->len, gst_devourer_now_ms ());
    ours = verdict_is_our_link (verdict);
    gst_devourer_heard_add (&a->heard, &frame->info, ours);
    gst_devourer_heard_add (&a->heard_total, &frame->info, ours);
    gst_devourer_heard_add (&a->fb_heard, &frame->info, ours);
    /* Forwarded as wfb_rx -f does: the frames of this link id and radio
     * port (its capture filter), authentic or not, for the aggregator
     * to judge. */
    if (ours && self->forwarder.n_dest > 0)
      gst_devourer_forwarder_send (&self->forwarder, a->index, frame);
  }
  g_mutex_unlock (&self->rx_lock);
}

/* A frame a remote receiver forwarded (aggregator thread): into the link
 * like a local adapter's, at the remote's own adapter slot after the
 * local ones, so de-duplication, FEC and per-adapter stats are the
 * same. */
static int
on_remote_frame (gpointer user, guint remote,
    const struct dvr_link_fwd_info *info, const guint8 * frame, gsize len)
{
  GstDevourerSrc *self = user;
  guint slot = (guint) g_atomic_int_get (&self->n_local) + remote;
  int verdict = DVR_LINK_RX_IGNORED;

  if (slot >= DVR_LINK_MAX_ADAPTERS)
    return verdict;
  g_mutex_lock (&self->rx_lock);
  if (G_LIKELY (self->link != NULL)) {
    self->push_arrival = GST_CLOCK_TIME_NONE;
    verdict = dvr_link_rx_push (self->link, slot, dvr_link_fwd_rssi (info),
        frame, len, gst_devourer_now_ms ());
  }
  g_mutex_unlock (&self->rx_lock);
  return verdict;
}

/* Does a sender without a slot carry this link (aggregator thread)? */
static gboolean
on_remote_authentic (gpointer user, const guint8 * frame, gsize len)
{
  GstDevourerSrc *self = user;
  gboolean ok = FALSE;

  g_mutex_lock (&self->rx_lock);
  if (G_LIKELY (self->link != NULL))
    ok = dvr_link_rx_authentic (self->link, frame, len);
  g_mutex_unlock (&self->rx_lock);
  return ok;
}

/* An adapter is gone (device thread). */
static void
on_adapter_lost (GstDevourerRadio * radio, const struct dvr_event *event,
    gpointer user)
{
  GstDevourerSrcAdapter *a = user;
  GstDevourerSrc *self = a->self;
  guint opened = (guint) g_atomic_int_get (&self->n_adapters);
  guint lost = (guint) g_atomic_int_add (&self->adapters_lost, 1) + 1;
  guint alive = opened > lost ? opened - lost : 0;

  /* With receive diversity one dead adapter is a warning: the others
   * still hear the link. The device stays open until stop() closes it.
   * (The radio reports each adapter's loss once, so counting is exact.) */
  if (alive > 0) {
    GST_ELEMENT_WARNING (self, RESOURCE, NOT_FOUND,
        ("Adapter \"%s\" failed; receiving with the %u remaining.",
            radio->selector, alive),
        ("%s: %s. Reconnect it and restart the pipeline to use it again.",
            dvr_strerror (event->error.status),
            event->error.message != NULL ? event->error.message : ""));
    return;
  }
  gst_devourer_post_fatal_once (GST_ELEMENT (self), &self->fatal,
      radio->selector, "device", event->error.status, event->error.message);
  /* Wake create() so it returns the error instead of waiting forever. */
  g_mutex_lock (&self->rx_lock);
  g_cond_broadcast (&self->rx_cond);
  g_mutex_unlock (&self->rx_lock);
}

/* ------------------------------------------------------------------ */
/* Timer: link timekeeping and RX stats                                */
/* ------------------------------------------------------------------ */

/* Someone retuned an adapter: the timer reads the channel back (the
 * retuning thread holds the adapter's users lock). */
static void
on_adapter_channel (GstDevourerRadio * radio, gpointer user)
{
  GstDevourerSrcAdapter *a = user;

  (void) radio;
  gst_devourer_timer_wake_by (&a->self->timer, 0);
}

/* channel and bandwidth read back the channel an adapter was moved to
 * (by this element or another sharing it), notified when it changed.
 * Timer thread. */
static void
read_back_channel (GstDevourerSrc * self)
{
  struct dvr_channel now;
  gboolean moved = FALSE;
  guint n;

  g_mutex_lock (&self->control_lock);
  n = self->n_adapters;
  /* While hopping the channel moves every slot: the property keeps the
   * channel asked for, and the stats say where the hop is. */
  for (guint i = 0; i < n; i++)
    if (gst_devourer_radio_take_channel (&self->adapters[i].radio, &now)
        && self->hop == NULL)
      moved |= gst_devourer_adopt_channel (GST_ELEMENT (self),
          &self->settings, &self->tuned, &now);
  g_mutex_unlock (&self->control_lock);
  if (moved)
    gst_devourer_notify_channel (GST_ELEMENT (self));
}

/* One feedback record for the span since the last (timer thread): the
 * link's counts and the adapter that heard the link best. */
static void
send_feedback (GstDevourerSrc * self, guint64 now)
{
  struct dvr_link_feedback fb;
  struct dvr_link_rx_stats ls;
  struct dvr_link_rx_session sess;
  GstDevourerSrcHeard best;
  guint worst, n = (guint) g_atomic_int_get (&self->n_adapters);
  gint best_rssi = G_MININT;

  gst_devourer_heard_reset (&best);
  g_mutex_lock (&self->rx_lock);
  if (self->link == NULL) {
    g_mutex_unlock (&self->rx_lock);
    return;
  }
  dvr_link_rx_get_stats (self->link, &ls);
  dvr_link_rx_get_session (self->link, &sess);
  worst = dvr_link_rx_take_worst_block (self->link);
  for (guint i = 0; i < n; i++) {
    GstDevourerSrcHeard *h = &self->adapters[i].fb_heard;
    gint avg = gst_devourer_heard_average (h->rssi_sum, h->rssi_samples);

    if (h->frames > 0 && avg > best_rssi) {
      best_rssi = avg;
      best = *h;
    }
    gst_devourer_heard_reset (h);
  }
  g_mutex_unlock (&self->rx_lock);

  gst_devourer_feedback_fill (&fb, (guint) (now - self->feedback_span_start),
      &ls, &self->feedback_last, &best, &sess, worst);
  self->feedback_last = ls;
  self->feedback_span_start = now;
  if (self->feedback_records)
    gst_devourer_feedback_sender_send (&self->feedback, &fb, now);
  gst_devourer_alink_send_record (&self->alink, &fb);
  g_mutex_lock (&self->rx_lock);
  self->feedback_sent = self->feedback.sent;
  self->feedback_errors = self->feedback.errors;
  self->alink_sent = self->alink.sent;
  self->alink_errors = self->alink.errors;
  g_mutex_unlock (&self->rx_lock);
}

static guint64
src_timer_tick (gpointer user, guint64 now)
{
  GstDevourerSrc *self = user;
  guint64 next, interval;
  guint period;

  read_back_channel (self);

  g_mutex_lock (&self->rx_lock);
  /* A pumping create() gives up timed-out blocks itself, right after it
   * completed every transfer waiting: judged here, a block could be
   * given up while its missing fragments sit in a transfer that thread
   * has not reached yet (it is pushing the packets before them). */
  if (self->pump == NULL || self->pump_off) {
    self->push_arrival = GST_CLOCK_TIME_NONE;
    dvr_link_rx_poll (self->link, now);
  }
  g_mutex_unlock (&self->rx_lock);

  /* Poll often enough that a timed-out block is released within a fifth
   * of the timeout (and never less often than every 20 ms). */
  period = CLAMP (self->block_timeout_ms / 5, 1, 20);
  next = now + period;

  GST_OBJECT_LOCK (self);
  interval = self->settings.stats_interval;
  GST_OBJECT_UNLOCK (self);

  if (gst_devourer_timer_periodic_due (&self->next_stats_ms, interval, now,
          &next))
    gst_devourer_src_stats_post (self, now, FALSE);
  if (now >= self->diag_next_ms)
    gst_devourer_src_diagnose (self, now);
  if (self->feedback_on) {
    if (now >= self->feedback_next_ms) {
      send_feedback (self, now);
      /* on the interval's grid; a late tick does not bunch records */
      self->feedback_next_ms += self->feedback_period;
      if (self->feedback_next_ms <= now)
        self->feedback_next_ms = now + self->feedback_period;
    }
    next = MIN (next, self->feedback_next_ms);
  }
  return next;
}

/* ------------------------------------------------------------------ */
/* Start / stop                                                        */
/* ------------------------------------------------------------------ */

/* Leave every adapter (no device callback runs afterwards; an adapter
 * other elements still use stays up for them). */
static void
close_adapters (GstDevourerSrc * self)
{
  guint n;

  g_mutex_lock (&self->control_lock);
  n = self->n_adapters;
  for (guint i = 0; i < n; i++) {
    GstDevourerSrcAdapter *a = &self->adapters[i];
    struct dvr_rx_stats rs;

    if (a->radio.dev != NULL) {
      dvr_get_rx_stats (a->radio.dev, &rs);
      self->final_crc_errors += rs.crc_errors;
      self->final_rx_malformed += rs.malformed;
    }
  }
  g_mutex_unlock (&self->control_lock);
  /* Without the control lock: leaving waits for the adapter's callbacks
   * in progress, another element's among them. */
  for (guint i = 0; i < n; i++)
    gst_devourer_radio_close (&self->adapters[i].radio, &self->control_lock);
  g_mutex_lock (&self->control_lock);
  g_atomic_int_set (&self->n_adapters, 0);
  g_mutex_unlock (&self->control_lock);
}

/* Free the link, the queue and the pool (devices already closed). */
static void
free_receiver (GstDevourerSrc * self)
{
  GstBufferPool *pool;

  g_mutex_lock (&self->rx_lock);
  if (self->link != NULL) {
    dvr_link_rx_get_stats (self->link, &self->final_link);
    dvr_link_rx_free (self->link);
    self->link = NULL;
  }
  if (self->fresh != NULL) {
    gst_devourer_fresh_release (self->fresh_link_id, NULL);
    self->fresh = NULL;
  }
  while (self->queue_len > 0) {
    gst_buffer_unref (self->queue[self->queue_head]);
    self->queue_head = (self->queue_head + 1) % self->queue_cap;
    self->queue_len--;
  }
  g_free (self->queue);
  self->queue = NULL;
  self->queue_cap = 0;
  self->queue_head = 0;
  pool = self->pool;
  self->pool = NULL;
  g_mutex_unlock (&self->rx_lock);

  if (pool != NULL) {
    gst_buffer_pool_set_active (pool, FALSE);
    gst_object_unref (pool);
  }
}

/* What one run (start to stop) goes by: the properties as they were at
 * start, read at once under the object lock. */
typedef struct
{
  GstDevourerSettings settings;
  GstDevourerHopSettings hop;
  const gchar *device;          /* settings.device or the default */
  gboolean no_device;           /* device=none: remote adapters only */
  gboolean keep_corrupted, streaming_rx, freshness;
  gchar *forward, *aggregate, *bind_address, *alink_send;
  gint aggregate_buffer_size;
  guint aggregate_timeout, takeover, queue_size;
  guint feedback_interval, feedback_port;
} SrcRun;

static void
src_run_read (GstDevourerSrc * self, SrcRun * run)
{
  GST_OBJECT_LOCK (self);
  gst_devourer_settings_copy (&run->settings, &self->settings);
  gst_devourer_hop_settings_copy (&run->hop, &self->hop_settings);
  run->keep_corrupted = self->keep_corrupted;
  run->queue_size = self->queue_size;
  run->forward = g_strdup (self->forward);
  run->aggregate = g_strdup (self->aggregate);
  run->bind_address = g_strdup (self->bind_address);
  run->aggregate_buffer_size = self->aggregate_buffer_size;
  run->aggregate_timeout = self->aggregate_timeout;
  run->takeover = self->session_takeover;
  run->freshness = self->freshness;
  run->streaming_rx = self->streaming_rx;
  run->feedback_interval = self->feedback_interval;
  run->feedback_port = self->feedback_port;
  run->alink_send = g_strdup (self->alink_send);
  /* The timeout this receiver runs with until the next start, whatever
   * fec-timeout is set to meanwhile: what the timer's period follows. */
  self->block_timeout_ms = run->settings.fec_timeout;
  GST_OBJECT_UNLOCK (self);
  run->device = run->settings.device != NULL ? run->settings.device :
      GST_DEVOURER_DEFAULT_DEVICE;
  run->no_device = g_ascii_strcasecmp (run->device, "none") == 0;
}

static void
src_run_clear (SrcRun * run)
{
  g_free (run->alink_send);
  g_free (run->forward);
  g_free (run->aggregate);
  g_free (run->bind_address);
  gst_devourer_settings_clear (&run->settings);
  gst_devourer_hop_settings_clear (&run->hop);
}

static gboolean
is_set (const gchar * text)
{
  return text != NULL && text[0] != '\0';
}

/* Every counter and flag a run starts from, in one place. 'stats' may be
 * read from another thread meanwhile: what it reads is reset under the
 * locks it takes. */
static void
reset_run_state (GstDevourerSrc * self)
{
  g_atomic_int_set (&self->fatal, 0);
  g_atomic_int_set (&self->adapters_lost, 0);
  g_mutex_lock (&self->control_lock);
  self->final_crc_errors = 0;
  self->final_rx_malformed = 0;
  g_mutex_unlock (&self->control_lock);
  g_mutex_lock (&self->rx_lock);
  self->flushing = FALSE;
  self->lost_seen = 0;
  self->gap = FALSE;
  self->discont = TRUE;
  self->queue_dropped = 0;
  self->pumped_transfers = 0;
  self->queue_high_water = 0;
  self->alink_sent = self->alink_errors = 0;
  self->pump_off = FALSE;
  self->pump_next_poll_ms = 0;
  memset (&self->final_link, 0, sizeof (self->final_link));
  g_mutex_unlock (&self->rx_lock);
  g_mutex_lock (&self->stats_lock);
  memset (&self->last_link, 0, sizeof (self->last_link));
  self->last_dropped = 0;
  self->last_pumped = 0;
  self->stats_final = FALSE;
  self->last_fwd_frames = self->last_fwd_errors = 0;
  self->last_agg_datagrams = self->last_agg_refused = 0;
  g_mutex_unlock (&self->stats_lock);
  /* the timer thread's own, not running yet */
  self->next_stats_ms = 0;
  memset (&self->diag_link, 0, sizeof (self->diag_link));
  self->diag_heard = 0;
  self->diag_deferred_windows = 0;
  self->diag_unproven_windows = 0;
  memset (self->diag_ever_warned, 0, sizeof (self->diag_ever_warned));
  self->diag_agg_frames = 0;
  self->diag_agg_no_slot = 0;
  self->diag_agg_unauth = 0;
  self->diag_agg_kdrops = 0;
}

/* The run's clock starts once the adapters are up: the first stats
 * interval and diagnosis window leave the bring-up out. Before the
 * timer thread that reads them starts. */
static void
start_timekeeping (GstDevourerSrc * self)
{
  guint64 now = gst_devourer_now_ms ();

  g_mutex_lock (&self->stats_lock);
  self->last_stats_ms = now;
  g_mutex_unlock (&self->stats_lock);
  self->diag_next_ms = now + GST_DEVOURER_SRC_DIAG_WINDOW_MS;
}

/* The devices the run opens (device=none: none); NULL after posting an
 * ERROR for a combination of properties that cannot run. */
static gchar **
src_run_devices (GstDevourerSrc * self, const SrcRun * run, guint * n)
{
  gchar **selectors;

  if (run->no_device && !is_set (run->aggregate)) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("device=none needs aggregate=PORT."),
        ("With no local adapter the src can only receive frames forwarded "
            "over UDP: set aggregate= to the port the forwarders send to."));
    return NULL;
  }
  if (run->no_device && run->feedback_interval > 0) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("feedback-interval needs a local adapter to send on."),
        ("device=none receives forwarded frames only; set "
            "feedback-interval=0 or name a device."));
    return NULL;
  }
  if (run->feedback_interval > 0
      && run->feedback_port == run->settings.radio_port) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("feedback-port %u is the port this src receives.",
            run->feedback_port),
        ("Give the feedback stream a radio port of its own."));
    return NULL;
  }
  selectors = run->no_device ? g_new0 (gchar *, 1) :
      gst_devourer_split_devices (run->device);
  if (selectors == NULL) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS, ("No device given."),
        ("Set device=auto, usb:VID:PID, usb:BUS-PORT or virtual:NAME."));
    return NULL;
  }
  *n = g_strv_length (selectors);
  if (*n > DVR_LINK_MAX_ADAPTERS) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Too many devices: %u (at most %d).", *n, DVR_LINK_MAX_ADAPTERS),
        ("device=\"%s\"", run->device));
    g_strfreev (selectors);
    return NULL;
  }
  return selectors;
}

/* What the run sends besides the stream it receives: link feedback to
 * the drone (sealed with the ground's half of @keys), the alink_drone
 * message, forwarded frames. FALSE after posting an ERROR. */
static gboolean
start_senders (GstDevourerSrc * self, const SrcRun * run,
    const struct dvr_link_keys *keys)
{
  GError *err = NULL;
  gboolean ok;

  if (run->feedback_interval > 0
      && !gst_devourer_feedback_sender_init (&self->feedback, keys,
          run->settings.link_id, run->feedback_port, &err)) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Could not create the link feedback sender."), ("%s",
            err->message));
    g_clear_error (&err);
    return FALSE;
  }
  if (is_set (run->alink_send)
      && !gst_devourer_alink_send_start (&self->alink, run->alink_send,
          &err)) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Could not send to alink_drone at \"%s\".", run->alink_send),
        ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  if (!is_set (run->forward))
    return TRUE;
  g_mutex_lock (&self->rx_lock);
  ok = gst_devourer_forwarder_start (&self->forwarder, run->forward, &err);
  g_mutex_unlock (&self->rx_lock);
  if (!ok) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Cannot forward to \"%s\".", run->forward), ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  GST_INFO_OBJECT (self, "forwarding to %s", self->forwarder.names);
  return TRUE;
}

/* The packet queue, its buffer pool and the link receiver, published
 * under rx_lock before any adapter opens: the first frame may arrive
 * while dvr_start() is still returning. FALSE after posting an ERROR
 * (free_receiver releases what was set). */
static gboolean
make_receiver (GstDevourerSrc * self, const SrcRun * run,
    struct dvr_link_rx_config *lcfg, const struct dvr_link_keys *keys)
{
  GstBufferPool *pool = gst_buffer_pool_new ();
  GstStructure *config = gst_buffer_pool_get_config (pool);
  struct dvr_link_rx *link = NULL;
  int ret;

  gst_buffer_pool_config_set_params (config, NULL, DVR_LINK_MAX_PAYLOAD,
      MIN (run->queue_size, POOL_PREALLOC), 0);
  g_mutex_lock (&self->rx_lock);
  self->pool = pool;
  self->queue = g_new0 (GstBuffer *, run->queue_size);
  self->queue_cap = run->queue_size;
  self->queue_head = 0;
  self->queue_len = 0;
  g_mutex_unlock (&self->rx_lock);
  if (!gst_buffer_pool_set_config (pool, config)
      || !gst_buffer_pool_set_active (pool, TRUE)) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Could not allocate receive buffers."), (NULL));
    return FALSE;
  }
  if (run->freshness)
    lcfg->fresh = gst_devourer_fresh_acquire (lcfg->link_id, NULL);
  ret = dvr_link_rx_new (lcfg, keys, on_link_packet, self, &link);
  if (ret != DVR_OK) {
    if (lcfg->fresh != NULL)
      gst_devourer_fresh_release (lcfg->link_id, NULL);
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Could not create the link receiver."),
        ("dvr_link_rx_new: %s", dvr_strerror (ret)));
    return FALSE;
  }
  g_mutex_lock (&self->rx_lock);
  self->link = link;
  self->fresh = lcfg->fresh;
  self->fresh_link_id = lcfg->link_id;
  g_mutex_unlock (&self->rx_lock);
  return TRUE;
}

/* Does the streaming thread receive itself (one local adapter, no
 * socket)? */
static gboolean
pumps (const SrcRun * run, guint n)
{
  return run->streaming_rx && n == 1 && !is_set (run->aggregate);
}

/* Open the @n local adapters on @ch, each delivering the frames @match
 * picks (frames nobody claims too, for the other-link/other-port
 * diagnosis); other elements of the process may share them. FALSE after
 * the failing one posted its ERROR. */
static gboolean
open_adapters (GstDevourerSrc * self, const SrcRun * run,
    gchar ** selectors, guint n, const struct dvr_channel *ch,
    const struct dvr_rx_match *match)
{
  for (guint i = 0; i < n; i++) {
    GstDevourerSrcAdapter *a = &self->adapters[i];
    struct dvr_config cfg = { 0 };

    g_mutex_lock (&self->control_lock);
    a->self = self;
    a->index = i;
    gst_devourer_radio_init (&a->radio, GST_ELEMENT (self),
        devourer_src_debug, selectors[i], on_adapter_lost, a);
    a->radio.on_channel = on_adapter_channel;
    g_mutex_lock (&self->rx_lock);
    gst_devourer_heard_reset (&a->heard);
    gst_devourer_heard_reset (&a->heard_total);
    gst_devourer_heard_reset (&a->fb_heard);
    g_mutex_unlock (&self->rx_lock);
    g_atomic_int_set (&self->n_adapters, i + 1);
    g_mutex_unlock (&self->control_lock);

    cfg.on_rx = on_device_rx;
    cfg.keep_corrupted = run->keep_corrupted;
    cfg.enable_rx = true;
    cfg.firmware_dir = run->settings.firmware_dir;
    /* The streaming thread that will pump this adapter also runs
     * downstream, and the driver's thread standing in for it needs the
     * CPU first: on a loaded machine either waits several milliseconds
     * to run, while the chip goes on filling the posted transfers. A
     * deeper ring gives them that time (it only costs host memory). */
    if (pumps (run, n))
      cfg.rx_transfers = PUMP_RX_TRANSFERS;

    /* Without the control lock (see gstdevourerradio.h). */
    if (!gst_devourer_radio_open (&a->radio, &cfg, ch, match,
            &self->control_lock))
      return FALSE;
  }
  g_mutex_lock (&self->control_lock);
  self->tuned = *ch;
  g_mutex_unlock (&self->control_lock);
  g_mutex_lock (&self->rx_lock);
  self->pump = pumps (run, n) ? self->adapters[0].radio.share : NULL;
  g_mutex_unlock (&self->rx_lock);
  /* Remote receivers take the adapter slots the local ones left. */
  g_atomic_int_set (&self->n_local, n);
  return TRUE;
}

/* Receive forwarded frames (aggregate=) into the slots after the @n
 * local adapters. FALSE after posting an ERROR. */
static gboolean
start_aggregator (GstDevourerSrc * self, const SrcRun * run,
    const struct dvr_link_rx_config *lcfg, guint n)
{
  GError *err = NULL;
  const GstDevourerAggregatorConfig acfg = {
    .spec = run->aggregate,
    .bind_address = run->bind_address,
    .channel_id = dvr_link_channel_id (lcfg->link_id, lcfg->radio_port),
    .max_remotes = DVR_LINK_MAX_ADAPTERS - n,
    .slot_timeout_ms = run->aggregate_timeout,
    .rcvbuf = run->aggregate_buffer_size,
    .fn = on_remote_frame,
    .authentic = on_remote_authentic,
    .user = self,
  };

  if (!is_set (run->aggregate))
    return TRUE;
  if (!gst_devourer_aggregator_start (&self->aggregator, &acfg, &err)) {
    GST_ELEMENT_ERROR (self, RESOURCE, OPEN_READ,
        ("Cannot receive forwarded frames on \"%s\".", run->aggregate),
        ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  GST_INFO_OBJECT (self, "aggregating forwarded frames on %s (%u remote "
      "slots, receive buffer %d bytes)", self->aggregator.bound,
      DVR_LINK_MAX_ADAPTERS - n, self->aggregator.rcvbuf);
  return TRUE;
}

/* The first span the feedback and the alink_drone message report, from
 * the link's counters now (the timer thread takes over from here). */
static void
start_feedback_span (GstDevourerSrc * self, const SrcRun * run)
{
  guint64 now = gst_devourer_now_ms ();
  guint period = run->feedback_interval > 0 ? run->feedback_interval :
      GST_DEVOURER_ALINK_SEND_MS;

  if (run->feedback_interval == 0 && self->alink.socket == NULL)
    return;
  g_mutex_lock (&self->rx_lock);
  dvr_link_rx_get_stats (self->link, &self->feedback_last);
  dvr_link_rx_take_worst_block (self->link);
  g_mutex_unlock (&self->rx_lock);
  self->feedback_records = run->feedback_interval > 0;
  if (self->feedback_records) {
    g_mutex_lock (&self->control_lock);
    gst_devourer_feedback_sender_set_share (&self->feedback,
        self->adapters[0].radio.share);
    g_mutex_unlock (&self->control_lock);
  }
  self->feedback_period = period;
  self->feedback_span_start = now;
  self->feedback_next_ms = now + period;
  self->feedback_on = TRUE;
}

/* Follow a hopping sender (hop-channels) with the first local adapter;
 * the order comes from the pair in @keys. FALSE after posting an ERROR. */
static gboolean
start_following (GstDevourerSrc * self, const SrcRun * run,
    const struct dvr_link_keys *keys, guint n, const gchar * selector,
    const struct dvr_channel *ch)
{
  GstDevourerHop *hopper = NULL;
  GError *err = NULL;

  if (!is_set (run->hop.channels))
    return TRUE;
  if (n == 0)
    g_set_error (&err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
        "hopping needs an adapter of this element's own (device)");
  else
    hopper = gst_devourer_hop_start (GST_ELEMENT (self), &run->hop, FALSE,
        keys, run->settings.link_id, self->adapters[0].radio.share,
        selector, ch, &err);
  if (hopper == NULL) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Could not start following the hops."), ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  g_mutex_lock (&self->control_lock);
  g_atomic_pointer_set (&self->hop, hopper);
  g_mutex_unlock (&self->control_lock);
  return TRUE;
}

/* Undo what a failed start began, in stop's order. */
static void
unwind_start (GstDevourerSrc * self)
{
  gst_devourer_timer_stop (&self->timer);
  gst_devourer_aggregator_stop (&self->aggregator);
  g_mutex_lock (&self->rx_lock);
  self->pump = NULL;
  g_mutex_unlock (&self->rx_lock);
  close_adapters (self);
  free_receiver (self);
  g_mutex_lock (&self->rx_lock);
  gst_devourer_forwarder_stop (&self->forwarder);
  g_mutex_unlock (&self->rx_lock);
  self->feedback_on = FALSE;
  gst_devourer_feedback_sender_clear (&self->feedback);
  gst_devourer_alink_send_stop (&self->alink);
}

static gboolean
gst_devourer_src_start (GstBaseSrc * bsrc)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (bsrc);
  SrcRun run;
  struct dvr_link_rx_config lcfg = { 0 };
  struct dvr_link_keys keys = { {0}, {0} };
  struct dvr_channel ch;
  struct dvr_rx_match match;
  gchar **selectors;
  guint n = 0;
  GError *err = NULL;
  gboolean ok;

  src_run_read (self, &run);
  ch = gst_devourer_settings_channel (&run.settings);
  lcfg.link_id = run.settings.link_id;
  lcfg.radio_port = (uint8_t) run.settings.radio_port;
  lcfg.block_timeout_ms = run.settings.fec_timeout;
  lcfg.takeover_ms = run.takeover ? run.takeover : UINT32_MAX;
  reset_run_state (self);

  selectors = src_run_devices (self, &run, &n);
  ok = selectors != NULL
      && gst_devourer_load_keys (GST_ELEMENT (self), run.settings.key_file,
      run.settings.password, GST_DEVOURER_KEY_RECEIVER, &keys)
      && start_senders (self, &run, &keys)
      && make_receiver (self, &run, &lcfg, &keys);
  dvr_link_rx_match (lcfg.link_id, lcfg.radio_port, &match);
  ok = ok && open_adapters (self, &run, selectors, n, &ch, &match)
      && start_aggregator (self, &run, &lcfg, n);
  if (ok) {
    start_timekeeping (self);
    start_feedback_span (self, &run);
    if (!gst_devourer_timer_start (&self->timer, "dvrsrc-timer",
            src_timer_tick, self, &err)) {
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Could not start the link timer thread."), ("%s", err->message));
      g_clear_error (&err);
      ok = FALSE;
    }
  }
  /* the hop order comes from the pair too, once the adapters are up */
  ok = ok && start_following (self, &run, &keys, n,
      n > 0 ? selectors[0] : NULL, &ch);
  if (ok)
    GST_INFO_OBJECT (self, "receiving on %u adapter(s), link %06x port %u",
        n, lcfg.link_id, lcfg.radio_port);
  else
    unwind_start (self);
  gst_devourer_keys_clear (&keys);
  g_strfreev (selectors);
  src_run_clear (&run);
  return ok;
}

static gboolean
gst_devourer_src_stop (GstBaseSrc * bsrc)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (bsrc);

  GstDevourerHop *hop;

  gst_devourer_timer_stop (&self->timer);
  /* The follower retunes the adapters and hears on a share of its own;
   * it goes after the timer that reads its counters. */
  g_mutex_lock (&self->control_lock);
  hop = self->hop;
  g_atomic_pointer_set (&self->hop, NULL);
  g_mutex_unlock (&self->control_lock);
  gst_devourer_hop_stop (hop);
  /* The timer was the feedback's only sender: done before the adapter
   * it sends on closes. */
  self->feedback_on = FALSE;
  gst_devourer_feedback_sender_clear (&self->feedback);
  gst_devourer_alink_send_stop (&self->alink);
  /* The last partial interval, unless EOS already reported it; while
   * the adapters still name themselves. */
  gst_devourer_src_stats_post_final (self);
  /* Frame sources first: after the aggregator's thread is joined and
   * dvr_close() returned, nothing touches the link or the forwarder. */
  gst_devourer_aggregator_stop (&self->aggregator);
  /* The streaming thread is gone; closing the share releases its pump. */
  g_mutex_lock (&self->rx_lock);
  self->pump = NULL;
  g_mutex_unlock (&self->rx_lock);
  close_adapters (self);
  free_receiver (self);
  g_mutex_lock (&self->rx_lock);
  gst_devourer_forwarder_stop (&self->forwarder);
  g_mutex_unlock (&self->rx_lock);
  return TRUE;
}

/* gst_devourer_src_start at READY->PAUSED, before the base class: a
 * failure posts our ERROR and nothing else. */
static GstStateChangeReturn
gst_devourer_src_change_state (GstElement * element,
    GstStateChange transition)
{
  GstBaseSrc *bsrc = GST_BASE_SRC (element);
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED
      && !gst_devourer_src_start (bsrc))
    return GST_STATE_CHANGE_FAILURE;
  ret = GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);
  /* The base class does not stop what it did not start. */
  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED
      && ret == GST_STATE_CHANGE_FAILURE)
    gst_devourer_src_stop (bsrc);
  return ret;
}

/* ------------------------------------------------------------------ */
/* Data flow                                                           */
/* ------------------------------------------------------------------ */

/* unlock / unlock_stop: a flushing create() returns at once. */
static gboolean
set_flushing (GstDevourerSrc * self, gboolean flushing)
{
  g_mutex_lock (&self->rx_lock);
  self->flushing = flushing;
  /* Whatever downstream had was flushed away: the next buffer starts
   * afresh. */
  if (!flushing)
    self->discont = TRUE;
  g_cond_broadcast (&self->rx_cond);
  /* A create() pumping the adapter returns and sees the flag. */
  if (flushing && self->pump != NULL)
    dvr_share_rx_pump_wake (self->pump);
  g_mutex_unlock (&self->rx_lock);
  return TRUE;
}

static gboolean
gst_devourer_src_unlock (GstBaseSrc * bsrc)
{
  return set_flushing (GST_DEVOURER_SRC (bsrc), TRUE);
}

static gboolean
gst_devourer_src_unlock_stop (GstBaseSrc * bsrc)
{
  return set_flushing (GST_DEVOURER_SRC (bsrc), FALSE);
}

/* How long one pump waits: as the timer polls the link, often enough
 * that a timed-out block is released within a fifth of the timeout and
 * never less often than every 20 ms. */
static guint
pump_period_ms (GstDevourerSrc * self)
{
  return CLAMP (self->block_timeout_ms / 5, 1, 20);
}

/* The pump path of create() (rx_lock held on entry and on return): until
 * a packet is queued, complete the adapter's transfers in this thread —
 * each frame goes through on_device_rx and the link here, and
 * on_link_packet queues what it frees — and give up timed-out blocks.
 * Returns FALSE when the pump cannot be used (any more): create() then
 * waits for the device thread's packets. */
static gboolean
pump_until_queued (GstDevourerSrc * self)
{
  dvr_share *share = self->pump;

  while (self->queue_len == 0 && !self->flushing
      && !gst_devourer_fatal (&self->fatal)) {
    guint period = pump_period_ms (self);
    guint64 now;
    int r;

    g_mutex_unlock (&self->rx_lock);
    r = dvr_share_rx_pump (share, period);
    now = gst_devourer_now_ms ();
    g_mutex_lock (&self->rx_lock);
    if (r > 0)
      self->pumped_transfers += (guint) r;
    if (now >= self->pump_next_poll_ms) {
      self->push_arrival = GST_CLOCK_TIME_NONE;
      dvr_link_rx_poll (self->link, now);
      self->pump_next_poll_ms = now + period;
    }
    if (r < 0) {
      /* Another element pumps this adapter (its thread feeds ours), the
       * bus has no pump, or receiving ended: an ended adapter has posted
       * its error (on_adapter_lost, in this thread); otherwise the device
       * thread delivers from now on. */
      GST_DEBUG_OBJECT (self, "not pumping the adapter: %s",
          dvr_strerror (r));
      self->pump_off = TRUE;
      g_mutex_unlock (&self->rx_lock);
      dvr_share_rx_pump_release (share);
      g_mutex_lock (&self->rx_lock);
      return FALSE;
    }
  }
  if (self->flushing) {
    /* Flush, PAUSED, EOS or stop: the driver's thread receives again
     * (for other elements sharing the adapter, and into our queue). */
    g_mutex_unlock (&self->rx_lock);
    dvr_share_rx_pump_release (share);
    g_mutex_lock (&self->rx_lock);
  }
  return TRUE;
}

static GstFlowReturn
gst_devourer_src_create (GstPushSrc * psrc, GstBuffer ** outbuf)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (psrc);
  GstBuffer *buf;

  g_mutex_lock (&self->rx_lock);
  if (self->pump == NULL || self->pump_off || !pump_until_queued (self)) {
    self->rx_waiters++;
    while (self->queue_len == 0 && !self->flushing
        && !gst_devourer_fatal (&self->fatal))
      g_cond_wait (&self->rx_cond, &self->rx_lock);
    self->rx_waiters--;
  }
  if (self->flushing) {
    g_mutex_unlock (&self->rx_lock);
    return GST_FLOW_FLUSHING;
  }
  if (self->queue_len == 0) {
    /* fatal: the error message is already on the bus */
    g_mutex_unlock (&self->rx_lock);
    return GST_FLOW_ERROR;
  }
  buf = self->queue[self->queue_head];
  self->queue[self->queue_head] = NULL;
  self->queue_head = (self->queue_head + 1) % self->queue_cap;
  self->queue_len--;
  if (self->discont) {
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
    self->discont = FALSE;
  }
  g_mutex_unlock (&self->rx_lock);

  /* Packets that arrived before PLAYING (no clock yet) are stamped now. */
  if (!GST_BUFFER_PTS_IS_VALID (buf)) {
    GstClockTime now = current_running_time (self);
    GST_BUFFER_PTS (buf) = now;
    GST_BUFFER_DTS (buf) = now;
  }
  *outbuf = buf;
  return GST_FLOW_OK;
}

static GstCaps *
gst_devourer_src_get_caps (GstBaseSrc * bsrc, GstCaps * filter)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (bsrc);
  GstCaps *caps, *result;

  GST_OBJECT_LOCK (self);
  caps = self->caps != NULL ? gst_caps_ref (self->caps) : gst_caps_new_any ();
  GST_OBJECT_UNLOCK (self);

  if (filter != NULL) {
    result = gst_caps_intersect_full (filter, caps, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (caps);
  } else {
    result = caps;
  }
  return result;
}

static gboolean
gst_devourer_src_query (GstBaseSrc * bsrc, GstQuery * query)
{
  GstDevourerSrc *self = GST_DEVOURER_SRC (bsrc);

  if (GST_QUERY_TYPE (query) == GST_QUERY_LATENCY) {
    /* The delay this element adds is the FEC hold-back (a packet waits
     * while an earlier fragment of its block is missing and may still be
     * repaired, at most fec-timeout after the block opened), but the PTS
     * is taken when the link releases the packet, after that wait. A
     * sink syncing on PTS + latency would otherwise hold every packet a
     * second fec-timeout, on an FPV link where latency comes first; what
     * remains after the stamp is only the hand-over to this streaming
     * thread. So: live, min 0. Who wants de-jittered playback instead
     * puts rtpjitterbuffer downstream (it stamps and reports its own
     * latency). Max: the queue holds queue-size packets, not a time. */
    gst_query_set_latency (query, TRUE, 0, GST_CLOCK_TIME_NONE);
    GST_DEBUG_OBJECT (self, "latency: live, min 0 (stamped at release), "
        "max none");
    return TRUE;
  }
  return GST_BASE_SRC_CLASS (parent_class)->query (bsrc, query);
}

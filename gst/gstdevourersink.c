/* SPDX-License-Identifier: LGPL-2.1-or-later */
/**
 * SECTION:element-devourersink
 * @title: devourersink
 *
 * Sends every buffer as one packet over a WFB-NG compatible radio link:
 * packets are grouped into FEC blocks (k data + n-k parity fragments),
 * encrypted and authenticated with ChaCha20-Poly1305 under a session key,
 * and injected as raw 802.11 frames by a Realtek USB adapter driven by
 * libdevourer (no kernel driver, no daemon).
 *
 * A buffer flagged GST_BUFFER_FLAG_MARKER (RTP marker: last packet of a
 * video frame) closes the FEC block at once so the receiver never waits for
 * the next frame. A buffer larger than the link's maximum payload is
 * never dropped: with `oversize=auto` (the default) a packet stream (RTP
 * or RTCP caps) gets an element error naming the upstream setting to
 * lower (a payloader's `mtu`), and anything else (no caps, or caps of a
 * byte stream such as filesrc or a muxer produce) is a byte stream, cut
 * in order into packets of the maximum payload. `oversize=split` or
 * `oversize=error` choose one rule for every stream. A zero-size buffer
 * carries nothing the link could deliver: it is skipped and counted
 * (stats buffers-empty); its MARKER still closes the FEC block.
 * Buffer lists are sent in one go (render_list).
 *
 * `sync` defaults to false: a live source (camera, encoder) is already
 * paced, and syncing would only add its reported latency. A non-live
 * source (a file) is sent as fast as the radio takes it unless sync=true.
 *
 * The link needs a key: `key-file` (a wfb_keygen drone.key) or `password`
 * (the same on both ends). With neither the element refuses to start: there
 * is no built-in key, because a link anyone can decrypt is worse than none.
 *
 * Live changes (PLAYING): channel, bandwidth, mcs, legacy-rate, vht-nss,
 * stbc, ldpc, short-gi, tx-power, fec-k, fec-n, stats-interval. Everything
 * else applies at the next READY->PAUSED.
 *
 * `fec-policy=fit` spends fewer radio frames on a video frame that does not
 * fill a block (or spills into a second one): its packets wait for the
 * MARKER and leave as one block of their own k under a new session when
 * the re-key's fec-n - fec-k + 1 announcements and that block are fewer
 * frames than fillers and parity under the current one. The default,
 * fixed, sends every packet at once and never re-keys on its own.
 *
 * The rate properties make one TX vector, judged by the adapter's chip
 * code on the tuned channel (dvr_check_tx_params): one it cannot send is
 * an error at start naming the property and the reason; a live change to
 * one is a warning (stats tx-vector-refused) and the previous vector
 * stays; frames the chip refuses anyway are reported once per vector and
 * counted (frames-refused).
 *
 * Bus messages: devourer-init-timing (adapter bring-up, one per stage and
 * stage="total"), devourer-tx-duty (every stats-interval, and a last one
 * with final=true at EOS or stop). See gst/README.md.
 *
 * ## Example
 * |[
 * gst-launch-1.0 videotestsrc is-live=true ! x264enc tune=zerolatency \
 *   bitrate=4000 ! rtph264pay mtu=1400 config-interval=1 ! \
 *   devourersink device=auto channel=149 mcs=1 password=secret
 * ]|
 */
#include "gstdevourersink.h"

#include <string.h>

#include <devourer/radiotap.h>
#include <gst/video/video-event.h>

#include "gstdevourerfresh.h"
#include "gstdevourermeta.h"
#include "gstdevourerurihandler.h"
#include "gstdevourerutil.h"

GST_DEBUG_CATEGORY_STATIC (devourer_sink_debug);
#define GST_CAT_DEFAULT devourer_sink_debug

/* The sink's own properties; the shared ones are GST_DEVOURER_PROP_*. */
enum
{
  PROP_MCS = GST_DEVOURER_PROP_FIRST_OWN,
  PROP_LEGACY_RATE,
  PROP_VHT_NSS,
  PROP_STBC,
  PROP_LDPC,
  PROP_SHORT_GI,
  PROP_TX_POWER,
  PROP_TX_MODE,
  PROP_TX_AGG,
  PROP_CARRIER_SENSE,
  PROP_REGD,
  PROP_OVERSIZE,
  PROP_FEC_K,
  PROP_FEC_N,
  PROP_EPOCH,
  PROP_EPOCH_FILE,
  PROP_FEC_POLICY,
  PROP_FRESHNESS,
  PROP_ADAPT,
  PROP_PROFILES,
  PROP_ENCODER,
  PROP_FEEDBACK_PORT,
  PROP_ALINK_PORT,
  PROP_ALINK_ADDRESS,
  PROP_HOP_FIRST,               /* GST_DEVOURER_HOP_N_PROPS of them */
};

#define DEFAULT_MCS 1
#define DEFAULT_LEGACY_RATE 12  /* 6 Mbit/s */
#define DEFAULT_VHT_NSS 0
#define DEFAULT_STBC 0
#define DEFAULT_LDPC FALSE
#define DEFAULT_SHORT_GI FALSE
#define DEFAULT_TX_POWER 0
#define DEFAULT_TX_MODE DVR_TX_AUTO
#define DEFAULT_TX_AGG DVR_TX_AGG_AUTO
#define DEFAULT_CARRIER_SENSE TRUE
#define DEFAULT_REGD DVR_REGD_WORLDWIDE
#define DEFAULT_FEC_K 8
#define DEFAULT_FEC_N 12
#define DEFAULT_FEC_TIMEOUT 20
#define DEFAULT_OVERSIZE GST_DEVOURER_SINK_OVERSIZE_AUTO
#define DEFAULT_FEC_POLICY DVR_LINK_FEC_FIXED

/* Regulatory domain whose TX power limits the chip obeys: the values
 * are enum dvr_regd's. */
#define GST_TYPE_DEVOURER_SINK_REGD (gst_devourer_sink_regd_get_type ())
static GType
gst_devourer_sink_regd_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DVR_REGD_WORLDWIDE, "the lowest limit of every domain (as the "
          "reference drivers without a country)", "worldwide"},
    {DVR_REGD_FCC, "FCC limits", "fcc"},
    {DVR_REGD_ETSI, "ETSI limits", "etsi"},
    {DVR_REGD_MKK, "MKK (Japan) limits", "mkk"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerSinkRegd", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

/* What a buffer larger than one packet becomes. */
typedef enum
{
  GST_DEVOURER_SINK_OVERSIZE_AUTO,
  GST_DEVOURER_SINK_OVERSIZE_SPLIT,
  GST_DEVOURER_SINK_OVERSIZE_ERROR,
} GstDevourerSinkOversize;

#define GST_TYPE_DEVOURER_SINK_OVERSIZE \
  (gst_devourer_sink_oversize_get_type ())
static GType
gst_devourer_sink_oversize_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_DEVOURER_SINK_OVERSIZE_AUTO, "error for RTP/RTCP caps (packets "
          "that must not be cut), split for anything else", "auto"},
    {GST_DEVOURER_SINK_OVERSIZE_SPLIT, "cut into packets of the maximum "
          "payload, in order (a byte stream)", "split"},
    {GST_DEVOURER_SINK_OVERSIZE_ERROR, "refuse with an element error (a "
          "packet stream whose packets are too large)", "error"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerSinkOversize", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

/* The link layer's enum dvr_link_fec_policy, by its own values. */
#define GST_TYPE_DEVOURER_SINK_FEC_POLICY \
  (gst_devourer_sink_fec_policy_get_type ())
static GType
gst_devourer_sink_fec_policy_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DVR_LINK_FEC_FIXED, "every block fec-k/fec-n; a block the marker or "
          "fec-timeout closes is padded with fillers (as wfb_tx)", "fixed"},
    {DVR_LINK_FEC_FIT, "hold a block's packets until it closes and send "
          "them as one block of their own k (fec-n - fec-k parity) under a "
          "new session when that takes fewer radio frames", "fit"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDevourerSinkFecPolicy", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS_ANY);

#define gst_devourer_sink_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstDevourerSink, gst_devourer_sink, GST_TYPE_BASE_SINK,
    G_IMPLEMENT_INTERFACE (GST_TYPE_URI_HANDLER,
        gst_devourer_uri_handler_init));
GST_ELEMENT_REGISTER_DEFINE (devourersink, "devourersink", GST_RANK_NONE,
    GST_TYPE_DEVOURER_SINK);

static void gst_devourer_sink_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec);
static void gst_devourer_sink_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec);
static void gst_devourer_sink_finalize (GObject * object);
static GstStateChangeReturn gst_devourer_sink_change_state (GstElement *
    element, GstStateChange transition);
static gboolean gst_devourer_sink_open (GstDevourerSink * self);
static gboolean gst_devourer_sink_stop (GstBaseSink * bsink);
static gboolean gst_devourer_sink_set_caps (GstBaseSink * bsink,
    GstCaps * caps);
static gboolean gst_devourer_sink_event (GstBaseSink * bsink,
    GstEvent * event);
static gboolean gst_devourer_sink_unlock (GstBaseSink * bsink);
static gboolean gst_devourer_sink_unlock_stop (GstBaseSink * bsink);
static GstFlowReturn gst_devourer_sink_render (GstBaseSink * bsink,
    GstBuffer * buffer);
static GstFlowReturn gst_devourer_sink_render_list (GstBaseSink * bsink,
    GstBufferList * list);

/* The TX vector every frame leaves with (rate, streams, coding, power)
 * and how the adapter sends it (mode, aggregation, carrier sense,
 * regulatory domain). */
static void
install_tx_vector_properties (GObjectClass * gobject_class)
{
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;
  const GParamFlags live = GST_DEVOURER_PARAM_LIVE;

  g_object_class_install_property (gobject_class, PROP_MCS,
      g_param_spec_int ("mcs", "MCS",
          "Modulation and coding scheme: HT MCS 0-31 (VHT MCS 0-9 when "
          "vht-nss > 0), or -1 for the legacy rate in legacy-rate; "
          "changeable while PLAYING", -1, 31, DEFAULT_MCS, live));
  g_object_class_install_property (gobject_class, PROP_LEGACY_RATE,
      g_param_spec_enum ("legacy-rate", "Legacy rate",
          "CCK/OFDM rate in Mbit/s used when mcs=-1: 1, 2, 5.5, 11 (CCK, "
          "2.4 GHz only) or 6-54 (OFDM), always 20 MHz wide; "
          "changeable while PLAYING", GST_TYPE_DEVOURER_LEGACY_RATE,
          DEFAULT_LEGACY_RATE, live));
  g_object_class_install_property (gobject_class, PROP_VHT_NSS,
      g_param_spec_uint ("vht-nss", "VHT spatial streams",
          "0: HT rates (802.11n); 1-4: VHT (802.11ac) with this many spatial "
          "streams and mcs 0-9; changeable while PLAYING", 0, 4,
          DEFAULT_VHT_NSS, live));
  g_object_class_install_property (gobject_class, PROP_STBC,
      g_param_spec_uint ("stbc", "STBC",
          "Space-time block coding streams, 0-1 (0 = off, 1 = on; needs two "
          "antennas); changeable while PLAYING", 0, 1, DEFAULT_STBC, live));
  g_object_class_install_property (gobject_class, PROP_LDPC,
      g_param_spec_boolean ("ldpc", "LDPC",
          "LDPC instead of BCC coding; changeable while PLAYING",
          DEFAULT_LDPC, live));
  g_object_class_install_property (gobject_class, PROP_SHORT_GI,
      g_param_spec_boolean ("short-gi", "Short GI",
          "Short (400 ns) guard interval; changeable while PLAYING",
          DEFAULT_SHORT_GI, live));
  g_object_class_install_property (gobject_class, PROP_TX_POWER,
      g_param_spec_int ("tx-power", "TX power",
          "Transmit power in dBm (1-40) of the adapter's reference rate; "
          "the other rates keep their calibrated distance from it (0 = "
          "the board's calibrated power; the adapter rounds to its own "
          "steps and range, and the property reads back the power it "
          "applied, in whole dBm); changeable while PLAYING", 0, 40,
          DEFAULT_TX_POWER, live));
  g_object_class_install_property (gobject_class, PROP_TX_MODE,
      g_param_spec_enum ("tx-mode", "TX mode",
          "How frames are handed to the adapter: auto (the chip's choice), "
          "async (several USB transfers in flight) or sync (one blocking "
          "transfer per frame) (READY only)",
          GST_TYPE_DEVOURER_TX_MODE, DEFAULT_TX_MODE, ready));
  g_object_class_install_property (gobject_class, PROP_TX_AGG,
      g_param_spec_enum ("tx-aggregation", "TX aggregation",
          "Several frames in one USB transfer while transfers are in flight "
          "(tx-mode=async, where the adapter packs them: RTL8822CU, RTL8822BU, "
          "RTL8821CU); a frame that finds the bus idle leaves alone: "
          "auto (the driver's choice: on, about a third less CPU per frame "
          "at the same duty and burst latency), off or on; stats say how "
          "many transfers carried how many frames (applies when this "
          "element opens the adapter; READY only)",
          GST_TYPE_DEVOURER_TX_AGG, DEFAULT_TX_AGG, ready));
  g_object_class_install_property (gobject_class, PROP_CARRIER_SENSE,
      g_param_spec_boolean ("carrier-sense", "Carrier sense",
          "Defer each frame while another station holds the channel, as "
          "the reference drivers leave the chip (true); false = transmit "
          "regardless, for a link that owns its channel (applies when "
          "this element opens the adapter; READY only)",
          DEFAULT_CARRIER_SENSE, ready));
  g_object_class_install_property (gobject_class, PROP_REGD,
      g_param_spec_enum ("regulatory-domain", "Regulatory domain",
          "Whose TX power limits every rate obeys (a tx-power above the "
          "limit gets the limit); worldwide = the lowest of all (applies "
          "when this element opens the adapter; READY only)",
          GST_TYPE_DEVOURER_SINK_REGD, DEFAULT_REGD, ready));
}

/* The adaptive link: profiles, the encoder it steers, and where the
 * ground's feedback and alink_gs's scores come from. */
static void
install_adapt_properties (GObjectClass * gobject_class)
{
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;

  g_object_class_install_property (gobject_class, PROP_ADAPT,
      g_param_spec_boolean ("adapt", "Adapt to the ground's feedback",
          "Hear the link feedback a devourersrc with feedback-interval "
          "sends on feedback-port, and pick the row of profiles that fits "
          "it: MCS, guard interval, FEC k/n, TX power and the encoder's "
          "bitrate change together, at a block boundary, with a "
          "devourer-link-profile message each time; a keyframe is asked "
          "of the encoder when the ground lost packets; silence falls "
          "back to the most robust row (READY only)", FALSE, ready));
  g_object_class_install_property (gobject_class, PROP_PROFILES,
      g_param_spec_string ("profiles", "Adaptation profiles",
          "A profile file in OpenIPC adaptive-link's txprofiles.conf "
          "format (score range, GI, MCS, FEC k/n, bitrate kbit/s, GOP, "
          "power, ROI QP, bandwidth, QP delta; a bad line is an error "
          "naming it). NULL: a built-in ladder for the adapter "
          "(READY only)", NULL, ready));
  g_object_class_install_property (gobject_class, PROP_ENCODER,
      g_param_spec_string ("encoder", "Encoder to steer",
          "Name of the encoder element in this pipeline whose bitrate "
          "follows the profile (x264enc, x265enc, openh264enc, "
          "v4l2h264enc, vaapih264enc, vah264enc, nvh264enc and their "
          "H.265 kin). NULL: only the radio and FEC follow (READY only)",
          NULL, ready));
  g_object_class_install_property (gobject_class, PROP_FEEDBACK_PORT,
      g_param_spec_uint ("feedback-port", "Link feedback radio port",
          "Radio port (0-255) the ground's feedback arrives on, on link-id "
          "(READY only)", 0, 255, GST_DEVOURER_FEEDBACK_PORT, ready));
  g_object_class_install_property (gobject_class, PROP_ALINK_PORT,
      g_param_spec_uint ("alink-port", "OpenIPC alink_gs UDP port",
          "UDP port (0-65535) on which to take the messages an OpenIPC "
          "adaptive-link ground station (alink_gs) sends its drone "
          "(alink_drone binds "
          "9999): their scores steer adapt's profile rows as this link's "
          "own feedback does, their keyframe codes ask the encoder for a "
          "keyframe, special:pause_adaptive / resume_adaptive hold the "
          "rows. 0: none. Needs adapt (READY only)", 0, 65535, 0, ready));
  g_object_class_install_property (gobject_class, PROP_ALINK_ADDRESS,
      g_param_spec_string ("alink-address", "alink_gs bind address",
          "Local IP address alink-port is bound to, e.g. the drone's "
          "tunnel address 10.5.0.10. NULL: 0.0.0.0, every IPv4 address "
          "(READY only)", NULL, ready));
}

/* The WFB-NG stream: how oversized buffers go, the FEC block, the
 * session's epoch and its freshness proof. */
static void
install_link_properties (GObjectClass * gobject_class)
{
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;
  const GParamFlags live = GST_DEVOURER_PARAM_LIVE;

  g_object_class_install_property (gobject_class, PROP_OVERSIZE,
      g_param_spec_enum ("oversize", "Oversize buffers",
          "What a buffer larger than one packet (stats max-payload, bytes) "
          "becomes: split = cut in order into max-payload packets (a byte "
          "stream), error = an element error naming the payloader's mtu, "
          "auto = error for RTP/RTCP caps and split otherwise (READY only)",
          GST_TYPE_DEVOURER_SINK_OVERSIZE, DEFAULT_OVERSIZE, ready));
  g_object_class_install_property (gobject_class, PROP_FEC_K,
      g_param_spec_uint ("fec-k", "FEC k",
          "Data packets per FEC block (1-255, at most fec-n); changeable "
          "while PLAYING (starts a new session)", 1, 255, DEFAULT_FEC_K,
          live));
  g_object_class_install_property (gobject_class, PROP_FEC_N,
      g_param_spec_uint ("fec-n", "FEC n",
          "Fragments per FEC block, data + parity (1-255, at least fec-k; "
          "fec-n - fec-k losses per block are repaired); changeable while "
          "PLAYING", 1, 255,
          DEFAULT_FEC_N, live));
  g_object_class_install_property (gobject_class, PROP_EPOCH,
      g_param_spec_uint64 ("epoch", "Session epoch",
          "Epoch of the first session (receivers refuse sessions older than "
          "the one they follow); each re-key adds one. 0 = the wall clock "
          "at start in microseconds since 1970 UTC, higher than any earlier "
          "run's on a camera with a clock; without one, set epoch-file "
          "(READY only)", 0, G_MAXUINT64, 0, ready));
  g_object_class_install_property (gobject_class, PROP_EPOCH_FILE,
      g_param_spec_string ("epoch-file", "Epoch file",
          "File that keeps the epoch across runs, for cameras without a "
          "real-time clock (on storage that survives a reboot): each run "
          "starts above every epoch the runs before it could announce, "
          "whatever the clock says, so receivers (wfb-ng's too) follow a "
          "restart at once. Created if missing; a file that is not one "
          "number is an error, never reset. NULL: epoch alone "
          "(READY only)", NULL, ready));
  g_object_class_install_property (gobject_class, PROP_FRESHNESS,
      g_param_spec_boolean ("freshness", "Freshness over the uplink",
          "Carry this process's challenge in every session packet and echo "
          "the challenges its devourersrc elements on the same link-id "
          "hear, so that a receiver on the other side that also transmits "
          "(the ground's uplink, the drone's video) can tell this live "
          "sender from a recording of an earlier run. Optional session "
          "tags, which wfb-ng's receivers skip. FALSE: untagged, as "
          "wfb_tx sends (READY only)", TRUE, ready));
}

static void
gst_devourer_sink_class_init (GstDevourerSinkClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseSinkClass *basesink_class = GST_BASE_SINK_CLASS (klass);
  /* The chips come from the driver's registry, not from a list here.
   * The blurb lives as long as the class (static strings flag). */
  static gchar *device_blurb;
  if (device_blurb == NULL)
    device_blurb = g_strdup_printf ("Adapter selector: auto (first "
        "supported USB adapter: %s), usb:VID:PID[#N], usb:BUS-PORT, or "
        "virtual:NAME[,chip=..,loss=..,rssi=..] (READY only)",
        dvr_supported_chips ());
  const GParamFlags ready = GST_DEVOURER_PARAM_READY;
  const GParamFlags live = GST_DEVOURER_PARAM_LIVE;

  gobject_class->set_property = gst_devourer_sink_set_property;
  gobject_class->get_property = gst_devourer_sink_get_property;
  gobject_class->finalize = gst_devourer_sink_finalize;

  gst_devourer_install_radio_properties (gobject_class, device_blurb,
      "Wi-Fi channel number: 1-14 (2.4 GHz) or 36-177 (5 GHz); changeable "
      "while PLAYING (a retune the adapter refuses leaves it reading the "
      "channel in effect)",
      "Channel and transmit bandwidth in MHz: 5, 10, 20, 40 or 80 (5 and "
      "10: narrowband, heard only by a receiver on the same width); "
      "changeable while PLAYING");
  /* link-id, radio-port, key-file, password, firmware-dir, stats */
  gst_devourer_install_shared_properties (gobject_class,
      GST_DEVOURER_KEY_SENDER);
  install_tx_vector_properties (gobject_class);
  install_link_properties (gobject_class);
  install_adapt_properties (gobject_class);
  gst_devourer_hop_install_properties (gobject_class, PROP_HOP_FIRST, TRUE);
  g_object_class_install_property (gobject_class, PROP_FEC_POLICY,
      g_param_spec_enum ("fec-policy", "FEC policy",
          "How a block closed before it is full is sent: fixed = fillers "
          "up to fec-k, then the parity; fit = a re-key to k = its packets "
          "when that is fewer radio frames (each packet waits for its "
          "block to close; receivers adopt a new session between video "
          "frames). Both repair fec-n - fec-k losses per block "
          "(READY only)",
          GST_TYPE_DEVOURER_SINK_FEC_POLICY, DEFAULT_FEC_POLICY, ready));
  g_object_class_install_property (gobject_class,
      GST_DEVOURER_PROP_FEC_TIMEOUT,
      g_param_spec_uint ("fec-timeout", "FEC timeout",
          "Close a partial FEC block this many ms (0-10000) after its first "
          "packet "
          "(0 = only when full or on a marker buffer) (READY only)",
          0, 10000, DEFAULT_FEC_TIMEOUT, ready));
  g_object_class_install_property (gobject_class,
      GST_DEVOURER_PROP_STATS_INTERVAL,
      g_param_spec_uint ("stats-interval", "Stats interval",
          "Post a devourer-tx-duty element message every this many ms "
          "(0 = never, else 1-4294967295 ms); changeable while PLAYING", 0, G_MAXUINT,
          GST_DEVOURER_DEFAULT_STATS_INTERVAL, live));

  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gchar *description = g_strdup_printf ("Sends packets (e.g. RTP) over a "
      "WFB-NG link (FEC + ChaCha20-Poly1305) injected by a Realtek USB Wi-Fi "
      "adapter in monitor mode (%s)", dvr_supported_chips ());
  gst_element_class_set_metadata (element_class,
      "Devourer WFB-NG radio sink", "Sink/Network", description,
      "devourer developers");
  gst_element_class_add_metadata (element_class,
      GST_ELEMENT_METADATA_DOC_URI, GST_DEVOURER_DOC_URI "#devourersink");
  g_free (description);

  /* The adapter is opened by change_state, not GstBaseSink's start: a
   * start() that fails makes the base class post a second, generic ERROR
   * after ours (gstbasesink.c gst_base_sink_change_state, start_failed),
   * and gst-launch-1.0 prints both. */
  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_devourer_sink_change_state);
  basesink_class->set_caps = GST_DEBUG_FUNCPTR (gst_devourer_sink_set_caps);
  basesink_class->event = GST_DEBUG_FUNCPTR (gst_devourer_sink_event);
  basesink_class->unlock = GST_DEBUG_FUNCPTR (gst_devourer_sink_unlock);
  basesink_class->unlock_stop =
      GST_DEBUG_FUNCPTR (gst_devourer_sink_unlock_stop);
  basesink_class->render = GST_DEBUG_FUNCPTR (gst_devourer_sink_render);
  basesink_class->render_list =
      GST_DEBUG_FUNCPTR (gst_devourer_sink_render_list);

  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_BANDWIDTH, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_TX_MODE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_LEGACY_RATE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_SINK_OVERSIZE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_SINK_FEC_POLICY, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DEVOURER_SINK_REGD, 0);

  GST_DEBUG_CATEGORY_INIT (devourer_sink_debug, "devourersink", 0,
      "devourer WFB-NG radio sink");
}

static void
gst_devourer_sink_init (GstDevourerSink * self)
{
  gst_devourer_settings_init (&self->settings, DEFAULT_FEC_TIMEOUT);
  gst_devourer_hop_settings_init (&self->hop_settings);
  self->mcs = DEFAULT_MCS;
  self->legacy_rate = DEFAULT_LEGACY_RATE;
  self->vht_nss = DEFAULT_VHT_NSS;
  self->stbc = DEFAULT_STBC;
  self->ldpc = DEFAULT_LDPC;
  self->short_gi = DEFAULT_SHORT_GI;
  self->tx_power = DEFAULT_TX_POWER;
  self->tx_mode = DEFAULT_TX_MODE;
  self->tx_agg = DEFAULT_TX_AGG;
  self->carrier_sense = DEFAULT_CARRIER_SENSE;
  self->regd = DEFAULT_REGD;
  self->oversize = DEFAULT_OVERSIZE;
  self->fec_policy = DEFAULT_FEC_POLICY;
  self->freshness = TRUE;
  self->fec_k = DEFAULT_FEC_K;
  self->fec_n = DEFAULT_FEC_N;
  self->feedback_port = GST_DEVOURER_FEEDBACK_PORT;
  gst_devourer_adapt_init (&self->adaptation);

  g_mutex_init (&self->control_lock);
  g_mutex_init (&self->link_lock);
  gst_devourer_timer_init (&self->timer);

  /* sync=false: a packet goes on the air as soon as it arrives. What
   * feeds a radio link is live (v4l2src, a camera's encoder) and already
   * paced by its capture, so clock sync adds no smoothing, only delay:
   * a syncing sink holds each buffer until its running time plus the
   * upstream latency, and an encoder reports its worst case there
   * (x264enc without tune=zerolatency: many frames). A non-live source
   * (filesrc, videotestsrc is-live=false) would be sent as fast as the
   * radio takes it; pace it with sync=true. */
  gst_base_sink_set_sync (GST_BASE_SINK (self), FALSE);
}

static void
gst_devourer_sink_finalize (GObject * object)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (object);

  gst_devourer_timer_clear (&self->timer);
  gst_devourer_adapt_clear (&self->adaptation);
  g_free (self->profiles);
  g_free (self->encoder);
  g_free (self->alink_address);
  g_mutex_clear (&self->link_lock);
  g_mutex_clear (&self->control_lock);
  gst_devourer_settings_clear (&self->settings);
  gst_devourer_hop_settings_clear (&self->hop_settings);
  g_free (self->epoch_file);

  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/* ------------------------------------------------------------------ */
/* TX vector                                                           */
/* ------------------------------------------------------------------ */

/* The properties a TX vector is made of. */
typedef struct
{
  gint mcs;
  gint legacy_rate;
  guint vht_nss;
  guint stbc;
  gboolean ldpc;
  gboolean short_gi;
  guint bandwidth;
} VectorProps;

/* Object lock held. */
static void
read_vector_props (GstDevourerSink * self, VectorProps * vp)
{
  vp->mcs = self->mcs;
  vp->legacy_rate = self->legacy_rate;
  vp->vht_nss = self->vht_nss;
  vp->stbc = self->stbc;
  vp->ldpc = self->ldpc;
  vp->short_gi = self->short_gi;
  vp->bandwidth = self->settings.bandwidth;
}

/*
 * Build the TX vector from the properties. Returns FALSE with @why set
 * when the combination names no vector at all; whether this adapter can
 * send it is dvr_check_tx_params's answer (check_vector).
 */
static gboolean
build_tx_params (const VectorProps * vp, struct dvr_tx_params *p,
    guint32 * phy_kbps, const gchar ** why)
{
  memset (p, 0, sizeof (*p));
  /* A 5/10 MHz channel sends 20 MHz PPDUs on a slower clock: the TX
   * vector says 20 (as radiotap does), the phy rate below is the true
   * one. */
  guint vector_bw = vp->bandwidth < 20 ? 20 : vp->bandwidth;

  if (vp->mcs < 0) {
    p->rate.kind = DVR_RATE_LEGACY;
    p->rate.legacy_500k = (uint8_t) vp->legacy_rate;
    /* Legacy PPDUs are 20 MHz wide whatever the channel is. */
    p->bw_mhz = 20;
  } else if (vp->vht_nss > 0) {
    if (vp->mcs > 9) {
      *why = "VHT rates have mcs 0-9";
      return FALSE;
    }
    p->rate.kind = DVR_RATE_VHT;
    p->rate.mcs = (uint8_t) vp->mcs;
    p->rate.nss = (uint8_t) vp->vht_nss;
    p->bw_mhz = (uint8_t) vector_bw;
  } else {
    if (vp->bandwidth > 40) {
      *why = "HT rates go up to 40 MHz; set vht-nss=1 for 80 MHz";
      return FALSE;
    }
    p->rate.kind = DVR_RATE_HT;
    p->rate.mcs = (uint8_t) vp->mcs;
    p->bw_mhz = (uint8_t) vector_bw;
  }
  if (p->rate.kind != DVR_RATE_LEGACY) {
    p->short_gi = vp->short_gi;
    p->ldpc = vp->ldpc;
    p->stbc = (uint8_t) vp->stbc;
  }
  /* Broadcast injection, as wfb-ng does: nobody acknowledges, so hardware
   * retries would only burn airtime. */
  p->no_ack = true;

  *phy_kbps = dvr_phy_rate_kbps (&p->rate,
      vp->bandwidth < 20 ? vp->bandwidth : p->bw_mhz, p->short_gi);
  if (*phy_kbps == 0) {
    *why = "the adapter has no such rate (check mcs, vht-nss, bandwidth)";
    return FALSE;
  }
  return TRUE;
}

/*
 * Can @dev send the vector @vp makes, on the channel it is tuned to? Builds
 * it into @p (and @phy_kbps); FALSE with a sentence in @why when the
 * properties name no vector or the adapter's own check refuses it. With no
 * adapter open only the first is known.
 */
static gboolean
check_vector (dvr_device * dev, const VectorProps * vp,
    struct dvr_tx_params *p, guint32 * phy_kbps, gchar * why, gsize why_len)
{
  const gchar *bad = NULL;

  if (!build_tx_params (vp, p, phy_kbps, &bad)) {
    g_strlcpy (why, bad, why_len);
    return FALSE;
  }
  return dev == NULL || dvr_check_tx_params (dev, p, why, why_len) == DVR_OK;
}

/* The properties of a TX vector, in the order a refusal is pinned on
 * them: the optional codings first, then what picks the rate, then the
 * width. */
static const gchar *const vector_prop_names[] = {
  "stbc", "ldpc", "short-gi", "legacy-rate", "vht-nss", "mcs", "bandwidth",
};

/*
 * The @k-th other value worth trying for property @name of @vp: its
 * default, and for counts (vht-nss, mcs, bandwidth) the smaller ones a
 * chip with fewer streams or a narrower channel might take. FALSE when
 * there is no @k-th.
 */
static gboolean
vector_prop_try (VectorProps * vp, const gchar * name, guint k)
{
  static const guint narrower[] = { 20, 40 };

  if (g_str_equal (name, "stbc") && k == 0 && vp->stbc != DEFAULT_STBC)
    vp->stbc = DEFAULT_STBC;
  else if (g_str_equal (name, "ldpc") && k == 0 && vp->ldpc != DEFAULT_LDPC)
    vp->ldpc = DEFAULT_LDPC;
  else if (g_str_equal (name, "short-gi") && k == 0
      && vp->short_gi != DEFAULT_SHORT_GI)
    vp->short_gi = DEFAULT_SHORT_GI;
  else if (g_str_equal (name, "legacy-rate") && k == 0 && vp->mcs < 0
      && vp->legacy_rate != DEFAULT_LEGACY_RATE)
    vp->legacy_rate = DEFAULT_LEGACY_RATE;
  else if (g_str_equal (name, "vht-nss") && k + 1 < vp->vht_nss)
    vp->vht_nss = k + 1;
  else if (g_str_equal (name, "mcs") && k == 0 && vp->mcs != DEFAULT_MCS)
    vp->mcs = DEFAULT_MCS;
  else if (g_str_equal (name, "mcs") && k == 1 && vp->mcs > 0)
    vp->mcs = 0;
  else if (g_str_equal (name, "bandwidth") && k < G_N_ELEMENTS (narrower)
      && narrower[k] < vp->bandwidth)
    vp->bandwidth = narrower[k];
  else
    return FALSE;
  return TRUE;
}

/* "mcs=31", "legacy-rate=5.5", ... for a message. */
static gchar *
vector_prop_describe (const VectorProps * vp, const gchar * name)
{
  if (g_str_equal (name, "stbc"))
    return g_strdup_printf ("stbc=%u", vp->stbc);
  if (g_str_equal (name, "ldpc"))
    return g_strdup_printf ("ldpc=%s", vp->ldpc ? "true" : "false");
  if (g_str_equal (name, "short-gi"))
    return g_strdup_printf ("short-gi=%s", vp->short_gi ? "true" : "false");
  if (g_str_equal (name, "vht-nss"))
    return g_strdup_printf ("vht-nss=%u", vp->vht_nss);
  if (g_str_equal (name, "mcs"))
    return g_strdup_printf ("mcs=%d", vp->mcs);
  if (g_str_equal (name, "legacy-rate"))
    return g_strdup_printf ("legacy-rate=%g", vp->legacy_rate / 2.0);
  if (g_str_equal (name, "bandwidth"))
    return g_strdup_printf ("bandwidth=%u", vp->bandwidth);
  return g_strdup (name);
}

/* Every property of the vector, for the debug part of a message. */
static gchar *
vector_describe (const VectorProps * vp)
{
  return g_strdup_printf ("mcs=%d vht-nss=%u legacy-rate=%g stbc=%u "
      "ldpc=%s short-gi=%s bandwidth=%u", vp->mcs, vp->vht_nss,
      vp->legacy_rate / 2.0, vp->stbc, vp->ldpc ? "true" : "false",
      vp->short_gi ? "true" : "false", vp->bandwidth);
}

/*
 * The property that makes @vp impossible on @dev: the first one that,
 * changed alone (vector_prop_try), makes it a vector the adapter sends.
 * NULL when no single property does (then the combination is to blame).
 */
static const gchar *
vector_culprit (dvr_device * dev, const VectorProps * vp)
{
  for (gsize i = 0; i < G_N_ELEMENTS (vector_prop_names); i++) {
    for (guint k = 0; k < 4; k++) {
      VectorProps alt = *vp;
      struct dvr_tx_params p;
      guint32 kbps;
      gchar why[256];

      if (vector_prop_try (&alt, vector_prop_names[i], k)
          && check_vector (dev, &alt, &p, &kbps, why, sizeof (why)))
        return vector_prop_names[i];
    }
  }
  return NULL;
}

/*
 * A live change of @prop: push the TX vector the properties now make into
 * the link's radiotap prefix, if the adapter can send it. If it cannot,
 * warn with the reason, count it and keep sending with the previous one.
 */
static void
apply_tx_vector (GstDevourerSink * self, const gchar * prop)
{
  VectorProps vp;
  struct dvr_tx_params params;
  guint32 kbps = 0;
  gchar why[256] = "", chip[64] = "";
  uint8_t prefix[64];
  size_t prefix_len;
  gboolean ok, running;
  guint64 refused = 0;
  int ret = DVR_OK;

  GST_OBJECT_LOCK (self);
  read_vector_props (self, &vp);
  GST_OBJECT_UNLOCK (self);

  g_mutex_lock (&self->control_lock);
  ok = check_vector (self->radio.dev, &vp, &params, &kbps, why, sizeof (why));
  if (self->radio.dev != NULL)
    g_strlcpy (chip, dvr_chip_name (self->radio.dev), sizeof (chip));
  g_mutex_lock (&self->link_lock);
  running = self->link != NULL;
  if (running && !ok) {
    refused = ++self->vector_refused;
  } else if (running) {
    prefix_len = dvr_radiotap_build_tx (&params, prefix, sizeof (prefix));
    ret = prefix_len > 0 ? dvr_link_tx_set_prefix (self->link, prefix,
        prefix_len) : DVR_E_OVERFLOW;
    if (ret == DVR_OK) {
      self->tx_params = params;
      self->phy_kbps = kbps;
      /* A new vector: its first refused frame is news again. */
      self->vector_warned = FALSE;
      GST_INFO_OBJECT (self, "TX vector now %u kbit/s at %u MHz", kbps,
          params.bw_mhz);
    }
  }
  g_mutex_unlock (&self->link_lock);
  g_mutex_unlock (&self->control_lock);

  /* Not running: start() refuses an impossible vector with an error. */
  if (running && !ok) {
    gchar *what = vector_prop_describe (&vp, prop);
    gchar *all = vector_describe (&vp);

    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("%s cannot send with %s: %s. Keeping the previous TX vector.",
            chip[0] != '\0' ? chip : "The adapter", what, why),
        ("Refused TX vector %s; live changes refused so far: %"
            G_GUINT64_FORMAT " (stats tx-vector-refused).", all, refused));
    g_free (all);
    g_free (what);
  } else if (ret != DVR_OK) {
    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("Could not apply the new rate settings, keeping the previous ones."),
        ("radiotap TX header: %s", dvr_strerror (ret)));
  }
}

/*
 * Frames the driver refused (on_link_frame) are reported once per TX
 * vector, outside the link lock: a bus handler may read 'stats'. Render
 * or timer thread, while the adapter is open.
 */
static void
report_refused_frames (GstDevourerSink * self)
{
  struct dvr_tx_params params;
  gchar why[256] = "";
  guint64 n;
  gint st;

  /* Called after every render: the usual answer, nothing to report,
   * costs one atomic read and no lock. */
  if (G_LIKELY (g_atomic_int_get (&self->refusal_pending) == 0))
    return;
  g_mutex_lock (&self->link_lock);
  st = g_atomic_int_get (&self->refusal_pending);
  g_atomic_int_set (&self->refusal_pending, 0);
  params = self->tx_params;
  n = self->frames_refused;
  g_mutex_unlock (&self->link_lock);
  if (G_LIKELY (st == 0))
    return;
  if (dvr_check_tx_params (self->radio.dev, &params, why, sizeof (why))
      == DVR_OK)
    g_strlcpy (why, dvr_strerror (st), sizeof (why));
  GST_ELEMENT_WARNING (self, STREAM, FAILED,
      ("%s refuses the frames of the current TX vector: %s.",
          dvr_chip_name (self->radio.dev), why),
      ("dvr_send: %s. Reported once per TX vector; every refused frame is "
          "counted in stats frames-refused (%" G_GUINT64_FORMAT " so far).",
          dvr_strerror (st), n));
}

/*
 * A board whose TX on this channel is known not to be decoded (the
 * driver knows why, e.g. a front end that airs 2.4 GHz energy no receiver
 * decodes) gets a warning, not a link that seems to run and delivers
 * nothing. Once per channel the element goes to.
 */
static void
warn_tx_caveat (GstDevourerSink * self, dvr_device * dev,
    const struct dvr_channel *ch)
{
  const gchar *why = dvr_tx_caveat (dev, ch);

  if (why == NULL)
    return;
  GST_ELEMENT_WARNING_WITH_DETAILS (self, RESOURCE, SETTINGS,
      ("Frames sent by %s on channel %u will probably not be received: %s",
          dvr_chip_name (dev), ch->channel, why),
      ("%s (%s) on channel %u at %u MHz. Reception on this channel is not "
          "affected.", self->radio.selector, dvr_chip_name (dev),
          ch->channel, ch->bw_mhz),
      ("kind", G_TYPE_STRING, "tx-not-decodable",
          "device", G_TYPE_STRING, self->radio.selector,
          "chip", G_TYPE_STRING, dvr_chip_name (dev),
          "channel", G_TYPE_UINT, (guint) ch->channel,
          "reason", G_TYPE_STRING, why, NULL));
}

/*
 * A live retune. One the adapter refuses (the radio warns) leaves it on
 * the channel it was on, so channel and bandwidth read back that one,
 * not the refused request.
 */
static void
apply_channel (GstDevourerSink * self)
{
  struct dvr_channel ch, tuned = { 0 };
  gboolean refused = FALSE;

  GST_OBJECT_LOCK (self);
  ch = gst_devourer_settings_channel (&self->settings);
  GST_OBJECT_UNLOCK (self);

  g_mutex_lock (&self->control_lock);
  if (self->radio.dev != NULL) {
    if (gst_devourer_radio_set_channel (&self->radio, &ch)) {
      self->tuned = ch;
      warn_tx_caveat (self, self->radio.dev, &ch);
    } else
      refused = TRUE;
    tuned = self->tuned;
  }
  g_mutex_unlock (&self->control_lock);
  if (refused) {
    GST_OBJECT_LOCK (self);
    self->settings.channel = tuned.channel;
    self->settings.bandwidth = tuned.bw_mhz;
    GST_OBJECT_UNLOCK (self);
    gst_devourer_notify_channel (GST_ELEMENT (self));
  }
  /* The same vector may be refused on the new channel (CCK on 5 GHz):
   * that is news again. */
  g_mutex_lock (&self->link_lock);
  self->vector_warned = FALSE;
  g_mutex_unlock (&self->link_lock);
}

/*
 * After the adapter applied a TX power (rounded to its steps, clamped to
 * its range: dvr_set_tx_power_mbm), tx-power reads back what it applied,
 * in whole dBm; a request it could not come within a dB of is a warning.
 * @mbm: dvr_tx_power_mbm() once the request was applied. Called without
 * the driver locks held (a bus handler may read stats).
 */
static void
read_back_tx_power (GstDevourerSink * self, const gchar * chip,
    gint requested_dbm, gint mbm)
{
  gint dbm = CLAMP ((mbm + 50) / 100, 1, 40);

  if (requested_dbm == 0 || mbm <= 0)
    return;
  if (ABS (mbm - requested_dbm * 100) >= 100)
    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("%s applies %d.%02d dBm, not the %d dBm asked for (outside its "
            "range).", chip, mbm / 100, mbm % 100, requested_dbm),
        ("dvr_tx_power_mbm: %d mBm; tx-power now reads %d.", mbm, dbm));
  GST_OBJECT_LOCK (self);
  self->tx_power = dbm;
  GST_OBJECT_UNLOCK (self);
  if (dbm != requested_dbm)
    g_object_notify (G_OBJECT (self), "tx-power");
}

/*
 * A sink that joined an adapter another element had opened finds it at
 * the power that one set: starting must not change the other streams'
 * power, so tx-power reads back the adapter's, with a warning when this
 * element asked for another. (Set while PLAYING, it sets the adapter's.)
 */
static void
read_back_joined_tx_power (GstDevourerSink * self, gint requested_dbm,
    gint mbm)
{
  gint dbm = CLAMP ((mbm + 50) / 100, 1, 40);

  if (requested_dbm == 0 || mbm <= 0)
    return;
  if (ABS (mbm - requested_dbm * 100) >= 100)
    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("%s is shared and sends at %d.%02d dBm, the power the element "
            "that opened it set; tx-power=%d is not applied at start.",
            self->radio.selector, mbm / 100, mbm % 100, requested_dbm),
        ("tx-power now reads %d. Set it while PLAYING to change the "
            "adapter's power, for every stream on it.", dbm));
  GST_OBJECT_LOCK (self);
  self->tx_power = dbm;
  GST_OBJECT_UNLOCK (self);
  if (dbm != requested_dbm)
    g_object_notify (G_OBJECT (self), "tx-power");
}

static void
apply_tx_power (GstDevourerSink * self)
{
  int dbm, ret = DVR_OK, mbm = 0;
  gchar chip[64] = "";

  GST_OBJECT_LOCK (self);
  dbm = self->tx_power;
  GST_OBJECT_UNLOCK (self);

  /* 0 leaves the power the adapter came up with. */
  g_mutex_lock (&self->control_lock);
  if (self->radio.dev != NULL && dbm != 0) {
    ret = dvr_set_tx_power_mbm (self->radio.dev, dbm * 100);
    mbm = dvr_tx_power_mbm (self->radio.dev);
    g_strlcpy (chip, dvr_chip_name (self->radio.dev), sizeof (chip));
  }
  if (ret != DVR_OK)
    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("Could not set TX power %d dBm on %s.", dbm,
            self->radio.selector),
        ("%s", dvr_strerror (ret)));
  g_mutex_unlock (&self->control_lock);
  if (ret == DVR_OK && mbm > 0)
    read_back_tx_power (self, chip, dbm, mbm);
}

static void
apply_fec (GstDevourerSink * self)
{
  guint k, n;
  int ret = DVR_OK;

  GST_OBJECT_LOCK (self);
  k = self->fec_k;
  n = self->fec_n;
  GST_OBJECT_UNLOCK (self);

  if (k > n) {
    /* Setting k then n one at a time passes through such states; keep the
     * running code until the pair makes sense. */
    GST_DEBUG_OBJECT (self, "fec-k %u > fec-n %u: waiting for a valid pair",
        k, n);
    return;
  }
  g_mutex_lock (&self->link_lock);
  if (self->link != NULL)
    ret = dvr_link_tx_set_fec (self->link, k, n, gst_devourer_now_ms ());
  g_mutex_unlock (&self->link_lock);
  if (ret != DVR_OK)
    GST_ELEMENT_WARNING (self, RESOURCE, SETTINGS,
        ("Could not switch FEC to %u/%u, keeping the previous code.", k, n),
        ("dvr_link_tx_set_fec: %s", dvr_strerror (ret)));
  else
    GST_INFO_OBJECT (self, "FEC now %u/%u", k, n);
}

/* ------------------------------------------------------------------ */
/* Properties                                                          */
/* ------------------------------------------------------------------ */

static GstStructure *
gst_devourer_sink_make_stats (GstDevourerSink * self)
{
  GstStructure *s;
  struct dvr_link_tx_stats ls;
  struct dvr_tx_stats ts, ats = { 0 };
  guint users = 0;
  guint64 oversize, split, empty, map_failed, vector_refused;
  guint64 frames_refused;
  guint32 kbps;
  gsize max_payload;
  gint power_mbm;
  struct dvr_link_fresh_info fresh;
  struct dvr_thermal_stats thermal = { .thermal = -1, .thermal_cal = -1 };
  guint64 tsf;

  g_mutex_lock (&self->control_lock);
  g_mutex_lock (&self->link_lock);
  if (self->link != NULL)
    dvr_link_tx_get_stats (self->link, &ls);
  else
    ls = self->final_link;
  /* This stream's frames, and (when open) the adapter's, which other
   * elements may be sending on too. */
  if (self->radio.share != NULL) {
    dvr_share_get_tx_stats (self->radio.share, &ts);
    dvr_get_tx_stats (self->radio.dev, &ats);
    users = dvr_share_users (self->radio.share);
  } else {
    ts = self->final_tx;
  }
  power_mbm = dvr_tx_power_mbm (self->radio.dev);
  if (self->radio.dev != NULL)
    dvr_get_thermal_stats (self->radio.dev, &thermal);
  oversize = self->oversize_refused;
  split = self->buffers_split;
  empty = self->buffers_empty;
  map_failed = self->map_failed;
  vector_refused = self->vector_refused;
  frames_refused = self->frames_refused;
  kbps = self->phy_kbps;
  max_payload = self->max_payload;
  g_mutex_unlock (&self->link_lock);
  /* Written under the control lock too (start, stop). */
  dvr_link_fresh_get_info (self->fresh, &fresh);
  /* The chip's clock now (0 when stopped): what a frame sent next would
   * leave at, to compare with the TSF receivers stamp frames with. */
  if (self->radio.dev == NULL || dvr_get_tsf (self->radio.dev, &tsf) != DVR_OK)
    tsf = 0;
  g_mutex_unlock (&self->control_lock);

  s = gst_structure_new ("application/x-devourer-sink-stats",
      "packets-sent", G_TYPE_UINT64, ls.packets,
      "payload-bytes", G_TYPE_UINT64, ls.bytes,
      "buffers-refused-oversize", G_TYPE_UINT64, oversize,
      "buffers-split", G_TYPE_UINT64, split,
      "buffers-empty", G_TYPE_UINT64, empty,
      "packets-dropped-unreadable", G_TYPE_UINT64, map_failed,
      "max-payload", G_TYPE_UINT64, (guint64) max_payload,
      "data-frames", G_TYPE_UINT64, ls.data_frames,
      "parity-frames", G_TYPE_UINT64, ls.parity_frames,
      "filler-frames", G_TYPE_UINT64, ls.filler_frames,
      "session-frames", G_TYPE_UINT64, ls.session_frames,
      "fec-blocks", G_TYPE_UINT64, ls.blocks,
      "fec-timeouts", G_TYPE_UINT64, ls.timeouts,
      "fec-flushes", G_TYPE_UINT64, ls.flushes,
      "rekeys", G_TYPE_UINT64, ls.rekeys,
      "epoch", G_TYPE_UINT64, ls.epoch,
      "challenges-echoed", G_TYPE_UINT, fresh.heard,
      "send-errors", G_TYPE_UINT64, ls.emit_errors,
      "frames-submitted", G_TYPE_UINT64, ts.submitted,
      "frames-sent", G_TYPE_UINT64, ts.completed,
      "frames-failed", G_TYPE_UINT64, ts.failed,
      "frames-timed-out", G_TYPE_UINT64, ts.timeouts,
      "frames-rejected", G_TYPE_UINT64, ts.rejected,
      "frames-refused", G_TYPE_UINT64, frames_refused,
      "tx-vector-refused", G_TYPE_UINT64, vector_refused,
      "frames-in-flight", G_TYPE_UINT, (guint) ts.in_flight,
      "transfers", G_TYPE_UINT64, ts.transfers,
      "aggregated-transfers", G_TYPE_UINT64, ts.agg_transfers,
      "air-bytes", G_TYPE_UINT64, ts.bytes,
      "airtime-us", G_TYPE_UINT64, ts.airtime_us,
      "adapter-users", G_TYPE_UINT, users,
      "adapter-frames-sent", G_TYPE_UINT64, ats.completed,
      "adapter-airtime-us", G_TYPE_UINT64, ats.airtime_us,
      "adapter-transfers", G_TYPE_UINT64, ats.transfers,
      "adapter-aggregated-transfers", G_TYPE_UINT64, ats.agg_transfers,
      "phy-rate-mbps", G_TYPE_DOUBLE, kbps / 1000.0,
      "tx-power-mbm", G_TYPE_INT, power_mbm,
      "thermal", G_TYPE_INT, thermal.thermal,
      "bb-swing-steps-a", G_TYPE_INT, thermal.swing_offset[0],
      "bb-swing-steps-b", G_TYPE_INT, thermal.swing_offset[1],
      "tsf", G_TYPE_UINT64, tsf, NULL);
  gst_devourer_adapt_set_stats (&self->adaptation, s);
  g_mutex_lock (&self->control_lock);
  gst_devourer_hop_add_stats (self->hop, s);
  g_mutex_unlock (&self->control_lock);
  return s;
}

/* Store one of the sink's own properties (object lock held). */
static void
set_own_property (GstDevourerSink * self, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  switch (prop_id) {
    case PROP_MCS:
      self->mcs = g_value_get_int (value);
      break;
    case PROP_LEGACY_RATE:
      self->legacy_rate = g_value_get_enum (value);
      break;
    case PROP_VHT_NSS:
      self->vht_nss = g_value_get_uint (value);
      break;
    case PROP_STBC:
      self->stbc = g_value_get_uint (value);
      break;
    case PROP_LDPC:
      self->ldpc = g_value_get_boolean (value);
      break;
    case PROP_SHORT_GI:
      self->short_gi = g_value_get_boolean (value);
      break;
    case PROP_TX_POWER:
      self->tx_power = g_value_get_int (value);
      break;
    case PROP_CARRIER_SENSE:
      self->carrier_sense = g_value_get_boolean (value);
      break;
    case PROP_REGD:
      self->regd = g_value_get_enum (value);
      break;
    case PROP_TX_MODE:
      self->tx_mode = g_value_get_enum (value);
      break;
    case PROP_TX_AGG:
      self->tx_agg = g_value_get_enum (value);
      break;
    case PROP_OVERSIZE:
      self->oversize = g_value_get_enum (value);
      break;
    case PROP_FEC_K:
      self->fec_k = g_value_get_uint (value);
      break;
    case PROP_FEC_N:
      self->fec_n = g_value_get_uint (value);
      break;
    case PROP_FEC_POLICY:
      self->fec_policy = g_value_get_enum (value);
      break;
    case PROP_ADAPT:
      self->adapt = g_value_get_boolean (value);
      break;
    case PROP_PROFILES:
      g_free (self->profiles);
      self->profiles = g_value_dup_string (value);
      break;
    case PROP_ENCODER:
      g_free (self->encoder);
      self->encoder = g_value_dup_string (value);
      break;
    case PROP_FEEDBACK_PORT:
      self->feedback_port = g_value_get_uint (value);
      break;
    case PROP_ALINK_PORT:
      self->alink_port = g_value_get_uint (value);
      break;
    case PROP_ALINK_ADDRESS:
      g_free (self->alink_address);
      self->alink_address = g_value_dup_string (value);
      break;
    case PROP_EPOCH:
      self->epoch = g_value_get_uint64 (value);
      break;
    case PROP_EPOCH_FILE:
      g_free (self->epoch_file);
      self->epoch_file = g_value_dup_string (value);
      break;
    case PROP_FRESHNESS:
      self->freshness = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (G_OBJECT (self), prop_id, pspec);
      break;
  }
}

static void
gst_devourer_sink_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (object);

  GST_OBJECT_LOCK (self);
  if (!gst_devourer_settings_set (&self->settings, prop_id, value) &&
      !gst_devourer_hop_settings_set (&self->hop_settings, PROP_HOP_FIRST,
          prop_id, value))
    set_own_property (self, prop_id, value, pspec);
  GST_OBJECT_UNLOCK (self);

  /* Live properties reach the running adapter or link now, outside the
   * object lock (the driver calls may block); the others are read at the
   * next start. */
  switch (prop_id) {
    case GST_DEVOURER_PROP_CHANNEL:
      apply_channel (self);
      break;
    case GST_DEVOURER_PROP_BANDWIDTH:
      apply_channel (self);
      apply_tx_vector (self, g_param_spec_get_name (pspec));
      break;
    case PROP_MCS:
    case PROP_LEGACY_RATE:
    case PROP_VHT_NSS:
    case PROP_STBC:
    case PROP_LDPC:
    case PROP_SHORT_GI:
      apply_tx_vector (self, g_param_spec_get_name (pspec));
      break;
    case PROP_TX_POWER:
      apply_tx_power (self);
      break;
    case PROP_FEC_K:
    case PROP_FEC_N:
      apply_fec (self);
      break;
    case GST_DEVOURER_PROP_STATS_INTERVAL:
      /* Let the timer pick up a new period now rather than at the end of
       * the old one. */
      gst_devourer_timer_wake_by (&self->timer, 0);
      break;
    default:
      break;
  }
}

/* Read one of the sink's own properties (object lock held). */
static void
get_own_property (GstDevourerSink * self, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  switch (prop_id) {
    case PROP_MCS:
      g_value_set_int (value, self->mcs);
      break;
    case PROP_LEGACY_RATE:
      g_value_set_enum (value, self->legacy_rate);
      break;
    case PROP_VHT_NSS:
      g_value_set_uint (value, self->vht_nss);
      break;
    case PROP_STBC:
      g_value_set_uint (value, self->stbc);
      break;
    case PROP_LDPC:
      g_value_set_boolean (value, self->ldpc);
      break;
    case PROP_SHORT_GI:
      g_value_set_boolean (value, self->short_gi);
      break;
    case PROP_TX_POWER:
      g_value_set_int (value, self->tx_power);
      break;
    case PROP_CARRIER_SENSE:
      g_value_set_boolean (value, self->carrier_sense);
      break;
    case PROP_REGD:
      g_value_set_enum (value, self->regd);
      break;
    case PROP_TX_MODE:
      g_value_set_enum (value, self->tx_mode);
      break;
    case PROP_TX_AGG:
      g_value_set_enum (value, self->tx_agg);
      break;
    case PROP_OVERSIZE:
      g_value_set_enum (value, self->oversize);
      break;
    case PROP_FEC_K:
      g_value_set_uint (value, self->fec_k);
      break;
    case PROP_FEC_N:
      g_value_set_uint (value, self->fec_n);
      break;
    case PROP_FEC_POLICY:
      g_value_set_enum (value, self->fec_policy);
      break;
    case PROP_ADAPT:
      g_value_set_boolean (value, self->adapt);
      break;
    case PROP_PROFILES:
      g_value_set_string (value, self->profiles);
      break;
    case PROP_ENCODER:
      g_value_set_string (value, self->encoder);
      break;
    case PROP_FEEDBACK_PORT:
      g_value_set_uint (value, self->feedback_port);
      break;
    case PROP_ALINK_PORT:
      g_value_set_uint (value, self->alink_port);
      break;
    case PROP_ALINK_ADDRESS:
      g_value_set_string (value, self->alink_address);
      break;
    case PROP_EPOCH:
      g_value_set_uint64 (value, self->epoch);
      break;
    case PROP_EPOCH_FILE:
      g_value_set_string (value, self->epoch_file);
      break;
    case PROP_FRESHNESS:
      g_value_set_boolean (value, self->freshness);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (G_OBJECT (self), prop_id, pspec);
      break;
  }
}

static void
gst_devourer_sink_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (object);

  if (prop_id == GST_DEVOURER_PROP_STATS) {
    g_value_take_boxed (value, gst_devourer_sink_make_stats (self));
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
/* Driver and link callbacks                                           */
/* ------------------------------------------------------------------ */

/* The only adapter is gone: the stream cannot go on. Device thread. */
static void
on_radio_lost (GstDevourerRadio * radio, const struct dvr_event *event,
    gpointer user)
{
  GstDevourerSink *self = user;
  const gchar *device = event->device != NULL ? event->device : "";

  (void) radio;
  gst_devourer_post_fatal_once (GST_ELEMENT (self), &self->fatal, device,
      "device", event->error.status, event->error.message);
}

/* Every frame the link produces goes straight to the adapter: the link
 * lays out radiotap + 802.11 + payload in its own buffer, nothing is
 * copied here. Runs with link_lock held (render or timer thread). */
static int
on_link_frame (void *user, const uint8_t *frame, size_t len)
{
  GstDevourerSink *self = user;
  int ret;

  /* unlock(): render must return soon, and a stuck adapter makes each
   * dvr_send() wait for its transfer timeout. The frame is counted as a
   * send error by the link (send-errors). */
  if (G_UNLIKELY (g_atomic_int_get (&self->flushing))) {
    GST_LOG_OBJECT (self, "flushing: %zu-byte frame not sent", len);
    return -1;
  }
  /* hopping: nothing leaves across a slot boundary (the hopper lives
   * while frames flow: stop ends it after the last one) */
  GstDevourerHop *hop = g_atomic_pointer_get (&self->hop);
  if (hop != NULL)
    gst_devourer_hop_gate (hop);
  ret = dvr_share_send (self->radio.share, frame, len);
  if (G_LIKELY (ret == DVR_OK))
    return 0;
  if (ret == DVR_E_NO_DEVICE)
    g_atomic_int_set (&self->device_gone, 1);
  /* The chip code refused the frame itself (its TX vector on this
   * channel, or its size): every one would be, so say so once. */
  if (ret == DVR_E_INVALID || ret == DVR_E_UNSUPPORTED
      || ret == DVR_E_OVERFLOW) {
    self->frames_refused++;
    if (!self->vector_warned) {
      self->vector_warned = TRUE;
      g_atomic_int_set (&self->refusal_pending, ret);
    }
  }
  GST_LOG_OBJECT (self, "dvr_send(%zu bytes): %s", len, dvr_strerror (ret));
  return -1;
}

/* A dwell in FEC blocks (hop-dwell-blocks) follows the blocks the link
 * closes: tell the hopper how many have. Link lock held, after the link
 * sent, flushed or timed blocks out. */
static void
hop_count_blocks (GstDevourerSink * self)
{
  GstDevourerHop *hop = g_atomic_pointer_get (&self->hop);
  struct dvr_link_tx_stats ls;

  if (hop == NULL || self->link == NULL ||
      !gst_devourer_hop_counts_blocks (hop))
    return;
  dvr_link_tx_get_stats (self->link, &ls);
  gst_devourer_hop_blocks_closed (hop, ls.blocks);
}

/* ------------------------------------------------------------------ */
/* Timer: link timekeeping and TX duty                                 */
/* ------------------------------------------------------------------ */

/*
 * One devourer-tx-duty message for the interval since the previous one:
 * the air side (frames, air-bytes, airtime from the driver) and the
 * payload side (packets and payload bytes the link took, whose rate is
 * the goodput) apart. @final: the last one, at EOS or stop, over the
 * partial interval left. Timer thread, or streaming/application thread
 * for the last one; the adapter and the link are open.
 */
static GstStructure *
make_tx_duty (GstDevourerSink * self, guint64 now, gboolean final)
{
  struct dvr_tx_stats st, ast;
  guint64 adapter_airtime;
  gdouble adapter_duty;
  guint users;
  struct dvr_link_tx_stats ls;
  guint64 interval_ms, frames, air_bytes, airtime, failed, timeouts;
  guint64 transfers, agg_transfers, packets, payload_bytes;
  gdouble duty, goodput;
  guint32 kbps;
  GstStructure *s;

  g_mutex_lock (&self->control_lock);
  /* The stream's own frames; the adapter's (every element's on it) for
   * its airtime, which is what the channel sees. */
  dvr_share_get_tx_stats (self->radio.share, &st);
  dvr_get_tx_stats (self->radio.dev, &ast);
  users = dvr_share_users (self->radio.share);
  g_mutex_lock (&self->link_lock);
  kbps = self->phy_kbps;
  if (self->link != NULL)
    dvr_link_tx_get_stats (self->link, &ls);
  else
    ls = self->final_link;
  g_mutex_unlock (&self->link_lock);

  interval_ms = now > self->last_stats_ms ? now - self->last_stats_ms : 0;
  frames = st.completed - self->last_tx.completed;
  air_bytes = st.bytes - self->last_tx.bytes;
  airtime = st.airtime_us - self->last_tx.airtime_us;
  failed = st.failed - self->last_tx.failed;
  timeouts = st.timeouts - self->last_tx.timeouts;
  transfers = st.transfers - self->last_tx.transfers;
  agg_transfers = st.agg_transfers - self->last_tx.agg_transfers;
  packets = ls.packets - self->last_link.packets;
  payload_bytes = ls.bytes - self->last_link.bytes;
  adapter_airtime = ast.airtime_us - self->last_adapter_tx.airtime_us;
  self->last_tx = st;
  self->last_adapter_tx = ast;
  self->last_link = ls;
  self->last_stats_ms = now;
  if (final)
    g_atomic_int_set (&self->final_duty_posted, 1);
  g_mutex_unlock (&self->control_lock);

  /* Share of the interval the medium carried our frames. Transfers that
   * complete in a burst after a stall can push the estimate past the
   * interval; the medium cannot be more than fully busy. */
  duty = interval_ms > 0 ? (gdouble) airtime / (interval_ms * 1000.0) : 0.0;
  duty = CLAMP (duty, 0.0, 1.0);
  adapter_duty = interval_ms > 0 ?
      (gdouble) adapter_airtime / (interval_ms * 1000.0) : 0.0;
  adapter_duty = CLAMP (adapter_duty, 0.0, 1.0);
  goodput = interval_ms > 0 ? payload_bytes * 8.0 / (interval_ms * 1000.0)
      : 0.0;

  s = gst_structure_new (GST_DEVOURER_MSG_TX_DUTY,
      "device", G_TYPE_STRING, self->radio.selector,
      "duty", G_TYPE_DOUBLE, duty,
      "phy-rate-mbps", G_TYPE_DOUBLE, kbps / 1000.0,
      "frames", G_TYPE_UINT64, frames,
      "air-bytes", G_TYPE_UINT64, air_bytes,
      "airtime-us", G_TYPE_UINT64, airtime,
      "interval-ms", G_TYPE_UINT64, interval_ms,
      "failed", G_TYPE_UINT64, failed,
      "timeouts", G_TYPE_UINT64, timeouts,
      "transfers", G_TYPE_UINT64, transfers,
      "aggregated-transfers", G_TYPE_UINT64, agg_transfers,
      "packets", G_TYPE_UINT64, packets,
      "payload-bytes", G_TYPE_UINT64, payload_bytes,
      "goodput-mbps", G_TYPE_DOUBLE, goodput,
      "packets-total", G_TYPE_UINT64, ls.packets,
      "adapter-users", G_TYPE_UINT, users,
      "adapter-duty", G_TYPE_DOUBLE, adapter_duty,
      "adapter-airtime-us", G_TYPE_UINT64, adapter_airtime,
      "final", G_TYPE_BOOLEAN, final, NULL);
  return s;
}

static void
post_tx_duty (GstDevourerSink * self, guint64 now, gboolean final)
{
  GstStructure *s = make_tx_duty (self, now, final);

  /* the hopper lives from start to stop, and stop ends the timer first */
  gst_devourer_hop_add_stats (g_atomic_pointer_get (&self->hop), s);
  gst_devourer_post_element_message (GST_ELEMENT (self), s);
}

/* The link's clock: it reads it after handing frames to dvr_send, so
 * time a render spent waiting for a TX slot is not taken for a pause in
 * the stream (which would close every FEC block with fillers). */
static uint64_t
sink_link_clock (void *user)
{
  (void) user;
  return gst_devourer_now_ms ();
}

/* Another element on the adapter (or this one) retuned it: wake the
 * timer, which reads the channel back (the retuning thread holds the
 * adapter's users lock, so nothing more is done here). */
static void
on_radio_channel (GstDevourerRadio * radio, gpointer user)
{
  GstDevourerSink *self = user;

  (void) radio;
  gst_devourer_timer_wake_by (&self->timer, 0);
}

/* channel and bandwidth read back the channel the adapter is on, and are
 * notified when someone else moved it. Timer thread. */
static void
read_back_channel (GstDevourerSink * self)
{
  struct dvr_channel ch;
  gboolean moved = FALSE;

  g_mutex_lock (&self->control_lock);
  /* While hopping the channel moves every slot: the property keeps the
   * channel asked for, and the stats say where the hop is. */
  if (gst_devourer_radio_take_channel (&self->radio, &ch) && self->hop == NULL)
    moved = gst_devourer_adopt_channel (GST_ELEMENT (self), &self->settings,
        &self->tuned, &ch);
  if (moved && self->radio.dev != NULL)
    warn_tx_caveat (self, self->radio.dev, &ch);
  g_mutex_unlock (&self->control_lock);
  if (moved)
    gst_devourer_notify_channel (GST_ELEMENT (self));
}

static const gchar *
adapt_reason_name (enum dvr_link_adapt_reason why)
{
  switch (why) {
    case DVR_LINK_ADAPT_FIRST:
      return "first";
    case DVR_LINK_ADAPT_UP:
      return "up";
    case DVR_LINK_ADAPT_DOWN:
      return "down";
    case DVR_LINK_ADAPT_FALLBACK:
      return "fallback";
    default:
      return "none";
  }
}

/* The radio and FEC of profile row @p, between two blocks: the open block
 * is closed first, so no block straddles the change. The properties are
 * set as a user's live change would set them (and read back the same). */
static void
apply_profile_radio (GstDevourerSink * self, const struct dvr_link_profile *p,
    guint64 now)
{
  gboolean vector, fec, power;
  gint dbm;

  GST_OBJECT_LOCK (self);
  vector = self->mcs != p->mcs || self->short_gi != p->short_gi
      || self->vht_nss != 0;
  fec = self->fec_k != p->fec_k || self->fec_n != p->fec_n;
  /* alink's power column is what it hands "iw set txpower fixed" after
   * multiplying by 50 on rtw88-family drivers: half-dB steps, so dBm is
   * half of it; 0 keeps the power. */
  dbm = p->power > 0 && self->adaptation.rows_set_power ?
      MIN (p->power / 2, 40) : 0;
  power = dbm > 0 && self->tx_power != dbm;
  self->mcs = p->mcs;
  self->vht_nss = 0;
  self->short_gi = p->short_gi;
  self->fec_k = p->fec_k;
  self->fec_n = p->fec_n;
  if (power)
    self->tx_power = dbm;
  GST_OBJECT_UNLOCK (self);

  g_mutex_lock (&self->link_lock);
  if (self->link != NULL && (vector || fec))
    dvr_link_tx_flush (self->link, now);
  g_mutex_unlock (&self->link_lock);
  if (vector)
    apply_tx_vector (self, "mcs");
  if (fec)
    apply_fec (self);
  if (power)
    apply_tx_power (self);
}

/* A decision of the adaptation (timer thread): apply the row, ask for a
 * keyframe, and say so on the bus. */
static void
apply_adaptation (gpointer user, const struct dvr_link_adapt_decision *d,
    const struct dvr_link_feedback *fb, const struct dvr_link_alink *am,
    gint score)
{
  GstDevourerSink *self = user;
  const struct dvr_link_profile *to = d->to;
  guint64 now = gst_devourer_now_ms ();

  if (d->why != DVR_LINK_ADAPT_NONE && to != NULL) {
    /* Less data before a slower radio, a faster radio before more
     * data: the encoder never outruns the link it feeds. */
    gboolean down = d->from != NULL && to < d->from;
    gboolean bitrate_ok = TRUE;
    GstStructure *m;

    if (down || d->from == NULL)
      bitrate_ok = gst_devourer_adapt_set_bitrate (&self->adaptation,
          to->bitrate_kbps);
    apply_profile_radio (self, to, now);
    if (!down && d->from != NULL)
      bitrate_ok = gst_devourer_adapt_set_bitrate (&self->adaptation,
          to->bitrate_kbps);
    m = gst_structure_new ("devourer-link-profile",
        "why", G_TYPE_STRING, adapt_reason_name (d->why),
        "from-line", G_TYPE_UINT, d->from != NULL ? d->from->line : 0u,
        "to-line", G_TYPE_UINT, to->line,
        "score", G_TYPE_INT, score,
        "smoothed", G_TYPE_INT, d->smoothed,
        "mcs", G_TYPE_UINT, (guint) to->mcs,
        "short-gi", G_TYPE_BOOLEAN, to->short_gi,
        "fec-k", G_TYPE_UINT, (guint) to->fec_k,
        "fec-n", G_TYPE_UINT, (guint) to->fec_n,
        "bitrate", G_TYPE_UINT, to->bitrate_kbps,
        "power", G_TYPE_INT, to->power,
        "bandwidth", G_TYPE_UINT, (guint) to->bandwidth_mhz,
        "encoder-set", G_TYPE_BOOLEAN, bitrate_ok, NULL);
    if (fb != NULL) {
      gint best_snr = G_MININT, best_rssi = G_MININT;

      for (guint c = 0; c < fb->n_chains; c++) {
        best_snr = MAX (best_snr, fb->snr_db[c]);
        best_rssi = MAX (best_rssi, fb->rssi_dbm[c]);
      }
      gst_structure_set (m,
          "feedback-snr", G_TYPE_INT, fb->n_chains ? best_snr : 0,
          "feedback-rssi", G_TYPE_INT, fb->n_chains ? best_rssi : -127,
          "feedback-packets", G_TYPE_UINT, fb->packets,
          "feedback-lost", G_TYPE_UINT, fb->lost,
          "feedback-recovered", G_TYPE_UINT, fb->recovered,
          "feedback-worst-block", G_TYPE_UINT,
          (guint) fb->worst_block_missing, NULL);
    }
    /* what an alink_gs said, for the same fields where it says them */
    if (am != NULL)
      gst_structure_set (m,
          "alink", G_TYPE_BOOLEAN, TRUE,
          "feedback-snr", G_TYPE_INT, am->best_snr,
          "feedback-rssi", G_TYPE_INT, am->best_rssi,
          "feedback-lost", G_TYPE_UINT, (guint) am->lost,
          "feedback-recovered", G_TYPE_UINT, (guint) am->fec_rec, NULL);
    GST_INFO_OBJECT (self, "link profile %s: line %u -> %u (score %d)",
        adapt_reason_name (d->why), d->from ? d->from->line : 0, to->line,
        score);
    gst_devourer_post_element_message (GST_ELEMENT (self), m);
  }
  if (d->keyframe) {
    /* GstVideo's upstream force-key-unit: the encoder makes its next
     * frame a keyframe, with its headers, so the ground's decoder
     * recovers from the loss at once instead of at the next GOP. */
    GstEvent *e = gst_video_event_new_upstream_force_key_unit
        (GST_CLOCK_TIME_NONE, TRUE, ++self->keyframe_count);

    gst_pad_push_event (GST_BASE_SINK_PAD (self), e);
  }
}

static guint64
sink_timer_tick (gpointer user, guint64 now)
{
  GstDevourerSink *self = user;
  guint64 next, interval;

  read_back_channel (self);

  g_mutex_lock (&self->link_lock);
  if (now >= dvr_link_tx_next_deadline (self->link)) {
    dvr_link_tx_poll (self->link, now);
    hop_count_blocks (self);
  }
  next = dvr_link_tx_next_deadline (self->link);
  g_mutex_unlock (&self->link_lock);
  report_refused_frames (self);

  GST_OBJECT_LOCK (self);
  interval = self->settings.stats_interval;
  GST_OBJECT_UNLOCK (self);

  if (gst_devourer_timer_periodic_due (&self->next_stats_ms, interval, now,
          &next) && !g_atomic_int_get (&self->final_duty_posted))
    post_tx_duty (self, now, FALSE);
  if (self->adapting) {
    if (now >= self->adapt_next_ms)
      self->adapt_next_ms = gst_devourer_adapt_tick (&self->adaptation, now,
          apply_adaptation, self);
    next = MIN (next, self->adapt_next_ms);
  }
  return next;
}

/* ------------------------------------------------------------------ */
/* Start / stop                                                        */
/* ------------------------------------------------------------------ */

/* Give the freshness object back, once the link that used it is gone. */
static void
release_fresh (GstDevourerSink * self)
{
  if (self->fresh == NULL)
    return;
  gst_devourer_fresh_release (self->fresh_link_id, &self->timer);
  self->fresh = NULL;
}

/* Bring the adapter and the link up (READY->PAUSED). On failure the
 * ERROR is posted and nothing stays open. */
/* What one run (open to stop) goes by: the properties as they were at
 * open, read at once under the object lock. */
typedef struct
{
  GstDevourerSettings settings;
  GstDevourerHopSettings hop;
  VectorProps vp;
  struct dvr_tx_params params;  /* the TX vector vp makes */
  guint32 kbps;
  const gchar *why;             /* why vp makes none (params_ok FALSE) */
  gboolean params_ok;
  const gchar *selector;
  struct dvr_config cfg;
  struct dvr_link_tx_config lcfg;
  gint power_dbm;
  gboolean split, freshness, adapt;
  gchar *epoch_file, *profiles, *encoder, *alink_address;
  guint alink_port, feedback_port;
} SinkRun;

static void
sink_run_read (GstDevourerSink * self, SinkRun * run)
{
  memset (run, 0, sizeof (*run));
  GST_OBJECT_LOCK (self);
  gst_devourer_settings_copy (&run->settings, &self->settings);
  gst_devourer_hop_settings_copy (&run->hop, &self->hop_settings);
  read_vector_props (self, &run->vp);
  run->params_ok = build_tx_params (&run->vp, &run->params, &run->kbps,
      &run->why);
  run->cfg.tx_mode = (enum dvr_tx_mode) self->tx_mode;
  run->cfg.tx_agg = (enum dvr_tx_agg) self->tx_agg;
  run->cfg.carrier_sense = self->carrier_sense ? DVR_CARRIER_SENSE_DEFAULT
      : DVR_CARRIER_SENSE_OFF;
  run->cfg.regd = (enum dvr_regd) self->regd;
  run->power_dbm = self->tx_power;
  run->cfg.tx_power = run->power_dbm * 100;     /* dBm → mBm; 0 = default */
  /* Until caps say otherwise (set_caps), the stream is a byte stream. */
  run->split = self->oversize != GST_DEVOURER_SINK_OVERSIZE_ERROR;
  run->lcfg.k = (uint8_t) self->fec_k;
  run->lcfg.n = (uint8_t) self->fec_n;
  /* A hopping ground hears one channel in n: announce the session once a
   * round, so it learns the key within a round of finding the drone. */
  run->lcfg.session_interval_ms =
      gst_devourer_hop_session_interval (&self->hop_settings);
  run->lcfg.epoch = self->epoch;
  run->epoch_file = g_strdup (self->epoch_file);
  run->lcfg.fec_policy = (uint8_t) self->fec_policy;
  run->freshness = self->freshness;
  run->adapt = self->adapt;
  run->profiles = g_strdup (self->profiles);
  run->encoder = g_strdup (self->encoder);
  run->feedback_port = self->feedback_port;
  run->alink_port = self->alink_port;
  run->alink_address = g_strdup (self->alink_address);
  GST_OBJECT_UNLOCK (self);
  run->selector = run->settings.device != NULL
      && run->settings.device[0] != '\0' ? run->settings.device :
      GST_DEVOURER_DEFAULT_DEVICE;
  run->lcfg.link_id = run->settings.link_id;
  run->lcfg.radio_port = (uint8_t) run->settings.radio_port;
  run->lcfg.fec_timeout_ms = run->settings.fec_timeout;
  run->lcfg.clock_ms = sink_link_clock;
  run->cfg.tx_defaults = run->params;
  run->cfg.firmware_dir = run->settings.firmware_dir;
  run->cfg.enable_rx = false;
}

static void
sink_run_clear (SinkRun * run)
{
  gst_devourer_settings_clear (&run->settings);
  gst_devourer_hop_settings_clear (&run->hop);
  g_free (run->epoch_file);
  g_free (run->profiles);
  g_free (run->encoder);
  g_free (run->alink_address);
}

/* Every counter and flag a run starts from, in one place: 'stats' may be
 * read from another thread meanwhile, so what it reads is reset under
 * the lock it takes. */
static void
reset_run_state (GstDevourerSink * self, gboolean split)
{
  g_atomic_int_set (&self->fatal, 0);
  g_atomic_int_set (&self->device_gone, 0);
  g_mutex_lock (&self->link_lock);
  self->oversize_refused = 0;
  self->buffers_split = 0;
  self->buffers_empty = 0;
  self->split_oversize = split;
  self->map_failed = 0;
  self->vector_refused = 0;
  self->frames_refused = 0;
  self->vector_warned = FALSE;
  g_atomic_int_set (&self->refusal_pending, 0);
  memset (&self->final_link, 0, sizeof (self->final_link));
  memset (&self->final_tx, 0, sizeof (self->final_tx));
  g_mutex_unlock (&self->link_lock);
  self->next_stats_ms = 0;
  self->adapt_next_ms = 0;
  self->keyframe_count = 0;
}

/* Settings that cannot run together; FALSE after posting an ERROR. */
static gboolean
sink_run_valid (GstDevourerSink * self, const SinkRun * run)
{
  if (!run->params_ok) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Invalid rate settings."), ("%s", run->why));
    return FALSE;
  }
  if (run->adapt && run->feedback_port == run->settings.radio_port) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("feedback-port %u is the port this sink sends.",
            run->feedback_port),
        ("The ground's feedback needs a radio port of its own."));
    return FALSE;
  }
  if (run->alink_port != 0 && !run->adapt) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("alink-port %u needs adapt=true.", run->alink_port),
        ("alink_gs's scores choose profile rows, which only adapt applies."));
    return FALSE;
  }
  if (run->lcfg.k > run->lcfg.n) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("fec-k (%u) must not exceed fec-n (%u).", run->lcfg.k,
            run->lcfg.n), (NULL));
    return FALSE;
  }
  return TRUE;
}

/* The epoch this run announces, at least the one kept in epoch-file;
 * FALSE after posting an ERROR. */
static gboolean
reserve_epoch (GstDevourerSink * self, SinkRun * run)
{
  uint64_t floor = run->lcfg.epoch;
  int ret;

  if (run->epoch_file == NULL || run->epoch_file[0] == '\0')
    return TRUE;
  ret = dvr_link_epoch_reserve (run->epoch_file, floor, &run->lcfg.epoch);
  if (ret != DVR_OK) {
    GST_ELEMENT_ERROR (self, RESOURCE, OPEN_READ_WRITE,
        ("Could not keep the epoch in \"%s\": %s.", run->epoch_file,
            ret == DVR_E_INVALID ? "it is not a regular file holding one "
            "number (remove it only if no receiver follows an epoch above "
            "the wall clock)" : dvr_strerror (ret)),
        ("dvr_link_epoch_reserve: %s", dvr_strerror (ret)));
    return FALSE;
  }
  GST_INFO_OBJECT (self, "epoch %" G_GUINT64_FORMAT " from %s",
      run->lcfg.epoch, run->epoch_file);
  return TRUE;
}

/* Every frame of a vector the adapter cannot send would be refused: that
 * is a setting to fix, not a stream to start. FALSE after posting an
 * ERROR. Under control_lock. */
static gboolean
vector_sendable (GstDevourerSink * self, dvr_device * dev, SinkRun * run,
    const struct dvr_channel *ch)
{
  gchar vwhy[256] = "";
  const gchar *culprit;
  gchar *what, *all;

  if (check_vector (dev, &run->vp, &run->params, &run->kbps, vwhy,
          sizeof (vwhy)))
    return TRUE;
  culprit = vector_culprit (dev, &run->vp);
  what = culprit != NULL ? vector_prop_describe (&run->vp, culprit)
      : g_strdup ("these rate settings");
  all = vector_describe (&run->vp);
  GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
      ("%s cannot send with %s: %s.", dvr_chip_name (dev), what, vwhy),
      ("TX vector %s on channel %u (%u MHz).", all, ch->channel,
          ch->bw_mhz));
  g_free (all);
  g_free (what);
  return FALSE;
}

/* The link transmitter for this adapter, its radiotap prefix set,
 * published under link_lock. FALSE after posting an ERROR. Under
 * control_lock. */
static gboolean
make_transmitter (GstDevourerSink * self, dvr_device * dev, SinkRun * run,
    const struct dvr_link_keys *keys)
{
  struct dvr_link_tx *link = NULL;
  uint8_t prefix[64];
  size_t prefix_len, frame_max;
  /* The largest packet whose data fragment still fits one frame of this
   * adapter (and the WFB-NG MTU). */
  size_t overhead = DVR_LINK_IEEE80211_HDR_LEN + DVR_LINK_BLOCK_HDR_LEN +
      DVR_LINK_TAG_LEN + DVR_LINK_PACKET_HDR_LEN;
  int ret;

  frame_max = dvr_max_frame_len (dev);
  run->lcfg.max_payload = DVR_LINK_MAX_PAYLOAD;
  if (frame_max > overhead && frame_max - overhead < DVR_LINK_MAX_PAYLOAD)
    run->lcfg.max_payload = (uint16_t) (frame_max - overhead);
  /* The timer woken when the echo changes is started later, after the
   * link exists; waking it before only makes its first run come early. */
  if (run->freshness) {
    self->fresh_link_id = run->lcfg.link_id;
    self->fresh = gst_devourer_fresh_acquire (run->lcfg.link_id,
        &self->timer);
    run->lcfg.fresh = self->fresh;
  }
  ret = dvr_link_tx_new (&run->lcfg, keys, on_link_frame, self, &link);
  if (ret != DVR_OK) {
    release_fresh (self);
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Could not create the link transmitter."),
        ("dvr_link_tx_new(k=%u n=%u): %s", run->lcfg.k, run->lcfg.n,
            dvr_strerror (ret)));
    return FALSE;
  }
  prefix_len = dvr_radiotap_build_tx (&run->params, prefix,
      sizeof (prefix));
  ret = prefix_len > 0 ? dvr_link_tx_set_prefix (link, prefix, prefix_len)
      : DVR_E_OVERFLOW;
  if (ret != DVR_OK) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Could not build the radiotap header for the TX vector."),
        ("%s", dvr_strerror (ret)));
    dvr_link_tx_free (link);
    release_fresh (self);
    return FALSE;
  }
  g_mutex_lock (&self->link_lock);
  self->link = link;
  self->tx_params = run->params;
  self->phy_kbps = run->kbps;
  self->max_payload = run->lcfg.max_payload;
  g_mutex_unlock (&self->link_lock);
  return TRUE;
}

/* Open (or join) the adapter, check it can send the TX vector and make
 * the transmitter. FALSE after posting an ERROR, the adapter closed. */
static gboolean
open_radio (GstDevourerSink * self, SinkRun * run,
    const struct dvr_link_keys *keys, const struct dvr_channel *ch)
{
  dvr_device *dev;
  gint power_mbm;

  g_mutex_lock (&self->control_lock);
  gst_devourer_radio_init (&self->radio, GST_ELEMENT (self),
      devourer_sink_debug, run->selector, on_radio_lost, self);
  self->radio.on_channel = on_radio_channel;
  g_mutex_unlock (&self->control_lock);
  /* Without the control lock: opening may wait for another element's
   * callbacks (a shared adapter), and those may take that lock. */
  if (!gst_devourer_radio_open (&self->radio, &run->cfg, ch, NULL,
          &self->control_lock))
    goto fail_closed;
  g_mutex_lock (&self->control_lock);
  dev = self->radio.dev;
  self->tuned = *ch;
  power_mbm = dvr_tx_power_mbm (dev);
  warn_tx_caveat (self, dev, ch);
  if (!vector_sendable (self, dev, run, ch)
      || !make_transmitter (self, dev, run, keys)) {
    g_mutex_unlock (&self->control_lock);
    goto fail_closed;
  }
  g_mutex_unlock (&self->control_lock);
  if (g_atomic_int_get (&self->radio.brought_up))
    read_back_tx_power (self, dvr_chip_name (dev), run->power_dbm,
        power_mbm);
  else
    read_back_joined_tx_power (self, run->power_dbm, power_mbm);
  return TRUE;

fail_closed:
  gst_devourer_radio_close (&self->radio, &self->control_lock);
  return FALSE;
}

/* What the first devourer-tx-duty message differences against. */
static void
start_duty (GstDevourerSink * self)
{
  g_mutex_lock (&self->control_lock);
  dvr_share_get_tx_stats (self->radio.share, &self->last_tx);
  dvr_get_tx_stats (self->radio.dev, &self->last_adapter_tx);
  memset (&self->last_link, 0, sizeof (self->last_link));
  self->last_stats_ms = gst_devourer_now_ms ();
  g_atomic_int_set (&self->final_duty_posted, 0);
  g_mutex_unlock (&self->control_lock);
}

/* The threads of a run beside the streaming one: adaptation (a share of
 * its own hearing the ground's feedback, fed by the timer), the timer,
 * the hopper. The drone's half of @keys also opens what the ground
 * seals. FALSE after posting an ERROR. */
static gboolean
start_workers (GstDevourerSink * self, const SinkRun * run,
    const struct dvr_link_keys *keys, const struct dvr_channel *ch)
{
  GError *err = NULL;
  GstDevourerHop *hopper;

  if (run->adapt) {
    if (!gst_devourer_adapt_start (&self->adaptation, GST_ELEMENT (self),
            &self->timer, keys, run->settings.link_id, run->feedback_port,
            run->selector, ch, run->profiles, 1, ch->bw_mhz, run->encoder,
            run->alink_address, run->alink_port, &err)) {
      GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
          ("Could not start adapting the link."), ("%s", err->message));
      g_clear_error (&err);
      return FALSE;
    }
    self->adapting = TRUE;
  }
  if (!gst_devourer_timer_start (&self->timer, "dvrsink-timer",
          sink_timer_tick, self, &err)) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Could not start the link timer thread."), ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  if (run->hop.channels == NULL || run->hop.channels[0] == '\0')
    return TRUE;
  hopper = gst_devourer_hop_start (GST_ELEMENT (self), &run->hop, TRUE,
      keys, run->settings.link_id, self->radio.share, run->selector, ch,
      &err);
  if (hopper == NULL) {
    GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
        ("Could not start hopping."), ("%s", err->message));
    g_clear_error (&err);
    return FALSE;
  }
  /* FEC across hops: one channel carries at most a block's parity */
  gst_devourer_hop_set_fec (hopper, run->lcfg.k, run->lcfg.n);
  g_mutex_lock (&self->control_lock);
  g_atomic_pointer_set (&self->hop, hopper);
  g_mutex_unlock (&self->control_lock);
  return TRUE;
}

static gboolean
gst_devourer_sink_open (GstDevourerSink * self)
{
  SinkRun run;
  struct dvr_link_keys keys = { {0}, {0} };
  struct dvr_channel ch;
  gboolean ok;

  sink_run_read (self, &run);
  ch = gst_devourer_settings_channel (&run.settings);
  reset_run_state (self, run.split);
  /* Keys before the radio: a missing key is found in a millisecond, not
   * after a second of adapter bring-up. */
  ok = sink_run_valid (self, &run)
      && gst_devourer_load_keys (GST_ELEMENT (self), run.settings.key_file,
      run.settings.password, GST_DEVOURER_KEY_SENDER, &keys)
      && reserve_epoch (self, &run)
      && open_radio (self, &run, &keys, &ch);
  if (ok) {
    start_duty (self);
    if (!start_workers (self, &run, &keys, &ch)) {
      gst_devourer_sink_stop (GST_BASE_SINK (self));
      ok = FALSE;
    }
  }
  if (ok)
    GST_INFO_OBJECT (self, "%s (%s) up: FEC %u/%u, max payload %u, "
        "%u kbit/s", self->radio.selector, dvr_chip_name (self->radio.dev),
        run.lcfg.k, run.lcfg.n, run.lcfg.max_payload, run.kbps);
  gst_devourer_keys_clear (&keys);
  sink_run_clear (&run);
  return ok;
}

/* Wait until the adapter has taken every frame of this stream (others on
 * a shared adapter neither hold this up nor are waited for); what it has
 * not after @timeout_ms is cut when the share closes, so say how many. */
static void
wait_until_sent (GstDevourerSink * self, unsigned timeout_ms)
{
  struct dvr_tx_stats st;
  int ret = dvr_share_flush (self->radio.share, timeout_ms);

  if (ret == DVR_OK)
    return;
  dvr_share_get_tx_stats (self->radio.share, &st);
  GST_ELEMENT_WARNING (self, RESOURCE, WRITE,
      ("Adapter %s did not send its last frames in time.",
          self->radio.selector),
      ("dvr_share_flush(%u ms): %s; %u frames still in flight", timeout_ms,
          dvr_strerror (ret), st.in_flight));
}

static gboolean
gst_devourer_sink_stop (GstBaseSink * bsink)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);
  GstStructure *last_duty = NULL;
  GstDevourerHop *hop;

  gst_devourer_timer_stop (&self->timer);
  /* The hopper retunes and sends on the sink's share: it goes before
   * that, after the timer that reads its counters. */
  g_mutex_lock (&self->control_lock);
  hop = self->hop;
  g_atomic_pointer_set (&self->hop, NULL);
  g_mutex_unlock (&self->control_lock);
  gst_devourer_hop_stop (hop);
  /* The timer fed the engine; its share goes before the sink's own. */
  self->adapting = FALSE;
  gst_devourer_adapt_stop (&self->adaptation);

  g_mutex_lock (&self->control_lock);
  g_mutex_lock (&self->link_lock);
  if (self->link != NULL) {
    /* Send what is pending rather than discard it. */
    if (!g_atomic_int_get (&self->fatal))
      dvr_link_tx_flush (self->link, gst_devourer_now_ms ());
    dvr_link_tx_get_stats (self->link, &self->final_link);
    dvr_link_tx_free (self->link);
    self->link = NULL;
  }
  g_mutex_unlock (&self->link_lock);
  release_fresh (self);
  if (self->radio.share != NULL)
    report_refused_frames (self);
  g_mutex_unlock (&self->control_lock);
  /* The share is only opened and closed on this (the state change)
   * thread, so it is read here without the lock; waiting for this
   * stream's frames is done without it (others' callbacks may take it). */
  if (self->radio.share != NULL) {
    if (!g_atomic_int_get (&self->fatal))
      wait_until_sent (self, 500);
    g_mutex_lock (&self->control_lock);
    g_mutex_lock (&self->link_lock);
    dvr_share_get_tx_stats (self->radio.share, &self->final_tx);
    g_mutex_unlock (&self->link_lock);
    g_mutex_unlock (&self->control_lock);
    /* The partial interval since the last tx-duty message, unless EOS
     * already closed it and nothing was sent since. */
    if (!g_atomic_int_get (&self->final_duty_posted))
      last_duty = make_tx_duty (self, gst_devourer_now_ms (), TRUE);
  }
  /* Leaving a shared adapter stops nothing of the other elements on it;
   * the last one to leave closes it. */
  gst_devourer_radio_close (&self->radio, &self->control_lock);
  /* Outside the control lock: a bus handler may read stats. */
  if (last_duty != NULL)
    gst_devourer_post_element_message (GST_ELEMENT (self), last_duty);
  return TRUE;
}

static GstStateChangeReturn
gst_devourer_sink_change_state (GstElement * element,
    GstStateChange transition)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (element);
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED
      && !gst_devourer_sink_open (self))
    return GST_STATE_CHANGE_FAILURE;
  ret = GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);
  /* Closed on the way down through READY, as it was opened on the way
   * up: GstBaseSink's own stop() comes only at READY -> NULL, so a sink
   * taken to READY and back would open a second time over the first. */
  if ((transition == GST_STATE_CHANGE_READY_TO_PAUSED
          && ret == GST_STATE_CHANGE_FAILURE)
      || transition == GST_STATE_CHANGE_PAUSED_TO_READY)
    gst_devourer_sink_stop (GST_BASE_SINK (self));
  return ret;
}

/* ------------------------------------------------------------------ */
/* Data flow                                                           */
/* ------------------------------------------------------------------ */

/* Packets that lose their meaning when cut: everything else the sink is
 * given is taken for a byte stream. */
static gboolean
caps_are_packets (const GstCaps * caps)
{
  static const gchar *const packet_media[] = {
    "application/x-rtp", "application/x-rtcp", "application/x-srtp",
    "application/x-srtcp",
  };
  const GstStructure *st;

  if (caps == NULL || gst_caps_is_any (caps) || gst_caps_is_empty (caps))
    return FALSE;
  st = gst_caps_get_structure (caps, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (packet_media); i++)
    if (gst_structure_has_name (st, packet_media[i]))
      return TRUE;
  return FALSE;
}

static gboolean
gst_devourer_sink_set_caps (GstBaseSink * bsink, GstCaps * caps)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);
  gboolean packets = caps_are_packets (caps), split;
  gint mode;

  GST_OBJECT_LOCK (self);
  mode = self->oversize;
  GST_OBJECT_UNLOCK (self);
  split = mode == GST_DEVOURER_SINK_OVERSIZE_SPLIT
      || (mode == GST_DEVOURER_SINK_OVERSIZE_AUTO && !packets);

  g_mutex_lock (&self->link_lock);
  self->split_oversize = split;
  g_mutex_unlock (&self->link_lock);
  GST_DEBUG_OBJECT (self, "caps %" GST_PTR_FORMAT ": oversize buffers are %s",
      caps, split ? "split" : "refused");
  return TRUE;
}

static gboolean
gst_devourer_sink_event (GstBaseSink * bsink, GstEvent * event)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);

  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS) {
    /* The tail of the stream must not sit in a half-full FEC block. */
    g_mutex_lock (&self->link_lock);
    if (self->link != NULL)
      dvr_link_tx_flush (self->link, gst_devourer_now_ms ());
    g_mutex_unlock (&self->link_lock);
    if (self->radio.share != NULL && !g_atomic_int_get (&self->fatal))
      wait_until_sent (self, 1000);
    /* Before the EOS message: an application that quits on EOS has the
     * last interval's numbers. */
    if (self->radio.share != NULL)
      post_tx_duty (self, gst_devourer_now_ms (), TRUE);
  }
  return GST_BASE_SINK_CLASS (parent_class)->event (bsink, event);
}

/* A packet stream's packet too large for the link: the pipeline has to
 * change, so this is an error naming the change. */
static void
report_oversize (GstDevourerSink * self, gsize size)
{
  GST_ELEMENT_ERROR (self, STREAM, FAILED,
      ("A %" G_GSIZE_FORMAT "-byte packet does not fit the radio link: it "
          "carries at most %" G_GSIZE_FORMAT " bytes per packet.", size,
          self->max_payload),
      ("Make the upstream element produce smaller packets, e.g. "
          "rtph264pay mtu=%" G_GSIZE_FORMAT " or lower (the payloader's "
          "'mtu' property; around 1400 is usual, smaller packets lose less "
          "to one bad frame). A byte stream that may be cut anywhere is "
          "carried with oversize=split.", self->max_payload));
}

static gboolean
gst_devourer_sink_unlock (GstBaseSink * bsink)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);

  g_atomic_int_set (&self->flushing, 1);
  /* A render waiting in dvr_send() for a free TX slot (stuck adapter)
   * returns at once instead of after the transfer timeout. */
  dvr_share_interrupt (self->radio.share, true);
  return TRUE;
}

static gboolean
gst_devourer_sink_unlock_stop (GstBaseSink * bsink)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);

  g_atomic_int_set (&self->flushing, 0);
  dvr_share_interrupt (self->radio.share, false);
  return TRUE;
}

/* What sending buffers came to, reported once the link lock is
 * released (a bus handler may read stats). */
typedef struct
{
  gsize refused_size;           /* a buffer refused for its size; 0: none */
  guint unreadable;             /* buffers that could not be mapped */
  int link_ret;                 /* the link's last refusal; DVR_OK: none */
  gsize link_size;              /* the size of that buffer */
} SendReport;

/*
 * Hand one buffer to the link: as one packet, as several max-payload
 * packets in order (a byte stream, split_oversize), or not at all (empty:
 * nothing the link could deliver; too large for a packet stream: an
 * error for the caller to post). A marker closes the FEC block after
 * the buffer's last packet. Link lock held.
 */
static GstFlowReturn
send_buffer (GstDevourerSink * self, GstBuffer * buffer, guint64 now,
    SendReport * rep)
{
  gsize size = gst_buffer_get_size (buffer);
  GstMapInfo map;
  int ret = DVR_OK;

  if (G_UNLIKELY (size == 0)) {
    self->buffers_empty++;
  } else if (G_UNLIKELY (size > self->max_payload && !self->split_oversize)) {
    self->oversize_refused++;
    rep->refused_size = size;
    return GST_FLOW_ERROR;
  } else if (G_UNLIKELY (!gst_buffer_map (buffer, &map, GST_MAP_READ))) {
    self->map_failed++;
    rep->unreadable++;
    return GST_FLOW_OK;
  } else {
    gsize off = 0;

    if (G_UNLIKELY (map.size > self->max_payload))
      self->buffers_split++;
    while (off < map.size && ret == DVR_OK) {
      gsize piece = MIN (self->max_payload, map.size - off);

      ret = dvr_link_tx_send (self->link, map.data + off, piece, now);
      off += piece;
    }
    gst_buffer_unmap (buffer, &map);
    if (G_UNLIKELY (ret != DVR_OK)) {
      rep->link_ret = ret;
      rep->link_size = size;
      return GST_FLOW_OK;
    }
  }
  if (GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_MARKER))
    dvr_link_tx_flush (self->link, now);
  return GST_FLOW_OK;
}

/* After send_buffer (link lock released): report, watch the new FEC
 * deadline, and turn a lost adapter into the end of the stream. */
static GstFlowReturn
finish_render (GstDevourerSink * self, GstFlowReturn flow,
    const SendReport * rep, guint64 deadline)
{
  report_refused_frames (self);
  /* A new block may have opened: its fec-timeout must be watched. */
  gst_devourer_timer_wake_by (&self->timer, deadline);
  /* Data flows again after an EOS: the next tx-duty is not the last. */
  if (G_UNLIKELY (g_atomic_int_get (&self->final_duty_posted)))
    g_atomic_int_set (&self->final_duty_posted, 0);

  if (G_UNLIKELY (rep->unreadable > 0))
    GST_ELEMENT_WARNING (self, STREAM, FAILED,
        ("Could not read %u buffer(s); dropped.", rep->unreadable),
        ("gst_buffer_map failed; counted in stats "
            "packets-dropped-unreadable."));
  if (G_UNLIKELY (rep->refused_size > 0))
    report_oversize (self, rep->refused_size);
  if (G_UNLIKELY (g_atomic_int_get (&self->device_gone)))
    gst_devourer_post_fatal_once (GST_ELEMENT (self), &self->fatal,
        self->radio.selector, "send on", DVR_E_NO_DEVICE,
        "the adapter stopped answering");
  /* Not before the ERROR is on the bus (the device thread may be posting
   * it): the flow error makes upstream post its own. */
  if (G_UNLIKELY (gst_devourer_fatal (&self->fatal)))
    return GST_FLOW_ERROR;
  if (G_UNLIKELY (rep->link_ret != DVR_OK))
    GST_WARNING_OBJECT (self, "link refused a %" G_GSIZE_FORMAT
        "-byte buffer: %s", rep->link_size, dvr_strerror (rep->link_ret));
  return flow;
}

static GstFlowReturn
gst_devourer_sink_render (GstBaseSink * bsink, GstBuffer * buffer)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);
  SendReport rep = { 0, 0, DVR_OK, 0 };
  GstFlowReturn flow;
  guint64 now, deadline;

  if (G_UNLIKELY (gst_devourer_fatal (&self->fatal)))
    return GST_FLOW_ERROR;

  now = gst_devourer_now_ms ();
  g_mutex_lock (&self->link_lock);
  flow = send_buffer (self, buffer, now, &rep);
  hop_count_blocks (self);
  deadline = dvr_link_tx_next_deadline (self->link);
  g_mutex_unlock (&self->link_lock);
  return finish_render (self, flow, &rep, deadline);
}

/* A whole list under one trip through the link lock, each buffer as
 * render takes it; the first refused buffer ends the list (those before
 * it are sent). */
static GstFlowReturn
gst_devourer_sink_render_list (GstBaseSink * bsink, GstBufferList * list)
{
  GstDevourerSink *self = GST_DEVOURER_SINK (bsink);
  SendReport rep = { 0, 0, DVR_OK, 0 };
  GstFlowReturn flow = GST_FLOW_OK;
  guint n = gst_buffer_list_length (list);
  guint64 now, deadline;

  if (G_UNLIKELY (gst_devourer_fatal (&self->fatal)))
    return GST_FLOW_ERROR;

  now = gst_devourer_now_ms ();
  g_mutex_lock (&self->link_lock);
  for (guint i = 0; i < n && flow == GST_FLOW_OK; i++)
    flow = send_buffer (self, gst_buffer_list_get (list, i), now, &rep);
  hop_count_blocks (self);
  deadline = dvr_link_tx_next_deadline (self->link);
  g_mutex_unlock (&self->link_lock);
  return finish_render (self, flow, &rep, deadline);
}

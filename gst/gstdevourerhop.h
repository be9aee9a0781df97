/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Frequency hopping in the elements (hop-channels): both ends walk the
 * link's keyed hop schedule (link.h, "Frequency hopping") in slots of
 * the sender's dwell: hop-dwell ms, or with hop-dwell-blocks that many
 * of the stream's FEC blocks at the block rate the sender measured over
 * the round before. The dwell changes only from one round to the next,
 * and each marker says its round's dwell and the next round's, so the
 * receiver keeps the sender's grid whatever its own hop-dwell (the one
 * it assumes until the first marker).
 *
 * The slot both ends are in is agreed by the sender's announcements, timed
 * by the receiver's chip: each chip's TSF counts from its own power-on on
 * its own crystal, and nothing on a monitor-mode link (no beacons, no
 * association) brings two of them together. So the sender (devourersink)
 * starts its slots on its host's clock and, right after the retune at
 * each boundary, sends a marker — the slot and how far into it the marker
 * left, and the dwells — as a sealed packet of a port of its own
 * (hop-port), at the most robust rate. Around each boundary it holds its
 * frames back for a guard (a tenth of the slot, of the shorter where the
 * dwell changes, at most 1 ms, each side), so none is on the air while
 * either end retunes. The receiver (devourersrc) times each marker
 * by the TSF its chip stamped on the frame (mapped to the host clock by
 * reading the TSF register now and then), free of the RX aggregation and
 * scheduling delays a host timestamp carries. It parks on one channel of
 * the set until a marker arrives (every channel comes once a round, so
 * two rounds on one channel without a marker mean a jammed or silent
 * channel: it parks on the next), then moves with the sender's slots a
 * quarter guard after each boundary and corrects its estimate with every
 * marker. With no marker for two rounds it has lost the sender and parks
 * again.
 *
 * A marker is opened with the link's keys: nobody without them can read
 * where the sender is, nor move a receiver by forging one (it is counted
 * as refused).
 *
 * Threads: one hop thread per element retunes at the slot boundaries
 * (dvr_set_channel on the adapter) and, on the sender, sends the marker;
 * markers arrive on the adapter's RX thread, which only stores the newest
 * (lock) and wakes the hop thread. Start and stop on the state-change
 * thread.
 */
#ifndef GST_DEVOURER_HOP_H
#define GST_DEVOURER_HOP_H

#include <gst/gst.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

G_BEGIN_DECLS

/* The radio port markers use unless told otherwise: beside feedback's. */
#define GST_DEVOURER_HOP_PORT 0xFD
#define GST_DEVOURER_HOP_DWELL_DEFAULT 50
#define GST_DEVOURER_HOP_DWELL_MIN 5
#define GST_DEVOURER_HOP_DWELL_MAX 10000
#define GST_DEVOURER_HOP_DWELL_BLOCKS_MAX 1000

/* The hop properties, as both elements have them. */
typedef struct
{
  gchar *channels;              /* hop-channels; NULL or "": no hopping */
  guint dwell_ms;               /* hop-dwell */
  guint dwell_blocks;           /* hop-dwell-blocks (the sender's); 0: off */
  gchar *seed;                  /* hop-seed; NULL/"": from the key pair */
  guint port;                   /* hop-port */
} GstDevourerHopSettings;

enum
{
  GST_DEVOURER_HOP_PROP_CHANNELS,
  GST_DEVOURER_HOP_PROP_DWELL,
  GST_DEVOURER_HOP_PROP_SEED,
  GST_DEVOURER_HOP_PROP_PORT,
  GST_DEVOURER_HOP_PROP_DWELL_BLOCKS,   /* the sender's only */
  GST_DEVOURER_HOP_N_PROPS,
};

void gst_devourer_hop_settings_init (GstDevourerHopSettings * s);
void gst_devourer_hop_settings_clear (GstDevourerHopSettings * s);
void gst_devourer_hop_settings_copy (GstDevourerHopSettings * dst,
    const GstDevourerHopSettings * src);
/* Install the properties at @first_id .. @first_id + N_PROPS - 1; @sender
 * picks the blurbs' side, and only a sender has hop-dwell-blocks. */
void gst_devourer_hop_install_properties (GObjectClass * klass,
    guint first_id, gboolean sender);
/* set/get_property for them (@prop_id relative to @first_id): FALSE when
 * it is not one. The caller holds the object lock. */
gboolean gst_devourer_hop_settings_set (GstDevourerHopSettings * s,
    guint first_id, guint prop_id, const GValue * value);
gboolean gst_devourer_hop_settings_get (const GstDevourerHopSettings * s,
    guint first_id, guint prop_id, GValue * value);

/* The session re-announcement period a hopping sender's video link wants
 * (once a round, at most the link's default second); 0 (the default)
 * when the settings hop not. Read under the object lock. */
guint32 gst_devourer_hop_session_interval (const GstDevourerHopSettings * s);

typedef enum
{
  GST_DEVOURER_HOP_SENDING,
  GST_DEVOURER_HOP_ACQUIRING,
  GST_DEVOURER_HOP_TRACKING,
} GstDevourerHopState;

/* Counters for the elements' stats (a snapshot). */
typedef struct
{
  GstDevourerHopState state;
  guint64 slot;                 /* slot the element is in */
  guint channel;                /* channel of that slot */
  guint64 dwell_us;             /* slot length of the round it is in */
  guint64 hops;                 /* retunes made */
  guint64 hop_failures;         /* retunes the adapter refused */
  guint64 retune_us_last, retune_us_max;        /* dvr_set_channel time */
  gboolean realtime;            /* the hop thread runs at real-time priority */
  guint64 wake_late_us_max;     /* the latest the host woke the hop thread
                                 * after its time (a boundary, a park) */
  guint64 markers_sent, marker_errors;
  guint64 markers_heard;        /* markers that moved or confirmed us */
  guint64 markers_refused;      /* opened but another schedule or bytes */
  guint64 acquisitions;         /* times the sender was found */
  guint64 losses;               /* times it was lost again */
  gint64 offset_us;             /* receiver: last marker against the
                                 * estimate (+: it came late) */
} GstDevourerHopStats;

typedef struct _GstDevourerHop GstDevourerHop;

/*
 * Start hopping the element's adapter @dev (the share's device; @share the
 * element's own, for the sender's markers) from the settings: parse the
 * hop set, derive the schedule from @keys (or the seed), and start the
 * thread. A receiver also opens a share of @selector hearing hop-port.
 * @tuned: the channel the adapter is on; every hop keeps its width. NULL with @err set on a bad setting
 * or a failure.
 */
GstDevourerHop *gst_devourer_hop_start (GstElement * element,
    const GstDevourerHopSettings * settings, gboolean sender,
    const struct dvr_link_keys *keys, guint32 link_id, dvr_share * share,
    const gchar * selector, const struct dvr_channel *tuned, GError ** err);

/* The sender's gate (its sending thread, before each frame goes to the
 * adapter): returns at once, or after the guard around a slot boundary,
 * in which no frame may leave (at most 1 ms each side of it), or once a
 * late hop thread has retuned for the new slot (at most a slot). */
void gst_devourer_hop_gate (GstDevourerHop * hop);

/* A sender's FEC, @k of @n: of any @n consecutive link frames at most
 * @n - @k leave on one channel, the rest waiting at the gate for the next
 * slot's, so every block's frames spread over channels and one jammed
 * channel costs at most what its parity repairs. k == n, or a dwell in
 * FEC blocks (a slot carries whole blocks, more than any cap lets through
 * on one channel): no limit. Call before frames flow. */
void gst_devourer_hop_set_fec (GstDevourerHop * hop, guint k, guint n);

/* A sender whose dwell is in FEC blocks (hop-dwell-blocks): TRUE when it
 * wants gst_devourer_hop_blocks_closed. */
gboolean gst_devourer_hop_counts_blocks (GstDevourerHop * hop);

/* The link's count of FEC blocks closed so far (dvr_link_tx_stats.blocks),
 * from the thread that sends (serialised by the element, as the gate). */
void gst_devourer_hop_blocks_closed (GstDevourerHop * hop, guint64 total);

/* Stop the thread, close the marker share; NULL is fine. */
void gst_devourer_hop_stop (GstDevourerHop * hop);

void gst_devourer_hop_get_stats (GstDevourerHop * hop,
    GstDevourerHopStats * out);

/* Add the hop counters to a stats structure. */
void gst_devourer_hop_add_stats (GstDevourerHop * hop, GstStructure * s);

G_END_DECLS

#endif /* GST_DEVOURER_HOP_H */

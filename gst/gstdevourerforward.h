/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Distributed reception, wfb-ng's way, for devourersrc: the network leg.
 *
 *   Forwarder: every frame of the link a local adapter hears goes out as
 *   one UDP datagram in wfb-ng's forwarder format (what wfb_rx -f sends).
 *   Aggregator: a thread receives such datagrams (from wfb_rx -f or other
 *   devourersrc forwarders), checks them with the link layer's codec
 *   (link.h "Distributed reception") and hands each frame, rebuilt with
 *   this link's 802.11 header, to the src, which pushes it into its link
 *   receiver like a frame of a local adapter.
 *
 * Sockets are GIO's; the aggregator's thread waits on its socket and a
 * GCancellable, so stopping is immediate.
 */
#ifndef GST_DEVOURER_FORWARD_H
#define GST_DEVOURER_FORWARD_H

#include <sys/socket.h>

#include <gio/gio.h>

#include <devourer/devourer.h>
#include <devourer/link.h>

G_BEGIN_DECLS

/* Destinations one forwarder sends every frame to. */
#define GST_DEVOURER_FORWARD_MAX_DEST 8

typedef struct
{
  guint n_dest;
  GSocket *socket[GST_DEVOURER_FORWARD_MAX_DEST];
  struct sockaddr_storage addr[GST_DEVOURER_FORWARD_MAX_DEST];
  socklen_t addr_len[GST_DEVOURER_FORWARD_MAX_DEST];
  gchar *names;                 /* "host:port, ..." as resolved */
  /* Counters, under the caller's lock (see _send). */
  guint64 frames;               /* datagrams sent (per destination) */
  guint64 bytes;                /* their bytes */
  guint64 errors;               /* datagrams the kernel refused */
  gint last_errno;              /* of the last refusal */
} GstDevourerForwarder;

/*
 * Resolve @spec ("host:port", "[v6addr]:port", several separated by ',',
 * ';' or blanks) and open one UDP socket per destination. Blocking (name
 * lookup): call at start. FALSE with @err set on a bad spec.
 */
gboolean gst_devourer_forwarder_start (GstDevourerForwarder * f,
    const gchar * spec, GError ** err);

/*
 * Forward one frame heard by local adapter @wlan_idx. Never blocks and
 * never allocates (a full socket buffer counts an error). Not thread-safe:
 * the caller serialises calls and counter reads (the src's rx_lock).
 * Frames no longer than an 802.11 header are not forwarded (wfb-ng does
 * the same).
 */
void gst_devourer_forwarder_send (GstDevourerForwarder * f, guint wlan_idx,
    const struct dvr_rx_frame *frame);

void gst_devourer_forwarder_stop (GstDevourerForwarder * f);

/* The forwarder header describing a frame a local adapter heard. */
void gst_devourer_forward_info (const struct dvr_rx_info *rx, guint wlan_idx,
    struct dvr_link_fwd_info *out);

/* One remote receiving adapter, as the aggregator knows it: a sender's
 * address and port, and the wlan index it gave the frame. */
typedef struct
{
  struct sockaddr_storage addr;
  socklen_t addr_len;
  guint8 wlan_idx;
  gchar name[96];               /* "udp:ADDR:PORT" */
  guint64 datagrams;            /* frames it forwarded */
  guint64 last_datagrams;       /* at the last rx-stats message */
} GstDevourerRemote;

/* A frame from remote adapter @remote (0-based, in order of first
 * arrival), rebuilt as an 802.11 frame of this link. Called on the
 * aggregator's thread. */
typedef void (*GstDevourerAggregateFn) (gpointer user, guint remote,
    const struct dvr_link_fwd_info * info, const guint8 * frame, gsize len);

typedef struct
{
  GSocket *socket;
  GCancellable *cancel;
  GThread *thread;
  GstDevourerAggregateFn fn;
  gpointer user;
  guint32 channel_id;
  guint max_remotes;
  gchar *bound;                 /* "ADDR:PORT" actually bound */
  guint16 port;                 /* under lock */
  /* Receive and rebuild buffers (thread only). The receive buffer has a
   * byte more than the largest datagram, to tell an oversize one. */
  guint8 dgram[DVR_LINK_FWD_MAX_DATAGRAM + 1];
  guint8 frame[DVR_LINK_WIFI_MTU];

  /* Everything below under lock: the thread writes, stats read. */
  GMutex lock;
  struct dvr_link_fwd_stats stats;
  guint64 no_slot;              /* frames of senders beyond max_remotes */
  guint64 recv_errors;          /* socket errors other than "no data" */
  guint n_remotes;
  GstDevourerRemote remotes[DVR_LINK_MAX_ADAPTERS];
} GstDevourerAggregator;

/* The lock only; the rest is set by _start. */
void gst_devourer_aggregator_init (GstDevourerAggregator * a);
void gst_devourer_aggregator_clear (GstDevourerAggregator * a);

/*
 * Bind @spec ("PORT" = any IPv4 address, or "ADDR:PORT", "[v6]:PORT";
 * port 0 picks a free one, read back from ->port) and start the thread.
 * Frames go to @fn for link @channel_id; at most @max_remotes distinct
 * senders get a remote slot (later ones are counted in no_slot).
 */
gboolean gst_devourer_aggregator_start (GstDevourerAggregator * a,
    const gchar * spec, guint32 channel_id, guint max_remotes,
    GstDevourerAggregateFn fn, gpointer user, GError ** err);

/* Cancel and join the thread, close the socket. @fn is never called
 * afterwards. The counters stay readable. */
void gst_devourer_aggregator_stop (GstDevourerAggregator * a);

G_END_DECLS

#endif /* GST_DEVOURER_FORWARD_H */

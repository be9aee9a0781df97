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
  gint64 heard_us;              /* monotonic time of its last frame the
                                 * link took as its current traffic */
  gint64 probed_us;             /* of its last copy checked for that */
} GstDevourerRemote;

/* A frame from remote adapter @remote (0-based slot index), rebuilt as
 * an 802.11 frame of this link. Called on the aggregator's thread.
 * Returns the link's verdict (enum dvr_link_rx_verdict): what keeps a
 * slot, or earns one. */
typedef int (*GstDevourerAggregateFn) (gpointer user, guint remote,
    const struct dvr_link_fwd_info * info, const guint8 * frame, gsize len);

/* Would the link take @frame as its current traffic
 * (dvr_link_rx_authentic)? Asked, on the aggregator's thread, of the
 * first frame of a sender without a slot, before it is given one. */
typedef gboolean (*GstDevourerAuthenticFn) (gpointer user,
    const guint8 * frame, gsize len);

/* How the aggregator listens and hands out slots. */
typedef struct
{
  const gchar *spec;            /* "PORT", "ADDR:PORT" or "[v6]:PORT" */
  const gchar *bind_address;    /* the address a bare PORT is bound to */
  guint32 channel_id;
  guint max_remotes;
  guint slot_timeout_ms;        /* a silent sender's slot can be taken */
  gint rcvbuf;                  /* SO_RCVBUF asked (bytes); 0: kernel's */
  GstDevourerAggregateFn fn;
  GstDevourerAuthenticFn authentic;
  gpointer user;
} GstDevourerAggregatorConfig;

typedef struct
{
  GSocket *socket;
  GCancellable *cancel;
  GThread *thread;
  GstDevourerAggregateFn fn;
  GstDevourerAuthenticFn authentic;
  gpointer user;
  guint32 channel_id;
  guint max_remotes;
  gint64 slot_timeout_us;
  gint rcvbuf_asked;            /* SO_RCVBUF asked, bytes (0: none);
                                 * under lock, written by start only */
  gint rcvbuf;                  /* what the kernel gave, bytes (same) */
  guint16 port;                 /* under lock */
  gchar bound[96];              /* "ADDR:PORT" actually bound, under lock
                                 * (the thread never writes it) */
  /* Receive and rebuild buffers (thread only). The receive buffer has a
   * byte more than the largest datagram, to tell an oversize one. */
  guint8 dgram[DVR_LINK_FWD_MAX_DATAGRAM + 1];
  guint8 frame[DVR_LINK_WIFI_MTU];
  /* SO_RXQ_OVFL. Aligned as a cmsghdr (not a union with one: its
   * flexible array member makes such a union variable-sized). */
  _Alignas (struct cmsghdr) guint8 cmsg[64];

  /* Everything below under lock: the thread writes, stats read. */
  GMutex lock;
  struct dvr_link_fwd_stats stats;
  guint64 no_slot;              /* authentic frames of senders finding
                                 * every slot held by a live sender */
  guint64 unauthenticated;      /* frames of senders without a slot that
                                 * did not authenticate */
  guint64 unproven;             /* authentic frames of senders without a
                                 * slot the link already had (copies,
                                 * recordings) */
  guint64 expired;              /* slots taken over from silent senders */
  guint64 kernel_drops;         /* datagrams the socket buffer dropped
                                 * (SO_RXQ_OVFL) */
  guint64 recv_errors;          /* socket errors other than "no data" */
  guint n_remotes;              /* slots ever used (never shrinks) */
  GstDevourerRemote remotes[DVR_LINK_MAX_ADAPTERS];
} GstDevourerAggregator;

/* The lock only; the rest is set by _start (or _configure). */
void gst_devourer_aggregator_init (GstDevourerAggregator * a);
void gst_devourer_aggregator_clear (GstDevourerAggregator * a);

/*
 * Bind @cfg->spec (a bare port on @cfg->bind_address; port 0 picks a free
 * one, read back from ->port), size its receive buffer, configure @a
 * (gst_devourer_aggregator_configure) and start the thread, which hands
 * every datagram to gst_devourer_aggregator_take. A sender gets one of
 * @cfg->max_remotes slots only with a frame that passes @cfg->authentic
 * and that the link then takes as new; a slot whose sender forwarded no
 * current frame for @cfg->slot_timeout_ms goes to the next such
 * newcomer. Frames of senders without a slot are counted in
 * unauthenticated (forged), unproven (authentic, not new) or no_slot
 * (every slot's sender live).
 */
gboolean gst_devourer_aggregator_start (GstDevourerAggregator * a,
    const GstDevourerAggregatorConfig * cfg, GError ** err);

/*
 * What _start sets besides the socket: the channel, slot count and
 * timeout and the callbacks of @cfg (its spec, bind_address and rcvbuf
 * are not read), every counter cleared and no slot held. Alone, with no
 * thread running, it readies @a for gst_devourer_aggregator_take driven
 * by the caller (the aggregator's fuzz target).
 */
void gst_devourer_aggregator_configure (GstDevourerAggregator * a,
    const GstDevourerAggregatorConfig * cfg);

/*
 * One received datagram: the @len bytes in @a->dgram, from @from
 * (@from_len bytes of address), at @now_us on the monotonic clock the
 * slot timeout is measured with. Parses it, rebuilds its frame and hands
 * that to @a->fn at its sender's slot, or judges the sender for one
 * (see _start). Nothing is dropped uncounted: stats counts every
 * datagram by what it is, and a frame once more, in unauthenticated,
 * unproven, no_slot or the datagrams of the slot it went to. A @len
 * above the buffer (the real length of a truncated datagram) is refused
 * as oversize. The aggregator thread's step; call it from one thread at
 * a time, and from another only while no thread runs.
 */
void gst_devourer_aggregator_take (GstDevourerAggregator * a,
    const struct sockaddr_storage *from, socklen_t from_len, gsize len,
    gint64 now_us);

/* Live senders: slots whose sender was heard within the slot timeout. */
guint gst_devourer_aggregator_live (GstDevourerAggregator * a);

/* Cancel and join the thread, close the socket. @fn is never called
 * afterwards. The counters stay readable. */
void gst_devourer_aggregator_stop (GstDevourerAggregator * a);

G_END_DECLS

#endif /* GST_DEVOURER_FORWARD_H */

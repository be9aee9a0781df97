/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * OpenIPC adaptive-link over UDP, both ends (link.h, "OpenIPC
 * adaptive-link messages"):
 *
 * - the listener: devourersink (alink-port) takes what an alink_gs sends
 *   an alink_drone, so an OpenIPC ground station steers our sender;
 * - the sender: devourersrc (alink-send) sends what O's alink_gs would,
 *   so our ground steers an alink_drone.
 *
 * Both sockets are non-blocking and used from their element's timer
 * thread only; start and stop run on the state-change thread.
 */
#ifndef GST_DEVOURER_ALINK_H
#define GST_DEVOURER_ALINK_H

#include <gio/gio.h>

#include <devourer/link.h>

G_BEGIN_DECLS

/* alink_drone's defaults: the port it binds (S alink_drone.c
 * DEFAULT_PORT), codes remembered (MAX_CODES) and for how long
 * (EXPIRY_TIME_MS). */
#define GST_DEVOURER_ALINK_PORT 9999
#define GST_DEVOURER_ALINK_CODES 5
#define GST_DEVOURER_ALINK_CODE_MS 1000
/* The listener looks for datagrams this often: a message waits no longer
 * before the engine hears it. */
#define GST_DEVOURER_ALINK_POLL_MS 10
/* The sender's cadence without feedback-interval: alink_gs's stats period
 * (wfb-ng log_interval = 100 ms, as alink_install.sh sets it). */
#define GST_DEVOURER_ALINK_SEND_MS 100
/* O alink_gs.conf [keyframe] idr_max_messages: messages a code rides in. */
#define GST_DEVOURER_ALINK_IDR_MESSAGES 20

typedef struct
{
  gchar code[DVR_LINK_ALINK_MAX_CODE + 1];
  guint64 ms;
} GstDevourerAlinkCode;

typedef struct
{
  GSocket *socket;              /* NULL: not listening */
  gchar bound[64];              /* HOST:PORT it is bound to */
  GstDevourerAlinkCode codes[GST_DEVOURER_ALINK_CODES];
} GstDevourerAlinkListener;

/* Bind @address (an IP literal; NULL or "": 0.0.0.0) port @port. */
gboolean gst_devourer_alink_listen_start (GstDevourerAlinkListener * l,
    const gchar * address, guint port, GError ** err);
void gst_devourer_alink_listen_stop (GstDevourerAlinkListener * l);

/* The next datagram waiting: 1 with @out read, -1 for one refused (@why
 * says why), 0 when none is waiting (or not listening). */
gint gst_devourer_alink_listen_next (GstDevourerAlinkListener * l,
    struct dvr_link_alink *out, struct dvr_link_alink_error *why);

/* A keyframe code as alink_drone takes it: TRUE (and remembered) when it
 * was not seen within GST_DEVOURER_ALINK_CODE_MS; FALSE for a repeat. */
gboolean gst_devourer_alink_code_new (GstDevourerAlinkListener * l,
    const gchar * code, guint64 now_ms);

typedef struct
{
  GSocket *socket;              /* NULL: not sending */
  GSocketAddress *dest;
  gchar code[DVR_LINK_ALINK_MAX_CODE + 1];      /* "" or riding along */
  guint code_left;              /* messages it still rides in */
  gboolean heard_before;        /* the last span heard the link */
  guint64 sent, errors, skipped;
} GstDevourerAlinkSender;

/* Resolve "HOST:PORT" ("[v6]:PORT") and make the socket. */
gboolean gst_devourer_alink_send_start (GstDevourerAlinkSender * s,
    const gchar * spec, GError ** err);
void gst_devourer_alink_send_stop (GstDevourerAlinkSender * s);

/*
 * One span's record as O's alink_gs turns one wfb-ng stats report into a
 * message, sent now; a span that heard nothing sends nothing, as O's
 * alink_gs sends nothing without video. TRUE when a datagram went out.
 */
gboolean gst_devourer_alink_send_record (GstDevourerAlinkSender * s,
    const struct dvr_link_feedback *fb);

/* The message for @fb (no I/O; the code state advances). FALSE for a
 * span that heard nothing. */
gboolean gst_devourer_alink_message_for (GstDevourerAlinkSender * s,
    const struct dvr_link_feedback *fb, struct dvr_link_alink *out);

/* O alink_gs calculate_link()'s score of the best RSSI and SNR. */
gint gst_devourer_alink_o_score (gint best_rssi, gint best_snr);

G_END_DECLS

#endif /* GST_DEVOURER_ALINK_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A worker thread that runs one callback at the deadlines the callback
 * itself asks for. The link layer is passive (it only acts when called with
 * the time), so each element needs something that calls it while no data
 * flows: FEC block timeouts, session re-announcements, periodic statistics.
 */
#ifndef GST_DEVOURER_TIMER_H
#define GST_DEVOURER_TIMER_H

#include <glib.h>

G_BEGIN_DECLS

/* Returns the next monotonic ms at which it wants to run again
 * (G_MAXUINT64: only when woken). Runs on the timer thread, no lock held. */
typedef guint64 (*GstDevourerTimerFunc) (gpointer user, guint64 now_ms);

typedef struct
{
  GMutex lock;
  GCond cond;
  GThread *thread;
  gboolean stopping;
  guint64 wake_ms;              /* next run, monotonic ms */
  GstDevourerTimerFunc func;
  gpointer user;
} GstDevourerTimer;

void gst_devourer_timer_init (GstDevourerTimer * timer);
void gst_devourer_timer_clear (GstDevourerTimer * timer);

/* Start the thread; the callback runs once right away. FALSE (and @error
 * set) if the thread could not be created. */
gboolean gst_devourer_timer_start (GstDevourerTimer * timer,
    const gchar * name, GstDevourerTimerFunc func, gpointer user,
    GError ** error);

/* Make sure the callback runs no later than @deadline_ms. Cheap when the
 * thread already plans to run earlier. Any thread. */
void gst_devourer_timer_wake_by (GstDevourerTimer * timer,
    guint64 deadline_ms);

/* Stop and join the thread (no-op if not running). Not from the callback. */
void gst_devourer_timer_stop (GstDevourerTimer * timer);

/*
 * For a message posted every @interval_ms (0 = never) from the callback:
 * is it due at @now_ms? *@due_ms keeps the schedule between calls (0 =
 * not scheduled; a shortened interval takes effect at once); *@next_ms
 * is lowered to the next time the callback must run for it.
 */
gboolean gst_devourer_timer_periodic_due (guint64 * due_ms,
    guint64 interval_ms, guint64 now_ms, guint64 * next_ms);

G_END_DECLS

#endif /* GST_DEVOURER_TIMER_H */

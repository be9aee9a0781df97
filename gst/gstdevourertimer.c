/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Deadline-driven worker thread; see gstdevourertimer.h.
 */
#include "gstdevourertimer.h"

#include <string.h>

#include "gstdevourerutil.h"

void
gst_devourer_timer_init (GstDevourerTimer * timer)
{
  g_mutex_init (&timer->lock);
  g_cond_init (&timer->cond);
  timer->thread = NULL;
  timer->stopping = FALSE;
  timer->wake_ms = G_MAXUINT64;
  timer->func = NULL;
  timer->user = NULL;
}

void
gst_devourer_timer_clear (GstDevourerTimer * timer)
{
  gst_devourer_timer_stop (timer);
  g_cond_clear (&timer->cond);
  g_mutex_clear (&timer->lock);
}

static gpointer
timer_thread (gpointer data)
{
  GstDevourerTimer *timer = data;

  g_mutex_lock (&timer->lock);
  while (!timer->stopping) {
    guint64 now = gst_devourer_now_ms ();

    if (now >= timer->wake_ms) {
      guint64 next;

      /* Anyone calling wake_by() while the callback runs lowers this
       * again, so a deadline set meanwhile is not lost. */
      timer->wake_ms = G_MAXUINT64;
      g_mutex_unlock (&timer->lock);
      next = timer->func (timer->user, now);
      g_mutex_lock (&timer->lock);
      if (next < timer->wake_ms)
        timer->wake_ms = next;
      continue;
    }

    if (timer->wake_ms == G_MAXUINT64)
      g_cond_wait (&timer->cond, &timer->lock);
    else
      g_cond_wait_until (&timer->cond, &timer->lock,
          (gint64) (timer->wake_ms * 1000u));
  }
  g_mutex_unlock (&timer->lock);
  return NULL;
}

gboolean
gst_devourer_timer_start (GstDevourerTimer * timer, const gchar * name,
    GstDevourerTimerFunc func, gpointer user, GError ** error)
{
  g_return_val_if_fail (timer->thread == NULL, FALSE);

  timer->func = func;
  timer->user = user;
  timer->stopping = FALSE;
  timer->wake_ms = 0;
  /* Linux keeps at most 15 characters of a thread name; GLib drops a
   * longer one altogether, so callers pass short names. */
  g_warn_if_fail (strlen (name) <= 15);
  timer->thread = g_thread_try_new (name, timer_thread, timer, error);
  return timer->thread != NULL;
}

void
gst_devourer_timer_wake_by (GstDevourerTimer * timer, guint64 deadline_ms)
{
  g_mutex_lock (&timer->lock);
  if (deadline_ms < timer->wake_ms) {
    timer->wake_ms = deadline_ms;
    g_cond_signal (&timer->cond);
  }
  g_mutex_unlock (&timer->lock);
}

void
gst_devourer_timer_stop (GstDevourerTimer * timer)
{
  GThread *thread;

  g_mutex_lock (&timer->lock);
  thread = timer->thread;
  timer->thread = NULL;
  timer->stopping = TRUE;
  g_cond_signal (&timer->cond);
  g_mutex_unlock (&timer->lock);

  if (thread != NULL)
    g_thread_join (thread);
}

gboolean
gst_devourer_timer_periodic_due (guint64 * due_ms, guint64 interval_ms,
    guint64 now_ms, guint64 * next_ms)
{
  gboolean due;

  if (interval_ms == 0) {
    *due_ms = 0;
    return FALSE;
  }
  if (*due_ms == 0 || *due_ms > now_ms + interval_ms)
    *due_ms = now_ms + interval_ms;     /* (re)started or shortened */
  due = now_ms >= *due_ms;
  if (due)
    *due_ms = now_ms + interval_ms;
  *next_ms = MIN (*next_ms, *due_ms);
  return due;
}

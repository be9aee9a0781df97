/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The process's freshness objects, one per link id; see gstdevourerfresh.h.
 */
#include "gstdevourerfresh.h"

typedef struct
{
  struct dvr_link_fresh *fresh;
  guint refs;
  GPtrArray *timers;            /* GstDevourerTimer * of the sinks */
} FreshEntry;

static GMutex registry_lock;
static GHashTable *registry;    /* link id -> FreshEntry */

/* A receiver heard a new challenge (inside dvr_link_rx_push, on a src's
 * thread): the sinks of the link re-announce with the new echo. Waking a
 * timer only takes its own lock, never an element's. */
static void
echo_changed (void *user)
{
  FreshEntry *e = user;

  g_mutex_lock (&registry_lock);
  for (guint i = 0; i < e->timers->len; i++)
    gst_devourer_timer_wake_by (g_ptr_array_index (e->timers, i), 0);
  g_mutex_unlock (&registry_lock);
}

struct dvr_link_fresh *
gst_devourer_fresh_acquire (guint32 link_id, GstDevourerTimer * wake)
{
  FreshEntry *e;
  struct dvr_link_fresh *f = NULL;

  g_mutex_lock (&registry_lock);
  if (registry == NULL)
    registry = g_hash_table_new (g_direct_hash, g_direct_equal);
  e = g_hash_table_lookup (registry, GUINT_TO_POINTER (link_id));
  if (e == NULL) {
    if (dvr_link_fresh_new (&f) != DVR_OK)
      goto out;
    e = g_new0 (FreshEntry, 1);
    e->fresh = f;
    e->timers = g_ptr_array_new ();
    dvr_link_fresh_set_notify (f, echo_changed, e);
    g_hash_table_insert (registry, GUINT_TO_POINTER (link_id), e);
  }
  e->refs++;
  if (wake != NULL)
    g_ptr_array_add (e->timers, wake);
  f = e->fresh;
out:
  g_mutex_unlock (&registry_lock);
  return f;
}

void
gst_devourer_fresh_release (guint32 link_id, GstDevourerTimer * wake)
{
  FreshEntry *e;

  g_mutex_lock (&registry_lock);
  e = registry != NULL ? g_hash_table_lookup (registry,
      GUINT_TO_POINTER (link_id)) : NULL;
  if (e != NULL) {
    if (wake != NULL)
      g_ptr_array_remove (e->timers, wake);
    if (--e->refs == 0) {
      g_hash_table_remove (registry, GUINT_TO_POINTER (link_id));
      dvr_link_fresh_free (e->fresh);
      g_ptr_array_unref (e->timers);
      g_free (e);
    }
  }
  g_mutex_unlock (&registry_lock);
}

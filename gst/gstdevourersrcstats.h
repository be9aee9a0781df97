/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * devourersrc's statistics and link diagnosis: the 'stats' structure, the
 * devourer-rx-stats messages (periodic and final) and the warnings that
 * name why nothing arrives (wrong key, another link or port, nothing
 * heard, the aggregator's refusals, a session held back). The element
 * calls these from its timer thread, from stop and at EOS; they read the
 * element's counters under the locks gstdevourersrc.h documents.
 */
#ifndef GST_DEVOURER_SRC_STATS_H
#define GST_DEVOURER_SRC_STATS_H

#include "gstdevourersrc.h"

G_BEGIN_DECLS

/* Link diagnosis: the counters are judged over windows of this length,
 * and a warning of one kind is posted at most once per repeat interval
 * while its cause lasts (documented in gst/README.md). */
#define GST_DEVOURER_SRC_DIAG_WINDOW_MS 2000u
#define GST_DEVOURER_SRC_DIAG_REPEAT_MS 10000u

/* The 'stats' property: a new structure (the caller owns it). */
GstStructure *gst_devourer_src_stats_make (GstDevourerSrc * self);

/* A devourer-rx-stats message for the interval since the last one;
 * @final: the last of this run (EOS or stop), after which no periodic
 * one follows until the next start. @now: gst_devourer_now_ms. */
void gst_devourer_src_stats_post (GstDevourerSrc * self, guint64 now,
    gboolean final);

/* The final message, once per run. */
void gst_devourer_src_stats_post_final (GstDevourerSrc * self);

/* One diagnosis step (timer thread): at the end of each window, a
 * warning for each cause of silence it finds, at most one per kind per
 * repeat interval. */
void gst_devourer_src_diagnose (GstDevourerSrc * self, guint64 now);

G_END_DECLS

#endif /* GST_DEVOURER_SRC_STATS_H */

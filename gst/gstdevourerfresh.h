/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Freshness over the uplink, for the elements of one process: every
 * devourersrc and devourersink on a link id share one dvr_link_fresh
 * (link.h), so the ground's uplink sink carries the challenge its video
 * src wants echoed, and the drone's video sink echoes what its uplink src
 * heard. A sink hands in its timer, woken when the echo changes so the
 * new one goes out at once rather than at the next announcement.
 */
#ifndef GST_DEVOURER_FRESH_H
#define GST_DEVOURER_FRESH_H

#include <glib.h>

#include <devourer/link.h>

#include "gstdevourertimer.h"

G_BEGIN_DECLS

/* The object of @link_id (made on first use). @wake: a sink's timer, or
 * NULL for a src. NULL if it cannot be made (then go without). */
struct dvr_link_fresh *gst_devourer_fresh_acquire (guint32 link_id,
    GstDevourerTimer * wake);

/* Give it back once the transmitter or receiver using it is freed; the
 * last one frees it. Same @wake as acquired with. */
void gst_devourer_fresh_release (guint32 link_id, GstDevourerTimer * wake);

G_END_DECLS

#endif /* GST_DEVOURER_FRESH_H */

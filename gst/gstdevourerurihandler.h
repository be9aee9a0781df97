/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GstURIHandler for devourersrc (GST_URI_SRC) and devourersink
 * (GST_URI_SINK): devourer://DEVICE?NAME=VALUE&... sets `device` and the
 * element's own properties by name (gstdevoureruri.h has the syntax).
 *
 * The URI is the whole configuration: a property the URI does not name
 * goes back to its default, so an element given another element's
 * get_uri() is set up like it. get_uri() lists the properties that differ
 * from their defaults, except the write-only password, which no URI read
 * back from an element ever shows.
 */
#ifndef GST_DEVOURER_URI_HANDLER_H
#define GST_DEVOURER_URI_HANDLER_H

#include <gst/gst.h>

G_BEGIN_DECLS

/* The GInterfaceInitFunc for G_IMPLEMENT_INTERFACE (GST_TYPE_URI_HANDLER,
 * ...) of either element: a GstBaseSrc subclass is a URI source, anything
 * else a URI sink. */
void gst_devourer_uri_handler_init (gpointer g_iface, gpointer iface_data);

G_END_DECLS

#endif /* GST_DEVOURER_URI_HANDLER_H */

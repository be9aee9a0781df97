/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The plugin's side of GstDevourerRxMeta (gstdevourerrxmeta.h, which
 * applications read): registering the meta and putting it on buffers.
 */
#ifndef GST_DEVOURER_RX_META_REG_H
#define GST_DEVOURER_RX_META_REG_H

#include <devourer/link.h>

#include "gstdevourerrxmeta.h"

G_BEGIN_DECLS

/* The API type, registered under GST_DEVOURER_RX_META_API_NAME on the
 * first call (plugin_init makes it, so applications find it by name). */
GType gst_devourer_rx_meta_api_get_type (void);

/* Set @buffer's meta from what the link says about the frame behind its
 * packet. The meta stays on a pooled buffer (GST_META_FLAG_POOLED) and
 * is rewritten each time the pool hands the buffer out again, so a
 * warmed-up pool adds none. */
void gst_devourer_rx_meta_set (GstBuffer * buffer,
    const struct dvr_link_rx_heard * heard);

G_END_DECLS

#endif /* GST_DEVOURER_RX_META_REG_H */

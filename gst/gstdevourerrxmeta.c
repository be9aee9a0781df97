/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* GstDevourerRxMeta: registration, and filling it from the link's
 * account of a packet's frame; see gstdevourerrxmeta.h. */
#include "gstdevourerrxmetareg.h"

#include <string.h>

GType
gst_devourer_rx_meta_api_get_type (void)
{
  static GType type = 0;
  /* No tags: it describes the packet, not its memory or format, so a
   * transform that keeps the bytes may keep it. */
  static const gchar *tags[] = { NULL };

  if (g_once_init_enter (&type)) {
    GType t = gst_meta_api_type_register (GST_DEVOURER_RX_META_API_NAME,
        tags);
    g_once_init_leave (&type, t);
  }
  return type;
}

static gboolean
rx_meta_init (GstMeta * meta, gpointer params, GstBuffer * buffer)
{
  GstDevourerRxMeta *m = (GstDevourerRxMeta *) meta;

  (void) params;
  (void) buffer;
  m->tsf = 0;
  m->has_tsf = FALSE;
  m->adapter = 0;
  m->channel = 0;
  m->frequency = 0;
  m->rssi = GST_DEVOURER_RX_META_RSSI_NONE;
  m->n_chains = 0;
  memset (m->chain_rssi, 0, sizeof (m->chain_rssi));
  return TRUE;
}

/* A copy of the buffer is the same packet: it keeps the meta. */
static gboolean
rx_meta_transform (GstBuffer * dest, GstMeta * meta, GstBuffer * buffer,
    GQuark type, gpointer data)
{
  const GstDevourerRxMeta *src = (const GstDevourerRxMeta *) meta;
  GstDevourerRxMeta *m;

  (void) buffer;
  (void) data;
  if (!GST_META_TRANSFORM_IS_COPY (type))
    return FALSE;
  m = (GstDevourerRxMeta *) gst_buffer_add_meta (dest, meta->info, NULL);
  if (m == NULL)
    return FALSE;
  m->tsf = src->tsf;
  m->has_tsf = src->has_tsf;
  m->adapter = src->adapter;
  m->channel = src->channel;
  m->frequency = src->frequency;
  m->rssi = src->rssi;
  m->n_chains = src->n_chains;
  memcpy (m->chain_rssi, src->chain_rssi, sizeof (m->chain_rssi));
  return TRUE;
}

static const GstMetaInfo *
rx_meta_get_info (void)
{
  static const GstMetaInfo *info = NULL;

  if (g_once_init_enter ((GstMetaInfo **) & info)) {
    const GstMetaInfo *mi =
        gst_meta_register (gst_devourer_rx_meta_api_get_type (),
        "GstDevourerRxMeta", sizeof (GstDevourerRxMeta), rx_meta_init, NULL,
        rx_meta_transform);
    g_once_init_leave ((GstMetaInfo **) & info, (GstMetaInfo *) mi);
  }
  return info;
}

void
gst_devourer_rx_meta_set (GstBuffer * buffer,
    const struct dvr_link_rx_heard *heard)
{
  GstDevourerRxMeta *m = (GstDevourerRxMeta *) gst_buffer_get_meta (buffer,
      gst_devourer_rx_meta_api_get_type ());
  guint chains = MIN (heard->n_chains, GST_DEVOURER_RX_META_MAX_CHAINS);

  if (m == NULL) {
    m = (GstDevourerRxMeta *) gst_buffer_add_meta (buffer,
        rx_meta_get_info (), NULL);
    if (m == NULL)
      return;
    GST_META_FLAG_SET (m, GST_META_FLAG_POOLED);
  }
  m->tsf = heard->has_tsf ? heard->tsf_us : 0;
  m->has_tsf = heard->has_tsf;
  m->adapter = heard->adapter;
  m->channel = heard->channel;
  m->frequency = heard->freq_mhz;
  m->rssi = heard->rssi_dbm == DVR_LINK_RSSI_UNKNOWN ?
      GST_DEVOURER_RX_META_RSSI_NONE : heard->rssi_dbm;
  m->n_chains = chains;
  for (guint c = 0; c < GST_DEVOURER_RX_META_MAX_CHAINS; c++)
    m->chain_rssi[c] = c < chains ? heard->chain_rssi_dbm[c] : 0;
}

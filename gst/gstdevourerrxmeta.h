/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GstDevourerRxMeta: chip time on every buffer devourersrc pushes.
 *
 * Each buffer (one packet of the link) carries one GstDevourerRxMeta
 * saying which frame completed the packet — the frame that carried it,
 * or, for a packet rebuilt by FEC, the last frame of its block that
 * arrived before the rebuild (the one that made the recovery possible) —
 * and when and how the receiving chip heard that frame. The time is the
 * chip's TSF: its own 64-bit microsecond counter, running since the
 * adapter was started; libdevourer's dvr_get_tsf() reads the same
 * counter, and every adapter has its own. Several elements on one shared
 * adapter see one clock, so the same packet carries the same tsf in each.
 *
 * An application reads it with nothing but this header and GStreamer
 * (the plugin exports no library): the meta's API type is registered by
 * name when the plugin loads, and the struct below is its layout.
 *
 *   #include <devourer/gstdevourerrxmeta.h>
 *
 *   static GstPadProbeReturn
 *   on_buffer (GstPad * pad, GstPadProbeInfo * info, gpointer user)
 *   {
 *     GstDevourerRxMeta *m =
 *         gst_buffer_get_devourer_rx_meta (GST_PAD_PROBE_INFO_BUFFER (info));
 *     if (m != NULL && m->has_tsf)
 *       g_print ("adapter %u heard it at TSF %" G_GUINT64_FORMAT " us on "
 *           "channel %u\n", m->adapter, m->tsf, m->channel);
 *     return GST_PAD_PROBE_OK;
 *   }
 *
 * (a probe on devourersrc's src pad: elements downstream that make new
 * buffers — depayloaders, decoders — do not carry it on).
 *
 * Installed as <devourer/gstdevourerrxmeta.h>; compile with
 * `pkg-config --cflags gstreamer-1.0 devourer`.
 */
#ifndef GST_DEVOURER_RX_META_H
#define GST_DEVOURER_RX_META_H

#include <gst/gst.h>

G_BEGIN_DECLS

/* The name the meta's API type is registered under. */
#define GST_DEVOURER_RX_META_API_NAME "GstDevourerRxMetaAPI"
/* Entries of chain_rssi: the most receive chains of any adapter
 * libdevourer drives (DVR_MAX_RF_PATHS: the RTL8814AU's four). */
#define GST_DEVOURER_RX_META_MAX_CHAINS 4
/* rssi when the frame's signal is not known (a forwarded frame whose
 * forwarder reported none): below any real reading, as the stats'. */
#define GST_DEVOURER_RX_META_RSSI_NONE (-127)

typedef struct
{
  GstMeta meta;

  /* The receiving chip's TSF when the frame arrived, in microseconds
   * since its MAC powered on (libdevourer dvr_rx_info.tsf_us), on the
   * clock of the adapter named by @adapter. Valid when @has_tsf; FALSE
   * for a frame a remote receiver forwarded (devourersrc aggregate=:
   * wfb-ng's forwarder format carries no chip time), tsf is 0 then. */
  guint64 tsf;
  gboolean has_tsf;
  /* The adapter that heard it: its index in devourersrc's stats
   * "adapters" (local adapters in `device` order, then remote slots). */
  guint adapter;
  /* The channel the adapter was tuned to when it heard the frame, and
   * its centre frequency in MHz (0: not known, a forwarded frame). */
  guint channel;
  guint frequency;
  /* The frame's signal in dBm, or GST_DEVOURER_RX_META_RSSI_NONE. */
  gint rssi;
  /* Signal per receive chain (RF paths A, B, C, D) in dBm: the first
   * n_chains entries (0..GST_DEVOURER_RX_META_MAX_CHAINS) are valid. */
  guint n_chains;
  gint chain_rssi[GST_DEVOURER_RX_META_MAX_CHAINS];
} GstDevourerRxMeta;

/* The buffer's GstDevourerRxMeta, or NULL (none, or the plugin not
 * loaded in this process). The meta belongs to the buffer: read it
 * while holding the buffer. */
static inline GstDevourerRxMeta *
gst_buffer_get_devourer_rx_meta (GstBuffer * buffer)
{
  GType api = g_type_from_name (GST_DEVOURER_RX_META_API_NAME);

  if (api == 0)
    return NULL;
  return (GstDevourerRxMeta *) gst_buffer_get_meta (buffer, api);
}

G_END_DECLS

#endif /* GST_DEVOURER_RX_META_H */

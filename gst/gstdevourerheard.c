/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What a receiving adapter heard, and its stats fields; see
 * gstdevourerheard.h. */
#include "gstdevourerheard.h"

#include <string.h>

gint
gst_devourer_heard_average (gint64 sum, guint64 samples)
{
  return samples > 0 ? (gint) (sum / (gint64) samples) :
      GST_DEVOURER_RSSI_NONE;
}

void
gst_devourer_heard_reset (GstDevourerSrcHeard * heard)
{
  memset (heard, 0, sizeof (*heard));
  heard->rssi_min = G_MAXINT;
  heard->rssi_max = G_MININT;
}

void
gst_devourer_heard_add (GstDevourerSrcHeard * h,
    const struct dvr_rx_info *info, gboolean ours)
{
  gint rssi = info->signal_dbm;
  guint chains = MIN (info->n_chains, DVR_MAX_RF_PATHS);

  h->all_frames++;
  h->all_rssi_sum += rssi;
  if (!ours)
    return;
  if (h->frames == 0)
    h->tsf_first = info->tsf_us;
  h->tsf_last = info->tsf_us;
  h->frames++;
  h->rssi_sum += rssi;
  h->rssi_samples++;
  h->rssi_min = MIN (h->rssi_min, rssi);
  h->rssi_max = MAX (h->rssi_max, rssi);
  for (guint c = 0; c < chains; c++) {
    h->chain_rssi_sum[c] += info->rssi_dbm[c];
    h->chain_snr_sum[c] += info->snr_db[c];
    h->chain_samples[c]++;
  }
  h->has_rate = TRUE;
  h->rate = info->rate;
  h->bw_mhz = info->bw_mhz;
}

/* Averages per receive chain, for the chains that reported any: a chain
 * reports only with those before it (A, then B...), so they are the
 * first ones. */
static void
chain_averages (GValue * out, const gint64 * sums, const guint64 * samples)
{
  g_value_init (out, GST_TYPE_ARRAY);
  for (guint c = 0; c < DVR_MAX_RF_PATHS && samples[c] > 0; c++) {
    GValue v = G_VALUE_INIT;

    g_value_init (&v, G_TYPE_INT);
    g_value_set_int (&v, (gint) (sums[c] / (gint64) samples[c]));
    gst_value_array_append_and_take_value (out, &v);
  }
}

/* The rate of the last frame of this link heard, as a user reads it. */
static gchar *
rate_name (const GstDevourerSrcHeard * h)
{
  if (!h->has_rate)
    return g_strdup ("none");
  switch (h->rate.kind) {
    case DVR_RATE_HT:
      return g_strdup_printf ("HT MCS %u", h->rate.mcs);
    case DVR_RATE_VHT:
      return g_strdup_printf ("VHT NSS %u MCS %u", h->rate.nss, h->rate.mcs);
    default:
      return g_strdup_printf ("%u%s Mbit/s", h->rate.legacy_500k / 2u,
          (h->rate.legacy_500k & 1u) ? ".5" : "");
  }
}

/* The signal of everything (another network's frames too: is the radio
 * alive?), per chain and the rate of this link's frames (is the antenna,
 * the sender's TX vector, what it should be?). */
void
gst_devourer_heard_set_fields (GstStructure * s, const GstDevourerSrcHeard * h)
{
  GValue rssi = G_VALUE_INIT, snr = G_VALUE_INIT;
  gchar *rate = rate_name (h);

  chain_averages (&rssi, h->chain_rssi_sum, h->chain_samples);
  chain_averages (&snr, h->chain_snr_sum, h->chain_samples);
  gst_structure_set (s,
      "link-frames", G_TYPE_UINT64, h->frames,
      "frames-heard", G_TYPE_UINT64, h->all_frames,
      "rssi-heard", G_TYPE_INT, gst_devourer_heard_average (h->all_rssi_sum,
          h->all_frames),
      "rate", G_TYPE_STRING, rate,
      "bandwidth", G_TYPE_UINT, h->has_rate ? h->bw_mhz : 0u,
      "tsf-first", G_TYPE_UINT64, h->frames > 0 ? h->tsf_first : 0u,
      "tsf-last", G_TYPE_UINT64, h->frames > 0 ? h->tsf_last : 0u, NULL);
  gst_structure_take_value (s, "chain-rssi", &rssi);
  gst_structure_take_value (s, "chain-snr", &snr);
  g_free (rate);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Link feedback in the elements; see gstdevourerfeedback.h. */
#include "gstdevourerfeedback.h"

#include <string.h>

static int
emit_record (void *user, const uint8_t * frame, size_t len)
{
  GstDevourerFeedbackSender *fs = user;
  dvr_share *share = g_atomic_pointer_get (&fs->share);

  if (share == NULL)
    return DVR_E_NO_DEVICE;
  return dvr_share_send (share, frame, len);
}

gboolean
gst_devourer_feedback_sender_init (GstDevourerFeedbackSender * fs,
    const struct dvr_link_keys *keys, guint32 link_id, guint port,
    GError ** err)
{
  struct dvr_link_tx_config cfg = {
    .link_id = link_id,
    .radio_port = (uint8_t) port,
    .k = 1,
    .n = 2,
  };
  struct dvr_tx_params vector = {
    .rate = {.kind = DVR_RATE_HT,.mcs = GST_DEVOURER_FEEDBACK_MCS},
    .bw_mhz = 20,
    .no_ack = true,
  };
  int r;

  memset (fs, 0, sizeof (*fs));
  r = dvr_link_tx_new (&cfg, keys, emit_record, fs, &fs->tx);
  if (r == DVR_OK)
    r = dvr_link_tx_set_radiotap (fs->tx, &vector);
  if (r != DVR_OK) {
    dvr_link_tx_free (fs->tx);
    fs->tx = NULL;
    g_set_error (err, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "feedback sender: %s", dvr_strerror (r));
    return FALSE;
  }
  return TRUE;
}

void
gst_devourer_feedback_sender_set_share (GstDevourerFeedbackSender * fs,
    dvr_share * share)
{
  g_atomic_pointer_set (&fs->share, share);
}

gboolean
gst_devourer_feedback_sender_send (GstDevourerFeedbackSender * fs,
    const struct dvr_link_feedback *fb, guint64 now_ms)
{
  uint8_t rec[DVR_LINK_FEEDBACK_LEN];
  struct dvr_link_feedback numbered = *fb;
  struct dvr_link_tx_stats before, after;

  if (fs->tx == NULL)
    return FALSE;
  numbered.seq = fs->seq++;
  if (dvr_link_feedback_write (&numbered, rec, sizeof (rec)) == 0) {
    fs->errors++;
    return FALSE;
  }
  /* A record fills its one-packet block: it leaves with its parity at
   * once (after a session announcement when one is due). It reached the
   * air unless the adapter refused every frame it made. */
  dvr_link_tx_get_stats (fs->tx, &before);
  /* re-announces the session when due: a drone that missed the first
   * announcement (or started later) learns the key from the next */
  dvr_link_tx_poll (fs->tx, now_ms);
  dvr_link_tx_send (fs->tx, rec, sizeof (rec), now_ms);
  dvr_link_tx_get_stats (fs->tx, &after);
  if (after.emit_errors - before.emit_errors >=
      (after.data_frames - before.data_frames) +
      (after.session_frames - before.session_frames)) {
    fs->errors++;
    return FALSE;
  }
  fs->sent++;
  return TRUE;
}

void
gst_devourer_feedback_sender_clear (GstDevourerFeedbackSender * fs)
{
  dvr_link_tx_free (fs->tx);
  fs->tx = NULL;
  g_atomic_pointer_set (&fs->share, NULL);
}

static gint8
clamp_db (gint64 sum, guint64 samples)
{
  gint64 v = samples > 0 ? sum / (gint64) samples : -128;

  return (gint8) CLAMP (v, -128, 127);
}

void
gst_devourer_feedback_fill (struct dvr_link_feedback *fb, guint span_ms,
    const struct dvr_link_rx_stats *now,
    const struct dvr_link_rx_stats *before, const GstDevourerSrcHeard * heard,
    const struct dvr_link_rx_session *sess, guint worst)
{
  guint64 lost;

  memset (fb, 0, sizeof (*fb));
  fb->span_ms = (uint16_t) MIN (span_ms, G_MAXUINT16);
  fb->packets = (uint32_t) MIN (now->packets - before->packets, G_MAXUINT32);
  lost = (now->lost - before->lost) + (now->lost_unknown -
      before->lost_unknown);
  fb->lost = (uint32_t) MIN (lost, G_MAXUINT32);
  fb->recovered = (uint32_t) MIN (now->fec_recovered - before->fec_recovered,
      G_MAXUINT32);
  fb->frames = (uint32_t) MIN (now->link_frames - before->link_frames,
      G_MAXUINT32);
  fb->worst_block_missing = (uint8_t) MIN (worst, 255);
  if (now->unrecoverable != before->unrecoverable)
    fb->flags |= DVR_LINK_FEEDBACK_KEYFRAME;
  if (heard == NULL || heard->frames == 0)
    fb->flags |= DVR_LINK_FEEDBACK_SILENT;
  if (heard != NULL) {
    for (guint c = 0; c < DVR_MAX_RF_PATHS && heard->chain_samples[c] > 0;
        c++) {
      fb->rssi_dbm[c] = clamp_db (heard->chain_rssi_sum[c],
          heard->chain_samples[c]);
      fb->snr_db[c] = clamp_db (heard->chain_snr_sum[c],
          heard->chain_samples[c]);
      fb->n_chains = (uint8_t) (c + 1);
    }
    if (heard->has_rate) {
      fb->has_rate = true;
      fb->rate = heard->rate;
      fb->bw_mhz = (uint8_t) MIN (heard->bw_mhz, 255);
    }
  }
  if (sess != NULL && sess->valid) {
    fb->fec_k = sess->k;
    fb->fec_n = sess->n;
  }
}

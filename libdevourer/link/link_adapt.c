/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The drone's side of an adaptive link: from the ground's scores to the
 * profile row to run on, as OpenIPC adaptive-link's alink_drone chooses
 * it, plus the score of our own feedback records the way alink_gs scores
 * wfb-ng's statistics, and a built-in ladder of rows for when the user
 * gives no profile file.
 *
 * Sources read for the facts (never copied): alink_drone.c and alink_gs
 * of sickgreg/OpenIPC-Adaptive-Link at 4401083a9ed6 ("S") and of
 * OpenIPC/adaptive-link at dca368dbaa02 ("O"): start_selection() (S lines
 * 946-1042, O 1533-1608), value_chooses_profile() (S 897-944, O
 * 1478-1531), count_messages() (S 1253-1275), the shipped alink.conf and
 * alink_gs.conf, and O alink_gs's score (lines 160-164) and penalty
 * (147-164).
 *
 * No clock and no thread: every call carries the caller's monotonic time
 * in milliseconds, and silence is found by dvr_link_adapt_poll().
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/link.h>

/*
 * Defaults, each the value alink ships in its config files (alink.conf of
 * S and O agree on all of these unless said; the code's own fallbacks
 * when a key is missing differ and are not what anyone runs):
 *
 * fallback_ms 1000: alink.conf fallback_ms=1000. alink_gs sends a score
 *   every 100 ms, so ten missed in a row mean the uplink (or the ground)
 *   is gone, not a lost packet or two.
 * min_between_changes_ms 200: alink.conf min_between_changes_ms=200; two
 *   feedback intervals, so every change is judged on at least one score
 *   measured at the row before it.
 * hold_up_ms 3000: alink.conf hold_modes_down_s=3 (the name is alink's;
 *   it holds moves up). alink counts whole seconds and holds while
 *   "elapsed <= 3", i.e. 3..4 s of real time; we hold below 3000 ms.
 *   Going up is the risky move (a faster rate may not hold), and three
 *   seconds of a good link is enough to trust it.
 * hold_fallback_ms 1000: alink.conf hold_fallback_mode_s=1, the same
 *   whole-second rounding as above.
 * hysteresis 5 % up and down: alink.conf hysteresis_percent=5 and
 *   hysteresis_percent_down=5, i.e. about 50..100 score points, more than
 *   a record's jitter of a dB or two (one dB of SNR and RSSI together is
 *   about 30 points, see the score below).
 * smoothing up 0.1, down 1.0: alink.conf exp_smoothing_factor=0.1 and
 *   exp_smoothing_factor_down=1.0: a worse score is taken at once, a
 *   better one is believed over ~10 scores (~1 s at alink_gs's 100 ms).
 *   The factors act per score fed, so a feedback interval other than
 *   100 ms changes how fast that is in time.
 * score ranges SNR 12..38 dB, RSSI -80..-30 dBm, weights 0.5/0.5:
 *   S alink_gs DEFAULT_CONFIG (min_snr, max_snr, min_rssi, max_rssi) and
 *   O alink_gs.conf [ranges] and [weights].
 * keyframe_interval_ms 1000: S alink.conf request_keyframe_interval_ms=1000
 *   (O ships 1112, the same second give or take). One keyframe per second
 *   bounds what repeated requests during a bad patch cost in bitrate.
 * loss_full_ratio 0.02: O alink_gs's penalty counts a lost packet 5 times
 *   and takes all the score above 1000 at a noise of max_noise 0.1, i.e.
 *   at 2 % of packets lost; it grows as the square root (its
 *   deduction_exponent 0.5) from there down, as ours does. O ships that
 *   penalty off (allow_penalty False) and S has none; ours is on because
 *   our record counts loss after FEC directly (wfb-ng's "lost"), and a
 *   link that loses packets at a strong signal must still step down.
 */
#define DEF_FALLBACK_MS 1000u
#define DEF_MIN_BETWEEN_MS 200u
#define DEF_HOLD_UP_MS 3000u
#define DEF_HOLD_FALLBACK_MS 1000u
#define DEF_HYST_PCT 5.0
#define DEF_SMOOTH_UP 0.1
#define DEF_SMOOTH_DOWN 1.0
#define DEF_SNR_MIN 12
#define DEF_SNR_MAX 38
#define DEF_RSSI_MIN (-80)
#define DEF_RSSI_MAX (-30)
#define DEF_WEIGHT 0.5
#define DEF_KEYFRAME_MS 1000u
#define DEF_LOSS_FULL 0.02

/* alink_drone's smoothed value before any score (its global's
 * initialiser, S line 105): the middle of the scale, so the first row is
 * chosen from a value pulled toward the middle, never from one lucky
 * score. */
#define SMOOTHED_START 1500.0

void dvr_link_adapt_config_default(struct dvr_link_adapt_config *cfg)
{
	if (!cfg)
		return;
	memset(cfg, 0, sizeof *cfg);
	cfg->fallback_ms = DEF_FALLBACK_MS;
	cfg->min_between_changes_ms = DEF_MIN_BETWEEN_MS;
	cfg->hold_up_ms = DEF_HOLD_UP_MS;
	cfg->hold_fallback_ms = DEF_HOLD_FALLBACK_MS;
	cfg->hysteresis_up_pct = DEF_HYST_PCT;
	cfg->hysteresis_down_pct = DEF_HYST_PCT;
	cfg->smoothing_up = DEF_SMOOTH_UP;
	cfg->smoothing_down = DEF_SMOOTH_DOWN;
	cfg->snr_min = DEF_SNR_MIN;
	cfg->snr_max = DEF_SNR_MAX;
	cfg->rssi_min = DEF_RSSI_MIN;
	cfg->rssi_max = DEF_RSSI_MAX;
	cfg->snr_weight = DEF_WEIGHT;
	cfg->rssi_weight = DEF_WEIGHT;
	cfg->keyframe_interval_ms = DEF_KEYFRAME_MS;
	cfg->loss_full_ratio = DEF_LOSS_FULL;
}

/* Written as "x >= lo && x <= hi" so that a NaN fails too. */
static bool in_range(double x, double lo, double hi)
{
	return x >= lo && x <= hi;
}

static bool config_ok(const struct dvr_link_adapt_config *c)
{
	/* A factor of 0 would never move; above 1 would overshoot. */
	if (!(c->smoothing_up > 0 && c->smoothing_up <= 1) ||
	    !(c->smoothing_down > 0 && c->smoothing_down <= 1))
		return false;
	/* Percent of a value of 1000..2000: 100 % and more never passes,
	 * which is a way to freeze a direction, so it is allowed. */
	if (!in_range(c->hysteresis_up_pct, 0, 1e6) ||
	    !in_range(c->hysteresis_down_pct, 0, 1e6))
		return false;
	if (c->fallback_ms == 0)
		return false;
	if (c->snr_min >= c->snr_max || c->rssi_min >= c->rssi_max)
		return false;
	if (!in_range(c->snr_weight, 0, 1e6) ||
	    !in_range(c->rssi_weight, 0, 1e6) ||
	    c->snr_weight + c->rssi_weight <= 0)
		return false;
	return in_range(c->loss_full_ratio, 0, 1);
}

/* alink_gs's linear map of a measurement onto 0..1, clamped. */
static double unit(double v, int lo, int hi)
{
	double u = (v - lo) / ((double)hi - lo);
	return u < 0 ? 0 : u > 1 ? 1 : u;
}

/* The score of a best-chain SNR and RSSI, before loss and rounding. */
static double signal_score(const struct dvr_link_adapt_config *c, double snr,
                           double rssi)
{
	/* O alink_gs combines the two itself as 1000 + 1000 x (ws x snr_n +
	 * wr x rssi_n); S sends two scores the drone combines with the same
	 * weights. With weights summing to 1 both are this; dividing by the
	 * sum keeps any other weights within 1000..2000. */
	double w = c->snr_weight + c->rssi_weight;
	return 1000.0 + 1000.0 * (c->snr_weight * unit(snr, c->snr_min,
	                                                c->snr_max) +
	                          c->rssi_weight * unit(rssi, c->rssi_min,
	                                                c->rssi_max)) / w;
}

int dvr_link_feedback_score(const struct dvr_link_adapt_config *cfg,
                            const struct dvr_link_feedback *fb)
{
	if (!cfg || !fb || !config_ok(cfg) || fb->n_chains > DVR_MAX_RF_PATHS)
		return DVR_E_INVALID;
	/* Nothing of the link heard: the score alink_drone's fallback is
	 * keyed on, so that a silent record and a missing one mean the
	 * same. */
	if ((fb->flags & DVR_LINK_FEEDBACK_SILENT) ||
	    (fb->packets == 0 && fb->frames == 0))
		return DVR_LINK_ADAPT_SCORE_FALLBACK;
	/* Heard, but no chain measured: alink_gs gives such stats (no
	 * antennas) 1000, the worst working link, rather than a guess. */
	if (fb->n_chains == 0)
		return DVR_LINK_ADAPT_SCORE_MIN;
	/* The best chain's SNR and the best chain's RSSI, each on its own:
	 * O alink_gs takes the max of each over rx_ant_stats, S the first of
	 * each sorted list; with diversity the best chain is what decodes. */
	int snr = fb->snr_db[0], rssi = fb->rssi_dbm[0];
	for (unsigned i = 1; i < fb->n_chains; i++) {
		if (fb->snr_db[i] > snr)
			snr = fb->snr_db[i];
		if (fb->rssi_dbm[i] > rssi)
			rssi = fb->rssi_dbm[i];
	}
	double s = signal_score(cfg, snr, rssi);
	/* Loss beyond repair: the record says the span already lost
	 * packets at the rate and FEC in force, which no signal figure
	 * shows when the cause is interference or a rate too fast for the
	 * channel's delay spread. Take a share of the score above 1000 that
	 * grows as the square root of the lost share, all of it at
	 * loss_full_ratio: the form of O alink_gs's penalty (exponent 0.5),
	 * so one lost packet in a thousand already costs a fifth. */
	uint64_t total = (uint64_t)fb->packets + fb->lost;
	if (cfg->loss_full_ratio > 0 && fb->lost > 0 && total > 0) {
		double r = (double)fb->lost / (double)total /
		           cfg->loss_full_ratio;
		double cut = sqrt(r > 1 ? 1 : r);
		s = 1000.0 + (s - 1000.0) * (1.0 - cut);
	}
	/* Rounded to the nearest (S alink_gs rounds; O truncates, at most
	 * one point lower). s is within 1000..2000 here. */
	return (int)floor(s + 0.5);
}

int dvr_link_adapt_alink_score(const struct dvr_link_adapt_config *cfg,
                               int rssi_score, int snr_score)
{
	if (!cfg || !config_ok(cfg))
		return DVR_E_INVALID;
	if (rssi_score == DVR_LINK_ADAPT_SCORE_FALLBACK)
		return DVR_LINK_ADAPT_SCORE_FALLBACK;
	/* alink_drone's combination (S start_selection(), line 991):
	 * rssi x rssi_weight + snr x snr_weight; divided by the weights' sum
	 * as our own score is, the same for alink's 0.5/0.5. Fields are
	 * atoi()'d text, so anything may come: clamp in double first. */
	double w = cfg->rssi_weight + cfg->snr_weight;
	double v = ((double)rssi_score * cfg->rssi_weight +
	            (double)snr_score * cfg->snr_weight) / w;
	if (!(v >= DVR_LINK_ADAPT_SCORE_MIN))
		return DVR_LINK_ADAPT_SCORE_MIN;
	if (v > DVR_LINK_ADAPT_SCORE_MAX)
		return DVR_LINK_ADAPT_SCORE_MAX;
	return (int)floor(v + 0.5);
}

struct dvr_link_adapt {
	struct dvr_link_adapt_config cfg;
	const struct dvr_link_profiles *profiles;
	const struct dvr_link_profile *cur; /* NULL before the first */
	double smoothed;
	int last_value;           /* smoothed value of the last change */
	bool has_score;           /* a score was fed since the start */
	uint64_t last_score_ms;
	uint64_t last_change_ms;  /* valid when cur */
	bool kf_sent;
	uint64_t last_kf_ms;
	bool has_time;
	uint64_t last_now_ms;     /* time only goes forward */
};

int dvr_link_adapt_new(const struct dvr_link_adapt_config *cfg,
                       const struct dvr_link_profiles *profiles,
                       struct dvr_link_adapt **out)
{
	if (out)
		*out = NULL;
	if (!cfg || !profiles || !out || !config_ok(cfg) ||
	    profiles->count == 0 || !profiles->rows)
		return DVR_E_INVALID;
	struct dvr_link_adapt *a = calloc(1, sizeof *a);
	if (!a)
		return DVR_E_NO_MEM;
	a->cfg = *cfg;
	a->profiles = profiles;
	a->smoothed = SMOOTHED_START;
	*out = a;
	return DVR_OK;
}

void dvr_link_adapt_free(struct dvr_link_adapt *a)
{
	free(a);
}

const struct dvr_link_profile *
dvr_link_adapt_current(const struct dvr_link_adapt *a)
{
	return a ? a->cur : NULL;
}

/* Refuse a clock going back (the differences below are unsigned), then
 * remember it. */
static bool time_ok(struct dvr_link_adapt *a, uint64_t now)
{
	if (a->has_time && now < a->last_now_ms)
		return false;
	a->has_time = true;
	a->last_now_ms = now;
	return true;
}

static int smoothed_int(const struct dvr_link_adapt *a)
{
	return (int)floor(a->smoothed);
}

static void no_change(const struct dvr_link_adapt *a, int score,
                      struct dvr_link_adapt_decision *out)
{
	memset(out, 0, sizeof *out);
	out->why = DVR_LINK_ADAPT_NONE;
	out->from = a->cur;
	out->to = a->cur;
	out->score = score;
	out->smoothed = smoothed_int(a);
}

static void change(struct dvr_link_adapt *a, const struct dvr_link_profile *to,
                   enum dvr_link_adapt_reason why, int value, uint64_t now,
                   struct dvr_link_adapt_decision *out)
{
	out->why = why;
	out->from = a->cur;
	out->to = to;
	out->smoothed = value;
	a->cur = to;
	a->last_value = value;
	a->last_change_ms = now;
}

static const struct dvr_link_profile *
fallback_row(const struct dvr_link_adapt *a)
{
	return dvr_link_profiles_find(a->profiles,
	                              DVR_LINK_ADAPT_SCORE_FALLBACK);
}

/* The 999 row, looked up directly as alink does (its start_selection()
 * shortcut), with no smoothing, hysteresis or min_between_changes: the
 * feedback is gone, waiting helps nothing. Like alink, the smoothed value
 * restarts at 999 so that the way back climbs from the bottom at the
 * slow factor. Rows without a 999 row have no fallback: nothing changes
 * (alink's lookup would fail the same way). */
static void go_fallback(struct dvr_link_adapt *a, uint64_t now,
                        struct dvr_link_adapt_decision *out)
{
	const struct dvr_link_profile *fb = fallback_row(a);
	if (!fb || fb == a->cur)
		return;
	a->smoothed = DVR_LINK_ADAPT_SCORE_FALLBACK;
	change(a, fb, DVR_LINK_ADAPT_FALLBACK, DVR_LINK_ADAPT_SCORE_FALLBACK,
	       now, out);
}

int dvr_link_adapt_feed(struct dvr_link_adapt *a, int score,
                        bool keyframe_asked, uint64_t now_ms,
                        struct dvr_link_adapt_decision *out)
{
	if (!a || !out)
		return DVR_E_INVALID;
	if (score != DVR_LINK_ADAPT_SCORE_FALLBACK &&
	    (score < DVR_LINK_ADAPT_SCORE_MIN ||
	     score > DVR_LINK_ADAPT_SCORE_MAX))
		return DVR_E_INVALID;
	if (!time_ok(a, now_ms))
		return DVR_E_INVALID;
	const struct dvr_link_adapt_config *c = &a->cfg;
	no_change(a, score, out);
	a->has_score = true;
	a->last_score_ms = now_ms;

	/* A keyframe request is passed on at most once per interval (alink
	 * drops requests closer than request_keyframe_interval_ms): the
	 * ground repeats it while the loss lasts, and each keyframe costs a
	 * burst of bitrate on a link already losing packets. */
	if (keyframe_asked && (!a->kf_sent || now_ms - a->last_kf_ms >=
	                                          c->keyframe_interval_ms)) {
		out->keyframe = true;
		a->kf_sent = true;
		a->last_kf_ms = now_ms;
	}

	if (score == DVR_LINK_ADAPT_SCORE_FALLBACK) {
		go_fallback(a, now_ms, out);
		return DVR_OK;
	}

	/* Asymmetric exponential smoothing. alink picks the factor by
	 * comparing the score with the value of the last change; we compare
	 * it with the smoothed value itself, so that a score below the
	 * estimate always lowers it at once, also while a move up is held
	 * and the estimate sits above the row in force (alink would lower it
	 * at the slow factor then). */
	double f = score >= a->smoothed ? c->smoothing_up : c->smoothing_down;
	a->smoothed = f * score + (1.0 - f) * a->smoothed;
	int value = smoothed_int(a);
	if (value < DVR_LINK_ADAPT_SCORE_MIN)
		value = DVR_LINK_ADAPT_SCORE_MIN;
	if (value > DVR_LINK_ADAPT_SCORE_MAX)
		value = DVR_LINK_ADAPT_SCORE_MAX;
	out->smoothed = value;

	/* The checks in alink's order. First: no change too soon after the
	 * last one (the smoothing above still took the score in). */
	if (a->cur && now_ms - a->last_change_ms < c->min_between_changes_ms)
		return DVR_OK;
	/* Hysteresis against the value of the last change, in percent of
	 * it; a change of exactly the threshold passes, as in alink. Before
	 * the first change there is nothing to compare with (alink starts
	 * from 100, which any score passes). Not on the way out of the
	 * fallback row either: its value is 999, 5 % of it is 50 points, and
	 * a ground that hears the link near its edge (SNR under 12 dB, RSSI
	 * under -80 dBm) scores 1000 to about 1040: held to the hysteresis,
	 * the sender stayed on the fallback row (FEC 8/16, the lowest
	 * bitrate) for as long as the link was that weak, 33 s of a 60 s
	 * flight in bench/adapt_flight.py, although every record said the
	 * MCS 0 row fits. The hold below is the only wait there. */
	if (a->cur && a->cur != fallback_row(a)) {
		/* |change| / last x 100 < threshold, multiplied out so that
		 * exactly the threshold is not lost to rounding. */
		double diff = fabs((double)(value - a->last_value)) * 100.0;
		double thr = value >= a->last_value ? c->hysteresis_up_pct
		                                    : c->hysteresis_down_pct;
		if (diff < thr * a->last_value)
			return DVR_OK;
	}
	/* First matching row, as alink's get_profile(). A value in a gap
	 * between rows keeps the row in force: the file names no setting for
	 * it, and the nearest row on either side is a guess. */
	const struct dvr_link_profile *row =
		dvr_link_profiles_find(a->profiles, value);
	if (!row || row == a->cur)
		return DVR_OK;
	if (!a->cur) {
		change(a, row, DVR_LINK_ADAPT_FIRST, value, now_ms, out);
		return DVR_OK;
	}
	/* Row order is quality order (alink compares indexes). Leaving the
	 * fallback row waits hold_fallback_ms, and only that (O's rule; S
	 * also applies the up hold, so it waits the longer of the two): the
	 * fallback row is the slowest, any real score beats it, and the
	 * ground being back is all the up hold would wait for. */
	bool up = row > a->cur;
	uint64_t since = now_ms - a->last_change_ms;
	if (a->cur == fallback_row(a)) {
		if (since < c->hold_fallback_ms)
			return DVR_OK;
	} else if (up && since < c->hold_up_ms) {
		return DVR_OK;
	}
	change(a, row, up ? DVR_LINK_ADAPT_UP : DVR_LINK_ADAPT_DOWN, value,
	       now_ms, out);
	return DVR_OK;
}

int dvr_link_adapt_poll(struct dvr_link_adapt *a, uint64_t now_ms,
                        struct dvr_link_adapt_decision *out)
{
	if (!a || !out)
		return DVR_E_INVALID;
	if (!time_ok(a, now_ms))
		return DVR_E_INVALID;
	no_change(a, DVR_LINK_ADAPT_SCORE_FALLBACK, out);
	/* Before the first score there is no link to lose: the sender keeps
	 * its own settings (alink's count_messages() waits for the first
	 * message too). After it, fallback_ms without a score is silence. */
	if (a->has_score && now_ms - a->last_score_ms >= a->cfg.fallback_ms)
		go_fallback(a, now_ms, out);
	return DVR_OK;
}

/* ------------------------------------------------------------------ */
/* The built-in ladder                                                 */
/* ------------------------------------------------------------------ */

/*
 * Minimum sensitivity of HT MCS 0..7 at 20 MHz, dBm (IEEE 802.11-2016
 * Table 19-23). The standard derives them for a receiver with a noise
 * floor of about -86 dBm (thermal noise over 20 MHz plus a 10 dB noise
 * figure plus 5 dB implementation margin), so sensitivity + 86 is the SNR
 * the MCS needs: 4, 7, 9, 12, 16, 20, 21, 22 dB. Each doubling of the
 * bandwidth raises the sensitivity by 3 dB (twice the noise). We add the
 * 3 dB to the needed SNR too: exact when the chip reports SNR against a
 * fixed noise reference, on the safe side when it measures noise over the
 * wider channel.
 */
static const int sens20_dbm[8] = { -82, -79, -77, -74, -70, -66, -65, -64 };
#define NOISE_REF_DBM (-86)
#define DB_PER_DOUBLING 3
/*
 * Margin over the sensitivity before a row is used, on both SNR and RSSI:
 * the score is a span's average of the best chain while a turn, the
 * props or multipath dip it for a few frames; the chip's figures are
 * whole dB and a few dB off; and the score climbs at the slow factor, so
 * the row chosen lags the link. 10 dB is the usual fade margin of a link
 * budget; with it MCS 4 starts near 1470 and MCS 7 near 1645 (20 MHz),
 * where O's shipped file starts its MCS 3 and MCS 4 rows (1401, 1601),
 * i.e. slightly bolder than alink's hand-tuned file.
 */
#define MARGIN_DB 10
/*
 * Data bits per subcarrier and symbol of MCS 0..7, times 2 (BPSK 1/2,
 * QPSK 1/2, QPSK 3/4, 16-QAM 1/2, 16-QAM 3/4, 64-QAM 2/3, 3/4, 5/6).
 * The PHY rate of one stream with long GI is data subcarriers x bits /
 * 4 us: 52 subcarriers at 20 MHz (6.5..65 Mbit/s), 108 at 40 (13.5..135),
 * 234 at 80 (VHT, 29.25..292.5).
 */
static const unsigned bits_x2[8] = { 1, 2, 3, 4, 6, 8, 9, 10 };
/* FEC of the rows: alink's published files use 8/12 for most rows; four
 * of every twelve fragments may be lost per block. The fallback row uses
 * 8/16: the ground is not heard, so nothing says how bad the downlink
 * is, and half a block may then be lost. */
#define LADDER_K 8
#define LADDER_N 12
#define FALLBACK_N 16
/*
 * Encoder bitrate: half the throughput left after FEC. The other half
 * covers what injection costs on the air (per frame a preamble, SIFS and
 * backoff, no aggregation: ~30 % of the airtime at MCS 7, less at low
 * MCS) and the encoder's overshoot on keyframes and scene changes. alink's
 * shipped rows run at 46..66 % of theirs (O: MCS 0 6/9 2000 kbit/s of
 * 4333, MCS 4 11/15 19000 of 28600). Rounded down to 100 kbit/s.
 */
#define BITRATE_SHARE 0.5
/* The other columns, as every published alink file has them: GOP 10
 * (majestic's seconds; keyframes come on request), roiQP 0,0,0,0 (off),
 * qpDelta -12. Power is the same in every row, so a row change never
 * changes power: its unit is the driver's (alink_drone multiplies it by 50 or
 * -100 for iw), and what a safe power is depends on the adapter, which a
 * built-in ladder does not know. 20 is the smallest Pwr alink publishes. */
#define LADDER_GOP 10.0
#define LADDER_POWER 20
#define LADDER_QP_DELTA (-12)

static unsigned phy_kbps(unsigned mcs, unsigned bw_mhz)
{
	unsigned nsd = bw_mhz == 20 ? 52 : bw_mhz == 40 ? 108 : 234;
	/* nsd x bits / 4 us = nsd x bits x 250 kbit/s */
	return nsd * bits_x2[mcs] * 250 / 2;
}

static uint32_t ladder_bitrate(unsigned mcs, unsigned bw_mhz, unsigned k,
                               unsigned n)
{
	double kbps = phy_kbps(mcs, bw_mhz) * (double)k / n * BITRATE_SHARE;
	return (uint32_t)(kbps / 100) * 100;
}

/* The default score of MCS m's needed SNR and RSSI plus the margin,
 * rounded up so that the row's lowest score still has the margin. */
static int ladder_start(unsigned mcs, unsigned doublings)
{
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	int rssi = sens20_dbm[mcs] + DB_PER_DOUBLING * (int)doublings;
	int snr = rssi - NOISE_REF_DBM;
	double s = signal_score(&c, snr + MARGIN_DB, rssi + MARGIN_DB);
	return (int)ceil(s - 1e-9);
}

static void ladder_row(struct dvr_link_profile *r, unsigned line,
                       unsigned mcs, unsigned k, unsigned n, unsigned bw)
{
	memset(r, 0, sizeof *r);
	r->short_gi = false;     /* long: short GI gains 11 % for less
	                            tolerance of delay spread */
	r->mcs = (uint8_t)mcs;
	r->fec_k = (uint8_t)k;
	r->fec_n = (uint8_t)n;
	r->bitrate_kbps = ladder_bitrate(mcs, bw, k, n);
	r->gop = LADDER_GOP;
	r->power = LADDER_POWER;
	r->bandwidth_mhz = (uint16_t)bw;
	r->qp_delta = LADDER_QP_DELTA;
	r->line = line;
}

int dvr_link_profiles_ladder(unsigned max_streams, unsigned bw_mhz,
                             struct dvr_link_profiles **out)
{
	if (out)
		*out = NULL;
	if (!out || max_streams < 1 || max_streams > DVR_MAX_RF_PATHS ||
	    (bw_mhz != 20 && bw_mhz != 40 && bw_mhz != 80))
		return DVR_E_INVALID;
	unsigned doublings = bw_mhz == 20 ? 0 : bw_mhz == 40 ? 1 : 2;

	enum { MAX_ROWS = 1 + 8 };
	struct dvr_link_profile rows[MAX_ROWS];
	size_t n = 0;
	ladder_row(&rows[n], 1, 0, LADDER_K, FALLBACK_N, bw_mhz);
	rows[n].range_min = rows[n].range_max = DVR_LINK_ADAPT_SCORE_FALLBACK;
	n++;
	for (unsigned m = 0; m < 8; m++) {
		/* MCS 0 takes every score from 1000: it is the most robust
		 * rate, so the worst working link still gets a row. */
		int start = m == 0 ? DVR_LINK_ADAPT_SCORE_MIN
		                   : ladder_start(m, doublings);
		if (start > DVR_LINK_ADAPT_SCORE_MAX)
			break;
		/* Two MCS needing the same score (only if the score clamps):
		 * the faster one works wherever the slower does. */
		if (n > 1 && start <= rows[n - 1].range_min) {
			int keep = rows[n - 1].range_min;
			ladder_row(&rows[n - 1], (unsigned)n, m, LADDER_K,
			           LADDER_N, bw_mhz);
			rows[n - 1].range_min = keep;
			continue;
		}
		if (n > 1)
			rows[n - 1].range_max = start - 1;
		ladder_row(&rows[n], (unsigned)n + 1, m, LADDER_K, LADDER_N,
		           bw_mhz);
		rows[n].range_min = start;
		n++;
	}
	rows[n - 1].range_max = DVR_LINK_ADAPT_SCORE_MAX;

	/* One block: the rows, then the list, so that
	 * dvr_link_profiles_free(list) (which frees the rows) frees the list
	 * too. */
	size_t rows_size = n * sizeof rows[0];
	size_t align = _Alignof(struct dvr_link_profiles);
	size_t list_at = (rows_size + align - 1) / align * align;
	unsigned char *block =
		malloc(list_at + sizeof(struct dvr_link_profiles));
	if (!block)
		return DVR_E_NO_MEM;
	memcpy(block, rows, rows_size);
	struct dvr_link_profiles *list =
		(struct dvr_link_profiles *)(void *)(block + list_at);
	list->rows = (struct dvr_link_profile *)(void *)block;
	list->count = n;
	*out = list;
	return DVR_OK;
}

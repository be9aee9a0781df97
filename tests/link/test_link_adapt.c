/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link adaptation (link.h, "Link adaptation"): scores of feedback records
 * against values worked out by hand, the engine's decisions on recorded
 * sequences of scores (a fade and its recovery, a gap between rows,
 * silence and the fallback row, keyframe requests, changes too close
 * together), the built-in ladder, and bad arguments refused.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <devourer/link.h>

#include "tests/check.h"

/* OpenIPC/adaptive-link's shipped txprofiles.conf (dca368db), the last
 * row ending at 2000. Rows r0..r7. */
static const char o_file[] =
	"999 - 999 long 0 2 3 1000 10 40 0,0,0,0 20 -12\n"
	"1000 - 1100 long 0 6 9 2000 10 40 0,0,0,0 20 -12\n"
	"1101 - 1200 long 1 8 12 4000 10 35 0,0,0,0 20 -12\n"
	"1201 - 1300 long 2 8 12 8000 10 30 12,8,8,12 20 -12\n"
	"1301 - 1400 long 2 8 12 10000 10 30 2,1,1,2 20 -12\n"
	"1401 - 1600 long 3 8 12 13000 10 30 2,1,1,2 20 -12\n"
	"1601 - 1800 long 4 10 15 16000 10 30 0,0,0,0 20 -12\n"
	"1801 - 2000 long 4 11 15 19000 10 30 0,0,0,0 20 -12\n";

static struct dvr_link_profiles parse(const char *text)
{
	struct dvr_link_profiles p = { 0 };
	struct dvr_link_profiles_error err;
	int rc = dvr_link_profiles_parse(text, strlen(text), &p, &err);
	if (rc != DVR_OK)
		printf("# parse: %s\n", err.msg);
	return p;
}

static struct dvr_link_feedback record(void)
{
	struct dvr_link_feedback fb;
	memset(&fb, 0, sizeof fb);
	fb.span_ms = 100;
	fb.n_chains = 2;
	/* the best RSSI on chain 0, the best SNR on chain 1 */
	fb.rssi_dbm[0] = -55;
	fb.snr_db[0] = 20;
	fb.rssi_dbm[1] = -60;
	fb.snr_db[1] = 25;
	fb.packets = 200;
	fb.frames = 300;
	return fb;
}

static void test_score(void)
{
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_feedback fb = record();
	/* SNR 25: (25-12)/26 = 0.5; RSSI -55: (-55+80)/50 = 0.5 */
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1500,
	             "score: best SNR and best RSSI of different chains, 1500");
	fb.snr_db[1] = 30;
	fb.rssi_dbm[0] = -70;
	fb.rssi_dbm[1] = -75;
	/* 1000 + 1000 x (0.5 x 18/26 + 0.5 x 10/50) = 1446.15 */
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1446,
	             "score: SNR 30, RSSI -70 -> 1446");
	fb.snr_db[0] = 40;
	fb.rssi_dbm[0] = -20;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 2000,
	             "score: above both ranges, 2000");
	fb = record();
	for (int i = 0; i < 2; i++) {
		fb.snr_db[i] = 3;
		fb.rssi_dbm[i] = -95;
	}
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1000,
	             "score: below both ranges, 1000");

	/* Loss: 2 of 200 = 1 %, half of loss_full_ratio: the part above
	 * 1000 times 1 - sqrt(0.5): 1000 + 500 x 0.29289 = 1146.4 */
	fb = record();
	fb.packets = 198;
	fb.lost = 2;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1146,
	             "score: 1 % lost beyond repair, 1500 -> 1146");
	fb.lost = 10;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1000,
	             "score: 5 % lost, all above 1000 taken");
	c.loss_full_ratio = 0;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1500,
	             "score: loss_full_ratio 0, loss ignored");
	dvr_link_adapt_config_default(&c);
	fb = record();
	fb.packets = 0;
	fb.lost = 7;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1000,
	             "score: all lost, 1000");

	fb = record();
	fb.flags = DVR_LINK_FEEDBACK_SILENT;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 999,
	             "score: a SILENT record is 999");
	fb = record();
	fb.packets = 0;
	fb.frames = 0;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 999,
	             "score: nothing heard is 999");
	fb = record();
	fb.n_chains = 0;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1000,
	             "score: heard but no chain measured, 1000");
	fb = record();
	fb.flags = DVR_LINK_FEEDBACK_KEYFRAME;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1500,
	             "score: the KEYFRAME flag does not change it");

	c.snr_weight = 1;
	c.rssi_weight = 0;
	fb = record();
	fb.rssi_dbm[0] = -90;
	fb.rssi_dbm[1] = -90;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1500,
	             "score: SNR alone (weights 1/0)");
	c.snr_weight = 2;
	c.rssi_weight = 2;
	fb = record();
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), 1500,
	             "score: weights 2/2 divided by their sum");
}

static void test_alink_score(void)
{
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1400, 1400), 1400,
	             "alink: O's message, the same score twice");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1300, 1600), 1450,
	             "alink: S's message, RSSI and SNR scores averaged");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1300, 1601), 1451,
	             "alink: rounded to the nearest (1450.5)");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 999, 1700), 999,
	             "alink: RSSI field 999 is the fallback");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1500, 999), 1250,
	             "alink: only the RSSI field says fallback");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 0, 0), 1000,
	             "alink: garbage below clamps to 1000");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 2147483647, 2147483647), 2000,
	             "alink: garbage above clamps to 2000");
	c.rssi_weight = 0.25;
	c.snr_weight = 0.75;
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1200, 1600), 1500,
	             "alink: weighted 0.25/0.75");
	CHECK_EQ_INT(dvr_link_adapt_alink_score(NULL, 1500, 1500), DVR_E_INVALID,
	             "alink: NULL config refused");
	c.rssi_weight = c.snr_weight = 0;
	CHECK_EQ_INT(dvr_link_adapt_alink_score(&c, 1500, 1500), DVR_E_INVALID,
	             "alink: bad config refused");
}

/* Feed with the result checked; returns the decision. */
static struct dvr_link_adapt_decision feed(struct dvr_link_adapt *a, int score,
                                           bool kf, uint64_t t)
{
	struct dvr_link_adapt_decision d;
	memset(&d, 0x5a, sizeof d);
	int rc = dvr_link_adapt_feed(a, score, kf, t, &d);
	if (rc != DVR_OK) {
		CHECK_EQ_INT(rc, DVR_OK, "feed accepted");
		memset(&d, 0, sizeof d);
	}
	return d;
}

static struct dvr_link_adapt_decision poll_at(struct dvr_link_adapt *a,
                                              uint64_t t)
{
	struct dvr_link_adapt_decision d;
	memset(&d, 0x5a, sizeof d);
	int rc = dvr_link_adapt_poll(a, t, &d);
	if (rc != DVR_OK) {
		CHECK_EQ_INT(rc, DVR_OK, "poll accepted");
		memset(&d, 0, sizeof d);
	}
	return d;
}

static int idx(const struct dvr_link_profiles *p,
               const struct dvr_link_profile *r)
{
	return r ? (int)(r - p->rows) : -1;
}

/* Scores every 100 ms with the default config: a good link, a fade, the
 * recovery. */
static void test_fade_and_recovery(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "fade: new");
	if (!a)
		return;
	CHECK(dvr_link_adapt_current(a) == NULL, "fade: on no row at start");

	/* 1800 above the start 1500: slow factor, 0.1 x 1800 + 0.9 x 1500 */
	struct dvr_link_adapt_decision d = feed(a, 1800, false, 0);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FIRST, "fade: first decision");
	CHECK(d.from == NULL, "fade: first is from no row");
	CHECK_EQ_INT(idx(&p, d.to), 5, "fade: first row by 1530 (r5)");
	CHECK_EQ_INT(d.smoothed, 1530, "fade: smoothed 1530");
	CHECK_EQ_INT(d.score, 1800, "fade: score reported");
	d = feed(a, 1800, false, 100);
	CHECK_EQ_INT(d.smoothed, 1557, "fade: smoothed 1557");
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE, "fade: same row");
	CHECK(d.from == d.to && idx(&p, d.to) == 5,
	      "fade: NONE names the row in force");

	/* The smoothed value passes 1601 (row r6) at 400 ms, but a move up
	 * waits 3000 ms after the last change. */
	bool early = false;
	for (uint64_t t = 200; t < 3000; t += 100) {
		d = feed(a, 1800, false, t);
		if (d.why != DVR_LINK_ADAPT_NONE)
			early = true;
	}
	CHECK(!early, "fade: no move up within hold_up_ms");
	CHECK(d.smoothed > 1601, "fade: though the value asked for one");
	d = feed(a, 1800, false, 3000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP, "fade: up at hold_up_ms");
	CHECK_EQ_INT(idx(&p, d.from), 5, "fade: from r5");
	CHECK_EQ_INT(idx(&p, d.to), 6, "fade: to r6");

	d = feed(a, 1800, false, 3100);
	d = feed(a, 1800, false, 3200);
	/* The fade: taken at once (factor 1.0) */
	d = feed(a, 1150, false, 3300);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_DOWN,
	             "fade: down on the first low score");
	CHECK_EQ_INT(d.smoothed, 1150, "fade: smoothed follows at once");
	CHECK_EQ_INT(idx(&p, d.to), 2, "fade: to r2");
	/* Deeper, 100 ms later: min_between_changes_ms (200) holds it */
	d = feed(a, 1050, false, 3400);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "fade: not within min_between_changes_ms");
	CHECK_EQ_INT(idx(&p, dvr_link_adapt_current(a)), 2, "fade: still r2");
	d = feed(a, 1050, false, 3500);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_DOWN,
	             "fade: down again 200 ms later");
	CHECK_EQ_INT(idx(&p, d.to), 1, "fade: to r1");

	/* Recovery to 1900 from 3600: slow climb, no move up before
	 * 3500 + 3000 */
	early = false;
	for (uint64_t t = 3600; t < 6500; t += 100) {
		d = feed(a, 1900, false, t);
		if (d.why != DVR_LINK_ADAPT_NONE)
			early = true;
	}
	CHECK(!early, "recovery: held until hold_up_ms after the last change");
	CHECK_EQ_INT(idx(&p, dvr_link_adapt_current(a)), 1,
	             "recovery: still r1");
	d = feed(a, 1900, false, 6500);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP, "recovery: up at 6500");
	/* 30 scores of 1900 from 1050: 1900 - 850 x 0.9^30 = 1864 */
	CHECK_EQ_INT(d.smoothed, 1863, "recovery: smoothed 1863.9");
	CHECK_EQ_INT(idx(&p, d.to), 7, "recovery: straight to r7");
	CHECK_EQ_INT(idx(&p, d.from), 1, "recovery: from r1");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(&p);
}

/* No smoothing, no holds: the hysteresis alone. */
static void test_hysteresis(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	c.smoothing_up = c.smoothing_down = 1;
	c.hold_up_ms = 0;
	c.min_between_changes_ms = 0;
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "hyst: new");
	if (!a)
		return;
	struct dvr_link_adapt_decision d = feed(a, 1590, false, 0);
	CHECK_EQ_INT(idx(&p, d.to), 5, "hyst: first at 1590 (r5)");
	d = feed(a, 1610, false, 100);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "hyst: 1610 is r6 but only 1.3 % up");
	d = feed(a, 1669, false, 200);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "hyst: 1669 is 4.97 % up, not enough");
	d = feed(a, 1670, false, 300);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP, "hyst: 1670 is 5.03 % up: r6");
	d = feed(a, 1595, false, 400);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "hyst: 1595 is r5 but only 4.5 % down");
	d = feed(a, 1586, false, 500);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_DOWN,
	             "hyst: 1586 is 5.03 % down: r5");
	/* exactly the threshold passes: 1100 -> 1155 is 5 % */
	dvr_link_adapt_free(a);
	a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "hyst: new 2");
	if (!a)
		return;
	feed(a, 1100, false, 0);
	d = feed(a, 1155, false, 100);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP, "hyst: exactly 5 % up passes");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(&p);
}

static void test_gap(void)
{
	struct dvr_link_profiles p = parse(
		"999 - 999 long 0 8 12 1000 10 30 0,0,0,0 20 -12\n"
		"1000 - 1100 long 0 8 12 2000 10 30 0,0,0,0 20 -12\n"
		"1200 - 2000 long 3 8 12 9000 10 30 0,0,0,0 20 -12\n");
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	c.smoothing_up = c.smoothing_down = 1;
	c.hold_up_ms = 0;
	c.min_between_changes_ms = 0;
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "gap: new");
	if (!a)
		return;
	struct dvr_link_adapt_decision d = feed(a, 1150, false, 0);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "gap: a first score in the gap picks nothing");
	CHECK(dvr_link_adapt_current(a) == NULL, "gap: still on no row");
	d = feed(a, 1050, false, 100);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FIRST, "gap: 1050 is the first row");
	d = feed(a, 1150, false, 200);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "gap: 1150 keeps the row in force");
	CHECK_EQ_INT(idx(&p, dvr_link_adapt_current(a)), 1, "gap: on row 1");
	d = feed(a, 1250, false, 300);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP, "gap: 1250 is row 2");
	d = feed(a, 1150, false, 400);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "gap: falling into the gap keeps row 2");
	CHECK_EQ_INT(idx(&p, dvr_link_adapt_current(a)), 2, "gap: on row 2");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(&p);
}

static void test_fallback(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "fallback: new");
	if (!a)
		return;
	struct dvr_link_adapt_decision d = poll_at(a, 5000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "fallback: not before the first score");
	CHECK(d.to == NULL && dvr_link_adapt_current(a) == NULL,
	      "fallback: still on no row");
	d = feed(a, 1500, false, 5000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FIRST, "fallback: first at 5000");
	CHECK_EQ_INT(idx(&p, d.to), 5, "fallback: r5");
	d = poll_at(a, 5999);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "fallback: not within fallback_ms");
	d = poll_at(a, 6000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FALLBACK,
	             "fallback: after fallback_ms of silence");
	CHECK_EQ_INT(idx(&p, d.to), 0, "fallback: the 999 row");
	CHECK_EQ_INT(idx(&p, d.from), 5, "fallback: from r5");
	CHECK_EQ_INT(d.smoothed, 999, "fallback: smoothed 999");
	d = poll_at(a, 6100);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE, "fallback: once");

	/* The ground is back at 6100: leaving waits hold_fallback_ms
	 * (1000) after 6000 */
	bool early = false;
	for (uint64_t t = 6100; t < 7000; t += 100) {
		d = feed(a, 2000, false, t);
		if (d.why != DVR_LINK_ADAPT_NONE)
			early = true;
		d = poll_at(a, t + 50);
		if (d.why != DVR_LINK_ADAPT_NONE)
			early = true;
	}
	CHECK(!early, "fallback: held for hold_fallback_ms");
	CHECK_EQ_INT(idx(&p, dvr_link_adapt_current(a)), 0,
	             "fallback: still the 999 row");
	d = feed(a, 2000, false, 7000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP,
	             "fallback: left at hold_fallback_ms");
	/* ten scores of 2000 from 999: 999 + 1001 x (1 - 0.9^10) = 1650.97 */
	CHECK_EQ_INT(d.smoothed, 1650,
	             "fallback: climbed from 999 at the slow factor");
	CHECK_EQ_INT(idx(&p, d.to), 6, "fallback: to r6");
	CHECK_EQ_INT(idx(&p, d.from), 0, "fallback: from the 999 row");

	/* A 999 score is the fallback at once, without min_between */
	d = feed(a, 999, false, 7050);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FALLBACK,
	             "fallback: a 999 score at once");
	CHECK_EQ_INT(d.score, 999, "fallback: score 999 reported");
	d = feed(a, 999, false, 7100);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "fallback: 999 again changes nothing");
	dvr_link_adapt_free(a);

	/* Rows without a 999 row: silence changes nothing */
	struct dvr_link_profiles q = parse(
		"1000 - 2000 long 0 8 12 2000 10 30 0,0,0,0 20 -12\n");
	a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &q, &a), DVR_OK,
	             "fallback: new, no 999 row");
	if (a) {
		feed(a, 1500, false, 0);
		d = poll_at(a, 10000);
		CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
		             "fallback: no 999 row, no fallback");
		CHECK(dvr_link_adapt_current(a) == &q.rows[0],
		      "fallback: row kept");
		dvr_link_adapt_free(a);
	}
	dvr_link_profiles_free(&q);
	dvr_link_profiles_free(&p);
}

static void test_keyframe(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK, "keyframe: new");
	if (!a)
		return;
	CHECK(!feed(a, 1500, false, 0).keyframe,
	      "keyframe: not asked, not given");
	CHECK(feed(a, 1500, true, 100).keyframe, "keyframe: the first request");
	CHECK(!feed(a, 1500, true, 600).keyframe,
	      "keyframe: 500 ms later, dropped");
	CHECK(!feed(a, 1500, true, 1099).keyframe,
	      "keyframe: 999 ms later, dropped");
	CHECK(feed(a, 1500, true, 1100).keyframe,
	      "keyframe: 1000 ms later, given");
	CHECK(!feed(a, 1500, false, 2500).keyframe, "keyframe: not asked");
	CHECK(feed(a, 999, true, 2600).keyframe,
	      "keyframe: also with a 999 score");
	struct dvr_link_adapt_decision d;
	CHECK(dvr_link_adapt_poll(a, 5000, &d) == DVR_OK && !d.keyframe,
	      "keyframe: never from a poll");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(&p);
}

/* Changes are at least min_between_changes_ms apart, whatever the scores. */
static void test_min_between(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	c.smoothing_up = c.smoothing_down = 1;
	c.hold_up_ms = 0;
	c.min_between_changes_ms = 450;
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK,
	             "min_between: new");
	if (!a)
		return;
	static const int scores[] = { 1050, 1950, 1150, 1750, 1250, 1550 };
	uint64_t last = 0;
	bool have = false, ok = true;
	int changes = 0;
	for (uint64_t t = 0; t < 5000; t += 50) {
		int s = scores[(t / 50) % 6];
		struct dvr_link_adapt_decision d = feed(a, s, false, t);
		if (d.why == DVR_LINK_ADAPT_NONE)
			continue;
		changes++;
		if (have && t - last < 450)
			ok = false;
		/* when a change is due, it follows the score at once */
		if (have && t - last == 500 &&
		    d.to != dvr_link_profiles_find(&p, s))
			ok = false;
		have = true;
		last = t;
	}
	CHECK(ok, "min_between: no two changes closer than 450 ms");
	CHECK(changes >= 9, "min_between: but a change as soon as allowed");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(&p);
}

static void format_row(char *buf, size_t cap, const struct dvr_link_profile *r)
{
	snprintf(buf, cap, "%d - %d %s %u %u %u %u %.1f %d %d,%d,%d,%d %u %d\n",
	         r->range_min, r->range_max, r->short_gi ? "short" : "long",
	         r->mcs, r->fec_k, r->fec_n, (unsigned)r->bitrate_kbps, r->gop,
	         r->power, r->roi_qp[0], r->roi_qp[1], r->roi_qp[2],
	         r->roi_qp[3], r->bandwidth_mhz, r->qp_delta);
}

/* The fallback row left at a link's edge: after a silence the ground is
 * heard again with scores of 1000-1040 (SNR under 12 dB, RSSI under -80
 * dBm: the bottom of both ranges). The MCS 0 row takes them; leaving the
 * fallback waits hold_fallback_ms and no hysteresis, which against 999
 * would ask for 1049 and keep the sender on the fallback row for as long
 * as the link stays that weak (bench/adapt_flight.py's flight). */
static void test_fallback_at_edge(void)
{
	struct dvr_link_profiles *l = NULL;
	CHECK_EQ_INT(dvr_link_profiles_ladder(1, 20, &l), DVR_OK,
	             "edge: ladder");
	if (!l)
		return;
	struct dvr_link_adapt_config c;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_adapt *a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, l, &a), DVR_OK, "edge: new");
	if (!a) {
		dvr_link_profiles_free(l);
		return;
	}
	struct dvr_link_adapt_decision d = feed(a, 1010, false, 0);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FIRST, "edge: first");
	CHECK_EQ_INT(idx(l, d.to), 1, "edge: the MCS 0 row");
	d = poll_at(a, 1000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_FALLBACK, "edge: silence");
	bool early = false;
	for (uint64_t t = 1100; t < 2000; t += 100) {
		d = feed(a, t % 200 ? 1010 : 1040, false, t);
		if (d.why != DVR_LINK_ADAPT_NONE)
			early = true;
	}
	CHECK(!early, "edge: held for hold_fallback_ms");
	d = feed(a, 1010, false, 2000);
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_UP,
	             "edge: left the fallback at hold_fallback_ms");
	CHECK_EQ_INT(idx(l, d.to), 1, "edge: back on the MCS 0 row");
	CHECK(d.smoothed >= 1000 && d.smoothed < 1049,
	      "edge: below what the hysteresis against 999 asked");
	dvr_link_adapt_free(a);
	dvr_link_profiles_free(l);
}

static void test_ladder(void)
{
	/* 20 MHz starts, worked by hand: (sens + 86 + 10 - 12)/26 x 500 +
	 * (sens + 10 + 80)/50 x 500, rounded up; MCS 0 from 1000 */
	static const int start20[8] = { 1000, 1207, 1265, 1353, 1470, 1587,
	                                 1616, 1645 };
	/* 6.5 x (mcs rate) Mbit/s x 8/12 x 0.5, down to 100 kbit/s */
	static const uint32_t kbps20[8] = { 2100, 4300, 6500, 8600, 13000,
	                                    17300, 19500, 21600 };
	static const unsigned bws[] = { 20, 40, 80 };
	int prev_start[9] = { 0 };
	for (size_t b = 0; b < 3; b++) {
		unsigned bw = bws[b];
		struct dvr_link_profiles *l = NULL;
		char what[96];
		snprintf(what, sizeof what, "ladder %u MHz: built", bw);
		CHECK_EQ_INT(dvr_link_profiles_ladder(2, bw, &l), DVR_OK, what);
		if (!l)
			continue;
		snprintf(what, sizeof what,
		         "ladder %u MHz: 999 row and MCS 0..7", bw);
		CHECK_EQ_INT(l->count, 9, what);
		bool ok = l->count == 9 && l->rows[0].range_min == 999 &&
		          l->rows[0].range_max == 999 && l->rows[0].mcs == 0 &&
		          l->rows[1].range_min == 1000 &&
		          l->rows[l->count - 1].range_max == 2000;
		bool mono = true, later = true;
		for (size_t i = 1; i < l->count; i++) {
			const struct dvr_link_profile *r = &l->rows[i];
			if (r->range_min > r->range_max || r->mcs != i - 1 ||
			    r->bandwidth_mhz != bw || r->fec_k != 8 ||
			    r->fec_n != 12)
				ok = false;
			const struct dvr_link_profile *q = &l->rows[i - 1];
			if (i > 1 && (r->range_min != q->range_max + 1 ||
			              r->bitrate_kbps <= q->bitrate_kbps))
				mono = false;
			if (bw == 20) {
				if (r->range_min != start20[i - 1] ||
				    r->bitrate_kbps != kbps20[i - 1]) {
					ok = false;
					printf("# row %zu: %d %u\n", i, r->range_min,
					       (unsigned)r->bitrate_kbps);
				}
			} else if (r->range_min < prev_start[i] ||
			           (i > 1 && r->range_min == prev_start[i])) {
				later = false;
			}
			prev_start[i] = r->range_min;
		}
		snprintf(what, sizeof what,
		         "ladder %u MHz: rows as derived", bw);
		CHECK(ok, what);
		snprintf(what, sizeof what,
		         "ladder %u MHz: contiguous, faster up the ladder", bw);
		CHECK(mono, what);
		if (bw != 20) {
			snprintf(what, sizeof what,
			         "ladder %u MHz: each MCS needs more than at half the width",
			         bw);
			CHECK(later, what);
		}
		CHECK(l->rows[0].fec_n > l->rows[1].fec_n &&
		      l->rows[0].bitrate_kbps < l->rows[1].bitrate_kbps,
		      "ladder: the fallback row is the most robust");

		/* Read back through the profile parser */
		char text[2048] = "# built-in ladder\n";
		size_t used = strlen(text);
		for (size_t i = 0; i < l->count; i++) {
			format_row(text + used, sizeof text - used, &l->rows[i]);
			used = strlen(text);
		}
		struct dvr_link_profiles back = { 0 };
		struct dvr_link_profiles_error err;
		int rc = dvr_link_profiles_parse(text, used, &back, &err);
		if (rc != DVR_OK)
			printf("# %s", err.msg);
		snprintf(what, sizeof what,
		         "ladder %u MHz: parses back as a profile file", bw);
		CHECK_EQ_INT(rc, DVR_OK, what);
		bool same = back.count == l->count;
		for (size_t i = 0; same && i < back.count; i++) {
			const struct dvr_link_profile *x = &back.rows[i];
			const struct dvr_link_profile *y = &l->rows[i];
			same = x->range_min == y->range_min &&
			       x->range_max == y->range_max &&
			       x->short_gi == y->short_gi && x->mcs == y->mcs &&
			       x->fec_k == y->fec_k && x->fec_n == y->fec_n &&
			       x->bitrate_kbps == y->bitrate_kbps &&
			       x->gop == y->gop && x->power == y->power &&
			       !memcmp(x->roi_qp, y->roi_qp, 4) &&
			       x->bandwidth_mhz == y->bandwidth_mhz &&
			       x->qp_delta == y->qp_delta;
		}
		snprintf(what, sizeof what,
		         "ladder %u MHz: the same rows read back", bw);
		CHECK(same, what);
		dvr_link_profiles_free(&back);

		/* The engine runs on it: a perfect link ends on MCS 7 */
		struct dvr_link_adapt_config c;
		dvr_link_adapt_config_default(&c);
		struct dvr_link_adapt *a = NULL;
		if (dvr_link_adapt_new(&c, l, &a) == DVR_OK) {
			for (uint64_t t = 0; t <= 10000; t += 100)
				feed(a, 2000, false, t);
			const struct dvr_link_profile *cur =
				dvr_link_adapt_current(a);
			snprintf(what, sizeof what,
			         "ladder %u MHz: a perfect link reaches MCS 7", bw);
			CHECK(cur && cur->mcs == 7, what);
			dvr_link_adapt_free(a);
		}
		dvr_link_profiles_free(l); /* frees the list too (ASan) */
	}
	struct dvr_link_profiles *l = NULL;
	CHECK_EQ_INT(dvr_link_profiles_ladder(1, 20, &l), DVR_OK,
	             "ladder: one stream");
	dvr_link_profiles_free(l);
}

static void test_bad_arguments(void)
{
	struct dvr_link_profiles p = parse(o_file);
	struct dvr_link_adapt_config c, bad;
	dvr_link_adapt_config_default(&c);
	struct dvr_link_adapt *a = (struct dvr_link_adapt *)&c;
	CHECK_EQ_INT(dvr_link_adapt_new(NULL, &p, &a), DVR_E_INVALID,
	             "bad: new NULL config");
	CHECK(a == NULL, "bad: *out cleared");
	CHECK_EQ_INT(dvr_link_adapt_new(&c, NULL, &a), DVR_E_INVALID,
	             "bad: new NULL profiles");
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, NULL), DVR_E_INVALID,
	             "bad: new NULL out");
	struct dvr_link_profiles empty = { 0 };
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &empty, &a), DVR_E_INVALID,
	             "bad: new no rows");

	bad = c; bad.smoothing_up = 0;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: smoothing_up 0");
	bad = c; bad.smoothing_down = 1.5;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: smoothing_down 1.5");
	bad = c; bad.smoothing_up = NAN;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: smoothing NaN");
	bad = c; bad.hysteresis_down_pct = -1;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: hysteresis < 0");
	bad = c; bad.fallback_ms = 0;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: fallback_ms 0");
	bad = c; bad.snr_max = bad.snr_min;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: SNR range empty");
	bad = c; bad.rssi_min = -20;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: RSSI range reversed");
	bad = c; bad.snr_weight = 0; bad.rssi_weight = 0;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: weights both 0");
	bad = c; bad.rssi_weight = -0.5;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: weight < 0");
	bad = c; bad.loss_full_ratio = 2;
	CHECK_EQ_INT(dvr_link_adapt_new(&bad, &p, &a), DVR_E_INVALID,
	             "bad: loss_full_ratio > 1");

	struct dvr_link_feedback fb = record();
	CHECK_EQ_INT(dvr_link_feedback_score(NULL, &fb), DVR_E_INVALID,
	             "bad: score NULL config");
	CHECK_EQ_INT(dvr_link_feedback_score(&c, NULL), DVR_E_INVALID,
	             "bad: score NULL record");
	bad = c; bad.snr_max = 0;
	CHECK_EQ_INT(dvr_link_feedback_score(&bad, &fb), DVR_E_INVALID,
	             "bad: score bad config");
	fb.n_chains = DVR_MAX_RF_PATHS + 1;
	CHECK_EQ_INT(dvr_link_feedback_score(&c, &fb), DVR_E_INVALID,
	             "bad: score too many chains");

	a = NULL;
	CHECK_EQ_INT(dvr_link_adapt_new(&c, &p, &a), DVR_OK,
	             "bad: a good engine");
	struct dvr_link_adapt_decision d;
	CHECK_EQ_INT(dvr_link_adapt_feed(NULL, 1500, false, 0, &d), DVR_E_INVALID,
	             "bad: feed NULL engine");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, 1500, false, 0, NULL), DVR_E_INVALID,
	             "bad: feed NULL out");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, 998, false, 0, &d), DVR_E_INVALID,
	             "bad: score 998");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, 2001, false, 0, &d), DVR_E_INVALID,
	             "bad: score 2001");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, -1, false, 0, &d), DVR_E_INVALID,
	             "bad: score -1");
	CHECK(dvr_link_adapt_current(a) == NULL,
	      "bad: refused scores change nothing");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, 1500, false, 1000, &d), DVR_OK,
	             "bad: then a good one");
	CHECK_EQ_INT(dvr_link_adapt_feed(a, 1500, false, 999, &d), DVR_E_INVALID,
	             "bad: feed, time going back");
	CHECK_EQ_INT(dvr_link_adapt_poll(a, 999, &d), DVR_E_INVALID,
	             "bad: poll, time going back");
	CHECK_EQ_INT(dvr_link_adapt_poll(a, 1999, &d), DVR_OK,
	             "bad: poll, time the same or later");
	CHECK_EQ_INT(d.why, DVR_LINK_ADAPT_NONE,
	             "bad: the refused call did not count as a score");
	CHECK_EQ_INT(dvr_link_adapt_poll(NULL, 0, &d), DVR_E_INVALID,
	             "bad: poll NULL engine");
	CHECK_EQ_INT(dvr_link_adapt_poll(a, 2000, NULL), DVR_E_INVALID,
	             "bad: poll NULL out");
	CHECK(dvr_link_adapt_current(NULL) == NULL, "bad: current of NULL");
	dvr_link_adapt_free(a);
	dvr_link_adapt_free(NULL);
	dvr_link_adapt_config_default(NULL);

	struct dvr_link_profiles *l = (struct dvr_link_profiles *)&c;
	CHECK_EQ_INT(dvr_link_profiles_ladder(0, 20, &l), DVR_E_INVALID,
	             "bad: ladder 0 streams");
	CHECK(l == NULL, "bad: ladder *out cleared");
	CHECK_EQ_INT(dvr_link_profiles_ladder(DVR_MAX_RF_PATHS + 1, 20, &l),
	             DVR_E_INVALID,
	             "bad: ladder too many streams");
	CHECK_EQ_INT(dvr_link_profiles_ladder(1, 30, &l), DVR_E_INVALID,
	             "bad: ladder 30 MHz");
	CHECK_EQ_INT(dvr_link_profiles_ladder(1, 160, &l), DVR_E_INVALID,
	             "bad: ladder 160 MHz");
	CHECK_EQ_INT(dvr_link_profiles_ladder(1, 20, NULL), DVR_E_INVALID,
	             "bad: ladder NULL out");
	dvr_link_profiles_free(&p);
}

int main(void)
{
	test_score();
	test_alink_score();
	test_fade_and_recovery();
	test_hysteresis();
	test_gap();
	test_fallback();
	test_fallback_at_edge();
	test_keyframe();
	test_min_between();
	test_ladder();
	test_bad_arguments();
	return check_done();
}

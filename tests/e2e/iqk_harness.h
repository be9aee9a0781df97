/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the IQK tests of the chips whose driver runs its own IQ
 * calibration share (test_iqk_<chip>.c): the calibration events an
 * adapter posts, one such event checked, and the adapter brought up on a
 * virtual chip at 36/20 with its model. What each chip's engine measures
 * and where the corrections land is each test's own.
 */
#ifndef DVR_TESTS_IQK_HARNESS_H
#define DVR_TESTS_IQK_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/vchip.h"
#include "tests/check.h"
#include "tests/e2e/e2e_common.h"

/* The init stages and the last calibration event (count, channel, paths,
 * failed masks, what it was). */
struct iqk_events {
	struct e2e_stages stages;
	unsigned n, channel, paths;
	uint32_t failed_tx, failed_rx;
	char what[16];
};

static inline void iqk_on_event(void *user, const struct dvr_event *ev)
{
	struct iqk_events *e = user;
	e2e_stages_on_event(&e->stages, ev);
	if (ev->type != DVR_EVENT_CALIBRATION)
		return;
	e->n++;
	e->channel = ev->calibration.channel;
	e->paths = ev->calibration.paths;
	e->failed_tx = ev->calibration.failed_tx;
	e->failed_rx = ev->calibration.failed_rx;
	snprintf(e->what, sizeof e->what, "%s",
	         ev->calibration.what ? ev->calibration.what : "");
}

/* One calibration event for channel ch since n_before: an IQK of paths
 * paths with the failed masks given. */
static inline void iqk_check_event(const struct iqk_events *e,
                                   unsigned n_before, unsigned ch,
                                   unsigned paths, uint32_t failed,
                                   const char *where)
{
	char what[96];
	snprintf(what, sizeof what, "%s: one calibration event", where);
	CHECK_EQ_INT(e->n, n_before + 1, what);
	snprintf(what, sizeof what, "%s: event is IQK on ch %u, %u paths",
	         where, ch, paths);
	CHECK(strcmp(e->what, "IQK") == 0 && e->channel == ch &&
	          e->paths == paths, what);
	snprintf(what, sizeof what, "%s: failed TX paths", where);
	CHECK_EQ_HEX(e->failed_tx, failed, what);
	snprintf(what, sizeof what, "%s: failed RX paths", where);
	CHECK_EQ_HEX(e->failed_rx, failed, what);
}

/* "virtual:NAME,chip=CHIP" up on 36/20 with e taking its events; the
 * bring-up must end with the calibrate stage. NULL (and *vc NULL) when
 * the adapter or its model is missing; the caller closes the adapter. */
static inline dvr_device *iqk_start(struct iqk_events *e, const char *name,
                                    const char *chip, const char *fw,
                                    struct vchip **vc)
{
	char sel[64];
	snprintf(sel, sizeof sel, "virtual:%s,chip=%s", name, chip);
	struct dvr_config cfg = { .on_event = iqk_on_event, .user = e,
		                  .firmware_dir = fw };
	dvr_device *dev = NULL;
	*vc = NULL;
	CHECK_EQ_INT(dvr_open(sel, &cfg, &dev), DVR_OK, "open");
	if (!dev)
		return NULL;
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 20 };
	int r = dvr_start(dev, &ch);
	CHECK_EQ_INT(r, DVR_OK, "start on 36/20");
	CHECK(e->stages.n >= 1 &&
	          strcmp(e->stages.seen[e->stages.n - 1], "calibrate") == 0,
	      "the last init stage is calibrate");
	*vc = vchip_find(name);
	CHECK(*vc != NULL, "model found");
	if (r != DVR_OK || !*vc) {
		dvr_close(dev);
		*vc = NULL;
		return NULL;
	}
	return dev;
}

#endif /* DVR_TESTS_IQK_HARNESS_H */

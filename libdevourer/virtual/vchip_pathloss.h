/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A scripted path between two radios: the loss, in dB, the air puts on a
 * frame at a time since the receiving chip was plugged in. A small text
 * file gives it, one point a line:
 *
 *     # seconds   loss
 *     0           20m       a distance: free-space loss at the frame's
 *     30          400m      frequency (Friis)
 *     45          95dB      or the loss itself
 *
 * Between two points the distance (or the loss) is interpolated
 * linearly; before the first and after the last the end point holds.
 * Times must rise. '#' starts a comment; blank lines are skipped.
 */
#ifndef DEVOURER_VCHIP_PATHLOSS_H
#define DEVOURER_VCHIP_PATHLOSS_H

#include <stddef.h>

struct vc_pathloss;

/* Read a profile. NULL on error, with the file, line and what is wrong
 * in err. */
struct vc_pathloss *vc_pathloss_load(const char *path, char *err,
                                     size_t err_len);
/* The same from text (what the file holds); name labels errors. */
struct vc_pathloss *vc_pathloss_parse(const char *text, const char *name,
                                      char *err, size_t err_len);
void vc_pathloss_free(struct vc_pathloss *pl);

/* The loss in dB at t_s seconds into the profile, at freq_mhz. */
double vc_pathloss_db(const struct vc_pathloss *pl, double t_s,
                      unsigned freq_mhz);

/* Free-space path loss (Friis) over distance_m at freq_mhz, in dB. */
double vc_free_space_loss_db(double distance_m, unsigned freq_mhz);

#endif

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The EFUSE TX-power block of the Realtek 802.11ac chips (one 42-byte
 * record per RF path, rtw88 main.h struct rtw_txpwr_idx) and the base
 * index rtw88 computes from it for a rate on a channel (phy.c
 * rtw_get_channel_group, rtw_phy_get_2g_tx_power_index,
 * rtw_phy_get_5g_tx_power_index). The base is before power-by-rate,
 * regulatory limits and the chip's range clamp, which the chip driver
 * adds.
 */
#ifndef DVR_HAL_TXPWR_EFUSE_H
#define DVR_HAL_TXPWR_EFUSE_H

#include <stdbool.h>
#include <stdint.h>

#include <devourer/devourer.h>

struct dvr_txpwr_tables;    /* hal/common/txpwr_limit.h */

#define DVR_TXPWR_EFUSE_PATH_LEN 42u

/* How a chip reads its block. */
struct dvr_txpwr_efuse_rules {
	/* index steps per unit of an EFUSE difference (rtw88 txgi_factor:
	 * 1 on 0.5 dB-step chips, 2 on 0.25 dB-step chips) */
	int factor;
	/* a base byte above this is unprogrammed (a blank part reads 0xFF)
	 * and stands for blank_base_2g / blank_base_5g instead */
	int max_base;
	int blank_base_2g, blank_base_5g;
};

/* Channel group of (centre) channel @p ch; CCK on channel 14 has a group
 * of its own. -1 for a channel outside every group. */
int dvr_txpwr_channel_group(unsigned ch, bool cck);

/* Base index of descriptor rate code @p rate at centre channel
 * @p center_ch and @p bw_mhz from one path's @p block, into *out (it can
 * be below 0 or above the chip's range: the caller clamps). DVR_OK, or
 * DVR_E_INVALID for a channel without a group. */
int dvr_txpwr_efuse_base(const uint8_t *block,
                         const struct dvr_txpwr_efuse_rules *rules,
                         uint8_t rate, unsigned center_ch, unsigned bw_mhz,
                         int *out);

/*
 * What rtw88 phy.c rtw_phy_get_tx_power_index adds up for a rate before a
 * chip's own terms and its range clamp: the base from @p block (as
 * dvr_txpwr_efuse_base) plus min(power by rate, limit of @p regd) from
 * @p t (NULL: neither) for @p path on the channel tuned (@p primary, its
 * centre @p center_ch, @p bw_mhz), into *level; *cap (may be NULL) the
 * base plus that limit, the most the rate may have (INT_MAX without
 * tables). DVR_OK, or DVR_E_INVALID for a channel without a group.
 */
int dvr_txpwr_efuse_level(const uint8_t *block,
                          const struct dvr_txpwr_efuse_rules *rules,
                          const struct dvr_txpwr_tables *t,
                          enum dvr_regd regd, unsigned path, uint8_t rate,
                          unsigned primary, unsigned center_ch,
                          unsigned bw_mhz, int *level, int *cap);

#endif /* DVR_HAL_TXPWR_EFUSE_H */

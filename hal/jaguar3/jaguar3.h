/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar3/: what the Jaguar3 family (RTL8822C, RTL8822E) does its own
 * way on the HalMAC generation (hal/halmac/): the 24-byte RX descriptor
 * followed by the "jgr3" PHY status, the channel switch and RX paths
 * both dies program alike, and the TX AGC table that holds every rate's
 * TX power. Chip files in hal/<chip>/ supply the data and call these.
 */
#ifndef DVR_JAGUAR3_H
#define DVR_JAGUAR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/txpwr_index.h"
#include "hal/halmac/halmac.h"

#define JAGUAR3_RX_DESC_LEN HALMAC_RX_DESC_LEN
#define JAGUAR3_PHY_STATUS_LEN HALMAC_PHY_STATUS_LEN

/* CCK gain-index bounds the jgr3 CCK power formula needs (read from the
 * BB after the tables by the chip). Zero bounds disable the correction. */
struct jaguar3_cck_gain {
	uint8_t lower, upper;
};

/*
 * Parse one packet (the parse_rx_pkt op shape). @p cck may be NULL (no
 * CCK gain correction). chip->channel.bw_mhz is used as the frame
 * bandwidth when the PHY status reports no sub-channel.
 */
/* The CCK gain-index window the BB tables left (0x1A98 [15:14] : 0x1AA8
 * [19:16] upper, 0x1A98 [7:6] : 0x1A70 [27:24] lower), which page 0
 * power readings are corrected by (rtw88 rtw8822c.c
 * rtw8822c_phy_set_param; vendor phydm_cck_gi_bound_8822e). */
void jaguar3_read_cck_gain(struct dvr_io *io, struct jaguar3_cck_gain *out);

int jaguar3_parse_rx_pkt(const struct dvr_chip *chip,
                         const struct jaguar3_cck_gain *cck,
                         const uint8_t *p, size_t avail,
                         struct dvr_rx_pkt *out);

/*
 * The set_tx_power op of a Jaguar3 chip (jaguar3_txagc.c): the level of
 * every rate on every path from the chip's EFUSE rules @p tc for the
 * asked @p index (the HT MCS7 level of path A; hal/common/txpwr_index.h),
 * written into the TX AGC table: per-path 11M and MCS7 references and
 * per-rate differences. DVR_E_INVALID for an index outside
 * 0..tc->max_index, or the bus error; sets chip->tx_power_asked and
 * chip->tx_power_index.
 */
int jaguar3_set_tx_power(struct dvr_chip *chip,
                         const struct dvr_txpwr_chip *tc, int index);
/* ---- channel switch (jaguar3_channel.c) ---- */

struct dvr_chan_geometry;

/* What the two dies do differently inside the shared channel switch. */
struct jaguar3_chan_data {
	/* CCK TX shaping filter words for 0x1A20 [31:16], 0x1A24, 0x1A28
	 * [15:0], 0x1A98 [31:16], 0x1A9C [15:0], 0x1AA0, 0x1AAC, 0x1AB0:
	 * [0] every 2.4 GHz channel but 14, [1] channel 14. */
	uint32_t cck_shaping[2][8];
	/* RF 0x18 5 GHz sub-band: bit 18 from channel rf18_high_from,
	 * else bit 17 from rf18_mid_from. */
	uint8_t rf18_high_from, rf18_mid_from;
	/* 0x9B4 [10:8], the DAC clock at 20 MHz. */
	uint8_t dac_clk_20;
	/* The die's band set-up rewrites 0x808 [6:4] (TX DFIR) after
	 * jaguar3_bb_band, the same on every channel of the band: a hop
	 * leaves it alone. */
	bool tx_dfir_by_band;
	/* The AGC table choice (0x18AC / 0x41AC), called inside the band
	 * set-up where the 8822C's rtw88 order puts it. */
	void (*agc_tables)(struct dvr_chip *chip,
	                   const struct dvr_chan_geometry *pl);
	/* The RX baseband filter for the bandwidth, written under the
	 * 3-wire hold before RF 0x18. */
	void (*rx_bb_filter)(struct dvr_chip *chip,
	                     const struct dvr_chan_geometry *pl);
};

/* BB band registers of pl's band (CCK on/off, RX IQ, CCA mask, AGC
 * tables, clock-offset tracking, CCK shaping, TX DFIR). */
void jaguar3_bb_band(struct dvr_chip *chip, const struct jaguar3_chan_data *d,
                     const struct dvr_chan_geometry *pl);
/* BB bandwidth registers (0x810, 0x9B0, 0x9B4, 0x1A00, 0x1ABC, 0x88C,
 * 0xCBC). */
void jaguar3_bb_bandwidth(struct dvr_io *io, const struct jaguar3_chan_data *d,
                          const struct dvr_chan_geometry *pl);
/* The 5 or 10 MHz baseband re-clock (0x810, 0x9B0, 0x9B4) on a channel
 * tuned at 20 MHz (jaguar3_narrowband.c); a BB reset must follow. */
void jaguar3_bb_narrowband(struct dvr_io *io, unsigned bw_mhz);
/* Its undoing on a way back to 20/40/80 MHz: RX DFIR, small BW and the
 * DAC/ADC clocks at the 20 MHz values jaguar3_bb_bandwidth writes (its
 * 40/80 MHz cases write no clocks). */
void jaguar3_bb_narrowband_undo(struct dvr_io *io,
                                const struct jaguar3_chan_data *d);
/* Pure: the clock-offset tracking fc (0x0C30 [11:0]) of pl's centre
 * channel; and its write. */
uint32_t jaguar3_sco_fc_value(const struct dvr_chan_geometry *pl);
void jaguar3_sco_fc(struct dvr_io *io, const struct dvr_chan_geometry *pl);
/* The CCK TX shaping filter of a 2.4 GHz centre channel. */
void jaguar3_cck_shaping(struct dvr_io *io, const struct jaguar3_chan_data *d,
                         unsigned center);
/* The 3-wire hold around RF 0x18 writes (0x1C90 bit 8, through the
 * register shadow) and its release with the analog-parameter
 * force-update bits, which @p rewrite writes even when known set. */
void jaguar3_hold_3wire(struct dvr_chip *chip);
void jaguar3_release_3wire(struct dvr_chip *chip, bool rewrite);
/* Pure: the OFDM AGC table of a 5 GHz centre channel (1: 36-64, 2:
 * 100-144, 3: 149 and up), the same on both dies. */
uint32_t jaguar3_ofdm_agc_table_5g(unsigned center);
/* Pure: RF 0x18 for pl from path A's value @p rf18. */
uint32_t jaguar3_rf18(uint32_t rf18, const struct jaguar3_chan_data *d,
                      const struct dvr_chan_geometry *pl);
/* ---- the hop (jaguar3_hop.c) ---- */

/* What a hop writes without reading anything back, recorded by the full
 * channel set and by nothing else: the RF 0x18 word each centre channel
 * was last set with (0: none; it carries the bandwidth it was set at),
 * and 0x1D70 as the last IGI toggle left it. Emptied by the chip's
 * phy_init and after its calibration (which rewrites BB registers on
 * its own). */
#define JAGUAR3_HOP_CHANNELS 256u
struct jaguar3_hop {
	uint32_t rf18[JAGUAR3_HOP_CHANNELS];
	uint32_t igi_word;
	bool igi_known;
};

void jaguar3_hop_reset(struct jaguar3_hop *h);
/* The RF 0x18 word cached for @p to, or 0 when a hop cannot go there:
 * nothing cached for its centre channel at its bandwidth, no IGI word
 * known, or a primary 20/40 MHz position other than @p from's (that
 * moves the sub-channel registers, BB 0x9B0 / 0x1A00 and MAC 0x483,
 * which only the full set writes). Pure. */
uint32_t jaguar3_hop_rf18(const struct jaguar3_hop *h,
                          const struct jaguar3_chan_data *d,
                          const struct dvr_chan_geometry *from,
                          const struct dvr_chan_geometry *to);
/* The BB registers of the full set that depend on the channel within a
 * band and bandwidth, written (as jaguar3_bb_band writes them) only
 * where @p from and @p to differ. */
void jaguar3_hop_bb(struct dvr_chip *chip, const struct jaguar3_chan_data *d,
                    const struct dvr_chan_geometry *from,
                    const struct dvr_chan_geometry *to);
/* RF 0x18 = @p rf18 on both paths, one transfer each; with @p hold
 * under the 3-wire hold and the force-update bits as
 * jaguar3_rf_channel. */
void jaguar3_hop_rf(struct dvr_chip *chip, uint32_t rf18, bool hold);
/* The IGI toggle from the known 0x1D70 word: two transfers. */
void jaguar3_hop_toggle_igi(struct dvr_io *io, const struct jaguar3_hop *h);

/* RF 0x18 read from path A, rewritten on both paths with the RX
 * baseband filter under the 3-wire hold, then the force-update bits;
 * the word recorded in @p hop (may be NULL) for the channel. */
void jaguar3_rf_channel(struct dvr_chip *chip,
                        const struct jaguar3_chan_data *d,
                        const struct dvr_chan_geometry *pl,
                        struct jaguar3_hop *hop);
/* AGC re-settle after any BB change; the word it leaves recorded in
 * @p hop (may be NULL). */
void jaguar3_toggle_igi(struct dvr_io *io, struct jaguar3_hop *hop);
/* RX on both paths (@p two) or path A only: CCK and OFDM. */
void jaguar3_rx_paths(struct dvr_io *io, bool two);

#endif /* DVR_JAGUAR3_H */

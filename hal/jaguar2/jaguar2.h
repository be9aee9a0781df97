/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar2/: what the Jaguar2 family (RTL8822B, RTL8821C) does its own
 * way on the HalMAC generation (hal/halmac/): the "jgr2" PHY status,
 * whose CCK page each chip reads its own way (a hook in its family data)
 * and whose OFDM page names the receiver's bandwidth when it names no
 * sub-channel; the RF channel word; the 5/10 MHz re-clock around the
 * words each die hands in; the BB/RF set-up's middle; the thermal
 * meter's tick; the chip info, ops and MAC constants both chips share.
 */
#ifndef DVR_JAGUAR2_H
#define DVR_JAGUAR2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/halmac/halmac.h"

/* Family data of one chip (info->family_data). */
struct jaguar2_data {
	/* CCK RX power (dBm) from the "jgr2" CCK page (page 0): the
	 * RTL8822B reads a PWDB, the RTL8821C an LNA/VGA gain index pair
	 * against its board's gain table. CCK is received on one path. */
	int (*cck_rx_power)(const struct dvr_chip *chip, const uint8_t *ps);
	/* RF 0x18's sub-band field: "mid" from this centre channel on,
	 * "high" above this one (rtw88 rtw8822b.c 80 / 144, rtw8821c.c
	 * 100 / 140). */
	uint8_t rfsi_mid_from, rfsi_high_above;
};

static inline const struct jaguar2_data *jaguar2_data(const struct dvr_chip *c)
{
	return (const struct jaguar2_data *)c->info->family_data;
}

struct dvr_chan_geometry;
/* RF 0x18 for the channel @p pl: @p old (as read) with the band, channel,
 * sub-band and bandwidth fields replaced (jaguar2_rf.c). */
uint32_t jaguar2_rf18_word(const struct dvr_chip *chip, uint32_t old,
                           const struct dvr_chan_geometry *pl);
/* The synthesiser re-latch after RF 0x18 is written (RF A 0xB8 bit 19
 * low, then high); returns the word RF A 0xB8 is left holding. _from:
 * the same edge from @p b8, the word RF A 0xB8 is known to hold, with no
 * RF read. */
uint32_t jaguar2_rf_relatch(struct dvr_chip *chip);
void jaguar2_rf_relatch_from(struct dvr_chip *chip, uint32_t b8);

/*
 * What a hop needs of the RF (jaguar2_hop.c), in the chip's private
 * state: the words the last channel set or hop left in RF 0x18 and RF A
 * 0xB8, and the RF 0x18 word of every channel number set in full since
 * the cache was last dropped. Dropped (jaguar2_hop_forget) by phy_init
 * (the chip was powered), by every calibration, and on a bus error.
 */
#define JAGUAR2_HOP_CHANNELS 178u     /* channel numbers 0..177 */
struct jaguar2_hop_cache {
	bool known;              /* rf18, rf_b8 hold what the chip holds */
	uint32_t rf18;           /* RF 0x18, every path */
	uint32_t rf_b8;          /* RF A 0xB8 */
	uint32_t chan_rf18[JAGUAR2_HOP_CHANNELS];   /* by centre; 0: none */
};

void jaguar2_hop_forget(struct jaguar2_hop_cache *c);
/* The RF 0x18 part of a full channel set (rtw88 *_set_channel_rf): the
 * word for @p pl from RF A 0x18 as read (jaguar2_rf_channel_word); then,
 * after the chip's own RF steps, that word written to @p paths paths and
 * the re-latch, the word recorded in @p c (may be NULL). */
uint32_t jaguar2_rf_channel_word(struct dvr_chip *chip,
                                 const struct dvr_chan_geometry *pl);
void jaguar2_set_rf_channel(struct dvr_chip *chip, struct jaguar2_hop_cache *c,
                            const struct dvr_chan_geometry *pl, uint32_t word,
                            unsigned paths);
/* The RF 0x18 word a hop to @p pl writes: true when a full set of that
 * channel recorded it and it is what a full set would write now. */
bool jaguar2_hop_rf_word(const struct dvr_chip *chip,
                         const struct jaguar2_hop_cache *c,
                         const struct dvr_chan_geometry *pl, uint32_t *word);
/* Can the chip hop to @p ch: the geometry of the new (*pl) and old (*old)
 * channel, the same band, bandwidth and primary sub-channel (the ADC
 * clock word 0x8AC and the MAC's 0x483 hold the primary), and the RF
 * 0x18 word for it in @p c (*word). DVR_OK with *can true, or false when
 * only a full set will do; an error for a channel the chip cannot tune. */
int jaguar2_hop_begin(struct dvr_chip *chip, const struct jaguar2_hop_cache *c,
                      const struct dvr_channel *ch,
                      struct dvr_chan_geometry *pl,
                      struct dvr_chan_geometry *old, uint32_t *word,
                      bool *can);
/* The hop's RF writes: @p word to RF 0x18 of @p paths paths and the
 * re-latch from the cached RF A 0xB8, whole words, with no RF read. */
void jaguar2_hop_rf_write(struct dvr_chip *chip, struct jaguar2_hop_cache *c,
                          uint32_t word, unsigned paths);

/*
 * A 5 or 10 MHz channel (jaguar2_narrowband.c): @p set_channel tunes it
 * at 20 MHz, then BB 0x8AC becomes (word & keep) | set of the width (the
 * die's small-BW field and clock codes), 0x8C4 [30] low, 0x8C8 [31]
 * high, RF 0x18 rewritten through another value on @p edge_paths paths
 * (0: the die needs no edge), a BB reset; @p hop forgotten.
 */
struct jaguar2_narrow {
	int (*set_channel)(struct dvr_chip *chip, const struct dvr_channel *ch);
	uint32_t keep_5, set_5, keep_10, set_10;
	unsigned edge_paths;
	struct jaguar2_hop_cache *hop;
};
int jaguar2_set_narrow_channel(struct dvr_chip *chip,
                               const struct dvr_channel *ch,
                               const struct jaguar2_narrow *nb);

/* RX path select (0x808): [29:28] the path selection's reset, which the
 * BB/RF set-up holds while the tables load (rtw88 reg.h REG_RXPSEL,
 * BIT_RX_PSEL_RST). */
#define JAGUAR2_REG_RXPSEL 0x0808
#define JAGUAR2_RX_PSEL_RST 0x30000000u
/* After the chip's BB/RF power-on: RX path select reset, the chip's
 * tables (@p load_tables), the crystal cap (jaguar2_phy.c). The chip
 * releases the path select (sets JAGUAR2_RX_PSEL_RST) after its own
 * steps. */
int jaguar2_phy_load(struct dvr_chip *chip,
                     int (*load_tables)(struct dvr_chip *chip));

/* One watchdog tick of thermal tracking (jaguar2_thermal.c): the
 * firmware's heartbeat, st->thermal_cal from @p cal, and the thermal
 * meter started (*@p triggered clear) or read (set; with @p cal not
 * 0xFF): *@p reading and st->thermal the reading, else *@p reading -1.
 * An error of the heartbeat or the USB. */
int jaguar2_thermal_tick(struct dvr_chip *chip, bool *triggered, uint8_t cal,
                         struct dvr_thermal_stats *st, int *reading);

/* The parse_rx_pkt op of the family. */
int jaguar2_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                         size_t avail, struct dvr_rx_pkt *out);

/*
 * The dvr_chip_info fields the family fixes, after HALMAC_CHIP_INFO (the
 * chip names the others):
 *  - the HalMAC 24-byte RX descriptor and 32-byte "jgr2" PHY status; the
 *    largest packet is descriptor, shift, PHY status and the largest VHT
 *    MPDU (rtw88 usb.c rtw_usb_rx_handler; the 12288-byte RX packet
 *    limit both chips' mac_init set holds it);
 *  - a 6-bit TX AGC index in 0.5 dB steps (rtw88 rtw8822b.c and
 *    rtw8821c.c max_power_index 0x3F, txgi_factor 1). With no power set
 *    the core applies the channel's calibrated level (the chip's
 *    calibrated_tx_power); mid-scale stands in before a channel is known.
 */
#define JAGUAR2_CHIP_INFO                                                    \
	.rx_desc_len = HALMAC_RX_DESC_LEN,                                   \
	.phy_status_len = HALMAC_PHY_STATUS_LEN,                             \
	.max_rx_pkt = HALMAC_RX_DESC_LEN + 3 + HALMAC_PHY_STATUS_LEN +       \
	              HALMAC_MAX_RX_FRAME,                                   \
	.default_tx_power = 32,                                              \
	.tx_power_min = 0,                                                   \
	.tx_power_max = JAGUAR2_MAX_TX_INDEX,                                \
	.tx_power_step_mbm = 50
#define JAGUAR2_MAX_TX_INDEX 0x3F

/*
 * The MAC constants rtw88's two Jaguar2 mac_init write alike, in their
 * order (rtw8822b.c rtw8822b_mac_init and rtw8821c.c rtw8821c_mac_init,
 * the same WLAN_* values defined in rtw8822b.c and rtw8821c.h), as rows of
 * a chip's halmac_data mac_consts; the chip places its own rows between
 * them as rtw88 does.
 *
 * Protocol: A-MPDU max time 0x70, EOF on TX hang.
 */
#define JAGUAR2_MAC_PROTOCOL_ROWS                                            \
	HM_W8(0x0455, 0x70), HM_SET8(0x045E, 0x04)
/* RTS length 0xFF / time 8, max aggregation and RTS max aggregation 0x20,
 * BAR retry 1 and rate try limit 8, fast EDCA thresholds 6 (VO, VI, BE,
 * BK). */
#define JAGUAR2_MAC_AGG_ROWS                                                 \
	HM_W32(0x04C8, 0x202008FF), HM_W16(0x04CE, 0x0801),                  \
	HM_W8(0x1448, 0x06), HM_W8(0x144A, 0x06), HM_W8(0x144C, 0x06),       \
	HM_W8(0x144E, 0x06)
/* EDCA: TSF timer source, no TX pause, slot 9, PIFS 0x19, SIFS (CCK /
 * OFDM continuous TX 0x0A / 0x0E, TRX 0x10 / 0x10), VO / VI TXOP limits,
 * NAV, RX TSF offsets; beacon function on (the TSF runs), beacon timing,
 * SIFS backoff off. The MAC table loaded after these rewrites PIFS, the
 * low SIFS bytes and the TXOP limits (main.c rtw_power_on order). */
#define JAGUAR2_MAC_EDCA_ROWS                                                \
	HM_CLR8(0x05B4, 0x70), HM_W16(0x0522, 0x0000), HM_W8(0x051B, 0x09),  \
	HM_W8(0x0512, 0x19), HM_W32(0x0514, 0x10100E0A),                     \
	HM_W16(0x0502, 0x0186), HM_W16(0x0506, 0x03BC),                      \
	HM_W32(0x0544, 0x001B0005), HM_W16(0x055E, 0x3030),                  \
	HM_SET8(0x0550, 0x08), HM_W32(0x0540, 0x00006404),                   \
	HM_W8(0x0558, 0x04), HM_W8(0x0559, 0x02), HM_CLR8(0x0521, 0x10)
/* WMAC: RX filter maps (WLAN_RX_FILTER0 / 2), RCR (the monitor stage
 * writes its own), RX packet limit 12288 >> 9, TX function config. */
#define JAGUAR2_MAC_WMAC_ROWS                                                \
	HM_W32(0x06A0, 0x0FFFFFFF), HM_W16(0x06A4, 0xFFFF),                  \
	HM_W32(0x0608, 0xE400220E), HM_W8(0x060C, 0x18),                     \
	HM_W8(0x0606, 0x30), HM_W8(0x0605, 0x30)
/* Every multicast group: rtw88 leaves REG_MAR at 0 on both chips, and
 * OpenIPC devourer found that with MAR = 0 every group-addressed frame,
 * every beacon, is dropped (HalmacJaguar2MacInit.cpp init_wmac_cfg). */
#define JAGUAR2_MAC_MAR_ROWS                                                 \
	HM_W32(0x0620, 0xFFFFFFFF), HM_W32(0x0624, 0xFFFFFFFF)

/* The op the family fixes, after HALMAC_CHIP_OPS. */
#define JAGUAR2_CHIP_OPS .parse_rx_pkt = jaguar2_parse_rx_pkt

#endif /* DVR_JAGUAR2_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU chip driver: internal interface between the files of
 * hal/rtl8812a/ (one job per file). Only rtl8812a_info is public, through
 * hal/registry.c.
 */
#ifndef DVR_RTL8812A_H
#define DVR_RTL8812A_H

#include "hal/hal.h"
#include "hal/common/phy_table.h"

extern const struct dvr_chip_info rtl8812a_info;

#define RTL8812A_EFUSE_SIZE 512u
#define RTL8812A_FW_MAX_PAYLOAD 0x8000u      /* 32 KiB RAM code [4.1] */
#define RTL8812A_FW_HDR_LEN 32u
#define RTL8812A_TX_DESC_LEN 40u
#define RTL8812A_RX_DESC_LEN 24u
#define RTL8812A_PHY_STATUS_LEN 32u
#define RTL8812A_MAX_RX_FRAME 11454u         /* VHT MPDU incl. FCS [9.2] */

/* Logical EFUSE offsets used [2.5]. */
#define EFUSE_TX_PWR        0x10
#define EFUSE_XTAL          0xB9
#define EFUSE_PA_TYPE       0xBC
#define EFUSE_LNA_2G        0xBD
#define EFUSE_LNA_5G        0xBF
#define EFUSE_RF_BOARD_OPT  0xC1
#define EFUSE_BB_SWING_2G   0xC6
#define EFUSE_BB_SWING_5G   0xC7
#define EFUSE_RFE_OPTION    0xCA
#define EFUSE_MAC_ADDR      0xD7

enum rtl8812a_band { BAND_NONE = 0, BAND_2G = 2, BAND_5G = 5 };

/*
 * Chip-private state behind chip->priv: allocated by identify (which the
 * core always runs first) and freed by power_off. Every op tolerates
 * priv == NULL (defaults), so the pure ops work without identify.
 */
struct rtl8812a_priv {
	uint8_t efuse[RTL8812A_EFUSE_SIZE]; /* logical map, 0xFF = unset */
	bool efuse_blank;
	uint8_t bb_swing_2g, bb_swing_5g;   /* EFUSE 0xC6/0xC7 (2 bits/path) */
	bool btcoex;
	bool no_vht;                        /* 11n-only board (8812AU-VN) */
	enum rtl8812a_band band;            /* band the BB/RF is set up for */
};

static inline struct rtl8812a_priv *rtl8812a_priv(const struct dvr_chip *c)
{
	return (struct rtl8812a_priv *)c->priv;
}

/* Number of RF paths in use: 2, or 1 on a 1T1R board. */
static inline unsigned rtl8812a_paths(const struct dvr_chip *c)
{
	return c->id.is_1t1r ? 1u : 2u;
}

/* The phy_cond description of this chip for the table walker. */
void rtl8812a_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);

/* RF register access through the LSSI port [5.4]; path 0 = A, 1 = B. */
void rtl8812a_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                       uint32_t data);
uint32_t rtl8812a_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr);

/* TX queue pages, FIFO boundaries and the queue -> DMA map [1.3]; part of
 * mac_init (after the MAC table), defined with the LLT in _power.c. */
void rtl8812a_init_queues(struct dvr_chip *chip);

/* 8051 reset (vendor sequence [4.3 step 1]). */
void rtl8812a_reset_8051(struct dvr_io *io);

/* Primary-channel sub-channel indices [7.3] for a validated channel. */
struct rtl8812a_chan_plan {
	unsigned center;    /* channel number written to RF 0x18 */
	uint8_t sc20, sc40; /* REG_DATA_SC codes */
	bool is_5g;
};
int rtl8812a_plan_channel(const struct dvr_channel *ch, unsigned max_bw,
                          struct rtl8812a_chan_plan *out);

/* Ops, one file each. */
int rtl8812a_identify(struct dvr_chip *chip);
int rtl8812a_power_on(struct dvr_chip *chip);
void rtl8812a_power_off(struct dvr_chip *chip);
unsigned rtl8812a_tx_out_index(const struct dvr_chip *chip, unsigned n_out);
int rtl8812a_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw);
int rtl8812a_mac_init(struct dvr_chip *chip);
int rtl8812a_set_monitor(struct dvr_chip *chip, bool keep_corrupted);
int rtl8812a_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms);
int rtl8812a_phy_init(struct dvr_chip *chip);
int rtl8812a_set_tx_power(struct dvr_chip *chip, int index);
int rtl8812a_set_channel(struct dvr_chip *chip, const struct dvr_channel *ch);
int rtl8812a_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                           const struct dvr_tx_desc_req *req);
int rtl8812a_parse_rx_pkt(const struct dvr_chip *chip, const uint8_t *p,
                          size_t avail, struct dvr_rx_pkt *out);

/* Little-endian helpers for descriptors. */
static inline uint32_t rtl_get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void rtl_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

#endif /* DVR_RTL8812A_H */

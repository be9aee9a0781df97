/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * HalMAC-style MAC initialisation of the 3081-CPU generations, driven by a
 * per-chip parameter block (rtw88 mac.c rtw_mac_init: txdma_queue_mapping,
 * rtw_set_trx_fifo_info, priority_queue_cfg, init_h2c, the chip mac_init
 * constants, rtw_drv_info_cfg), plus a tiny interpreter for the chip's
 * constant register writes so they stay data.
 */
#ifndef DVR_JAGUAR3_MAC_H
#define DVR_JAGUAR3_MAC_H

#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

/* One constant register step. */
enum jaguar3_reg_op_kind {
	J3_W = 0,     /* write value */
	J3_SET = 1,   /* set the bits of value */
	J3_CLR = 2,   /* clear the bits of value */
	J3_FIELD = 3, /* read-modify-write: (old & ~mask) | (value & mask) */
};

struct jaguar3_reg_op {
	uint16_t addr;
	uint8_t width;      /* 1, 2 or 4 bytes */
	uint8_t kind;       /* enum jaguar3_reg_op_kind */
	uint32_t mask;      /* J3_FIELD only */
	uint32_t value;
};

/* Run @p n steps; returns the sticky bus status. */
int jaguar3_reg_ops_run(struct dvr_io *io, const struct jaguar3_reg_op *ops,
                        size_t n);

/* Dedicated TX pages per bulk-OUT count (rtw88 page_table_*). */
struct jaguar3_pages {
	uint16_t hq, nq, lq, exq, gap;
};

/* DMA queue codes of REG_TXDMA_PQ_MAP and the endpoint each feeds
 * (rtw88 usb.c dma_mapping_to_ep). */
enum { J3_DMA_EXTRA = 0, J3_DMA_LOW = 1, J3_DMA_NORMAL = 2, J3_DMA_HIGH = 3 };

/* MAC queue -> DMA queue per bulk-OUT count (rtw88 rqpn_table_*). */
struct jaguar3_rqpn {
	uint8_t vo, vi, be, bk, mg, hi;
};

struct jaguar3_mac_cfg {
	uint32_t txff_size;          /* TX FIFO bytes */
	uint32_t rxff_size;          /* RX FIFO bytes */
	uint16_t rsvd_drv_pages;     /* driver reserved pages */
	uint16_t csi_pages;          /* beamforming CSI buffer pages */
	uint8_t usb_tx_agg_desc_num; /* frames per bulk OUT the DMA takes */
	struct jaguar3_pages pages[5];   /* index = bulk-OUT count 2..4 */
	struct jaguar3_rqpn rqpn[5];     /* index = bulk-OUT count 2..4 */
	const struct jaguar3_reg_op *chip_ops;   /* the chip's constants */
	size_t n_chip_ops;
};

#define JAGUAR3_PAGE_SIZE 128u

/* Where the reserved pages sit (rtw88 mac.c rtw_set_trx_fifo_info). */
struct jaguar3_fifo {
	uint16_t txff_pages;
	uint16_t boundary;       /* first reserved (driver) page */
	uint16_t h2cq_page;      /* H2C queue */
	uint16_t fw_txbuf_page;  /* firmware TX buffer */
	uint16_t pub_pages;      /* public pages for @p n_out endpoints */
};

/* Pure: the layout for @p n_out bulk OUT endpoints (2..4). DVR_OK or
 * DVR_E_INVALID (unsupported endpoint count, reserved > FIFO). */
int jaguar3_fifo_layout(const struct jaguar3_mac_cfg *cfg, unsigned n_out,
                        struct jaguar3_fifo *out);

/* Bulk OUT index of a DMA queue for @p n_out endpoints. */
unsigned jaguar3_dma_to_out(uint8_t dma, unsigned n_out);

/*
 * The whole MAC init: queue mapping with CR = 0xFF, page counts and
 * boundaries, auto-LLT (polled), H2C queue (checked), the chip constants,
 * driver info (32-byte PHY status). DVR_OK, DVR_E_CHIP (LLT never done,
 * H2C queue mismatch; chip->error says which), or the bus error.
 */
int jaguar3_mac_init(struct dvr_chip *chip, const struct jaguar3_mac_cfg *cfg);

#endif /* DVR_JAGUAR3_MAC_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX queue layout as chip data (rtw88 main.h struct rtw_rqpn and struct
 * rtw_page_table, chosen by the number of bulk OUT endpoints): which DMA
 * priority queue each MAC queue feeds, how many TX FIFO pages each DMA
 * queue owns, where the reserved pages begin, the RX FIFO size. A family
 * layer programs these into its registers; the helpers here only compute.
 */
#ifndef DVR_HAL_QUEUE_LAYOUT_H
#define DVR_HAL_QUEUE_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* DMA priority queues, the 2-bit codes of REG_TXDMA_PQ_MAP (rtw88 main.h
 * enum rtw_dma_mapping). Each is fed by one bulk OUT endpoint: HIGH by
 * out_ep[0], NORMAL by [1], LOW by [2], EXTRA by [3] (rtw88 usb.c
 * dma_mapping_to_ep). */
enum dvr_dma_queue {
	DVR_DMA_EXTRA = 0,
	DVR_DMA_LOW = 1,
	DVR_DMA_NORMAL = 2,
	DVR_DMA_HIGH = 3,
};

/* The DMA queue each MAC queue is mapped to. */
struct dvr_rqpn {
	uint8_t vo, vi, be, bk, mgt, hi;   /* enum dvr_dma_queue */
};

/* A struct dvr_rqpn row in a chip's table, written with the queue names
 * alone: DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH). */
#define DVR_RQPN(vo, vi, be, bk, mgt, hi) \
	{ DVR_DMA_##vo, DVR_DMA_##vi, DVR_DMA_##be, DVR_DMA_##bk, \
	  DVR_DMA_##mgt, DVR_DMA_##hi }

/* TX FIFO pages owned by each DMA queue; the gap pages are kept free
 * between the queues and the reserved area; the rest is public. */
struct dvr_page_alloc {
	uint16_t hpq, npq, lpq, epq, gap;
};

#define DVR_QUEUE_MAX_EPS 4u

struct dvr_queue_layout {
	unsigned page_size;        /* TX FIFO page, bytes */
	unsigned tx_pages;         /* TX FIFO pages in all */
	unsigned rsvd_pages;       /* the driver's, at the top of the FIFO */
	size_t rxff_size;          /* RX FIFO bytes */
	size_t rx_report_size;     /* kept at the top of the RX FIFO for
	                              firmware reports */
	/* Index = number of bulk OUT endpoints, 1..4 (0 unused). */
	struct dvr_rqpn rqpn[DVR_QUEUE_MAX_EPS + 1];
	struct dvr_page_alloc pages[DVR_QUEUE_MAX_EPS + 1];
};

/* The endpoint count the tables are indexed with: n_out clamped to 1..4. */
unsigned dvr_queue_eps(unsigned n_out);

/* First reserved page: the end of the pages the queues share. */
unsigned dvr_queue_boundary(const struct dvr_queue_layout *q);

/* Public pages for n_out endpoints: what the boundary leaves after the
 * dedicated and gap pages, or 0 if the table gives away more than that. */
unsigned dvr_queue_public_pages(const struct dvr_queue_layout *q,
                                unsigned n_out);

/* Last byte of the RX FIFO the chip may fill with frames. */
size_t dvr_queue_rxff_boundary(const struct dvr_queue_layout *q);

/* out_ep[] index that feeds DMA queue dma. */
unsigned dvr_dma_queue_ep(uint8_t dma);

/* out_ep[] index management frames (the QSEL injected frames use) must go
 * out on with n_out endpoints: the one of the DMA queue MGT maps to, or 0
 * when the device lacks that endpoint. */
unsigned dvr_queue_mgmt_ep(const struct dvr_queue_layout *q, unsigned n_out);

/* The REG_TXDMA_PQ_MAP bits [15:4] for n_out endpoints (bits [3:0] zero):
 * 2 bits per MAC queue, VO at 4, then VI, BE, BK, MGT, HI. */
uint16_t dvr_queue_pq_map(const struct dvr_queue_layout *q, unsigned n_out);

/* A layout whose tables fit its FIFO: every endpoint count gives a
 * positive public page count, every DMA code is 0..3. */
bool dvr_queue_layout_valid(const struct dvr_queue_layout *q);

#endif /* DVR_HAL_QUEUE_LAYOUT_H */

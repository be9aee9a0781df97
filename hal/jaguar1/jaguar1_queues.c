/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * TX FIFO pages, LLT, FIFO boundaries and the queue -> DMA map of a
 * Jaguar1 chip, programmed from its queue layout (info->queues) the way
 * rtw88 rtw88xxa.c does it (rtw88xxa_llt_init,
 * rtw88xxau_init_queue_reserved_page, rtw88xxau_init_tx_buffer_boundary,
 * rtw88xxau_init_queue_priority).
 */
#include "hal/common/queue_layout.h"
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"

#define LLT_POLL_TRIES 20u
#define LLT_POLL_US 10u
#define LLT_END 0xFFu             /* "no next page" */
#define REG_HIQ_NO_LMT_EN 0x05A7

unsigned jaguar1_tx_out_index(const struct dvr_chip *chip, unsigned n_out)
{
	/* Injected frames use QSEL MGMT; DROP_DATA_EN discards frames that
	 * arrive on another endpoint than the one its DMA queue is fed by. */
	if (!chip->info->queues)
		return 0;
	return dvr_queue_mgmt_ep(chip->info->queues, n_out);
}

static int llt_write(struct dvr_io *io, unsigned addr, unsigned data)
{
	dvr_w32(io, REG_LLT_INIT, LLT_OP_WRITE | (addr & 0xFF) << 8 |
	        (data & 0xFF));
	return dvr_poll32(io, REG_LLT_INIT, LLT_OP_MASK, 0, LLT_POLL_TRIES,
	                  LLT_POLL_US);
}

int jaguar1_llt_init(struct dvr_chip *chip)
{
	const struct dvr_queue_layout *q = chip->info->queues;

	if (!q)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s has no queue "
		                     "layout in its chip data", chip->info->name);
	unsigned boundary = dvr_queue_boundary(q), last = q->tx_pages - 1;
	/* The LLT addresses pages with 8 bits. */
	if (q->tx_pages > 256 || boundary == 0)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s: queue layout of "
		                     "%u pages, %u reserved, does not fit the "
		                     "LLT", chip->info->name, q->tx_pages,
		                     q->rsvd_pages);
	for (unsigned i = 0; i <= last; i++) {
		unsigned next;
		if (i == boundary - 1)
			next = LLT_END;
		else if (i == last)
			next = boundary;
		else
			next = i + 1;
		int st = llt_write(chip->io, i, next);
		if (st != DVR_OK)
			return dvr_chip_fail(chip, st,
			                     "LLT write of entry %u never completed",
			                     i);
	}
	return DVR_OK;
}

void jaguar1_init_queues(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct dvr_queue_layout *q = chip->info->queues;
	const struct jaguar1_data *jd = jaguar1_data(chip);

	if (!q)
		return;     /* power_on's LLT step has already refused it */
	unsigned eps = dvr_queue_eps(chip->n_out);
	const struct dvr_page_alloc *pg = &q->pages[eps];
	uint32_t pub = dvr_queue_public_pages(q, chip->n_out);
	uint8_t bnd = (uint8_t)dvr_queue_boundary(q);

	dvr_w32(io, REG_RQPN_NPQ, (uint32_t)pg->npq | (uint32_t)pg->epq << 16);
	dvr_w32(io, REG_RQPN, RQPN_LOAD | pub << 16 | (uint32_t)pg->lpq << 8 |
	        pg->hpq);

	dvr_w8(io, REG_BCNQ_BDNY, bnd);
	dvr_w8(io, REG_MGQ_BDNY, bnd);
	dvr_w8(io, REG_WMAC_LBK_BF_HD, bnd);
	dvr_w8(io, REG_TRXFF_BNDY, bnd);
	dvr_w8(io, REG_DWBCN0_CTRL_B1, bnd);

	dvr_w16(io, REG_TXDMA_PQ_MAP,
	        (uint16_t)((dvr_r16(io, REG_TXDMA_PQ_MAP) & PQ_MAP_RX_BITS) |
	                   dvr_queue_pq_map(q, chip->n_out)));
	if (chip->n_out >= 4)
		dvr_w8(io, REG_HIQ_NO_LMT_EN, 0xFF);  /* HI queue: no limit */

	dvr_w16(io, REG_RXFF_BNDY, (uint16_t)dvr_queue_rxff_boundary(q));
	if (jd && jd->set_pbp)
		dvr_w8(io, REG_PBP, jd->pbp);
}

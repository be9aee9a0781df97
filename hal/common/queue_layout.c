/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Arithmetic on a chip's TX queue layout (see queue_layout.h). */
#include "hal/common/queue_layout.h"

unsigned dvr_queue_eps(unsigned n_out)
{
	if (n_out < 1)
		return 1;
	return n_out > DVR_QUEUE_MAX_EPS ? DVR_QUEUE_MAX_EPS : n_out;
}

unsigned dvr_queue_boundary(const struct dvr_queue_layout *q)
{
	return q->tx_pages > q->rsvd_pages ? q->tx_pages - q->rsvd_pages : 0;
}

unsigned dvr_queue_public_pages(const struct dvr_queue_layout *q,
                                unsigned n_out)
{
	const struct dvr_page_alloc *p = &q->pages[dvr_queue_eps(n_out)];
	unsigned used = (unsigned)p->hpq + p->npq + p->lpq + p->epq + p->gap;
	unsigned bnd = dvr_queue_boundary(q);

	return bnd > used ? bnd - used : 0;
}

size_t dvr_queue_rxff_boundary(const struct dvr_queue_layout *q)
{
	size_t top = q->rx_report_size + 1;

	return q->rxff_size > top ? q->rxff_size - top : 0;
}

unsigned dvr_dma_queue_ep(uint8_t dma)
{
	switch (dma) {
	case DVR_DMA_HIGH: return 0;
	case DVR_DMA_NORMAL: return 1;
	case DVR_DMA_LOW: return 2;
	default: return 3;
	}
}

unsigned dvr_queue_mgmt_ep(const struct dvr_queue_layout *q, unsigned n_out)
{
	unsigned ep = dvr_dma_queue_ep(q->rqpn[dvr_queue_eps(n_out)].mgt);

	return ep < n_out ? ep : 0;
}

uint16_t dvr_queue_pq_map(const struct dvr_queue_layout *q, unsigned n_out)
{
	const struct dvr_rqpn *r = &q->rqpn[dvr_queue_eps(n_out)];

	return (uint16_t)((r->vo & 3u) << 4 | (r->vi & 3u) << 6 |
	                  (r->be & 3u) << 8 | (r->bk & 3u) << 10 |
	                  (r->mgt & 3u) << 12 | (r->hi & 3u) << 14);
}

bool dvr_queue_layout_valid(const struct dvr_queue_layout *q)
{
	if (!q || q->page_size == 0 || dvr_queue_boundary(q) == 0 ||
	    dvr_queue_rxff_boundary(q) == 0)
		return false;
	for (unsigned n = 1; n <= DVR_QUEUE_MAX_EPS; n++) {
		const struct dvr_rqpn *r = &q->rqpn[n];
		if (r->vo > 3 || r->vi > 3 || r->be > 3 || r->bk > 3 ||
		    r->mgt > 3 || r->hi > 3)
			return false;
		if (dvr_queue_public_pages(q, n) == 0)
			return false;
	}
	return true;
}

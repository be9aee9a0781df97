/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "hal/common/usb_rx_dma.h"

#define REG_TXDMA_PQ_MAP 0x010C
#define RXDMA_AGG_EN 0x04
#define REG_RXDMA_AGG_PG_TH 0x0280
#define REG_RXDMA_MODE 0x0290
#define DMA_MODE 0x02
#define DMA_BURST_CNT_3 0x0C
#define DMA_BURST_SIZE_SHIFT 4
#define DMA_BURST_1024 0u
#define DMA_BURST_512 1u
#define DMA_BURST_64 2u

void dvr_usb_rx_dma_burst(struct dvr_chip *chip)
{
	unsigned burst = DMA_BURST_512;

	if (chip->usb3)
		burst = DMA_BURST_1024;
	else if (chip->usb_speed_mbps && chip->usb_speed_mbps < 480)
		burst = DMA_BURST_64;
	dvr_w8(chip->io, REG_RXDMA_MODE, (uint8_t)(DMA_MODE | DMA_BURST_CNT_3 |
	                                           burst << DMA_BURST_SIZE_SHIFT));
}

void dvr_usb_rx_agg(struct dvr_chip *chip, uint8_t size_thr, uint8_t timeout)
{
	dvr_w16(chip->io, REG_RXDMA_AGG_PG_TH,
	        (uint16_t)(size_thr | (unsigned)timeout << 8));
	dvr_set8(chip->io, REG_TXDMA_PQ_MAP, RXDMA_AGG_EN);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The USB RX DMA registers every Realtek 802.11ac USB chip shares (rtw88
 * usb.c): the DMA burst that moves received packets to the bulk IN
 * endpoint, and USB RX aggregation, which lets one bulk IN transfer carry
 * several packets. A family layer calls these during MAC init.
 */
#ifndef DVR_HAL_USB_RX_DMA_H
#define DVR_HAL_USB_RX_DMA_H

#include <stdint.h>

#include "hal/hal.h"

/* REG_RXDMA_MODE as rtw88 usb.c rtw_usb_init_burst_pkt_len sets it: DMA
 * mode, burst count 3, and the burst size the bus speed allows (1024 B
 * SuperSpeed, 512 B high speed, 64 B full speed). */
void dvr_usb_rx_dma_burst(struct dvr_chip *chip);

/* USB RX aggregation on (REG_TXDMA_PQ_MAP bit 2), closing an aggregate at
 * size_thr (REG_RXDMA_AGG_PG_TH [7:0]) or timeout ([15:8]), as rtw88 usb.c
 * rtw_usb_dynamic_rx_agg_v1 / _v2 program them. The caller chooses the
 * values; this only writes them. */
void dvr_usb_rx_agg(struct dvr_chip *chip, uint8_t size_thr, uint8_t timeout);

#endif

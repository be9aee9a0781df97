/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The HalMAC MAC: its initialisation from the chip's queue layout and
 * constants (rtw88 mac.c rtw_mac_init: txdma_queue_mapping,
 * rtw_set_trx_fifo_info, priority_queue_cfg, init_h2c, the chip's mac_init
 * constants, rtw_drv_info_cfg; usb.c rtw_usb_interface_cfg), monitor-mode
 * RX filters, the queue injected frames use, and waiting for it to drain.
 */
#include "hal/common/chan_geometry.h"
#include "hal/common/usb_rx_dma.h"
#include "hal/halmac/halmac.h"

/* Registers (rtw88 reg.h). */
#define REG_CR 0x0100
#define MAC_TRX_ENABLE 0xFF
#define REG_CR_B3 0x0103
#define REG_TXDMA_PQ_MAP 0x010C
#define RXDMA_ARBBW_EN 0x01
#define REG_TRXFF_BNDY_B1 0x0115
#define REG_RXFF_BNDY 0x011C
#define REG_FIFOPAGE_CTRL_2 0x0204
#define REG_FIFOPAGE_CTRL_2_HI 0x0206
#define REG_AUTO_LLT 0x0208
#define AUTO_INIT_LLT 0x01
#define BLK_DESC_NUM_MASK 0xF0
#define REG_AUTO_LLT_B3 0x020B
#define REG_TXDMA_OFFSET_CHK_B1 0x020D
#define REG_RQPN_CTRL_2 0x022C
#define REG_RXDMA_AGG_PG_TH_B3 0x0283
#define RXDMA_AGG_MODE_DMA 0x80
#define LD_RQPN 0x80000000u
#define REG_FIFOPAGE_INFO_1 0x0230 /* HQ; LQ +4, NQ +8, EXQ +C, PUB +10 */
#define REG_H2C_HEAD 0x0244
#define REG_H2C_TAIL 0x0248
#define REG_H2C_READ_ADDR 0x024C
#define REG_H2C_INFO 0x0254
#define REG_FWHW_TXQ_CTRL_B2 0x0422
#define EN_WR_FREE_TAIL 0x10
#define REG_BCNQ_BDNY 0x0424
#define REG_BCNQ1_BDNY 0x0456
#define REG_RCR 0x0608
#define APP_PHYSTS 0x10000000u
#define REG_RX_DRVINFO_SZ 0x060F
#define REG_WMAC_OPTION_FUNCTION_1 0x07D4
#define REG_H2C_PKT_READADDR 0x10D0
#define REG_H2C_PKT_WRITEADDR 0x10D4
#define REG_H2CQ_CSR 0x1330
#define H2CQ_FULL 0x80000000u

#define REG_RXFLTMAP0 0x06A0
#define REG_RXFLTMAP2 0x06A4
#define REG_MAR 0x0620
#define RCR_ACRC32 (1u << 8)
#define RCR_AICV (1u << 9)
#define PHY_STATUS_UNITS 4u       /* 4 x 8 = 32 bytes */
#define LLT_TRIES 1000u
#define LLT_POLL_US 10u

int halmac_reg_ops_run(struct dvr_io *io, const struct halmac_reg_op *ops,
                       size_t n)
{
	for (size_t i = 0; i < n && dvr_io_status(io) == DVR_OK; i++) {
		const struct halmac_reg_op *o = &ops[i];
		uint32_t v = o->value, old = 0;
		if (o->kind != HM_W) {
			old = o->width == 1 ? dvr_r8(io, o->addr) :
			      o->width == 2 ? dvr_r16(io, o->addr) :
			                      dvr_r32(io, o->addr);
			if (o->kind == HM_SET)
				v = old | o->value;
			else if (o->kind == HM_CLR)
				v = old & ~o->value;
			else
				v = (old & ~o->mask) | (o->value & o->mask);
		}
		if (o->width == 1)
			dvr_w8(io, o->addr, (uint8_t)v);
		else if (o->width == 2)
			dvr_w16(io, o->addr, (uint16_t)v);
		else
			dvr_w32(io, o->addr, v);
	}
	return dvr_io_status(io);
}

int halmac_edcca_init(struct dvr_chip *chip)
{
	const struct halmac_data *d = halmac_data(chip);

	return halmac_reg_ops_run(chip->io, d->edcca_init, d->n_edcca_init);
}

int halmac_fifo_layout(const struct dvr_chip *chip, unsigned n_out,
                       struct halmac_fifo *out)
{
	const struct dvr_queue_layout *q = chip ? chip->info->queues : NULL;
	const struct halmac_data *d = chip ? halmac_data(chip) : NULL;

	if (!q || !d || !out || n_out < 2 || n_out > 4)
		return DVR_E_INVALID;
	const struct dvr_page_alloc *pg = &q->pages[n_out];
	uint32_t dedicated = (uint32_t)pg->hpq + pg->npq + pg->lpq + pg->epq +
	                     pg->gap;
	if (q->tx_pages > 0xFFF || q->rsvd_pages + dedicated >= q->tx_pages)
		return DVR_E_INVALID;
	out->txff_pages = (uint16_t)q->tx_pages;
	out->boundary = (uint16_t)dvr_queue_boundary(q);
	/* From the top down: CSI buffer, FW TX buffer, CPU instructions,
	 * H2C queue, H2C static info, H2C extra info, driver pages. */
	out->fw_txbuf_page = (uint16_t)(q->tx_pages - d->csi_pages -
	                                HALMAC_RSVD_FW_TXBUF);
	out->h2cq_page = (uint16_t)(out->fw_txbuf_page -
	                            HALMAC_RSVD_CPU_INSTR - HALMAC_RSVD_H2CQ);
	out->pub_pages = (uint16_t)dvr_queue_public_pages(q, n_out);
	return DVR_OK;
}

unsigned halmac_tx_out_index(const struct dvr_chip *chip, unsigned n_out)
{
	/* Injected frames use QSEL MGMT; DROP_DATA_EN discards a frame
	 * that arrives on another endpoint than its queue's. */
	if (n_out < 2 || n_out > 4)
		return 0;
	return dvr_queue_mgmt_ep(chip->info->queues, n_out);
}

static void queue_mapping(struct dvr_io *io,
                          const struct dvr_queue_layout *q, unsigned n)
{
	dvr_w16(io, REG_TXDMA_PQ_MAP, dvr_queue_pq_map(q, n));
	dvr_w8(io, REG_CR, 0);
	dvr_w8(io, REG_CR, MAC_TRX_ENABLE);
	dvr_w32(io, REG_H2CQ_CSR, H2CQ_FULL);
	dvr_set8(io, REG_TXDMA_PQ_MAP, RXDMA_ARBBW_EN);
}

static int priority_queues(struct dvr_chip *chip, unsigned n,
                           const struct halmac_fifo *f)
{
	struct dvr_io *io = chip->io;
	const struct dvr_queue_layout *q = chip->info->queues;
	const struct dvr_page_alloc *pg = &q->pages[n];
	/* the frames a bulk OUT may carry, as the host packs them */
	const uint8_t agg = (uint8_t)chip->info->tx_agg_max;

	dvr_w16(io, REG_FIFOPAGE_INFO_1, pg->hpq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 4, pg->lpq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 8, pg->npq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 12, pg->epq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 16, f->pub_pages);
	dvr_set32(io, REG_RQPN_CTRL_2, LD_RQPN);

	dvr_w16(io, REG_FIFOPAGE_CTRL_2, f->boundary);
	dvr_set8(io, REG_FWHW_TXQ_CTRL_B2, EN_WR_FREE_TAIL);
	dvr_w16(io, REG_BCNQ_BDNY, f->boundary);
	dvr_w16(io, REG_FIFOPAGE_CTRL_2_HI, f->boundary);
	dvr_w16(io, REG_BCNQ1_BDNY, f->boundary);
	dvr_w32(io, REG_RXFF_BNDY, (uint32_t)dvr_queue_rxff_boundary(q));

	dvr_w8_mask(io, REG_AUTO_LLT, BLK_DESC_NUM_MASK, agg);
	dvr_w8(io, REG_AUTO_LLT_B3, agg);
	dvr_set8(io, REG_TXDMA_OFFSET_CHK_B1, 0x02);  /* DROP_DATA_EN */

	dvr_set8(io, REG_AUTO_LLT, AUTO_INIT_LLT);
	int st = dvr_poll8(io, REG_AUTO_LLT, AUTO_INIT_LLT, 0, LLT_TRIES,
	                   LLT_POLL_US);
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, st, "the chip never finished "
		                     "building its TX page list (0x208 bit 0)");
	if (st != DVR_OK)
		return st;
	dvr_w8(io, REG_CR_B3, 0);                     /* normal transfer */
	return dvr_io_status(io);
}

static int h2c_queue(struct dvr_chip *chip, const struct halmac_fifo *f)
{
	struct dvr_io *io = chip->io;
	uint32_t addr = (uint32_t)f->h2cq_page * HALMAC_PAGE_SIZE;
	uint32_t size = HALMAC_RSVD_H2CQ * HALMAC_PAGE_SIZE;

	dvr_w32_mask(io, REG_H2C_HEAD, 0x3FFFF, addr);
	dvr_w32_mask(io, REG_H2C_READ_ADDR, 0x3FFFF, addr);
	dvr_w32_mask(io, REG_H2C_TAIL, 0x3FFFF, addr + size);
	dvr_w8_mask(io, REG_H2C_INFO, 0x03, 0x01);
	dvr_w8_mask(io, REG_H2C_INFO, 0x04, 0x01);
	dvr_w8_mask(io, REG_TXDMA_OFFSET_CHK_B1, 0x80, 0x01);
	uint32_t wp = dvr_r32(io, REG_H2C_PKT_WRITEADDR) & 0x3FFFF;
	uint32_t rp = dvr_r32(io, REG_H2C_PKT_READADDR) & 0x3FFFF;
	int st = dvr_io_status(io);
	if (st != DVR_OK)
		return st;
	uint32_t free = wp >= rp ? size - (wp - rp) : rp - wp;
	if (free != size)
		return dvr_chip_fail(chip, DVR_E_CHIP, "H2C queue mismatch: "
		                     "%u of %u bytes free (write 0x%05x, read "
		                     "0x%05x)", (unsigned)free, (unsigned)size,
		                     (unsigned)wp, (unsigned)rp);
	return DVR_OK;
}

static void drv_info(struct dvr_io *io)
{
	dvr_w8(io, REG_RX_DRVINFO_SZ, PHY_STATUS_UNITS);
	/* Without it the descriptor may report a driver-info size of 0
	 * while the PHY status is still inserted (rtw88 "rxdesc len = 0
	 * issue"). */
	dvr_w8_mask(io, REG_TRXFF_BNDY_B1, 0x0F, 0x0F);
	dvr_set32(io, REG_RCR, APP_PHYSTS);
	dvr_clr32(io, REG_WMAC_OPTION_FUNCTION_1, 0x300u);
}

/*
 * The USB side of RX: the DMA burst (rtw88 usb.c rtw_usb_interface_cfg),
 * then aggregation in USB mode (rtw_usb_dynamic_rx_agg_v1: 0x283 bit 7
 * selects the older DMA mode and must be clear). rtw88 turns aggregation
 * on (size 5, timeout 0x20) once traffic passes 1 Mbit/s, which a video
 * link always does, and off again below it; we keep it on with its size
 * and the shortest timeout, 1, for the reason the Jaguar1 layer gives: a
 * lone frame leaves at once, a backlog still leaves in large aggregates.
 * Without aggregation every packet takes a bulk IN transfer of its own, and
 * the host's posted transfers are all the slack the RX FIFO has.
 */
static void usb_rx_dma(struct dvr_chip *chip)
{
	dvr_usb_rx_dma_burst(chip);
	dvr_clr8(chip->io, REG_RXDMA_AGG_PG_TH_B3, RXDMA_AGG_MODE_DMA);
	dvr_usb_rx_agg(chip, 5, 1);
}

static int mac_init(struct dvr_chip *chip)
{
	const struct halmac_data *d = halmac_data(chip);
	struct halmac_fifo f;
	unsigned n = chip->n_out;
	int st;

	if (halmac_fifo_layout(chip, n, &f) != DVR_OK)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "no TX queue "
		                     "layout for %u bulk OUT endpoints (2..4)",
		                     n);
	queue_mapping(chip->io, chip->info->queues, n);
	if ((st = priority_queues(chip, n, &f)) != DVR_OK)
		return st;
	if ((st = h2c_queue(chip, &f)) != DVR_OK)
		return st;
	if (d->mac_init && (st = d->mac_init(chip)) != DVR_OK)
		return st;
	if ((st = halmac_reg_ops_run(chip->io, d->mac_consts,
	                             d->n_mac_consts)) != DVR_OK)
		return st;
	drv_info(chip->io);
	usb_rx_dma(chip);
	return dvr_io_status(chip->io);
}

int halmac_mac_init(struct dvr_chip *chip)
{
	int st = mac_init(chip);

	/* A step that failed on the bus left no reason of its own. */
	if (st != DVR_OK && chip->error[0] == '\0')
		return dvr_chip_fail(chip, st, "USB error during MAC init");
	return st;
}

int halmac_set_monitor(struct dvr_chip *chip, bool keep_corrupted)
{
	struct dvr_io *io = chip->io;
	uint32_t rcr = halmac_data(chip)->rcr_monitor;

	if (keep_corrupted)
		rcr |= RCR_ACRC32 | RCR_AICV;
	dvr_w32(io, REG_RCR, rcr);
	/* Every management, control and data subtype, every multicast
	 * address. */
	dvr_w16(io, REG_RXFLTMAP0, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP0 + 2, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP2, 0xFFFF);
	dvr_w32(io, REG_MAR, 0xFFFFFFFF);
	dvr_w32(io, REG_MAR + 4, 0xFFFFFFFF);
	return dvr_io_status(io);
}

int halmac_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms)
{
	struct dvr_io *io = chip->io;
	unsigned n = chip->n_out >= 2 && chip->n_out <= 4 ? chip->n_out : 2;
	/* The queue injected frames use: its page counter (rtw88
	 * prioq_addrs: reserved at +0, available at +2, by DMA queue
	 * EXTRA, LOW, NORMAL, HIGH) is full again once every frame has
	 * left. */
	static const uint16_t base[4] = { 0x023C, 0x0234, 0x0238, 0x0230 };
	uint16_t reg = base[chip->info->queues->rqpn[n].mgt & 3];

	for (unsigned t = 0;; t++) {
		uint16_t rsvd = dvr_r16(io, reg) & 0xFFF;
		uint16_t avail = dvr_r16(io, (uint16_t)(reg + 2)) & 0xFFF;
		int st = dvr_io_status(io);
		if (st != DVR_OK)
			return st;
		if (rsvd == avail)
			return DVR_OK;
		if (t >= timeout_ms)
			return DVR_E_TIMEOUT;
		dvr_delay_ms(1);
	}
}

void halmac_set_channel_mac(struct dvr_chip *chip,
                            const struct dvr_chan_geometry *pl)
{
	struct dvr_io *io = chip->io;

	dvr_w8(io, 0x0483, (uint8_t)((pl->sc20 & 0xF) | (pl->sc40 & 0xF) << 4));
	uint32_t rfmod = pl->bw_mhz == 80 ? 1u << 8 :
	                 pl->bw_mhz == 40 ? 1u << 7 : 0;
	dvr_w32_mask(io, 0x0668, 0x180, rfmod >> 7);
	dvr_clr32(io, 0x0024, 0x00300000);       /* 80 MHz MAC clock */
	dvr_w8(io, 0x055C, 80);
	dvr_w8(io, 0x0638, 80);
	dvr_w8_mask(io, 0x0454, 0x80, pl->is_5g);
}

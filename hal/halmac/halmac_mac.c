/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* HalMAC-style MAC initialisation driven by struct jaguar3_mac_cfg. */
#include "hal/jaguar3/jaguar3_mac.h"
#include "hal/common/usb_rx_dma.h"

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

/* Reserved pages below the CSI buffer (rtw88 mac.h RSVD_PG_*). */
#define PG_FW_TXBUF 4u
#define PG_CPU_INSTR 0u
#define PG_H2CQ 8u
#define PG_H2C_STATIC 8u
#define PG_H2C_EXTRA 24u
#define C2H_PKT_BUF 256u
#define PHY_STATUS_UNITS 4u       /* 4 x 8 = 32 bytes */
#define LLT_TRIES 1000u
#define LLT_POLL_US 10u

int jaguar3_reg_ops_run(struct dvr_io *io, const struct jaguar3_reg_op *ops,
                        size_t n)
{
	for (size_t i = 0; i < n && dvr_io_status(io) == DVR_OK; i++) {
		const struct jaguar3_reg_op *o = &ops[i];
		uint32_t v = o->value, old = 0;
		if (o->kind != J3_W) {
			old = o->width == 1 ? dvr_r8(io, o->addr) :
			      o->width == 2 ? dvr_r16(io, o->addr) :
			                      dvr_r32(io, o->addr);
			if (o->kind == J3_SET)
				v = old | o->value;
			else if (o->kind == J3_CLR)
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

int jaguar3_fifo_layout(const struct jaguar3_mac_cfg *cfg, unsigned n_out,
                        struct jaguar3_fifo *out)
{
	if (!cfg || !out || n_out < 2 || n_out > 4)
		return DVR_E_INVALID;
	uint32_t pages = cfg->txff_size / JAGUAR3_PAGE_SIZE;
	uint32_t rsvd = (uint32_t)cfg->rsvd_drv_pages + PG_H2C_EXTRA +
	                PG_H2C_STATIC + PG_H2CQ + PG_CPU_INSTR + PG_FW_TXBUF +
	                cfg->csi_pages;
	const struct jaguar3_pages *pg = &cfg->pages[n_out];
	uint32_t dedicated = (uint32_t)pg->hq + pg->nq + pg->lq + pg->exq +
	                     pg->gap;
	if (pages > 0xFFF || rsvd + dedicated >= pages)
		return DVR_E_INVALID;
	out->txff_pages = (uint16_t)pages;
	out->boundary = (uint16_t)(pages - rsvd);
	/* From the top down: CSI buffer, FW TX buffer, CPU instructions,
	 * H2C queue, H2C static info, H2C extra info, driver pages. */
	out->fw_txbuf_page = (uint16_t)(pages - cfg->csi_pages - PG_FW_TXBUF);
	out->h2cq_page = (uint16_t)(out->fw_txbuf_page - PG_CPU_INSTR -
	                            PG_H2CQ);
	out->pub_pages = (uint16_t)(out->boundary - dedicated);
	return DVR_OK;
}

unsigned jaguar3_dma_to_out(uint8_t dma, unsigned n_out)
{
	unsigned ep;

	switch (dma) {
	case J3_DMA_HIGH: ep = 0; break;
	case J3_DMA_NORMAL: ep = 1; break;
	case J3_DMA_LOW: ep = 2; break;
	default: ep = 3; break;
	}
	return ep < n_out ? ep : 0;
}

static void queue_mapping(struct dvr_io *io, const struct jaguar3_rqpn *q)
{
	uint16_t map = (uint16_t)(q->vo << 4 | q->vi << 6 | q->be << 8 |
	                          q->bk << 10 | q->mg << 12 | q->hi << 14);

	dvr_w16(io, REG_TXDMA_PQ_MAP, map);
	dvr_w8(io, REG_CR, 0);
	dvr_w8(io, REG_CR, MAC_TRX_ENABLE);
	dvr_w32(io, REG_H2CQ_CSR, H2CQ_FULL);
	dvr_set8(io, REG_TXDMA_PQ_MAP, RXDMA_ARBBW_EN);
}

static int priority_queues(struct dvr_chip *chip,
                           const struct jaguar3_mac_cfg *cfg,
                           const struct jaguar3_pages *pg,
                           const struct jaguar3_fifo *f)
{
	struct dvr_io *io = chip->io;

	dvr_w16(io, REG_FIFOPAGE_INFO_1, pg->hq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 4, pg->lq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 8, pg->nq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 12, pg->exq);
	dvr_w16(io, REG_FIFOPAGE_INFO_1 + 16, f->pub_pages);
	dvr_set32(io, REG_RQPN_CTRL_2, LD_RQPN);

	dvr_w16(io, REG_FIFOPAGE_CTRL_2, f->boundary);
	dvr_set8(io, REG_FWHW_TXQ_CTRL_B2, EN_WR_FREE_TAIL);
	dvr_w16(io, REG_BCNQ_BDNY, f->boundary);
	dvr_w16(io, REG_FIFOPAGE_CTRL_2_HI, f->boundary);
	dvr_w16(io, REG_BCNQ1_BDNY, f->boundary);
	dvr_w32(io, REG_RXFF_BNDY, cfg->rxff_size - C2H_PKT_BUF - 1);

	dvr_w8_mask(io, REG_AUTO_LLT, BLK_DESC_NUM_MASK,
	            cfg->usb_tx_agg_desc_num);
	dvr_w8(io, REG_AUTO_LLT_B3, cfg->usb_tx_agg_desc_num);
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

static int h2c_queue(struct dvr_chip *chip, const struct jaguar3_fifo *f)
{
	struct dvr_io *io = chip->io;
	uint32_t addr = (uint32_t)f->h2cq_page * JAGUAR3_PAGE_SIZE;
	uint32_t size = PG_H2CQ * JAGUAR3_PAGE_SIZE;

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

int jaguar3_mac_init(struct dvr_chip *chip, const struct jaguar3_mac_cfg *cfg)
{
	struct jaguar3_fifo f;
	unsigned n = chip->n_out;
	int st;

	if (jaguar3_fifo_layout(cfg, n, &f) != DVR_OK)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "no TX queue "
		                     "layout for %u bulk OUT endpoints (2..4)",
		                     n);
	queue_mapping(chip->io, &cfg->rqpn[n]);
	if ((st = priority_queues(chip, cfg, &cfg->pages[n], &f)) != DVR_OK)
		return st;
	if ((st = h2c_queue(chip, &f)) != DVR_OK)
		return st;
	if ((st = jaguar3_reg_ops_run(chip->io, cfg->chip_ops,
	                              cfg->n_chip_ops)) != DVR_OK)
		return st;
	drv_info(chip->io);
	usb_rx_dma(chip);
	return dvr_io_status(chip->io);
}

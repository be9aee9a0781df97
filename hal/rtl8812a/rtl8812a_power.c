/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Card enable / disable, TX queue pages, LLT and the queue -> endpoint map
 * (facts 1.3, 3.2-3.6).
 */
#include <stdlib.h>

#include "hal/common/pwr_seq.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_regs.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

/* TX FIFO: 256 pages of 512 bytes; rtw88 keeps the last 9 for the driver
 * (beacon/reserved), so the boundary is page 0xF7 (facts 1.3). */
#define TX_PAGES 256u
#define RSVD_PAGES 9u
#define TX_BOUNDARY (TX_PAGES - RSVD_PAGES)
#define RXFF_BOUNDARY 0x3E7Fu     /* 16128 - 128 report bytes - 1 */
#define LLT_POLL_TRIES 20u

/* DMA priority queue codes in REG_TXDMA_PQ_MAP and the endpoint each one
 * uses: HIGH -> out_ep[0], NORMAL -> [1], LOW -> [2], EXTRA -> [3]. */
enum { DMA_EXTRA = 0, DMA_LOW = 1, DMA_NORMAL = 2, DMA_HIGH = 3 };

struct queue_plan {
	uint8_t vo, vi, be, bk, mgt, hi;  /* DMA queue of each MAC queue */
	uint8_t hpq, nqp, lpq, epq;       /* dedicated pages */
};

/* rtw88 tables for 2/3/4 endpoints; one endpoint puts everything on HIGH
 * (the only queue it can reach). One page gap is kept after the queues. */
static const struct queue_plan plans[5] = {
	[1] = { DMA_HIGH, DMA_HIGH, DMA_HIGH, DMA_HIGH, DMA_HIGH, DMA_HIGH,
	        16, 0, 0, 0 },
	[2] = { DMA_HIGH, DMA_HIGH, DMA_NORMAL, DMA_NORMAL, DMA_HIGH, DMA_HIGH,
	        16, 0, 0, 0 },
	[3] = { DMA_HIGH, DMA_NORMAL, DMA_LOW, DMA_LOW, DMA_HIGH, DMA_HIGH,
	        16, 0, 16, 0 },
	[4] = { DMA_NORMAL, DMA_NORMAL, DMA_LOW, DMA_LOW, DMA_EXTRA, DMA_HIGH,
	        16, 0, 16, 0 },
};

static const struct queue_plan *plan_for(unsigned n_out)
{
	if (n_out < 1)
		n_out = 1;
	if (n_out > 4)
		n_out = 4;
	return &plans[n_out];
}

static unsigned dma_to_ep(uint8_t dma)
{
	switch (dma) {
	case DMA_HIGH: return 0;
	case DMA_NORMAL: return 1;
	case DMA_LOW: return 2;
	default: return 3;
	}
}

/* Injected frames use QSEL MGMT; their endpoint is the one of the DMA
 * queue MGT maps to, as REG_TXDMA_PQ_MAP was programmed (DROP_DATA_EN
 * discards frames arriving on another endpoint). */
unsigned rtl8812a_tx_out_index(const struct dvr_chip *chip, unsigned n_out)
{
	(void)chip;
	unsigned ep = dma_to_ep(plan_for(n_out)->mgt);
	return ep < n_out ? ep : 0;
}

static int llt_write(struct dvr_io *io, unsigned addr, unsigned data)
{
	dvr_w32(io, REG_LLT_INIT, LLT_OP_WRITE | (addr & 0xFF) << 8 |
	        (data & 0xFF));
	return dvr_poll32(io, REG_LLT_INIT, LLT_OP_MASK, 0, LLT_POLL_TRIES, 10);
}

/* TX buffer pages form a chain up to the boundary, then the reserved
 * pages form a ring (facts 1.3 LLT). */
static int llt_init(struct dvr_chip *chip, unsigned boundary)
{
	for (unsigned i = 0; i < TX_PAGES; i++) {
		unsigned next;
		if (i == boundary - 1)
			next = 0xFF;
		else if (i == TX_PAGES - 1)
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

/* Queue pages, TX/RX FIFO boundaries, queue -> DMA map, page size. Run
 * by mac_init after the MAC table, where rtw88 (rtw88xxa_power_on) and the
 * vendor (rtl8812au_hal_init) both program them. */
void rtl8812a_init_queues(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct queue_plan *q = plan_for(chip->n_out);
	unsigned pub = TX_BOUNDARY - q->hpq - q->nqp - q->lpq - q->epq - 1;
	uint16_t map;

	dvr_w32(io, REG_RQPN_NPQ, (uint32_t)q->nqp | (uint32_t)q->epq << 16);
	dvr_w32(io, REG_RQPN, RQPN_LOAD | pub << 16 | (uint32_t)q->lpq << 8 |
	        q->hpq);

	dvr_w8(io, REG_BCNQ_BDNY, TX_BOUNDARY);
	dvr_w8(io, REG_MGQ_BDNY, TX_BOUNDARY);
	dvr_w8(io, REG_WMAC_LBK_BF_HD, TX_BOUNDARY);
	dvr_w8(io, REG_TRXFF_BNDY, TX_BOUNDARY);
	dvr_w8(io, REG_DWBCN0_CTRL_B1, TX_BOUNDARY);

	map = (uint16_t)(q->vo << 4 | q->vi << 6 | q->be << 8 | q->bk << 10 |
	                 q->mgt << 12 | q->hi << 14);
	dvr_w16(io, REG_TXDMA_PQ_MAP,
	        (uint16_t)((dvr_r16(io, REG_TXDMA_PQ_MAP) & PQ_MAP_RX_BITS) |
	                   map));
	if (chip->n_out >= 4)
		dvr_w8(io, 0x05A7, 0xFF);   /* HI queue: no TX limit */

	dvr_w16(io, REG_RXFF_BNDY, RXFF_BOUNDARY);
	dvr_w8(io, REG_PBP, 0x30);          /* TX 512 B pages, RX code 0 (64 B) */
}

/* Firmware left running by a previous user: stop it and reset MAC/BB/RF
 * the light way before the power sequence (facts 3.2 step 2). */
static int hw_reset(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	rtl8812a_reset_8051(io);
	dvr_w8(io, REG_MCUFW_CTRL, 0x00);
	dvr_set32(io, REG_BB_XCD_RF_PARA, BIT(6));
	dvr_clr8(io, REG_SYS_FUNC_EN, SYS_FUNC_BBRSTB | SYS_FUNC_BB_GLB_RST);
	dvr_w8(io, REG_RF_CTRL, 0);
	dvr_w16(io, REG_CR, 0);
	dvr_set8(io, REG_APS_FSMCO_B1, APFM_OFFMAC);
	int st = dvr_poll8(io, REG_APS_FSMCO_B1, APFM_OFFMAC, 0, 100, 50);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "MAC did not power off (0x05 bit1 "
		                     "stayed set) during reset");
	dvr_set8(io, REG_APS_FSMCO_B1, APFM_ONMAC);
	dvr_clr8(io, REG_SYS_FUNC_EN_HI, BIT(4) | BIT(7));
	dvr_set8(io, REG_SYS_FUNC_EN_HI, BIT(4) | BIT(7));
	return dvr_io_status(io);
}

int rtl8812a_power_on(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dvr_pwr_io pio;
	uint16_t row = 0;
	int st;

	/* Reset RF after a U2/U3 switch: paths A and B. */
	dvr_w8(io, REG_RF_CTRL, 0x05);
	dvr_w8(io, REG_RF_CTRL, 0x07);
	dvr_w8(io, REG_RF_B_CTRL, 0x05);
	dvr_w8(io, REG_RF_B_CTRL, 0x07);

	if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL) {
		if ((st = hw_reset(chip)) != DVR_OK)
			return st;
	}
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "register access failed before "
		                     "the power sequence");

	dvr_pwr_io_from_dvr_io(&pio, io);
	st = dvr_pwr_seq_run(rtl8812a_card_enable_flow,
	                     dvr_pwr_cut_mask(chip->id.cut), DVR_PWR_INTF_USB,
	                     &pio, DVR_PWR_POLL_TRIES, DVR_PWR_POLL_US, &row);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "card-enable power sequence "
		                     "failed at register 0x%04x", row);

	dvr_w16(io, REG_CR, 0);
	dvr_w16(io, REG_CR, CR_INIT_ENABLES);

	/* The LLT must exist before the firmware download; the queue pages
	 * that use it are programmed after the MAC table (mac_init), in
	 * the order both references use. */
	if ((st = llt_init(chip, TX_BOUNDARY)) != DVR_OK)
		return st;
	dvr_set32(io, REG_TXDMA_OFFSET_CHK, DROP_DATA_EN);

	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "register access failed during "
		                     "power-on");
	if (rtl8812a_priv(chip))
		rtl8812a_priv(chip)->band = BAND_NONE;
	return DVR_OK;
}

void rtl8812a_power_off(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct dvr_pwr_io pio;
	static const struct dvr_pwr_cmd *const *const flows[2] = {
		rtl8812a_enter_lps_flow, rtl8812a_card_disable_flow,
	};
	uint8_t cut = dvr_pwr_cut_mask(chip->id.cut);
	uint8_t r05;

	if (io && dvr_io_status(io) == DVR_OK) {
		uint8_t cr = dvr_r8(io, REG_CR);
		if (cr != 0 && cr != 0xEA) {
			dvr_pwr_io_from_dvr_io(&pio, io);
			/* EN_SIC (0x40 bit 12) is the BT-coex serial link:
			 * rtw88 rtw88xxa_power_off leaves it on BT boards. */
			if (!rtl8812a_priv(chip) ||
			    !rtl8812a_priv(chip)->btcoex)
				dvr_clr8(io, REG_GPIO_MUXCFG + 1, BIT(4));
			if (chip->usb3)
				dvr_set8(io, REG_USB_MOD, BIT(4) | BIT(3));
			dvr_w32(io, REG_HISR0, 0xFFFFFFFFu);
			dvr_w32(io, REG_HISR1, 0xFFFFFFFFu);
			dvr_w32(io, REG_HIMR0, 0);
			dvr_w32(io, REG_HIMR1, 0);
			r05 = dvr_r8(io, REG_APS_FSMCO_B1);
			dvr_w8(io, REG_APS_FSMCO_B1,
			       (uint8_t)(r05 & ~APS_FSMCO_B1_BIT15));
			dvr_clr8(io, REG_TX_RPT_CTRL, BIT(1));
			dvr_w8(io, REG_CR, 0);
			/* Best effort: a failed step still lets the rest run. */
			(void)dvr_pwr_seq_run(flows[0], cut, DVR_PWR_INTF_USB,
			                      &pio, DVR_PWR_POLL_TRIES / 20,
			                      DVR_PWR_POLL_US, NULL);
			if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL)
				rtl8812a_reset_8051(io);
			dvr_clr8(io, REG_SYS_FUNC_EN_HI, SYS_FUNC_HI_CPU_EN);
			dvr_w8(io, REG_MCUFW_CTRL, 0);
			(void)dvr_pwr_seq_run(flows[1], cut, DVR_PWR_INTF_USB,
			                      &pio, DVR_PWR_POLL_TRIES / 20,
			                      DVR_PWR_POLL_US, NULL);
			uint8_t now = dvr_r8(io, REG_APS_FSMCO_B1);
			dvr_w8(io, REG_APS_FSMCO_B1,
			       (uint8_t)((now & ~APS_FSMCO_B1_BIT15) |
			                 (r05 & APS_FSMCO_B1_BIT15)));
		}
	}
	free(chip->priv);
	chip->priv = NULL;
}

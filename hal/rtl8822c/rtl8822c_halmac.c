/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * MAC of the 8822C: the parameter block hal/jaguar3/jaguar3_mac.c runs
 * (FIFO sizes, page and queue tables of rtw88 rtw8822c.c hw_spec,
 * page_table_8822c, rqpn_table_8822c; the constants of rtw8822c_mac_init
 * as data), monitor-mode RX filters, and waiting for the TX queue to drain.
 */
#include "hal/rtl8822c/rtl8822c.h"

#define REG_RCR 0x0608
#define REG_RXFLTMAP0 0x06A0
#define REG_RXFLTMAP2 0x06A4
#define REG_MAR 0x0620
#define REG_FIFOPAGE_INFO_1 0x0230
/* RCR: APP_FCS | APP_MIC | APP_ICV | APP_PHYSTS | VHT_DACK | PKTCTL_DLEN
 * | HTC_LOC_CTRL | AB | AM | APM (rtw88 main.c rtw_core_init) plus AAP,
 * which makes monitor mode promiscuous for unicast (devourer Jaguar3). */
#define RCR_MONITOR 0xF410400Fu
#define RCR_ACRC32 (1u << 8)
#define RCR_AICV (1u << 9)

#define W8(a, v) { (a), 1, J3_W, 0, (v) }
#define W16(a, v) { (a), 2, J3_W, 0, (v) }
#define W32(a, v) { (a), 4, J3_W, 0, (v) }
#define SET8(a, v) { (a), 1, J3_SET, 0, (v) }
#define CLR8(a, v) { (a), 1, J3_CLR, 0, (v) }
#define SET32(a, v) { (a), 4, J3_SET, 0, (v) }
#define CLR32(a, v) { (a), 4, J3_CLR, 0, (v) }
#define FIELD16(a, m, v) { (a), 2, J3_FIELD, (m), (v) }

/* rtw88 rtw8822c.c rtw8822c_mac_init, in its order. */
static const struct jaguar3_reg_op mac_consts[] = {
	/* TX queue control and TX report enables */
	SET8(0x0420, 0x80), W8(0x0421, 0x1F),
	/* SIFS */
	W16(0x0428, 0x100A), W32(0x0514, 0x100A0E0A),
	W16(0x063C, 0x0A0A), W16(0x063E, 0x0E0E),
	/* rate fallback */
	W32(0x0430, 0x01000000), W32(0x0434, 0x08070504),
	W32(0x043C, 0x08070504), W32(0x0444, 0xFE01F010),
	W32(0x0448, 0x40000000), W32(0x044C, 0x003FF010),
	W32(0x0450, 0x40000000), W32(0x049C, 0x0600F010),
	W32(0x04A0, 0x400003E0), W32(0x04A4, 0x0600F015),
	W32(0x04A8, 0x000000E0),
	/* protocol */
	W8(0x0455, 0x70), SET8(0x045E, 0x04),
	W8(0x04E5, 0xE0), W8(0x04E6, 0x09),      /* pre-TX count 0x1E0 + en */
	W32(0x04C8, 0x3F3F08FF), W16(0x04CE, 0x0801),
	W8(0x1448, 0x06), W8(0x144A, 0x06), W8(0x144C, 0x06), W8(0x144E, 0x06),
	CLR8(0x0426, 0x20),                       /* BA parser off */
	CLR32(0x0440, 0x00600000),
	/* EDCA */
	W32(0x0500, 0x002FA226), W32(0x0504, 0x005EA328),
	W32(0x0508, 0x005EA42B), W32(0x050C, 0x0000A44F),
	W8(0x0512, 0x1C), CLR8(0x0521, 0x10), SET8(0x0525, 0x07),
	/* 80 MHz MAC clock, 1 us ticks */
	CLR32(0x0024, 0x00300000), W8(0x055C, 80), W8(0x0638, 80),
	SET8(0x0577, 0x0B), CLR8(0x05B4, 0x70),
	W16(0x0522, 0x0000), W8(0x051B, 0x09),
	W32(0x0544, 0x001B0005), W16(0x055E, 0x3030),
	/* beacon function on (TSF runs), beacon timing */
	SET8(0x0550, 0x08), W32(0x0540, 0x00006404), W8(0x0558, 0x04),
	W8(0x0551, 0x10), W8(0x0559, 0x02), W8(0x055D, 0xFF),
	/* WMAC: all multicast accepted, responses, filters */
	W32(0x0620, 0xFFFFFFFF), W32(0x0624, 0xFFFFFFFF),
	W8(0x06DE, 0x84), W8(0x0640, 0x21), W8(0x0639, 0x6A),
	W16(0x0642, 0x0040), W8(0x0652, 0xC8), W8(0x066E, 0x05),
	W32(0x06A0, 0xFFFFFFFF), W16(0x06A4, 0xFFFF),
	W32(0x0608, 0xE400220E), W8(0x060C, 0x18),
	W8(0x0606, 0x30), W8(0x0605, 0x30),
	SET32(0x1664, 0x00000200),
	W32(0x07D8, 0xB0810041), W8(0x07D4, 0x98),
	/* RX packet filter (low power): FIFO thresholds 1, checks on,
	 * error threshold 7 */
	FIELD16(0x1612, 0x0FF0, 0x0550),
	W16(0x1610, 0x3F80), W32(0x1614, 0xFFFFFFFF),
	FIELD16(0x1610, 0x0077, 0x0007),
	SET8(0x0718, 0x40),                       /* no VHT-SIG-B CRC check */
	W32(0x0304, 0x33330000),                  /* interrupt migration */
};

const struct jaguar3_mac_cfg rtl8822c_mac_cfg = {
	.txff_size = 262144,
	.rxff_size = 24576,
	.rsvd_drv_pages = 16,
	.csi_pages = 50,
	.usb_tx_agg_desc_num = 3,
	.pages = {
		[2] = { 64, 64, 0, 0, 1 },
		[3] = { 64, 64, 64, 0, 1 },
		[4] = { 64, 64, 64, 64, 1 },
	},
	/* vo, vi, be, bk, mg, hi */
	.rqpn = {
		[2] = { J3_DMA_NORMAL, J3_DMA_NORMAL, J3_DMA_NORMAL,
		        J3_DMA_HIGH, J3_DMA_HIGH, J3_DMA_HIGH },
		[3] = { J3_DMA_NORMAL, J3_DMA_NORMAL, J3_DMA_LOW,
		        J3_DMA_LOW, J3_DMA_HIGH, J3_DMA_HIGH },
		[4] = { J3_DMA_NORMAL, J3_DMA_NORMAL, J3_DMA_LOW,
		        J3_DMA_LOW, J3_DMA_EXTRA, J3_DMA_HIGH },
	},
	.chip_ops = mac_consts,
	.n_chip_ops = sizeof mac_consts / sizeof mac_consts[0],
};

int rtl8822c_mac_init(struct dvr_chip *chip)
{
	int st = jaguar3_mac_init(chip, &rtl8822c_mac_cfg);

	if (st != DVR_OK && chip->error[0] == '\0')
		return dvr_chip_fail(chip, st, "USB error during MAC init");
	return st;
}

int rtl8822c_set_monitor(struct dvr_chip *chip, bool keep_corrupted)
{
	struct dvr_io *io = chip->io;
	uint32_t rcr = RCR_MONITOR;

	if (keep_corrupted)
		rcr |= RCR_ACRC32 | RCR_AICV;
	dvr_w32(io, REG_RCR, rcr);
	/* Every management, control and data subtype. */
	dvr_w16(io, REG_RXFLTMAP0, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP0 + 2, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP2, 0xFFFF);
	dvr_w32(io, REG_MAR, 0xFFFFFFFF);
	dvr_w32(io, REG_MAR + 4, 0xFFFFFFFF);
	return dvr_io_status(io);
}

int rtl8822c_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms)
{
	struct dvr_io *io = chip->io;
	unsigned n = chip->n_out >= 2 && chip->n_out <= 4 ? chip->n_out : 2;
	/* The queue injected frames use: its page counter (rtw88
	 * prioq_addrs_8822c: reserved at +0, available at +2) is full again
	 * once every frame has left. */
	static const uint16_t base[4] = { 0x023C, 0x0234, 0x0238, 0x0230 };
	uint16_t reg = base[rtl8822c_mac_cfg.rqpn[n].mg & 3];

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

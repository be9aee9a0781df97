/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 MAC table and MAC registers for monitor/injection use, in the
 * order of rtw88 rtw88xxa.c rtw88xxa_power_on (after the firmware), the
 * monitor RX filter, and the TX FIFO empty wait.
 */
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/common/bb_table_row.h"
#include "hal/common/usb_rx_dma.h"

/* RX DMA: burst size, the drop check, RX aggregation. */
static void init_rx_dma(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	dvr_usb_rx_dma_burst(chip);
	dvr_set32(io, REG_TXDMA_OFFSET_CHK, DROP_DATA_EN);
	dvr_w8(io, REG_USB3_RXITV, 0x01);
	dvr_w16(io, REG_RXDMA_STATUS, 0x7400);
	dvr_w8(io, REG_RXDMA_STATUS + 1, 0xF5);
	/* Aggregation thresholds chosen for latency: rtw88's size threshold
	 * (usb.c rtw_usb_dynamic_rx_agg_v2: 5 on USB2, 6 on USB3) with the
	 * shortest timeout, 1, as OpenIPC devourer uses (jaguar1
	 * HalModule.cpp usb_AggSettingRxUpdate_8812A, rxagg_usb_timeout).
	 * rtw88's timeout 0x20 (0x1A on USB3) holds a lone frame until it
	 * runs: about 1 ms more per frame at FPV packet rates
	 * (bench/rx_agg_latency.c). A backlog still leaves in aggregates as
	 * large as rtw88's, because the FIFO's waiting packets join the
	 * transfer before the timeout counts; OpenIPC devourer's size 1
	 * would cut them to a fifth, less slack for a host slow to post
	 * transfers. Neither field's unit is documented. */
	dvr_usb_rx_agg(chip, chip->usb3 ? 6 : 5, 1);
}

int jaguar1_mac_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	const struct jaguar1_data *jd = jaguar1_data(chip);
	struct dvr_phy_cond cond;
	int st;

	if (!jd || !jd->mac_table || !jd->mac_table_len)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s has no MAC table "
		                     "in its chip data", chip->info->name);
	jaguar1_phy_cond(chip, &cond);
	st = dvr_phy_table_walk(jd->mac_table, *jd->mac_table_len, &cond,
	                        dvr_mac_table_row, io, NULL);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "MAC table write failed");

	jaguar1_init_queues(chip);
	/* Driver info (the PHY status) in units of 8 bytes. */
	dvr_w8(io, REG_RX_DRVINFO_SZ, (uint8_t)(chip->info->phy_status_len / 8));
	dvr_w32(io, REG_HIMR0, 0);
	dvr_w32(io, REG_HIMR1, 0);
	dvr_w8_mask(io, REG_MSR, 0x03, 0);     /* no link: monitor */

	/* WMAC (rtw88 rtw88xxa.c rtw88xxa_init_wmac_setting); set_monitor
	 * writes the same maps again. */
	dvr_w16(io, REG_RXFLTMAP0, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP1, RXFLTMAP1_PSPOLL);
	dvr_w16(io, REG_RXFLTMAP2, 0xFFFF);
	dvr_w32(io, REG_MAR, 0xFFFFFFFFu);
	dvr_w32(io, REG_MAR + 4, 0xFFFFFFFFu);

	dvr_w32_mask(io, REG_RRSR, RRSR_RATE_MASK, 0xFFFF1);
	dvr_w16(io, REG_RETRY_LIMIT, 0x3030);

	/* EDCA: SIFS/slot, then the four AC parameter sets. */
	dvr_w16(io, REG_EDCA_428, 0x100A);
	dvr_w16(io, REG_MAC_63A, 0x100A);
	dvr_w16(io, REG_SIFS_514, 0x100A);
	dvr_w16(io, REG_SIFS_516, 0x100A);
	dvr_w32(io, REG_EDCA_BE, 0x005EA42Bu);
	dvr_w32(io, REG_EDCA_BK, 0x0000A44Fu);
	dvr_w32(io, REG_EDCA_VI, 0x005EA324u);
	dvr_w32(io, REG_EDCA_VO, 0x002FA226u);
	dvr_w8(io, REG_TX_PTCL_55C, 0x50);
	dvr_w8(io, REG_MAC_638, 0x50);
	dvr_w8(io, REG_ACKTO, 0x80);

	/* USB TX aggregation depth: descriptors per bulk OUT (the 8812A
	 * takes one; more overflow its OQT). */
	dvr_w8_mask(io, REG_DWBCN0_CTRL, 0xF0, (uint8_t)chip->info->tx_agg_max);
	if (jd->agg_depth_dwbcn1)
		dvr_w8(io, REG_DWBCN1_CTRL,
		       (uint8_t)(chip->info->tx_agg_max << 1));

	/* Beacon functions off (monitor), TSF updates disabled. */
	dvr_w16(io, REG_BCN_CTRL, 0x1010);
	dvr_w32_mask(io, REG_TBTT_PROHIBIT, 0x000FFFFFu, 0x06404);
	dvr_w8(io, REG_DRVERLYINT, 0x05);
	dvr_w8(io, REG_BCNDMATIM, 0x02);
	dvr_w16(io, REG_BCNTCFG, 0x4413);
	dvr_w8(io, REG_BCN_MAX_ERR, 0xFF);

	init_rx_dma(chip);

	dvr_w8(io, REG_AMPDU_MAX_TIME, jd->ampdu_max_time);
	dvr_w32(io, REG_AMPDU_MAX_LEN, 0xFFFFFFFFu);
	if (chip->usb3)
		dvr_clr8(io, REG_USB_MOD, BIT(4) | BIT(3)); /* no U1/U2 */
	dvr_set8(io, REG_SINGLE_AMPDU, BIT(7));
	dvr_w8(io, REG_RX_PKT_LIMIT, 0x18);          /* 11 KiB VHT MPDUs */
	dvr_w8(io, REG_PIFS, 0);
	dvr_w16(io, REG_MAX_AGGR_NUM, 0x1F1F);
	if (jd->mac_quirks)
		jd->mac_quirks(chip);
	dvr_set8(io, REG_RSV_CTRL, BIT(5) | BIT(6)); /* no MAC reset by bus */

	/* Rate-adaptation masks (unused with USE_RATE, kept sane). */
	dvr_w32(io, REG_ARFR0, 0x00000010u);
	dvr_w32(io, REG_ARFR0 + 4, 0xFFFFF000u);
	dvr_w32(io, REG_ARFR1, 0x00000010u);
	dvr_w32(io, REG_ARFR1 + 4, 0x003FF000u);
	dvr_w32(io, REG_ARFR2, 0x00000015u);
	dvr_w32(io, REG_ARFR2 + 4, 0x003FF000u);
	dvr_w32(io, REG_ARFR3, 0x00000015u);
	dvr_w32(io, REG_ARFR3 + 4, 0xFFCFF000u);

	/* Own address (some MAC TX paths dislike an all-zero MACID). */
	for (unsigned i = 0; i < 6; i++)
		dvr_w8(io, (uint16_t)(REG_MACID + i), chip->id.mac_addr[i]);

	dvr_set8(io, REG_CR, CR_MACTXEN | CR_MACRXEN);

	/* Security CAM cleared, HW sequence numbers for every queue, BAR
	 * mode, NAV limit off, TX reports on, ACK for injected mgmt. */
	dvr_w32(io, REG_CAMCMD, 0xC0000000u);
	dvr_w8(io, REG_HWSEQ_CTRL, 0xFF);
	dvr_w32(io, REG_BAR_MODE_CTRL, 0x0201FFFFu);
	dvr_w8(io, REG_NAV_LIMIT, 0);
	dvr_clr8(io, REG_GPIO_MUXCFG, BIT(5));
	dvr_clr8(io, 0x04C6, BIT(3));
	dvr_w8(io, REG_FWHW_TXQ_CTRL + 1, 0x0F);
	dvr_w8(io, 0x02BF, 0x01);
	dvr_w16(io, 0x04F0, 0x3DF0);
	dvr_w8(io, REG_USB_MODE_70, 0);
	dvr_w8(io, REG_USB_SUSPEND_3E, 0);
	dvr_w8(io, REG_USB_HRPWM, 0);
	dvr_set8(io, REG_FWHW_TXQ_CTRL + 1, BIT(4));  /* 0x420 bit12 */

	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "MAC register init failed");
	return DVR_OK;
}

int jaguar1_set_monitor(struct dvr_chip *chip, bool keep_corrupted)
{
	struct dvr_io *io = chip->io;
	uint32_t rcr = RCR_MONITOR;
	int st;

	if (keep_corrupted)
		rcr |= RCR_ACRC32 | RCR_AICV;
	dvr_w32(io, REG_RCR, rcr);
	/* Every management and data subtype; of the control subtypes only
	 * PS-Poll, as rtw88 (rtw88xxa.c rtw88xxa_init_wmac_setting) and the
	 * vendor (rtl8812au usb_halinit.c _InitWMACSetting_8812A, BIT10)
	 * leave it; the vendor's monitor switch (hw_var_set_monitor) opens
	 * only the data map. ACK, CTS, RTS and BlockAck would otherwise
	 * reach the host by the thousand on a busy channel, each one a
	 * share of the bulk-IN budget. OpenIPC devourer's 0x0520 adds NDPA
	 * and BAR, which only its beamforming and BA-session code uses. */
	dvr_w16(io, REG_RXFLTMAP0, 0xFFFF);
	dvr_w16(io, REG_RXFLTMAP1, RXFLTMAP1_PSPOLL);
	dvr_w16(io, REG_RXFLTMAP2, 0xFFFF);
	dvr_w8_mask(io, REG_MSR, 0x03, 0);
	dvr_w8(io, REG_RX_DRVINFO_SZ, (uint8_t)(chip->info->phy_status_len / 8));
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "monitor-mode register write "
		                     "failed");
	return DVR_OK;
}

/*
 * TX FIFO empty: every queue-empty flag of REG_TXPKT_EMPTY [11:0] set, the
 * vendor's own "wait TXFF empty" test on the 8812A (SetBeamformingCLK_8812).
 * Bits 4/5, which the band switch polls, are not the management queue our
 * frames use: the vendor reads bit 8 as "MGQ CPU empty", bit 10 as "HI queue
 * empty" and bit 11 as "beacon queue empty", the layout Realtek's halmac
 * headers give with bit 9 = management queue (halmac_bit_8812f.h). Waiting for
 * all twelve covers whichever flag tracks it. Polled every millisecond: a
 * queued frame takes up to a few milliseconds of airtime at low rates.
 */
#define TXPKT_ALL_EMPTY 0x0FFFu

int jaguar1_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms)
{
	struct dvr_io *io = chip->io;

	/* 16-bit reads, as both references read this register. */
	for (unsigned i = 0; i <= timeout_ms; i++) {
		uint16_t v = dvr_r16(io, REG_TXPKT_EMPTY);
		int st = dvr_io_status(io);
		if (st != DVR_OK)
			return st;
		if ((v & TXPKT_ALL_EMPTY) == TXPKT_ALL_EMPTY)
			return DVR_OK;
		dvr_delay_ms(1);
	}
	return DVR_E_TIMEOUT;
}

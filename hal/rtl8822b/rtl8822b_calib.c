/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RF calibration of the 8822B after the first channel is set:
 *  - LCK, the synthesiser's LC-tank calibration, which rtw88 never runs on
 *    this chip and OpenIPC devourer runs before IQK at every bring-up
 *    (HalJaguar2.cpp do_lck): its one-time AAC check, then the LCK with
 *    the BB paths held in standby;
 *  - IQK as rtw88 runs it, in the firmware (rtw8822b.c rtw8822b_do_iqk,
 *    fw.c rtw_fw_do_iqk): an H2C packet, then RF A 0x08 polled for the
 *    firmware's 0xABCDE, the per-path result in 0x1BF0;
 *  - the TRX mode set again: OpenIPC devourer found the IQK's TX loopback
 *    leaves the TX antenna path disturbed with nothing to restore it
 *    (RtlJaguar2Device.cpp bring_up). rtw88 monitor mode never runs IQK
 *    at all, but devourer reports the 8822B receives only marginally
 *    without it (Halrf8822b.h).
 */
#include "hal/rtl8822b/rtl8822b.h"

#define H2C_IQK 0x0E
#define RF_DTXLOK 0x08
#define IQK_DONE 0xABCDEu
#define IQK_POLL_TRIES 300u       /* x 20 ms: rtw88's 6 s */
#define IQK_POLL_MS 20u
#define REG_IQKFAILMSK 0x1BF0
#define IQK_RELOAD (1u << 16)
#define RF_ALL 0xFFFFFu
#define RF_MODE 0x00
#define RF_CHNL 0x18
#define LCK_START (1u << 15)
#define RF_RTK 0xC4
#define RF_AAC 0xC9
#define RF_AAC_CTRL 0xCA
#define RF_AAC_SET 0xB2

/* OpenIPC devourer's AAC check: an AAC code (RF A 0xC9 [7:3]) outside
 * 4..7 is fixed by hand once, before the first LCK. */
static void aac_check(struct dvr_chip *chip)
{
	struct rtl8822b_priv *priv = rtl8822b_priv(chip);

	if (priv && priv->aac_checked)
		return;
	uint32_t code = halmac_rf_read(chip, 0, RF_AAC, 0xF8);
	if (code < 4 || code > 7) {
		halmac_rf_write(chip, 0, RF_AAC_CTRL, 1u << 19, 0);
		halmac_rf_write(chip, 0, RF_AAC_SET, 0x7C000, 6);
	}
	if (priv)
		priv->aac_checked = true;
}

/* OpenIPC devourer do_lck (8822B): the BB paths in standby (0xC00/0xE00
 * = 4, RF mode 0x10000), RTK off, the LCK started by RF A 0x18 bit 15,
 * 100 ms, then at most 5 x 10 ms for the bit to clear; RF 0x18 as it was
 * (its band bits included), RTK on, the BB and RF modes back. devourer
 * notes the poll may time out although the LO locks: no error here. */
static void lck(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	static const uint16_t bb_mode[2] = { 0x0C00, 0x0E00 };
	uint32_t saved_bb[2] = { 0, 0 };

	aac_check(chip);
	for (unsigned p = 0; p < paths; p++) {
		saved_bb[p] = dvr_r32(io, bb_mode[p]);
		dvr_w32(io, bb_mode[p], 0x4);
		halmac_rf_write(chip, p, RF_MODE, RF_ALL, 0x10000);
	}
	uint32_t ch = halmac_rf_read(chip, 0, RF_CHNL, RF_ALL);
	halmac_rf_write(chip, 0, RF_RTK, RF_ALL, 0x01402);
	halmac_rf_write(chip, 0, RF_CHNL, RF_ALL, ch | LCK_START);
	dvr_delay_ms(100);
	for (unsigned i = 0; i < 5; i++) {
		if (!(halmac_rf_read(chip, 0, RF_CHNL, LCK_START)) ||
		    dvr_io_status(io) != DVR_OK)
			break;
		dvr_delay_ms(10);
	}
	halmac_rf_write(chip, 0, RF_CHNL, RF_ALL, ch);
	halmac_rf_write(chip, 0, RF_RTK, RF_ALL, 0x81402);
	for (unsigned p = 0; p < paths; p++) {
		dvr_w32(io, bb_mode[p], saved_bb[p]);
		halmac_rf_write(chip, p, RF_MODE, RF_ALL, 0x3FFFF);
	}
}

/*
 * What the IQK came to, for the core to report. 0x1BF0 holds the report
 * the IQK leaves: bit 16 = an earlier result was reloaded, [3:0] = TX IQK
 * failed per path, [7:4] = RX IQK failed per path (the layout of the
 * vendor halrf _iqk_fill_iqk_report_8821c that the Jaguar2 firmware's
 * IQK shares, rtw88 alt_rtl8821ce/; rtw88 reads [7:0] as the fail mask).
 * A reload counts no failure, as the vendor's fail counter has it; no
 * completion at all counts against every path.
 */
static void record(struct dvr_chip *chip, bool done, uint32_t report)
{
	struct dvr_calib_result *r = &chip->calib;
	unsigned paths = chip->id.is_1t1r ? 1 : 2;
	uint32_t mask = (1u << paths) - 1;

	r->runs++;
	r->what = "IQK";
	r->channel = chip->channel.channel;
	r->paths = paths;
	if (!done) {
		r->failed_tx = r->failed_rx = mask;
	} else if (report & IQK_RELOAD) {
		r->failed_tx = r->failed_rx = 0;
	} else {
		r->failed_tx = report & mask;
		r->failed_rx = (report >> 4) & mask;
	}
}

int rtl8822b_iqk(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	uint8_t para = 0;         /* no "clear", no segment IQK */
	bool done = false;

	/* The firmware's IQK works on RF registers behind our back: a hop
	 * may not write the RF words cached before it. */
	if (rtl8822b_priv(chip))
		jaguar2_hop_forget(&rtl8822b_priv(chip)->hop);

	int st = halmac_h2c_packet(chip, H2C_IQK, &para, 1);
	if (st != DVR_OK)
		return st;
	for (unsigned i = 0; i < IQK_POLL_TRIES && !done; i++) {
		done = halmac_rf_read(chip, 0, RF_DTXLOK, RF_ALL) == IQK_DONE;
		if (dvr_io_status(io) != DVR_OK)
			break;
		if (!done)
			dvr_delay_ms(IQK_POLL_MS);
	}
	halmac_rf_write(chip, 0, RF_DTXLOK, RF_ALL, 0);
	uint32_t report = dvr_r32(io, REG_IQKFAILMSK);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during IQK");

	struct dvr_chan_geometry g;
	/* a 5/10 MHz channel is its 20 MHz channel to the TRX paths */
	struct dvr_channel ch = chip->channel;
	ch.bw_mhz = (uint16_t)dvr_baseband_bw_mhz(ch.bw_mhz);
	if (dvr_chan_geometry(&ch, &g) != DVR_OK)
		g = (struct dvr_chan_geometry){ .primary = 1, .center = 1,
		                                .bw_mhz = 20 };
	if ((st = rtl8822b_config_trx_mode(chip, &g)) != DVR_OK)
		return st;
	/* No completion report within 6 s: rtw88 rtw8822b_do_iqk logs it
	 * and goes on, and so do we; the core reports the failed paths. */
	record(chip, done, report);
	return DVR_OK;
}

int rtl8822b_calibrate(struct dvr_chip *chip)
{
	lck(chip);
	int st = dvr_io_status(chip->io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during LCK");
	return rtl8822b_iqk(chip);
}

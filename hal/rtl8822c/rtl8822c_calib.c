/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RF calibration of the 8822C that a monitor/injection radio needs after
 * the channel is set: IQK, which the firmware runs when asked by H2C
 * (rtw88 rtw8822c.c rtw8822c_do_iqk, fw.c rtw_fw_do_iqk). DACK, which
 * needs no firmware, runs inside phy_init (rtl8822c_dack.c).
 */
#include "hal/rtl8822c/rtl8822c.h"

#define H2C_IQK 0x0E
#define IQK_CLEAR 0x01
#define REG_RPT_CIP 0x2D9C
#define IQK_DONE 0xAA
#define REG_IQKSTAT 0x1B10
#define REG_TXPAUSE 0x0522
#define IQK_POLL_TRIES 15u      /* 15 x 20 ms = rtw88's 300 ms */
#define IQK_POLL_US 20000u

/* What the IQK came to, for the core to report: the firmware gives no
 * per-path result we read, so a missing completion report counts against
 * every path. */
static void record(struct dvr_chip *chip, bool done)
{
	struct dvr_calib_result *r = &chip->calib;
	unsigned paths = chip->id.is_1t1r ? 1 : 2;

	r->runs++;
	r->what = "IQK";
	r->channel = chip->channel.channel;
	r->paths = paths;
	r->failed_tx = r->failed_rx = done ? 0 : (1u << paths) - 1;
}

int rtl8822c_calibrate(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	uint8_t para = IQK_CLEAR;  /* forget results of other channels */

	/* The firmware's IQK works on BB and RF registers the register
	 * shadow and the hop hold: what they knew is no longer sure. */
	dvr_reg_shadow_reset(&chip->shadow);
	rtl8822c_hop_forget(chip);

	int st = halmac_h2c_packet(chip, H2C_IQK, &para, 1);
	if (st != DVR_OK)
		return st;
	st = dvr_poll8(io, REG_RPT_CIP, 0xFF, IQK_DONE, IQK_POLL_TRIES,
	               IQK_POLL_US);
	dvr_w8(io, REG_IQKSTAT, 0);
	/* The IQK pauses every TX queue and does not resume them
	 * (devourer Jaguar3 run_iqk). */
	dvr_w16(io, REG_TXPAUSE, 0);
	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during IQK");
	if (st != DVR_OK && st != DVR_E_CHIP)
		return st;
	/* No completion report (0x2D9C != 0xAA within 300 ms): rtw88
	 * rtw8822c_do_iqk warns and goes on, and so do we; the core
	 * reports the failed calibration. */
	record(chip, st == DVR_OK);
	return DVR_OK;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RF calibration of the 8821C after the channel is set: the LC-tank
 * calibration (a short RF poke on this chip) and IQK, which the firmware
 * runs when asked by H2C.
 *
 * rtw88 runs IQK only before it associates (rtw8821c.c
 * rtw8821c_phy_calibration from main.c rtw_chip_prepare_tx) and from the
 * thermal tracking; OpenIPC devourer runs LCK and IQK at every Jaguar2
 * bring-up, having found the receiver marginal without them
 * (RtlJaguar2Device.cpp bring_up). We run both here, IQK the firmware's
 * way (rtw88 rtw8821c_do_iqk, fw.c rtw_fw_do_iqk) rather than the host
 * port devourer carries.
 */
#include "hal/rtl8821c/rtl8821c.h"

#define H2C_IQK 0x0E
#define IQK_CLEAR 0x01           /* forget results of other channels */
#define IQK_SEGMENT 0x02         /* split IQK into parts between frames */
#define RF_DTXLOK 0x08
#define IQK_DONE 0xABCDEu
#define IQK_POLL_TRIES 300u      /* x 20 ms: rtw88's 6 s */
#define IQK_POLL_MS 20u
#define REG_IQKFAILMSK 0x1BF0
#define IQK_RELOAD (1u << 16)    /* earlier results reused, none run */
#define IQK_FAIL_TX 0x01u        /* bit n: path n; halrf_iqk_8821c.c */
#define IQK_FAIL_RX 0x10u        /* _iqk_fill_iqk_report_8821c */
#define REG_TXPAUSE 0x0522
#define RF_ALL 0xFFFFFu

/* What the IQK came to, for the core to report: the firmware's fail mask
 * for path A, or both parts failed when it never reported. */
static void record(struct dvr_chip *chip, bool done, uint32_t mask)
{
	struct dvr_calib_result *r = &chip->calib;

	r->runs++;
	r->what = "IQK";
	r->channel = chip->channel.channel;
	r->paths = 1;
	r->failed_tx = !done || (mask & IQK_FAIL_TX) ? 1u : 0u;
	r->failed_rx = !done || (mask & IQK_FAIL_RX) ? 1u : 0u;
}

int rtl8821c_iqk(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	/* Neither IQK_CLEAR (rtw88 never sets it on this chip) nor
	 * IQK_SEGMENT: rtw88 asks for a segmented IQK only while
	 * associated, which a monitor radio never is. */
	uint8_t para = 0;

	/* The firmware's IQK works on RF registers behind our back: a hop
	 * may not write the RF words cached before it. */
	if (rtl8821c_priv(chip))
		jaguar2_hop_forget(&rtl8821c_priv(chip)->hop);
	int st = halmac_h2c_packet(chip, H2C_IQK, &para, 1);
	if (st != DVR_OK)
		return st;
	/* The firmware writes 0xABCDE into RF A 0x08 when it is done. */
	bool done = false;
	for (unsigned i = 0; i < IQK_POLL_TRIES && !done; i++) {
		done = halmac_rf_read(chip, 0, RF_DTXLOK, RF_ALL) == IQK_DONE;
		if (done || dvr_io_status(io) != DVR_OK)
			break;
		dvr_delay_ms(IQK_POLL_MS);
	}
	halmac_rf_write(chip, 0, RF_DTXLOK, RF_ALL, 0);
	uint32_t fail = dvr_r32(io, REG_IQKFAILMSK);
	/* A reloaded result ran no calibration and reports no failure of
	 * its own (halrf_iqk_8821c.c _iqk_fail_count_8821c). */
	if (fail & IQK_RELOAD)
		fail = 0;
	/* rtw88 restores nothing after the firmware IQK; on the 8822C the
	 * IQK leaves every TX queue paused (OpenIPC devourer Jaguar3
	 * run_iqk). This chip's MAC init already writes TXPAUSE 0 and a
	 * monitor radio never pauses a queue, so clearing it costs nothing
	 * if the firmware left it clear. */
	dvr_w16(io, REG_TXPAUSE, 0);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during IQK");
	/* No completion report within 6 s: rtw88 goes on, and so do we;
	 * the core reports the failed calibration. */
	record(chip, done, fail);
	return DVR_OK;
}

/* The AAC code check OpenIPC devourer runs before the first LCK of a
 * Jaguar2 die (HalJaguar2.cpp do_lck_8821c, from the vendor
 * halrf_8821c.c): an AAC code outside 4..7 gets its override. */
static void aac_check(struct dvr_chip *chip)
{
	uint32_t aac = (halmac_rf_read(chip, 0, 0xC9, 0xF8)) & 0x1F;

	if (aac < 4 || aac > 7) {
		halmac_rf_write(chip, 0, 0xCA, 1u << 19, 0);
		halmac_rf_write(chip, 0, 0xB2, 0x7C000, 6);
	}
}

/* LCK on the 8821C is a sequence of RF pokes the RF firmware carries out
 * with nothing to poll (OpenIPC devourer do_lck_8821c: the 8822B's poll
 * of RF 0x18 bit 15 only times out here). rtw88 has no LCK for it. */
static void lck(struct dvr_chip *chip)
{
	halmac_rf_write(chip, 0, 0xCC, RF_ALL, 0x02018);
	halmac_rf_write(chip, 0, 0xC4, RF_ALL, 0x8F602);
	halmac_rf_write(chip, 0, 0xCC, RF_ALL, 0x0201C);
}

int rtl8821c_calibrate(struct dvr_chip *chip)
{
	aac_check(chip);
	lck(chip);
	int st = dvr_io_status(chip->io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during LCK");
	return rtl8821c_iqk(chip);
}

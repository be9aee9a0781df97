/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IQ calibration of the 8814A (rtw88 rtw8814a.c rtw8814a_do_iqk and the
 * functions it calls). Unlike the 8812A/8821A, whose IQK runs on BB page
 * C1, this die has the NCTL engine at 0x1B00 that later Realtek chips
 * keep: the driver starts one-shots there (a band preset, then per path
 * LOK, TX IQK and RX IQK, each retried up to four times), reads the
 * measured corrections from the path's result page (0x1B38 TX, 0x1B3C RX,
 * 0x1BFC LOK) and leaves them enabled in the path's 0xC94-family bits,
 * or, for a path whose calibration failed, switches its correction off.
 * Around the run the MAC is quieted and the BB, MAC and RF registers the
 * run disturbs are saved and put back.
 */
#include "hal/jaguar1/jaguar1.h"
#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8814a/rtl8814a.h"

#define NCTL_CMD      0x1B00
#define NCTL_STATUS   0x1B08
#define NCTL_FAILED   BIT(26)
#define NCTL_TX_IQC   0x1B38
#define NCTL_RX_IQC   0x1B3C
#define NCTL_LOK_SEL  0x1BD4
#define NCTL_LOK      0x1BFC
#define NCTL_RST      0x1B80
#define NCTL_BASE     0xF8000000u
#define REG_FAS       0x09A4   /* [21:20]: the ADC clock source path */
#define REG_DAC_RSTB  0x090C
#define REG_GNT_BT    0x0765
#define REG_CCK_RPT   0x0804
#define REG_PRECTRL   0x0A14
#define REG_PSD       0x0910
#define REG_RFE_INV0  0x0CBC
#define REG_RFE_INVSEL_D 0x1ABC
#define REG_TXPAUSE   0x0522

#define RF_DTXLOK 0x08
#define RF_GAINTX 0x56
#define RF_TXMOD  0x58
#define RF_RXBB2  0x8F
#define RF_LUTDBG 0xDF
#define RF_LUTWE  0xEF

#define PATHS 4u
#define RETRIES 4u
/* the 0xC94-family bits that switch a path's corrections on */
#define APPLY_TX BIT(0)
#define APPLY_RX (BIT(11) | BIT(10))

static const uint16_t afe_reg[PATHS] = { 0x0C60, 0x0E60, 0x1860, 0x1A60 };
static const uint16_t apply_reg[PATHS] = { 0x0C94, 0x0E94, 0x1894, 0x1A94 };
static const uint16_t pinmux_reg[PATHS] = { 0x0CB0, 0x0EB0, 0x18B4, 0x1AB4 };

/* rtw8814a_do_iqk's backup lists, MAC then BB. Saved and restored here
 * rather than with jaguar1_iqk_backup/_restore: those select BB page C
 * through 0x82C bit 31 first, a bit the 8814A's own IQK never writes and
 * its BB table never sets, so no reference says what it does on this
 * die. */
static const uint16_t mac_bb_saved[] = {
	0x0520, 0x0550,
	0x0A14, 0x0808, 0x0838, 0x090C, 0x0810, 0x0CB0, 0x0EB0,
	0x18B4, 0x1AB4, 0x1ABC, 0x09A4, 0x0764, 0x0CBC, 0x0910,
};
#define N_SAVED (sizeof mac_bb_saved / sizeof mac_bb_saved[0])

/* The engine back to idle with page A selected; also what hands the RF's
 * 3-wire bus back to the BB after the run (rtw8814a_iqk_reset_nctl). */
static void reset_nctl(struct dvr_io *io)
{
	dvr_w32(io, NCTL_CMD, NCTL_BASE);
	dvr_w32(io, NCTL_RST, 0x00000006);
	dvr_w32(io, NCTL_CMD, NCTL_BASE);
	dvr_w32(io, NCTL_RST, 0x00000002);
}

/* The AFE of all four paths in the mode the loop-back needs (or back to
 * normal), and the BB's transmit/report paths pulsed so they restart in
 * it (rtw8814a_iqk_afe_setting). */
static void afe_mode(struct dvr_io *io, bool iqk)
{
	for (unsigned p = 0; p < PATHS; p++)
		dvr_w32(io, afe_reg[p], iqk ? 0x0E808003 : 0x07808003);
	dvr_w32_mask(io, REG_DAC_RSTB, BIT(13), 1);
	dvr_set8(io, REG_GNT_BT, BIT(2) | BIT(1));
	dvr_clr8(io, REG_GNT_BT, BIT(2) | BIT(1));
	dvr_set32(io, REG_CCK_RPT, BIT(2));
	dvr_clr32(io, REG_CCK_RPT, BIT(2));
}

/* Nothing but the calibration tone may reach the loop-back: queues
 * paused, beacons off, RX antennas, CCA and CCK RX off, the RFE pins
 * parked (rtw8814a_iqk_configure_mac; the family helper's CCK write hits
 * what is the CCK TX path field on this die, so it is not used). */
static void quiet(struct dvr_io *io)
{
	dvr_w8(io, REG_TXPAUSE, 0x3F);
	dvr_w32_mask(io, REG_BCN_CTRL, BIT(11) | BIT(3), 0);
	dvr_w8(io, REG_BB_RXPSEL, 0x00);
	dvr_w32_mask(io, REG_BB_CCA2ND, 0xF, 0xE);
	dvr_w32_mask(io, REG_PRECTRL, BIT(9) | BIT(8), 0x3);
	for (unsigned p = 0; p < PATHS; p++)
		dvr_w32(io, pinmux_reg[p], 0x77777777);
	dvr_w32_mask(io, REG_RFE_INVSEL_D, 0x0FF00000, 0x77);
	dvr_w32_mask(io, REG_PSD, BIT(23) | BIT(22), 0);
	dvr_w32_mask(io, REG_RFE_INV0, 0xF, 0);
}

/* Start a one-shot and wait for it the way rtw88 does (a fixed wait,
 * then polls of bit 0 for up to 20 ms more). False: it never finished,
 * and the engine was reset. */
static bool run_shot(struct dvr_io *io, uint32_t cmd, unsigned wait_ms)
{
	dvr_w32(io, NCTL_CMD, cmd);
	dvr_delay_ms(wait_ms);
	if (dvr_poll32(io, NCTL_CMD, BIT(0), 0, 20, 1000) == DVR_OK)
		return true;
	reset_nctl(io);
	return false;
}

static uint32_t shot_cmd(unsigned path, unsigned id)
{
	return NCTL_BASE | 1u | id << 8 | BIT(4 + path);
}

static void select_page(struct dvr_io *io, unsigned path)
{
	dvr_w32(io, NCTL_CMD, NCTL_BASE | path << 1);
}

/* A 5-bit LOK code around 0x10 widened to the RF's 10-bit field the way
 * rtw8814a_lok_one_shot does (each of the four upper bits repeated two
 * places up); the RF field takes the result >> 4. */
static uint32_t lok_code(uint32_t raw)
{
	uint32_t v = (raw + 0x10) & 0x1F;
	for (unsigned i = 1; i < 5; i++)
		v += (v & BIT(4 - i)) << (i * 2);
	return v >> 4;
}

static void lok(struct dvr_chip *chip, unsigned path)
{
	struct dvr_io *io = chip->io;

	dvr_w32_mask(io, REG_FAS, BIT(21) | BIT(20), path);
	if (!run_shot(io, shot_cmd(path, 0), 1)) {
		/* the LOK fallback: the RF's mid-scale LO correction */
		rtl8814a_rf_write(chip, path, RF_DTXLOK, 0xFFFFF, 0x08400);
		return;
	}
	select_page(io, path);
	dvr_w32(io, NCTL_LOK_SEL, 0x003F0001);
	uint32_t q = dvr_r32_mask(io, NCTL_LOK, 0x003E0000);
	uint32_t i = dvr_r32_mask(io, NCTL_LOK, 0x0000003E);
	rtl8814a_rf_write(chip, path, RF_DTXLOK, 0x07C00, lok_code(i));
	rtl8814a_rf_write(chip, path, RF_DTXLOK, 0xF8000, lok_code(q));
}

/* Up to four one-shots of @p id until one finishes without the failed
 * flag. */
static bool shot_with_retries(struct dvr_chip *chip, unsigned path,
                              unsigned id, bool band_5g, bool rx)
{
	struct dvr_io *io = chip->io;
	for (unsigned t = 0; t < RETRIES; t++) {
		dvr_w32_mask(io, REG_FAS, BIT(21) | BIT(20), path);
		if (rx && !band_5g) {
			/* 2.4 GHz RX IQK: the loop-back gain table unlocked
			 * and set, and the path's RFE pins routed */
			rtl8814a_rf_write(chip, path, RF_LUTDBG, BIT(11), 1);
			rtl8814a_rf_write(chip, path, RF_GAINTX, 0xFFFFF,
			                  0x51CE1);
			if (path <= 1)
				dvr_w32(io, pinmux_reg[1], 0x54775477);
			else if (path == 2)
				dvr_w32(io, pinmux_reg[2], 0x54775477);
			else {
				dvr_w32(io, REG_RFE_INVSEL_D, 0x75400000);
				dvr_w32(io, pinmux_reg[3], 0x77777777);
			}
		}
		if (run_shot(io, shot_cmd(path, id), 10) &&
		    !(dvr_r32(io, NCTL_STATUS) & NCTL_FAILED))
			return true;
		if (dvr_io_status(io) != DVR_OK)
			return false;
	}
	return false;
}

static void tx_iqk(struct dvr_chip *chip, unsigned path, unsigned bw,
                   bool band_5g, uint32_t *matrix, bool *ok)
{
	*ok = shot_with_retries(chip, path, bw + 3, band_5g, false);
	select_page(chip->io, path);
	if (*ok)
		*matrix = dvr_r32(chip->io, NCTL_TX_IQC);
}

static void rx_iqk(struct dvr_chip *chip, unsigned path, unsigned bw,
                   bool band_5g, uint32_t tx_matrix, bool tx_ok,
                   bool *rx_ok)
{
	struct dvr_io *io = chip->io;
	*rx_ok = shot_with_retries(chip, path, 9 - bw, band_5g, true);
	select_page(io, path);
	if (*rx_ok) {
		/* the read-back select; the correction stays where the
		 * engine left it */
		dvr_w32(io, NCTL_RX_IQC, 0x20000000);
		(void)dvr_r32(io, NCTL_RX_IQC);
	}
	/* the RX run disturbs the page's TX word: the TX result goes back,
	 * or the path's TX correction is switched off */
	if (tx_ok)
		dvr_w32(io, NCTL_TX_IQC, tx_matrix);
	else
		dvr_w32_mask(io, apply_reg[path], APPLY_TX, 0);
	if (!*rx_ok)
		dvr_w32_mask(io, apply_reg[path], APPLY_RX, 0);
	if (!band_5g)
		rtl8814a_rf_write(chip, path, RF_LUTDBG, BIT(11), 0);
}

/* rtw8814a_iqk: band preset, then LOK, TX and RX IQK of every path. */
static void iqk_paths(struct dvr_chip *chip, bool band_5g)
{
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	/* the BB's bandwidth code (0x8AC [1:0]: 0 20, 1 40, 2 80 MHz), the
	 * one the engine measures at */
	unsigned bw = dvr_r32(io, 0x08AC) & 3;
	uint32_t tx_matrix[PATHS] = {0};
	bool tx_ok[PATHS], rx_ok[PATHS];

	if (bw > 2)
		bw = 0;
	for (unsigned p = 0; p < PATHS; p++)
		rtl8814a_rf_write(chip, p, RF_TXMOD, BIT(19), 1);
	for (unsigned p = 0; p < PATHS; p++)
		dvr_w32_mask(io, apply_reg[p], APPLY_TX | APPLY_RX, 0x401);
	dvr_w32(io, NCTL_CMD, band_5g ? 0xF8000FF1 : 0xF8000EF1);
	dvr_delay_ms(1);
	dvr_w32(io, 0x0810, 0x20101063);
	dvr_w32(io, REG_DAC_RSTB, 0x0B00C000);

	for (unsigned p = 0; p < PATHS; p++)
		lok(chip, p);
	for (unsigned p = 0; p < PATHS; p++)
		tx_iqk(chip, p, bw, band_5g, &tx_matrix[p], &tx_ok[p]);
	for (unsigned p = 0; p < PATHS; p++)
		rx_iqk(chip, p, bw, band_5g, tx_matrix[p], tx_ok[p],
		       &rx_ok[p]);
	for (unsigned p = 0; p < PATHS && priv; p++) {
		priv->iqk[p].tx_ok = tx_ok[p];
		priv->iqk[p].rx_ok = rx_ok[p];
	}
}

int rtl8814a_iqk(struct dvr_chip *chip, bool band_5g)
{
	struct dvr_io *io = chip->io;
	uint32_t saved[N_SAVED], rf0[PATHS];

	for (size_t i = 0; i < N_SAVED; i++)
		saved[i] = dvr_r32(io, mac_bb_saved[i]);
	afe_mode(io, true);
	for (unsigned p = 0; p < PATHS; p++)
		rf0[p] = rtl8814a_rf_read(chip, p, 0x00, 0xFFFFF);
	quiet(io);
	iqk_paths(chip, band_5g);
	reset_nctl(io);
	afe_mode(io, false);
	for (size_t i = 0; i < N_SAVED; i++)
		dvr_w32(io, mac_bb_saved[i], saved[i]);
	for (unsigned p = 0; p < PATHS; p++)
		rtl8814a_rf_write(chip, p, RF_LUTWE, 0xFFFFF, 0);
	for (unsigned p = 0; p < PATHS; p++)
		rtl8814a_rf_write(chip, p, RF_RXBB2, 0xFFFFF, 0x88001);
	for (unsigned p = 0; p < PATHS; p++)
		rtl8814a_rf_write(chip, p, 0x00, 0xFFFFF, rf0[p]);
	if (jaguar1_priv(chip))
		jaguar1_priv(chip)->iqk_runs++;
	return dvr_io_status(io);
}

/* The calibration of a channel (rtw88 rtw8814a_phy_calibration, run from
 * rtw_phy_calibration on every channel set and from the calibrate stage):
 * its IQK, recorded in chip->calib with the paths that failed. */
int rtl8814a_calibrate_channel(struct dvr_chip *chip, unsigned channel)
{
	int st = rtl8814a_iqk(chip, channel > 14);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "IQK failed");
	jaguar1_iqk_record(chip, channel);
	const struct dvr_calib_result *r = &chip->calib;
	if (r->failed_tx || r->failed_rx)
		dvr_chip_warn(chip, "%s: IQK on channel %u failed on paths "
		              "TX 0x%x RX 0x%x, their corrections left off",
		              chip->info->name, channel,
		              (unsigned)r->failed_tx, (unsigned)r->failed_rx);
	return DVR_OK;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IQ calibration (IQK) of the RTL8812A, both paths at once, as rtw88 runs
 * it (rtw8812a.c rtw8812a_do_iqk / rtw8812a_iqk with the rtw88xxa.c
 * backup/restore helpers; the vendor's aircrack-ng/rtl8812au
 * hal/phydm/rtl8812a/halphyrf_8812a.c phy_IQCalibrate_8812A is the same
 * sequence):
 *  1. save the MAC/BB, AFE, page-C1 0xCB8/0xEB8 and RF registers the
 *     calibration changes; pause TX, antennas and CCA off;
 *  2. TX IQK: AFE on, RF in its IQK mode, one-shot both paths until two
 *     shots of a path agree within 4 (at most 10 tries);
 *  3. load the LO-leakage result (RF 0x08 into RF 0x58);
 *  4. RX IQK per path that passed TX, with the TX result loaded into the
 *     IQK engine, likewise until two shots agree;
 *  5. write the results into the correction registers (TX: page-C1
 *     0xCD4/0xCCC, 0xED4/0xECC; RX: 0xC10/0xE10) — the identity values
 *     (TX X 0x200, RX X 0x100, Y 0) for a calibration that failed, as
 *     the references do — and restore everything saved.
 * The results are kept per path in the chip state (jaguar1_priv). The
 * page switch, register save/restore, MAC quieting and the agreement of
 * shots are the family's (hal/jaguar1/jaguar1_iqk.c), as rtw88 shares
 * them in rtw88xxa.c.
 */
#include <stdlib.h>
#include <string.h>

#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8812a/rtl8812a.h"

/* BB registers of the sequence (names as rtw88 reg.h). Page C1 is the
 * bank 0xC00-0xEFF addresses while 0x82C bit 31 is set. */
#define DAC_RSTB      0x090C
#define IQK_COM00     0x0978  /* TX result for RX IQK: X [25:15], Y [10:0] */
#define IQK_COM32     0x097C
#define IQK_COM64     0x0980  /* bit 25 pulse: one-shot */
#define IQK_COM96     0x0984
#define RX_IQC(p)     ((p) ? 0x0E10 : 0x0C10)
#define CK_MONH(p)    ((p) ? 0x0E5C : 0x0C5C)
#define AFE_PWR1(p)   ((p) ? 0x0E60 : 0x0C60)
#define AFE_PWR2(p)   ((p) ? 0x0E64 : 0x0C64)
#define RX_WAIT_CCA(p) ((p) ? 0x0E68 : 0x0C68)
#define WIRE3(p)      ((p) ? 0x0E00 : 0x0C00)
#define TXAGCIDX(p)   ((p) ? 0x0E94 : 0x0C94)
#define RFE_PINMUX(p) ((p) ? 0x0EB0 : 0x0CB0)
#define RFE_INV(p)    ((p) ? 0x0EB4 : 0x0CB4)
/* page C1 */
#define TX_TONE(p)    ((p) ? 0x0E80 : 0x0C80)
#define RX_TONE(p)    ((p) ? 0x0E84 : 0x0C84)
#define IQK_PA(p)     ((p) ? 0x0E88 : 0x0C88)
#define IQK_TRK(p)    ((p) ? 0x0E8C : 0x0C8C)
#define PREDIST(p)    ((p) ? 0x0E90 : 0x0C90)
#define IQK_CTL(p)    ((p) ? 0x0EB8 : 0x0CB8)
#define DPD_CFG(p)    ((p) ? 0x0EC4 : 0x0CC4)
#define PMPD_CFG(p)   ((p) ? 0x0EC8 : 0x0CC8)
#define IQC_Y(p)      ((p) ? 0x0ECC : 0x0CCC)
#define IQC_X(p)      ((p) ? 0x0ED4 : 0x0CD4)
#define INTPO(p)      ((p) ? 0x0EE8 : 0x0CE8)
#define IQK_END(p)    ((p) ? 0x0D40 : 0x0D00)

#define TRIES       JAGUAR1_IQK_TRIES
#define AGREE       4   /* two shots within this are a result */
#define POLL_MS     20  /* done bit within 20 x 1 ms */

static const uint16_t macbb_regs[] = {
	0x520, 0x550, 0x808, 0xA04, 0x90C, 0xC00, 0xE00, 0x838, 0x82C,
};
static const uint16_t afe_regs[] = {
	0xC5C, 0xC60, 0xC64, 0xC68, 0xCB0, 0xCB4,
	0xE5C, 0xE60, 0xE64, 0xE68, 0xEB0, 0xEB4,
};
static const uint8_t rf_regs[] = { 0x65, 0x8F, 0x00 };

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct iqk_backup {
	uint32_t macbb[N(macbb_regs)];
	uint32_t afe[N(afe_regs)];
	uint32_t rf[2][N(rf_regs)];
	uint32_t ctl[2];           /* page-C1 0xCB8 / 0xEB8 */
};

/* One report value: select it in page-C1 0xCB8/0xEB8, read 0xD00/0xD40. */
static int report_value(struct dvr_io *io, unsigned p, uint32_t sel)
{
	dvr_w32(io, IQK_CTL(p), sel);
	return jaguar1_iqk_sext11(dvr_r32_mask(io, IQK_END(p), JAGUAR1_IQK_VALUE));
}

/* Wait for the done bit of every path in want[]; true when all came. */
static bool wait_done(struct dvr_io *io, const bool want[2], unsigned paths)
{
	for (unsigned t = 0; t < POLL_MS; t++) {
		bool all = true;
		for (unsigned p = 0; p < paths; p++)
			if (want[p] && !(dvr_r32(io, IQK_END(p)) & JAGUAR1_IQK_DONE))
				all = false;
		if (all)
			return true;
		dvr_delay_ms(1);
	}
	return false;
}

/* One trigger's outcome for every path that wanted it: a reported failure
 * or no done bit in time is a try spent, a success adds its (X, Y) to the
 * path's accumulator. True when some path has spent all its tries. */
static bool collect_round(struct dvr_io *io, const bool want[2],
                          unsigned paths, struct jaguar1_iqk_acc *acc,
                          uint32_t fail_bit, uint32_t sel_x, uint32_t sel_y)
{
	bool stop = false;
	bool done = wait_done(io, want, paths);
	for (unsigned p = 0; p < paths; p++) {
		if (!want[p])
			continue;
		if (!done || (dvr_r32(io, IQK_END(p)) & fail_bit)) {
			if (++acc[p].tries == TRIES)
				stop = true;
			continue;
		}
		int x = report_value(io, p, sel_x);
		int y = report_value(io, p, sel_y);
		jaguar1_iqk_acc_add(&acc[p], x, y, AGREE);
	}
	return stop;
}

static void save(struct dvr_chip *chip, struct iqk_backup *b, unsigned paths)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_backup(io, macbb_regs, N(macbb_regs), b->macbb);
	jaguar1_iqk_page(io, true);
	for (unsigned p = 0; p < 2; p++)
		b->ctl[p] = dvr_r32(io, IQK_CTL(p));
	jaguar1_iqk_backup(io, afe_regs, N(afe_regs), b->afe);
	for (unsigned p = 0; p < paths; p++)
		for (size_t i = 0; i < N(rf_regs); i++)
			b->rf[p][i] = jaguar1_rf_read(chip, p, rf_regs[i]);
}

static void restore(struct dvr_chip *chip, const struct iqk_backup *b,
                    unsigned paths)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_page(io, false);
	for (unsigned p = 0; p < paths; p++) {
		for (size_t i = 0; i < N(rf_regs); i++)
			jaguar1_rf_write(chip, p, rf_regs[i], b->rf[p][i]);
		jaguar1_rf_write(chip, p, JAGUAR1_RF_LUTWE, 0);
	}
	for (size_t i = 0; i < N(afe_regs); i++)
		dvr_w32(io, afe_regs[i], b->afe[i]);
	/* tones and IQK settings off again (rtw88 rtw8812a.c
	 * rtw8812a_iqk_restore_afe) */
	jaguar1_iqk_page(io, true);
	for (unsigned p = 0; p < 2; p++) {
		dvr_w32(io, TX_TONE(p), 0);
		dvr_w32(io, RX_TONE(p), 0);
		dvr_w32(io, IQK_PA(p), 0);
		dvr_w32(io, IQK_TRK(p), 0x3C000000);
		dvr_w32_mask(io, PREDIST(p), BIT(7), 1);
		dvr_w32_mask(io, DPD_CFG(p), BIT(18), 1);
		dvr_w32_mask(io, DPD_CFG(p), BIT(29), 1);
		dvr_w32_mask(io, PMPD_CFG(p), BIT(29), 1);
	}
	for (unsigned p = 0; p < 2; p++)
		dvr_w32(io, IQK_CTL(p), b->ctl[p]);
	jaguar1_iqk_restore(io, macbb_regs, N(macbb_regs), b->macbb);
}

static void rf_mode(struct dvr_chip *chip, unsigned p, bool tx)
{
	/* RF mode table entry for the IQK loop-back, then its gains
	 * (rtw88 rtw8812a.c rtw8812a_iqk, "path A/B TX/RX IQK RF
	 * setting") */
	jaguar1_rf_write(chip, p, JAGUAR1_RF_LUTWE, tx ? 0x80002 : 0x80000);
	jaguar1_rf_write(chip, p, JAGUAR1_RF_MODE_ADDR, tx ? 0x20000 : 0x30000);
	jaguar1_rf_write(chip, p, JAGUAR1_RF_MODE_DATA0, tx ? 0x3FFFD : 0x3F7FF);
	jaguar1_rf_write(chip, p, JAGUAR1_RF_MODE_DATA1, tx ? 0xFE83F : 0xFE7BF);
	if (tx) {
		jaguar1_rf_write(chip, p, JAGUAR1_RF_TXA_PREPAD, 0x931D5);
		jaguar1_rf_write(chip, p, JAGUAR1_RF_RXBB2, 0x8A001);
	} else {
		jaguar1_rf_write(chip, p, JAGUAR1_RF_RXBB2, 0x88001);
		jaguar1_rf_write(chip, p, JAGUAR1_RF_TXA_PREPAD, 0x931D1);
		jaguar1_rf_write(chip, p, JAGUAR1_RF_LUTWE, 0x00000);
	}
}

static void setup_tx(struct dvr_chip *chip, unsigned paths, bool band_5g)
{
	struct dvr_io *io = chip->io;
	uint8_t rfe = chip->id.rfe_type;
	bool ext_pa = chip->id.ext_pa_5g;

	jaguar1_iqk_page(io, false);
	for (unsigned p = 0; p < 2; p++) {
		/* DAC/ADC on, at 160 MHz; hardware 3-wire off */
		dvr_w32(io, AFE_PWR1(p), 0x77777777);
		dvr_w32(io, AFE_PWR2(p), 0x77777777);
		dvr_w32(io, RX_WAIT_CCA(p), 0x19791979);
		dvr_w32_mask(io, WIRE3(p), 0xF, 0x4);
		dvr_w32_mask(io, CK_MONH(p), 0x07000000, 0x7);
	}
	for (unsigned p = 0; p < paths; p++)
		rf_mode(chip, p, true);
	dvr_w32(io, DAC_RSTB, 0x00008000);
	dvr_w32_mask(io, TXAGCIDX(0), BIT(0), 1);
	dvr_w32_mask(io, TXAGCIDX(1), BIT(0), 1);
	dvr_w32(io, IQK_COM00, 0x29002000);
	dvr_w32(io, IQK_COM32, 0xA9002000);
	dvr_w32(io, IQK_COM96, 0x00462910);

	jaguar1_iqk_page(io, true);
	/* PA setting of the loop-back by amplifier and RFE (rtw88) */
	uint32_t pa = ext_pa ? (rfe == 1 ? 0x821403E3 : 0x821403F7)
	                     : 0x821403F1;
	uint32_t pa_a = pa;
	if (!band_5g && rfe == 3)
		pa_a = chip->id.ext_pa_2g ? 0x821403E3 : 0x821403F7;
	dvr_w32(io, IQK_PA(0), pa_a);
	dvr_w32(io, IQK_PA(1), pa);
	uint32_t trk = band_5g ? 0x68163E96 : 0x28163E96;
	for (unsigned p = 0; p < 2; p++) {
		dvr_w32(io, IQK_TRK(p), trk);
		/* TX tone 16 unmasked, RX tone masked (bit 29) */
		dvr_w32(io, TX_TONE(p), 0x18008C10);
		dvr_w32(io, RX_TONE(p), 0x38008C10);
		dvr_w32(io, INTPO(p), 0);
	}
}

static void tx_iqk(struct dvr_chip *chip, unsigned paths,
                   struct jaguar1_iqk_acc acc[2])
{
	struct dvr_io *io = chip->io;

	for (;;) {
		bool want[2] = { false, false };
		for (unsigned p = 0; p < paths; p++)
			want[p] = !acc[p].finished;
		/* page C1 from setup_tx on */
		for (unsigned p = 0; p < paths; p++)
			dvr_w32(io, IQK_CTL(p), 0x00100000);
		dvr_w32(io, IQK_COM64, 0xFA000000);
		dvr_w32(io, IQK_COM64, 0xF8000000);
		dvr_delay_ms(10);
		for (unsigned p = 0; p < paths; p++)
			dvr_w32(io, IQK_CTL(p), 0);

		bool stop = collect_round(io, want, paths, acc, JAGUAR1_IQK_TX_FAIL,
		                          JAGUAR1_IQK_SEL_TX_X, JAGUAR1_IQK_SEL_TX_Y);
		if (dvr_io_status(io) != DVR_OK || stop)
			return;
		bool all = true, give_up = false;
		for (unsigned p = 0; p < paths; p++) {
			all = all && acc[p].finished;
			give_up = give_up || jaguar1_iqk_acc_given_up(&acc[p]);
		}
		if (all || give_up)
			return;
	}
}

static void rx_iqk(struct dvr_chip *chip, unsigned paths,
                   const struct jaguar1_iqk_acc tx[2], struct jaguar1_iqk_acc acc[2])
{
	struct dvr_io *io = chip->io;
	uint8_t rfe = chip->id.rfe_type;

	jaguar1_iqk_page(io, false);
	for (unsigned p = 0; p < paths; p++)
		if (tx[p].finished)
			rf_mode(chip, p, false);
	dvr_w32_mask(io, IQK_COM00, BIT(31), 1);
	dvr_w32_mask(io, IQK_COM00, BIT(31), 0);
	dvr_w32(io, DAC_RSTB, 0x00008000);
	dvr_w32(io, IQK_COM96, 0x0046A890);  /* USB value (rtw88) */
	for (unsigned p = 0; p < 2; p++) {
		dvr_w32(io, RFE_PINMUX(p), 0x77777717);
		dvr_w32(io, RFE_INV(p), rfe == 1 ? 0x00000077 : 0x02000077);
	}
	jaguar1_iqk_page(io, true);
	for (unsigned p = 0; p < paths; p++) {
		if (!tx[p].finished)
			continue;
		/* TX tone masked, RX tone unmasked */
		dvr_w32(io, TX_TONE(p), 0x38008C10);
		dvr_w32(io, RX_TONE(p), 0x18008C10);
		dvr_w32(io, IQK_PA(p), 0x82140119);
	}

	for (;;) {
		bool want[2] = { false, false };
		for (unsigned p = 0; p < paths; p++) {
			want[p] = tx[p].finished && !acc[p].finished;
			if (!want[p])
				continue;
			jaguar1_iqk_page(io, false);
			dvr_w32_mask(io, IQK_COM00, 0x03FF8000,
			             (uint32_t)tx[p].rx & 0x7FF);
			dvr_w32_mask(io, IQK_COM00, 0x000007FF,
			             (uint32_t)tx[p].ry & 0x7FF);
			jaguar1_iqk_page(io, true);
			uint32_t trk = rfe == 1 ? 0x28161500
			                        : (p ? 0x28160CA0 : 0x28160CC0);
			dvr_w32(io, IQK_TRK(p), trk);
			dvr_w32(io, IQK_CTL(p), 0x00300000);
			dvr_w32(io, IQK_CTL(p), 0x00100000);
			dvr_delay_ms(5);
			dvr_w32(io, IQK_TRK(p), 0x3C000000);
			dvr_w32(io, IQK_CTL(p), 0);
		}
		if (!want[0] && !want[1])
			return;

		bool stop = collect_round(io, want, paths, acc, JAGUAR1_IQK_RX_FAIL,
		                          JAGUAR1_IQK_SEL_RX_X, JAGUAR1_IQK_SEL_RX_Y);
		if (dvr_io_status(io) != DVR_OK || stop)
			return;
		bool all = true, give_up = false;
		for (unsigned p = 0; p < paths; p++) {
			all = all && (acc[p].finished || !tx[p].finished);
			give_up = give_up || jaguar1_iqk_acc_given_up(&acc[p]) ||
			          acc[p].n == 3;
		}
		if (all || give_up)
			return;
	}
}

/* Results into the correction registers; identity for a failed one. */
static void apply(struct dvr_chip *chip, unsigned p, const struct jaguar1_iqk_acc *tx,
                  const struct jaguar1_iqk_acc *rx, struct jaguar1_iqk *out)
{
	struct dvr_io *io = chip->io;
	int tx_x = tx->finished ? tx->rx : 0x200;
	int tx_y = tx->finished ? tx->ry : 0;
	int rx_x = rx->finished ? rx->rx : 0x200;
	int rx_y = rx->finished ? rx->ry : 0;

	jaguar1_iqk_page(io, true);
	dvr_w32_mask(io, PREDIST(p), BIT(7), 1);
	dvr_w32_mask(io, DPD_CFG(p), BIT(18), 1);
	dvr_w32_mask(io, DPD_CFG(p), BIT(29), 1);
	dvr_w32_mask(io, PMPD_CFG(p), BIT(29), 1);
	dvr_w32_mask(io, IQC_Y(p), 0x7FF, (uint32_t)tx_y & 0x7FF);
	dvr_w32_mask(io, IQC_X(p), 0x7FF, (uint32_t)tx_x & 0x7FF);

	/* RX: half the report; values the references find too large
	 * (X/2 >= 0x112, or |Y/2| >= 0x12) give identity (rtw88 rtw8812a.c
	 * rtw8812a_iqk_rx_fill) */
	int hx = rx_x / 2, hy = rx_y / 2;
	bool sane = hx >= 0 && hx < 0x112 && abs(hy) < 0x12;
	jaguar1_iqk_page(io, false);
	dvr_w32_mask(io, RX_IQC(p), 0x000003FF,
	             sane ? (uint32_t)hx & 0x3FF : 0x100);
	dvr_w32_mask(io, RX_IQC(p), 0x03FF0000,
	             sane ? (uint32_t)hy & 0x3FF : 0);

	out->tx_ok = tx->finished;
	out->rx_ok = rx->finished && sane;
	out->tx_x = (uint16_t)((uint32_t)tx_x & 0x7FF);
	out->tx_y = (uint16_t)((uint32_t)tx_y & 0x7FF);
	out->rx_x = (uint16_t)(sane ? (uint32_t)hx & 0x3FF : 0x100);
	out->rx_y = (uint16_t)(sane ? (uint32_t)hy & 0x3FF : 0);
}

int rtl8812a_iqk(struct dvr_chip *chip, bool band_5g)
{
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	unsigned paths = jaguar1_paths(chip);
	struct iqk_backup b;
	struct jaguar1_iqk_acc tx[2], rx[2];
	struct jaguar1_iqk res[2];

	memset(tx, 0, sizeof tx);
	memset(rx, 0, sizeof rx);
	memset(res, 0, sizeof res);

	save(chip, &b, paths);
	jaguar1_iqk_quiet_mac(io);
	setup_tx(chip, paths, band_5g);
	tx_iqk(chip, paths, tx);

	/* LO leakage: RF 0x08 [19:10] into RF 0x58 [18:9] */
	jaguar1_iqk_page(io, false);
	for (unsigned p = 0; p < paths; p++) {
		uint32_t lok = (jaguar1_rf_read(chip, p, JAGUAR1_RF_DTXLOK) >> 10) &
		               0x3FF;
		uint32_t v = jaguar1_rf_read(chip, p, JAGUAR1_RF_TXMOD);
		jaguar1_rf_write(chip, p, JAGUAR1_RF_TXMOD,
		                 (v & ~0x7FE00u) | lok << 9);
	}
	rx_iqk(chip, paths, tx, rx);
	for (unsigned p = 0; p < paths; p++)
		apply(chip, p, &tx[p], &rx[p], &res[p]);
	/* TXPAUSE comes back with the rest of 0x520 */
	restore(chip, &b, paths);

	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during IQK");
	if (priv) {
		for (unsigned p = 0; p < paths; p++)
			priv->iqk[p] = res[p];
		priv->iqk_runs++;
	}
	return DVR_OK;
}

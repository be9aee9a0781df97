/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IQ calibration (IQK) of the RTL8821A's one path, as rtw88 runs it
 * (rtw8821a.c rtw8821a_do_iqk / rtw8821a_iqk, the save, MAC quieting and
 * agreement helpers shared with the 8812A in rtw88xxa.c):
 *  1. save MAC/BB, AFE and path A's RF registers; pause TX, antennas and
 *     CCA off;
 *  2. three rounds, each: LO leakage (one TX shot at 20 MHz, RF 0x08 into
 *     RF 0x58), the TX IQK on the channel's bandwidth — at 80 MHz as
 *     three shots on other tones whose Y difference sets the TX
 *     interpolation slope (rtw8821a_iqk_tx_vdf_true) — then, if TX
 *     succeeded, the RX IQK with the TX result in the engine; a round
 *     whose TX fails ends the calibration;
 *  3. TX: two rounds within 3 of each other give the result, their mean;
 *     RX likewise within 4 (rtw88xxa_iqk_finish); otherwise identity
 *     (TX X 0x200, RX X 0x100, Y 0);
 *  4. restore what was saved and turn the tones and IQK settings off.
 * rtw88 treats every shot as done and successful (it forces its done and
 * failure tests true and false, "looks like a typo"); we poll the done
 * bit and read the failure bits the engine reports, as the vendor's code
 * means to and as the 8812A's IQK does, re-arming page C1's 0xCB8 for
 * each retry. The results go into the chip state (jaguar1_priv).
 */
#include <string.h>

#include "hal/jaguar1/jaguar1_regs.h"
#include "hal/rtl8821a/rtl8821a.h"

/* Page C (0x82C bit 31 clear) */
#define REG_RX_IQC     0x0C10
#define REG_CK_MONH    0x0C5C
#define REG_AFE_PWR1   0x0C60
#define REG_AFE_PWR2   0x0C64
#define REG_RX_WAIT    0x0C68
#define REG_3WIRE      0x0C00
#define REG_TXAGCIDX   0x0C94
#define REG_DAC_RSTB   0x090C
#define REG_IQK_COM00  0x0978
#define REG_IQK_COM32  0x097C
#define REG_IQK_COM64  0x0980
#define REG_IQK_COM96  0x0984
/* Page C1 */
#define C1_TX_TONE     0x0C80
#define C1_RX_TONE     0x0C84
#define C1_IQK_PA      0x0C88
#define C1_TSSI_TRK    0x0C8C
#define C1_PREDIST     0x0C90
#define C1_TXAGCIDX    0x0C94
#define C1_IQK_CTL     0x0CB8
#define C1_DPD_CFG     0x0CC4
#define C1_PMPD_CFG    0x0CC8
#define C1_IQC_Y       0x0CCC
#define C1_IQC_X       0x0CD4
#define C1_INTPO       0x0CE8
#define C1_IQK_END     0x0D00

#define CTL_ARM        0x00100000u
#define RF_CFGCH_REG   0x18

#define ROUNDS         3   /* rtw88 CAL_NUM_8821A */
#define TX_AGREE       3
#define RX_AGREE       4
#define DONE_POLL_MS   20

static const uint16_t macbb_regs[] = {
	0x520, 0x550, 0x808, 0xA04, 0x90C, 0xC00, 0x838, 0x82C,
};
static const uint16_t afe_regs[] = { 0xC5C, 0xC60, 0xC64, 0xC68 };
static const uint8_t rf_regs[] = { JAGUAR1_RF_TXA_PREPAD, JAGUAR1_RF_RXBB2, 0x00 };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* One shot on page C1: arm path A, pulse the one-shot, wait the 10 ms
 * rtw88 waits, disarm, then the done bit (20 x 1 ms). X and Y of a good
 * shot (report select @p sel_x / @p sel_y); false when the engine said
 * nothing in time or reported @p fail_bit. */
static bool shot(struct dvr_io *io, uint32_t fail_bit, uint32_t sel_x,
                 uint32_t sel_y, int *x, int *y)
{
	uint32_t end = 0;

	dvr_w32(io, C1_IQK_CTL, CTL_ARM);
	dvr_w32(io, REG_IQK_COM64, 0xFA000000u);
	dvr_w32(io, REG_IQK_COM64, 0xF8000000u);
	dvr_delay_ms(10);
	dvr_w32(io, C1_IQK_CTL, 0);
	for (unsigned t = 0; t < DONE_POLL_MS; t++) {
		end = dvr_r32(io, C1_IQK_END);
		if ((end & JAGUAR1_IQK_DONE) || dvr_io_status(io) != DVR_OK)
			break;
		dvr_delay_ms(1);
	}
	if (!(end & JAGUAR1_IQK_DONE) || (end & fail_bit))
		return false;
	dvr_w32(io, C1_IQK_CTL, sel_x);
	*x = jaguar1_iqk_sext11(dvr_r32_mask(io, C1_IQK_END, JAGUAR1_IQK_VALUE));
	dvr_w32(io, C1_IQK_CTL, sel_y);
	*y = jaguar1_iqk_sext11(dvr_r32_mask(io, C1_IQK_END, JAGUAR1_IQK_VALUE));
	return true;
}

/* Up to JAGUAR1_IQK_TRIES shots until one is good; a failed TX shot
 * leaves identity in the TX correction, as rtw88 writes it. */
static bool tx_shots(struct dvr_io *io, int *x, int *y)
{
	for (unsigned i = 0; i < JAGUAR1_IQK_TRIES; i++) {
		if (shot(io, JAGUAR1_IQK_TX_FAIL, JAGUAR1_IQK_SEL_TX_X, JAGUAR1_IQK_SEL_TX_Y, x, y))
			return true;
		dvr_w32_mask(io, C1_IQC_Y, 0x7FF, 0);
		dvr_w32_mask(io, C1_IQC_X, 0x7FF, 0x200);
	}
	return false;
}

static bool rx_shots(struct dvr_io *io, int *x, int *y)
{
	for (unsigned i = 0; i < JAGUAR1_IQK_TRIES; i++) {
		if (shot(io, JAGUAR1_IQK_RX_FAIL, JAGUAR1_IQK_SEL_RX_X, JAGUAR1_IQK_SEL_RX_Y, x, y))
			return true;
		jaguar1_iqk_page(io, false);
		dvr_w32_mask(io, REG_RX_IQC, 0x000003FF, 0x100);
		dvr_w32_mask(io, REG_RX_IQC, 0x03FF0000, 0);
		jaguar1_iqk_page(io, true);
	}
	return false;
}

/* Halve, rounding up, as rtw88's (v >> 1) + (v & 1) does on its two's
 * complement value (without shifting a negative int). */
static int half_up(int v)
{
	return v >= 0 ? (v + 1) / 2 : -((-v) / 2);
}

/*
 * 80 MHz TX IQK: tone 0x38 with and then without its bit-28 setting,
 * then tone 0x20 with the interpolation slope the two Y results give
 * (16 x their difference over pi/2 x 10000, halved: rtw88
 * rtw8821a_iqk_tx_vdf_true); the last shot is the result. Every shot
 * must succeed.
 */
static bool tx_vdf(struct dvr_io *io, int *x, int *y)
{
	int vx[3], vy[3];

	dvr_w32(io, C1_TX_TONE, 0x18008C38u);
	dvr_w32(io, C1_RX_TONE, 0x38008C38u);
	dvr_w32_mask(io, C1_INTPO, BIT(31), 0);
	if (!tx_shots(io, &vx[0], &vy[0]))
		return false;
	dvr_w32_mask(io, C1_TX_TONE, BIT(28), 0);
	dvr_w32_mask(io, C1_RX_TONE, BIT(28), 0);
	dvr_w32_mask(io, C1_INTPO, BIT(31), 0);
	if (!tx_shots(io, &vx[1], &vy[1]))
		return false;
	int dt = half_up(2 * (vy[1] - vy[0]) * 16 * 10000 / 15708);
	dvr_w32(io, C1_TX_TONE, 0x18008C20u);
	dvr_w32(io, C1_RX_TONE, 0x38008C20u);
	dvr_w32_mask(io, C1_INTPO, BIT(31), 1);
	dvr_w32_mask(io, C1_INTPO, 0x3FFF0000u, (uint32_t)dt & 0x3FFF);
	if (!tx_shots(io, &vx[2], &vy[2]))
		return false;
	*x = vx[2];
	*y = vy[2];
	return true;
}

/* RF mode table entry of the loop-back (its write enable set by the
 * caller) and its gains, the table closed again when @p close, then the
 * engine's common settings (page C; rtw88 "LoK RF setting", "TX RF
 * setting"). */
static void rf_tx_mode(struct dvr_chip *chip, bool close, uint32_t com96)
{
	struct dvr_io *io = chip->io;

	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_ADDR, 0x20000);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_DATA0, 0x0003F);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_DATA1, 0xF3FC3);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_TXA_PREPAD, 0x931D5);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_RXBB2, 0x8A001);
	if (close)
		jaguar1_rf_write(chip, 0, JAGUAR1_RF_LUTWE, 0);
	dvr_w32(io, REG_DAC_RSTB, 0x00008000);
	dvr_w32_mask(io, REG_TXAGCIDX, BIT(0), 1);
	dvr_w32(io, REG_IQK_COM00, 0x29002000);
	dvr_w32(io, REG_IQK_COM32, 0xA9002000);
	dvr_w32(io, REG_IQK_COM96, com96);
}

/* RF 0x18 [11:10] bandwidth code (3 = 20, 1 = 40, 0 = 80 MHz). */
static void rf_bw(struct dvr_chip *chip, unsigned code)
{
	uint32_t v = jaguar1_rf_read(chip, 0, RF_CFGCH_REG);
	jaguar1_rf_write(chip, 0, RF_CFGCH_REG,
	                 (v & ~0xC00u) | (uint32_t)code << 10);
}

/* LO leakage at 20 MHz, then the channel's bandwidth back. */
static void lok(struct dvr_chip *chip, bool band_5g, unsigned bw)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_page(io, false);
	dvr_w32(io, REG_AFE_PWR1, 0x77777777);
	dvr_w32(io, REG_AFE_PWR2, 0x77777777);
	dvr_w32(io, REG_RX_WAIT, 0x19791979);
	dvr_w32_mask(io, REG_3WIRE, 0xF, 0x4);     /* hardware 3-wire off */
	dvr_w32_mask(io, REG_CK_MONH, 0x07000000u, 0x7); /* 160 MHz */
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_LUTWE, 0x80002);
	rf_bw(chip, 3);
	rf_tx_mode(chip, false, 0x00462910);

	jaguar1_iqk_page(io, true);
	dvr_w32(io, C1_IQK_PA, chip->id.ext_pa_5g ? 0x821403F7u : 0x821403F4u);
	dvr_w32(io, C1_TSSI_TRK, band_5g ? 0x68163E96u : 0x28163E96u);
	dvr_w32(io, C1_TX_TONE, 0x18008C10u);
	dvr_w32(io, C1_RX_TONE, 0x38008C10u);
	dvr_w32(io, C1_IQK_CTL, CTL_ARM);
	dvr_w32(io, REG_IQK_COM64, 0xFA000000u);
	dvr_w32(io, REG_IQK_COM64, 0xF8000000u);
	dvr_delay_ms(10);
	dvr_w32(io, C1_IQK_CTL, 0);

	jaguar1_iqk_page(io, false);
	uint32_t dtxlok = (jaguar1_rf_read(chip, 0, JAGUAR1_RF_DTXLOK) >> 10) & 0x3FF;
	uint32_t txmod = jaguar1_rf_read(chip, 0, JAGUAR1_RF_TXMOD);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_TXMOD, (txmod & ~0x7FE00u) | dtxlok << 9);
	if (bw == 40)
		rf_bw(chip, 1);
	else if (bw == 80)
		rf_bw(chip, 0);
}

static bool tx_iqk(struct dvr_chip *chip, bool band_5g, unsigned bw,
                   int *x, int *y)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_page(io, false);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_LUTWE, 0x80000);
	rf_tx_mode(chip, true, 0x0046A910);
	jaguar1_iqk_page(io, true);
	dvr_w32(io, C1_IQK_PA, chip->id.ext_pa_5g ? 0x821403F7u : 0x821403E3u);
	dvr_w32(io, C1_TSSI_TRK, band_5g ? 0x40163E96u : 0x00163E96u);
	if (bw == 80)
		return tx_vdf(io, x, y);
	dvr_w32(io, C1_TX_TONE, 0x18008C10u);
	dvr_w32(io, C1_RX_TONE, 0x38008C10u);
	return tx_shots(io, x, y);
}

/* RX IQK with the TX result (@p tx_x, @p tx_y) in the engine. */
static bool rx_iqk(struct dvr_chip *chip, int tx_x, int tx_y, int *x, int *y)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_page(io, false);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_LUTWE, 0x80000);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_ADDR, 0x30000);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_DATA0, 0x0002F);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_MODE_DATA1, 0xFFFBB);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_RXBB2, 0x88001);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_TXA_PREPAD, 0x931D8);
	jaguar1_rf_write(chip, 0, JAGUAR1_RF_LUTWE, 0);
	dvr_w32_mask(io, REG_IQK_COM00, 0x03FF8000u, (uint32_t)tx_x & 0x7FF);
	dvr_w32_mask(io, REG_IQK_COM00, 0x000007FFu, (uint32_t)tx_y & 0x7FF);
	dvr_w32_mask(io, REG_IQK_COM00, BIT(31), 1);
	dvr_w32_mask(io, REG_IQK_COM00, BIT(31), 0);
	dvr_w32(io, REG_DAC_RSTB, 0x00008000);
	dvr_w32(io, REG_IQK_COM96, 0x0046A911);

	jaguar1_iqk_page(io, true);
	dvr_w32(io, C1_TX_TONE, 0x38008C10u);
	dvr_w32(io, C1_RX_TONE, 0x18008C10u);
	dvr_w32(io, C1_IQK_PA, 0x02140119u);
	/* USB runs one RX loop at this setting (PCIe two) */
	dvr_w32(io, C1_TSSI_TRK, 0x28160D00u);
	return rx_shots(io, x, y);
}

/* The results, or identity for a part that did not agree. */
static void apply(struct dvr_chip *chip, const struct jaguar1_iqk_acc *tx,
                  const struct jaguar1_iqk_acc *rx, struct jaguar1_iqk *out)
{
	struct dvr_io *io = chip->io;
	int tx_x = tx->finished ? tx->rx : 0x200, tx_y = tx->finished ? tx->ry : 0;
	/* rtw88 rtw8821a_iqk_rx_fill halves the report, shifting its bits */
	uint32_t rx_x = rx->finished ? ((uint32_t)rx->rx >> 1) & 0x3FF : 0x100;
	uint32_t rx_y = rx->finished ? ((uint32_t)rx->ry >> 1) & 0x3FF : 0;

	if (tx->n) {
		jaguar1_iqk_page(io, true);
		dvr_w32(io, C1_PREDIST, 0x00000080);
		dvr_w32(io, C1_DPD_CFG, 0x20040000);
		dvr_w32(io, C1_PMPD_CFG, 0x20000000);
		dvr_w32_mask(io, C1_IQC_Y, 0x7FF, (uint32_t)tx_y & 0x7FF);
		dvr_w32_mask(io, C1_IQC_X, 0x7FF, (uint32_t)tx_x & 0x7FF);
	}
	if (rx->n) {
		jaguar1_iqk_page(io, false);
		dvr_w32_mask(io, REG_RX_IQC, 0x000003FF, rx_x);
		dvr_w32_mask(io, REG_RX_IQC, 0x03FF0000, rx_y);
	}
	out->tx_ok = tx->finished;
	out->rx_ok = rx->finished;
	out->tx_x = (uint16_t)((uint32_t)tx_x & 0x7FF);
	out->tx_y = (uint16_t)((uint32_t)tx_y & 0x7FF);
	out->rx_x = (uint16_t)rx_x;
	out->rx_y = (uint16_t)rx_y;
}

/* Tones and IQK settings off, then what was saved (rtw88
 * rtw8821a_iqk_restore_rf, _restore_afe, rtw88xxa_iqk_restore_mac_bb). */
static void restore(struct dvr_chip *chip, const uint32_t *rf,
                    const uint32_t *afe, const uint32_t *macbb)
{
	struct dvr_io *io = chip->io;

	jaguar1_iqk_page(io, false);
	for (size_t i = 0; i < COUNT(rf_regs); i++)
		jaguar1_rf_write(chip, 0, rf_regs[i], rf[i]);
	jaguar1_iqk_restore(io, afe_regs, COUNT(afe_regs), afe);
	jaguar1_iqk_page(io, true);
	dvr_w32(io, C1_TX_TONE, 0);
	dvr_w32(io, C1_RX_TONE, 0);
	dvr_w32(io, C1_IQK_PA, 0);
	dvr_w32(io, C1_TSSI_TRK, 0x3C000000);
	dvr_w32(io, C1_PREDIST, 0x00000080);
	dvr_w32(io, C1_TXAGCIDX, 0);
	dvr_w32(io, C1_DPD_CFG, 0x20040000);
	dvr_w32(io, C1_PMPD_CFG, 0x20000000);
	dvr_w32(io, C1_IQK_CTL, 0);
	jaguar1_iqk_restore(io, macbb_regs, COUNT(macbb_regs), macbb);
}

/* The channel's bandwidth as the family's switch left it in 0x8AC [1:0]
 * (0 = 20, 1 = 40, 2 = 80 MHz): the IQK runs inside set_channel, before
 * the core records the channel. */
static unsigned current_bw(struct dvr_io *io)
{
	static const unsigned bw[4] = { 20, 40, 80, 80 };
	return bw[dvr_r32(io, REG_BB_ADCCLK) & 3];
}

int rtl8821a_iqk(struct dvr_chip *chip, bool band_5g)
{
	struct dvr_io *io = chip->io;
	struct jaguar1_priv *priv = jaguar1_priv(chip);
	uint32_t macbb[COUNT(macbb_regs)], afe[COUNT(afe_regs)];
	uint32_t rf[COUNT(rf_regs)];
	struct jaguar1_iqk_acc tx, rx;
	struct jaguar1_iqk res;
	unsigned bw = current_bw(io);

	memset(&tx, 0, sizeof tx);
	memset(&rx, 0, sizeof rx);
	memset(&res, 0, sizeof res);
	jaguar1_iqk_backup(io, macbb_regs, COUNT(macbb_regs), macbb);
	jaguar1_iqk_backup(io, afe_regs, COUNT(afe_regs), afe);
	for (size_t i = 0; i < COUNT(rf_regs); i++)
		rf[i] = jaguar1_rf_read(chip, 0, rf_regs[i]);
	jaguar1_iqk_quiet_mac(io);

	for (unsigned r = 0; r < ROUNDS && dvr_io_status(io) == DVR_OK; r++) {
		int x, y, rx_x, rx_y;
		lok(chip, band_5g, bw);
		if (!tx_iqk(chip, band_5g, bw, &x, &y))
			break;     /* no RX IQK after a failed TX IQK */
		jaguar1_iqk_acc_add(&tx, x, y, TX_AGREE);
		if (rx_iqk(chip, x, y, &rx_x, &rx_y))
			jaguar1_iqk_acc_add(&rx, rx_x, rx_y, RX_AGREE);
	}
	apply(chip, &tx, &rx, &res);
	restore(chip, rf, afe, macbb);

	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during IQK");
	if (priv) {
		priv->iqk[0] = res;
		priv->iqk_runs++;
	}
	return DVR_OK;
}

int rtl8821a_phy_calibration(struct dvr_chip *chip, unsigned channel)
{
	int st = rtl8821a_iqk(chip, channel > 14);
	if (st == DVR_OK)
		jaguar1_iqk_record(chip, channel);
	return st;
}

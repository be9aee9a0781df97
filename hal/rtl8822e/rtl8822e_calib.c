/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8822E's RF calibration after the channel is set (ops->calibrate):
 * the software IQK on the NCTL engine, TX gap calibration, the DPK
 * bypass, then what the IQK leaves behind undone (the TX pause, the
 * 40 MHz TX_CCK_IND bit of RF 0x1A). Sequences and values are the
 * vendor's (rtl88x2eu hal/phydm/halrf/rtl8822e/halrf_iqk_8822e.c,
 * halrf_txgapk_8822e.c, halrf_dpk_8822e.c), as OpenIPC devourer
 * src/jaguar3/Halrf8822e.cpp phy_iq_calibrate and do_txgapk port them.
 *
 * The NCTL engine's program is the RF-calibration init table the BB
 * bring-up loads (no separate microcode as on the 8822C). Each step
 * writes a command to 0x1B00 and again with its go bit; the engine says
 * "ready" with 0x2D9C = 0x55, then 0x1BFC [15:0] = 0x8000, and a failed
 * step sets 0x1B08 bit 26. A path whose TX or RX part fails keeps the
 * identity matrix and its filter off (the vendor's default), and the
 * core reports the failure.
 */
#include "hal/rtl8822e/rtl8822e.h"

#define REG_TXPAUSE 0x0522
#define REG_IQK_RPT 0x2D9C
#define NCTL_READY 0x55
#define REG_NCTL_CMD 0x1B00
#define NCTL_PAGE 0x00000006u          /* 0x1B00 [2:1]: path / subpage */
#define REG_NCTL_RPT 0x1B08
#define NCTL_FAIL (1u << 26)
#define REG_NCTL_STAT 0x1B10
#define REG_NCTL_DATA 0x1BFC
#define NCTL_DONE 0x8000
#define REG_TX_MATRIX 0x1B38
#define REG_RX_MATRIX 0x1B3C
#define IQC_IDENTITY 0x40000000u
#define REG_CFIR_EN 0x1B70
#define READY_POLLS 3000u              /* x 1 us, _iqk_check_cal_8822e */
#define DONE_POLLS 500u
#define IQK_PASSES 2u                  /* _phy_iq_calibrate_8822e */
#define RF_MODE 0x00
#define RF_CHANNEL 0x18
#define LOK_DEFAULT 0x84220u

/* What the IQK backs up and restores (vendor _phy_iq_calibrate_8822e
 * backup_mac_reg / backup_reg / backup_rf_reg). 0x1A14 is listed twice
 * by the vendor; restoring it twice is harmless. */
static const uint16_t mac_bak[4] = { 0x0520, 0x001C, 0x00EC, 0x0070 };
static const uint16_t bb_bak[21] = {
	0x0820, 0x0824, 0x1C38, 0x1C68, 0x1D60, 0x180C, 0x410C, 0x1C3C,
	0x1A14, 0x1D58, 0x1D70, 0x1864, 0x4164, 0x186C, 0x416C, 0x1A14,
	0x1E70, 0x080C, 0x1E7C, 0x18A4, 0x41A4,
};
static const uint8_t rf_bak[3] = { 0x19, 0x9E, 0x00 };

enum iqk_step { STEP_TXK, STEP_RXK1, STEP_RXK2, STEP_NBTXK, STEP_NBRXK,
	        STEP_LOK1, STEP_LOK2 };

struct iqk_run {
	bool band_5g;
	unsigned bw_code;          /* 0 20 MHz, 1 40, 2 80 */
	bool narrow;               /* narrowband commands */
	bool tx_fail[2], rx_fail[2], lok_fail[2];
	uint32_t lok_idac[2];
	uint16_t cfir[2][2][17][2]; /* [path][TX/RX][tap][re/im] */
	unsigned timeouts;
};

/* ---- the NCTL handshake ---- */

/* _iqk_check_cal_8822e: ready report, then the done word; then clear
 * the status and the fail flag. (The vendor exempts its LO steps from
 * the flag by command, but _iqk_one_shot_8822e always passes the
 * generic one, so every step is judged by it.) */
static bool check_cal(struct dvr_chip *chip, struct iqk_run *k)
{
	struct dvr_io *io = chip->io;
	bool fail = true;

	dvr_delay_us(1);
	for (unsigned c = 0; c < READY_POLLS; c++) {
		if ((dvr_r32(io, REG_IQK_RPT) & 0xFF) == NCTL_READY) {
			fail = dvr_r32(io, REG_NCTL_RPT) & NCTL_FAIL;
			break;
		}
		if (dvr_io_status(io) != DVR_OK)
			return true;
		dvr_delay_us(1);
		if (c + 1 == READY_POLLS)
			k->timeouts++;
	}
	bool done = false;
	for (unsigned c = 0; c < DONE_POLLS && !done; c++) {
		done = (dvr_r32(io, REG_NCTL_DATA) & 0xFFFF) == NCTL_DONE;
		if (!done && dvr_io_status(io) == DVR_OK)
			dvr_delay_us(1);
		else if (!done)
			break;
	}
	if (!done) {
		fail = true;
		k->timeouts++;
	}
	dvr_delay_us(50);
	dvr_w32_mask(io, REG_NCTL_STAT, 0xFF, 0);
	dvr_w32_mask(io, REG_NCTL_RPT, NCTL_FAIL, 0);
	return fail;
}

static void nctl_go(struct dvr_io *io, uint32_t cmd)
{
	dvr_w32(io, REG_NCTL_CMD, cmd);
	dvr_w32(io, REG_NCTL_CMD, cmd + 1);
}

/* _iqk_one_shot_8822e: the command word of a step for a path (bit
 * 4 + path), the step in [11:8]. */
static bool one_shot(struct dvr_chip *chip, struct iqk_run *k,
                     unsigned path, enum iqk_step step)
{
	struct dvr_io *io = chip->io;
	uint32_t sel = (1u << (4 + path)) | 0x8;
	uint32_t cmd = sel;

	switch (step) {
	case STEP_NBTXK:
		dvr_w32_mask(io, 0x1B2C, 0x00000FFF, 0x0C);
		cmd |= 0x200;
		break;
	case STEP_NBRXK:
		dvr_w32_mask(io, 0x1B2C, 0x0FFF0000, 0x18);
		cmd |= 0x300;
		break;
	case STEP_TXK:
		cmd |= (k->bw_code + 4) << 8;
		break;
	case STEP_RXK1:
		cmd |= 0xF00;
		break;
	case STEP_RXK2:
		cmd |= (k->bw_code + 0xA) << 8;
		break;
	case STEP_LOK1:
		break;
	case STEP_LOK2:
		cmd |= 0x100;
		break;
	}
	nctl_go(io, cmd);
	return check_cal(chip, k);
}

static void nctl_page(struct dvr_io *io, unsigned page)
{
	dvr_w32_mask(io, REG_NCTL_CMD, NCTL_PAGE, page);
}

/* ---- set-up and restore around the calibration ---- */

/* _iqk_tx_pause_8822e: stop the queues and the BB's TX, then wait for
 * either path's RF to reach RX mode (3), 2 us apart. */
void rtl8822e_tx_pause(struct dvr_chip *chip, bool any_in_tx)
{
	struct dvr_io *io = chip->io;

	dvr_w8(io, REG_TXPAUSE, 0xFF);
	dvr_w32_mask(io, 0x1E70, 0x0000000F, 0x2);
	for (unsigned c = 0; c < 2500; c++) {
		uint32_t a = halmac_rf_read(chip, 0, RF_MODE, 0xF0000);
		uint32_t b = halmac_rf_read(chip, 1, RF_MODE, 0xF0000);
		/* IQK waits until a path is in RX; gap-K until none is
		 * still in TX (2) (_halrf_txgapk_tx_pause_8822e) */
		if (dvr_io_status(io) != DVR_OK ||
		    (any_in_tx ? (a != 2 && b != 2) : (a == 3 || b == 3)))
			break;
		dvr_delay_us(2);
	}
}

/* The calibration's BB set-up common to IQK (both paths) and gap-K
 * (one path): the NCTL clock and the 3-wire paused on the path. */
void rtl8822e_bb_cal_mode(struct dvr_io *io, unsigned paths, bool on)
{
	if (on) {
		dvr_w32_mask(io, 0x1E24, 0x00020000, 1);
		dvr_w32_mask(io, 0x1CD0, 0x70000000, 0x7);
		dvr_w32_mask(io, 0x1CD0, 0x80000000, 0);
	}
	for (unsigned p = 0; p < 2; p++) {
		if (!(paths & (1u << p)))
			continue;
		uint16_t o = p ? 0x4100 - 0x1800 : 0;
		dvr_w32_mask(io, (uint16_t)(0x1864 + o), 0x80000000, on);
		dvr_w32_mask(io, (uint16_t)(0x180C + o), 0x08000000, on);
		dvr_w32_mask(io, (uint16_t)(0x186C + o), 0x00000080, on);
		dvr_w32_mask(io, (uint16_t)(0x180C + o), 0x00000003,
		             on ? 0 : 3);
	}
	dvr_w32_mask(io, 0x1A00, 0x00000003, on ? 2 : 0);
	if (on)
		dvr_w32(io, REG_NCTL_RPT, 0x00000080);
}

/* _iqk_macbb_setting_8822e */
static void macbb_setting(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	dvr_w32_mask(io, 0x0824, 0x00030000, 0x3);     /* RX paths on */
	rtl8822e_tx_pause(chip, false);
	dvr_w32_mask(io, 0x0070, 0xFF000000, 0x06);    /* PTA at WLAN */
	rtl8822e_bb_cal_mode(io, 3, true);
}

/* _iqk_macbb_restore_8822e */
static void macbb_restore(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	for (unsigned p = 0; p < 2; p++)
		halmac_rf_write(chip, p, 0xDE, 0x10000, 0);
	for (unsigned p = 0; p < 2; p++) {
		nctl_page(io, p);
		dvr_w32_mask(io, 0x1BCC, 0x3F, 0);
		dvr_w32_mask(io, 0x1B20, 1u << 25, 0);
	}
	nctl_page(io, 0);
	dvr_w32(io, REG_NCTL_RPT, 0);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 1);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 0);
	dvr_w32_mask(io, 0x1D0C, 0x00010000, 1);
	rtl8822e_bb_cal_mode(io, 3, false);
}

/* _iqk_afe_setting_8822e / _iqk_afe_restore_8822e: the AFE's per-state
 * words for calibration, and the normal set (path B's restore list has
 * one 0x700F0001 fewer than A's in the vendor source). */
static void afe_setting(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	dvr_w32(io, 0x1C38, 0);
	for (unsigned p = 0; p < 2; p++) {
		uint16_t o = p ? 0x4100 - 0x1800 : 0;
		dvr_w32_mask(io, (uint16_t)(0x1830 + o), 0x40000000, 0);
		dvr_w32_mask(io, (uint16_t)(0x1860 + o), 0xFFFFF000, 0xF0001);
	}
	for (unsigned p = 0; p < 2; p++) {
		uint16_t reg = p ? 0x4130 : 0x1830;
		dvr_w32(io, reg, 0x700F0001);
		for (uint32_t s = 0; s <= 0xF; s++)
			dvr_w32(io, reg, 0x700F0001 | s << 20);
		dvr_w32(io, reg, 0x70FF0001);
	}
	dvr_w32(io, 0x1C38, 0xFFFFFFFF);
	rtl8822e_dack_soft_reset(chip);
}

static void afe_restore(struct dvr_chip *chip)
{
	static const uint32_t normal[16] = {
		0x700F0001, 0x70144001, 0x70244001, 0x70344001, 0x70444001,
		0x705B0001, 0x70644001, 0x707B0001, 0x708F0001, 0x709F0001,
		0x70AF0001, 0x70BF0001, 0x70CB0001, 0x70DB0001, 0x70EB0001,
		0x70FB0001,
	};
	struct dvr_io *io = chip->io;

	dvr_w32(io, 0x1C38, 0);
	dvr_w32_mask(io, 0x1830, 0x40000000, 1);
	dvr_w32_mask(io, 0x4130, 0x40000000, 1);
	for (unsigned p = 0; p < 2; p++) {
		uint16_t reg = p ? 0x4130 : 0x1830;
		dvr_w32(io, reg, 0x700F0001);
		if (!p)
			dvr_w32(io, reg, 0x700F0001);
		for (unsigned i = 0; i < 16; i++)
			dvr_w32(io, reg, normal[i]);
		dvr_w32(io, reg, 0x70FB0001);
	}
	dvr_w32(io, 0x1C38, 0xFFA1005E);
	rtl8822e_dack_soft_reset(chip);
}

/* ---- the per-path steps ---- */

/* _iqk_{5g,2g}_txk_8822e (as devourer's port): LO leakage in two
 * steps, then TX IQ. The MAC's PI field of the path (0x1C / 0xEC
 * [31:30]) is cleared over the LO steps. */
static void txk(struct dvr_chip *chip, struct iqk_run *k, unsigned p)
{
	struct dvr_io *io = chip->io;
	bool g5 = k->band_5g;

	halmac_rf_write(chip, p, 0xDF, 0x00010, 0);
	halmac_rf_write(chip, p, 0xDE, 0x10000, 1);
	halmac_rf_write(chip, p, 0x56, 0x00C00, 0);
	halmac_rf_write(chip, p, 0x56, 0x003E0, g5 ? 0x07 : 0x0F);
	halmac_rf_write(chip, p, 0x56, 0x0001F, g5 ? 0x0C : 0x05);
	halmac_rf_write(chip, p, 0x57, 0x08000, 1);
	if (g5)
		halmac_rf_write(chip, p, 0x64, 0x07000, 0);
	else
		halmac_rf_write(chip, p, 0x53, 0x000E0, 0);
	halmac_rf_write(chip, p, 0xEF, 0x00010, 1);
	halmac_rf_write(chip, p, 0x33, 0x0007F, g5 ? 0x20 : 0x00);

	uint16_t pi = p ? 0x00EC : 0x001C;
	uint32_t pi_old = dvr_r32(io, pi);
	dvr_w32(io, pi, pi_old & ~0xC0000000u);
	for (unsigned lok = 0; lok < 2; lok++) {
		nctl_page(io, p);
		dvr_w32_mask(io, REG_NCTL_STAT, 0xFF, 0);
		dvr_w32_mask(io, 0x1BCC, 0x0000003F, 0x00);
		dvr_w32_mask(io, 0x1BCC, 0x00000FC0, 0x09);
		dvr_w32_mask(io, 0x1B2C, 0x00000FFF, 0x038);
		one_shot(chip, k, p, lok ? STEP_LOK2 : STEP_LOK1);
	}
	dvr_w32(io, pi, pi_old);
	halmac_rf_write(chip, p, 0xEF, 0x00010, 0);
	/* _iqk_lok1_check_8822e: an LO DAC code at either rail is no
	 * result */
	uint32_t lo = halmac_rf_read(chip, p, 0x58, 0xFFFFF);
	uint32_t li = (lo >> 15) & 0x1F, lq = (lo >> 10) & 0x1F;
	k->lok_fail[p] = li <= 3 || li >= 0x1C || lq <= 3 || lq >= 0x1C;

	if (g5) {
		halmac_rf_write(chip, p, 0x56, 0x0001F, 0x13);
		halmac_rf_write(chip, p, 0x64, 0x07000, 0x01);
	} else {
		halmac_rf_write(chip, p, 0x56, 0x003E0, 0x07);
		halmac_rf_write(chip, p, 0x56, 0x0001F, 0x0C);
		halmac_rf_write(chip, p, 0x53, 0x000E0, 0x01);
	}
	nctl_page(io, p);
	dvr_w32_mask(io, 0x1BCC, 0x0000003F, 0x00);
	dvr_w32_mask(io, 0x1BCC, 0x00000FC0, 0x12);
	k->tx_fail[p] = one_shot(chip, k, p,
	                         k->narrow ? STEP_NBTXK : STEP_TXK);
}

/* _iqk_{5g,2g}_rx_gain_search1_8822e: run the RX step and move the LNA
 * until the RX baseband gain the engine chose (RF 0x00 [9:5]) is in
 * 2..9; at most 4 (5 GHz) or 5 (2.4 GHz) tries. */
static bool rx_gain_search(struct dvr_chip *chip, struct iqk_run *k,
                           unsigned p)
{
	struct dvr_io *io = chip->io;
	unsigned max = k->band_5g ? 4 : 5;
	bool fail = true;

	nctl_page(io, p);
	dvr_w32_mask(io, 0x1B18, 0x00000002, 1);
	dvr_w32_mask(io, 0x1B24, 0x000FFFFF, 0x70408);
	for (unsigned n = 1;; n++) {
		nctl_page(io, p);
		dvr_w32_mask(io, 0x1BCC, 0x3F, k->band_5g ? 0x1B : 0x12);
		dvr_w32_mask(io, 0x1B2C, 0x0FFF0000, 0x018);
		nctl_go(io, 0xF00 | (1u << (4 + p)) | 0x8);
		dvr_delay_us(20);
		fail = check_cal(chip, k);
		nctl_page(io, p);
		uint32_t rf0 = halmac_rf_read(chip, p, RF_MODE, 0xFFFFF);
		int lna = (int)((rf0 >> 10) & 7);
		uint32_t rxbb = (rf0 >> 5) & 0x1F;
		bool again = true;
		if (rxbb > 9)
			lna++;
		else if (rxbb > 1)
			again = false;
		else
			lna--;
		lna = lna < 0 ? 0 : lna > 7 ? 7 : lna;
		if (again)
			dvr_delay_us(10);
		nctl_page(io, p);
		dvr_w32_mask(io, 0x1B24, 0x00001C00, (uint32_t)lna);
		dvr_w32_mask(io, 0x1B24, 0x000003E0, rxbb);
		if (n >= max)
			return true;
		if (!again || dvr_io_status(io) != DVR_OK)
			return fail;
	}
}

/* _iqk_{5g,2g}_rxk_8822e. On 2.4 GHz the vendor runs the RX step even
 * after a failed gain search, with a fixed gain. */
static void rxk(struct dvr_chip *chip, struct iqk_run *k, unsigned p)
{
	struct dvr_io *io = chip->io;
	bool fail;

	halmac_rf_write(chip, p, 0x9E, 0x00020, 0);
	halmac_rf_write(chip, p, 0x9E, 0x00400, 0);
	halmac_rf_write(chip, p, 0x56, 0x003E0, k->band_5g ? 0x00 : 0x04);
	fail = rx_gain_search(chip, k, p);
	if (!k->band_5g && fail)
		dvr_w32_mask(io, 0x1B24, 0x000FFFFF, 0x70108);
	if (!fail || !k->band_5g) {
		nctl_page(io, p);
		dvr_w32_mask(io, 0x1BCC, 0x3F, k->band_5g ? 0x1B : 0x12);
		fail = one_shot(chip, k, p,
		                k->narrow ? STEP_NBRXK : STEP_RXK2);
	}
	k->rx_fail[p] = fail;
}

/* _iqk_backup_{tx,rx}cfir_8822e: the 17 taps of the filter the step
 * left, read through 0x1BD8 / 0x1BFC. */
static void read_cfir(struct dvr_chip *chip, struct iqk_run *k,
                      unsigned p, unsigned rx)
{
	struct dvr_io *io = chip->io;

	nctl_page(io, p);
	dvr_w32_mask(io, 0x1B20, 0xC0000000, rx ? 1 : 3);
	dvr_w32(io, 0x1BD8, 0x71);
	dvr_w32_mask(io, 0x1BD4, 0x00200000, 1);
	dvr_w32_mask(io, 0x1BD4, 0x001F0000, 0x10);
	for (uint32_t t = 0; t < 17; t++) {
		dvr_w32_mask(io, 0x1BD8, 0x01F00000, t);
		uint32_t v = dvr_r32(io, REG_NCTL_DATA);
		k->cfir[p][rx][t][0] = (uint16_t)((v >> 16) & 0xFFF);
		k->cfir[p][rx][t][1] = (uint16_t)(v & 0xFFF);
	}
	dvr_w32_mask(io, 0x1B20, 0xC0000000, 0);
	dvr_w32(io, 0x1BD8, 0x70);
}

/* A path part without a result: the identity matrix, filter off. */
static void iqc_default(struct dvr_io *io, unsigned p, bool tx)
{
	nctl_page(io, p);
	if (tx) {
		dvr_w32(io, REG_TX_MATRIX, IQC_IDENTITY);
		dvr_w32_mask(io, REG_CFIR_EN, 1u << 8, 0);
	}
	dvr_w32(io, REG_RX_MATRIX, IQC_IDENTITY);
	dvr_w32_mask(io, REG_CFIR_EN, 1u << 0, 0);
}

/* _iqk_start_iqk_8822e / _iqk_by_path_8822e with the grant of the
 * antenna to WLAN around it (BT-coex indirect 0x38 [15:8] = 0x77). */
static void by_path(struct dvr_chip *chip, struct iqk_run *k)
{
	for (unsigned p = 0; p < 2; p++) {
		/* As written in _iqk_iqk_by_path_8822e: odm_set_rf_reg with
		 * the other path's index in the register argument, i.e. RF
		 * register 0x01 of path A, RF 0x00 of path B, [19:16] = 1.
		 * OpenIPC devourer reads it as RF 0x00 of the other path
		 * (standby); the vendor's literal writes are kept. */
		halmac_rf_write(chip, p, p ? 0x00 : 0x01, 0xF0000, 1);
		/* devourer's port: narrowband commands on 2.4 GHz only */
		k->narrow = !k->band_5g;
		txk(chip, k, p);
		if (k->tx_fail[p])
			iqc_default(chip->io, p, true);
		else
			rxk(chip, k, p);
		if (dvr_io_status(chip->io) != DVR_OK)
			return;
	}
	for (unsigned p = 0; p < 2; p++) {
		k->lok_idac[p] = k->lok_fail[p] ? LOK_DEFAULT :
			halmac_rf_read(chip, p, 0x58, 0xFFFFF);
		if (!k->tx_fail[p])
			read_cfir(chip, k, p, 0);
		else
			iqc_default(chip->io, p, true);
		if (!k->tx_fail[p] && !k->rx_fail[p])
			read_cfir(chip, k, p, 1);
		else
			iqc_default(chip->io, p, false);
	}
}

static uint32_t btc_read(struct dvr_io *io, uint16_t reg)
{
	/* _iqk_btc_wait_indirect_reg_ready_8822e: 0x1700 bit 29 */
	for (unsigned c = 0; c < 10 && !(dvr_r32(io, 0x1700) & (1u << 29));
	     c++)
		dvr_delay_us(100);
	dvr_w32(io, 0x1700, 0x800F0000u | reg);
	return dvr_r32(io, 0x1708);
}

static void btc_write(struct dvr_io *io, uint16_t reg, uint32_t v)
{
	for (unsigned c = 0; c < 10 && !(dvr_r32(io, 0x1700) & (1u << 29));
	     c++)
		dvr_delay_us(100);
	dvr_w32(io, 0x1704, v);
	dvr_w32(io, 0x1700, 0xC00F0000u | reg);
}

static void record(struct dvr_chip *chip, const struct iqk_run *k)
{
	struct dvr_calib_result *r = &chip->calib;

	r->runs++;
	r->what = "IQK";
	r->channel = chip->channel.channel;
	r->paths = 2;
	r->failed_tx = (k->tx_fail[0] ? 1u : 0) | (k->tx_fail[1] ? 2u : 0);
	r->failed_rx = (k->rx_fail[0] || k->tx_fail[0] ? 1u : 0) |
	               (k->rx_fail[1] || k->tx_fail[1] ? 2u : 0);
}

int rtl8822e_iqk(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	struct iqk_run k = { 0 };
	uint32_t mac[4], bb[21], rf[3][2];

	/* _iqk_information_8822e: band, bandwidth from RF 0x18 */
	uint32_t r18 = halmac_rf_read(chip, 0, RF_CHANNEL, 0xFFFFF);
	k.band_5g = r18 & (1u << 16);
	switch ((r18 >> 12) & 3) {
	case 3: k.bw_code = 0; break;
	case 2: k.bw_code = 1; break;
	case 1: k.bw_code = 2; break;
	default: k.narrow = true; break;
	}
	uint32_t gnt = btc_read(io, 0x38);
	for (unsigned i = 0; i < 4; i++)
		mac[i] = dvr_r32(io, mac_bak[i]);
	for (unsigned i = 0; i < 21; i++)
		bb[i] = dvr_r32(io, bb_bak[i]);
	for (unsigned i = 0; i < 3; i++)
		for (unsigned p = 0; p < 2; p++)
			rf[i][p] = halmac_rf_read(chip, p, rf_bak[i], 0xFFFFF);

	for (unsigned pass = 0; pass < IQK_PASSES; pass++) {
		macbb_setting(chip);
		afe_setting(chip);
		btc_write(io, 0x38, (gnt & ~0xFF00u) | 0x7700u);
		by_path(chip, &k);
		btc_write(io, 0x38, gnt);
		afe_restore(chip);
		macbb_restore(chip);
		if ((!k.tx_fail[0] && !k.tx_fail[1]) ||
		    dvr_io_status(io) != DVR_OK)
			break;
	}

	/* _iqk_restore_rf_8822e, _iqk_restore_mac_bb_8822e */
	for (unsigned p = 0; p < 2; p++) {
		halmac_rf_write(chip, p, 0xEF, 0xFFFFF, 0);
		halmac_rf_write(chip, p, 0xDF, 0x00010, 0);
	}
	for (unsigned i = 0; i < 3; i++)
		for (unsigned p = 0; p < 2; p++)
			halmac_rf_write(chip, p, rf_bak[i], 0xFFFFF, rf[i][p]);
	for (unsigned p = 0; p < 2; p++)
		halmac_rf_write(chip, p, 0xDE, 1u << 16, 0);
	dvr_w32(io, 0x1D70, 0x50505050);       /* IGI toggle */
	for (unsigned i = 0; i < 4; i++)
		dvr_w32(io, mac_bak[i], mac[i]);
	for (unsigned i = 0; i < 21; i++)
		dvr_w32(io, bb_bak[i], bb[i]);
	/* the RX correction only where the RX part has a result */
	dvr_w32_mask(io, 0x180C, 1u << 31, !(k.tx_fail[0] || k.rx_fail[0]));
	dvr_w32_mask(io, 0x410C, 1u << 31, !(k.tx_fail[1] || k.rx_fail[1]));
	if (dvr_io_status(io) != DVR_OK)
		return dvr_chip_fail(chip, dvr_io_status(io),
		                     "USB error during IQK");
	record(chip, &k);
	if (k.tx_fail[0] || k.tx_fail[1] || k.rx_fail[0] || k.rx_fail[1])
		dvr_chip_warn(chip, "IQK failed (TX A%c B%c, RX A%c B%c%s); "
		              "the failed parts keep the identity correction",
		              k.tx_fail[0] ? '-' : '+', k.tx_fail[1] ? '-' : '+',
		              k.rx_fail[0] ? '-' : '+', k.rx_fail[1] ? '-' : '+',
		              k.timeouts ? ", engine timeout" : "");
	return DVR_OK;
}

int rtl8822e_dpk_bypass(struct dvr_chip *chip)
{
	/* _dpk_force_bypass_8822e: subpage 2, both paths' DPK off */
	struct dvr_io *io = chip->io;

	nctl_page(io, 2);
	dvr_w32_mask(io, 0x1B08, 0x0000C000, 0x3);
	dvr_w32_mask(io, 0x1B04, 0x000000FF, 0x5B);
	dvr_w32_mask(io, 0x1B60, 0x0000C000, 0x3);
	dvr_w32_mask(io, 0x1B5C, 0x000000FF, 0x5B);
	nctl_page(io, 0);
	return dvr_io_status(io);
}

int rtl8822e_calibrate(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	/* IQK, gap-K and the DPK bypass save, rewrite and restore BB
	 * registers (0x1D70, 0x1830, ...) behind the register shadow and
	 * the hop: what they knew is no longer sure. */
	dvr_reg_shadow_reset(&chip->shadow);
	rtl8822e_hop_forget(chip);
	int st = rtl8822e_iqk(chip);
	if (st != DVR_OK)
		return st;
	st = rtl8822e_txgapk(chip);
	if (st != DVR_OK)
		return st;
	/*
	 * DPK: the vendor bypasses it with an external PA on the band and
	 * on RFE 21/22 (do_dpk_8822e) and otherwise runs it; this driver
	 * has no DPK, so the predistorter is bypassed on every board
	 * rather than left to whatever the reset state holds.
	 */
	st = rtl8822e_dpk_bypass(chip);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during DPK bypass");
	/* The IQK pauses every queue and does not resume them (OpenIPC
	 * devourer HalJaguar3.cpp run_iqk), and clears RF 0x1A bit 0, the
	 * 40 MHz TX_CCK_IND workaround (docs/8822e-quirks.md). */
	dvr_w8(io, REG_TXPAUSE, 0);
	/* 5/10 MHz keep RF 0x1A's 20 MHz filter (vendor
	 * config_phydm_switch_bandwidth_8822e) */
	unsigned bw = chip->channel.bw_mhz ? chip->channel.bw_mhz : 20;
	bw = dvr_baseband_bw_mhz(bw);
	st = rtl8822e_set_bw_filter(chip, bw);
	if (st == DVR_OK)
		st = dvr_io_status(io);
	if (st != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error after calibration");
	return DVR_OK;
}

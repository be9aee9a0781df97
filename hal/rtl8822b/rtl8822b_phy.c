/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Baseband and RF bring-up of the 8822B (rtw88 rtw8822b.c
 * rtw8822b_phy_set_param, rtw8822b_config_trx_mode,
 * rtw8822b_phy_rfe_init, rtw8822b_toggle_igi; phy.c rtw_phy_load_tables),
 * then what rtw88 main.c rtw_power_on does once the BB is up: the
 * firmware's information H2Cs and WLAN's antenna (rtl8822b_coex.c). RF
 * registers are reached through hal/halmac (window 0x2800/0x2C00, LSSI
 * 0xC90/0xE90, in the chip data).
 */
#include "hal/common/bb_table_row.h"
#include "hal/rtl8822b/rtl8822b.h"
#include "hal/rtl8822b/rtl8822b_tables.h"

#define REG_RXPSEL JAGUAR2_REG_RXPSEL
#define REG_TXPSEL 0x080C
#define REG_HTSTFWT 0x0800
#define REG_MRC 0x0850
#define REG_CDDTXP 0x093C
#define REG_TXPSEL1 0x0940
#define REG_ADCINI 0x0A04
#define REG_RXDESC 0x0A2C
#define REG_AGCTR_A 0x0C08
#define REG_AGCTR_B 0x0E08
#define REG_RXIGI_A 0x0C50
#define REG_RXIGI_B 0x0E50
#define REG_ANTWT 0x1904
#define RF_LUTWA 0x33
#define RF_LUTWD1 0x3E
#define RF_LUTWD0 0x3F
#define RF_LUTWE 0xEF
#define RF_ALL 0xFFFFFu
#define LUT_TRIES 100u

/* BB path bits (rtw88 enum rtw_bb_path): A 1, B 2. A 1T1R die uses A. */
static uint32_t paths_of(const struct dvr_chip *chip)
{
	return chip->id.is_1t1r ? 0x1 : 0x3;
}

void rtl8822b_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out)
{
	/* Jaguar2 8822B: the generation's rule, RFE option exactly equal
	 * (the package is 0 on this chip: rtw8822b read_efuse sets none). */
	halmac_phy_cond(chip, out);
}

/* rtw88 phy.c rtw_phy_load_tables: MAC, BB, AGC, then the RF table of
 * each path, A before B (rtw8822b hw_spec rf_tbl). */
static int load_tables(struct dvr_chip *chip)
{
	struct dvr_phy_cond c;
	struct dvr_io *io = chip->io;
	struct halmac_rf_ctx a = { chip, 0 }, b = { chip, 1 };
	int st;

	rtl8822b_phy_cond(chip, &c);
	if ((st = dvr_chip_table_load(chip, "MAC", rtl8822b_mac,
	                              rtl8822b_mac_len, &c, dvr_mac_table_row,
	                              io)) != DVR_OK ||
	    (st = dvr_chip_table_load(chip, "BB", rtl8822b_bb, rtl8822b_bb_len,
	                              &c, dvr_bb_table_row, io)) != DVR_OK ||
	    (st = dvr_chip_table_load(chip, "AGC", rtl8822b_agc,
	                              rtl8822b_agc_len, &c, dvr_bb_table_row,
	                              io)) != DVR_OK ||
	    (st = dvr_chip_table_load(chip, "RF A", rtl8822b_rf_a,
	                              rtl8822b_rf_a_len, &c, halmac_rf_row,
	                              &a)) != DVR_OK)
		return st;
	/* a 1T1R die has no path B to load (rtw88 loads rf_path_num) */
	if (chip->id.is_1t1r)
		return DVR_OK;
	return dvr_chip_table_load(chip, "RF B", rtl8822b_rf_b,
	                           rtl8822b_rf_b_len, &c, halmac_rf_row, &b);
}

/* Nudge the initial gain index down and back on both paths, and the RX
 * path select off and on, so the AGC re-settles after the baseband
 * changed under it (rtw88 rtw8822b_toggle_igi). */
void rtl8822b_toggle_igi(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	uint32_t igi = dvr_r32_mask(io, REG_RXIGI_A, 0x7F);
	uint32_t rx = paths_of(chip);

	dvr_w32_mask(io, REG_RXIGI_A, 0x7F, igi - 2);
	dvr_w32_mask(io, REG_RXIGI_A, 0x7F, igi);
	dvr_w32_mask(io, REG_RXIGI_B, 0x7F, igi - 2);
	dvr_w32_mask(io, REG_RXIGI_B, 0x7F, igi);
	dvr_w32_mask(io, REG_RXPSEL, 0xFF, 0);
	dvr_w32_mask(io, REG_RXPSEL, 0xFF, rx | rx << 4);
}

/* The RF mode table entry rtw88 writes on path A through the LUT: it
 * first makes sure the LUT takes writes (RF 0x33 reads back what was
 * written), at most 100 tries. */
static int rf_mode_table(struct dvr_chip *chip)
{
	bool taken = false;

	for (unsigned i = 0; i < LUT_TRIES && !taken; i++) {
		halmac_rf_write(chip, 0, RF_LUTWE, RF_ALL, 0x80000);
		halmac_rf_write(chip, 0, RF_LUTWA, RF_ALL, 0x00001);
		dvr_delay_us(2);
		taken = halmac_rf_read(chip, 0, RF_LUTWA, RF_ALL) == 0x00001;
		if (dvr_io_status(chip->io) != DVR_OK)
			return dvr_io_status(chip->io);
	}
	if (!taken)
		return dvr_chip_fail(chip, DVR_E_CHIP, "RF A 0x33 never read "
		                     "back 1: the RF mode table takes no "
		                     "writes");
	halmac_rf_write(chip, 0, RF_LUTWE, RF_ALL, 0x80000);
	halmac_rf_write(chip, 0, RF_LUTWA, RF_ALL, 0x00001);
	halmac_rf_write(chip, 0, RF_LUTWD1, RF_ALL, 0x00034);
	halmac_rf_write(chip, 0, RF_LUTWD0, RF_ALL, 0x4080C);
	halmac_rf_write(chip, 0, RF_LUTWE, RF_ALL, 0x00000);
	halmac_rf_write(chip, 0, RF_LUTWE, RF_ALL, 0x00000);
	return dvr_io_status(chip->io);
}

/*
 * rtw88 rtw8822b_config_trx_mode for its default antennas: TX on A+B
 * with one-stream frames and CCK on path A (is_tx2_path false), RX on
 * both; a 1T1R die on A. rtw88 aborts the rest of it when the RF mode
 * table takes no writes; we fail, the radio would be in an unknown mode.
 */
static int trx_mode(struct dvr_chip *chip, const struct dvr_chan_geometry *cca)
{
	struct dvr_io *io = chip->io;
	uint32_t tx = paths_of(chip), rx = paths_of(chip);
	bool one_tx = tx != 0x3, one_rx = rx != 0x3;

	/* RF mode of the AGC per path: active path 0x3231, idle 0x1111 */
	dvr_w32_mask(io, REG_AGCTR_A, 0xFFFF, (tx | rx) & 1 ? 0x3231 : 0x1111);
	dvr_w32_mask(io, REG_AGCTR_B, 0xFFFF, (tx | rx) & 2 ? 0x3231 : 0x1111);
	dvr_w32_mask(io, REG_CDDTXP, 0x000C0000, 0x3);
	dvr_w32_mask(io, REG_TXPSEL, 0x30000000, 0x1);
	dvr_w32_mask(io, REG_TXPSEL, 0x40000000, 0x1);
	/* one-stream frames and CCK on path A */
	dvr_w32_mask(io, REG_CDDTXP, 0xFFF00000, 0x001);
	dvr_w32_mask(io, REG_ADCINI, 0xF0000000, 0x8);
	dvr_w32_mask(io, REG_TXPSEL1, 0xFFF0, one_tx ? 0x01 : 0x43);
	dvr_w32_mask(io, REG_TXPSEL, 0xFF, tx | tx << 4);
	dvr_w32_mask(io, REG_RXDESC, 1u << 22, 0);
	dvr_w32_mask(io, REG_RXDESC, 1u << 18, 0);
	/* CCK RX on A, OFDM RX on the paths */
	dvr_w32_mask(io, REG_ADCINI, 0x0F000000, 0x0);
	dvr_w32_mask(io, REG_RXPSEL, 0xFF, rx | rx << 4);
	dvr_w32_mask(io, REG_ANTWT, 1u << 16, !one_rx);
	dvr_w32_mask(io, REG_HTSTFWT, 1u << 28, !one_rx);
	dvr_w32_mask(io, REG_MRC, 1u << 23, !one_rx);
	int st = rf_mode_table(chip);
	if (st != DVR_OK)
		return st;
	rtl8822b_toggle_igi(chip);
	rtl8822b_set_cca(chip, cca);
	rtl8822b_set_rfe_pins(chip, cca->is_5g);
	return dvr_io_status(io);
}

int rtl8822b_config_trx_mode(struct dvr_chip *chip,
                             const struct dvr_chan_geometry *cca)
{
	int st = trx_mode(chip, cca);

	if (st != DVR_OK && chip->error[0] == '\0')
		return dvr_chip_fail(chip, st, "USB error setting the TRX "
		                     "mode");
	return st;
}

/* RFE control pins (rtw88 rtw8822b_phy_rfe_init): chip top mux (PAPE /
 * LNA_ON from WL, the WL RFE pins 4/5), the pins taken from the S0/S1
 * controls and driven as outputs. */
static void rfe_init(struct dvr_io *io)
{
	dvr_w32_mask(io, 0x0064, 0x30000000, 0x3);
	dvr_w32_mask(io, 0x004C, 0x06000000, 0x0);
	dvr_w32_mask(io, 0x0040, 0x00000004, 0x1);
	dvr_w32_mask(io, 0x1990, 0x3F, 0x30);
	dvr_w32_mask(io, 0x1990, 0xC00, 0x3);
	dvr_w32_mask(io, 0x0974, 0x3F, 0x3F);
	dvr_w32_mask(io, 0x0974, 0xC00, 0x3);
}

int rtl8822b_phy_init(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;
	int st;

	/* BB and RF power (BB reset off, RF enable, BB/RF domain on) */
	dvr_set8(io, 0x0002, 0x03);
	dvr_set8(io, 0x001F, 0x07);
	dvr_set32(io, 0x00EC, (1u << 26) | (1u << 25) | (1u << 24));
	if ((st = jaguar2_phy_load(chip, load_tables)) != DVR_OK)
		return st;
	dvr_set32(io, JAGUAR2_REG_RXPSEL, JAGUAR2_RX_PSEL_RST);
	/* rtw88 sets the TRX mode before any channel: CCA of channel 1 at
	 * 20 MHz, 2.4 GHz pins. */
	const struct dvr_chan_geometry ch1 = { .primary = 1, .center = 1,
		                               .bw_mhz = 20 };
	if ((st = rtl8822b_config_trx_mode(chip, &ch1)) != DVR_OK)
		return st;
	/* rtw88 phy.c rtw_phy_init: the EDCCA set-up (chip data) */
	halmac_edcca_init(chip);
	rfe_init(io);
	rtl8822b_pwrtrack_init(chip);
	/* the RF words a hop would write are the powered-off chip's */
	if (rtl8822b_priv(chip))
		jaguar2_hop_forget(&rtl8822b_priv(chip)->hop);
	/*
	 * rtw88's beamforming set-up (rtw8822b_phy_bf_init) is left out: it
	 * configures sounding and MU-MIMO for an associated station, which
	 * a monitor/injection radio never is (the RTL8822CU here leaves it
	 * out too).
	 */
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during PHY init");
	if ((st = halmac_fw_send_info(chip)) != DVR_OK)
		return st;
	return rtl8822b_coex_wlan_only(chip);
}

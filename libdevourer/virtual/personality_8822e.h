/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822E (RTL8812EU / RTL8822EU) personality of the chip model: a
 * second 8822C-class Jaguar3 die on the layer the 3081-CPU chips share
 * (personality_3081.h). Its USB transport, MAC, firmware path and
 * descriptors are the layer's, as on the 8822C; what is its own is
 * board-facing. One file per part: personality_8822e.c (identity,
 * constants, the personality table), _efuse.c (the OTP, its power cut
 * and burst read, its contents and boards), _fw.c (what its firmware
 * answers to H2C), _phy.c (RF access, tuning, the NCTL handshake),
 * _calib.c (the DACK engines in the AFE banks, the NCTL steps' results,
 * gap-K and DPK-bypass read-backs, and what a radio without them
 * loses),
 * _thermal.c (thermal meters, AACK + RTK LC-tank calibration),
 * _frontend.c (RFE pins, the DPDT pin-mux, the RX DMA's aggregation
 * rule: what reaches the air and bulk IN), _txpwr.c (TX AGC, chains,
 * power and quality on the air), _rxgain.c (AGC table and baseband
 * filter on RX), _rx.c (its PHY status).
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8822E_H
#define DVR_PERSONALITY_8822E_H

#include "libdevourer/virtual/personality_3081.h"

/* How long the LC-tank engines take (no reference measures them; the
 * model's choice, inside the vendor's budget of 100 polls 1 ms apart,
 * rtl88x2eu halrf_8822e.c _phy_aac_calibrate_8822e,
 * _phy_rt_calibrate_8822e, and longer than its first 1 ms wait). */
#define P8822E_AACK_NS 2000000u
#define P8822E_RTK_NS 5000000u

struct p8822e_state {
	struct p3081_state base; /* first: the shared layer's */

	uint8_t primary_sc;   /* BB primary sub-channel index */
	/* the OTP read engine's own generator (a read without burst mode
	 * sometimes fails), apart from the air's */
	uint64_t otp_noise;
	uint8_t otp_pending;  /* the byte of the OTP read in progress */
	/* when the AACK (RF A 0xC9 bit 5) and RTK (RF A 0xCE bit 11)
	 * engines the driver last started are through */
	uint64_t aack_done_ns, rtk_done_ns;
	/* what the TX AGC took while its gate (0x1C90 bit 15) was open:
	 * per path CCK and OFDM references, per rate code the difference */
	uint8_t txagc_cck[2], txagc_ofdm[2];
	int8_t txagc_diff[0x54];
	/* a one-stream HT MCS0 frame on both chains stalled the TX DMA */
	bool tx_stalled;
	/* personality_8822e_calib.c: the calibration engines' state */
	struct {
		uint64_t noise;          /* its own generator */
		uint32_t ctl[2][3];      /* AFE bank 0x04/0x0C/0x1C as held */
		bool bank_ok[2];         /* bank base bit 17: the verdict */
		bool msb_ok[2];          /* MSB step ran set up */
		bool dac_ran[2], dac_good[2];
		bool iqk_tx[2], iqk_rx[2];   /* IQ correction in place */
		uint32_t matrix[2][2];   /* 0x1B38/0x1B3C of each path */
		uint8_t shown_page;      /* whose matrices 0x1B38/3C show */
		bool gapk_measured[2];
		uint16_t gapk_rows[2][3];    /* 5 GHz gain rows rewritten */
		bool dpk_bypass[2];
		bool prog_tail, prog_loaded; /* NCTL program loaded */
	} cal;
};

/* A board of the model (board=), what the EFUSE and the front end make
 * of it. */
struct p8822e_board {
	const char *name;
	bool blank;               /* the OTP was never burnt */
	/* its 2.4 GHz TX airs energy no receiver decodes */
	bool tx_2g_undecodable;
};

static inline struct p8822e_state *p8822e_of(const struct vchip *vc)
{
	return (struct p8822e_state *)vc->pstate;
}

/* personality_8822e_efuse.c */
void p8822e_efuse_build(struct vchip *vc); /* vc->mac_addr set before */
/* board= names (the EFUSE variants), default first */
extern const char *const p8822e_boards[];
/* the OTP read port (p3081_chip hooks) */
void p8822e_efuse_ctrl_written(struct vchip *vc);
void p8822e_efuse_catch_up(struct vchip *vc, uint64_t now);
/* the board vc->cfg.board names (the default when none) */
const struct p8822e_board *p8822e_board_of(const struct vchip *vc);
/* the board's RFE type (logical 0xCA as burnt; 0xFF blank) */
uint8_t p8822e_rfe(const struct vchip *vc);

/* personality_8822e_fw.c: the firmware's answers (p3081_chip hooks) */
void p8822e_h2c_command(struct vchip *vc, const uint8_t *cmd);
void p8822e_h2c_packet(struct vchip *vc, unsigned sub, const uint8_t *p,
                       size_t len);

/* personality_8822e_phy.c: the values its tables leave */
extern const struct p3081_tables p8822e_tables;
bool p8822e_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
void p8822e_phy_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_8822e_thermal.c: RF register @p reg of @p path is written
 * (@p old what it held, @p v the new 20-bit value); returns what it holds
 * afterwards. And the busy bits of the engines it runs, ORed into a
 * read of RF @p reg of @p path. */
uint32_t p8822e_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v);
uint32_t p8822e_thermal_rf_busy(const struct vchip *vc, unsigned path,
                                uint8_t reg);

/* personality_8822e_calib.c: the AFE banks' DACK engines, the NCTL
 * engine's results, the RF TX gain table read-back and the DPK bypass.
 * _reset at plug-in; _written after a host write (AFE banks, 0x1B04-
 * 0x1BDC, the NCTL page in 0x1B00); _nctl_go when a command's go bit is
 * written (false: the step fails, 0x1B08 bit 26); _rf_written after RF
 * @p reg of @p path took a value. */
void p8822e_calib_reset(struct vchip *vc);
void p8822e_calib_written(struct vchip *vc, uint16_t addr, size_t len);
bool p8822e_calib_nctl_go(struct vchip *vc, uint32_t cmd);
void p8822e_calib_rf_written(struct vchip *vc, unsigned path, uint8_t reg);
/* What the calibration state costs path @p path now, for the TX power
 * and air models to add: the TX gain in dB (0, or -12 on 5 GHz while
 * the tuned band's gain table has not been corrected by TX gap-K), the
 * TX EVM/SNR loss in dB (DAC not calibrated 6, no TX IQ correction 8,
 * DPK neither trained nor bypassed 3) and the RX SNR loss in dB (ADC DC
 * not compensated 3, no RX IQ correction 6). */
int p8822e_calib_tx_gain_db(const struct vchip *vc, unsigned path);
int p8822e_calib_tx_evm_loss_db(const struct vchip *vc, unsigned path);
int p8822e_calib_rx_snr_loss_db(const struct vchip *vc, unsigned path);

/* personality_8822e_frontend.c (p3081_chip hooks, and what the PHY
 * status reports of path B) */
bool p8822e_tx_front_end(const struct vchip *vc);
bool p8822e_rx_delivers(const struct vchip *vc);
bool p8822e_rx_flushes_empty(const struct vchip *vc);
bool p8822e_path_b_antenna(const struct vchip *vc);
/* whether RF path @p path is tuned as path A (its RF 0x18 channel, band
 * and bandwidth bits the same) and on */
bool p8822e_path_tuned(const struct vchip *vc, unsigned path);

/* personality_8822e_txpwr.c: the TX AGC takes a host write of
 * [addr, addr+len) when its gate is open; the power, chains and quality
 * of a frame about to air (vchip_personality tx_radio); the TX DMA
 * stalled by a one-stream frame on both chains (p3081_chip tx_stalled),
 * until the MAC powers down (p3081_chip mac_power) */
void p8822e_txagc_written(struct vchip *vc, uint16_t addr, size_t len);
void p8822e_tx_radio(struct vchip *vc, struct air_frame_hdr *h);
bool p8822e_tx_stalled(const struct vchip *vc);
void p8822e_mac_power(struct vchip *vc, bool on);

/* personality_8822e_rxgain.c: the SNR the receive chains lose on a frame
 * (vchip_personality rx_desense_db) */
int p8822e_rx_desense_db(const struct vchip *vc,
                         const struct air_frame_hdr *h);

/* personality_8822e_rx.c: the Jaguar3 PHY status (p3081_chip hook) */
void p8822e_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p);

#endif /* DVR_PERSONALITY_8822E_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8812AU: USB ids, chip data and the ops table. What the Jaguar1 family
 * does one way is the family's (hal/jaguar1/); the 8812A's own ops are in
 * the other files of this directory, one job each.
 */
#include "hal/common/carrier_sense.h"
#include "hal/common/fw_8051.h"
#include "hal/common/pwr_seq.h"
#include "hal/common/queue_layout.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_tables.h"

/* Every VID:PID the 8812A HAL drives (rtw88 rtw8812au.c table plus the
 * vendor's 2357:0115), and the two RTL8811AU ids 0bda:0811/0bda:a811:
 * rtw88 and the vendor driver give those to their 8821A code, while
 * OpenIPC devourer (src/jaguar1/EepromManager.cpp is_rtl8821a_pid) finds
 * the 8812A die bonded with one path behind them. Both dies ship under
 * them; a chip listed earlier in the registry with a probe of its chip id
 * takes its own die and leaves the 8812A's here. */
static const struct dvr_usb_id rtl8812a_usb_ids[] = {
	{ 0x0bda, 0x8812 }, { 0x0bda, 0x881a }, { 0x0bda, 0x881b },
	{ 0x0bda, 0x881c }, { 0x0409, 0x0408 }, { 0x0411, 0x025d },
	{ 0x04bb, 0x0952 }, { 0x050d, 0x1106 }, { 0x050d, 0x1109 },
	{ 0x0586, 0x3426 }, { 0x0789, 0x016e }, { 0x07b8, 0x8812 },
	{ 0x0846, 0x9051 }, { 0x0b05, 0x17d2 }, { 0x0df6, 0x0074 },
	{ 0x0e66, 0x0022 }, { 0x1058, 0x0632 }, { 0x13b1, 0x003f },
	{ 0x148f, 0x9097 }, { 0x1740, 0x0100 }, { 0x2001, 0x330e },
	{ 0x2001, 0x3313 }, { 0x2001, 0x3315 }, { 0x2001, 0x3316 },
	{ 0x2019, 0xab30 }, { 0x20f4, 0x805b }, { 0x2357, 0x0101 },
	{ 0x2357, 0x0103 }, { 0x2357, 0x010d }, { 0x2357, 0x010e },
	{ 0x2357, 0x010f }, { 0x2357, 0x0115 }, { 0x2357, 0x0122 },
	{ 0x2604, 0x0012 }, { 0x7392, 0xa822 }, { 0x0bda, 0x0811 },
	{ 0x0bda, 0xa811 },
};

/*
 * 8051 reset, 0x1D bit 3 being the 8812A's CPU reset release (the 8821A
 * uses bit 0): 0x1C bit 1 off, reset asserted, CPU off, 0x1C bit 1 off
 * again, reset released, CPU on (rtw88 rtw88xxa.c rtw88xxa_reset_8051).
 */
#define RESET_ROW(reg, mask, value) \
	{ (reg), 0xFF, DVR_PWR_INTF_USB, DVR_PWR_BASE_MAC, DVR_PWR_CMD_WRITE, \
	  (mask), (value) }
static const struct dvr_pwr_cmd rtl8812a_cpu_reset_rows[] = {
	RESET_ROW(0x001C, 0x02, 0x00),
	RESET_ROW(0x001D, 0x08, 0x00),
	RESET_ROW(0x0003, 0x04, 0x00),
	RESET_ROW(0x001C, 0x02, 0x00),
	RESET_ROW(0x001D, 0x08, 0x08),
	RESET_ROW(0x0003, 0x04, 0x04),
	{ 0, 0, 0, 0, DVR_PWR_CMD_END, 0, 0 },
};
static const struct dvr_pwr_cmd *const rtl8812a_cpu_reset[] = {
	rtl8812a_cpu_reset_rows, NULL,
};

/* Image: 32-byte header whose signature is 0x950x, at most 32 KiB of code
 * (vendor FW_SIZE_8812), written in 4 KiB pages at 0x1000 (rtw88 fw.h
 * DLFW_PAGE_SIZE_LEGACY, FW_START_ADDR_LEGACY). */
static const struct dvr_fw_8051_spec rtl8812a_fw = {
	.hdr_len = 32,
	.max_code = 0x8000,
	.page_size = 4096,
	.window = 0x1000,
	.sig_mask = 0xFFF0,
	.sig_value = 0x9500,
	.cpu_reset = rtl8812a_cpu_reset,
};

/*
 * TX FIFO of 256 pages of 512 bytes, the last 9 kept for the driver
 * (boundary 0xF7); RX FIFO 16128 bytes less 128 for reports (rtw88
 * rtw8812a.c page_table_8812a, rqpn_table_8812a, rxff_size). One bulk OUT
 * endpoint, which no rtw88 table covers, puts every queue on HIGH: the
 * only one that endpoint feeds.
 */
static const struct dvr_queue_layout rtl8812a_queues = {
	.page_size = 512,
	.tx_pages = 256,
	.rsvd_pages = 9,
	.rxff_size = 16128,
	.rx_report_size = 128,
	.rqpn = {
		[1] = DVR_RQPN(HIGH, HIGH, HIGH, HIGH, HIGH, HIGH),
		[2] = DVR_RQPN(HIGH, HIGH, NORMAL, NORMAL, HIGH, HIGH),
		[3] = DVR_RQPN(HIGH, NORMAL, LOW, LOW, HIGH, HIGH),
		[4] = DVR_RQPN(NORMAL, NORMAL, LOW, LOW, EXTRA, HIGH),
	},
	.pages = {
		[1] = { 16, 0, 0, 0, 1 },
		[2] = { 16, 0, 0, 0, 1 },
		[3] = { 16, 0, 16, 0, 1 },
		[4] = { 16, 0, 16, 0, 1 },
	},
};

/* Reset RF paths A and B after a U2/U3 switch (rtw88 rtw88xxa.c
 * rtw88xxa_power_on, 8812A on USB). */
static const struct jaguar1_byte_write rtl8812a_pre_power[] = {
	{ 0x001F, 0x05 }, { 0x001F, 0x07 }, { 0x0076, 0x05 }, { 0x0076, 0x07 },
};

static const struct jaguar1_data rtl8812a_family = {
	.pre_power_writes = rtl8812a_pre_power,
	.n_pre_power_writes = sizeof rtl8812a_pre_power /
	                      sizeof rtl8812a_pre_power[0],
	.mac_table = rtl8812a_mac,
	.mac_table_len = &rtl8812a_mac_len,
	.set_pbp = true,
	.pbp = 0x30,                 /* TX pages 512 B (3), RX code 0 */
	.ampdu_max_time = 0x70,
	.mac_quirks = rtl8812a_mac_quirks,
	.cck_rx_power = rtl8812a_cck_rx_power,
	.band_regs = rtl8812a_band_regs,
	.fix_spur = rtl8812a_fix_spur,
	/* the unlinked DIG floor (see jaguar1_channel.c) */
	.igi_unlinked = 0x1C,
	.calibrate_channel = rtl8812a_phy_calibration,
	.txpwr = &rtl8812a_txpwr,
	.pwrtrk_tables = rtl8812a_pwrtrk_tables,
	.cck_default_index = 24,     /* rtw88 rtw88xxa_pwrtrack_init */
	.lck = rtl8812a_lck,
	.iqk = rtl8812a_iqk,
};

static const struct dvr_chip_ops rtl8812a_ops = {
	.identify = rtl8812a_identify,
	.power_on = jaguar1_power_on,
	.download_firmware = jaguar1_download_firmware,
	.mac_init = jaguar1_mac_init,
	.phy_init = rtl8812a_phy_init,
	.set_monitor = jaguar1_set_monitor,
	.set_carrier_sense = dvr_set_carrier_sense,
	.set_channel = jaguar1_set_channel,
	.calibrate = rtl8812a_calibrate,
	.set_tx_power = jaguar1_set_tx_power,
	.calibrated_tx_power = jaguar1_calibrated_tx_power,
	.track = jaguar1_track,
	.wait_tx_idle = jaguar1_wait_tx_idle,
	.power_off = jaguar1_power_off,
	.tx_out_index = jaguar1_tx_out_index,
	.build_tx_desc = jaguar1_build_tx_desc,
	.check_tx_vector = jaguar1_check_tx_vector,
	.parse_rx_pkt = jaguar1_parse_rx_pkt,
};

const struct dvr_chip_info rtl8812a_info = {
	.name = "RTL8812AU",
	.usb_ids = rtl8812a_usb_ids,
	.n_usb_ids = sizeof rtl8812a_usb_ids / sizeof rtl8812a_usb_ids[0],
	.fw_file = "rtw8812a_fw.bin",
	.tx_desc_len = JAGUAR1_TX_DESC_LEN,
	.rx_desc_len = JAGUAR1_RX_DESC_LEN,
	.rx_agg_align = 8,
	/*
	 * Largest MPDU without FCS: a VHT MPDU may be 11454 bytes with FCS
	 * (the limit RX_PKT_LIMIT 0x18 is set for). It fits easily: the
	 * 8812A carries one frame per bulk OUT and the vendor/rtw88 transfer
	 * buffer is 20480 bytes (40 + 11450 < 20480), and the TX FIFO keeps
	 * >= 214 public 512-byte pages (107 KiB) for it. Rates whose PPDU
	 * cannot carry that much (legacy: L-SIG length <= 4095 with FCS) are
	 * refused per frame by build_tx_desc.
	 */
	.max_tx_frame = RTL8812A_MAX_RX_FRAME - 4,
	.max_rx_pkt = JAGUAR1_RX_DESC_LEN + RTL8812A_PHY_STATUS_LEN +
	              RTL8812A_MAX_RX_FRAME,
	.rf_paths = 2,
	.max_nss = 2,
	.max_bw_mhz = 80,
	.has_5ghz = true,
	/* The 40-byte descriptor carries DATA_STBC and DATA_LDPC (rtw88
	 * tx.h) and the 2T2R baseband sends both: the vendor driver fills
	 * them for data frames (aircrack-ng rtl8812au rtl8812au_xmit.c
	 * update_txdesc) and OpenIPC devourer for injected ones
	 * (RtlJaguarDevice.cpp build_tx_block). */
	.tx_stbc = true,
	.tx_ldpc = true,
	.preferred_tx_mode = DVR_TX_ASYNC,
	/*
	 * With no power set, the core applies the calibrated level of the
	 * channel (jaguar1_calibrated_tx_power). 32 is only what stands
	 * in when there is no channel to calibrate for: mid-scale of the
	 * 6-bit index (steps of about 0.5 dB), below the values boards are
	 * calibrated to, so it cannot overdrive an external PA.
	 */
	.default_tx_power = 32,
	/* 6-bit TXAGC index (rtw88 rtw_chip_info.txgi_max is 63 for
	 * this chip) counting 0.5 dB steps, the unit rtw88 phy.c keeps
	 * its by-rate and limit tables in. */
	.tx_power_min = 0,
	.tx_power_max = 63,
	.tx_power_step_mbm = 50,
	.tx_agg_max = 1,
	.ops = &rtl8812a_ops,
	.fw_kind = DVR_FW_8051_PAGES,
	.fw_8051 = &rtl8812a_fw,
	.pwr_on_flow = rtl8812a_card_enable_flow,
	.pwr_off_flow = rtl8812a_card_disable_flow,
	.pwr_lps_flow = rtl8812a_enter_lps_flow,
	.queues = &rtl8812a_queues,
	.phy_status_len = RTL8812A_PHY_STATUS_LEN,
	.efuse_log_size = RTL8812A_EFUSE_SIZE,
	.family_data = &rtl8812a_family,
};

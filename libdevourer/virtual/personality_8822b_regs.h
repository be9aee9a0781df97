/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register addresses and bits of the RTL8822B (Jaguar2) as the chip model
 * sees them, beyond those of the 3081-CPU layer
 * (personality_3081_regs.h): its BB/RF access paths, the BB fields that
 * select the channel, the calibration report. The model's own list, kept
 * apart from the HAL's on purpose: the two meet only at the USB
 * interface. Sources: rtw88 rtw8822b.c, rtw8822b.h, phy.c, reg.h
 * (lwfinger/rtw88). Every name carries the personality's prefix,
 * P8822B_.
 */
#ifndef DVR_PERSONALITY_8822B_REGS_H
#define DVR_PERSONALITY_8822B_REGS_H

/* RF access (rtw88 rtw8822b.c hw_spec rf_base_addr, rf_sipi_addr; phy.c
 * rtw_phy_read_rf, rtw_phy_write_rf_reg_sipi) */
#define P8822B_RF_WIN_A 0x2800    /* read window: base + (reg << 2) */
#define P8822B_RF_WIN_B 0x2C00
#define P8822B_RF_WIN_SIZE 0x400  /* 256 registers */
#define P8822B_LSSI_A 0x0C90      /* 3-wire write: [27:20] reg, [19:0] data */
#define P8822B_LSSI_B 0x0E90

/* BB: bandwidth [1:0] and primary 20 MHz sub-channel [5:2] (rtw88
 * rtw8822b.c rtw8822b_set_channel_bb, REG_ADCCLK) */
#define P8822B_ADCCLK 0x08AC

/* IQK report the firmware leaves (rtw88 rtw8822b.h REG_IQKFAILMSK): bit
 * 16 a previous result was reloaded, [7:0] paths that failed */
#define P8822B_IQK_FAILMSK 0x1BF0

/* RF registers (rtw88 reg.h) */
#define P8822B_RF_DTXLOK 0x08     /* IQK done: firmware writes 0xABCDE */
#define P8822B_RF_CFGCH 0x18      /* channel, band, bandwidth; bit 15 LCK */
#define P8822B_RF_T_METER 0x42    /* [17:16] = 3 measures, [15:10] reading */

#endif /* DVR_PERSONALITY_8822B_REGS_H */

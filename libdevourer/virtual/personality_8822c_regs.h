/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register addresses and bits of the RTL8822C (Jaguar3) as the chip model
 * sees them, beyond those of the 3081-CPU layer
 * (personality_3081_regs.h): its BB/RF and calibration registers. The
 * model's own list, kept apart from the HAL's on purpose: the two meet
 * only at the USB interface. Sources: rtw88 reg.h, rtw8822c.h, phy.c
 * (lwfinger/rtw88). Every name carries the personality's prefix,
 * P8822C_.
 */
#ifndef DVR_PERSONALITY_8822C_REGS_H
#define DVR_PERSONALITY_8822C_REGS_H

/* firmware RFK handshake (rtw88 rtw8822c.c rtw8822c_rfk_handshake) */
#define P8822C_WL_RFK 0x049C        /* bit 0: firmware RFK handshake ack */
#define P8822C_BT_RFK_STATUS 0x00A8 /* [22:21]: BT IQK running */

/* BB / RF (rtw88 rtw8822c.h, phy.c) */
#define P8822C_RF_WIN_A 0x3C00      /* direct RF window: base + (reg << 2) */
#define P8822C_RF_WIN_B 0x4C00
#define P8822C_LSSI_A 0x1808        /* SI write port (needed for RF 0x00) */
#define P8822C_LSSI_B 0x4108
#define P8822C_IQK_STATUS 0x2D9C    /* byte: 0xAA once firmware IQK is done */
#define P8822C_DACK_SAMPLE 0x2DBC   /* [21:12] I, [9:0] Q ADC sample */
#define P8822C_DACK_RD_A 0x2800     /* DACK read-back block, path A */
#define P8822C_DACK_RD_B 0x4500
#define P8822C_DACK_WR_A 0x1800     /* DACK control block, path A */
#define P8822C_DACK_WR_B 0x4100
#define P8822C_NCTL0 0x1B00         /* calibration engine command; +1 = go */
#define P8822C_STAT_RPT 0x1BFC      /* bit 31: one-shot report ready */

#endif /* DVR_PERSONALITY_8822C_REGS_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register addresses and bits of the RTL8821C (Jaguar2, 1T1R) as the chip
 * model sees them, beyond those of the 3081-CPU layer
 * (personality_3081_regs.h): its BB/RF, calibration, thermal and
 * coexistence registers. The model's own list, kept apart from the HAL's
 * on purpose: the two meet only at the USB interface. Sources: rtw88
 * reg.h, rtw8821c.h, rtw8821c.c, coex.c (lwfinger/rtw88); the vendor
 * wifi-only coex of the RTL8821C (halbtc8821cwifionly.c). Every name
 * carries the personality's prefix, P8821C_.
 */
#ifndef DVR_PERSONALITY_8821C_REGS_H
#define DVR_PERSONALITY_8821C_REGS_H

/* system block: the antenna switch's owner and pads (rtw88 reg.h) */
#define P8821C_LED_CFG 0x004C       /* bit 23 DPDT_SEL_EN, bit 24 WL_SEL */
#define P8821C_DPDT_SEL_EN (1u << 23) /* the MAC drives the switch */
#define P8821C_DPDT_WL_SEL (1u << 24) /* the WLAN side drives it */
#define P8821C_PAD_CTRL1 0x0064     /* bit 0: switch level the MAC drives */
#define P8821C_SYS_SDIO_CTRL 0x0070 /* bit 26: WLAN owns the GNT/path mux */
#define P8821C_LTE_MUX_CTRL_PATH (1u << 26)

/* BB (rtw88 rtw8821c.h, reg.h) */
#define P8821C_ADCCLK 0x08AC        /* [1:0] BB bandwidth, [5:2] primary */
#define P8821C_LSSI_A 0x0C90        /* SI write port: [27:20] reg, [19:0] */
#define P8821C_RFE_CTRL8 0x0CB4     /* [7:0] pin function, [31:28] level */
#define P8821C_RF_WIN_A 0x2800      /* direct RF read window */
#define P8821C_RF_WIN_B 0x2C00      /* (path B: absent on this 1T1R die) */
#define P8821C_IQKFAILMSK 0x1BF0    /* bit 16 reload, [7:0] failed paths */

/* the antenna switch's pin functions at 0xCB4 [7:0] (rtw88 rtw8821c.h
 * PTA_CTRL_PIN, DPDT_CTRL_PIN, ANTDIC_CTRL_PIN) */
#define P8821C_PIN_PTA 0x66
#define P8821C_PIN_BBSW 0x77
#define P8821C_PIN_ANTDIV 0x88

/* LTE-coex indirect register 0x38 (rtw88 reg.h LTE_COEX_CTRL, coex.c
 * rtw_coex_set_gnt_bt / _wl): GNT_BT [15:14] and [11:10], GNT_WL
 * [13:12] and [9:8]; each field 0 = hardware PTA, 1 = software low,
 * 3 = software high */
#define P8821C_LTE_COEX_CTRL 0x38

/* RF registers of path A (rtw88 reg.h) */
#define P8821C_RF_DTXLOK 0x08       /* 0xABCDE: the firmware's IQK is done */
#define P8821C_RF_CHNLBW 0x18
#define P8821C_RF_T_METER 0x42

#endif /* DVR_PERSONALITY_8821C_REGS_H */

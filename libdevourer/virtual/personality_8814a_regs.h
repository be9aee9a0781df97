/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A's own registers as the chip model sees them, beside the
 * 3081 layer's (personality_3081_regs.h): its moved BB/RF enables, the
 * four RF paths' LSSI write ports and direct read windows, the packed TX
 * power port, the RFE pin select and the CCK path field. The model's own
 * names (prefix P8814A_), from rtw88 reg.h / rtw8814a.c / rtw8814a.h and
 * the vendor rtl8814au driver's Hal8814PhyReg.h; nothing is shared with
 * the HAL.
 */
#ifndef DVR_PERSONALITY_8814A_REGS_H
#define DVR_PERSONALITY_8814A_REGS_H

/* system block */
#define P8814A_RF_CTRL_A 0x001F     /* [2:0] RF path A enable/resets */
#define P8814A_RF_CTRL_B 0x0020
#define P8814A_RF_CTRL_C 0x0021
#define P8814A_RF_CTRL_D 0x0076
#define P8814A_GPIO_MUXCFG_HI 0x0042 /* [7:6] RFE pins to the BB */
#define P8814A_SYS_CFG3 0x1000      /* bit 16 BB_RSTB, bit 17 BB_GLB_RST */

/* BB */
#define P8814A_RFMOD 0x08AC         /* [1:0] BB bandwidth */
#define P8814A_DATA_SC 0x0483       /* [3:0] TX primary sub-channel */
#define P8814A_CCK_PATH 0x0A04      /* [31:28] CCK TX path mask */
#define P8814A_CCK_CHECK 0x0454     /* bit 7: 5 GHz, CCK off */
#define P8814A_TXAGC_PORT 0x1998    /* packed per-rate TX power write */
#define P8814A_RFE_SEL 0x1994       /* [3:0] RFE pin source */
#define P8814A_NCTL_CMD 0x1B00      /* IQK engine: bit 0 one-shot busy */
#define P8814A_NCTL_STATUS 0x1B08   /* bit 26: the one-shot failed */
#define P8814A_NCTL_TX_IQC 0x1B38   /* selected path's TX IQ correction */
#define P8814A_NCTL_RX_IQC 0x1B3C   /* selected path's RX IQ correction */
#define P8814A_NCTL_LOK 0x1BFC      /* selected path's LOK result */

/* RF paths A-D: LSSI (3-wire) write ports and direct read windows
 * (rtw88 rtw8814a.c rtw8814a_hw_spec rf_sipi_addr, rf_base_addr) */
#define P8814A_LSSI_A 0x0C90
#define P8814A_LSSI_B 0x0E90
#define P8814A_LSSI_C 0x1890
#define P8814A_LSSI_D 0x1A90
#define P8814A_RF_WIN_A 0x2800
#define P8814A_RF_WIN_B 0x2C00
#define P8814A_RF_WIN_C 0x3800
#define P8814A_RF_WIN_D 0x3C00
#define P8814A_RF_WIN_SIZE 0x400    /* 256 registers x 4 bytes */

/* RF registers the model reads */
#define P8814A_RF_CFGCH 0x18        /* channel, band, RF bandwidth */
#define P8814A_RF_T_METER 0x42      /* thermal meter: [17:16] trigger */

/* logical EFUSE offsets (rtw88 rtw8814a.h struct rtw8814a_efuse) */
#define P8814A_EF_USB_MODE 0x0E     /* bit 4: USB3 switch allowed */
#define P8814A_EF_TXPWR 0x10        /* 4 paths x 42 bytes */
#define P8814A_EF_XTAL 0xB9
#define P8814A_EF_THERMAL 0xBA
#define P8814A_EF_SWING_2G 0xC6
#define P8814A_EF_SWING_5G 0xC7
#define P8814A_EF_TRX_ANT 0xC9
#define P8814A_EF_RFE 0xCA
#define P8814A_EF_USB_VID 0xD0
#define P8814A_EF_USB_PID 0xD2
#define P8814A_EF_USB_MAC 0xD8

#define P8814A_RF_PATHS 4u
#define P8814A_TX_DESC 40u
/* rate codes the TX power port indexes: CCK 1M (0x00) .. VHT 4SS MCS9
 * (0x53), rtw88 main.h enum rtw_trx_desc_rate */
#define P8814A_RATE_CODES 0x54u

#endif /* DVR_PERSONALITY_8814A_REGS_H */

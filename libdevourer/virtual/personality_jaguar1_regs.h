/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8812A's registers and sizes as the chip model uses them: the
 * model's own names, taken from the public references named at each
 * group (rtw88 reg.h / rtw8812a.c, the vendor driver aircrack-ng/rtl8812au
 * include/hal_com_reg.h and include/rtl8812a_hal.h), each with the
 * personality's prefix PJAGUAR1_. Nothing here is shared with the driver.
 */
#ifndef DVR_PERSONALITY_JAGUAR1_REGS_H
#define DVR_PERSONALITY_JAGUAR1_REGS_H

/* system block (always powered) */
#define PJAGUAR1_SYS_ISO_CTRL 0x00
#define PJAGUAR1_SYS_FUNC_EN 0x02    /* bits 0/1 BB reset/enable */
#define PJAGUAR1_SYS_FUNC_EN1 0x03   /* bit 2 CPU (8051) enable, bit 4 ELDR */
#define PJAGUAR1_APS_FSMCO 0x04
#define PJAGUAR1_SYS_CLKR 0x08       /* bit 5 LOADER_CLK_EN */
#define PJAGUAR1_9346CR 0x0A         /* SYS_EEPROM_CTRL */
#define PJAGUAR1_RF_CTRL 0x1F        /* path A RF enable/reset */
/* bit 23 DPDT_SEL_EN, bit 24 DPDT_WL_SEL */
#define PJAGUAR1_LED_CFG 0x4C
#define PJAGUAR1_WL_BT_PWR_CTRL 0x68 /* bit 18 BT_FUNC_EN */
#define PJAGUAR1_LDO_CTRL 0x23       /* bit 4 HPON LDO sleep */
#define PJAGUAR1_EFUSE_CTRL 0x30
#define PJAGUAR1_EFUSE_TEST 0x34     /* [9:8] bank select */
#define PJAGUAR1_RF_B_CTRL 0x76
#define PJAGUAR1_MCUFWDL 0x80
#define PJAGUAR1_MCUFWDL_PAGE 0x82   /* [2:0] download page */
#define PJAGUAR1_SYS_CFG 0xF0
#define PJAGUAR1_CHIP_ID 0xFC        /* SYS_CFG2 low byte */
#define PJAGUAR1_USB_STRAP 0xFF      /* SYS_CFG top byte: bit 7 = USB2 link */

/* MCUFWDL bits (rtw88 reg.h BIT_MCUFWDL_EN, BIT_MCUFWDL_RDY,
 * BIT_FWDL_CHK_RPT, BIT_WINTINI_RDY, BIT_RAM_DL_SEL) */
#define PJAGUAR1_FWDL_EN 0x01
#define PJAGUAR1_FWDL_RDY 0x02
#define PJAGUAR1_FWDL_CHK_RPT 0x04
#define PJAGUAR1_FWDL_WINTINI_RDY 0x40
#define PJAGUAR1_FWDL_RAM_DL_SEL 0x80

/* MAC block */
#define PJAGUAR1_CR 0x100
#define PJAGUAR1_TXDMA_PQ_MAP 0x10C
#define PJAGUAR1_LLT_INIT 0x1E0
#define PJAGUAR1_TDECTRL 0x208       /* [7:4] TX aggregate descriptor number */
#define PJAGUAR1_TXDMA_OFFSET_CHK 0x20C /* bit 9 DROP_DATA_EN */
#define PJAGUAR1_TXPKT_EMPTY 0x41A
#define PJAGUAR1_DATA_SC 0x483
#define PJAGUAR1_RCR 0x608
#define PJAGUAR1_RX_DRVINFO_SZ 0x60F
#define PJAGUAR1_MACID 0x610
#define PJAGUAR1_RXFLTMAP0 0x6A0     /* management subtypes */
#define PJAGUAR1_RXFLTMAP1 0x6A2     /* control subtypes */
#define PJAGUAR1_RXFLTMAP2 0x6A4     /* data subtypes */
#define PJAGUAR1_GNT_BT 0x765        /* [4:3] PTA_SW_CTL (rtw88 reg.h) */

/* BB block */
#define PJAGUAR1_AGC_TABLE 0x81C
#define PJAGUAR1_CCASEL 0x82C        /* bit 31: page C1 for 0xC00-0xEFF */
#define PJAGUAR1_RFMOD 0x8AC         /* [1:0] BB bandwidth */
#define PJAGUAR1_HSSI_READ_ADDR 0x8B0
#define PJAGUAR1_PATH_A_HSSI 0xC00
#define PJAGUAR1_IQK_COM64 0x980     /* bit 25 pulse: IQK one-shot */
#define PJAGUAR1_PATH_A_LSSI 0xC90
#define PJAGUAR1_RFE_CTRL8 0xCB4     /* [7:0] RFE pin 8/9 function */
#define PJAGUAR1_PATH_B_HSSI 0xE00
#define PJAGUAR1_PATH_B_LSSI 0xE90

/* The logical EFUSE map every Jaguar1 die shares (rtw88 rtw88xxa.h
 * struct rtw88xxa_efuse); the USB block (VID, PID, MAC) sits where the
 * die puts it (struct pjaguar1_efuse_board). */
#define PJAGUAR1_EF_RTL_ID 0x00
#define PJAGUAR1_EF_TXPWR 0x10       /* 42 bytes a path, paths A..D */
#define PJAGUAR1_EF_TXPWR_PATH_LEN 42
#define PJAGUAR1_EF_CHANNEL_PLAN 0xB8
#define PJAGUAR1_EF_XTAL 0xB9
#define PJAGUAR1_EF_THERMAL 0xBA
#define PJAGUAR1_EF_IQK_LCK 0xBB
#define PJAGUAR1_EF_PA_TYPE 0xBC
#define PJAGUAR1_EF_LNA_2G 0xBD
#define PJAGUAR1_EF_LNA_5G 0xBF
#define PJAGUAR1_EF_RF_BOARD 0xC1
#define PJAGUAR1_EF_RF_FEATURE 0xC2
#define PJAGUAR1_EF_RF_BT 0xC3
#define PJAGUAR1_EF_EEPROM_VER 0xC4
#define PJAGUAR1_EF_CUSTOMER 0xC5
#define PJAGUAR1_EF_BB_SWING_2G 0xC6
#define PJAGUAR1_EF_BB_SWING_5G 0xC7
#define PJAGUAR1_EF_TXPWR_CAL_RATE 0xC8
#define PJAGUAR1_EF_RF_ANT 0xC9
#define PJAGUAR1_EF_RFE 0xCA
#define PJAGUAR1_EF_COUNTRY 0xCB

/* sizes */
/* The physical array is addressed by 10 bits of REG_EFUSE_CTRL [17:8]:
 * the block-coded map fills the first 512 bytes, and a board's bonding
 * marks sit near the top (bytes 1018-1021, which rtw88 rtw88xxa.c
 * rtw88xxa_read_usb_type reads). */
#define PJAGUAR1_EFUSE_PHYS 1024u
#define PJAGUAR1_EFUSE_MAP_PHYS 512u /* block-coded part */
#define PJAGUAR1_EFUSE_LOG 512u
#define PJAGUAR1_FW_MAX 0x8000u      /* 32 KiB 8051 RAM code (FW_SIZE_8812) */
#define PJAGUAR1_FW_PAGE 0x1000u     /* download window page */
#define PJAGUAR1_TX_DESC 40u
#define PJAGUAR1_RX_DESC 24u
#define PJAGUAR1_RX_PHYST 32u
#define PJAGUAR1_RF_PATHS 2u         /* most paths a Jaguar1 chip has */
#define PJAGUAR1_C1_BASE 0xC00u      /* page C1 bank: 0xC00-0xEFF */
#define PJAGUAR1_C1_SIZE 0x300u

#endif /* DVR_PERSONALITY_JAGUAR1_REGS_H */

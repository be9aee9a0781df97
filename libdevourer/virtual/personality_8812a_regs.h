/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8812A's registers and sizes as the chip model uses them: the
 * model's own names, taken from the public references named at each
 * group (rtw88 reg.h / rtw8812a.c, the vendor driver aircrack-ng/rtl8812au
 * include/hal_com_reg.h and include/rtl8812a_hal.h), each with the
 * personality's prefix P8812A_. Nothing here is shared with the driver.
 */
#ifndef DVR_PERSONALITY_8812A_REGS_H
#define DVR_PERSONALITY_8812A_REGS_H

/* system block (always powered) */
#define P8812A_SYS_ISO_CTRL 0x00
#define P8812A_SYS_FUNC_EN 0x02       /* bits 0/1 BB reset/enable */
#define P8812A_SYS_FUNC_EN1 0x03      /* bit 2 CPU (8051) enable, bit 4 ELDR */
#define P8812A_APS_FSMCO 0x04
#define P8812A_SYS_CLKR 0x08          /* bit 5 LOADER_CLK_EN */
#define P8812A_9346CR 0x0A            /* SYS_EEPROM_CTRL */
#define P8812A_RF_CTRL 0x1F           /* path A RF enable/reset */
#define P8812A_LDO_CTRL 0x23          /* bit 4 HPON LDO sleep */
#define P8812A_EFUSE_CTRL 0x30
#define P8812A_EFUSE_TEST 0x34        /* [9:8] bank select */
#define P8812A_RF_B_CTRL 0x76
#define P8812A_MCUFWDL 0x80
#define P8812A_MCUFWDL_PAGE 0x82      /* [2:0] download page */
#define P8812A_SYS_CFG 0xF0
#define P8812A_CHIP_ID 0xFC           /* SYS_CFG2 low byte */
#define P8812A_USB_STRAP 0xFF         /* SYS_CFG top byte: bit 7 = USB2 link */

/* MCUFWDL bits (rtw88 reg.h BIT_MCUFWDL_EN, BIT_MCUFWDL_RDY,
 * BIT_FWDL_CHK_RPT, BIT_WINTINI_RDY, BIT_RAM_DL_SEL) */
#define P8812A_FWDL_EN 0x01
#define P8812A_FWDL_RDY 0x02
#define P8812A_FWDL_CHK_RPT 0x04
#define P8812A_FWDL_WINTINI_RDY 0x40
#define P8812A_FWDL_RAM_DL_SEL 0x80

/* MAC block */
#define P8812A_CR 0x100
#define P8812A_TXDMA_PQ_MAP 0x10C
#define P8812A_LLT_INIT 0x1E0
#define P8812A_TDECTRL 0x208          /* [7:4] TX aggregate descriptor number */
#define P8812A_TXDMA_OFFSET_CHK 0x20C /* bit 9 DROP_DATA_EN */
#define P8812A_TXPKT_EMPTY 0x41A
#define P8812A_DATA_SC 0x483
#define P8812A_RCR 0x608
#define P8812A_RX_DRVINFO_SZ 0x60F
#define P8812A_MACID 0x610
#define P8812A_RXFLTMAP0 0x6A0        /* management subtypes */
#define P8812A_RXFLTMAP1 0x6A2        /* control subtypes */
#define P8812A_RXFLTMAP2 0x6A4        /* data subtypes */

/* BB block */
#define P8812A_AGC_TABLE 0x81C
#define P8812A_CCASEL 0x82C           /* bit 31: page C1 for 0xC00-0xEFF */
#define P8812A_RFMOD 0x8AC            /* [1:0] BB bandwidth */
#define P8812A_HSSI_READ_ADDR 0x8B0
#define P8812A_PATH_A_HSSI 0xC00
#define P8812A_IQK_COM64 0x980        /* bit 25 pulse: IQK one-shot */
#define P8812A_PATH_A_LSSI 0xC90
#define P8812A_PATH_B_HSSI 0xE00
#define P8812A_PATH_B_LSSI 0xE90

/* sizes */
#define P8812A_EFUSE_PHYS 512u         /* physical = logical size */
#define P8812A_EFUSE_LOG 512u
#define P8812A_FW_MAX 0x8000u          /* 32 KiB 8051 RAM code (FW_SIZE_8812) */
#define P8812A_FW_PAGE 0x1000u         /* download window page */
#define P8812A_TX_DESC 40u
#define P8812A_RX_DESC 24u
#define P8812A_RX_PHYST 32u
#define P8812A_RF_PATHS 2u
#define P8812A_C1_BASE 0xC00u          /* page C1 bank: 0xC00-0xEFF */
#define P8812A_C1_SIZE 0x300u

#endif /* DVR_PERSONALITY_8812A_REGS_H */

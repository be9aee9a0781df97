/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register addresses and bits of the RTL8822C (Jaguar3) as the chip model
 * sees them. The model's own list, kept apart from the HAL's on purpose:
 * the two meet only at the USB interface. Sources: rtw88 reg.h,
 * rtw8822c.h, mac.c, fw.c, phy.c (lwfinger/rtw88). Every name carries
 * the personality's prefix, P8822C_.
 */
#ifndef DVR_PERSONALITY_8822C_REGS_H
#define DVR_PERSONALITY_8822C_REGS_H

/* system block (always powered, rtw88 usb.c rtw_usb_reg_sec) */
#define P8822C_SYS_FUNC_EN 0x0002   /* bits 1:0 BB reset release */
#define P8822C_SYS_FUNC_EN_HI 0x0003 /* bit 2: CPU (3081) enable */
#define P8822C_APS_FSMCO 0x0004     /* 0x05 bit 0 APFM_ONMAC, bit 1 OFFMAC */
#define P8822C_APS_PWR 0x0005
#define P8822C_PWR_STATUS 0x0006    /* bit 1 power ready, bit 0 WLON reset */
#define P8822C_RSV_CTRL 0x001C
#define P8822C_MCU_EN 0x001D        /* bit 0: platform CPU clock */
#define P8822C_RF_CTRL_A 0x001F     /* bits 2:0 RF path A enable/reset */
#define P8822C_EFUSE_CTRL 0x0030    /* [31] done, [17:8] address, [7:0] data */
#define P8822C_EFUSE_BANK 0x0034    /* [9:8] bank: 0 = WiFi */
#define P8822C_MCUFW_CTRL 0x0080
#define P8822C_PAD_CTRL2 0x00C4     /* USB2/USB3 mode switch */
#define P8822C_RF_CTRL_B 0x00EF     /* 0xEC bits 26:24 */
#define P8822C_SYS_CFG1 0x00F0
#define P8822C_SYS_STATUS1 0x00F4   /* 0xF5 bit 0: MAC was powered off */
#define P8822C_SYS_CFG2 0x00FC      /* chip id byte; 0xFF: link speed */

/* REG_MCUFW_CTRL bits (rtw88 reg.h) */
#define P8822C_FW_DL_EN (1u << 0)
#define P8822C_FW_IMEM_DW_OK (1u << 3)
#define P8822C_FW_IMEM_CHK_OK (1u << 4)
#define P8822C_FW_DMEM_DW_OK (1u << 5)
#define P8822C_FW_DMEM_CHK_OK (1u << 6)
#define P8822C_FW_DW_RDY (1u << 14)
#define P8822C_FW_INIT_RDY (1u << 15)

/* MAC block */
#define P8822C_CR 0x0100
#define P8822C_TXDMA_PQ_MAP 0x010C
#define P8822C_FIFOPAGE_CTRL2 0x0204 /* [11:0] bcn head page, bit 15 valid */
/* per DMA queue: [11:0] reserved pages (host), [27:16] available (chip);
 * HIGH, LOW, NORMAL, EXTRA (rtw88 rtw8822c.c prioq_addrs_8822c) */
#define P8822C_FIFOPAGE_INFO_1 0x0230
#define P8822C_H2C_PKT_RD 0x10D0
#define P8822C_H2C_PKT_WR 0x10D4
#define P8822C_H2C_CSR 0x1330
#define P8822C_RCR 0x0608
/* LTE-coex indirect port (rtw88 reg.h REG_LTECOEX_CTRL/_WRITE_DATA/
 * _READ_DATA; util.c ltecoex_read_reg, ltecoex_reg_write) */
#define P8822C_LTECOEX_CTRL 0x1700  /* [15:0] offset, bit 30 write, 29 ready */
#define P8822C_LTECOEX_WDATA 0x1704
#define P8822C_LTECOEX_RDATA 0x1708
#define P8822C_HMEBOX_STATUS 0x01CC /* bit n: mailbox n busy */
#define P8822C_HMEBOX0 0x01D0
#define P8822C_HMEBOX_EXT0 0x01F0
#define P8822C_C2HEVT 0x01A0
#define P8822C_WL_RFK 0x049C        /* bit 0: firmware RFK handshake ack */
#define P8822C_BT_RFK_STATUS 0x00A8 /* [22:21]: BT IQK running */

/* DDMA channel 0 (rtw88 reg.h REG_DDMA_CH0*) */
#define P8822C_DDMA_SA 0x1200
#define P8822C_DDMA_DA 0x1204
#define P8822C_DDMA_CTRL 0x1208
#define P8822C_DDMA_OWN (1u << 31)
#define P8822C_DDMA_CHKSUM_EN (1u << 29)
#define P8822C_DDMA_CHKSUM_ERR (1u << 27)
#define P8822C_DDMA_RST_CHKSUM (1u << 25)
#define P8822C_DDMA_CHKSUM_CONT (1u << 24)
#define P8822C_DDMA_LEN_MASK 0x3FFFFu

/* on-chip address spaces (rtw88 mac.h OCPBASE_*) */
#define P8822C_OCP_TXBUF 0x18780000u
#define P8822C_OCP_DMEM 0x00200000u
#define P8822C_OCP_IMEM 0x00030000u
#define P8822C_OCP_EMEM 0x00100000u

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

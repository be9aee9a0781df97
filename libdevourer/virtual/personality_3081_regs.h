/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Registers of the system and MAC blocks that the RTL8822B, RTL8821C and
 * RTL8822C (the 3081-CPU chips, HalMAC generation) lay out the same way,
 * as the chip model sees them: what personality_3081*.c drives, and what
 * a chip of that generation reads beside its own BB/RF registers
 * (personality_<chip>_regs.h). The model's own list, kept apart from the
 * HAL's on purpose: the two meet only at the USB interface. Sources:
 * rtw88 reg.h, mac.h, mac.c, fw.c, usb.c, util.c (lwfinger/rtw88). Every
 * name carries the layer's prefix, P3081_.
 */
#ifndef DVR_PERSONALITY_3081_REGS_H
#define DVR_PERSONALITY_3081_REGS_H

/* system block (always powered, rtw88 usb.c rtw_usb_reg_sec) */
#define P3081_SYS_FUNC_EN 0x0002   /* bits 1:0 BB reset release */
#define P3081_SYS_FUNC_EN_HI 0x0003 /* bit 2: CPU (3081) enable */
#define P3081_APS_FSMCO 0x0004     /* 0x05 bit 0 APFM_ONMAC, bit 1 OFFMAC */
#define P3081_APS_PWR 0x0005
#define P3081_PWR_STATUS 0x0006    /* bit 1 power ready, bit 0 WLON reset */
#define P3081_SYS_EEPROM_CTRL 0x000A /* bit 5 autoload done, 4 EEPROM */
#define P3081_RSV_CTRL 0x001C
#define P3081_MCU_EN 0x001D        /* bit 0: platform CPU clock */
#define P3081_RF_CTRL_A 0x001F     /* bits 2:0 RF path A enable/reset */
#define P3081_EFUSE_CTRL 0x0030    /* [31] done, [17:8] address, [7:0] data */
#define P3081_EFUSE_BANK 0x0034    /* [9:8] bank: 0 = WiFi */
#define P3081_MCUFW_CTRL 0x0080
#define P3081_PAD_CTRL2 0x00C4     /* USB2/USB3 mode switch */
#define P3081_RF_CTRL_B 0x00EF     /* 0xEC bits 26:24 */
#define P3081_SYS_CFG1 0x00F0
#define P3081_SYS_STATUS1 0x00F4   /* 0xF5 bit 0: MAC was powered off */
#define P3081_SYS_CFG2 0x00FC      /* chip id byte; 0xFF: link speed */

/* REG_MCUFW_CTRL bits (rtw88 reg.h) */
#define P3081_FW_DL_EN (1u << 0)
#define P3081_FW_IMEM_DW_OK (1u << 3)
#define P3081_FW_IMEM_CHK_OK (1u << 4)
#define P3081_FW_DMEM_DW_OK (1u << 5)
#define P3081_FW_DMEM_CHK_OK (1u << 6)
#define P3081_FW_DW_RDY (1u << 14)
#define P3081_FW_INIT_RDY (1u << 15)

/* MAC block */
#define P3081_CR 0x0100
#define P3081_TXDMA_PQ_MAP 0x010C
#define P3081_FIFOPAGE_CTRL2 0x0204 /* [11:0] bcn head page, bit 15 valid */
#define P3081_TDECTRL 0x0208     /* bit 0 auto-LLT, [7:4] TX aggregate */
/* per DMA queue: [11:0] reserved pages (host), [27:16] available (chip);
 * HIGH, LOW, NORMAL, EXTRA (rtw88 rtw8822c.c prioq_addrs_8822c) */
#define P3081_FIFOPAGE_INFO_1 0x0230
#define P3081_H2CQ_HEAD 0x0244   /* [17:0] H2C queue head (rtw88 init_h2c) */
#define P3081_H2C_PKT_RD 0x10D0
#define P3081_H2C_PKT_WR 0x10D4
#define P3081_H2C_CSR 0x1330
#define P3081_RCR 0x0608
#define P3081_MAR 0x0620         /* multicast filter, 2 dwords */
#define P3081_BSSID 0x0618
#define P3081_MACID 0x0610
#define P3081_RX_DRVINFO_SZ 0x060F
/* [3:0] = 0xF: the RX descriptor reports DRV_INFO_SIZE (rtw88 mac.c
 * rtw_drv_info_cfg writes it on every 3081-CPU chip) */
#define P3081_RX_DESC_LEN_FIX 0x0115
#define P3081_RXFLTMAP0 0x06A0   /* management subtypes */
#define P3081_RXFLTMAP1 0x06A2   /* control subtypes */
#define P3081_RXFLTMAP2 0x06A4   /* data subtypes */
/* LTE-coex indirect port (rtw88 reg.h REG_LTECOEX_CTRL/_WRITE_DATA/
 * _READ_DATA; util.c ltecoex_read_reg, ltecoex_reg_write) */
#define P3081_LTECOEX_CTRL 0x1700  /* [15:0] offset, bit 30 write, 29 ready */
#define P3081_LTECOEX_WDATA 0x1704
#define P3081_LTECOEX_RDATA 0x1708
#define P3081_HMEBOX_STATUS 0x01CC /* bit n: mailbox n busy */
#define P3081_HMEBOX0 0x01D0
#define P3081_HMEBOX_EXT0 0x01F0
#define P3081_C2HEVT 0x01A0

/* DDMA channel 0 (rtw88 reg.h REG_DDMA_CH0*) */
#define P3081_DDMA_SA 0x1200
#define P3081_DDMA_DA 0x1204
#define P3081_DDMA_CTRL 0x1208
#define P3081_DDMA_OWN (1u << 31)
#define P3081_DDMA_CHKSUM_EN (1u << 29)
#define P3081_DDMA_CHKSUM_ERR (1u << 27)
#define P3081_DDMA_RST_CHKSUM (1u << 25)
#define P3081_DDMA_CHKSUM_CONT (1u << 24)
#define P3081_DDMA_LEN_MASK 0x3FFFFu

/* the TX packet buffer on the on-chip bus (rtw88 mac.h OCPBASE_TXBUF);
 * where the CPU's memories sit is the chip's (struct p3081_chip) */
#define P3081_OCP_TXBUF 0x18780000u

#endif /* DVR_PERSONALITY_3081_REGS_H */

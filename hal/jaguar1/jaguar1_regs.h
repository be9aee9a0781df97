/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Jaguar1 register addresses and bits (RTL8812A/8821A; names follow
 * the Realtek names rtw88 reg.h uses).
 */
#ifndef DVR_JAGUAR1_REGS_H
#define DVR_JAGUAR1_REGS_H

#define BIT(n) (1u << (n))

/* --- system / power --- */
#define REG_SYS_FUNC_EN      0x0002 /* 16-bit */
#define  SYS_FUNC_BBRSTB      BIT(0)
#define  SYS_FUNC_BB_GLB_RST  BIT(1)
#define  SYS_FUNC_USBA        BIT(2)
#define  SYS_FUNC_ELDR        BIT(12)
#define REG_SYS_FUNC_EN_HI   0x0003 /* byte: bit2 = 8051 enable */
#define  SYS_FUNC_HI_CPU_EN   BIT(2)
#define REG_APS_FSMCO        0x0004
#define REG_APS_FSMCO_B1     0x0005 /* bit0 APFM_ONMAC, bit1 APFM_OFFMAC */
#define  APFM_ONMAC           BIT(0)
#define  APFM_OFFMAC          BIT(1)
#define  APS_FSMCO_B1_BIT15   BIT(7)
#define REG_SYS_CLKR         0x0008 /* 16-bit */
#define  SYS_CLK_ANA8M        BIT(1)
#define  SYS_CLK_LOADER_EN    BIT(5)
#define REG_RSV_CTRL         0x001C
#define REG_RSV_CTRL_B1      0x001D
#define  RSV_CTRL_B1_8051_RST BIT(3)   /* 8812A: 8051 reset release */
#define REG_RF_CTRL          0x001F
#define REG_AFE_XTAL_CTRL    0x002C /* crystal cap: the die's xtal_mask */
#define REG_EFUSE_CTRL       0x0030
#define  EFUSE_CTRL_FLAG      BIT(31)
#define REG_LDO_EFUSE_CTRL   0x0034
#define REG_GPIO_MUXCFG      0x0040
#define REG_USB_SUSPEND_3E   0x003E
#define REG_USB_MODE_70      0x0070
#define REG_RF_B_CTRL        0x0076
#define REG_MCUFW_CTRL       0x0080
#define  MCUFW_DL_EN          BIT(0)
#define  MCUFW_DL_RDY         BIT(1)
#define  MCUFW_CHKSUM_RPT     BIT(2)
#define  MCUFW_WINTINI_RDY    BIT(6)
#define  MCUFW_RAM_DL_SEL     BIT(7)
#define  MCUFW_READY_MASK     0xC6u /* bits 1, 2, 6, 7 */
#define REG_MCUFW_CTRL_PAGE  0x0082 /* [2:0] page, bit3 = ROM_DLEN (bit 19) */
#define  MCUFW_ROM_DLEN_B2    BIT(3)
#define REG_HIMR0            0x00B0
#define REG_HISR0            0x00B4
#define REG_HIMR1            0x00B8
#define REG_HISR1            0x00BC
#define REG_EFUSE_ACCESS     0x00CF
#define  EFUSE_ACCESS_ON      0x69
#define  EFUSE_ACCESS_OFF     0x00
#define REG_SYS_CFG          0x00F0
#define REG_LDO_SWR_CTRL     0x007C
#define REG_DWBCN1_CTRL      0x0228
#define REG_WL_BT_PWR_CTRL   0x0068 /* bit 18: BT_FUNC_EN */

/* --- MAC / DMA --- */
#define REG_CR               0x0100
#define  CR_INIT_ENABLES      0x063Fu /* DMA, protocol, schedule, sec, 32K */
#define  CR_MACTXEN           BIT(6)
#define  CR_MACRXEN           BIT(7)
#define REG_MSR              0x0102 /* [1:0] net type, 0 = no link */
#define REG_PBP              0x0104
#define REG_TXDMA_PQ_MAP     0x010C
#define  PQ_MAP_RX_BITS       0x0007u /* RX-side enables, preserved */
#define REG_TRXFF_BNDY       0x0114
#define REG_RXFF_BNDY        0x0116 /* 16-bit */
#define REG_HMETFR           0x01CC
#define REG_LLT_INIT         0x01E0
#define  LLT_OP_WRITE         (1u << 30)
#define  LLT_OP_MASK          (3u << 30)
#define REG_RQPN             0x0200
#define  RQPN_LOAD            BIT(31)
#define REG_DWBCN0_CTRL      0x0208
#define REG_DWBCN0_CTRL_B1   0x0209
#define REG_TXDMA_OFFSET_CHK 0x020C
#define  DROP_DATA_EN         BIT(9)
#define REG_RQPN_NPQ         0x0214
#define REG_RXDMA_STATUS     0x0288
#define REG_TXPKT_EMPTY      0x041A
#define REG_HWSEQ_CTRL       0x0423
#define REG_BCNQ_BDNY        0x0424
#define REG_MGQ_BDNY         0x0425
#define REG_FWHW_TXQ_CTRL    0x0420
#define REG_RETRY_LIMIT      0x042A
#define REG_EDCA_428         0x0428
#define REG_RRSR             0x0440
#define  RRSR_RATE_MASK       0x000FFFFFu
#define REG_ARFR0            0x0444
#define REG_ARFR1            0x044C
#define REG_ARFR2            0x048C
#define REG_ARFR3            0x0494
#define REG_CCK_CHECK        0x0454
#define  CCK_CHECK_5G         BIT(7)
#define REG_AMPDU_MAX_TIME   0x0456
#define REG_AMPDU_MAX_LEN    0x0458
#define REG_WMAC_LBK_BF_HD   0x045D
#define REG_SINGLE_AMPDU     0x04C7
#define REG_MAX_AGGR_NUM     0x04CA
#define REG_BAR_MODE_CTRL    0x04CC
#define REG_TX_RPT_CTRL      0x04EC
#define REG_EDCA_VO          0x0500
#define REG_EDCA_VI          0x0504
#define REG_EDCA_BE          0x0508
#define REG_EDCA_BK          0x050C
#define REG_BCNTCFG          0x0510
#define REG_PIFS             0x0512
#define REG_SIFS_514         0x0514
#define REG_SIFS_516         0x0516
#define REG_TBTT_PROHIBIT    0x0540
#define REG_BCN_CTRL         0x0550
#define REG_DRVERLYINT       0x0558
#define REG_BCNDMATIM        0x0559
#define REG_BCN_MAX_ERR      0x055D
#define REG_TX_PTCL_55C      0x055C
#define REG_RCR              0x0608
#define  RCR_MONITOR          0x9000382Fu /* the vendor driver's monitor set */
#define  RCR_ACRC32           BIT(8)
#define  RCR_AICV             BIT(9)
#define REG_RX_PKT_LIMIT     0x060C
#define REG_RX_DRVINFO_SZ    0x060F
#define REG_MACID            0x0610
#define REG_MAR              0x0620
#define REG_MAC_638          0x0638
#define REG_MAC_63A          0x063A
#define REG_ACKTO            0x0640
#define REG_NAV_LIMIT        0x0652
#define REG_WMAC_TRXPTCL_CTL 0x0668
#define  TRXPTCL_BW_40        BIT(7)
#define  TRXPTCL_BW_80        BIT(8)
#define REG_CAMCMD           0x0670
#define REG_RXFLTMAP0        0x06A0
#define REG_RXFLTMAP1        0x06A2
#define  RXFLTMAP1_PSPOLL     0x0400u  /* control subtype 10 */
#define REG_RXFLTMAP2        0x06A4
#define REG_DATA_SC          0x0483
#define REG_USB_MOD          0xF008
#define REG_USB3_RXITV       0xF050
#define REG_USB_HRPWM        0xFE58

/* --- BB --- */
#define REG_BB_RFMOD         0x0800
#define REG_BB_CCK_CCA       0x0804
#define REG_BB_RXPSEL        0x0808
#define REG_BB_TXPSEL        0x080C
#define REG_BB_CCASEL        0x082C
#define REG_BB_PDMFTH        0x0830
#define REG_BB_BWINDICATION  0x0834
#define REG_BB_CCA2ND        0x0838
#define REG_BB_L1PKTH        0x0848
#define REG_BB_CLKTRK        0x0860
#define REG_BB_ADCCLK        0x08AC
#define REG_BB_HSSI_READ     0x08B0
#define REG_BB_XCD_RF_PARA   0x08B4
#define REG_BB_8BC           0x08BC
#define REG_BB_ADC160        0x08C4
#define REG_BB_RFE_900       0x0900
#define REG_BB_RXSB          0x0A00
#define REG_BB_CCK_RX        0x0A04
#define REG_A_3WIRE          0x0C00
#define REG_B_3WIRE          0x0E00
#define REG_A_TXSCALE        0x0C1C
#define REG_B_TXSCALE        0x0E1C
#define REG_A_TXAGC          0x0C20
#define REG_B_TXAGC          0x0E20
#define REG_A_IGI            0x0C50
#define  IGI_MASK             0x7Fu
#define REG_A_TX_TRAINING    0x0C54
#define REG_B_IGI            0x0E50
#define REG_B_TX_TRAINING    0x0E54
#define REG_A_LSSI_WRITE     0x0C90
#define REG_B_LSSI_WRITE     0x0E90
#define REG_A_RFE_PINMUX     0x0CB0
#define REG_B_RFE_PINMUX     0x0EB0
#define REG_A_RFE_INV        0x0CB4
#define REG_B_RFE_INV        0x0EB4
#define  RFE_INV_MASK         0x3FF00000u /* [29:20] */
#define REG_A_PI_READ        0x0D04
#define REG_A_SI_READ        0x0D08
#define REG_B_PI_READ        0x0D44
#define REG_B_SI_READ        0x0D48

/* --- RF (per path, 20-bit data) --- */
#define RF_CFGCH             0x18
#define  RF18_CHANNEL_MASK    0x000FFu
#define  RF18_BW_MASK         0x00C00u /* [11:10]: 3 = 20, 1 = 40, 0 = 80 */
#define  RF18_BAND_MASK       0x70300u /* bits 18, 17, 16, 9, 8 */
#define RF_DATA_MASK         0xFFFFFu

#endif /* DVR_JAGUAR1_REGS_H */

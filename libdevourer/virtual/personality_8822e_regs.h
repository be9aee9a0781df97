/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Register addresses and bits of the RTL8822E (RTL8812EU / RTL8822EU,
 * Jaguar3) as the chip model sees them, beyond those of the 3081-CPU
 * layer (personality_3081_regs.h): its OTP EFUSE port, its front-end pins,
 * its BB/RF and calibration registers. The model's own list, kept apart
 * from the HAL's on purpose: the two meet only at the USB interface.
 * Sources: the vendor driver OpenHD/rtl88x2eu (HalMAC folder
 * hal/halmac/halmac_88xx/halmac_8822e, halmac_bit_8822e.h,
 * halmac_reg_8822e.h; phydm folders hal/phydm/rtl8822e and
 * hal/phydm/halrf/rtl8822e) and OpenIPC devourer src/jaguar3
 * (HalJaguar3.cpp, RtlJaguar3Device.cpp, Halrf8822e.cpp). Every name
 * carries the personality's prefix, P8822E_.
 */
#ifndef DVR_PERSONALITY_8822E_REGS_H
#define DVR_PERSONALITY_8822E_REGS_H

/* ---- OTP EFUSE (vendor halmac_efuse_8822e.c read_hw_efuse_8822e,
 * enable_efuse_sw_pwr_cut; devourer HalJaguar3.cpp efuse_pwr_cut_8822e,
 * efuse_phys_read_8822e) ---- */
#define P8822E_SYS_ISO_CTRL 0x0000
#define P8822E_ISO_EB2CORE (1u << 8)  /* EFUSE isolated from the core */
#define P8822E_EV2EF_S (1u << 14)     /* EFUSE power switch, first step */
#define P8822E_EV2EF_B (1u << 15)     /* ... second step */
#define P8822E_PMC_DBG_CTRL2 0x00CC
#define P8822E_PMC_WRMSK_REL (1u << 2)  /* write-mask release */
#define P8822E_EFUSE_CTRL_1 0x00A4
#define P8822E_EF_BURST (1u << 19)    /* OTP burst mode */
/* REG_EFUSE_CTRL 0x30 in the 8822E's "V1" layout */
#define P8822E_EF_RDY (1u << 29)      /* byte ready; written 0 = start */
#define P8822E_EF_ADDR_SHIFT 16
#define P8822E_EF_ADDR_MASK 0x7FFu

/* ---- front end (vendor phydm_hal_api8822e.c phydm_rfe_8822e;
 * rtl8822e_halinit.c _efem_pinmux_config through halmac_gpio_8822e.c
 * pinmux_set_func_8822e; devourer RtlJaguar3Device.cpp
 * efem_pinmux_8822e, apply_dpdt_route_8822e) ---- */
#define P8822E_GPIO_MUXCFG 0x0040
#define P8822E_LED_CFG 0x004C
#define P8822E_PAD_CTRL1 0x0064
/* the RFE pin-function registers, per path */
#define P8822E_RFE_PINS_A0 0x1840
#define P8822E_RFE_PINS_A1 0x1844
#define P8822E_RFE_PINS_B0 0x4140
#define P8822E_RFE_PINS_B1 0x4144
/* the DPDT transfer switch's pins (bytes of 0x40 and 0x4C): GPIO13 to
 * the RFE engine's WL_DPDT_SEL (RFE_CTRL_9), no claim above it */
#define P8822E_WL_RFE_DPDT 0x0042     /* bit 1: WL_RFE_CTRL_8/9 DPDT_SEL */
/* bit 6: GPIO13/14 WL control; bit 7: software DPDT select */
#define P8822E_GPIO13_14_CTL 0x004E
#define P8822E_DPDT_OWNER 0x004F      /* bit 0 DPDT_WLBT_SEL, 6 BT_ANT_SW */

/* the PA-enable pads devourer drives after coex (RtlJaguar3Device.cpp
 * InitWrite): 0x64 [29:28] set and the pad-block bits clear, the RFE mux
 * bits of 0x40 set */
#define P8822E_PAD_PA_EN 0x30000000u  /* in PAD_CTRL1 */
#define P8822E_PAD_BLOCK 0x02040000u  /* in PAD_CTRL1 */
#define P8822E_MUX_RFE 0x14030008u    /* in GPIO_MUXCFG */

/* ---- the RX DMA (devourer HalmacJaguar3MacInit.cpp init_usb_cfg) ---- */
#define P8822E_RXDMA_AGG_EN (1u << 2) /* in 0x10C (TXDMA_PQ_MAP) */
#define P8822E_RXDMA_AGG_PG_TH 0x0280 /* 0x283 bit 7: USB aggregation off */

/* ---- firmware RFK handshake (vendor halrf_8822e.c
 * halrf_rfk_handshake_8822e) ---- */
#define P8822E_WL_RFK 0x049C          /* bit 0: firmware RFK handshake ack */

/* ---- BB / RF (vendor phydm_hal_api8822e.c
 * config_phydm_read_rf_reg_8822e, config_phydm_write_rf_reg_8822e) ---- */
#define P8822E_RF_WIN_A 0x3C00        /* direct RF window: base + (reg << 2) */
#define P8822E_RF_WIN_B 0x4C00
#define P8822E_LSSI_A 0x1808          /* SI write port (the way to RF 0x00) */
#define P8822E_LSSI_B 0x4108
#define P8822E_TXBWCTL 0x09B0         /* [11:8] primary sub-channel index,
                                        [7:6] small BW (5 / 10 MHz) */
#define P8822E_TXCLK 0x09B4           /* [10:8] DAC, [22:20] ADC clock */
#define P8822E_AFE_CTRL1 0x0024       /* [21:20] MAC clock select */

/* ---- TX paths and TX AGC (vendor phydm_hal_api8822e.c
 * config_phydm_trx_mode_8822e, config_phydm_write_txagc_ref_8822e,
 * config_phydm_write_txagc_diff_8822e) ---- */
#define P8822E_OFDM_TX_PATH 0x0820    /* [3:0] 1SS paths, [7:4] 2SS */
#define P8822E_CCK_TX_PATH 0x1A04     /* [31:28]: bit 31 A, bit 30 B */
#define P8822E_TXAGC_CCK_A 0x18A0     /* [22:16] CCK ref, [7:0] swing */
#define P8822E_TXAGC_CCK_B 0x41A0
#define P8822E_TXAGC_OFDM_A 0x18E8    /* [16:10] OFDM ref */
#define P8822E_TXAGC_OFDM_B 0x41E8
#define P8822E_TXAGC_DIFF 0x3A00      /* a signed 7-bit byte per rate */
#define P8822E_TXAGC_DIFF_N 0x54      /* rate codes 0x00-0x53 */
#define P8822E_TXAGC_GATE 0x1C90
#define P8822E_TXAGC_LOCKED (1u << 15) /* set: the AGC ignores writes */
/* OFDM AGC table select, [8:4] (phydm_set_agc_table_8822e) */
#define P8822E_AGC_TAB_A 0x18AC
#define P8822E_AGC_TAB_B 0x41AC

/* ---- calibration engines (vendor halrf_iqk_8822e.c, halrf_8822e.c) ---- */
#define P8822E_NCTL0 0x1B00           /* calibration engine command; +1 = go */
#define P8822E_NCTL_RPT 0x1B08        /* bit 26: calibration failed */
#define P8822E_NCTL_DONE 0x1BFC       /* [15:0] 0x8000: the engine is done */
#define P8822E_IQK_STATUS 0x2D9C      /* 0x55: NCTL ready; 0xAA: FW IQK done */
/* the AFE banks of the DAC/ADC calibration (vendor halrf_8822e.c
 * halrf_dack_s0_8822e, halrf_dack_s1_8822e): S0 = path A, S1 = path B,
 * the Q half 0x2C above the I half */
#define P8822E_AFE_S0 0x3800
#define P8822E_AFE_S1 0x3900

#endif /* DVR_PERSONALITY_8822E_REGS_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The register file of a Jaguar1 chip (RTL8812AU, RTL8821AU): reset values
 * and side effects (LLT, EFUSE port, 8051 firmware control, CR enables,
 * queue status) and the ops a Jaguar1 personality lists as its own. The
 * chip's identity comes from its struct pjaguar1_chip (personality_<chip>.c).
 * EFUSE, firmware, BB/RF, IQK, thermal meter, TX descriptor and RX
 * descriptor are in their own personality_jaguar1_*.c files.
 *
 * Power domains: the system block (0x000-0x0FF) and the USB block
 * (0xF000-0xFFFF) are always on. The MAC (0x100-0x7FF, 0x1000-0xEFFF) and
 * BB (0x800-0xFFF) blocks read 0xEA and drop writes while the MAC is off,
 * the way the chip answers for an unpowered block (rtw88 mac.c
 * rtw_mac_power_switch reads REG_CR = 0xEA as "off"). BB registers in
 * addition drop writes while the BB is held in reset (0x02 bits 0/1 clear,
 * rtw88 rtw88xxa.c rtw88xxa_power_on enables them before the BB table).
 * Caller holds vc->lock everywhere in this file.
 */
#include <string.h>

#include "libdevourer/virtual/personality_jaguar1.h"

static bool in(uint16_t addr, size_t len, uint32_t lo, uint32_t hi)
{
	return (uint32_t)addr <= hi && (uint32_t)addr + len > lo;
}

/* Whether a write of [addr, addr+len) touches byte a. */
static bool at(uint16_t addr, size_t len, uint32_t a)
{
	return in(addr, len, a, a);
}

void pjaguar1_reset(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	const struct pjaguar1_chip *c = pjaguar1_chip(vc);
	/* Card-disabled after plug-in: WL suspended (0x05 bit 3) and, on
	 * a die whose card-enable flow wakes it, the HPON LDO in sleep (0x23
	 * bit 4) — the rows the flow clears (rtw88 rtw8812a.c
	 * trans_carddis_to_cardemu / cardemu_to_act). The RTL8821A's flow
	 * has no 0x23 row (rtw88 rtw8821a_table.c
	 * trans_carddis_to_cardemu_8821a / trans_cardemu_to_act_8821a), so
	 * its LDO is not left asleep: power comes ready once the flow clears
	 * WL suspend and SW LPS. */
	vc->regs[0x05] = 0x08;
	vc->regs[PJAGUAR1_LDO_CTRL] = c->hpon_ldo_sleeps ? 0x10 : 0x00;
	vc_put_le32(&vc->regs[PJAGUAR1_SYS_CFG], c->sys_cfg);
	/* The chip loaded its EFUSE by itself at power-up (autoload) and
	 * says so in 9346CR: EEPROM_EN (bit 5) = autoload succeeded,
	 * BOOT_FROM_EEPROM (bit 4) clear = the map came from EFUSE, not an
	 * external EEPROM (the vendor driver aircrack-ng/rtl8812au
	 * hal/rtl8812a/rtl8812a_hal_init.c CheckAutoloadState8812A reads
	 * them so; bit names include/hal_com_reg.h). */
	vc->regs[PJAGUAR1_9346CR] = 0x20;
	/* The EFUSE loader is powered, out of reset and clocked from
	 * reset: PWC_EV12V (0x01 bit 7), FEN_ELDR (0x03 bit 4),
	 * LOADER_CLK_EN and ANA8M (0x08 bits 5/1) — "default valid" for
	 * each in the vendor driver (aircrack-ng/rtl8812au
	 * hal/rtl8812a/rtl8812a_hal_init.c Hal_EfusePowerSwitch8812A, which
	 * sets them only when they read clear). Turning them off stops the
	 * EFUSE port. */
	vc->regs[PJAGUAR1_SYS_ISO_CTRL + 1] = 0x80;
	vc->regs[PJAGUAR1_SYS_FUNC_EN1] = 0x10;
	vc->regs[PJAGUAR1_SYS_CLKR] = 0x22;
	/* SYS_CFG2: the chip id in 0xFC (OpenIPC devourer
	 * src/WiFiDriver.cpp read_chip_id dispatches on it); 0xFF
	 * bit 7 reads 1 on a USB 2 link and 0 on USB 3 (the vendor's
	 * _InitBurstPktLen, as ported in OpenIPC devourer
	 * src/jaguar1/HalModule.cpp, picks the RX burst size from it). */
	vc->regs[PJAGUAR1_CHIP_ID] = c->chip_id;
	vc->regs[PJAGUAR1_USB_STRAP] = vc->usb.speed_mbps >= 5000 ? 0x00 : 0x80;
	/* A WLAN/BT combo die says so in BT_FUNC_EN, the one register bit
	 * rtw88 reads to tell an 8821AU from an 8811AU (rtw88 rtw88xxa.c
	 * rtw88xxa_read_efuse / rtw88xxa_power_on); a board whose part
	 * has no BT half (an 8811AU) reads it clear. */
	if (c->bt_func && (!c->bt_on_board || c->bt_on_board(vc)))
		vc->regs[PJAGUAR1_WL_BT_PWR_CTRL + 2] |= 0x04;
	s->cpu_on = false;
	s->cck_agc_byte = pjaguar1_cck_agc_for(vc, vc->cfg.rssi_dbm);
}

static bool mac_domain(uint32_t a)
{
	return a >= 0x100 && a < 0xF000;
}

static bool bb_domain(uint32_t a)
{
	return a >= 0x800 && a < 0x1000;
}

bool pjaguar1_powered(const struct vchip *vc, uint32_t a)
{
	return vc->mac_on || !mac_domain(a);
}

void pjaguar1_mac_power(struct vchip *vc, bool on)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	if (on) {
		/* MAC block comes out of reset with CR cleared; the driver
		 * then enables the DMA/protocol blocks (rtw88 rtw88xxa.c
		 * rtw88xxau_init_power_on). */
		memset(&vc->regs[PJAGUAR1_CR], 0, 4);
		/* The receive filter maps come up passing every subtype;
		 * drivers then narrow them (rtw88 rtw88xxa.c init_wmac writes
		 * RXFLTMAP1 = 0x0400, PS-Poll only). No public reference
		 * states the reset value: all-pass is the model's reading of
		 * "a mask the driver narrows", and the model filters by
		 * these registers as they are, configured or not. */
		for (unsigned i = 0; i < 6; i++)
			vc->regs[PJAGUAR1_RXFLTMAP0 + i] = 0xFF;
		return;
	}
	s->fw_running = false;
	s->txrx_on = false;
	s->monitor_on = false;
	pjaguar1_phy_power_off(vc);
}

bool pjaguar1_bb_alive(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[PJAGUAR1_SYS_FUNC_EN] & 0x03) == 0x03;
}

bool pjaguar1_tx_dma_on(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[PJAGUAR1_CR] & 0x01); /* HCI_TXDMA_EN */
}

/* Whether WLAN has the antenna it may share with BT. */
static bool has_antenna(const struct vchip *vc)
{
	const struct pjaguar1_chip *c = pjaguar1_chip(vc);
	return !c->wlan_has_antenna || c->wlan_has_antenna(vc);
}

bool pjaguar1_tx_ready(const struct vchip *vc)
{
	/* HCI_TXDMA_EN | TXDMA_EN | MACTXEN, and booted firmware: without
	 * it the model refuses to transmit. That is the model's
	 * conservative choice — no reference settles whether an 8812A sends
	 * descriptor-rate frames without firmware. */
	uint8_t cr = vc->regs[PJAGUAR1_CR];
	return vc->mac_on && (cr & 0x45) == 0x45 &&
	       pjaguar1_of(vc)->fw_running && has_antenna(vc);
}

bool pjaguar1_rx_ready(const struct vchip *vc)
{
	/* HCI_RXDMA_EN | RXDMA_EN | MACRXEN, and the antenna */
	return vc->mac_on && (vc->regs[PJAGUAR1_CR] & 0x8A) == 0x8A &&
	       has_antenna(vc);
}

uint8_t pjaguar1_read8(struct vchip *vc, uint32_t a)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	switch (a) {
	case PJAGUAR1_TXPKT_EMPTY:
		/* REG_TXPKT_EMPTY [11:0]: queue-empty flags. With the TX FIFO
		 * empty all twelve read 1 (the vendor's "wait TXFF empty" on
		 * the 8812A, SetBeamformingCLK_8812, waits for 0xFFF); while
		 * a frame waits or is being sent, bits 4/5 read 0 (rtw88
		 * rtw88xxa.c rtw88xxa_switch_band polls them). Which other
		 * flag tracks the management queue is not settled by any
		 * reference, so only 4/5 drop. */
		return vc->tx_count == 0 ? 0xFF : (uint8_t)~0x30u;
	case PJAGUAR1_TXPKT_EMPTY + 1:
		return (uint8_t)((vc->regs[a] & 0xF0u) | 0x0Fu);
	case PJAGUAR1_MCUFWDL: {
		uint8_t v = vc->regs[a] & (uint8_t)~(PJAGUAR1_FWDL_CHK_RPT |
		                                     PJAGUAR1_FWDL_WINTINI_RDY |
		                                     PJAGUAR1_FWDL_RAM_DL_SEL);
		if (pjaguar1_fw_chk_ok(vc))
			v |= PJAGUAR1_FWDL_CHK_RPT;
		if (s->fw_running)
			v |= PJAGUAR1_FWDL_WINTINI_RDY |
			     PJAGUAR1_FWDL_RAM_DL_SEL;
		return v;
	}
	default:
		break;
	}
	if (pjaguar1_in_c1(a) && pjaguar1_page_c1(vc))
		return pjaguar1_c1_read8(vc, a);
	if ((a >= 0xD04 && a < 0xD0C) || (a >= 0xD44 && a < 0xD4C)) {
		uint16_t base = (uint16_t)(a & ~3u);
		uint32_t v = pjaguar1_phy_rf_readback(vc, base);
		return (uint8_t)(v >> (8 * (a & 3)));
	}
	return vc->regs[a];
}

static void llt_written(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	uint32_t w = vc_reg32(vc, PJAGUAR1_LLT_INIT);
	unsigned op = w >> 30;
	uint8_t addr = (uint8_t)(w >> 8);
	if (op == 1)
		s->llt[addr] = (uint8_t)w;
	else if (op == 2)
		vc->regs[PJAGUAR1_LLT_INIT] = s->llt[addr];
	/* the operation completes at once: op bits read 0 */
	vc->regs[PJAGUAR1_LLT_INIT + 3] &= 0x3F;
}

static void cr_written(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	bool on = vc->mac_on && (vc->regs[PJAGUAR1_CR] & 0xC0) == 0xC0;
	if (on && !s->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	s->txrx_on = on;
}

static void write_byte(struct vchip *vc, uint32_t a, uint8_t v)
{
	if (bb_domain(a) && vc->mac_on &&
	    (vc->regs[PJAGUAR1_SYS_FUNC_EN] & 0x03) != 0x03) {
		vc->writes_ignored++;
		return;
	}
	if ((a >= PJAGUAR1_SYS_CFG && a < PJAGUAR1_SYS_CFG + 4) ||
	    a == PJAGUAR1_CHIP_ID || a == PJAGUAR1_USB_STRAP)
		return; /* read-only strapping/version */
	if (a == PJAGUAR1_9346CR) /* autoload status bits are the chip's */
		v = (uint8_t)((v & ~0x30u) | (vc->regs[a] & 0x30u));
	if (pjaguar1_in_c1(a) && pjaguar1_page_c1(vc)) {
		pjaguar1_c1_store(vc, a, v);
		return;
	}
	vc_store(vc, a, v);
}

void pjaguar1_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
               size_t len)
{
	uint32_t end = (uint32_t)addr + len;

	/* Firmware download window (rtw88 mac.c download_firmware_legacy,
	 * FW_START_ADDR_LEGACY): while MCUFWDL_EN is set, writes to
	 * 0x1000-0x1FFF go to the 8051 RAM page selected in 0x82[2:0]. */
	if ((vc->regs[PJAGUAR1_MCUFWDL] & PJAGUAR1_FWDL_EN) && vc->mac_on &&
	    in(addr, len, 0x1000, 0x1FFF)) {
		uint32_t lo = addr < 0x1000 ? 0x1000 : addr;
		uint32_t hi = end > 0x2000 ? 0x2000 : end;
		if (lo > addr)
			pjaguar1_write(vc, addr, data, lo - addr);
		pjaguar1_fw_window_write(vc, (uint16_t)lo, data + (lo - addr),
		                       hi - lo);
		if (hi < end)
			pjaguar1_write(vc, (uint16_t)hi, data + (hi - addr),
			               end - hi);
		return;
	}

	uint8_t old03 = vc->regs[PJAGUAR1_SYS_FUNC_EN1];
	uint8_t old80 = vc->regs[PJAGUAR1_MCUFWDL];
	bool chk_before = at(addr, len, PJAGUAR1_MCUFWDL) &&
	                  pjaguar1_fw_chk_ok(vc);
	uint32_t old_980 = vc_reg32(vc, PJAGUAR1_IQK_COM64);
	uint32_t old_cb8[2] = { pjaguar1_iqk_cb8(vc, 0),
		                pjaguar1_iqk_cb8(vc, 1) };

	for (size_t i = 0; i < len; i++)
		write_byte(vc, addr + (uint32_t)i, data[i]);

	if (at(addr, len, PJAGUAR1_SYS_FUNC_EN1)) {
		bool was = old03 & 0x04;
		bool now = vc->regs[PJAGUAR1_SYS_FUNC_EN1] & 0x04;
		if (!was && now)
			pjaguar1_fw_cpu_enabled(vc);
		else if (was && !now)
			pjaguar1_fw_cpu_disabled(vc);
	}
	if (in(addr, len, PJAGUAR1_APS_FSMCO, PJAGUAR1_APS_FSMCO + 3))
		vc_power_fsm_written(vc);
	if (in(addr, len, PJAGUAR1_EFUSE_CTRL, PJAGUAR1_EFUSE_CTRL + 3))
		pjaguar1_efuse_ctrl_written(vc);
	if (at(addr, len, PJAGUAR1_MCUFWDL)) {
		uint8_t now = vc->regs[PJAGUAR1_MCUFWDL];
		/* A new pass starts when download is enabled, or when the
		 * driver writes 1 to FWDL_CHK_RPT while it reads 0. Writing
		 * back a 1 it just read (read-modify-write of the page
		 * select) does not restart the pass. */
		if ((!(old80 & PJAGUAR1_FWDL_EN) && (now & PJAGUAR1_FWDL_EN)) ||
		    ((now & PJAGUAR1_FWDL_CHK_RPT) && !chk_before))
			pjaguar1_fw_reset_pass(vc);
	}
	if (in(addr, len, PJAGUAR1_CR, PJAGUAR1_CR + 1))
		cr_written(vc);
	if (at(addr, len, PJAGUAR1_LLT_INIT + 3) && vc->mac_on)
		llt_written(vc);
	/* 0x8AC [1:0] BB bandwidth; [7:6], [9:8] and [21:20] the
	 * narrowband small-BW field and ADC / DAC clocks */
	if (at(addr, len, PJAGUAR1_DATA_SC) || in(addr, len, PJAGUAR1_RFMOD,
	                                     PJAGUAR1_RFMOD + 2))
		pjaguar1_phy_update_tuning(vc);
	if (in(addr, len, PJAGUAR1_RCR, PJAGUAR1_RCR + 3) ||
	    in(addr, len, PJAGUAR1_RXFLTMAP0, PJAGUAR1_RXFLTMAP2 + 1))
		pjaguar1_phy_update_monitor(vc);
	if (in(addr, len, PJAGUAR1_AGC_TABLE, PJAGUAR1_AGC_TABLE + 3) &&
	    pjaguar1_bb_alive(vc))
		pjaguar1_phy_agc_write(vc, vc_reg32(vc, PJAGUAR1_AGC_TABLE));
	/* page C1 0xC90/0xE90 are other registers: no LSSI write */
	bool c1 = pjaguar1_page_c1(vc);
	if (!c1 && at(addr, len, PJAGUAR1_PATH_A_LSSI + 3))
		pjaguar1_phy_lssi_write(vc, 0);
	if (!c1 && at(addr, len, PJAGUAR1_PATH_B_LSSI + 3))
		pjaguar1_phy_lssi_write(vc, 1);
	if (pjaguar1_bb_alive(vc))
		pjaguar1_iqk_written(vc, addr, len, old_980, old_cb8);
	pjaguar1_phy_check_tables(vc, addr, len);
}

bool pjaguar1_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                   bool crc_err)
{
	return vc_wmac_rx_accept(vc, f, n, crc_err);
}

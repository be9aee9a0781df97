/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8812AU personality: its identity, its register file's reset
 * values and side effects (LLT, EFUSE port, 8051 firmware control, CR
 * enables, queue status), and the table the model core calls it through.
 * EFUSE, firmware, BB/RF, TX descriptor and RX descriptor are in their own
 * personality_8812a_*.c files.
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

#include "libdevourer/virtual/personality_8812a.h"

/* Plausible 8812A SYS_CFG: low byte 0x35 as observed on real parts
 * (OpenIPC devourer src/jaguar1/EepromManager.cpp), CHIP_VER 1 (= C-cut
 * after the 8812A's +1, rtw88 rtw88xxa.c rtw88xxa_read_efuse), TSMC
 * (bit 19 = 0), MP chip (bit 23 = 0), 2T2R (bit 27 = 0), no BT function. */
#define SYS_CFG_8812A 0x00001035u

/* Every VID:PID an RTL8812AU ships under (rtw88 rtw8812au.c
 * rtw_8812au_id_table, plus 2357:0115 from the vendor driver
 * aircrack-ng/rtl8812au os_dep/linux/usb_intf.c rtw_usb_id_tbl). The
 * first is the chip's default identity. */
static const struct vchip_usb_id ids_8812a[] = {
	{0x0BDA, 0x8812}, {0x0BDA, 0x881A}, {0x0BDA, 0x881B},
	{0x0BDA, 0x881C}, {0x0409, 0x0408}, {0x0411, 0x025D},
	{0x04BB, 0x0952}, {0x050D, 0x1106}, {0x050D, 0x1109},
	{0x0586, 0x3426}, {0x0789, 0x016E}, {0x07B8, 0x8812},
	{0x0846, 0x9051}, {0x0B05, 0x17D2}, {0x0DF6, 0x0074},
	{0x0E66, 0x0022}, {0x1058, 0x0632}, {0x13B1, 0x003F},
	{0x148F, 0x9097}, {0x1740, 0x0100}, {0x2001, 0x330E},
	{0x2001, 0x3313}, {0x2001, 0x3315}, {0x2001, 0x3316},
	{0x2019, 0xAB30}, {0x20F4, 0x805B}, {0x2357, 0x0101},
	{0x2357, 0x0103}, {0x2357, 0x010D}, {0x2357, 0x010E},
	{0x2357, 0x010F}, {0x2357, 0x0122}, {0x2357, 0x0115},
	{0x2604, 0x0012}, {0x7392, 0xA822},
};

static bool in(uint16_t addr, size_t len, uint32_t lo, uint32_t hi)
{
	return (uint32_t)addr <= hi && (uint32_t)addr + len > lo;
}

/* Whether a write of [addr, addr+len) touches byte a. */
static bool at(uint16_t addr, size_t len, uint32_t a)
{
	return in(addr, len, a, a);
}

static void reset(struct vchip *vc)
{
	struct p8812a_state *s = p8812a_of(vc);
	/* Card-disabled after plug-in: WL suspended (0x05 bit 3), HPON LDO
	 * in sleep (0x23 bit 4) — the rows the card-enable flow clears
	 * (rtw88 rtw8812a.c trans_carddis_to_cardemu / cardemu_to_act). */
	vc->regs[0x05] = 0x08;
	vc->regs[P8812A_LDO_CTRL] = 0x10;
	vc_put_le32(&vc->regs[P8812A_SYS_CFG], SYS_CFG_8812A);
	/* The chip loaded its EFUSE by itself at power-up (autoload) and
	 * says so in 9346CR: EEPROM_EN (bit 5) = autoload succeeded,
	 * BOOT_FROM_EEPROM (bit 4) clear = the map came from EFUSE, not an
	 * external EEPROM (the vendor driver aircrack-ng/rtl8812au
	 * hal/rtl8812a/rtl8812a_hal_init.c CheckAutoloadState8812A reads
	 * them so; bit names include/hal_com_reg.h). */
	vc->regs[P8812A_9346CR] = 0x20;
	/* The EFUSE loader is powered, out of reset and clocked from
	 * reset: PWC_EV12V (0x01 bit 7), FEN_ELDR (0x03 bit 4),
	 * LOADER_CLK_EN and ANA8M (0x08 bits 5/1) — "default valid" for
	 * each in the vendor driver (aircrack-ng/rtl8812au
	 * hal/rtl8812a/rtl8812a_hal_init.c Hal_EfusePowerSwitch8812A, which
	 * sets them only when they read clear). Turning them off stops the
	 * EFUSE port. */
	vc->regs[P8812A_SYS_ISO_CTRL + 1] = 0x80;
	vc->regs[P8812A_SYS_FUNC_EN1] = 0x10;
	vc->regs[P8812A_SYS_CLKR] = 0x22;
	/* SYS_CFG2: chip id 0x04 = RTL8812A in 0xFC (OpenIPC devourer
	 * src/WiFiDriver.cpp read_chip_id, from HalMAC get_chip_info); 0xFF
	 * bit 7 reads 1 on a USB 2 link and 0 on USB 3 (the vendor's
	 * _InitBurstPktLen, as ported in OpenIPC devourer
	 * src/jaguar1/HalModule.cpp, picks the RX burst size from it). */
	vc->regs[P8812A_CHIP_ID] = 0x04;
	vc->regs[P8812A_USB_STRAP] = vc->usb.speed_mbps >= 5000 ? 0x00 : 0x80;
	s->cpu_on = false;
	s->cck_agc_byte = p8812a_cck_agc_for(vc->cfg.rssi_dbm);
}

static bool mac_domain(uint32_t a)
{
	return a >= 0x100 && a < 0xF000;
}

static bool bb_domain(uint32_t a)
{
	return a >= 0x800 && a < 0x1000;
}

static bool powered(const struct vchip *vc, uint32_t a)
{
	return vc->mac_on || !mac_domain(a);
}

static void mac_power(struct vchip *vc, bool on)
{
	struct p8812a_state *s = p8812a_of(vc);
	if (on) {
		/* MAC block comes out of reset with CR cleared; the driver
		 * then enables the DMA/protocol blocks (rtw88 rtw88xxa.c
		 * rtw88xxau_init_power_on). */
		memset(&vc->regs[P8812A_CR], 0, 4);
		/* The receive filter maps come up passing every subtype;
		 * drivers then narrow them (rtw88 rtw88xxa.c init_wmac writes
		 * RXFLTMAP1 = 0x0400, PS-Poll only). No public reference
		 * states the reset value: all-pass is the model's reading of
		 * "a mask the driver narrows", and the model filters by
		 * these registers as they are, configured or not. */
		for (unsigned i = 0; i < 6; i++)
			vc->regs[P8812A_RXFLTMAP0 + i] = 0xFF;
		return;
	}
	s->fw_running = false;
	s->txrx_on = false;
	s->monitor_on = false;
	p8812a_phy_power_off(vc);
}

bool p8812a_bb_alive(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8812A_SYS_FUNC_EN] & 0x03) == 0x03;
}

static bool tx_dma_on(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8812A_CR] & 0x01); /* HCI_TXDMA_EN */
}

static bool tx_ready(const struct vchip *vc)
{
	/* HCI_TXDMA_EN | TXDMA_EN | MACTXEN, and booted firmware: without
	 * it the model refuses to transmit. That is the model's
	 * conservative choice — no reference settles whether an 8812A sends
	 * descriptor-rate frames without firmware. */
	uint8_t cr = vc->regs[P8812A_CR];
	return vc->mac_on && (cr & 0x45) == 0x45 && p8812a_of(vc)->fw_running;
}

static bool rx_ready(const struct vchip *vc)
{
	/* HCI_RXDMA_EN | RXDMA_EN | MACRXEN */
	return vc->mac_on && (vc->regs[P8812A_CR] & 0x8A) == 0x8A;
}

static uint8_t read8(struct vchip *vc, uint32_t a)
{
	struct p8812a_state *s = p8812a_of(vc);
	switch (a) {
	case P8812A_TXPKT_EMPTY:
		/* REG_TXPKT_EMPTY [11:0]: queue-empty flags. With the TX FIFO
		 * empty all twelve read 1 (the vendor's "wait TXFF empty" on
		 * the 8812A, SetBeamformingCLK_8812, waits for 0xFFF); while
		 * a frame waits or is being sent, bits 4/5 read 0 (rtw88
		 * rtw88xxa.c rtw88xxa_switch_band polls them). Which other
		 * flag tracks the management queue is not settled by any
		 * reference, so only 4/5 drop. */
		return vc->tx_count == 0 ? 0xFF : (uint8_t)~0x30u;
	case P8812A_TXPKT_EMPTY + 1:
		return (uint8_t)((vc->regs[a] & 0xF0u) | 0x0Fu);
	case P8812A_MCUFWDL: {
		uint8_t v = vc->regs[a] & (uint8_t)~(P8812A_FWDL_CHK_RPT |
		                                     P8812A_FWDL_WINTINI_RDY |
		                                     P8812A_FWDL_RAM_DL_SEL);
		if (p8812a_fw_chk_ok(vc))
			v |= P8812A_FWDL_CHK_RPT;
		if (s->fw_running)
			v |= P8812A_FWDL_WINTINI_RDY | P8812A_FWDL_RAM_DL_SEL;
		return v;
	}
	default:
		break;
	}
	if (p8812a_in_c1(a) && p8812a_page_c1(vc))
		return p8812a_c1_read8(vc, a);
	if ((a >= 0xD04 && a < 0xD0C) || (a >= 0xD44 && a < 0xD4C)) {
		uint16_t base = (uint16_t)(a & ~3u);
		uint32_t v = p8812a_phy_rf_readback(vc, base);
		return (uint8_t)(v >> (8 * (a & 3)));
	}
	return vc->regs[a];
}

static void llt_written(struct vchip *vc)
{
	struct p8812a_state *s = p8812a_of(vc);
	uint32_t w = vc_reg32(vc, P8812A_LLT_INIT);
	unsigned op = w >> 30;
	uint8_t addr = (uint8_t)(w >> 8);
	if (op == 1)
		s->llt[addr] = (uint8_t)w;
	else if (op == 2)
		vc->regs[P8812A_LLT_INIT] = s->llt[addr];
	/* the operation completes at once: op bits read 0 */
	vc->regs[P8812A_LLT_INIT + 3] &= 0x3F;
}

static void cr_written(struct vchip *vc)
{
	struct p8812a_state *s = p8812a_of(vc);
	bool on = vc->mac_on && (vc->regs[P8812A_CR] & 0xC0) == 0xC0;
	if (on && !s->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	s->txrx_on = on;
}

static void write_byte(struct vchip *vc, uint32_t a, uint8_t v)
{
	if (bb_domain(a) && vc->mac_on &&
	    (vc->regs[P8812A_SYS_FUNC_EN] & 0x03) != 0x03) {
		vc->writes_ignored++;
		return;
	}
	if ((a >= P8812A_SYS_CFG && a < P8812A_SYS_CFG + 4) ||
	    a == P8812A_CHIP_ID || a == P8812A_USB_STRAP)
		return; /* read-only strapping/version */
	if (a == P8812A_9346CR) /* autoload status bits are the chip's */
		v = (uint8_t)((v & ~0x30u) | (vc->regs[a] & 0x30u));
	if (p8812a_in_c1(a) && p8812a_page_c1(vc)) {
		p8812a_c1_store(vc, a, v);
		return;
	}
	vc_store(vc, a, v);
}

static void write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len)
{
	uint32_t end = (uint32_t)addr + len;

	/* Firmware download window (rtw88 mac.c download_firmware_legacy,
	 * FW_START_ADDR_LEGACY): while MCUFWDL_EN is set, writes to
	 * 0x1000-0x1FFF go to the 8051 RAM page selected in 0x82[2:0]. */
	if ((vc->regs[P8812A_MCUFWDL] & P8812A_FWDL_EN) && vc->mac_on &&
	    in(addr, len, 0x1000, 0x1FFF)) {
		uint32_t lo = addr < 0x1000 ? 0x1000 : addr;
		uint32_t hi = end > 0x2000 ? 0x2000 : end;
		if (lo > addr)
			write(vc, addr, data, lo - addr);
		p8812a_fw_window_write(vc, (uint16_t)lo, data + (lo - addr),
		                       hi - lo);
		if (hi < end)
			write(vc, (uint16_t)hi, data + (hi - addr), end - hi);
		return;
	}

	uint8_t old03 = vc->regs[P8812A_SYS_FUNC_EN1];
	uint8_t old80 = vc->regs[P8812A_MCUFWDL];
	bool chk_before = at(addr, len, P8812A_MCUFWDL) &&
	                  p8812a_fw_chk_ok(vc);
	uint32_t old_980 = vc_reg32(vc, P8812A_IQK_COM64);
	uint32_t old_cb8[2] = {p8812a_iqk_cb8(vc, 0), p8812a_iqk_cb8(vc, 1)};

	for (size_t i = 0; i < len; i++)
		write_byte(vc, addr + (uint32_t)i, data[i]);

	if (at(addr, len, P8812A_SYS_FUNC_EN1)) {
		bool was = old03 & 0x04;
		bool now = vc->regs[P8812A_SYS_FUNC_EN1] & 0x04;
		if (!was && now)
			p8812a_fw_cpu_enabled(vc);
		else if (was && !now)
			p8812a_fw_cpu_disabled(vc);
	}
	if (in(addr, len, P8812A_APS_FSMCO, P8812A_APS_FSMCO + 3))
		vc_power_fsm_written(vc);
	if (in(addr, len, P8812A_EFUSE_CTRL, P8812A_EFUSE_CTRL + 3))
		p8812a_efuse_ctrl_written(vc);
	if (at(addr, len, P8812A_MCUFWDL)) {
		uint8_t now = vc->regs[P8812A_MCUFWDL];
		/* A new pass starts when download is enabled, or when the
		 * driver writes 1 to FWDL_CHK_RPT while it reads 0. Writing
		 * back a 1 it just read (read-modify-write of the page
		 * select) does not restart the pass. */
		if ((!(old80 & P8812A_FWDL_EN) && (now & P8812A_FWDL_EN)) ||
		    ((now & P8812A_FWDL_CHK_RPT) && !chk_before))
			p8812a_fw_reset_pass(vc);
	}
	if (in(addr, len, P8812A_CR, P8812A_CR + 1))
		cr_written(vc);
	if (at(addr, len, P8812A_LLT_INIT + 3) && vc->mac_on)
		llt_written(vc);
	if (at(addr, len, P8812A_DATA_SC) || at(addr, len, P8812A_RFMOD))
		p8812a_phy_update_tuning(vc);
	if (in(addr, len, P8812A_RCR, P8812A_RCR + 3) ||
	    in(addr, len, P8812A_RXFLTMAP0, P8812A_RXFLTMAP2 + 1))
		p8812a_phy_update_monitor(vc);
	if (in(addr, len, P8812A_AGC_TABLE, P8812A_AGC_TABLE + 3) &&
	    p8812a_bb_alive(vc))
		p8812a_phy_agc_write(vc, vc_reg32(vc, P8812A_AGC_TABLE));
	/* page C1 0xC90/0xE90 are other registers: no LSSI write */
	bool c1 = p8812a_page_c1(vc);
	if (!c1 && at(addr, len, P8812A_PATH_A_LSSI + 3))
		p8812a_phy_lssi_write(vc, 0);
	if (!c1 && at(addr, len, P8812A_PATH_B_LSSI + 3))
		p8812a_phy_lssi_write(vc, 1);
	if (p8812a_bb_alive(vc))
		p8812a_iqk_written(vc, addr, len, old_980, old_cb8);
	p8812a_phy_check_tables(vc, addr, len);
}

static bool rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                      bool crc_err)
{
	return vc_wmac_rx_accept(vc, f, n, crc_err);
}

const struct vchip_personality vchip_personality_8812a = {
	.name = "8812a",
	.description = "RTL8812AU (Jaguar1, 8051 firmware, 2T2R, USB3)",
	.usb_ids = ids_8812a,
	.n_usb_ids = sizeof ids_8812a / sizeof ids_8812a[0],
	.usb3_capable = true,
	.state_size = sizeof(struct p8812a_state),
	/* TX FIFO: 256 pages of 512 bytes minus 9 reserved (rtw88
	 * rtw8812a.c page_table / txff_size) */
	.tx_page = 512,
	.tx_pages = 247,
	/* largest bulk OUT (rtw88 usb.h RTW_USB_MAX_XMITBUF_SZ) */
	.tx_max_xfer = 20480,
	/* RX FIFO 16128 bytes (rtw88 rtw8812a.c rxff_size) minus the
	 * 128-byte report buffer (rtw88 rtw88xxa.c rtw88xxa_power_on) */
	.rxff_bytes = 16000,
	.rx_hdr_max = P8812A_RX_DESC + 15 * 8,
	.rf_paths = P8812A_RF_PATHS,
	.reset = reset,
	.boards = p8812a_boards,
	.efuse_build = p8812a_efuse_build,
	.mac_power = mac_power,
	.powered = powered,
	.read8 = read8,
	.observe_read = p8812a_fw_observe_read,
	.write = write,
	.rf_peek = p8812a_rf_peek,
	.iqk_peek = p8812a_iqk_peek,
	.tx_dma_on = tx_dma_on,
	.tx_ready = tx_ready,
	.tx_agg = p8812a_tx_agg,
	.tx_decode = p8812a_tx_decode,
	.rx_ready = rx_ready,
	.rx_keeps_bad_fcs = vc_wmac_rx_keeps_bad_fcs,
	.rx_accept = rx_accept,
	.rx_encode = p8812a_rx_encode,
	.rx_agg_count = p8812a_rx_agg_count,
};

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The register file of the virtual RTL8812AU and the side effects of
 * writing it: power state, LLT, EFUSE port, firmware control, CR enables.
 * Addresses and bits follow the facts sheet (section numbers in brackets).
 *
 * Power domains: the system block (0x000-0x0FF) and the USB block
 * (0xF000-0xFFFF) are always on. The MAC (0x100-0x7FF, 0x1000-0xEFFF) and
 * BB (0x800-0xFFF) blocks read 0xEA and drop writes while the MAC is off,
 * the way the chip answers for an unpowered block [2.4]. BB registers in
 * addition drop writes while the BB is held in reset (0x02 bits 0/1 clear,
 * [5.1] step 21). Caller holds vc->lock everywhere in this file.
 */
#include <string.h>

#include "libdevourer/virtual/vchip_internal.h"

#define R_SYS_FUNC_EN 0x02
#define R_APS_FSMCO 0x04      /* 0x05 bit0 APFM_ONMAC, bit1 APFM_OFFMAC */
#define R_SYS_CFG 0xF0
#define R_SYS_STATUS1 0xF4
#define R_MCUFW_CTRL 0x80
#define R_CR 0x100
#define R_LLT_INIT 0x1E0
#define R_EFUSE_CTRL 0x30

/* Plausible 8812A SYS_CFG [2.1]: low byte 0x35 as observed on real parts,
 * CHIP_VER 1 (= C-cut after the 8812A's +1), TSMC (bit19 = 0), MP chip
 * (bit23 = 0), 2T2R (bit27 = 0), no BT function. */
#define VC_SYS_CFG_8812A 0x00001035u

static bool in(uint16_t addr, size_t len, uint32_t lo, uint32_t hi)
{
	return (uint32_t)addr <= hi && (uint32_t)addr + len > lo;
}

uint32_t vc_reg32(const struct vchip *vc, uint16_t addr)
{
	if (addr > VC_REG_SPACE - 4)
		return 0;
	return vc_le32(&vc->regs[addr]);
}

void vc_regs_reset(struct vchip *vc)
{
	memset(vc->regs, 0, sizeof vc->regs);
	/* Card-disabled after plug-in: WL suspended (0x05 bit3), HPON LDO in
	 * sleep (0x23 bit4) [3.3]; everything else zero. */
	vc->regs[0x05] = 0x08;
	vc->regs[0x23] = 0x10;
	vc_put_le32(&vc->regs[R_SYS_CFG], VC_SYS_CFG_8812A);
	vc->mac_on = false;
	vc->cpu_on = false;
}

static bool power_ready(const struct vchip *vc)
{
	/* Power is ready once the HPON LDO left sleep and neither WL suspend
	 * nor SW LPS is requested (rows 4, 7/13 and 11 of [3.3]). */
	return !(vc->regs[0x05] & 0x0C) && !(vc->regs[0x23] & 0x10);
}

static bool mac_domain(uint32_t a)
{
	return a >= 0x100 && a < 0xF000;
}

static bool bb_domain(uint32_t a)
{
	return a >= 0x800 && a < 0x1000;
}

bool vc_tx_path_ready(const struct vchip *vc)
{
	/* HCI_TXDMA_EN | TXDMA_EN | MACTXEN [3.5][5.1], and booted firmware:
	 * without it the model refuses to transmit. That is the model's
	 * conservative choice — no reference settles whether an 8812A sends
	 * descriptor-rate frames without firmware [4.4]. */
	uint8_t cr = vc->regs[R_CR];
	return vc->mac_on && (cr & 0x45) == 0x45 && vc->fw_running;
}

bool vc_rx_path_ready(const struct vchip *vc)
{
	/* HCI_RXDMA_EN | RXDMA_EN | MACRXEN */
	return vc->mac_on && (vc->regs[R_CR] & 0x8A) == 0x8A;
}

static uint8_t read_byte(struct vchip *vc, uint32_t a)
{
	if (mac_domain(a) && !vc->mac_on)
		return 0xEA;
	switch (a) {
	case 0x06: {
		uint8_t v = vc->regs[a] & (uint8_t)~0x02;
		return power_ready(vc) ? v | 0x02 : v;
	}
	case R_SYS_STATUS1 + 1:
		return (uint8_t)((vc->regs[a] & ~1u) | (vc->mac_on ? 0 : 1));
	case 0x41A:
		/* REG_TXPKT_EMPTY [11:0]: queue-empty flags. With the TX FIFO
		 * empty all twelve read 1 (the vendor's "wait TXFF empty" on
		 * the 8812A, SetBeamformingCLK_8812, waits for 0xFFF); while
		 * a frame waits or is being sent, bits 4/5 read 0 [7.1] (the
		 * band-switch poll). Which other flag tracks the management
		 * queue is not settled by any reference, so only 4/5 drop. */
		return vc->tx_count == 0 ? 0xFF : (uint8_t)~0x30u;
	case 0x41B:
		return (uint8_t)((vc->regs[a] & 0xF0u) | 0x0Fu);
	case R_MCUFW_CTRL: {
		uint8_t v = vc->regs[a] & (uint8_t)~0xC4;
		if (vc_fw_chk_ok(vc))
			v |= 0x04;
		if (vc->fw_running)
			v |= 0xC0;
		return v;
	}
	default:
		break;
	}
	if ((a >= 0xD04 && a < 0xD0C) || (a >= 0xD44 && a < 0xD4C)) {
		uint16_t base = (uint16_t)(a & ~3u);
		uint32_t v = vc_phy_rf_readback(vc, base);
		return (uint8_t)(v >> (8 * (a & 3)));
	}
	return vc->regs[a];
}

void vc_reg_read(struct vchip *vc, uint16_t addr, uint8_t *out, size_t len)
{
	if (vc->pers) {
		vc->pers->reg_read(vc, addr, out, len);
		return;
	}
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		out[i] = a < VC_REG_SPACE ? read_byte(vc, a) : 0xEA;
	}
}

static void power_on_mac(struct vchip *vc)
{
	vc->mac_on = true;
	vc->tsf_base_ns = air_now_ns();
	/* MAC block comes out of reset with CR cleared; the driver then
	 * enables the DMA/protocol blocks [3.5]. */
	memset(&vc->regs[R_CR], 0, 4);
	vc_milestone(vc, VCHIP_M_POWER_ON);
}

static void power_off_mac(struct vchip *vc)
{
	vc->mac_on = false;
	vc->fw_running = false;
	vc->txrx_on = false;
	vc->monitor_on = false;
	/* Tables must be loaded again after the next power-on. */
	vc->mac_table_done = vc->bb_table_done = vc->rf_table_done = false;
	vc->agc_match = 0;
	vc->rf_match[0] = vc->rf_match[1] = 0;
	vc_milestone(vc, VCHIP_M_POWER_OFF);
}

static void apfm_written(struct vchip *vc)
{
	uint8_t v = vc->regs[0x05];
	if (v & 0x02) { /* APFM_OFFMAC: MAC off, bit self-clears */
		vc->regs[0x05] &= (uint8_t)~0x02;
		if (vc->mac_on)
			power_off_mac(vc);
	}
	if (v & 0x01) {
		/* APFM_ONMAC completes (and self-clears) only when power is
		 * ready; otherwise the bit stays set and a driver polling for
		 * it to clear times out, as on the chip. */
		if (power_ready(vc)) {
			vc->regs[0x05] &= (uint8_t)~0x01;
			if (!vc->mac_on)
				power_on_mac(vc);
		}
	}
}

static void llt_written(struct vchip *vc)
{
	uint32_t w = vc_reg32(vc, R_LLT_INIT);
	unsigned op = w >> 30;
	uint8_t addr = (uint8_t)(w >> 8);
	if (op == 1)
		vc->llt[addr] = (uint8_t)w;
	else if (op == 2)
		vc->regs[R_LLT_INIT] = vc->llt[addr];
	/* the operation completes at once: op bits read 0 */
	vc->regs[R_LLT_INIT + 3] &= 0x3F;
}

static void cr_written(struct vchip *vc)
{
	bool on = vc->mac_on && (vc->regs[R_CR] & 0xC0) == 0xC0;
	if (on && !vc->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	vc->txrx_on = on;
}

static void write_byte(struct vchip *vc, uint32_t a, uint8_t v)
{
	if (mac_domain(a) && !vc->mac_on) {
		vc->writes_ignored++;
		return;
	}
	if (bb_domain(a) && (vc->regs[R_SYS_FUNC_EN] & 0x03) != 0x03) {
		vc->writes_ignored++;
		return;
	}
	if (a >= R_SYS_CFG && a < R_SYS_CFG + 4)
		return; /* read-only strapping/version */
	vc->regs[a] = v;
}

void vc_reg_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len)
{
	uint32_t end = (uint32_t)addr + len;
	if (end > VC_REG_SPACE)
		return; /* the control path rejects this before */
	if (vc->pers) {
		vc->pers->reg_write(vc, addr, data, len);
		return;
	}

	/* Firmware download window [4.3]: while MCUFWDL_EN is set, writes to
	 * 0x1000-0x1FFF go to the 8051 RAM page selected in 0x82[2:0]. */
	if ((vc->regs[R_MCUFW_CTRL] & 0x01) && vc->mac_on &&
	    in(addr, len, 0x1000, 0x1FFF)) {
		uint32_t lo = addr < 0x1000 ? 0x1000 : addr;
		uint32_t hi = end > 0x2000 ? 0x2000 : end;
		if (lo > addr)
			vc_reg_write(vc, addr, data, lo - addr);
		vc_fw_window_write(vc, (uint16_t)lo, data + (lo - addr),
		                   hi - lo);
		if (hi < end)
			vc_reg_write(vc, (uint16_t)hi, data + (hi - addr),
			             end - hi);
		return;
	}

	uint8_t old03 = vc->regs[0x03];
	uint8_t old80 = vc->regs[R_MCUFW_CTRL];
	bool chk_before = in(addr, len, R_MCUFW_CTRL, R_MCUFW_CTRL) &&
	                  vc_fw_chk_ok(vc);

	for (size_t i = 0; i < len; i++)
		write_byte(vc, addr + (uint32_t)i, data[i]);

	if (in(addr, len, 0x03, 0x03)) {
		bool was = old03 & 0x04, now = vc->regs[0x03] & 0x04;
		if (!was && now)
			vc_fw_cpu_enabled(vc);
		else if (was && !now)
			vc_fw_cpu_disabled(vc);
	}
	if (in(addr, len, 0x05, 0x05))
		apfm_written(vc);
	if (in(addr, len, R_EFUSE_CTRL, R_EFUSE_CTRL + 3))
		vc_efuse_ctrl_written(vc);
	if (in(addr, len, R_MCUFW_CTRL, R_MCUFW_CTRL)) {
		uint8_t now = vc->regs[R_MCUFW_CTRL];
		/* A new pass starts when download is enabled, or when the
		 * driver writes 1 to FWDL_CHK_RPT while it reads 0. Writing
		 * back a 1 it just read (read-modify-write of the page
		 * select) does not restart the pass. */
		if ((!(old80 & 0x01) && (now & 0x01)) ||
		    ((now & 0x04) && !chk_before))
			vc_fw_reset_pass(vc);
	}
	if (in(addr, len, R_CR, R_CR + 1))
		cr_written(vc);
	if (in(addr, len, R_LLT_INIT + 3, R_LLT_INIT + 3) && vc->mac_on)
		llt_written(vc);
	if (in(addr, len, 0x483, 0x483) || in(addr, len, 0x8AC, 0x8AC))
		vc_phy_update_tuning(vc);
	if (in(addr, len, 0x608, 0x60B) || in(addr, len, 0x6A0, 0x6A5))
		vc_phy_update_monitor(vc);
	if (in(addr, len, 0x81C, 0x81F) && vc->mac_on &&
	    (vc->regs[R_SYS_FUNC_EN] & 0x03) == 0x03)
		vc_phy_agc_write(vc, vc_reg32(vc, 0x81C));
	if (in(addr, len, 0xC93, 0xC93))
		vc_phy_lssi_write(vc, 0);
	if (in(addr, len, 0xE93, 0xE93))
		vc_phy_lssi_write(vc, 1);
	vc_phy_check_tables(vc, addr, len);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The register file of a 3081-CPU chip: straps and reset values, the
 * power domains, the card-enable state machine (the core's), the
 * USB2 -> USB3 mode switch, and which part of the layer or the chip a
 * read or a write goes to. The MAC's engines are personality_3081_mac.c,
 * the firmware path personality_3081_fw.c, the EFUSE port
 * personality_3081_efuse.c; the BB/RF is the chip's (its phy_read and
 * phy_written hooks).
 *
 * Power domains as rtw88 usb.c rtw_usb_reg_sec names them for these
 * chips: 0x0000-0x00FF and 0x1000-0x10FF are always on, 0xFE00-0xFFFF is
 * the USB controller, everything else is the MAC/BB "off" section, which
 * reads 0xEA and drops writes while the MAC is down (the value rtw88
 * mac.c rtw_mac_power_switch takes for "off").
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

static bool off_domain(uint32_t a)
{
	return !(a < 0x100 || (a >= 0x1000 && a < 0x1100) || a >= 0xFE00);
}

static void set_straps(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	const struct p3081_chip *c = p3081_chip_of(vc);
	vc_put_le32(&vc->regs[P3081_SYS_CFG1], c->sys_cfg1);
	vc->regs[P3081_SYS_CFG2] = c->chip_id;
	/* 0xFF reads 0x20 on a SuperSpeed link (rtw88 usb.c
	 * rtw_usb_switch_mode_new); on high speed the USB block reports
	 * 0xFE11[1:0] = 1 (devourer init_usb_cfg). */
	vc->regs[P3081_SYS_CFG2 + 3] = s->usb3 ? 0x20 : 0x00;
	vc->regs[0xFE11] = s->usb3 ? 0x00 : 0x01;
	/* PAD_CTRL2: bit 20 = the pad can move between USB2 and USB3,
	 * [19:18] = mode (2 = USB3) — the fields rtw88 usb.c
	 * rtw_usb_switch_mode_new reads before it switches. A chip that
	 * cannot run at 5000 Mbit/s (the 8821C) has no pad to move. */
	uint32_t pad = vc->p->usb3_capable ? 1u << 20 : 0;
	/* The switch leaves the chip without powering the pad block down
	 * (NO_PDN_CHIPOFF, bit 17), so the mode field still says U3 when
	 * the link came back at high speed — that is how rtw88 usb.c
	 * rtw_usb_switch_mode_new recognises a USB2-only port ("If we
	 * already tried to switch don't try again"). */
	if (s->usb3 || s->u3_mode_kept)
		pad |= 2u << 18;
	vc_put_le32(&vc->regs[P3081_PAD_CTRL2], pad);
}

/* At plug-in (the core zeroed the registers; vc->usb holds the speed
 * the device enumerated at): card disabled, WL suspended (0x05 bit 3).
 * Also the state after a re-enumeration. */
void p3081_reset(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	s->usb3 = vc->usb.speed_mbps == 5000;
	vc->regs[P3081_APS_PWR] = 0x08;
	/* The chip copied its EFUSE into the shadow by itself at power-up
	 * and says so: AUTOLOAD_SUS (bit 5) set, EERPOMSEL (bit 4) clear =
	 * the map came from EFUSE. Realtek's vendor drivers (read_efuse in
	 * hal/rtl8822b/rtl8822b_ops.c, hal/rtl8821c/rtl8821c_ops.c,
	 * hal/rtl8822c/rtl8822c_ops.c) take a clear bit 5 as "autoload
	 * failed" and distrust the EFUSE; bit names from HalMAC
	 * halmac_bit_8822b.h. */
	vc->regs[P3081_SYS_EEPROM_CTRL] = 0x20;
	set_straps(vc);
	s->txrx_on = s->monitor_on = false;
	memset(s->ltecoex, 0, sizeof s->ltecoex);
	s->efuse_busy = false;
	s->llt_done_ns = 0;
	memset(s->rf, 0, sizeof s->rf);
	p3081_fw_reset(vc);
	if (p3081_chip_of(vc)->reset)
		p3081_chip_of(vc)->reset(vc);
}

/* ---- power ---- */

bool p3081_powered(const struct vchip *vc, uint32_t a)
{
	return vc->mac_on || !off_domain(a);
}

void p3081_mac_power(struct vchip *vc, bool on)
{
	struct p3081_state *s = p3081_of(vc);
	/* the MAC block comes out of reset with CR clear; going down it
	 * forgets the firmware, the filters and the enables */
	memset(&vc->regs[P3081_CR], 0, 4);
	s->txrx_on = s->monitor_on = false;
	/* either way, the tables must be loaded again before their
	 * milestones count */
	s->mac_done = s->bb_done = s->rf_done = false;
	memset(s->rf_match, 0, sizeof s->rf_match);
	if (p3081_chip_of(vc)->mac_power)
		p3081_chip_of(vc)->mac_power(vc, on);
	if (!on)
		p3081_fw_reset(vc);
	vc_set_tuning(vc, &(struct vchip_tuning){0});
}

/* ---- the USB3 switch ---- */

static void pad_ctrl2_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	uint32_t pad = vc_reg32(vc, P3081_PAD_CTRL2);
	/* The last step of rtw88 usb.c rtw_usb_switch_mode_new: with the
	 * mode field at USB3, bit 17 makes the chip leave the bus and come
	 * back as a SuperSpeed device. */
	if (vc->p->usb3_capable && !s->usb3 && ((pad >> 18) & 3) == 2 &&
	    (pad & (1u << 17))) {
		s->u3_mode_kept = true;
		vc_drop_for_reenumeration(vc, 5000);
	}
}

/* ---- register file ---- */

/* A powered byte as the chip answers it (the core answers 0x06 power
 * ready and 0xF5 "MAC off" itself). */
uint8_t p3081_read8(struct vchip *vc, uint32_t a)
{
	const struct p3081_state *s = p3081_of(vc);
	uint64_t now = air_now_ns();
	p3081_efuse_catch_up(vc, now);
	p3081_fw_catch_up(vc, now);
	uint8_t b;
	if (p3081_chip_of(vc)->phy_read(vc, a, &b))
		return b;
	switch (a) {
	case P3081_MCUFW_CTRL:
	case P3081_MCUFW_CTRL + 1: {
		uint16_t st = (uint16_t)(vc->regs[P3081_MCUFW_CTRL] |
		                         vc->regs[P3081_MCUFW_CTRL + 1] << 8);
		uint16_t v = p3081_fw_mcufw_ctrl(vc, st);
		return (uint8_t)(a == P3081_MCUFW_CTRL ? v : v >> 8);
	}
	case P3081_DDMA_CTRL + 3:
		/* OWN (bit 31) while the copy runs; the checksum status
		 * (bit 27) once it has landed */
		if (p3081_fw_ddma_busy(vc, now))
			return (uint8_t)((vc->regs[a] & 0x77) | 0x80);
		return (uint8_t)((vc->regs[a] & 0x77) |
		                 (s->ddma_chk_err ? 0x08 : 0));
	case P3081_HMEBOX_STATUS:
		return p3081_fw_mailbox_status(vc);
	case P3081_TDECTRL:
		/* the auto-LLT still walking the pages */
		if (now < s->llt_done_ns)
			return (uint8_t)(vc->regs[a] | 0x01);
		break;
	default:
		break;
	}
	if (p3081_mac_read(vc, a, &b))
		return b;
	return vc->regs[a];
}

static bool read_only(uint32_t a)
{
	/* version, chip id, link speed */
	return (a >= P3081_SYS_CFG1 && a < P3081_SYS_CFG1 + 4) ||
	       (a >= P3081_SYS_CFG2 && a < P3081_SYS_CFG2 + 4) || a == 0xFE11;
}

/* Whether a write of [addr, addr+len) touches byte a. */
static bool at(uint16_t addr, size_t len, uint32_t a)
{
	return p3081_in(addr, len, a, a);
}

void p3081_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                 size_t len)
{
	uint64_t now = air_now_ns();
	p3081_efuse_catch_up(vc, now);
	p3081_fw_catch_up(vc, now);
	uint8_t old_03 = vc->regs[P3081_SYS_FUNC_EN_HI];
	uint8_t old_1d = vc->regs[P3081_MCU_EN];
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		if (read_only(a))
			continue;
		uint8_t v = data[i];
		if (a == P3081_SYS_EEPROM_CTRL) /* autoload status: the chip's */
			v = (uint8_t)((v & ~0x30u) | (vc->regs[a] & 0x30u));
		if (a == P3081_FIFOPAGE_CTRL2 + 1) {
			/* bit 15 BCN_VALID: write 1 to clear */
			uint8_t keep = v & 0x80 ? 0 : vc->regs[a] & 0x80;
			v = (uint8_t)((v & 0x7F) | keep);
		}
		vc_store(vc, a, v);
	}
	if (p3081_in(addr, len, P3081_APS_FSMCO, P3081_APS_FSMCO + 3))
		vc_power_fsm_written(vc);
	if (p3081_in(addr, len, P3081_EFUSE_CTRL, P3081_EFUSE_CTRL + 3))
		p3081_efuse_ctrl_written(vc);
	if (p3081_in(addr, len, P3081_PAD_CTRL2, P3081_PAD_CTRL2 + 3))
		pad_ctrl2_written(vc);
	if (vc->unplugged)
		return;
	if (p3081_in(addr, len, P3081_MCUFW_CTRL, P3081_MCUFW_CTRL + 1))
		p3081_fw_rom_check(vc);
	if ((at(addr, len, P3081_SYS_FUNC_EN_HI) &&
	     ((old_03 ^ vc->regs[P3081_SYS_FUNC_EN_HI]) & 0x04)) ||
	    (at(addr, len, P3081_MCU_EN) &&
	     ((old_1d ^ vc->regs[P3081_MCU_EN]) & 0x01)))
		p3081_fw_cpu_changed(vc);
	if (!vc->mac_on)
		return;
	if (p3081_in(addr, len, P3081_CR, P3081_CR + 1))
		p3081_cr_written(vc);
	if (at(addr, len, P3081_DDMA_CTRL + 3))
		p3081_fw_ddma_written(vc);
	if (at(addr, len, P3081_LTECOEX_CTRL + 3))
		p3081_ltecoex_ctrl_written(vc);
	for (unsigned box = 0; box < 4; box++)
		if (at(addr, len, P3081_HMEBOX0 + 4 * box + 3))
			p3081_fw_mailbox_written(vc, box);
	if (at(addr, len, P3081_TDECTRL))
		p3081_tdectrl_written(vc);
	if (p3081_in(addr, len, P3081_RCR, P3081_RCR + 3) ||
	    p3081_in(addr, len, P3081_RXFLTMAP0, P3081_RXFLTMAP2 + 1))
		p3081_rx_filter_written(vc);
	p3081_chip_of(vc)->phy_written(vc, addr, len);
	p3081_tables_written(vc, addr, len);
}

unsigned p3081_thermal_meter(const struct vchip *vc, uint16_t ef_cal,
                             unsigned path)
{
	/* what a die reads with no calibration and no test temperature */
	enum { UNCALIBRATED = 0x20 };
	const uint8_t *cal = &p3081_of(vc)->efuse_log[ef_cal];
	bool have_a = cal[0] != 0xFF;
	int t = vc->thermal >= 0 ? vc->thermal
	        : have_a       ? cal[0] & 0x3F
	                       : UNCALIBRATED;
	if (path != 0 && have_a && cal[path] != 0xFF)
		t += (int)(cal[path] & 0x3F) - (int)(cal[0] & 0x3F);
	return t < 0 ? 0u : t > 63 ? 63u : (unsigned)t;
}

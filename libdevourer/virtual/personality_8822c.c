/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * RTL8822C personality: USB identity, straps and chip-id registers, the
 * register file with its power domains, the card-enable state machine
 * and the USB2 -> USB3 mode switch. The firmware path, the BB/RF and the
 * descriptors live in personality_8822c_{fw,phy,trx,efuse}.c.
 *
 * Power domains as rtw88 usb.c rtw_usb_reg_sec names them: 0x0000-0x00FF
 * and 0x1000-0x10FF are always on, 0xFE00-0xFFFF is the USB controller,
 * everything else is the MAC/BB "off" section, which reads 0xEA and drops
 * writes while the MAC is down (the value rtw88 mac.c
 * rtw_mac_power_switch takes for "off").
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/vchip_regs_8822c.h"

/* rtw88 rtw8822cu.c rtw_8822cu_id_table */
static const struct {
	uint16_t vid, pid;
} ids_8822cu[] = {
	{0x0BDA, 0xC82C}, {0x0BDA, 0xC812}, {0x0BDA, 0xC82E},
	{0x0BDA, 0xD820}, {0x0BDA, 0xD82B}, {0x13B1, 0x0043},
	{0x2001, 0x3329},
};

static bool claims(uint16_t vid, uint16_t pid)
{
	for (size_t i = 0; i < sizeof ids_8822cu / sizeof ids_8822cu[0]; i++)
		if (ids_8822cu[i].vid == vid && ids_8822cu[i].pid == pid)
			return true;
	return false;
}

/* SYS_CFG1: cut in [15:12] used as is (rtw88 main.c
 * rtw_chip_parameter_setup), RF_TYPE_ID bit 27 = 2T2R, RTL_ID bit 23
 * clear (MP chip), fab [19:16] 0 = TSMC. Which cut retail RTL8812CU
 * parts carry no reference states; the model says C-cut (2). */
#define C22_SYS_CFG1_VAL 0x08002000u
#define C22_CHIP_ID 0x13 /* SYS_CFG2 byte, OpenIPC devourer read_chip_id */

static bool in(uint32_t addr, size_t len, uint32_t lo, uint32_t hi)
{
	return addr <= hi && addr + len > lo;
}

static bool off_domain(uint32_t a)
{
	return !(a < 0x100 || (a >= 0x1000 && a < 0x1100) || a >= 0xFE00);
}

static void set_straps(struct vchip *vc)
{
	struct c22_state *s = c22(vc);
	vc_put_le32(&vc->regs[C22_SYS_CFG1], C22_SYS_CFG1_VAL);
	vc->regs[C22_SYS_CFG2] = C22_CHIP_ID;
	/* 0xFF reads 0x20 on a SuperSpeed link (rtw88 usb.c
	 * rtw_usb_switch_mode_new); on high speed the USB block reports
	 * 0xFE11[1:0] = 1 (devourer init_usb_cfg). */
	vc->regs[C22_SYS_CFG2 + 3] = s->usb3 ? 0x20 : 0x00;
	vc->regs[0xFE11] = s->usb3 ? 0x00 : 0x01;
	/* PAD_CTRL2: bit 20 = the pad can move between USB2 and USB3,
	 * [19:18] = mode (2 = USB3) — the fields rtw88 usb.c
	 * rtw_usb_switch_mode_new reads before it switches. */
	uint32_t pad = 1u << 20;
	if (s->usb3)
		pad |= 2u << 18;
	vc_put_le32(&vc->regs[C22_PAD_CTRL2], pad);
}

static void reset(struct vchip *vc)
{
	memset(vc->regs, 0, sizeof vc->regs);
	/* As plugged in: card disabled, WL suspended (0x05 bit 3), MAC
	 * "was off" latch (0xF5 bit 0) set — rtw88 mac.c
	 * rtw_mac_power_switch reads it to know the MAC is down. */
	vc->regs[C22_APS_PWR] = 0x08;
	vc->regs[C22_SYS_STATUS1 + 1] = 0x01;
	set_straps(vc);
	vc->mac_on = false;
	vc->cpu_on = false;
	vc->fw_running = false;
	vc->txrx_on = vc->monitor_on = false;
	memset(vc->rf, 0, sizeof vc->rf);
	memset(&vc->tuning, 0, sizeof vc->tuning);
	c22_fw_reset(vc);
}

static int init(struct vchip *vc)
{
	struct c22_state *s = calloc(1, sizeof *s);
	if (!s)
		return -ENOMEM;
	s->imem = calloc(1, C22_IMEM_MAX);
	s->dmem = calloc(1, C22_DMEM_MAX);
	s->emem = calloc(1, C22_EMEM_MAX);
	s->txbuf = calloc(1, C22_TXBUF);
	vc->pers_state = s;
	if (!s->imem || !s->dmem || !s->emem || !s->txbuf)
		return -ENOMEM;
	s->usb3 = vc->cfg.speed_mbps == 5000;
	reset(vc);
	c22_efuse_build(vc);
	return 0;
}

static void fini(struct vchip *vc)
{
	struct c22_state *s = c22(vc);
	if (!s)
		return;
	free(s->imem);
	free(s->dmem);
	free(s->emem);
	free(s->txbuf);
	free(s);
	vc->pers_state = NULL;
}

static void reset_for_reenumeration(struct vchip *vc)
{
	c22(vc)->usb3 = vc->usb.speed_mbps == 5000;
	reset(vc);
}

/* ---- power ---- */

static bool power_ready(const struct vchip *vc)
{
	/* Ready once neither WL suspend nor LPS (0x05 bits 4:3) is asked
	 * for — rows 5/7 of the card-enable flow clear them before the
	 * poll of 0x06 bit 1 (rtw88 rtw8822c.c trans_cardemu_to_act). */
	return !(vc->regs[C22_APS_PWR] & 0x18);
}

static void power_on_mac(struct vchip *vc)
{
	vc->mac_on = true;
	vc->tsf_base_ns = air_now_ns();
	memset(&vc->regs[C22_CR], 0, 4);
	vc_milestone(vc, VCHIP_M_POWER_ON);
}

static void power_off_mac(struct vchip *vc)
{
	vc->mac_on = false;
	vc->fw_running = false;
	vc->txrx_on = vc->monitor_on = false;
	vc->regs[C22_SYS_STATUS1 + 1] |= 0x01;
	c22_fw_reset(vc);
	vc_milestone(vc, VCHIP_M_POWER_OFF);
}

static void apfm_written(struct vchip *vc)
{
	uint8_t v = vc->regs[C22_APS_PWR];
	if (v & 0x02) { /* APFM_OFFMAC: self-clears once the MAC is down */
		vc->regs[C22_APS_PWR] &= (uint8_t)~0x02;
		if (vc->mac_on)
			power_off_mac(vc);
	}
	/* APFM_ONMAC self-clears only when power is ready: a driver that
	 * polls it before clearing the suspend bits times out. */
	if ((v & 0x01) && power_ready(vc)) {
		vc->regs[C22_APS_PWR] &= (uint8_t)~0x01;
		if (!vc->mac_on)
			power_on_mac(vc);
	}
}

static void pad_ctrl2_written(struct vchip *vc)
{
	struct c22_state *s = c22(vc);
	uint32_t pad = vc_reg32(vc, C22_PAD_CTRL2);
	/* The last step of rtw88 usb.c rtw_usb_switch_mode_new: with the
	 * mode field at USB3, bit 17 makes the chip leave the bus and come
	 * back as a SuperSpeed device. */
	if (!s->usb3 && ((pad >> 18) & 3) == 2 && (pad & (1u << 17)))
		vc_drop_for_reenumeration(vc, 5000);
}

static void cr_written(struct vchip *vc)
{
	bool on = vc->mac_on && (vc->regs[C22_CR] & 0xC0) == 0xC0;
	if (on && !vc->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	vc->txrx_on = on;
}

/* ---- register file ---- */

static uint8_t read_byte(struct vchip *vc, uint32_t a)
{
	struct c22_state *s = c22(vc);
	if (off_domain(a) && !vc->mac_on)
		return 0xEA;
	uint8_t b;
	if (c22_phy_read(vc, a, &b))
		return b;
	switch (a) {
	case C22_PWR_STATUS: {
		uint8_t v = vc->regs[a] & (uint8_t)~0x02;
		return power_ready(vc) ? v | 0x02 : v;
	}
	case C22_MCUFW_CTRL:
	case C22_MCUFW_CTRL + 1: {
		uint16_t st = (uint16_t)(vc->regs[C22_MCUFW_CTRL] |
		                         vc->regs[C22_MCUFW_CTRL + 1] << 8);
		uint16_t v = c22_fw_mcufw_ctrl(vc, st);
		return (uint8_t)(a == C22_MCUFW_CTRL ? v : v >> 8);
	}
	case C22_DDMA_CTRL + 3:
		/* OWN reads 0: every copy completes within the write */
		return (uint8_t)((vc->regs[a] & 0x77) |
		                 (s->ddma_chk_err ? 0x08 : 0));
	case C22_HMEBOX_STATUS:
		return 0; /* the firmware empties the mailboxes at once */
	default:
		break;
	}
	if (in(a, 1, C22_H2C_PKT_RD, C22_H2C_PKT_WR + 3)) {
		/* H2C queue read/write pointers: the firmware drains packets
		 * as they arrive, so both sit at the queue head (0x244) —
		 * rtw88 mac.c init_h2c then finds the whole queue free. */
		uint32_t head = vc_reg32(vc, 0x244) & 0x3FFFF;
		return (uint8_t)(head >> (8 * (a & 3)));
	}
	return vc->regs[a];
}

static void reg_read(struct vchip *vc, uint16_t addr, uint8_t *out, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		out[i] = a < VC_REG_SPACE ? read_byte(vc, a) : 0xEA;
	}
}

static bool read_only(uint32_t a)
{
	/* version, chip id, link speed */
	return (a >= C22_SYS_CFG1 && a < C22_SYS_CFG1 + 4) ||
	       (a >= C22_SYS_CFG2 && a < C22_SYS_CFG2 + 4) || a == 0xFE11;
}

static void reg_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                      size_t len)
{
	uint8_t old_03 = vc->regs[C22_SYS_FUNC_EN_HI];
	uint8_t old_1d = vc->regs[C22_MCU_EN];
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		if (off_domain(a) && !vc->mac_on) {
			vc->writes_ignored++;
			continue;
		}
		if (read_only(a))
			continue;
		if (a == C22_FIFOPAGE_CTRL2 + 1) {
			/* bit 15 BCN_VALID: write 1 to clear */
			uint8_t keep = data[i] & 0x80 ? 0 : vc->regs[a] & 0x80;
			vc->regs[a] = (uint8_t)((data[i] & 0x7F) | keep);
			continue;
		}
		vc->regs[a] = data[i];
	}
	if (in(addr, len, C22_APS_PWR, C22_APS_PWR))
		apfm_written(vc);
	if (in(addr, len, C22_EFUSE_CTRL, C22_EFUSE_CTRL + 3))
		c22_efuse_ctrl_written(vc);
	if (in(addr, len, C22_PAD_CTRL2, C22_PAD_CTRL2 + 3))
		pad_ctrl2_written(vc);
	if (vc->unplugged)
		return;
	if ((in(addr, len, C22_SYS_FUNC_EN_HI, C22_SYS_FUNC_EN_HI) &&
	     ((old_03 ^ vc->regs[C22_SYS_FUNC_EN_HI]) & 0x04)) ||
	    (in(addr, len, C22_MCU_EN, C22_MCU_EN) &&
	     ((old_1d ^ vc->regs[C22_MCU_EN]) & 0x01)))
		c22_fw_cpu_changed(vc);
	if (!vc->mac_on)
		return;
	if (in(addr, len, C22_CR, C22_CR + 1))
		cr_written(vc);
	if (in(addr, len, C22_DDMA_CTRL + 3, C22_DDMA_CTRL + 3))
		c22_fw_ddma_written(vc);
	for (unsigned box = 0; box < 4; box++)
		if (in(addr, len, C22_HMEBOX0 + 4 * box + 3,
		       C22_HMEBOX0 + 4 * box + 3))
			c22_fw_mailbox_written(vc, box);
	if (in(addr, len, 0x208, 0x208) && (vc->regs[0x208] & 0x01))
		vc->regs[0x208] &= (uint8_t)~0x01; /* auto-LLT done at once */
	if (in(addr, len, C22_RCR, C22_RCR + 3) ||
	    in(addr, len, 0x6A0, 0x6A5)) {
		uint32_t rcr = vc_reg32(vc, C22_RCR);
		bool mon = (rcr & 0x1u) && vc_reg32(vc, 0x6A0) == 0xFFFFFFFFu;
		if (mon && !vc->monitor_on)
			vc_milestone(vc, VCHIP_M_MONITOR);
		vc->monitor_on = mon;
	}
	c22_phy_written(vc, addr, len);
}

const struct vc_personality vc_personality_8822c = {
	.name = "8822c",
	.claims = claims,
	.default_pid = 0xC812,
	.init = init,
	.fini = fini,
	.reset = reset_for_reenumeration,
	.reg_read = reg_read,
	.reg_write = reg_write,
	.tx_transfer = c22_tx_transfer,
	.rx_accepts = c22_rx_accepts,
	.rx_encode = c22_rx_encode,
};

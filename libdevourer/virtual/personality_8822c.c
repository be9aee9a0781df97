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
#include <string.h>

#include "libdevourer/virtual/personality_8822c.h"
#include "libdevourer/virtual/personality_8822c_regs.h"

/* rtw88 rtw8822cu.c rtw_8822cu_id_table; the first is the default
 * identity. 13b1:0043 is listed for the 8822BU too. */
static const struct vchip_usb_id ids_8822cu[] = {
	{0x0BDA, 0xC812}, {0x0BDA, 0xC82C}, {0x0BDA, 0xC82E},
	{0x0BDA, 0xD820}, {0x0BDA, 0xD82B}, {0x13B1, 0x0043},
	{0x2001, 0x3329},
};

/* SYS_CFG1: cut in [15:12] used as is (rtw88 main.c
 * rtw_chip_parameter_setup), RF_TYPE_ID bit 27 = 2T2R, RTL_ID bit 23
 * clear (MP chip), fab [19:16] 0 = TSMC. Which cut retail RTL8812CU
 * parts carry no reference states; the model says C-cut (2). */
#define P8822C_SYS_CFG1_VAL 0x08002000u
#define P8822C_CHIP_ID 0x13 /* SYS_CFG2 byte, OpenIPC devourer read_chip_id */

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
	struct p8822c_state *s = p8822c_of(vc);
	vc_put_le32(&vc->regs[P8822C_SYS_CFG1], P8822C_SYS_CFG1_VAL);
	vc->regs[P8822C_SYS_CFG2] = P8822C_CHIP_ID;
	/* 0xFF reads 0x20 on a SuperSpeed link (rtw88 usb.c
	 * rtw_usb_switch_mode_new); on high speed the USB block reports
	 * 0xFE11[1:0] = 1 (devourer init_usb_cfg). */
	vc->regs[P8822C_SYS_CFG2 + 3] = s->usb3 ? 0x20 : 0x00;
	vc->regs[0xFE11] = s->usb3 ? 0x00 : 0x01;
	/* PAD_CTRL2: bit 20 = the pad can move between USB2 and USB3,
	 * [19:18] = mode (2 = USB3) — the fields rtw88 usb.c
	 * rtw_usb_switch_mode_new reads before it switches. */
	uint32_t pad = 1u << 20;
	/* The switch leaves the chip without powering the pad block down
	 * (NO_PDN_CHIPOFF, bit 17), so the mode field still says U3 when
	 * the link came back at high speed — that is how rtw88 usb.c
	 * rtw_usb_switch_mode_new recognises a USB2-only port ("If we
	 * already tried to switch don't try again"). */
	if (s->usb3 || s->u3_mode_kept)
		pad |= 2u << 18;
	vc_put_le32(&vc->regs[P8822C_PAD_CTRL2], pad);
}

/* At plug-in (the core zeroed the registers; vc->usb holds the speed
 * the device enumerated at): card disabled, WL suspended (0x05 bit 3).
 * Also the state after a re-enumeration. */
static void reset(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	s->usb3 = vc->usb.speed_mbps == 5000;
	vc->regs[P8822C_APS_PWR] = 0x08;
	set_straps(vc);
	s->txrx_on = s->monitor_on = false;
	memset(s->rf, 0, sizeof s->rf);
	s->x2k_busy = s->x2k_stuck;
	s->primary_sc = 0;
	memset(s->ltecoex, 0, sizeof s->ltecoex);
	p8822c_fw_reset(vc);
}

/* ---- power ---- */

static bool powered(const struct vchip *vc, uint32_t a)
{
	return vc->mac_on || !off_domain(a);
}

static void mac_power(struct vchip *vc, bool on)
{
	struct p8822c_state *s = p8822c_of(vc);
	/* the MAC block comes out of reset with CR clear; going down it
	 * forgets the firmware, the filters and the enables */
	memset(&vc->regs[P8822C_CR], 0, 4);
	s->txrx_on = s->monitor_on = false;
	s->mac_done = s->bb_done = s->rf_done = false;
	s->rf_match[0] = s->rf_match[1] = 0;
	if (!on)
		p8822c_fw_reset(vc);
	vc_set_tuning(vc, &(struct vchip_tuning){0});
}

bool p8822c_tx_dma_on(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8822C_CR] & 0x01); /* HCI_TXDMA_EN */
}

bool p8822c_tx_ready(const struct vchip *vc)
{
	/* HCI_TXDMA_EN | TXDMA_EN | MACTXEN and running firmware: without
	 * firmware the model does not transmit (no reference says the chip
	 * sends descriptor-rate frames without it) */
	return vc->mac_on && (vc->regs[P8822C_CR] & 0x45) == 0x45 &&
	       p8822c_of(vc)->fw_running;
}

bool p8822c_rx_ready(const struct vchip *vc)
{
	return vc->mac_on && (vc->regs[P8822C_CR] & 0x8A) == 0x8A;
}

static void pad_ctrl2_written(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	uint32_t pad = vc_reg32(vc, P8822C_PAD_CTRL2);
	/* The last step of rtw88 usb.c rtw_usb_switch_mode_new: with the
	 * mode field at USB3, bit 17 makes the chip leave the bus and come
	 * back as a SuperSpeed device. */
	if (!s->usb3 && ((pad >> 18) & 3) == 2 && (pad & (1u << 17))) {
		s->u3_mode_kept = true;
		vc_drop_for_reenumeration(vc, 5000);
	}
}

/* A command on the LTE-coex port: bit 31 starts an access to the
 * dword at [15:0], bit 30 makes it a write of WDATA, else RDATA takes
 * the register. The access completes at once, so the ready bit (29)
 * always reads 1 (rtw88 util.c ltecoex_read_reg polls it before every
 * command). */
static void ltecoex_ctrl_written(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	uint32_t ctrl = vc_reg32(vc, P8822C_LTECOEX_CTRL);
	if (!(ctrl & (1u << 31)))
		return;
	uint32_t off = ctrl & 0xFFFFu;
	if (off >= 4 * (sizeof s->ltecoex / sizeof s->ltecoex[0]))
		return; /* outside the block: no register answers */
	if (ctrl & (1u << 30))
		s->ltecoex[off / 4] = vc_reg32(vc, P8822C_LTECOEX_WDATA);
	else
		vc_put_le32(&vc->regs[P8822C_LTECOEX_RDATA],
		            s->ltecoex[off / 4]);
}

static void cr_written(struct vchip *vc)
{
	struct p8822c_state *s = p8822c_of(vc);
	bool on = vc->mac_on && (vc->regs[P8822C_CR] & 0xC0) == 0xC0;
	if (on && !s->txrx_on)
		vc_milestone(vc, VCHIP_M_TX_ENABLED);
	s->txrx_on = on;
}

/* ---- register file ---- */

/* A powered byte as the chip answers it (the core answers 0x06 power
 * ready and 0xF5 "MAC off" itself). */
static uint8_t read8(struct vchip *vc, uint32_t a)
{
	struct p8822c_state *s = p8822c_of(vc);
	uint8_t b;
	if (p8822c_phy_read(vc, a, &b))
		return b;
	switch (a) {
	case P8822C_MCUFW_CTRL:
	case P8822C_MCUFW_CTRL + 1: {
		uint16_t st = (uint16_t)(vc->regs[P8822C_MCUFW_CTRL] |
		                         vc->regs[P8822C_MCUFW_CTRL + 1] << 8);
		uint16_t v = p8822c_fw_mcufw_ctrl(vc, st);
		return (uint8_t)(a == P8822C_MCUFW_CTRL ? v : v >> 8);
	}
	case P8822C_DDMA_CTRL + 3:
		/* OWN reads 0: every copy completes within the write */
		return (uint8_t)((vc->regs[a] & 0x77) |
		                 (s->ddma_chk_err ? 0x08 : 0));
	case P8822C_HMEBOX_STATUS:
		return 0; /* the firmware empties the mailboxes at once */
	case P8822C_LTECOEX_CTRL + 3:
		return (uint8_t)(vc->regs[a] | 0x20); /* ready */
	default:
		break;
	}
	if (a >= P8822C_FIFOPAGE_INFO_1 + 2 &&
	    a < P8822C_FIFOPAGE_INFO_1 + 16 && (a & 3) >= 2) {
		/* available pages: the queue's reserved pages less those its
		 * frames still hold — equal again once the queue drained
		 * (rtw88 mac.c __rtw_mac_flush_prio_queue waits for that) */
		static const int queue_of[4] = {3, 1, 2, 0}; /* H L N E */
		uint32_t base = a & ~3u;
		int q = queue_of[(base - P8822C_FIFOPAGE_INFO_1) / 4];
		unsigned rsvd = (unsigned)(vc->regs[base] |
		                           (vc->regs[base + 1] & 0x0F) << 8);
		unsigned held = vc_tx_queue_pages(vc, q);
		unsigned avail = held < rsvd ? rsvd - held : 0;
		return (uint8_t)(a & 1 ? avail >> 8 : avail);
	}
	if (in(a, 1, P8822C_H2C_PKT_RD, P8822C_H2C_PKT_WR + 3)) {
		/* H2C queue read/write pointers: the firmware drains packets
		 * as they arrive, so both sit at the queue head (0x244) —
		 * rtw88 mac.c init_h2c then finds the whole queue free. */
		uint32_t head = vc_reg32(vc, 0x244) & 0x3FFFF;
		return (uint8_t)(head >> (8 * (a & 3)));
	}
	return vc->regs[a];
}

static bool read_only(uint32_t a)
{
	/* version, chip id, link speed */
	return (a >= P8822C_SYS_CFG1 && a < P8822C_SYS_CFG1 + 4) ||
	       (a >= P8822C_SYS_CFG2 && a < P8822C_SYS_CFG2 + 4) || a == 0xFE11;
}

static void write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len)
{
	struct p8822c_state *s = p8822c_of(vc);
	uint8_t old_03 = vc->regs[P8822C_SYS_FUNC_EN_HI];
	uint8_t old_1d = vc->regs[P8822C_MCU_EN];
	for (size_t i = 0; i < len; i++) {
		uint32_t a = (uint32_t)addr + i;
		if (read_only(a))
			continue;
		uint8_t v = data[i];
		if (a == P8822C_FIFOPAGE_CTRL2 + 1) {
			/* bit 15 BCN_VALID: write 1 to clear */
			uint8_t keep = v & 0x80 ? 0 : vc->regs[a] & 0x80;
			v = (uint8_t)((v & 0x7F) | keep);
		}
		vc_store(vc, a, v);
	}
	if (in(addr, len, P8822C_APS_FSMCO, P8822C_APS_FSMCO + 3))
		vc_power_fsm_written(vc);
	if (in(addr, len, P8822C_EFUSE_CTRL, P8822C_EFUSE_CTRL + 3))
		p8822c_efuse_ctrl_written(vc);
	if (in(addr, len, P8822C_PAD_CTRL2, P8822C_PAD_CTRL2 + 3))
		pad_ctrl2_written(vc);
	if (vc->unplugged)
		return;
	if ((in(addr, len, P8822C_SYS_FUNC_EN_HI, P8822C_SYS_FUNC_EN_HI) &&
	     ((old_03 ^ vc->regs[P8822C_SYS_FUNC_EN_HI]) & 0x04)) ||
	    (in(addr, len, P8822C_MCU_EN, P8822C_MCU_EN) &&
	     ((old_1d ^ vc->regs[P8822C_MCU_EN]) & 0x01)))
		p8822c_fw_cpu_changed(vc);
	if (!vc->mac_on)
		return;
	if (in(addr, len, P8822C_CR, P8822C_CR + 1))
		cr_written(vc);
	if (in(addr, len, P8822C_DDMA_CTRL + 3, P8822C_DDMA_CTRL + 3))
		p8822c_fw_ddma_written(vc);
	if (in(addr, len, P8822C_LTECOEX_CTRL + 3, P8822C_LTECOEX_CTRL + 3))
		ltecoex_ctrl_written(vc);
	for (unsigned box = 0; box < 4; box++)
		if (in(addr, len, P8822C_HMEBOX0 + 4 * box + 3,
		       P8822C_HMEBOX0 + 4 * box + 3))
			p8822c_fw_mailbox_written(vc, box);
	if (in(addr, len, 0x208, 0x208) && (vc->regs[0x208] & 0x01)) {
		vc->regs[0x208] &= (uint8_t)~0x01; /* auto-LLT done at once */
		/* The 8822C has no MAC register table (rtw88 rtw8822c_mac
		 * is empty): its MAC set-up is the page layout, and the
		 * link list the chip builds over it (rtw88 mac.c
		 * priority_queue_cfg, BIT_AUTO_INIT_LLT_V1) is the step the
		 * chip itself sees. */
		if (!s->mac_done)
			vc_milestone(vc, VCHIP_M_MAC_TABLE);
		s->mac_done = true;
	}
	if (in(addr, len, P8822C_RCR, P8822C_RCR + 3) ||
	    in(addr, len, 0x6A0, 0x6A5)) {
		uint32_t rcr = vc_reg32(vc, P8822C_RCR);
		bool mon = (rcr & 0x1u) && vc_reg32(vc, 0x6A0) == 0xFFFFFFFFu;
		if (mon && !s->monitor_on)
			vc_milestone(vc, VCHIP_M_MONITOR);
		s->monitor_on = mon;
	}
	p8822c_phy_written(vc, addr, len);
}

const struct vchip_personality vchip_personality_8822c = {
	.name = "8822c",
	.description = "RTL8822CU / RTL8812CU (Jaguar3, 3081 firmware)",
	.usb_ids = ids_8822cu,
	.n_usb_ids = sizeof ids_8822cu / sizeof ids_8822cu[0],
	.usb3_capable = true,
	.state_size = sizeof(struct p8822c_state),
	/* TX FIFO of 2048 pages of 128 bytes (rtw88 main.h
	 * TX_PAGE_SIZE_SHIFT; rtw8822c.c txff_size 256 KiB), of which the
	 * reserved pages above the boundary 1938 are not the host's */
	.tx_page = 128,
	.tx_pages = 1938,
	.tx_max_xfer = 20480,      /* rtw88 usb.h RTW_USB_MAX_XMITBUF_SZ */
	.rxff_bytes = 24576,       /* rtw8822c.c hw_spec rxff_size */
	.rx_hdr_max = 24 + 32,
	.rf_paths = 2,
	.reset = reset,
	.boards = p8822c_boards,
	.efuse_build = p8822c_efuse_build,
	.mac_power = mac_power,
	.powered = powered,
	.read8 = read8,
	.write = write,
	.rf_peek = p8822c_rf_peek,
	.tx_dma_on = p8822c_tx_dma_on,
	.tx_ready = p8822c_tx_ready,
	.tx_agg = p8822c_tx_agg,
	.tx_decode = p8822c_tx_decode,
	.rx_ready = p8822c_rx_ready,
	.rx_keeps_bad_fcs = vc_wmac_rx_keeps_bad_fcs, /* RCR ACRC32, bit 8 */
	.rx_accept = p8822c_rx_accept,
	.rx_encode = p8822c_rx_encode,
	.rx_agg_count = p8822c_rx_agg_count,
};

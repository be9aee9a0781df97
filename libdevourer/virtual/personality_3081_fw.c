/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The firmware path of a 3081-CPU chip, as the chip sees it (rtw88 mac.c
 * __rtw_download_firmware and helpers, fw.c):
 *  - a beacon-queue bulk OUT lands in the TX packet buffer at the page
 *    0x204 [11:0] names and sets the "beacon valid" flag 0x204 bit 15
 *    (write 1 to clear);
 *  - DDMA channel 0 (0x1200 source, 0x1204 destination, 0x1208 control)
 *    copies from the TX buffer into DMEM / IMEM / EMEM, where the chip
 *    has them on its on-chip bus (struct p3081_chip), XOR-ing every
 *    16-bit little-endian word it moves into a running checksum
 *    (reset by 0x1208 bit 25, carried across copies by bit 24). A
 *    genuine segment ends with its 8-byte trailer whose first word
 *    makes the XOR of the whole segment zero; 0x1208 bit 27 reports a
 *    non-zero result. The header is never downloaded: the chip checks
 *    only what the DMA moved.
 *  - the 3081 CPU starts when both 0x1D bit 0 and 0x03 bit 2 are set
 *    and the host has flagged the download done (0x80 bit 14). It runs
 *    only if DMEM and IMEM (and EMEM, when one was loaded) passed their
 *    checksum; the running firmware sets FW_INIT_RDY (0x80 bit 15) and
 *    answers the hardware-feature request in REG_C2HEVT with the chip's
 *    capabilities.
 *  - H2C: mailbox commands (0x1D0..0x1DC, the running firmware empties
 *    the boxes at once) and packets (QSEL 0x13, category 0x01 / command
 *    0xFF); what the firmware answers to each is the chip's (its
 *    h2c_command and h2c_packet hooks).
 */
#include <string.h>

#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_3081_regs.h"

#define C2H_HW_FEATURE_REQ 0xFD    /* rtw88 fw.h C2H_HW_FEATURE_DUMP */
#define C2H_HW_FEATURE_REPORT 0x19

void p3081_fw_reset(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	s->ddma_xor = 0;
	s->ddma_chk_err = false;
	s->dmem_ok = s->imem_ok = s->emem_ok = false;
	s->dmem_hi = s->imem_hi = s->emem_hi = 0;
	s->chk_milestone = false;
	s->cpu_on = false;
	s->rom_refused = false;
	s->fw_booting = s->fw_running = false;
	s->ddma_done_ns = 0;
	s->hmebox_busy = 0;
}

void p3081_fw_beacon_page(struct vchip *vc, const uint8_t *data, size_t len)
{
	struct p3081_state *s = p3081_of(vc);
	size_t txbuf = p3081_chip_of(vc)->txbuf;
	const uint8_t *ctrl2 = &vc->regs[P3081_FIFOPAGE_CTRL2];
	size_t page = (size_t)(ctrl2[0] | (ctrl2[1] & 0x0F) << 8);
	size_t at = page * P3081_TX_PAGE;
	if (at >= txbuf)
		return;
	if (len > txbuf - at)
		len = txbuf - at;
	memcpy(s->txbuf + at, data, len);
	vc->regs[P3081_FIFOPAGE_CTRL2 + 1] |= 0x80; /* BCN_VALID */
}

struct ddma_mem {
	uint8_t *at;   /* destination inside the memory */
	size_t end;    /* offset just past the copy */
	size_t *hi;
	bool *ok;
};

/* Which on-chip memory [da, da + len) falls in; false if none. */
static bool ddma_dest(const struct p3081_chip *c, struct p3081_state *s,
                      uint32_t da, uint32_t len, struct ddma_mem *m)
{
	struct {
		uint32_t base, size;
		uint8_t *mem;
		size_t *hi;
		bool *ok;
	} mem[] = {
		{c->ocp_imem, P3081_IMEM_MAX, s->imem, &s->imem_hi,
		 &s->imem_ok},
		{P3081_OCP_DMEM, P3081_DMEM_MAX, s->dmem, &s->dmem_hi,
		 &s->dmem_ok},
		{P3081_OCP_EMEM, P3081_EMEM_MAX, s->emem, &s->emem_hi,
		 &s->emem_ok},
	};
	for (size_t i = 0; i < 3; i++) {
		if (da < mem[i].base || da - mem[i].base > mem[i].size ||
		    len > mem[i].size - (da - mem[i].base))
			continue;
		m->at = mem[i].mem + (da - mem[i].base);
		m->end = (size_t)(da - mem[i].base) + len;
		m->hi = mem[i].hi;
		m->ok = mem[i].ok;
		return true;
	}
	return false;
}

/* 0x1208 byte 3 written: reset the checksum status, start a copy. */
void p3081_fw_ddma_written(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	uint32_t txbuf = (uint32_t)p3081_chip_of(vc)->txbuf;
	uint32_t ctrl = vc_reg32(vc, P3081_DDMA_CTRL);
	if (ctrl & P3081_DDMA_RST_CHKSUM) {
		s->ddma_xor = 0;
		s->ddma_chk_err = false;
		ctrl &= ~P3081_DDMA_RST_CHKSUM; /* self-clearing */
	}
	uint64_t now = air_now_ns();
	if ((ctrl & P3081_DDMA_OWN) && p3081_fw_ddma_busy(vc, now)) {
		/* The engine is still moving the last copy: a driver that
		 * starts another without waiting for OWN to clear loses
		 * it (rtw88 mac.c iddma_enable waits first; what the
		 * silicon does with such a write no reference says — the
		 * model drops it, so the segment's checksum fails). */
		vc->regs[P3081_DDMA_CTRL + 3] &= (uint8_t)~0x80u;
		return;
	}
	if (ctrl & P3081_DDMA_OWN) {
		uint32_t sa = vc_reg32(vc, P3081_DDMA_SA);
		uint32_t da = vc_reg32(vc, P3081_DDMA_DA);
		uint32_t len = ctrl & P3081_DDMA_LEN_MASK;
		struct ddma_mem m = {0};
		bool dst = ddma_dest(p3081_chip_of(vc), s, da, len, &m);
		bool src_ok = sa >= P3081_OCP_TXBUF &&
		              sa - P3081_OCP_TXBUF <= txbuf &&
		              len <= txbuf - (sa - P3081_OCP_TXBUF);
		if (!(ctrl & P3081_DDMA_CHKSUM_CONT))
			s->ddma_xor = 0;
		if (dst && src_ok) {
			const uint8_t *src = s->txbuf + (sa - P3081_OCP_TXBUF);
			memcpy(m.at, src, len);
			for (uint32_t i = 0; i + 1 < len; i += 2)
				s->ddma_xor ^=
				        (uint16_t)(src[i] | src[i + 1] << 8);
			if (len & 1)
				s->ddma_xor ^= src[len - 1];
			if (m.end > *m.hi)
				*m.hi = m.end;
		}
		if (ctrl & P3081_DDMA_CHKSUM_EN) {
			/* the status reflects the copy group so far: only
			 * once the segment's trailer is in does it read 0 */
			s->ddma_chk_err = !dst || !src_ok || s->ddma_xor != 0;
			if (m.ok)
				*m.ok = !s->ddma_chk_err;
			if (s->dmem_ok && s->imem_ok && !s->chk_milestone) {
				s->chk_milestone = true;
				vc_milestone(vc, VCHIP_M_FW_CHECKSUM_OK);
			}
		} else if (m.ok) {
			*m.ok = false; /* loaded without the check */
		}
		/* the copy and its checksum land after the transfer time;
		 * OWN reads set until then (p3081_read8) */
		s->ddma_done_ns = now + 1000u * (uint64_t)len /
		                                P3081_DDMA_BYTES_PER_US;
		ctrl &= ~P3081_DDMA_OWN;
	}
	vc_put_le32(&vc->regs[P3081_DDMA_CTRL], ctrl);
}

static void hw_feature_report(struct vchip *vc)
{
	const struct p3081_chip *c = p3081_chip_of(vc);
	/* 13 bytes at 0x1A2; the dword at bytes 4..7 carries [18:16] BW,
	 * [20:19] NSS, [23:21] antennas, [27:26] protocol — rtw88 efuse.h
	 * GET_EFUSE_HW_CAP_* */
	memset(&vc->regs[P3081_C2HEVT + 2], 0, 13);
	vc_put_le32(&vc->regs[P3081_C2HEVT + 2 + 4],
	            (uint32_t)c->hw_bw << 16 | (uint32_t)c->hw_nss << 19 |
	                    (uint32_t)c->hw_ant << 21 |
	                    (uint32_t)c->hw_proto << 26);
	vc->regs[P3081_C2HEVT] = C2H_HW_FEATURE_REPORT;
}

void p3081_fw_cpu_changed(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	bool on = (vc->regs[P3081_SYS_FUNC_EN_HI] & 0x04) &&
	          (vc->regs[P3081_MCU_EN] & 0x01) && vc->mac_on;
	if (!on) {
		s->cpu_on = false;
		s->rom_refused = false;
		s->fw_booting = s->fw_running = false;
		return;
	}
	if (s->cpu_on)
		return;
	s->cpu_on = true;
	p3081_fw_rom_check(vc);
}

/* The CPU runs its ROM, which waits until the host announces an image
 * (0x80 bit 14 DW_RDY set, download enable bit 0 clear) and then starts
 * it — whichever came first, the CPU's enable or the announcement:
 * rtw88 mac.c announces the image before it enables the CPU, the
 * vendor rtl8814au hal/rtl8814a/rtl8814a_hal_init.c _FWFreeToGo8814A
 * enables the CPU and clears the download enable after it. */
void p3081_fw_rom_check(struct vchip *vc)
{
	struct p3081_state *s = p3081_of(vc);
	if (!s->cpu_on || s->fw_booting || s->fw_running || s->rom_refused)
		return;
	uint16_t fw = (uint16_t)(vc->regs[P3081_MCUFW_CTRL] |
	                         vc->regs[P3081_MCUFW_CTRL + 1] << 8);
	if (!(fw & P3081_FW_DW_RDY) || (fw & P3081_FW_DL_EN))
		return; /* ROM waits: no image announced yet */
	bool emem_loaded = s->emem_hi != 0;
	uint64_t now = air_now_ns();
	if (s->dmem_ok && s->imem_ok && (!emem_loaded || s->emem_ok) &&
	    !p3081_fw_ddma_busy(vc, now)) {
		/* the image starts; it is up P3081_FW_BOOT_NS later */
		s->fw_booting = true;
		s->fw_boot_ns = now + P3081_FW_BOOT_NS;
	} else {
		/* it checked the image once and stays in ROM until the
		 * CPU is reset */
		s->rom_refused = true;
		vc_milestone(vc, VCHIP_M_FW_FAILED);
	}
}

bool p3081_fw_ddma_busy(const struct vchip *vc, uint64_t now)
{
	return now < p3081_of(vc)->ddma_done_ns;
}

void p3081_fw_catch_up(struct vchip *vc, uint64_t now)
{
	struct p3081_state *s = p3081_of(vc);
	if (!s->fw_booting || now < s->fw_boot_ns)
		return;
	s->fw_booting = false;
	s->fw_running = true;
	if (vc->regs[P3081_C2HEVT] == C2H_HW_FEATURE_REQ)
		hw_feature_report(vc);
	vc_milestone(vc, VCHIP_M_FW_BOOTED);
	/* commands left in the boxes before it started */
	for (unsigned box = 0; box < 4; box++)
		if ((s->hmebox_busy & (1u << box)) &&
		    p3081_chip_of(vc)->h2c_command)
			p3081_chip_of(vc)->h2c_command(
			        vc, &vc->regs[P3081_HMEBOX0 + 4 * box]);
	s->hmebox_busy = 0;
}

uint16_t p3081_fw_mcufw_ctrl(const struct vchip *vc, uint16_t stored)
{
	uint16_t v = stored & (uint16_t)~P3081_FW_INIT_RDY;
	if (p3081_of(vc)->fw_running)
		v |= P3081_FW_INIT_RDY;
	return v;
}

/* Writing a mailbox's last byte raises its bit in 0x1CC; the firmware
 * clears it when it takes the command (rtw88 fw.c
 * rtw_fw_send_h2c_command waits for the bit to drop before it writes
 * the box again). The running firmware takes a command at once; with
 * none running the box stays busy. */
void p3081_fw_mailbox_written(struct vchip *vc, unsigned box)
{
	struct p3081_state *s = p3081_of(vc);
	if (!s->fw_running) {
		s->hmebox_busy |= (uint8_t)(1u << box);
		return;
	}
	if (p3081_chip_of(vc)->h2c_command)
		p3081_chip_of(vc)->h2c_command(
		        vc, &vc->regs[P3081_HMEBOX0 + 4 * box]);
}

uint8_t p3081_fw_mailbox_status(const struct vchip *vc)
{
	return p3081_of(vc)->hmebox_busy;
}

void p3081_fw_h2c_packet(struct vchip *vc, const uint8_t *p, size_t len)
{
	struct p3081_state *s = p3081_of(vc);
	if (!s->fw_running || len < 8)
		return;
	/* header: category [6:0] 0x01, command 0xFF, sub-command [31:16]
	 * (rtw88 fw.h SET_PKT_H2C_*) */
	if ((p[0] & 0x7F) != 0x01 || p[1] != 0xFF)
		return;
	s->h2c_packets++;
	p3081_chip_of(vc)->h2c_packet(vc, (unsigned)(p[2] | p[3] << 8), p, len);
}

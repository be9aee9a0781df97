/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download into a Jaguar1 chip's 8051 and its boot (RTL8812A
 * and RTL8821A alike: same window, page select and 32 KiB RAM, rtw88
 * rtw8821a.c names its CPU RTW_WCPU_8051, which takes mac.c's legacy
 * download), judged by what
 * the chip itself can see — never by which image it is.
 *
 * Download (rtw88 mac.c __rtw_download_firmware_legacy,
 * download_firmware_legacy; the vendor driver aircrack-ng/rtl8812au
 * hal/rtl8812a/rtl8812a_hal_init.c FirmwareDownload8812): bytes written to
 * the 0x1000-0x1FFF window while MCUFWDL_EN (0x80 bit 0) is set land in
 * the 8051's 32 KiB code RAM at page * 4 KiB + offset (page = 0x82[2:0]);
 * a byte past the RAM is lost. FWDL_CHK_RPT (0x80 bit 2) is the chip's
 * report on the transfer; the driver clears it (writes 1) before a pass
 * and polls it after the last page. No public reference says what sum the
 * hardware forms, so the model reports what such a check can establish
 * without knowing the image: the pass wrote every byte from RAM address 0
 * up to the highest one written, with no hole — a dropped or short block
 * leaves it 0.
 *
 * Boot (rtw88 mac.c download_firmware_validate_legacy; vendor
 * _FWFreeToGo8812): with download disabled the driver sets MCUFWDL_RDY
 * (bit 1), clears WINTINI_RDY (bit 6) and takes the 8051 through reset
 * (0x03 bit 2 low then high, rtw88 mac.c wlan_cpu_enable / rtw88xxa.c
 * rtw88xxa_reset_8051). Out of reset with MCUFWDL_RDY set, an 8051 fetches
 * its first instruction from code address 0x0000 of that RAM. The code it
 * finds there — not the boot logic — sets WINTINI_RDY and RAM_DL_SEL
 * (bit 7) once its own initialisation is done, and nothing else ever
 * does: a real chip whose code never gets going never reports ready.
 *
 * The model cannot run 8051 code, so it judges the one thing every run
 * of it depends on and that is visible without knowing the image: the
 * reset vector. Every Realtek 8051 image we know (RTL8812A NIC v52.10
 * and v52.14, RTL8821A v42.4) starts, after the 32-byte file header the
 * driver strips, with LJMP addr16 (opcode 0x02) into its own code, the
 * start-up layout of the Keil C51 tool chain: the interrupt vectors follow
 * at 0x0003, 0x000B, ... . The model boots the code when
 *   - the checksum report of this pass is good (no hole), and
 *   - RAM 0x0000 holds LJMP to an address past the vector and inside the
 *     bytes this pass downloaded (a jump into unwritten RAM runs garbage).
 * It does not, and cannot, notice a corrupted byte elsewhere in the code
 * or a tail cut off: the chip would start such code too, and what it then
 * does is not knowable here. Those are the driver's to catch from the file
 * header (signature, RAM-code size) before it downloads anything. An image
 * whose first instruction is not LJMP (e.g. the whole file with its header
 * in front, whose first byte 0x01 would be AJMP) is outside what the model
 * can judge; it refuses it rather than pretend it ran.
 */
#include <string.h>

#include "libdevourer/virtual/personality_jaguar1.h"

#define OP_LJMP 0x02

#define N_PAGES (PJAGUAR1_FW_MAX / PJAGUAR1_FW_PAGE)

void pjaguar1_fw_reset_pass(struct vchip *vc)
{
	struct pjaguar1_state *s = pjaguar1_of(vc);
	memset(s->fw_written, 0, sizeof s->fw_written);
	memset(s->fw_page_hi, 0, sizeof s->fw_page_hi);
	s->fw_pass_dirty = false;
}

static bool byte_written(const struct vchip *vc, size_t off)
{
	return pjaguar1_of(vc)->fw_written[off / 8] & (1u << (off % 8));
}

/* Length of the image written in this pass, or 0 when it has holes. */
static size_t image_len(const struct vchip *vc)
{
	if (!pjaguar1_of(vc)->fw_pass_dirty)
		return 0;
	size_t last = 0;
	bool any = false;
	for (size_t p = 0; p < N_PAGES; p++) {
		if (pjaguar1_of(vc)->fw_page_hi[p]) {
			last = p;
			any = true;
		}
	}
	if (!any)
		return 0;
	for (size_t p = 0; p <= last; p++) {
		size_t hi = pjaguar1_of(vc)->fw_page_hi[p];
		if (p < last && hi != PJAGUAR1_FW_PAGE)
			return 0;
		for (size_t o = 0; o < hi; o++)
			if (!byte_written(vc, p * PJAGUAR1_FW_PAGE + o))
				return 0;
	}
	return last * PJAGUAR1_FW_PAGE + pjaguar1_of(vc)->fw_page_hi[last];
}

bool pjaguar1_fw_chk_ok(const struct vchip *vc)
{
	return image_len(vc) > 0;
}

void pjaguar1_fw_window_write(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len)
{
	size_t page = vc->regs[PJAGUAR1_MCUFWDL_PAGE] & 0x07;
	size_t off = addr - 0x1000u;
	for (size_t i = 0; i < len && off + i < PJAGUAR1_FW_PAGE; i++) {
		size_t at = page * PJAGUAR1_FW_PAGE + off + i;
		pjaguar1_of(vc)->fw_img[at] = data[i];
		pjaguar1_of(vc)->fw_written[at / 8] |=
			(uint8_t)(1u << (at % 8));
		if (off + i + 1 > pjaguar1_of(vc)->fw_page_hi[page])
			pjaguar1_of(vc)->fw_page_hi[page] = off + i + 1;
	}
	pjaguar1_of(vc)->fw_pass_dirty = true;
}

/* Whether code of len bytes (this pass) gets the 8051 going from its
 * reset vector; see the top of this file. */
static bool reset_vector_runs(const struct vchip *vc, size_t len)
{
	const uint8_t *ram = pjaguar1_of(vc)->fw_img;
	if (len < 3 || ram[0] != OP_LJMP)
		return false;
	size_t target = (size_t)ram[1] << 8 | ram[2];
	return target >= 3 && target < len;
}

void pjaguar1_fw_cpu_enabled(struct vchip *vc)
{
	pjaguar1_of(vc)->cpu_on = true;
	uint8_t ctrl = vc->regs[PJAGUAR1_MCUFWDL];
	/* Without MCUFWDL_RDY, or while still downloading, the 8051 runs
	 * its ROM: nothing to observe. */
	if (!(ctrl & PJAGUAR1_FWDL_RDY) || (ctrl & PJAGUAR1_FWDL_EN) ||
	    !pjaguar1_of(vc)->fw_pass_dirty || !vc->mac_on)
		return;
	size_t len = image_len(vc);
	if (len && reset_vector_runs(vc, len)) {
		pjaguar1_of(vc)->fw_running = true;
		vc_milestone(vc, VCHIP_M_FW_BOOTED);
	} else {
		pjaguar1_of(vc)->fw_running = false;
		vc_milestone(vc, VCHIP_M_FW_FAILED);
	}
}

void pjaguar1_fw_cpu_disabled(struct vchip *vc)
{
	pjaguar1_of(vc)->cpu_on = false;
	pjaguar1_of(vc)->fw_running = false;
}

/* The driver saw the checksum report: noted once per download pass. */
void pjaguar1_fw_observe_read(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len)
{
	static const enum vchip_milestone pass_ends[] = {
		VCHIP_M_FW_BOOTED, VCHIP_M_FW_FAILED, VCHIP_M_POWER_OFF, 0};
	if (addr > PJAGUAR1_MCUFWDL || (uint32_t)addr + len <= PJAGUAR1_MCUFWDL)
		return;
	if (!(data[PJAGUAR1_MCUFWDL - addr] & PJAGUAR1_FWDL_CHK_RPT))
		return;
	if (!vc_milestone_since(vc, VCHIP_M_FW_CHECKSUM_OK, pass_ends))
		vc_milestone(vc, VCHIP_M_FW_CHECKSUM_OK);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download and boot of the virtual 8051 [4.3].
 *
 * Bytes written to the 0x1000-0x1FFF window while MCUFWDL_EN is set land
 * in 8051 RAM at page*4 KiB + offset (page = 0x82[2:0]). FWDL_CHK_RPT
 * (0x80 bit2) reports transfer integrity: it reads 1 only when every page
 * written in this pass was written without holes from its first byte, and
 * every page below the last one is complete — a dropped or short block
 * leaves it 0.
 *
 * The image "runs" when the CPU is (re)enabled (0x03 bit2 rising) after the
 * driver set MCUFWDL_RDY with download disabled. The model cannot execute
 * 8051 code, so it decides by content: it boots only the genuine Realtek
 * RTL8812A NIC firmware, recognised by the SHA-256 of its RAM code. A
 * corrupt or foreign image never sets WINTINI_RDY/RAM_DL_SEL — the failure
 * a real chip shows when its firmware does not start.
 */
#include <string.h>

#include <sodium.h>

#include "libdevourer/virtual/personality_8812a.h"

/* RAM code of rtw8812a_fw.bin v52.14 (27030 bytes; sha256 of the whole
 * file abdcca4e8bf76ebfba23d433de310ffefebd0ff9d01990639d4cd9602b32b71a):
 * the 26998 bytes after its 32-byte header, which is what the driver
 * downloads. Digest computed by us with `tail -c 26998 | sha256sum`:
 * 41f2dd4f3ab132ffaebfc6dfe50a9bcd74807e5fcab7bdf511e4bcb31ad90cc8. */
#define FW8812A_CODE_LEN 26998u
static const uint8_t fw8812a_code_sha256[32] = {
	0x41, 0xf2, 0xdd, 0x4f, 0x3a, 0xb1, 0x32, 0xff,
	0xae, 0xbf, 0xc6, 0xdf, 0xe5, 0x0a, 0x9b, 0xcd,
	0x74, 0x80, 0x7e, 0x5f, 0xca, 0xb7, 0xbd, 0xf5,
	0x11, 0xe4, 0xbc, 0xb3, 0x1a, 0xd9, 0x0c, 0xc8,
};

#define N_PAGES (A_FW_MAX / A_FW_PAGE)

void p8812a_fw_reset_pass(struct vchip *vc)
{
	memset(p8812a_of(vc)->fw_written, 0, sizeof p8812a_of(vc)->fw_written);
	memset(p8812a_of(vc)->fw_page_hi, 0, sizeof p8812a_of(vc)->fw_page_hi);
	p8812a_of(vc)->fw_pass_dirty = false;
}

static bool byte_written(const struct vchip *vc, size_t off)
{
	return p8812a_of(vc)->fw_written[off / 8] & (1u << (off % 8));
}

/* Length of the image written in this pass, or 0 when it has holes. */
static size_t image_len(const struct vchip *vc)
{
	if (!p8812a_of(vc)->fw_pass_dirty)
		return 0;
	size_t last = 0;
	bool any = false;
	for (size_t p = 0; p < N_PAGES; p++) {
		if (p8812a_of(vc)->fw_page_hi[p]) {
			last = p;
			any = true;
		}
	}
	if (!any)
		return 0;
	for (size_t p = 0; p <= last; p++) {
		size_t hi = p8812a_of(vc)->fw_page_hi[p];
		if (p < last && hi != A_FW_PAGE)
			return 0;
		for (size_t o = 0; o < hi; o++)
			if (!byte_written(vc, p * A_FW_PAGE + o))
				return 0;
	}
	return last * A_FW_PAGE + p8812a_of(vc)->fw_page_hi[last];
}

bool p8812a_fw_chk_ok(const struct vchip *vc)
{
	return image_len(vc) > 0;
}

void p8812a_fw_window_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                        size_t len)
{
	size_t page = vc->regs[0x82] & 0x07;
	size_t off = addr - 0x1000u;
	for (size_t i = 0; i < len && off + i < A_FW_PAGE; i++) {
		size_t at = page * A_FW_PAGE + off + i;
		p8812a_of(vc)->fw_img[at] = data[i];
		p8812a_of(vc)->fw_written[at / 8] |= (uint8_t)(1u << (at % 8));
		if (off + i + 1 > p8812a_of(vc)->fw_page_hi[page])
			p8812a_of(vc)->fw_page_hi[page] = off + i + 1;
	}
	p8812a_of(vc)->fw_pass_dirty = true;
}

static bool image_genuine(const struct vchip *vc, size_t len)
{
	/* Bytes past the code (padding some drivers add) are never
	 * executed, so only the code itself must match. */
	if (len < FW8812A_CODE_LEN)
		return false;
	uint8_t h[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(h, p8812a_of(vc)->fw_img, FW8812A_CODE_LEN);
	return memcmp(h, fw8812a_code_sha256, sizeof h) == 0;
}

void p8812a_fw_cpu_enabled(struct vchip *vc)
{
	p8812a_of(vc)->cpu_on = true;
	uint8_t ctrl = vc->regs[0x80];
	/* Without MCUFWDL_RDY, or while still downloading, the 8051 runs
	 * its ROM: nothing to observe. */
	if (!(ctrl & 0x02) || (ctrl & 0x01) || !p8812a_of(vc)->fw_pass_dirty ||
	    !vc->mac_on)
		return;
	size_t len = image_len(vc);
	if (len && image_genuine(vc, len)) {
		p8812a_of(vc)->fw_running = true;
		vc_milestone(vc, VCHIP_M_FW_BOOTED);
	} else {
		p8812a_of(vc)->fw_running = false;
		vc_milestone(vc, VCHIP_M_FW_FAILED);
	}
}

void p8812a_fw_cpu_disabled(struct vchip *vc)
{
	p8812a_of(vc)->cpu_on = false;
	p8812a_of(vc)->fw_running = false;
}

/* The driver saw the checksum report: noted once per download pass. */
void p8812a_fw_observe_read(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len)
{
	static const enum vchip_milestone pass_ends[] = {
		VCHIP_M_FW_BOOTED, VCHIP_M_FW_FAILED, VCHIP_M_POWER_OFF, 0};
	if (addr > A_MCUFWDL || (uint32_t)addr + len <= A_MCUFWDL)
		return;
	if (!(data[A_MCUFWDL - addr] & FWDL_CHK_RPT))
		return;
	if (!vc_milestone_since(vc, VCHIP_M_FW_CHECKSUM_OK, pass_ends))
		vc_milestone(vc, VCHIP_M_FW_CHECKSUM_OK);
}

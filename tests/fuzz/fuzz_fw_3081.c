/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 3081 firmware file parser (hal/common/fw_3081.c dvr_fw3081_parse)
 * with the RTL8822C's signature: the input is a firmware file. Oracle:
 * an accepted image describes DMEM and IMEM (and EMEM when the header
 * says so), each non-empty with its checksum bytes, back to back after
 * the 64-byte header and ending exactly at the end of the file, each
 * address in the CPU's space, as the header fields say (rtw88 fw.h
 * struct rtw_fw_hdr); a refused one says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal/common/fw_3081.h"
#include "hal/rtl8822c/rtl8822c.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_fw_3081: " __VA_ARGS__);               \
		abort();                                                     \
	} while (0)

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint16_t sig = rtl8822c_info.fw_3081->cfg.signature;
	uint8_t *img = malloc(size ? size : 1);
	if (!img)
		return 0;
	memcpy(img, data, size);
	struct dvr_fw3081_hdr h;
	char err[160];
	err[0] = '\0';
	int st = dvr_fw3081_parse(img, size, sig, &h, err, sizeof err);
	if (st != DVR_OK) {
		if (st != DVR_E_FIRMWARE)
			FAIL("refused with %d, not DVR_E_FIRMWARE\n", st);
		if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL)
			FAIL("refused without a reason\n");
		free(img);
		return 0;
	}
	if (size < DVR_FW3081_HDR_LEN || (img[0] | img[1] << 8) != sig ||
	    img[2] != 0 || img[3] != 0)
		FAIL("accepted a header that is not this chip's NIC image\n");
	unsigned want = (img[0x18] & 0x10) && rd32(img + 0x34) ? 3 : 2;
	if (h.n_segs != want)
		FAIL("%u segments, the header says %u\n", h.n_segs, want);
	static const unsigned addr_at[3] = { 0x20, 0x3C, 0x38 };
	static const unsigned len_at[3] = { 0x24, 0x30, 0x34 };
	size_t off = DVR_FW3081_HDR_LEN;
	for (unsigned i = 0; i < h.n_segs; i++) {
		uint32_t a = rd32(img + addr_at[i]), l = rd32(img + len_at[i]);
		if (!(a & 0x80000000u) || h.seg[i].dst != (a & 0x7FFFFFFFu))
			FAIL("segment %u address 0x%08x\n", i, (unsigned)a);
		if (l == 0 || h.seg[i].len != (size_t)l + DVR_FW3081_SEG_CHKSUM_LEN)
			FAIL("segment %u length %zu for header %u\n", i,
			     h.seg[i].len, (unsigned)l);
		if (h.seg[i].offset != off || h.seg[i].len > size - off)
			FAIL("segment %u at %zu+%zu of %zu\n", i,
			     h.seg[i].offset, h.seg[i].len, size);
		off += h.seg[i].len;
	}
	if (off != size)
		FAIL("segments end at %zu, the file at %zu\n", off, size);
	free(img);
	return 0;
}

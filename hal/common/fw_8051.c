/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 8051 firmware download through the page window (rtw88 mac.c
 * __rtw_download_firmware_legacy; vendor FirmwareDownload8812). The
 * register and bit numbers are those of every 8051 Realtek chip.
 */
#include "hal/common/fw_8051.h"

#include "hal/common/card_power.h"

#define REG_MCUFW_CTRL        0x0080
#define  MCUFW_DL_EN          (1u << 0)
#define  MCUFW_DL_RDY         (1u << 1)
#define  MCUFW_CHKSUM_RPT     (1u << 2)   /* write 1 to clear */
#define  MCUFW_WINTINI_RDY    (1u << 6)
#define  MCUFW_RAM_DL_SEL     (1u << 7)
#define  MCUFW_READY_MASK     0xC6u        /* bits 1, 2, 6, 7 */
#define REG_MCUFW_CTRL_PAGE   0x0082       /* [2:0] page; bit 3 = ROM_DLEN */
#define  MCUFW_PAGE_MASK      0x07u
#define  MCUFW_ROM_DLEN_B2    (1u << 3)

/* USB vendor requests as rtw88 (usb.c rtw_usb_write_firmware_page) and
 * the vendor driver (_BlockWrite_8812) size them: 196-byte requests, the
 * tail in 8-byte requests, then single bytes. */
#define FW_BLOCK 196u
#define FW_TAIL_BLOCK 8u

#define FW_ATTEMPTS 5u          /* rtw88: five passes over the image */
#define FW_CHKSUM_TRIES 1000u
#define FW_CHKSUM_US 10u
#define FW_READY_TRIES 10u
#define FW_READY_US 20000u
#define FW_ENABLE_TRIES 10u
#define FW_ENABLE_RETRY_MS 20u

int dvr_fw_8051_reset_cpu(struct dvr_chip *chip)
{
	const struct dvr_fw_8051_spec *spec = chip->info->fw_8051;

	if (!spec || !spec->cpu_reset)
		return DVR_E_INVALID;
	return dvr_chip_pwr_flow(chip, spec->cpu_reset, 1, NULL);
}

/* The header must hold the code size (bytes 0x0C-0x0D) and the page
 * select (3 bits) must reach every page of the largest image. */
static bool spec_usable(const struct dvr_fw_8051_spec *spec)
{
	return spec && spec->cpu_reset && spec->hdr_len >= 0x0E &&
	       spec->page_size > 0 && spec->window > 0 &&
	       spec->max_code <= spec->page_size * (MCUFW_PAGE_MASK + 1u);
}

static int check_image(struct dvr_chip *chip,
                       const struct dvr_fw_8051_spec *spec,
                       const struct dvr_firmware *fw)
{
	if (!fw || !fw->data || fw->size < spec->hdr_len)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware image too short (%zu bytes) for "
		                     "its %zu-byte header",
		                     fw ? fw->size : (size_t)0, spec->hdr_len);
	const uint8_t *h = fw->data;
	unsigned sig = (unsigned)h[0] | (unsigned)h[1] << 8;
	size_t size = (size_t)h[0x0C] | (size_t)h[0x0D] << 8;
	size_t payload = fw->size - spec->hdr_len;

	if ((sig & spec->sig_mask) != spec->sig_value)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware signature 0x%04x is not an %s "
		                     "image (expected 0x%04x in bits 0x%04x): "
		                     "wrong or corrupt file", sig,
		                     chip->info->name, spec->sig_value,
		                     spec->sig_mask);
	if (size != payload)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware header says %zu bytes of code but "
		                     "the file carries %zu: truncated or corrupt",
		                     size, payload);
	if (payload > spec->max_code || payload == 0)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware code size %zu outside 1..%zu bytes",
		                     payload, spec->max_code);
	return DVR_OK;
}

static int enable_download(struct dvr_chip *chip)
{
	struct dvr_io *io = chip->io;

	for (unsigned i = 0; i < FW_ENABLE_TRIES; i++) {
		dvr_set8(io, REG_MCUFW_CTRL, MCUFW_DL_EN);
		if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_DL_EN)
			break;
		if (dvr_io_status(io) != DVR_OK)
			break;
		dvr_delay_ms(FW_ENABLE_RETRY_MS);
	}
	if (dvr_io_status(io) == DVR_OK &&
	    !(dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_DL_EN))
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware download enable (0x80 bit0) "
		                     "does not stick");
	dvr_clr8(io, REG_MCUFW_CTRL_PAGE, MCUFW_ROM_DLEN_B2);
	return dvr_io_status(io);
}

/* One page into the window; no reference sends an odd-sized tail
 * request, so neither do we. */
static void write_page(struct dvr_io *io, uint16_t window, const uint8_t *p,
                       size_t n)
{
	size_t big = n / FW_BLOCK * FW_BLOCK;
	size_t mid = (n - big) / FW_TAIL_BLOCK * FW_TAIL_BLOCK;

	dvr_write_block(io, window, p, big, FW_BLOCK);
	dvr_write_block(io, (uint16_t)(window + big), p + big, mid,
	                FW_TAIL_BLOCK);
	dvr_write_block(io, (uint16_t)(window + big + mid), p + big + mid,
	                n - big - mid, 1);
}

static void write_pages(struct dvr_io *io, const struct dvr_fw_8051_spec *spec,
                        const uint8_t *code, size_t len)
{
	for (size_t off = 0, page = 0; off < len;
	     off += spec->page_size, page++) {
		size_t n = len - off < spec->page_size ? len - off
		                                       : spec->page_size;
		dvr_w8_mask(io, REG_MCUFW_CTRL_PAGE, MCUFW_PAGE_MASK,
		            (uint8_t)page);
		write_page(io, spec->window, code + off, n);
	}
}

int dvr_fw_8051_download(struct dvr_chip *chip, const struct dvr_firmware *fw)
{
	const struct dvr_fw_8051_spec *spec = chip->info->fw_8051;
	struct dvr_io *io = chip->io;
	int st;

	if (!spec_usable(spec))
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s: no usable 8051 "
		                     "firmware spec in its chip data",
		                     chip->info->name);
	if ((st = check_image(chip, spec, fw)) != DVR_OK)
		return st;
	const uint8_t *code = fw->data + spec->hdr_len;
	size_t len = fw->size - spec->hdr_len;

	if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL) {
		/* Old firmware still runs: stop it first. */
		dvr_w8(io, REG_MCUFW_CTRL, 0x00);
		(void)dvr_fw_8051_reset_cpu(chip);
	}
	if ((st = enable_download(chip)) != DVR_OK)
		return st;

	bool ok = false;
	for (unsigned attempt = 0; attempt < FW_ATTEMPTS && !ok; attempt++) {
		dvr_set8(io, REG_MCUFW_CTRL, MCUFW_CHKSUM_RPT);
		write_pages(io, spec, code, len);
		st = dvr_poll8(io, REG_MCUFW_CTRL, MCUFW_CHKSUM_RPT,
		               MCUFW_CHKSUM_RPT, FW_CHKSUM_TRIES, FW_CHKSUM_US);
		if (st == DVR_OK)
			ok = true;
		else if (dvr_io_status(io) != DVR_OK)
			break;
	}
	dvr_clr8(io, REG_MCUFW_CTRL, MCUFW_DL_EN);
	if ((st = dvr_io_status(io)) != DVR_OK)
		return dvr_chip_fail(chip, st, "USB error during firmware "
		                     "download");
	if (!ok)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware checksum report (0x80 bit2) never "
		                     "set after %u attempts", FW_ATTEMPTS);

	uint32_t v = dvr_r32(io, REG_MCUFW_CTRL);
	v = (v | MCUFW_DL_RDY) & ~(uint32_t)MCUFW_WINTINI_RDY;
	dvr_w32(io, REG_MCUFW_CTRL, v);
	(void)dvr_fw_8051_reset_cpu(chip);
	st = dvr_poll8(io, REG_MCUFW_CTRL, MCUFW_READY_MASK, MCUFW_READY_MASK,
	               FW_READY_TRIES, FW_READY_US);
	if (st != DVR_OK) {
		if (dvr_io_status(io) != DVR_OK)
			return dvr_chip_fail(chip, dvr_io_status(io),
			                     "USB error while waiting for the "
			                     "firmware to start");
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware never became ready (0x80 = 0x%02x, "
		                     "want bits 0x%02x set)",
		                     dvr_r8(io, REG_MCUFW_CTRL), MCUFW_READY_MASK);
	}
	return DVR_OK;
}

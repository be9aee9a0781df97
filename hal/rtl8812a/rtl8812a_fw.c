/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download to the 8051 through the 0x1000 page window
 * (facts 4.2-4.3). The image is checked completely before the first
 * register write, so a bad file never leaves the chip half-programmed.
 */
#include "hal/rtl8812a/rtl8812a.h"
#include "hal/rtl8812a/rtl8812a_regs.h"

#define FW_PAGE_SIZE 4096u
#define FW_WINDOW 0x1000u
#define FW_BLOCK 196u          /* bytes per vendor write request */
#define FW_TAIL_BLOCK 8u       /* then 8-byte requests, then bytes */
#define FW_ATTEMPTS 5u
#define FW_CHKSUM_TRIES 1000u
#define FW_CHKSUM_US 10u
#define FW_READY_TRIES 10u
#define FW_READY_US 20000u
#define FW_ENABLE_TRIES 10u

void rtl8812a_reset_8051(struct dvr_io *io)
{
	dvr_clr8(io, REG_RSV_CTRL, BIT(1));
	dvr_clr8(io, REG_RSV_CTRL_B1, RSV_CTRL_B1_8051_RST);
	dvr_clr8(io, REG_SYS_FUNC_EN_HI, SYS_FUNC_HI_CPU_EN);
	dvr_clr8(io, REG_RSV_CTRL, BIT(1));
	dvr_set8(io, REG_RSV_CTRL_B1, RSV_CTRL_B1_8051_RST);
	dvr_set8(io, REG_SYS_FUNC_EN_HI, SYS_FUNC_HI_CPU_EN);
}

static int check_image(struct dvr_chip *chip, const struct dvr_firmware *fw)
{
	if (!fw || !fw->data || fw->size < RTL8812A_FW_HDR_LEN)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware image too short (%zu bytes) for "
		                     "its 32-byte header",
		                     fw ? fw->size : (size_t)0);
	const uint8_t *h = fw->data;
	unsigned sig = (unsigned)h[0] | (unsigned)h[1] << 8;
	size_t size = (size_t)h[0x0C] | (size_t)h[0x0D] << 8;
	size_t payload = fw->size - RTL8812A_FW_HDR_LEN;

	/* 8812 images carry 0x950x; 0x210x would be an 8821A image. */
	if ((sig & 0xFFF0) != 0x9500)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware signature 0x%04x is not an "
		                     "RTL8812A image (expected 0x950x): wrong "
		                     "or corrupt file", sig);
	if (size != payload)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware header says %zu bytes of code but "
		                     "the file carries %zu: truncated or corrupt",
		                     size, payload);
	if (payload > RTL8812A_FW_MAX_PAYLOAD || payload == 0)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware code size %zu outside 1..%u bytes",
		                     payload, RTL8812A_FW_MAX_PAYLOAD);
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
		dvr_delay_ms(20);
	}
	if (dvr_io_status(io) == DVR_OK &&
	    !(dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_DL_EN))
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware download enable (0x80 bit0) "
		                     "does not stick");
	dvr_clr8(io, REG_MCUFW_CTRL_PAGE, MCUFW_ROM_DLEN_B2);
	return dvr_io_status(io);
}

/*
 * One page into the 0x1000 window the way rtw88 (rtw_usb_write_firmware_page)
 * and the vendor (_BlockWrite_8812) both do it: 196-byte requests, then the
 * tail in 8-byte requests, then single bytes. No reference sends an odd-sized
 * tail request, so we do not either.
 */
static void write_page(struct dvr_io *io, const uint8_t *p, size_t n)
{
	size_t big = n / FW_BLOCK * FW_BLOCK;
	size_t mid = (n - big) / FW_TAIL_BLOCK * FW_TAIL_BLOCK;

	dvr_write_block(io, FW_WINDOW, p, big, FW_BLOCK);
	dvr_write_block(io, (uint16_t)(FW_WINDOW + big), p + big, mid,
	                FW_TAIL_BLOCK);
	dvr_write_block(io, (uint16_t)(FW_WINDOW + big + mid), p + big + mid,
	                n - big - mid, 1);
}

static void write_pages(struct dvr_io *io, const uint8_t *code, size_t len)
{
	for (size_t off = 0, page = 0; off < len; off += FW_PAGE_SIZE, page++) {
		size_t n = len - off < FW_PAGE_SIZE ? len - off : FW_PAGE_SIZE;
		dvr_w8_mask(io, REG_MCUFW_CTRL_PAGE, 0x07, (uint8_t)page);
		write_page(io, code + off, n);
	}
}

int rtl8812a_download_firmware(struct dvr_chip *chip,
                               const struct dvr_firmware *fw)
{
	struct dvr_io *io = chip->io;
	int st = check_image(chip, fw);

	if (st != DVR_OK)
		return st;
	const uint8_t *code = fw->data + RTL8812A_FW_HDR_LEN;
	size_t len = fw->size - RTL8812A_FW_HDR_LEN;

	if (dvr_r8(io, REG_MCUFW_CTRL) & MCUFW_RAM_DL_SEL) {
		/* Old firmware still runs: stop it first. */
		dvr_w8(io, REG_MCUFW_CTRL, 0x00);
		rtl8812a_reset_8051(io);
	}
	if ((st = enable_download(chip)) != DVR_OK)
		return st;

	bool ok = false;
	for (unsigned attempt = 0; attempt < FW_ATTEMPTS && !ok; attempt++) {
		dvr_set8(io, REG_MCUFW_CTRL, MCUFW_CHKSUM_RPT); /* W1C */
		write_pages(io, code, len);
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
	rtl8812a_reset_8051(io);
	st = dvr_poll8(io, REG_MCUFW_CTRL, MCUFW_READY_MASK, MCUFW_READY_MASK,
	               FW_READY_TRIES, FW_READY_US);
	if (st != DVR_OK) {
		if (dvr_io_status(io) != DVR_OK)
			return dvr_chip_fail(chip, dvr_io_status(io),
			                     "USB error while waiting for the "
			                     "firmware to start");
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware never became ready (0x80 = 0x%02x, "
		                     "want bits 0xC6 set)",
		                     dvr_r8(io, REG_MCUFW_CTRL));
	}
	dvr_w8(io, REG_HMETFR, 0x0F);     /* H2C mailboxes */
	return dvr_io_status(io);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download to an 8051 CPU (rtw88 RTW_WCPU_11N, "legacy"): the
 * code after the image header is written page by page into a register
 * window while REG_MCUFW_CTRL selects the page; the chip checksums it and
 * the booted firmware reports ready in the same register (rtw88 mac.c
 * __rtw_download_firmware_legacy). Everything that differs between chips
 * is data in struct dvr_fw_8051_spec.
 */
#ifndef DVR_HAL_FW_8051_H
#define DVR_HAL_FW_8051_H

#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

struct dvr_fw_8051_spec {
	size_t hdr_len;          /* header before the code, bytes */
	size_t max_code;         /* largest code the CPU RAM holds */
	size_t page_size;        /* code bytes per window page */
	uint16_t window;         /* register address of the window */
	/* The header's first 16 bits, masked, name the chip family the
	 * image is built for. */
	uint16_t sig_mask, sig_value;
	/* Rows (power-sequence format) that reset the CPU: stop it and let
	 * it run again from RAM. */
	const struct dvr_pwr_cmd *const *cpu_reset;
};

/* Check the image against the chip's spec and download it; DVR_E_FIRMWARE
 * with the reason in chip->error for a bad image or a failed handshake.
 * The image is checked completely before the first register write. */
int dvr_fw_8051_download(struct dvr_chip *chip, const struct dvr_firmware *fw);

/* Reset the 8051 with the chip's cpu_reset rows. */
int dvr_fw_8051_reset_cpu(struct dvr_chip *chip);

#endif /* DVR_HAL_FW_8051_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware for the Realtek "3081" WLAN CPU (RTL8814A, Jaguar2, Jaguar3):
 * the 64-byte image header, its checks, and the download through the
 * reserved TX pages and the on-chip DDMA engine (rtw88 mac.c
 * __rtw_download_firmware and helpers, fw.c rtw_fw_write_data_rsvd_page).
 *
 * Image = 64-byte header, DMEM segment, IMEM segment, optional EMEM
 * segment, each followed by its 8 checksum bytes (downloaded with it).
 * The chip supplies its signature, its TX-descriptor builder for the
 * reserved-page packets and a few constants in struct dvr_fw3081_cfg.
 */
#ifndef DVR_HAL_FW_3081_H
#define DVR_HAL_FW_3081_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

#define DVR_FW3081_HDR_LEN 64u
#define DVR_FW3081_SEG_CHKSUM_LEN 8u
#define DVR_FW3081_CHUNK 4096u    /* per reserved-page packet */
#define DVR_FW3081_MAX_DESC 48u

struct dvr_fw3081_seg {
	uint32_t dst;       /* on-chip address (header address, bit 31 off) */
	size_t offset;      /* in the image */
	size_t len;         /* including the 8 checksum bytes */
};

struct dvr_fw3081_hdr {
	uint16_t signature;
	uint8_t category, function;
	uint16_t version;
	uint8_t subversion, subindex;
	uint32_t features;
	uint16_t year;
	uint8_t month, day, hour, minute;
	uint8_t mem_usage;
	uint16_t h2c_version;
	unsigned n_segs;                 /* 2, or 3 with EMEM */
	struct dvr_fw3081_seg seg[3];    /* DMEM, IMEM, EMEM: download order */
};

/*
 * Parse and check an image: at least the header, the signature the chip
 * expects, a NIC image (category and function 0), load addresses in the
 * CPU's space (bit 31 set), non-empty DMEM and IMEM, and a file length
 * equal to the header's segment sizes (rtw88 mac.c check_firmware_size).
 * Returns DVR_OK or DVR_E_FIRMWARE with the reason in @p err.
 */
int dvr_fw3081_parse(const uint8_t *img, size_t size, uint16_t signature,
                     struct dvr_fw3081_hdr *hdr, char *err, size_t err_len);

struct dvr_fw3081_cfg {
	uint16_t signature;       /* header signature of this chip */
	size_t desc_len;          /* TX descriptor length (<= 48) */
	/* Write the descriptor for a reserved-page packet of len bytes
	 * (its checksum rule is the chip's). */
	void (*rsvd_page_desc)(const struct dvr_chip *chip, uint8_t *desc,
	                       size_t len);
	unsigned out_index;       /* bulk OUT of the HIGH DMA queue */
	uint16_t rsvd_boundary;   /* 0x204 head restored after each chunk */
	bool ltecoex;             /* LTE-coex block at 0x1700 to preserve */
	unsigned poll_tries;      /* DDMA / beacon-valid / ready polls */
	unsigned poll_us;
	unsigned bulk_timeout_ms;
};

/*
 * Check @p fw and download it; on success the CPU runs the firmware
 * (0x80 reads FW_READY). Returns DVR_OK, DVR_E_FIRMWARE (bad image,
 * checksum refused by the chip, firmware never ready; reason in
 * chip->error), or the bus error. On failure the CPU is left stopped
 * with the download disabled (rtw88's dlfw_fail path).
 */
int dvr_fw3081_download(struct dvr_chip *chip, const struct dvr_firmware *fw,
                        const struct dvr_fw3081_cfg *cfg);

/*
 * A chip's 3081 download as chip data (info->fw_3081): the fixed part of
 * the configuration, and the reserved-page boundary, which depends on how
 * many bulk OUT endpoints the device has (the FIFO layout is computed per
 * device). rsvd_boundary returns DVR_OK and the page, or a status with
 * the reason in chip->error.
 */
struct dvr_fw3081_spec {
	struct dvr_fw3081_cfg cfg;     /* rsvd_boundary field ignored */
	int (*rsvd_boundary)(struct dvr_chip *chip, uint16_t *page);
};

/* The download path hal/common/fw_download.c dispatches DVR_FW_3081_DDMA
 * to: the chip's spec from info->fw_3081, then dvr_fw3081_download. */
int dvr_fw3081_download_chip(struct dvr_chip *chip,
                             const struct dvr_firmware *fw);

#endif /* DVR_HAL_FW_3081_H */

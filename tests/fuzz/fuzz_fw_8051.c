/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 8051 firmware file check (hal/common/fw_8051.c), as the RTL8812AU
 * download runs it: the input is a firmware file. The bus behind the chip
 * fails every transfer, so an image that passes the check stops at the
 * first register access. Oracle: an image is refused (DVR_E_FIRMWARE, a
 * reason given, not one register touched) exactly when it breaks a rule
 * the chip data states (header signature, code size field equal to the
 * code carried, code within the CPU's RAM); an image that keeps them
 * reaches the bus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal/common/fw_8051.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "libdevourer/io/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                                            \
	do {                                                                 \
		fprintf(stderr, "fuzz_fw_8051: " __VA_ARGS__);               \
		abort();                                                     \
	} while (0)

/* A device that is gone: every control transfer fails. */
static int gone_in(struct dvr_transport *t, uint16_t addr, uint16_t index,
                   uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	(void)t, (void)addr, (void)index, (void)buf, (void)len;
	(void)timeout_ms;
	return DVR_E_NO_DEVICE;
}

static int gone_out(struct dvr_transport *t, uint16_t addr, uint16_t index,
                    const uint8_t *buf, uint16_t len, unsigned timeout_ms)
{
	(void)t, (void)addr, (void)index, (void)buf, (void)len;
	(void)timeout_ms;
	return DVR_E_NO_DEVICE;
}

static const struct dvr_transport_ops gone_ops = {
	.name = "gone",
	.ctrl_in = gone_in,
	.ctrl_out = gone_out,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct dvr_fw_8051_spec *spec = rtl8812a_info.fw_8051;
	struct dvr_transport t = { .ops = &gone_ops };
	struct dvr_io io;
	struct dvr_chip chip = { .info = &rtl8812a_info, .io = &io };
	dvr_io_init(&io, &t);

	/* A buffer of exactly the file's size: a read past it is caught. */
	uint8_t *img = malloc(size ? size : 1);
	if (!img)
		return 0;
	memcpy(img, data, size);
	struct dvr_firmware fw = { .data = img, .size = size };
	int st = dvr_fw_8051_download(&chip, &fw);

	bool valid = false;
	if (size >= spec->hdr_len) {
		unsigned sig = (unsigned)img[0] | (unsigned)img[1] << 8;
		size_t code = (size_t)img[0x0C] | (size_t)img[0x0D] << 8;
		size_t carried = size - spec->hdr_len;
		valid = (sig & spec->sig_mask) == spec->sig_value &&
		        code == carried && carried >= 1 &&
		        carried <= spec->max_code;
	}
	unsigned long transfers = (unsigned long)(io.ctrl_reads + io.ctrl_writes);
	if (valid) {
		if (st == DVR_E_FIRMWARE || st == DVR_OK)
			FAIL("a valid image gave %d (%s)\n", st, chip.error);
		if (transfers == 0)
			FAIL("a valid image never reached the bus\n");
	} else {
		if (st != DVR_E_FIRMWARE)
			FAIL("an invalid image gave %d\n", st);
		if (transfers != 0)
			FAIL("%lu register accesses before the image was "
			     "refused\n", transfers);
		if (chip.error[0] == '\0' ||
		    memchr(chip.error, '\0', sizeof chip.error) == NULL)
			FAIL("refused without a reason\n");
	}
	free(img);
	return 0;
}

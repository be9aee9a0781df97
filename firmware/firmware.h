/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware files: found at run time, never built in. Search order for a
 * file name such as "rtw8812a_fw.bin":
 *   1. the directory given by the caller (dvr_config.firmware_dir),
 *   2. $DEVOURER_FIRMWARE_DIR,
 *   3. /lib/firmware/updates/rtw88/, /lib/firmware/rtw88/ and the same
 *      under /usr (where linux-firmware puts them),
 *   4. the copy devourer installs, <datadir>/devourer/firmware
 *      (dvr_firmware_installed_dir(); firmware/meson.build).
 * The chip's download_firmware op checks the header; this layer only finds
 * and reads the file (bounded size, never a partial read).
 */
#ifndef DVR_FIRMWARE_H
#define DVR_FIRMWARE_H

#include <stddef.h>
#include <stdint.h>

#define DVR_FIRMWARE_MAX_SIZE (1024u * 1024u)

struct dvr_firmware {
	uint8_t *data;
	size_t size;
	char path[512];   /* where it was found */
};

/*
 * Find and read @p name. Returns DVR_OK, DVR_E_FIRMWARE when no search
 * location has it, is empty, or is larger than DVR_FIRMWARE_MAX_SIZE.
 * @p err (may be NULL) receives a message naming every place searched and
 * the cure ("reinstall devourer, install linux-firmware or set
 * DEVOURER_FIRMWARE_DIR").
 */
int dvr_firmware_load(const char *name, const char *dir,
                      struct dvr_firmware *fw, char *err, size_t err_len);
void dvr_firmware_release(struct dvr_firmware *fw);

/* Where `meson install` puts the images: the last place searched. */
const char *dvr_firmware_installed_dir(void);

#endif /* DVR_FIRMWARE_H */

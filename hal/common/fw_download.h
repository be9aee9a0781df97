/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Firmware download dispatched on the chip data (info->fw_kind): one entry
 * point for every chip, one path per CPU kind.
 */
#ifndef DVR_HAL_FW_DOWNLOAD_H
#define DVR_HAL_FW_DOWNLOAD_H

#include "hal/hal.h"

typedef int (*dvr_fw_download_fn)(struct dvr_chip *chip,
                                  const struct dvr_firmware *fw);

/* The download path of a firmware kind, or NULL when this build has none
 * (or the kind is unknown). */
dvr_fw_download_fn dvr_fw_downloader(enum dvr_fw_kind kind);

/* Download fw by the path info->fw_kind names; DVR_E_UNSUPPORTED with a
 * message when this build has no such path, DVR_E_INVALID for a chip that
 * names none. Usable directly as ops->download_firmware. */
int dvr_fw_download(struct dvr_chip *chip, const struct dvr_firmware *fw);

#endif /* DVR_HAL_FW_DOWNLOAD_H */

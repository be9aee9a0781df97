/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Firmware download: the path is chosen by the chip's firmware kind. */
#include "hal/common/fw_download.h"

#include "hal/common/fw_3081.h"
#include "hal/common/fw_8051.h"

/* One path per CPU kind; each reads its chip's spec from the chip data. */
static const dvr_fw_download_fn downloaders[] = {
	[DVR_FW_NONE] = NULL,
	[DVR_FW_8051_PAGES] = dvr_fw_8051_download,
	[DVR_FW_3081_DDMA] = dvr_fw3081_download_chip,
};

dvr_fw_download_fn dvr_fw_downloader(enum dvr_fw_kind kind)
{
	if ((unsigned)kind >= sizeof downloaders / sizeof downloaders[0])
		return NULL;
	return downloaders[kind];
}

int dvr_fw_download(struct dvr_chip *chip, const struct dvr_firmware *fw)
{
	enum dvr_fw_kind kind = chip->info->fw_kind;
	dvr_fw_download_fn fn;

	if (kind == DVR_FW_NONE)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s names no firmware "
		                     "download path in its chip data",
		                     chip->info->name);
	fn = dvr_fw_downloader(kind);
	if (!fn)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "%s needs firmware "
		                     "download path %d, which this build lacks",
		                     chip->info->name, (int)kind);
	return fn(chip, fw);
}

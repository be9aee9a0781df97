/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One bulk IN transfer of an RTL8822CU (Jaguar3 RX descriptor, "jgr3" PHY
 * status pages of rtw88 rtw8822c.c) through the aggregate walker:
 * fuzz_rx_walk.h. */
#include "hal/jaguar3/jaguar3.h"
#include "hal/rtl8822c/rtl8822c.h"
#include "tests/fuzz/fuzz_rx_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* After identify: a CCK gain range from the EFUSE, which page 0
	 * power readings are corrected by. */
	static struct rtl8822c_priv priv = { .cck_gain = { 0x0F, 0x30 } };
	if (size >= 3) {
		priv.cck_gain.lower = data[1] & 0x3F;
		priv.cck_gain.upper = data[2] & 0x3F;
	}
	return fuzz_rx_walk_run("RTL8822CU/RTL8812CU", JAGUAR3_PHY_STATUS_LEN,
	                        &priv, data, size);
}

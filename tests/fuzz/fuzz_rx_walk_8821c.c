/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One bulk IN transfer of an RTL8821CU (HalMAC RX descriptor, "jgr2" PHY
 * status whose CCK page is an LNA/VGA index pair, rtw88 rtw8821c.c
 * get_cck_rx_pwr) through the aggregate walker: fuzz_rx_walk.h. The
 * input's RFE option picks the LNA gain table, so both are walked. */
#include "hal/rtl8821c/rtl8821c.h"
#include "tests/fuzz/fuzz_rx_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rtl8821c_priv priv;
	return fuzz_rx_walk_run("RTL8821CU/RTL8811CU", HALMAC_PHY_STATUS_LEN,
	                        &priv, data, size);
}

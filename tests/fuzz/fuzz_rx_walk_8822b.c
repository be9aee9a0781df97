/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One bulk IN transfer of an RTL8822BU (HalMAC RX descriptor, "jgr2" PHY
 * status of rtw88 rtw8822b.c query_phy_status_page0/page1) through the
 * aggregate walker: fuzz_rx_walk.h. */
#include "hal/rtl8822b/rtl8822b.h"
#include "tests/fuzz/fuzz_rx_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rtl8822b_priv priv;
	return fuzz_rx_walk_run("RTL8822BU/RTL8812BU", HALMAC_PHY_STATUS_LEN,
	                        &priv, data, size);
}

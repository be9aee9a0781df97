/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One bulk IN transfer of an RTL8812EU (the Jaguar3 RX descriptor and
 * "jgr3" PHY status pages of the 8822C, vendor rtl88x2eu
 * PHYSTS_3RD_TYPE_IC) through the aggregate walker, with the chip's own
 * parse op and the CCK gain window its phy_init reads: fuzz_rx_walk.h. */
#include "hal/jaguar3/jaguar3.h"
#include "hal/rtl8822e/rtl8822e.h"
#include "tests/fuzz/fuzz_rx_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* After phy_init: the CCK gain window of the BB tables, which page
	 * 0 power readings are corrected by. */
	static struct rtl8822e_priv priv = { .cck_gain = { 0x0F, 0x30 } };
	if (size >= 3) {
		priv.cck_gain.lower = data[1] & 0x3F;
		priv.cck_gain.upper = data[2] & 0x3F;
	}
	return fuzz_rx_walk_run("RTL8812EU/RTL8822EU", JAGUAR3_PHY_STATUS_LEN,
	                        &priv, data, size);
}

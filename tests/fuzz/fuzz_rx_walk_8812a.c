/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One bulk IN transfer of an RTL8812AU (Jaguar1 RX descriptor, PHY status
 * of rtw88 rtw88xxa.c) through the aggregate walker: fuzz_rx_walk.h. */
#include "hal/jaguar1/jaguar1.h"
#include "hal/rtl8812a/rtl8812a.h"
#include "tests/fuzz/fuzz_rx_walk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The family state after identify; the parser reads none of it, a
	 * present priv keeps that true. */
	static struct jaguar1_priv priv;
	return fuzz_rx_walk_run("RTL8812AU", JAGUAR1_PHY_STATUS_LEN, &priv,
	                        data, size);
}

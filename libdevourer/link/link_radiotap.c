/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Radiotap TX header in front of link frames, built by the driver's
 * radiotap writer. Kept apart from link_tx.c so the link layer alone (tests,
 * bench, other drivers) does not need the driver's radiotap code.
 */
#include <devourer/link.h>
#include <devourer/radiotap.h>

int dvr_link_tx_set_radiotap(struct dvr_link_tx *tx,
                             const struct dvr_tx_params *params)
{
	if (!tx || !params)
		return DVR_E_INVALID;
	uint8_t hdr[DVR_LINK_MAX_PREFIX];
	size_t len = dvr_radiotap_build_tx(params, hdr, sizeof(hdr));
	if (len == 0)
		return DVR_E_INVALID;  /* rate radiotap cannot express */
	return dvr_link_tx_set_prefix(tx, hdr, len);
}

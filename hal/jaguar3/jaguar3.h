/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/jaguar3/: what the Jaguar3 generation shares (RTL8822C today, the
 * RTL8822E later): the 48-byte TX descriptor and its checksum, the 24-byte
 * RX descriptor with the "jgr3" PHY status, and the HalMAC-style MAC
 * initialisation driven by a per-chip parameter block. Chip files in
 * hal/<chip>/ supply the data and call these.
 */
#ifndef DVR_JAGUAR3_H
#define DVR_JAGUAR3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"

#define JAGUAR3_TX_DESC_LEN 48u
#define JAGUAR3_RX_DESC_LEN 24u
#define JAGUAR3_PHY_STATUS_LEN 32u
#define JAGUAR3_MAX_RX_FRAME 11454u   /* VHT MPDU incl. FCS */

/* Descriptor queue selects (rtw88 tx.h enum rtw_tx_desc_queue_select). */
enum {
	JAGUAR3_QSEL_BEACON = 0x10,
	JAGUAR3_QSEL_HIGH = 0x11,
	JAGUAR3_QSEL_MGMT = 0x12,
	JAGUAR3_QSEL_H2C = 0x13,
};

/* ---- TX descriptor (jaguar3_txdesc.c) ---- */

/*
 * Jaguar3 descriptor checksum: XOR of the little-endian 16-bit words of
 * the descriptor and its PKT_OFFSET padding (48 + 8 * PKT_OFFSET bytes,
 * rtw88 rtw8822c.c rtw8822c_fill_txdesc_checksum), computed with the
 * checksum field itself zero and stored in dword 7 [15:0]. @p buf must
 * hold that many bytes.
 */
uint16_t jaguar3_txdesc_checksum(const uint8_t *buf);
void jaguar3_txdesc_fill_checksum(uint8_t *buf);

/*
 * Descriptor of a firmware-bound packet of @p len bytes: a reserved-page
 * chunk (QSEL BEACON, OFFSET 48, LS; rtw88 usb.c
 * rtw_usb_write_data_rsvd_page) or an H2C packet (QSEL H2C, OFFSET 0;
 * rtw_usb_write_data_h2c). Writes 48 bytes.
 */
void jaguar3_fw_pkt_desc(uint8_t *desc, size_t len, uint8_t qsel);

/* The build_tx_desc op for injected frames (QSEL MGMT). */
int jaguar3_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                          const struct dvr_tx_desc_req *req);
/* The check_tx_vector op: what jaguar3_build_tx_desc would refuse. */
int jaguar3_check_tx_vector(const struct dvr_chip *chip,
                            const struct dvr_tx_desc_req *req, char *why,
                            size_t why_len);

/* ---- RX descriptor and PHY status (jaguar3_rx.c) ---- */

/* CCK gain-index bounds the jgr3 CCK power formula needs (read from the
 * BB after the tables by the chip). Zero bounds disable the correction. */
struct jaguar3_cck_gain {
	uint8_t lower, upper;
};

/*
 * Parse one packet (the parse_rx_pkt op shape). @p cck may be NULL (no
 * CCK gain correction). chip->channel.bw_mhz is used as the frame
 * bandwidth when the PHY status reports no sub-channel.
 */
int jaguar3_parse_rx_pkt(const struct dvr_chip *chip,
                         const struct jaguar3_cck_gain *cck,
                         const uint8_t *p, size_t avail,
                         struct dvr_rx_pkt *out);

#endif /* DVR_JAGUAR3_H */

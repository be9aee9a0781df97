/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8814A personality: program the chip model
 * through its USB interface with the register sequences of the references
 * for this chip (rtw88 rtw8814a_table.c power flows, mac.c firmware
 * download and queue set-up, rtw8814a.c BB/RF enables, RF access and TX
 * power port; the vendor rtl8814au download order as a second valid
 * sequence), and build 40-byte TX descriptors by hand. Independent of
 * hal/ on purpose: these tests check the model, not a driver.
 */
#ifndef DVR_TEST_VHELP_8814A_H
#define DVR_TEST_VHELP_8814A_H

#include <stdbool.h>

#include "tests/virtual/vhelp_3081.h"

/* the size of the genuine rtw8814a_fw.bin, DMEM and IMEM with their
 * trailers after the 64-byte header */
#define A_FW_LEN 68320

/* rtw88 rtw8814a_table.c init_power_on_8814a,
 * trans_carddis_to_cardemu_8814a, trans_cardemu_to_act_8814a (USB rows) */
static const struct v3_pwr_row a_card_enable[] = {
	{0x10C2, 0, 0, 0x02, 0x02}, {0x0012, 0, 0, 0x40, 0x40},
	{0x0015, 0, 0, 0x20, 0x00}, {0x0015, 0, 0, 0x40, 0x00},
	{0x0023, 0, 0, 0x10, 0x00}, {0x0046, 0, 0, 0xFF, 0x00},
	{0x0062, 0, 0, 0xFF, 0x00}, {0x0005, 0, 0, 0x08, 0x00},
	{0x0005, 0, 0, 0x04, 0x00}, {0x0006, 0, 1, 0x02, 0x02},
	{0x0005, 0, 0, 0x08, 0x00}, {0x00F0, 0, 0, 0x80, 0x00},
	{0x0081, 0, 0, 0x30, 0x20}, {0x0005, 0, 0, 0x01, 0x01},
	{0x0005, 0, 1, 0x01, 0x00},
};

/* trans_act_to_cardemu_8814a, trans_cardemu_to_carddis_8814a (USB rows,
 * the 2 us pause left to the host) */
static const struct v3_pwr_row a_card_disable[] = {
	{0x0C00, 0, 0, 0xFF, 0x04}, {0x0E00, 0, 0, 0xFF, 0x04},
	{0x1002, 0, 0, 0x01, 0x00}, {0x001F, 0, 0, 0xFF, 0x00},
	{0x0007, 0, 0, 0xFF, 0x28}, {0x0008, 0, 0, 0x02, 0x00},
	{0x0066, 0, 0, 0x80, 0x00}, {0x0041, 0, 0, 0x10, 0x00},
	{0x0042, 0, 0, 0x02, 0x00}, {0x004E, 0, 0, 0x20, 0x20},
	{0x0041, 0, 0, 0x01, 0x00}, {0x0005, 0, 0, 0x02, 0x02},
	{0x0005, 0, 1, 0x02, 0x00}, {0x0003, 0, 0, 0x04, 0x00},
	{0x0080, 0, 0, 0xFF, 0x01}, {0x0081, 0, 0, 0xFF, 0x30},
	{0x0045, 0, 0, 0xFF, 0x00}, {0x0046, 0, 0, 0xFF, 0xFF},
	{0x0047, 0, 0, 0xFF, 0x00}, {0x0015, 0, 0, 0x40, 0x40},
	{0x0015, 0, 0, 0x20, 0x20}, {0x0012, 0, 0, 0x40, 0x00},
	{0x0023, 0, 0, 0x10, 0x10}, {0x0008, 0, 0, 0x02, 0x00},
	{0x0007, 0, 0, 0xFF, 0x20}, {0x001F, 0, 0, 0x02, 0x00},
	{0x0020, 0, 0, 0x02, 0x00}, {0x0021, 0, 0, 0x02, 0x00},
	{0x0076, 0, 0, 0x02, 0x00}, {0x0091, 0, 0, 0xA0, 0xA0},
	{0x0070, 0, 0, 0x08, 0x08}, {0x0005, 0, 0, 0x08, 0x08},
};

/* rtw88 mac.c rtw_mac_power_on for the 8814A: rtw_mac_pre_system_cfg,
 * the card-enable flow, __rtw_mac_init_system_cfg (0x1080 bits 16/8,
 * 0x03 |= 0xDC, 0x1103); the card-disable flow. */
static const struct v3_power a_power = {
	v3_pre_system_cfg, V3_FLOW(a_card_enable, 0, 50000), false, 0xDC, true,
	V3_FLOW(a_card_disable, 0, 50000),
};

/* The 40-byte Jaguar1 descriptor: PKT_SIZE, OFFSET 40, LS, QSEL,
 * USE_RATE + rate (rate < 0: none), bandwidth, EN_HWSEQ; checksum over
 * the first 32 bytes (rtw88 rtw8814a.c rtw8814a_fill_txdesc_checksum). */
static inline void a_desc(uint8_t *d, size_t pkt, unsigned qsel, int rate,
                          unsigned bw_code)
{
	memset(d, 0, 40);
	put32(d, (uint32_t)pkt | 40u << 16 | 1u << 26);
	put32(d + 4, (uint32_t)qsel << 8);
	if (rate >= 0) {
		put32(d + 12, 1u << 8);
		put32(d + 16, (uint32_t)rate & 0x7F);
	}
	put32(d + 20, bw_code << 5);
	put32(d + 32, 1u << 15);
	vh_txdesc_csum(d);
}

/* The download descriptor of the 8814A: the 40-byte one, its own
 * checksum. */
static inline void a_fw_desc(uint8_t *d, size_t len)
{
	a_desc(d, len, 0x10, -1, 0);
}

static const struct v3_fw_chip a_fw = {40, a_fw_desc, 50000};

/* One firmware segment through the reserved page and DDMA
 * (v3_segment), whole, in chunks of at most `chunk` bytes stored at
 * page `head`: the rtw88 way (page 0, 4096-byte chunks) or the
 * vendor's (rtl8814a_hal_init.c HalROMDownloadFWRSVDPage8814A: the TX
 * boundary page, about 1.5 KiB). 1: checksum clean, 0: error, -1: an
 * engine stalled. */
static inline int a_segment_at(struct vchip *vc, const uint8_t *data,
                               uint32_t dst, size_t size, unsigned head,
                               size_t chunk)
{
	return v3_segment(vc, &a_fw, data, size, dst, size, head, chunk);
}

/* The DMEM and IMEM segments of an image (v3_fw_segments; the 8814A's
 * images have no EMEM). */
static inline void a_fw_segments(const uint8_t *fw, uint32_t *dmem_at,
                                 size_t *dmem, uint32_t *imem_at,
                                 size_t *imem)
{
	struct v3_fw_seg seg[3];
	v3_fw_segments(fw, -1, seg);
	*dmem_at = seg[0].addr;
	*dmem = seg[0].size;
	*imem_at = seg[1].addr;
	*imem = seg[1].size;
}

/* The whole image of rtw8814a_fw.bin's size (a_boot checks it) through
 * v3_fw_download, then the boot poll. Returns 0x80 (16-bit) after the
 * poll; *fails counts segments whose checksum the chip reported bad
 * (the host announces the image either way). */
static inline uint32_t a_fw_download(struct vchip *vc, const uint8_t *fw,
                                     int *fails)
{
	v3_fw_download(vc, &a_fw, fw, A_FW_LEN, -1, fails, NULL);
	return v3_fw_wait(vc, 50000);
}

/* Download and boot the genuine rtw8814a_fw.bin; true when it came up. */
static inline bool a_boot(struct vchip *vc)
{
	return v3_boot(vc, &a_fw, "rtw8814a_fw.bin", A_FW_LEN);
}

/* BB and all four RF paths on, RFE pins to the front end (rtw88
 * rtw8814a.c rtw8814a_phy_set_param, rtw8814a_init_rfe_reg for RFE 1),
 * CCK TX on path B (rtw8814a_config_trx_path). */
static inline void a_bb_rf_on(struct vchip *vc)
{
	vh_set8(vc, 0x02, 0x04, 0);
	vh_set8(vc, 0x1002, 0x03, 0);
	vh_w8(vc, 0x1F, 0x07);
	vh_w8(vc, 0x20, 0x07);
	vh_w8(vc, 0x21, 0x07);
	vh_w8(vc, 0x76, 0x07);
	vh_w32(vc, 0xA04, (vh_read(vc, 0xA04, 4) & 0x00FFFFFFu) | 0x45000000u);
	vh_w32(vc, 0x1994, vh_read(vc, 0x1994, 4) | 0x0F);
	vh_set8(vc, 0x42, 0xF0, 0);
}

/* Tune all four paths (vh_tune_paths: RF 0x18 as on every Jaguar1 BB,
 * BB 0x8AC [1:0], the primary sub-channel 0x483). */
static inline void a_tune(struct vchip *vc, unsigned center, unsigned bw,
                          unsigned sc)
{
	vh_tune_paths(vc, center, bw, sc, 4, v3_rf_write);
}

/* One TX power index through the packed port (rtw88 rtw8814a.c
 * rtw8814a_set_tx_power_index_by_rate). */
static inline void a_txpower(struct vchip *vc, unsigned path, uint8_t rate,
                             uint8_t index)
{
	vh_w32(vc, 0x1998, 0x00801000u | (uint32_t)index << 24 |
	                       (uint32_t)path << 8 | rate);
}

/* Every rate of every path at one index. */
static inline void a_txpower_all(struct vchip *vc, uint8_t index)
{
	for (unsigned p = 0; p < 4; p++)
		for (unsigned r = 0; r < 0x54; r++)
			a_txpower(vc, p, (uint8_t)r, index);
}

/* The queue set-up of rtw88 mac.c rtw_mac_init for the 8814A on three
 * endpoints: PQ map (VO/MGT/HI high, VI normal, BE/BK low), page counts
 * 32 per queue and the rest public, the auto-LLT (0x208 bit 0, polled
 * clear), DROP_DATA_EN, CR 0x06FF. false when the LLT never finished. */
static inline bool a_queues(struct vchip *vc)
{
	vh_write(vc, 0x10C, 0xF5B0, 2);
	vh_w8(vc, 0x100, 0xFF);
	vh_w32(vc, 0x1330, 0x80000000u);
	vh_write(vc, 0x230, 32, 2);
	vh_write(vc, 0x234, 32, 2);
	vh_write(vc, 0x238, 32, 2);
	vh_write(vc, 0x23C, 32, 2);
	vh_write(vc, 0x240, 1858, 2);
	vh_w32(vc, 0x22C, vh_read(vc, 0x22C, 4) | 1u << 31);
	vh_write(vc, 0x204, 1986, 2);
	vh_set8(vc, 0x208, 0x30, 0xF0);
	vh_w8(vc, 0x20B, 3);
	vh_set8(vc, 0x20D, 0x02, 0);
	vh_set8(vc, 0x208, 0x01, 0);
	if (!v3_poll8(vc, 0x208, 0x01, 0x00))
		return false;
	vh_w8(vc, 0x103, 0);
	vh_write(vc, 0x100, 0x06FF, 2);
	return true;
}

/* Monitor RX: the vendor's 8814A setting (RCR AAP/APM/AM/AB, ADF/ACF/AMF,
 * APP_PHYSTS, subtype maps open) with 32 bytes of PHY status. */
static inline void a_monitor(struct vchip *vc)
{
	v3_monitor(vc, 0x9000380F, false);
}

/* Power on, boot, queues, BB/RF, tuned to ch at 20 MHz, monitor, every
 * TX power index at `index`. NULL on any failure. */
static inline struct vchip *a_station(const char *name, const char *air,
                                      const char *opts, unsigned ch,
                                      uint8_t index)
{
	struct vchip *vc = v3_create(name, air, opts ? opts : "chip=8814a");
	if (!vc)
		return NULL;
	if (v3_power_on(vc, &a_power) || !a_boot(vc) || !a_queues(vc)) {
		vchip_destroy(vc);
		return NULL;
	}
	a_bb_rf_on(vc);
	a_tune(vc, ch, 20, 0);
	a_monitor(vc);
	a_txpower_all(vc, index);
	return vc;
}

/* Send a broadcast data frame of len bytes at rate code `rate` on the
 * first bulk OUT endpoint (MGT queue); whether the chip took it. */
static inline bool a_send(struct vchip *vc, size_t len, uint8_t tag,
                          uint8_t rate, unsigned timeout_ms)
{
	static uint8_t f[2048], x[2048 + 40];
	if (len > sizeof f)
		return false;
	vh_frame(f, len, tag);
	a_desc(x, len, 0x12, rate, 0);
	memcpy(x + 40, f, len);
	return vchip_bulk_out(vc, 0x02, x, 40 + len, timeout_ms) ==
	       (int)(40 + len);
}

#endif /* DVR_TEST_VHELP_8814A_H */

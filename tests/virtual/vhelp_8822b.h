/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test helper for the RTL8822B personality: program the chip model
 * through its USB interface with the register sequences of the references
 * for this chip (rtw88 rtw8822b.c power flows, mac.c firmware download,
 * phy.c RF access, rtw8822b.c channel set), and build 48-byte TX
 * descriptors by hand with the Jaguar2 checksum. Independent of hal/ on
 * purpose: these tests check the model, not a driver. What the 3081-CPU
 * chips do alike (the flow runner, the download, RF access, the monitor
 * set-up) is vhelp_3081.h's; here is the 8822B's own data and steps.
 */
#ifndef DVR_TEST_VHELP_8822B_H
#define DVR_TEST_VHELP_8822B_H

#include <stdbool.h>

#include "tests/virtual/vhelp_3081.h"

/* rtw88 rtw8822b.c trans_carddis_to_cardemu_8822b and
 * trans_cardemu_to_act_8822b. */
static const struct v3_pwr_row b_card_enable[] = {
	{0x004A, 0, 0, 0x01, 0x00}, {0x0005, 0, 0, 0x98, 0x00},
	{0x0012, 0, 0, 0x02, 0x00}, {0x0012, 0, 0, 0x01, 0x01},
	{0x0020, 0, 0, 0x01, 0x01}, {0x0001, 0, 0, 0x00, 0x00}, /* 1 ms */
	{0x0000, 0, 0, 0x20, 0x00}, {0x0005, 0, 0, 0x1C, 0x00},
	{0x0006, 0, 1, 0x02, 0x02}, {0xFF1A, 0, 0, 0xFF, 0x00},
	{0x0006, 0, 0, 0x01, 0x01}, {0x0005, 0, 0, 0x80, 0x00},
	{0x0005, 0, 0, 0x18, 0x00}, {0x10C3, 0, 0, 0x01, 0x01},
	{0x0005, 0, 0, 0x01, 0x01}, {0x0005, 0, 1, 0x01, 0x00},
	{0x0020, 0, 0, 0x08, 0x08}, {0x10A8, 1, 0, 0xFF, 0x00},
	{0x10A9, 1, 0, 0xFF, 0xEF}, {0x10AA, 1, 0, 0xFF, 0x0C},
	{0x0029, 0, 0, 0xFF, 0xF9}, {0x0024, 0, 0, 0x04, 0x00},
	{0x00AF, 0, 0, 0x20, 0x20},
};

/* rtw88 rtw8822b.c trans_act_to_cardemu_8822b and
 * trans_cardemu_to_carddis_8822b. */
static const struct v3_pwr_row b_card_disable[] = {
	{0x0093, 0, 0, 0x08, 0x00}, {0x001F, 0, 0, 0xFF, 0x00},
	{0x00EF, 0, 0, 0xFF, 0x00}, {0xFF1A, 0, 0, 0xFF, 0x30},
	{0x0049, 0, 0, 0x02, 0x00}, {0x0006, 0, 0, 0x01, 0x01},
	{0x0002, 0, 0, 0x02, 0x00}, {0x10C3, 0, 0, 0x01, 0x00},
	{0x0005, 0, 0, 0x02, 0x02}, {0x0005, 0, 1, 0x02, 0x00},
	{0x0020, 0, 0, 0x08, 0x00}, {0x0000, 0, 0, 0x20, 0x20},
	{0x0007, 0, 0, 0xFF, 0x20}, {0x0067, 0, 0, 0x20, 0x00},
	{0x004A, 0, 0, 0x01, 0x00}, {0x0081, 0, 0, 0xC0, 0x00},
	{0x0005, 0, 0, 0x18, 0x08}, {0x0090, 0, 0, 0x02, 0x00},
};

/* rtw88 mac.c rtw_mac_power_on for the 8822B: the pre-system set-up
 * (rtw_mac_pre_system_cfg), card enable with the C-cut rows on a C cut
 * (SYS_CFG1 [15:12] = 2), 0xF5 bit 0 clear, then
 * __rtw_mac_init_system_cfg (platform reset release and DDMA enable,
 * SYS_FUNC_EN 0xDC, PHY request delay); card disable. */
static const struct v3_power b_power = {
	v3_pre_system_cfg, V3_FLOW(b_card_enable, 2, 50000), true, 0xDC, true,
	V3_FLOW(b_card_disable, 2, 50000),
};

/* The download descriptor of the 8822B: 48 bytes, the Jaguar2
 * checksum. */
static inline void b_fw_desc(uint8_t *d, size_t len)
{
	v3_desc(d, len, 0x10, -1, 0, 0);
	v3_csum_j2(d);
}

static const struct v3_fw_chip b_fw = {48, b_fw_desc, 50000};

/* The whole download of an image of len bytes (possibly cut short),
 * the IMEM segment at imem_dst (negative: the header's address), as
 * v3_fw_download; *first gets 0x80 (16-bit) as read once right after
 * the CPU was enabled. Returns 0x80 (16-bit) after the boot poll. */
static inline uint32_t b_fw_download(struct vchip *vc, const uint8_t *fw,
                                     size_t len, long imem_dst,
                                     int *seg_fail, uint32_t *first)
{
	*first = v3_fw_download(vc, &b_fw, fw, len, imem_dst, seg_fail, NULL);
	return v3_fw_wait(vc, 50000);
}

/* Download and boot rtw8822b_fw.bin; true when it came up. */
static inline bool b_boot(struct vchip *vc)
{
	return v3_boot(vc, &b_fw, "rtw8822b_fw.bin", 0);
}

/* rtw88 rtw8822b.c rtw8822b_set_channel_bb (bandwidth part) and
 * rtw8822b_set_channel_rf: 0x8AC with the primary index sc, then RF 0x18
 * read from path A, merged and written to both paths. */
/* RF 0x18 of both paths for channel @p ch with the 20 MHz code, as
 * rtw88 rtw8822b_set_channel_rf writes it for 5, 10 and 20 MHz. */
static inline void b_tune_rf_only(struct vchip *vc, unsigned ch)
{
	uint32_t r = v3_rf_read(vc, 0, 0x18);
	r &= ~(uint32_t)(1u << 16 | 1u << 9 | 1u << 8 | 0xFF | 3u << 17 |
	                 3u << 10);
	if (ch > 14)
		r |= 1u << 16 | 1u << 8;
	r |= (ch & 0xFF) | 3u << 10;
	if (ch > 144)
		r |= 1u << 18;
	else if (ch >= 80)
		r |= 1u << 17;
	v3_rf_write(vc, 0, 0x18, r);
	v3_rf_write(vc, 1, 0x18, r);
}

static inline void b_tune(struct vchip *vc, unsigned ch, unsigned bw,
                          unsigned sc)
{
	uint32_t v = vh_read(vc, 0x8AC, 4);
	if (bw == 20)
		v &= 0xFFCFFC00u;
	else if (bw == 40)
		v = (v & 0xFF3FF300u) | (uint32_t)(sc & 0xF) << 2 | 1;
	else
		v = (v & 0xFCEFCF00u) | (uint32_t)(sc & 0xF) << 2 | 2;
	vh_w32(vc, 0x8AC, v);
	uint32_t r = v3_rf_read(vc, 0, 0x18);
	r &= ~(uint32_t)(1u << 16 | 1u << 9 | 1u << 8 | 0xFF | 3u << 17 |
	                 3u << 10);
	if (ch > 14)
		r |= 1u << 16 | 1u << 8;
	r |= ch & 0xFF;
	if (ch > 144)
		r |= 1u << 18;
	else if (ch >= 80)
		r |= 1u << 17;
	r |= (bw == 20 ? 3u : bw == 40 ? 2u : 1u) << 10;
	v3_rf_write(vc, 0, 0x18, r);
	v3_rf_write(vc, 1, 0x18, r);
}

/* Power on, boot the genuine image, queue map and CR, BB/RF on, tuned to
 * ch at 20 MHz, and the Jaguar2 monitor RX set-up (v3_monitor_j2). NULL
 * on any failure. */
static inline struct vchip *b_station(const char *name, const char *air,
                                      const char *opts, unsigned ch)
{
	struct vchip *vc = v3_create(name, air, opts ? opts : "chip=8822b");
	if (!vc || v3_power_on(vc, &b_power) || !b_boot(vc)) {
		vchip_destroy(vc);
		return NULL;
	}
	vh_write(vc, 0x10C, 0xF5A0 | 0x04, 2);
	vh_write(vc, 0x100, 0x06FF, 2);
	v3_bb_rf_on(vc);
	b_tune(vc, ch, 20, 0);
	v3_monitor_j2(vc);
	return vc;
}

#endif /* DVR_TEST_VHELP_8822B_H */

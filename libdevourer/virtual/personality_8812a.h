/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the RTL8812AU personality: its private state block and the
 * functions its files (personality_8812a*.c) share. Caller holds vc->lock
 * for every function here.
 */
#ifndef DVR_PERSONALITY_8812A_H
#define DVR_PERSONALITY_8812A_H

#include "libdevourer/virtual/personality_8812a_regs.h"
#include "libdevourer/virtual/vchip_internal.h"

/* IQK engine state of one path (personality_8812a_iqk.c) */
struct p8812a_iqk {
	bool done, tx_fail, rx_fail;
	uint32_t shots;
	uint16_t val[5];          /* by 0xCB8 [28:25] select: 1..4 */
};

struct p8812a_state {
	/* EFUSE (built at create, read-only afterwards) */
	uint8_t efuse_phys[P8812A_EFUSE_PHYS];
	uint8_t efuse_log[P8812A_EFUSE_LOG];
	int cck_agc_byte;         /* AGC report byte for CCK frames */

	bool cpu_on;              /* 8051 out of reset (0x03 bit 2) */
	uint8_t llt[256];

	/* firmware download into the 8051's RAM */
	uint8_t fw_img[P8812A_FW_MAX];
	uint8_t fw_written[P8812A_FW_MAX / 8]; /* bitmap of bytes written */
	/* per download page: highest offset written + 1 */
	size_t fw_page_hi[P8812A_FW_MAX / P8812A_FW_PAGE];
	bool fw_pass_dirty;       /* any byte written this pass */
	bool fw_running;

	/* RF registers per path (20-bit) */
	uint32_t rf[P8812A_RF_PATHS][256];

	/* table milestone trackers */
	bool mac_table_done, bb_table_done, rf_table_done;
	size_t agc_match;
	size_t rf_match[P8812A_RF_PATHS];
	bool monitor_on, txrx_on;
	uint8_t primary_sc;       /* sub-channel index from 0x483 */

	/* BB page C1 (0x82C bit 31) and the IQK engine on it */
	uint8_t c1[P8812A_C1_SIZE];
	struct p8812a_iqk iqk[P8812A_RF_PATHS];
};

static inline struct p8812a_state *p8812a_of(const struct vchip *vc)
{
	return (struct p8812a_state *)vc->pstate;
}

/* personality_8812a_efuse.c */
void p8812a_efuse_build(struct vchip *vc);
/* board= names (the EFUSE TX-power calibration variants), default first */
extern const char *const p8812a_boards[];
void p8812a_efuse_ctrl_written(struct vchip *vc);

/* personality_8812a_fw.c */
void p8812a_fw_reset_pass(struct vchip *vc);
bool p8812a_fw_chk_ok(const struct vchip *vc);
void p8812a_fw_window_write(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len);
void p8812a_fw_cpu_enabled(struct vchip *vc);
void p8812a_fw_cpu_disabled(struct vchip *vc);
void p8812a_fw_observe_read(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len);

/* personality_8812a_phy.c: BB/RF, table milestones, tuning, monitor */
bool p8812a_bb_alive(const struct vchip *vc);
void p8812a_phy_lssi_write(struct vchip *vc, unsigned path);
uint32_t p8812a_phy_rf_readback(const struct vchip *vc, uint16_t addr);
void p8812a_phy_check_tables(struct vchip *vc, uint16_t addr, size_t len);
void p8812a_phy_agc_write(struct vchip *vc, uint32_t value);
void p8812a_phy_update_tuning(struct vchip *vc);
void p8812a_phy_update_monitor(struct vchip *vc);
void p8812a_phy_power_off(struct vchip *vc);
uint32_t p8812a_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
bool p8812a_rf_alive(const struct vchip *vc, unsigned path);

/* personality_8812a_iqk.c: BB page C1 and the IQK engine on it */
bool p8812a_page_c1(const struct vchip *vc);
bool p8812a_in_c1(uint32_t a);
uint8_t p8812a_c1_read8(const struct vchip *vc, uint32_t a);
void p8812a_c1_store(struct vchip *vc, uint32_t a, uint8_t v);
uint32_t p8812a_iqk_cb8(const struct vchip *vc, unsigned path);
void p8812a_iqk_written(struct vchip *vc, uint16_t addr, size_t len,
                        uint32_t old_980, const uint32_t old_cb8[2]);
void p8812a_iqk_power_off(struct vchip *vc);
bool p8812a_iqk_peek(const struct vchip *vc, unsigned path,
                     struct vchip_iqk *out);

/* personality_8812a_thermal.c: RF 0x42 thermal meter, LCK. An RF write
 * of data to addr on path: what the register holds afterwards. */
uint32_t p8812a_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t addr, uint32_t data);

/* personality_8812a_tx.c: the TX descriptor */
void p8812a_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                   unsigned *count, unsigned *max);
enum vc_tx_verdict p8812a_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out);

/* personality_8812a_rx.c: the RX descriptor and PHY status */
int p8812a_cck_agc_for(int rssi_dbm);
size_t p8812a_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                        uint8_t *hdr, size_t *frame_len);
void p8812a_rx_agg_count(uint8_t *first_desc, unsigned count);

#endif /* DVR_PERSONALITY_8812A_H */

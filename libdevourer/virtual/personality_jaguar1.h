/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The Jaguar1 layer of the chip model: what the RTL8812AU and RTL8821AU
 * personalities share (register file and power domains, 8051 firmware
 * download and boot, EFUSE port, BB/RF behind LSSI, IQK engine, thermal
 * meter, the 40-byte TX descriptor and the 24-byte RX descriptor), its
 * private state block, and the constant data a chip gives it through its
 * personality's layer field (struct pjaguar1_chip). Each personality_<chip>.c
 * names its identity, USB ids, EFUSE map and table sentinels. Caller holds
 * vc->lock for every function here.
 */
#ifndef DVR_PERSONALITY_JAGUAR1_H
#define DVR_PERSONALITY_JAGUAR1_H

#include "libdevourer/virtual/personality_jaguar1_regs.h"
#include "libdevourer/virtual/vchip_internal.h"

/* Rows the characteristic-table milestones look for (personality_
 * jaguar1_phy.c): MAC rows as bytes in ascending address order (the
 * first and last bound the writes that trigger a check), BB rows as
 * dwords, the AGC table rows written to 0x81C in order, and the RF rows
 * per path arriving through LSSI in order (none on a path the chip does
 * not have). */
struct pjaguar1_reg_val {
	uint16_t addr;
	uint32_t val;
};

struct pjaguar1_rf_row {
	uint8_t addr;
	uint32_t val;
};

struct pjaguar1_tables {
	const struct pjaguar1_reg_val *mac;
	size_t n_mac;
	const struct pjaguar1_reg_val *bb;
	size_t n_bb;
	const uint32_t *agc;
	size_t n_agc;
	const struct pjaguar1_rf_row *rf[PJAGUAR1_RF_PATHS];
	size_t n_rf[PJAGUAR1_RF_PATHS];
};

/* What one Jaguar1 chip is, as the layer needs it. */
struct pjaguar1_chip {
	uint32_t sys_cfg;         /* 0xF0 SYS_CFG: version, vendor, straps */
	uint8_t chip_id;          /* 0xFC SYS_CFG2 low byte */
	bool bt_func;             /* 0x68 bit 18 BT_FUNC_EN: a BT combo die */
	/* whether the board's part has the die's BT half (its BT_FUNC_EN
	 * reads set); NULL: every board's has, as bt_func says */
	bool (*bt_on_board)(const struct vchip *vc);
	/* 0x23 bit 4 set at reset (see pjaguar1_reset) */
	bool hpon_ldo_sleeps;
	unsigned rf_paths;        /* 1: path B absent; 2 */
	unsigned max_nss;         /* spatial streams the TX path takes */
	/* the board's logical EFUSE map (512 bytes, pre-filled 0xFF) */
	void (*efuse_map)(struct vchip *vc, uint8_t *map);
	/* optional: bytes the factory programs outside the block-coded map
	 * (the bonding marks at 1018-1021), into the PJAGUAR1_EFUSE_PHYS-byte
	 * physical image */
	void (*efuse_marks)(struct vchip *vc, uint8_t *phys);
	/* table milestones: NULL when the model knows no sentinels */
	const struct pjaguar1_tables *tables;
	/* the CCK receive power (dBm) a driver derives from an AGC report's
	 * LNA and VGA indices; false: an index pair the chip never reports
	 * (personality_jaguar1_rx.c picks the report for the RSSI) */
	bool (*cck_rx_pwr)(unsigned lna, unsigned vga, int *dbm);
	/* whether WLAN has the antenna it shares with BT; NULL: always */
	bool (*wlan_has_antenna)(const struct vchip *vc);
};

static inline const struct pjaguar1_chip *pjaguar1_chip(const struct vchip *vc)
{
	return (const struct pjaguar1_chip *)vc->p->layer;
}

/* IQK engine state of one path (personality_jaguar1_iqk.c) */
struct pjaguar1_iqk {
	bool done, tx_fail, rx_fail;
	uint32_t shots;
	uint16_t val[5];          /* by 0xCB8 [28:25] select: 1..4 */
};

struct pjaguar1_state {
	/* EFUSE (built at create, read-only afterwards) */
	uint8_t efuse_phys[PJAGUAR1_EFUSE_PHYS];
	uint8_t efuse_log[PJAGUAR1_EFUSE_LOG];
	int cck_agc_byte;         /* AGC report byte for CCK frames */

	bool cpu_on;              /* 8051 out of reset (0x03 bit 2) */
	uint8_t llt[256];

	/* firmware download into the 8051's RAM */
	uint8_t fw_img[PJAGUAR1_FW_MAX];
	uint8_t fw_written[PJAGUAR1_FW_MAX / 8]; /* bitmap of bytes written */
	/* per download page: highest offset written + 1 */
	size_t fw_page_hi[PJAGUAR1_FW_MAX / PJAGUAR1_FW_PAGE];
	bool fw_pass_dirty;       /* any byte written this pass */
	bool fw_running;

	/* RF registers per path (20-bit) */
	uint32_t rf[PJAGUAR1_RF_PATHS][256];

	/* table milestone trackers */
	bool mac_table_done, bb_table_done, rf_table_done;
	size_t agc_match;
	size_t rf_match[PJAGUAR1_RF_PATHS];
	bool monitor_on, txrx_on;
	uint8_t primary_sc;       /* sub-channel index from 0x483 */

	/* BB page C1 (0x82C bit 31) and the IQK engine on it */
	uint8_t c1[PJAGUAR1_C1_SIZE];
	struct pjaguar1_iqk iqk[PJAGUAR1_RF_PATHS];
};

static inline struct pjaguar1_state *pjaguar1_of(const struct vchip *vc)
{
	return (struct pjaguar1_state *)vc->pstate;
}

/* personality_jaguar1.c: the register file, the ops a personality
 * lists as its own */
void pjaguar1_reset(struct vchip *vc);
void pjaguar1_mac_power(struct vchip *vc, bool on);
bool pjaguar1_powered(const struct vchip *vc, uint32_t a);
uint8_t pjaguar1_read8(struct vchip *vc, uint32_t a);
void pjaguar1_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
               size_t len);
bool pjaguar1_tx_dma_on(const struct vchip *vc);
bool pjaguar1_tx_ready(const struct vchip *vc);
bool pjaguar1_rx_ready(const struct vchip *vc);
bool pjaguar1_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                   bool crc_err);

/* personality_jaguar1_efuse.c: the physical image of the chip's map and
 * the byte-read port */
void pjaguar1_efuse_build(struct vchip *vc);
/* What a die's default boards put in the shared part of the logical map
 * besides their RF calibration: the board option (0xC1: BT coexistence
 * in [7:5]), the antenna BT shares (0xC3) and where the die keeps its USB
 * block (VID, PID at +2, MAC at +7: 0xD0 on the RTL8812AU, 0x100 on the
 * RTL8821AU; rtw88 rtw88xxa.h rtw8812au_efuse / rtw8821au_efuse). */
struct pjaguar1_efuse_board {
	uint8_t rf_board, rf_bt;
	uint16_t usb_block;
};
/* Fill the shared fields of a board with internal amplifiers, RFE 0,
 * crystal 0x20, 0 dB BB swing and the model's USB identity; the caller
 * adds its TX-power block, thermal value and whatever else is its own. */
void pjaguar1_efuse_common(const struct vchip *vc, uint8_t *m,
                      const struct pjaguar1_efuse_board *b);
void pjaguar1_efuse_ctrl_written(struct vchip *vc);

/* personality_jaguar1_fw.c */
void pjaguar1_fw_reset_pass(struct vchip *vc);
bool pjaguar1_fw_chk_ok(const struct vchip *vc);
void pjaguar1_fw_window_write(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len);
void pjaguar1_fw_cpu_enabled(struct vchip *vc);
void pjaguar1_fw_cpu_disabled(struct vchip *vc);
void pjaguar1_fw_observe_read(struct vchip *vc, uint16_t addr,
                            const uint8_t *data, size_t len);

/* personality_jaguar1_phy.c: BB/RF, table milestones, tuning, monitor */
bool pjaguar1_bb_alive(const struct vchip *vc);
void pjaguar1_phy_lssi_write(struct vchip *vc, unsigned path);
uint32_t pjaguar1_phy_rf_readback(const struct vchip *vc, uint16_t addr);
void pjaguar1_phy_check_tables(struct vchip *vc, uint16_t addr, size_t len);
void pjaguar1_phy_agc_write(struct vchip *vc, uint32_t value);
void pjaguar1_phy_update_tuning(struct vchip *vc);
/* The tuning a Jaguar1 BB's registers select (no state: also for a
 * Jaguar1 BB on another layer, the RTL8814A's): path A's RF 0x18, BB
 * 0x8AC [1:0] and the primary sub-channel 0x483 [3:0]; all zero when
 * they do not agree on a channel. */
void pjaguar1_tuning_decode(uint32_t rf18, unsigned rfmod, unsigned sc,
                       struct vchip_tuning *out);
void pjaguar1_phy_update_monitor(struct vchip *vc);
void pjaguar1_phy_power_off(struct vchip *vc);
uint32_t pjaguar1_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
bool pjaguar1_rf_alive(const struct vchip *vc, unsigned path);

/* personality_jaguar1_iqk.c: BB page C1 and the IQK engine on it */
bool pjaguar1_page_c1(const struct vchip *vc);
bool pjaguar1_in_c1(uint32_t a);
uint8_t pjaguar1_c1_read8(const struct vchip *vc, uint32_t a);
void pjaguar1_c1_store(struct vchip *vc, uint32_t a, uint8_t v);
uint32_t pjaguar1_iqk_cb8(const struct vchip *vc, unsigned path);
void pjaguar1_iqk_written(struct vchip *vc, uint16_t addr, size_t len,
                        uint32_t old_980, const uint32_t old_cb8[2]);
void pjaguar1_iqk_power_off(struct vchip *vc);
bool pjaguar1_iqk_peek(const struct vchip *vc, unsigned path,
                     struct vchip_iqk *out);

/* personality_jaguar1_thermal.c: RF 0x42 thermal meter, LCK. An RF write
 * of data to addr on path: what the register holds afterwards. */
uint32_t pjaguar1_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t addr, uint32_t data);

/* personality_jaguar1_tx.c: the TX descriptor; its checksum (the 40-byte
 * descriptor's first 32 bytes), as the chip checks it */
bool pjaguar1_txd_checksum_ok(const uint8_t *d);
void pjaguar1_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                   unsigned *count, unsigned *max);
enum vc_tx_verdict pjaguar1_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out);

/* personality_jaguar1_rx.c: the RX descriptor and PHY status */
int pjaguar1_cck_agc_for(const struct vchip *vc, int rssi_dbm);
size_t pjaguar1_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                        uint8_t *hdr, size_t *frame_len);
void pjaguar1_rx_agg_count(uint8_t *first_desc, unsigned count);

/* The engines every Jaguar1 personality runs on (each chip adds its
 * identity, FIFO sizes, boards and layer), as designated initialisers of
 * struct vchip_personality. */
#define PJAGUAR1_PERSONALITY_ENGINES                                       \
	.state_size = sizeof(struct pjaguar1_state),                       \
	.rx_hdr_max = PJAGUAR1_RX_DESC + 15 * 8,                           \
	.reset = pjaguar1_reset,                                           \
	.efuse_build = pjaguar1_efuse_build,                               \
	.mac_power = pjaguar1_mac_power,                                   \
	.powered = pjaguar1_powered,                                       \
	.read8 = pjaguar1_read8,                                           \
	.observe_read = pjaguar1_fw_observe_read,                          \
	.write = pjaguar1_write,                                           \
	.rf_peek = pjaguar1_rf_peek,                                       \
	.iqk_peek = pjaguar1_iqk_peek,                                     \
	.tx_dma_on = pjaguar1_tx_dma_on,                                   \
	.tx_ready = pjaguar1_tx_ready,                                     \
	.tx_agg = pjaguar1_tx_agg,                                         \
	.tx_decode = pjaguar1_tx_decode,                                   \
	.rx_ready = pjaguar1_rx_ready,                                     \
	.rx_keeps_bad_fcs = vc_wmac_rx_keeps_bad_fcs,                 \
	.rx_accept = pjaguar1_rx_accept,                                   \
	.rx_encode = pjaguar1_rx_encode,                                   \
	.rx_agg_count = pjaguar1_rx_agg_count

#endif /* DVR_PERSONALITY_JAGUAR1_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hal/halmac/: the generation layer of the chips with a 3081 WLAN CPU and
 * Realtek's HalMAC MAC (RTL8822B, RTL8821C: Jaguar2; RTL8822C: Jaguar3;
 * later the RTL8822E). Everything these chips do one way is here, driven
 * by their chip data (struct halmac_data behind info->generation_data,
 * plus info->queues, info->pwr_on_flow/pwr_off_flow, info->fw_3081):
 * card enable and disable, the firmware download glue, H2C packets and
 * mailboxes and the firmware heartbeat, the MAC initialisation, monitor
 * mode, the TX-idle wait, the USB3 switch, EFUSE, SI and direct RF access,
 * and the 48-byte TX descriptor with its checksum (rtw88 shares the same
 * code across these chips: mac.c, fw.c, efuse.c, phy.c, tx.c, usb.c).
 * What a family does its own way (RX descriptor and PHY status, BB
 * details) is in hal/jaguar2/ and hal/jaguar3/, what one chip adds in
 * hal/<chip>/.
 */
#ifndef DVR_HALMAC_H
#define DVR_HALMAC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hal/hal.h"
#include "hal/common/carrier_sense.h"
#include "hal/common/fw_3081.h"
#include "hal/common/queue_layout.h"

#define HALMAC_TX_DESC_LEN 48u
#define HALMAC_RX_DESC_LEN 24u
#define HALMAC_PHY_STATUS_LEN 32u
#define HALMAC_PAGE_SIZE 128u
/* Largest VHT MPDU, FCS included: what the RX packet limit is set for. */
#define HALMAC_MAX_RX_FRAME 11454u

/* Descriptor queue selects (rtw88 tx.h enum rtw_tx_desc_queue_select). */
enum {
	HALMAC_QSEL_BEACON = 0x10,
	HALMAC_QSEL_HIGH = 0x11,
	HALMAC_QSEL_MGMT = 0x12,
	HALMAC_QSEL_H2C = 0x13,
};

/* ---- chip data ---- */

/* One constant register step of a chip's MAC set-up, kept as data. */
enum halmac_reg_op_kind {
	HM_W = 0,     /* write value */
	HM_SET = 1,   /* set the bits of value */
	HM_CLR = 2,   /* clear the bits of value */
	HM_FIELD = 3, /* read-modify-write: (old & ~mask) | (value & mask) */
};

struct halmac_reg_op {
	uint16_t addr;
	uint8_t width;      /* 1, 2 or 4 bytes */
	uint8_t kind;       /* enum halmac_reg_op_kind */
	uint32_t mask;      /* HM_FIELD only */
	uint32_t value;
};

/* Writing the steps in a table: HM_W8(0x455, 0x70), HM_SET32(...) ... */
#define HM_W8(a, v) { (a), 1, HM_W, 0, (v) }
#define HM_W16(a, v) { (a), 2, HM_W, 0, (v) }
#define HM_W32(a, v) { (a), 4, HM_W, 0, (v) }
#define HM_SET8(a, v) { (a), 1, HM_SET, 0, (v) }
#define HM_CLR8(a, v) { (a), 1, HM_CLR, 0, (v) }
#define HM_SET32(a, v) { (a), 4, HM_SET, 0, (v) }
#define HM_CLR32(a, v) { (a), 4, HM_CLR, 0, (v) }
#define HM_FIELD16(a, m, v) { (a), 2, HM_FIELD, (m), (v) }
#define HM_FIELD32(a, m, v) { (a), 4, HM_FIELD, (m), (v) }

/* The MAC half of rtw88's EDCCA set-up (rtw8822b.c and rtw8822c.c
 * adaptivity_init, reg.h): DIS_EDCCA (0x520 bit 15) clear, the EDCCA mask
 * count-down (0x524 bit 11) on; a chip's edcca_init list places it
 * between its thresholds and its BB options, as rtw88 does. */
#define HALMAC_EDCCA_MAC_ROWS                                                \
	HM_CLR32(0x0520, 1u << 15), HM_SET32(0x0524, 1u << 11)

/* Reserved pages of the HalMAC layout at the top of the TX FIFO, below
 * the CSI buffer (rtw88 mac.h RSVD_PG_*): firmware TX buffer, CPU
 * instructions, H2C queue, H2C static and extra info. */
#define HALMAC_RSVD_FW_TXBUF 4u
#define HALMAC_RSVD_CPU_INSTR 0u
#define HALMAC_RSVD_H2CQ 8u
#define HALMAC_RSVD_H2C_STATIC 8u
#define HALMAC_RSVD_H2C_EXTRA 24u
/* info->queues->rsvd_pages of a chip with @drv driver pages and @csi
 * CSI pages (rtw88 hw_spec rsvd_drv_pg_num, csi_buf_pg_num). */
#define HALMAC_RSVD_PAGES(drv, csi)                                          \
	((drv) + HALMAC_RSVD_H2C_EXTRA + HALMAC_RSVD_H2C_STATIC +           \
	 HALMAC_RSVD_H2CQ + HALMAC_RSVD_CPU_INSTR + HALMAC_RSVD_FW_TXBUF +  \
	 (csi))
/* The DMA queue of each TX queue for 2, 3 and 4 bulk OUT endpoints, the
 * same on every HalMAC chip (the USB rows of rtw88 rtw8822b.c, rtw8821c.c
 * and rtw8822c.c rqpn_table_*): vo, vi, be, bk, mgt, hi. For a chip's
 * struct dvr_queue_layout: .rqpn = HALMAC_USB_RQPN. */
#define HALMAC_USB_RQPN                                                      \
	{                                                                    \
		[2] = DVR_RQPN(NORMAL, NORMAL, NORMAL, HIGH, HIGH, HIGH),    \
		[3] = DVR_RQPN(NORMAL, NORMAL, LOW, LOW, HIGH, HIGH),        \
		[4] = DVR_RQPN(NORMAL, NORMAL, LOW, LOW, EXTRA, HIGH),       \
	}
/* Kept at the top of the RX FIFO for firmware reports (C2H). */
#define HALMAC_RX_REPORT_SIZE 256u

/* How the physical EFUSE is reached (halmac_efuse.c). */
enum halmac_efuse_port {
	/* rtw88 efuse.c: WLAN bank selected in 0x34 [9:8], the 2.5 V LDO
	 * off; per byte the address in 0x30 [17:8] with bit 31 clear, bit
	 * 31 set when [7:0] holds the byte; Jaguar1-style 1-/2-byte block
	 * headers (dvr_efuse_decode). */
	HALMAC_EFUSE_PORT_RTW88 = 0,
	/* The OTP of the RTL8822E (vendor rtl88x2eu halmac_efuse_8822e.c
	 * read_hw_efuse_8822e, enable/disable_efuse_sw_pwr_cut): the
	 * software power cut into the EFUSE macro and OTP burst mode around
	 * the read; per byte the address in 0x30 [26:16] with RDY (bit 29)
	 * clear, RDY set when [7:0] holds the byte; two-byte block headers
	 * after a security-control area (dvr_efuse_decode_2byte). No bank
	 * select (the vendor's switch_efuse_bank_8822e is commented out) and
	 * no LDO switch. */
	HALMAC_EFUSE_PORT_OTP = 1,
};

/* How the logical EFUSE is read and what the generation reads of it. */
struct halmac_efuse_spec {
	enum halmac_efuse_port port;
	unsigned phys_size;        /* physical bytes */
	unsigned protected_size;   /* at its end, not part of the map */
	unsigned phys_start;       /* OTP: first byte of the map (the
	                              security-control area before it) */
	uint16_t ldo25_reg;        /* RTW88: 2.5 V LDO switched off while
	                              reading */
	uint8_t ldo25_bit;
	uint16_t mac_addr;         /* logical offset of the USB MAC address */
	uint8_t xtal_mask;         /* bits of the crystal byte (0xB9) used */
	/* Logical 0x06 bit 7 allows the USB2 -> USB3 re-enumeration
	 * (chips whose usb_mode_switch op is halmac_usb3_switch). */
	bool usb3_mode_byte;
	/* RTW88 port: the EFUSE is granted around the read (access key
	 * 0x69 in 0xCF, loader and its clocks on: rtw88 chip ops
	 * efuse_grant, which only the RTL8814A of these chips has). A zero
	 * ldo25_bit: no 2.5 V LDO to switch (its cfg_ldo25 is empty). */
	bool grant;
};

/* RF register access: reads through a direct window, writes through the
 * serial interface (LSSI), or through the window too where the chip
 * takes them there (RF 0x00 is reachable only through LSSI). One entry
 * per RF path the chip has (info->rf_paths; the RTL8814A's four, rtw88
 * rtw8814a hw_spec rf_base_addr / rf_sipi_addr). */
struct halmac_rf_access {
	uint16_t window[DVR_MAX_RF_PATHS]; /* register = base + 4 * addr */
	uint16_t lssi[DVR_MAX_RF_PATHS];   /* SI write port of the path */
	bool window_writes;
};

/* One USB3 PHY parameter (rtw88 struct rtw_intf_phy_para with
 * RTW_IP_SEL_PHY, of the chip's intf_table usb3_para) for the cuts in
 * cut_mask (bit n: cut n, 0 = A). */
struct halmac_usb_phy_param {
	uint8_t addr;
	uint16_t value;
	uint16_t cut_mask;
};

struct halmac_data {
	uint8_t chip_id;           /* SYS_CFG2 0xFC: probe tells dies apart */
	uint8_t sys_func_en;       /* REG_SYS_FUNC_EN high byte (rtw88
	                              hw_spec sys_func_en) */
	uint16_t csi_pages;        /* CSI buffer pages (in rsvd_pages too) */
	/* The chip's protocol, EDCA and WMAC constants (rtw88 chip ops
	 * mac_init), run after the queues and H2C queue are set up. */
	const struct halmac_reg_op *mac_consts;
	size_t n_mac_consts;       /* both: HALMAC_MAC_CONSTS(array) */
	uint32_t rcr_monitor;      /* REG_RCR in monitor mode */
	/* The chip's EDCCA set-up at PHY init (rtw88 phy.c rtw_phy_init ->
	 * the chip's adaptivity_init): thresholds parked at the most, the
	 * MAC rows (HALMAC_EDCCA_MAC_ROWS), its BB options. None (NULL) on
	 * a chip rtw88 gives no adaptivity_init. */
	const struct halmac_reg_op *edcca_init;
	size_t n_edcca_init;       /* both: HALMAC_EDCCA_INIT(array) */
	/* TX descriptor checksum over 48 + 8 * PKT_OFFSET bytes (RTL8822C)
	 * instead of the first 32 (RTL8822B, RTL8821C). */
	bool txdesc_csum_full;
	struct halmac_efuse_spec efuse;
	struct halmac_rf_access rf;
	/* halmac_usb3_switch first clears 0x10C3 bit 0, which enables the
	 * USB IO wrapper timeout (rtw88 usb.c rtw_usb_switch_mode_new does
	 * it on the RTL8822B and RTL8821C); false: left alone. */
	bool usb3_iowrap_timeout;
	/* USB3 PHY parameters halmac_power_on writes first; none: NULL. */
	const struct halmac_usb_phy_param *usb3_phy;
	size_t n_usb3_phy;
	/* Steps the system set-up after card enable adds for some cuts
	 * only (bit n of sys_cut_mask: cut n, 0 = A); none: NULL. */
	const struct halmac_reg_op *sys_cut_ops;
	size_t n_sys_cut_ops;
	uint16_t sys_cut_mask;
	/* Whether the MAC is powered is read from REG_CR alone (0xEA: off):
	 * rtw88 mac.c rtw_mac_power_switch skips the USB test of 0xF5 bit 0
	 * on the RTL8814A, and clears that bit after the enable flow only
	 * on the Jaguar2/3 chips. false: both, as on those. */
	bool pwr_state_cr_only;
	/* Optional: the chip's own MAC set-up where rtw88 mac.c rtw_mac_init
	 * calls the chip's mac_init (after the H2C queue, before the driver
	 * info), run before mac_consts: the RTL8814A's REG_CR, MAC table
	 * and constants that depend on the link (rtw88 rtw8814a_mac_init).
	 * Returns the sticky bus status or a failure with chip->error. */
	int (*mac_init)(struct dvr_chip *chip);
};

#define HALMAC_MAC_CONSTS(a) .mac_consts = (a), \
	.n_mac_consts = sizeof(a) / sizeof((a)[0])
#define HALMAC_EDCCA_INIT(a) .edcca_init = (a), \
	.n_edcca_init = sizeof(a) / sizeof((a)[0])

static inline const struct halmac_data *halmac_data(const struct dvr_chip *c)
{
	return (const struct halmac_data *)c->info->generation_data;
}

/* A chip's 3081 firmware download as chip data: its image signature and
 * whether the LTE-coex block is preserved; the rest is the generation's.
 * For info->fw_3081: static const struct dvr_fw3081_spec x =
 * HALMAC_FW_SPEC(0x8822, true); */
void halmac_rsvd_page_desc(const struct dvr_chip *chip, uint8_t *desc,
                           size_t len);
int halmac_rsvd_boundary(struct dvr_chip *chip, uint16_t *page);
#define HALMAC_FW_POLL_TRIES 1000u
#define HALMAC_FW_POLL_US 10u
#define HALMAC_BULK_TIMEOUT_MS 500u
#define HALMAC_FW_SPEC(sig, lte)                                             \
	HALMAC_FW_SPEC_DESC(sig, lte, HALMAC_TX_DESC_LEN)
/* The same with the chip's descriptor length (40: the RTL8814A). */
#define HALMAC_FW_SPEC_DESC(sig, lte, dlen)                                  \
	{                                                                    \
		.cfg = {                                                     \
			.signature = (sig),                                  \
			.desc_len = (dlen),                                  \
			.rsvd_page_desc = halmac_rsvd_page_desc,             \
			.out_index = 0,                                      \
			.ltecoex = (lte),                                    \
			.poll_tries = HALMAC_FW_POLL_TRIES,                  \
			.poll_us = HALMAC_FW_POLL_US,                        \
			.bulk_timeout_ms = HALMAC_BULK_TIMEOUT_MS,           \
		},                                                           \
		.rsvd_boundary = halmac_rsvd_boundary,                       \
	}

/* ---- what a chip's info and ops take from the generation ---- */

/*
 * The dvr_chip_info fields the generation fixes, for a chip's info to
 * start with (it names the others; each field once):
 *  - the 48-byte TX descriptor, packets 8-byte aligned in an aggregate;
 *  - the largest VHT MPDU, 11454 bytes with FCS: one frame per bulk OUT
 *    of 48 + 11450 bytes fits the 20 KiB transfer rtw88 uses;
 *  - sync TX: until the TX-path registers are programmed the chip NAKs
 *    every bulk OUT, and frames queued fire-and-forget into an endpoint
 *    that does not drain are what wedges its USB core; one blocking
 *    sender already fills about 80 % of the air over USB3, and it does
 *    not compete with the coex/heartbeat register traffic (OpenIPC
 *    devourer, both generations, docs/performance-tuning.md "TX
 *    submission mode");
 *  - every bulk OUT cleared first: the firmware download can leave the TX
 *    endpoint halted (rtw88 usb.c clears every pipe before it sends);
 *  - at most 3 frames per transfer (rtw88 usb_tx_agg_desc_num: the DMA
 *    misparses more), in at most HALMAC_TX_AGG_MAX_BYTES, each frame
 *    8-byte aligned (rtw88 usb.c rtw_usb_tx_agg_skb);
 *  - firmware through reserved pages and the DDMA.
 */
#define HALMAC_CHIP_INFO                                                     \
	.tx_desc_len = HALMAC_TX_DESC_LEN,                                   \
	.rx_agg_align = 8,                                                   \
	.max_tx_frame = DVR_MAX_TX_FRAME,                                    \
	.preferred_tx_mode = DVR_TX_SYNC,                                    \
	.clear_halt_before_tx = true,                                        \
	.tx_agg_max = 3,                                                     \
	.tx_agg_max_bytes = HALMAC_TX_AGG_MAX_BYTES,                         \
	.tx_agg_align = HALMAC_TX_AGG_ALIGN,                                 \
	.tsf_reg = 0x0560, /* REG_TSFTR, rtw88 reg.h */                      \
	.fw_kind = DVR_FW_3081_DDMA

/* The ops every HalMAC chip points at the generation, for a chip's ops
 * table to start with (it adds identify, phy_init, set_channel, TX power,
 * the RX parser of its family and what else it has). The carrier-sense
 * gate is hal/common's: DIS_CCA / DIS_EDCCA sit in REG_TX_PTCL_CTRL on
 * every one of these chips (rtw88 reg.h, and rtw8822b.c / rtw8822c.c
 * adaptivity_init clear the same bit 15). */
#define HALMAC_CHIP_OPS                                                      \
	.probe = halmac_probe_chip_id,                                       \
	.set_carrier_sense = dvr_set_carrier_sense,                          \
	.power_on = halmac_power_on,                                         \
	.download_firmware = halmac_download_firmware,                       \
	.mac_init = halmac_mac_init,                                         \
	.set_monitor = halmac_set_monitor,                                   \
	.wait_tx_idle = halmac_wait_tx_idle,                                 \
	.power_off = halmac_power_off,                                       \
	.tx_out_index = halmac_tx_out_index,                                 \
	.build_tx_desc = halmac_build_tx_desc,                               \
	.tx_agg_head = halmac_tx_agg_head,                                   \
	.check_tx_vector = halmac_check_tx_vector

/* ---- power (halmac_power.c) ---- */

/* Card enable (rtw88 mac.c rtw_mac_power_on: the pre-system set-up, a
 * firmware still running woken, a chip left powered powered off first,
 * info->pwr_on_flow, then the system set-up the download needs). */
int halmac_power_on(struct dvr_chip *chip);
/* Tell coex WLAN goes, stop the MAC, run info->pwr_off_flow; frees
 * chip->priv (the next bring-up identifies again). */
void halmac_power_off(struct dvr_chip *chip);
/* The usb_mode_switch op of a USB3-capable chip (rtw88 usb.c
 * rtw_usb_switch_mode_new), allowed by the EFUSE. */
int halmac_usb3_switch(struct dvr_chip *chip, bool *reenumerating);

/* ---- EFUSE and identification (halmac_efuse.c) ---- */

/* The probe op: SYS_CFG2 names this chip (DVR_OK) or another die
 * (DVR_E_NOT_FOUND); or the bus error. */
int halmac_probe_chip_id(struct dvr_chip *chip);
/*
 * What identify does the same on every chip: the chip id, cut, path
 * count and link speed from SYS_CFG, the logical EFUSE into chip->efuse,
 * the MAC address, RFE option (0 when blank) and crystal from it. The
 * chip's identify reads its own fields from chip->efuse afterwards.
 */
int halmac_identify(struct dvr_chip *chip);
/* The two halves of halmac_identify, for a chip that reads its EFUSE
 * later (the RTL8814A reads it after the firmware download, as rtw88
 * main.c rtw_chip_efuse_enable does): the chip id, cut, path count and
 * link speed; then the logical map, MAC address, RFE option, crystal. */
int halmac_identify_chip(struct dvr_chip *chip);
int halmac_read_efuse(struct dvr_chip *chip);
struct dvr_phy_cond;
/* What the register tables' conditions compare with (hal/common
 * phy_table.h): cut, USB, and the RFE option in chip->id, which must be
 * equal; package unknown. A chip whose tables test more sets it after. */
void halmac_phy_cond(const struct dvr_chip *chip, struct dvr_phy_cond *out);
/* One byte of the physical EFUSE at @p addr into *out (0xFF when the chip
 * never completes the read, as rtw88 efuse.c rtw_read8_physical_efuse
 * reports it). DVR_OK or the bus error. */
int halmac_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                           uint8_t *out);

/* ---- MAC (halmac_mac.c) ---- */

/* Run @p n steps; returns the sticky bus status. */
int halmac_reg_ops_run(struct dvr_io *io, const struct halmac_reg_op *ops,
                       size_t n);
/* The chip's edcca_init rows, once its TRX mode is set (rtw88 order:
 * config_trx_mode, then rtw_phy_init). The carrier-sense setting, applied
 * later by the monitor stage, owns 0x520 bits 14-15 after it. Returns
 * the sticky bus status. */
int halmac_edcca_init(struct dvr_chip *chip);

/* Where the reserved pages sit for a device (rtw88 mac.c
 * rtw_set_trx_fifo_info). */
struct halmac_fifo {
	uint16_t txff_pages;
	uint16_t boundary;       /* first reserved (driver) page */
	uint16_t h2cq_page;      /* H2C queue */
	uint16_t fw_txbuf_page;  /* firmware TX buffer */
	uint16_t pub_pages;      /* public pages for @p n_out endpoints */
};

/* Pure: the layout of @p chip's queues for @p n_out bulk OUT endpoints
 * (2..4). DVR_OK or DVR_E_INVALID (another endpoint count, a layout that
 * does not fit its FIFO). */
int halmac_fifo_layout(const struct dvr_chip *chip, unsigned n_out,
                       struct halmac_fifo *out);

/*
 * The whole MAC init: queue mapping with CR = 0xFF, page counts and
 * boundaries, auto-LLT (polled), H2C queue (checked), the chip constants,
 * driver info (32-byte PHY status), USB RX DMA and aggregation. DVR_OK,
 * DVR_E_CHIP (LLT never done, H2C queue mismatch; chip->error says
 * which), or the bus error.
 */
int halmac_mac_init(struct dvr_chip *chip);
struct dvr_chan_geometry;
/* The MAC's part of a channel switch (rtw88 mac.c rtw_set_channel_mac):
 * primary 20/40 MHz indices, the response bandwidth, the 80 MHz MAC
 * clock and microsecond tick, CCK allowed or not (2.4 / 5 GHz). */
void halmac_set_channel_mac(struct dvr_chip *chip,
                            const struct dvr_chan_geometry *pl);
int halmac_set_monitor(struct dvr_chip *chip, bool keep_corrupted);
int halmac_wait_tx_idle(struct dvr_chip *chip, unsigned timeout_ms);
/* The bulk OUT of the DMA queue management frames (QSEL MGMT) feed. */
unsigned halmac_tx_out_index(const struct dvr_chip *chip, unsigned n_out);

/* ---- firmware (halmac_fw.c) ---- */

/* The download_firmware op: info->fw_3081 through hal/common/fw_3081,
 * then the H2C sequence restarts. The information H2Cs wait for the
 * MAC and BB (halmac_fw_send_info). */
int halmac_download_firmware(struct dvr_chip *chip,
                             const struct dvr_firmware *fw);
/* H2C packet (category 1, command 0xFF) of @p sub with @p payload after
 * the 8-byte header, on the H2C queue (rtw88 fw.c rtw_fw_send_h2c_packet). */
int halmac_h2c_packet(struct dvr_chip *chip, uint16_t sub,
                      const uint8_t *payload, size_t len);
/* One 8-byte register H2C command (w0 = id | payload, w1 = extension)
 * through the four mailboxes in turn (rtw88 fw.c
 * rtw_fw_send_h2c_command). DVR_OK, DVR_E_TIMEOUT when the firmware
 * does not empty the mailbox, or the bus error. */
int halmac_h2c_cmd(struct dvr_chip *chip, uint32_t w0, uint32_t w1);
/* GENERAL_INFO and PHYDM_INFO H2C packets: once the TX DMA runs (after
 * mac_init) and the BB is set up (rtw88 main.c rtw_power_on order). */
int halmac_fw_send_info(struct dvr_chip *chip);
/* The firmware heartbeat: power mode "all on" and WL PHY info with TX
 * activity through the register mailboxes; call every ~2 s while the
 * radio runs, then apply TX power again (these H2Cs rewrite the OFDM
 * power references on some chips). */
int halmac_fw_keepalive(struct dvr_chip *chip);

/* ---- RF access (halmac_rf.c) ---- */

/* RF register @p addr of @p path (0 = A, 1 = B), the bits of @p mask. */
uint32_t halmac_rf_read(struct dvr_chip *chip, unsigned path, uint8_t addr,
                        uint32_t mask);
void halmac_rf_write(struct dvr_chip *chip, unsigned path, uint8_t addr,
                     uint32_t mask, uint32_t data);
/* The whole 20-bit RF register @p addr in one transfer and no read: a
 * plain 32-bit write of the direct window, or the LSSI word (with its
 * settle time) where the window takes no writes. For a hop, which knows
 * the word it writes. */
void halmac_rf_write_word(struct dvr_chip *chip, unsigned path, uint8_t addr,
                          uint32_t data);
/* RF table row writer for dvr_phy_table_walk (ctx = struct
 * halmac_rf_ctx), honouring the table's pseudo-address delays. */
struct halmac_rf_ctx {
	struct dvr_chip *chip;
	unsigned path;
};
int halmac_rf_row(void *ctx, uint32_t addr, uint32_t data);

/* ---- coexistence (halmac_coex.c) ---- */

/* Register @p reg of the LTE-coex block (0x38: the GNT_BT / GNT_WL
 * fields) read into *v, written, or the bits of @p mask set to @p value.
 * DVR_OK, DVR_E_CHIP when the port (0x1700 bit 29) never becomes ready,
 * or the bus error; the caller names the failure. */
int halmac_ltecoex_read(struct dvr_chip *chip, uint16_t reg, uint32_t *v);
int halmac_ltecoex_write(struct dvr_chip *chip, uint16_t reg, uint32_t v);
int halmac_ltecoex_update(struct dvr_chip *chip, uint16_t reg, uint32_t mask,
                          uint32_t value);
/* A chip's coex set-up failing with @p st (from the LTE-coex port or the
 * bus) names why and returns @p st. */
int halmac_coex_fail(struct dvr_chip *chip, int st);
/* The part of the chip's coex_set_init every HalMAC chip shares (rtw88
 * coex_cfg_init of the 8822B, 8821C, 8822C) and the WLAN priority mask
 * rtw88 coex.c sets for every chip; the chip adds its own rows after it.
 * Errors stay in the bus status. */
void halmac_coex_cfg_init(struct dvr_chip *chip);

/* ---- RX packets (halmac_rx.c) ---- */

/*
 * Open the packet at @p p (@p avail bytes left in the transfer): its
 * descriptor into @p out (the parse_rx_pkt op's statuses), and
 * *@p phy_status the 32-byte PHY status a frame carries (NULL for a C2H
 * report or a frame without one). The family reads the page it knows.
 */
int halmac_rx_open(const struct dvr_chip *chip, const uint8_t *p,
                   size_t avail, struct dvr_rx_pkt *out,
                   const uint8_t **phy_status);
/* The OFDM page (page 1) of either layout into @p info: power and SNR
 * per path, EVM per stream, bandwidth from the sub-channel field
 * (@p bw_unknown when it names none), LDPC/STBC. */
void halmac_phy_status_ofdm(const struct dvr_chip *chip, const uint8_t *ps,
                            unsigned bw_unknown, struct dvr_rx_info *info);
/* PWDB to dBm (PWDB - 110, not below -120); paths the PHY status reports
 * on this board (at most 2); whether a rate is CCK (page 0's). */
int halmac_rx_dbm(int pwdb);
unsigned halmac_rx_paths(const struct dvr_chip *chip);
bool halmac_rate_is_cck(const struct dvr_rate *r);

/* ---- TX descriptor (halmac_txdesc.c) ---- */

/* The TX descriptor length of @p chip's firmware-bound packets: its
 * info->tx_desc_len (48 on Jaguar2/3, 40 on the RTL8814A, whose 40-byte
 * Jaguar1 descriptor keeps PKT_SIZE, OFFSET, LS, QSEL and the checksum
 * where the 48-byte one has them: rtw88 tx.h, rtw8814a hw_spec
 * tx_pkt_desc_sz). */
size_t halmac_fw_desc_len(const struct dvr_chip *chip);
/* The descriptor checksum of @p chip's kind over the descriptor at @p buf
 * (and its PKT_OFFSET padding where the chip counts it), computed with
 * the checksum field zero; stored in dword 7 [15:0] by the fill. */
uint16_t halmac_txdesc_checksum(const struct halmac_data *d,
                                const uint8_t *buf);
void halmac_txdesc_fill_checksum(const struct halmac_data *d, uint8_t *buf);
/* Descriptor of a firmware-bound packet of @p len bytes: a reserved-page
 * chunk (QSEL BEACON, OFFSET = the descriptor length, LS; rtw88 usb.c
 * rtw_usb_write_data_rsvd_page) or an H2C packet (QSEL H2C, OFFSET 0;
 * rtw_usb_write_data_h2c). Writes 48 bytes (halmac_fw_pkt_desc) or
 * @p desc_len (40 or 48, halmac_fw_pkt_desc_len). */
void halmac_fw_pkt_desc(const struct halmac_data *d, uint8_t *desc,
                        size_t len, uint8_t qsel);
void halmac_fw_pkt_desc_len(const struct halmac_data *d, uint8_t *desc,
                            size_t desc_len, size_t len, uint8_t qsel);
/* The build_tx_desc op for injected frames (QSEL MGMT), and the
 * check_tx_vector op: what it would refuse. */
int halmac_build_tx_desc(const struct dvr_chip *chip, uint8_t *desc,
                         const struct dvr_tx_desc_req *req);
int halmac_check_tx_vector(const struct dvr_chip *chip,
                           const struct dvr_tx_desc_req *req, char *why,
                           size_t why_len);
/* USB TX aggregation (rtw88 usb.c rtw_usb_tx_agg_skb): several
 * [descriptor][frame] blocks in one bulk OUT, each starting 8-byte
 * aligned, at most RTW_USB_MAX_XMITBUF_SZ (rtw88 usb.h) bytes in all.
 * The chip data of a HalMAC chip that aggregates names these two. */
#define HALMAC_TX_AGG_MAX_BYTES 20480u
#define HALMAC_TX_AGG_ALIGN 8u
/* The tx_agg_head op: the first descriptor's DMA_TXAGG_NUM (dword 7
 * [31:24]) says how many blocks follow, and its checksum, which covers
 * that byte, is computed again (rtw88 usb.c rtw_usb_fill_tx_checksum). */
void halmac_tx_agg_head(const struct dvr_chip *chip, uint8_t *desc,
                        unsigned n);

#endif /* DVR_HALMAC_H */

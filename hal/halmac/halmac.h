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
/* Kept at the top of the RX FIFO for firmware reports (C2H). */
#define HALMAC_RX_REPORT_SIZE 256u

/* How the logical EFUSE is read and what the generation reads of it. */
struct halmac_efuse_spec {
	unsigned phys_size;        /* physical bytes */
	unsigned protected_size;   /* at its end, not part of the map */
	uint16_t ldo25_reg;        /* 2.5 V LDO switched off while reading */
	uint8_t ldo25_bit;
	uint16_t mac_addr;         /* logical offset of the USB MAC address */
	uint8_t xtal_mask;         /* bits of the crystal byte (0xB9) used */
	/* Logical 0x06 bit 7 allows the USB2 -> USB3 re-enumeration
	 * (chips whose usb_mode_switch op is halmac_usb3_switch). */
	bool usb3_mode_byte;
};

/* RF register access: reads through a direct window, writes through the
 * serial interface (LSSI), or through the window too where the chip
 * takes them there (RF 0x00 is reachable only through LSSI). */
struct halmac_rf_access {
	uint16_t window[2];        /* path A, B: register = base + 4 * addr */
	uint16_t lssi[2];          /* SI write port of path A, B */
	bool window_writes;
};

struct halmac_data {
	uint8_t chip_id;           /* SYS_CFG2 0xFC: probe tells dies apart */
	uint8_t sys_func_en;       /* REG_SYS_FUNC_EN high byte (rtw88
	                              hw_spec sys_func_en) */
	uint16_t csi_pages;        /* CSI buffer pages (in rsvd_pages too) */
	uint8_t tx_agg_desc_num;   /* frames per bulk OUT its TX DMA parses */
	/* The chip's protocol, EDCA and WMAC constants (rtw88 chip ops
	 * mac_init), run after the queues and H2C queue are set up. */
	const struct halmac_reg_op *mac_consts;
	size_t n_mac_consts;
	uint32_t rcr_monitor;      /* REG_RCR in monitor mode */
	/* TX descriptor checksum over 48 + 8 * PKT_OFFSET bytes (RTL8822C)
	 * instead of the first 32 (RTL8822B, RTL8821C). */
	bool txdesc_csum_full;
	struct halmac_efuse_spec efuse;
	struct halmac_rf_access rf;
};

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
	{                                                                    \
		.cfg = {                                                     \
			.signature = (sig),                                  \
			.desc_len = HALMAC_TX_DESC_LEN,                      \
			.rsvd_page_desc = halmac_rsvd_page_desc,             \
			.out_index = 0,                                      \
			.ltecoex = (lte),                                    \
			.poll_tries = HALMAC_FW_POLL_TRIES,                  \
			.poll_us = HALMAC_FW_POLL_US,                        \
			.bulk_timeout_ms = HALMAC_BULK_TIMEOUT_MS,           \
		},                                                           \
		.rsvd_boundary = halmac_rsvd_boundary,                       \
	}

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
int halmac_usb3_switch(struct dvr_chip *chip, bool *switched);

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
/* One byte of the physical EFUSE at @p addr into *out (0xFF when the chip
 * never completes the read, as rtw88 efuse.c rtw_read8_physical_efuse
 * reports it). DVR_OK or the bus error. */
int halmac_read_phys_efuse(struct dvr_chip *chip, unsigned addr,
                           uint8_t *out);

/* ---- MAC (halmac_mac.c) ---- */

/* Run @p n steps; returns the sticky bus status. */
int halmac_reg_ops_run(struct dvr_io *io, const struct halmac_reg_op *ops,
                       size_t n);

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
/* The part of the chip's coex_set_init every HalMAC chip shares (rtw88
 * coex_cfg_init of the 8822B, 8821C, 8822C); the chip adds its own rows
 * after it. Errors stay in the bus status. */
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

/* The descriptor checksum of @p chip's kind over the descriptor at @p buf
 * (and its PKT_OFFSET padding where the chip counts it), computed with
 * the checksum field zero; stored in dword 7 [15:0] by the fill. */
uint16_t halmac_txdesc_checksum(const struct halmac_data *d,
                                const uint8_t *buf);
void halmac_txdesc_fill_checksum(const struct halmac_data *d, uint8_t *buf);
/* Descriptor of a firmware-bound packet of @p len bytes: a reserved-page
 * chunk (QSEL BEACON, OFFSET 48, LS; rtw88 usb.c
 * rtw_usb_write_data_rsvd_page) or an H2C packet (QSEL H2C, OFFSET 0;
 * rtw_usb_write_data_h2c). Writes 48 bytes. */
void halmac_fw_pkt_desc(const struct halmac_data *d, uint8_t *desc,
                        size_t len, uint8_t qsel);
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

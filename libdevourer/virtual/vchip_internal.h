/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the virtual RTL8812AU: the state shared by the files that model
 * one part of the chip each (registers, EFUSE, firmware, BB/RF, TX, RX).
 * Every field below `lock` is protected by it unless marked otherwise.
 */
#ifndef DVR_VCHIP_INTERNAL_H
#define DVR_VCHIP_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <devourer/devourer.h>

#include "libdevourer/virtual/air.h"
#include "libdevourer/virtual/vchip.h"

/* ---- chip constants (facts sheet section in brackets) ---- */
#define VC_REG_SPACE 0x10000u
#define VC_EFUSE_PHYS 512u         /* physical = logical size [2.5] */
#define VC_EFUSE_LOG 512u
#define VC_FW_MAX 0x8000u          /* 32 KiB RAM code [4.1] */
#define VC_FW_PAGE 0x1000u         /* download window page [4.3] */
#define VC_TX_PAGE 512u            /* 8812A TX FIFO page [1.3] */
#define VC_TX_PAGES 247u           /* 256 pages minus 9 reserved [1.3] */
#define VC_TX_SLOTS 256u           /* >= VC_TX_PAGES: one frame >= 1 page */
#define VC_TX_DESC 40u             /* [8] */
#define VC_TX_MAX_XFER 20480u      /* largest bulk OUT the chip takes [1.6] */
#define VC_RX_DESC 24u             /* [9.1] */
#define VC_RX_PHYST 32u            /* [9.3] */
#define VC_RXFF_BYTES 16000u       /* 16128 minus 128 report buffer [1.4] */
#define VC_RX_MAX_PKTS 512u
#define VC_MAX_MILESTONES 4096u
#define VC_RF_PATHS 2u

/* A chip personality: the parts of a chip that differ from the model
 * core. A NULL personality is the RTL8812AU the core was written for.
 * Every hook runs with vc->lock held. */
struct vc_personality {
	const char *name;                 /* "8822c": the chip= option */
	bool (*claims)(uint16_t vid, uint16_t pid); /* its USB ids */
	uint16_t default_pid;
	int (*init)(struct vchip *vc);    /* state, straps, EFUSE (no lock) */
	void (*fini)(struct vchip *vc);
	void (*reset)(struct vchip *vc);  /* power-on reset / re-enumeration */
	void (*reg_read)(struct vchip *vc, uint16_t addr, uint8_t *out,
	                 size_t len);
	void (*reg_write)(struct vchip *vc, uint16_t addr, const uint8_t *data,
	                  size_t len);
	/* one bulk OUT transfer the FIFO took */
	void (*tx_transfer)(struct vchip *vc, unsigned ep_idx,
	                    const uint8_t *data, size_t len);
	/* RX descriptor + driver info for a frame that passed the filter;
	 * returns the bytes written to out (desc + drvinfo + frame) */
	/* the MAC receive filter (RCR and friends); NULL: the core's */
	bool (*rx_accepts)(const struct vchip *vc, const uint8_t *f, size_t n);
	size_t (*rx_encode)(struct vchip *vc, const struct air_frame_hdr *h,
	                    const uint8_t *f, size_t flen, bool crc_err,
	                    int rate_code, uint8_t *out);
};

/* One frame the MAC accepted, waiting in the TX FIFO. */
struct vc_tx_entry {
	size_t len;               /* 802.11 bytes (FCS appended at air time) */
	unsigned pages;           /* FIFO pages it occupies */
	uint8_t rate_code;        /* DESC rate code [8.3] */
	uint8_t bw_code;          /* 0/1/2 = 20/40/80 */
	bool sgi, ldpc;
	uint8_t stbc;
	uint8_t *buf;             /* AIR_MAX_FRAME bytes, allocated at create */
};

struct vchip {
	/* set at create, read-only afterwards */
	char name[48];
	struct vchip_config cfg;
	char air_dir_buf[256];
	struct vchip_usb_desc usb;
	uint8_t efuse_phys[VC_EFUSE_PHYS];
	uint8_t efuse_log[VC_EFUSE_LOG];
	uint8_t mac_addr[6];
	int cck_agc_byte;         /* AGC report byte for CCK frames [9.3] */
	struct air *air;          /* NULL with cfg.no_air */
	const struct vc_personality *pers; /* NULL: RTL8812AU */
	void *pers_state;         /* owned by the personality */
	struct vchip *registry_next;

	pthread_mutex_t lock;
	pthread_cond_t tx_space;  /* bulk OUT waits for FIFO room */
	pthread_cond_t tx_work;   /* TX thread waits for frames / slot end */
	pthread_cond_t rx_data;   /* bulk IN waits for packets */

	bool unplugged;
	bool stopping;
	/* the chip dropped off the bus to come back at another speed
	 * (USB2 -> USB3 switch); the front end re-enumerates it */
	bool reenumerate_pending;
	unsigned reenumerate_mbps;

	/* register file and power state */
	uint8_t regs[VC_REG_SPACE];
	bool mac_on;
	bool cpu_on;
	uint64_t tsf_base_ns;     /* TSF counts from MAC power-on */
	uint8_t llt[256];
	uint64_t writes_ignored;  /* writes to an unpowered domain */

	/* firmware download [4] */
	uint8_t fw_img[VC_FW_MAX];
	uint8_t fw_written[VC_FW_MAX / 8]; /* bitmap of bytes written */
	size_t fw_page_hi[VC_FW_MAX / VC_FW_PAGE]; /* highest offset + 1 */
	bool fw_pass_dirty;       /* any byte written this pass */
	bool fw_running;

	/* RF registers per path (20-bit) [5.4] */
	uint32_t rf[VC_RF_PATHS][256];

	/* table milestone trackers [5.2] */
	bool mac_table_done, bb_table_done, rf_table_done;
	size_t agc_match;
	size_t rf_match[VC_RF_PATHS];
	bool monitor_on, txrx_on;
	struct vchip_tuning tuning;
	uint8_t primary_sc;       /* sub-channel index from 0x483 */

	/* milestones */
	enum vchip_milestone milestones[VC_MAX_MILESTONES];
	size_t n_milestones;

	struct vchip_stats stats;

	/* TX FIFO: a ring of slots, each with its own buffer */
	struct vc_tx_entry tx[VC_TX_SLOTS];
	unsigned tx_head, tx_count, tx_pages_used;
	uint16_t hw_seq;          /* hardware sequence counter (EN_HWSEQ) */
	uint64_t local_busy_until;/* medium when not on the air */
	pthread_t tx_thread;
	bool tx_thread_started;

	/* RX FIFO: byte ring of packets laid out as on the bus */
	uint8_t rxff[VC_RXFF_BYTES];
	size_t rx_rd, rx_used;
	uint32_t rx_pkt_len[VC_RX_MAX_PKTS];
	unsigned rx_pkt_head, rx_pkt_count;
	pthread_t rx_thread;
	bool rx_thread_started;
	uint64_t rng_state;       /* link-model RNG (RX thread only) */
	uint8_t rx_frame[AIR_MAX_FRAME];   /* RX thread scratch */
	uint8_t rx_pkt[VC_RX_DESC + 128 + AIR_MAX_FRAME]; /* RX scratch */
};

/* vchip.c */
void vc_milestone(struct vchip *vc, enum vchip_milestone m);

/* vchip_regs.c: the register file with its side effects (lock held) */
void vc_regs_reset(struct vchip *vc);
void vc_reg_read(struct vchip *vc, uint16_t addr, uint8_t *out, size_t len);
void vc_reg_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len);
uint32_t vc_reg32(const struct vchip *vc, uint16_t addr); /* raw stored */
bool vc_tx_path_ready(const struct vchip *vc);
bool vc_rx_path_ready(const struct vchip *vc);

/* vchip_efuse.c */
void vc_efuse_build(struct vchip *vc);
void vc_efuse_ctrl_written(struct vchip *vc);

/* vchip_fw.c */
void vc_fw_reset_pass(struct vchip *vc);
bool vc_fw_chk_ok(const struct vchip *vc);
void vc_fw_window_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                        size_t len);
void vc_fw_cpu_enabled(struct vchip *vc);
void vc_fw_cpu_disabled(struct vchip *vc);

/* vchip_phy.c: BB/RF, table milestones, tuning, monitor */
void vc_phy_lssi_write(struct vchip *vc, unsigned path);
uint32_t vc_phy_rf_readback(const struct vchip *vc, uint16_t addr);
void vc_phy_check_tables(struct vchip *vc, uint16_t addr, size_t len);
void vc_phy_agc_write(struct vchip *vc, uint32_t value);
void vc_phy_update_tuning(struct vchip *vc);
void vc_phy_update_monitor(struct vchip *vc);

/* vchip_rate.c: rate codes, airtime, channel geometry, CRC */
bool vc_rate_from_code(uint8_t code, struct dvr_rate *out);
int vc_rate_to_code(const struct dvr_rate *r);
unsigned vc_rate_nss(uint8_t code);
uint32_t vc_airtime_us(const struct dvr_rate *rate, unsigned bw_mhz,
                       bool short_gi, size_t psdu_len);
unsigned vc_channel_freq(unsigned ch);
uint32_t vc_crc32(const uint8_t *p, size_t n);

/* vchip_tx.c */
int vc_tx_start(struct vchip *vc);
int vc_tx_bulk_out(struct vchip *vc, unsigned ep_idx, const uint8_t *data,
                   size_t len, unsigned timeout_ms);

/* vchip_rx.c */
/* Queue one packet (descriptor included) on the RX FIFO for bulk IN;
 * false when the FIFO is full (counted). */
bool vc_rx_push(struct vchip *vc, const uint8_t *pkt, size_t total);
/* the chip drops off the bus and will re-enumerate at speed_mbps */
void vc_drop_for_reenumeration(struct vchip *vc, unsigned speed_mbps);
int vc_rx_start(struct vchip *vc);
int vc_rx_bulk_in(struct vchip *vc, uint8_t *buf, size_t cap,
                  unsigned timeout_ms);

/* deadline helpers (CLOCK_MONOTONIC; condvars use it too) */
void vc_deadline(struct timespec *ts, unsigned timeout_ms);
void vc_ns_to_ts(uint64_t ns, struct timespec *ts);

static inline uint32_t vc_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void vc_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

#endif /* DVR_VCHIP_INTERNAL_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the virtual chip: the state of the model core, shared by the
 * files that model one part each (registers and power, TX, RX), and what
 * the core offers a personality (vchip_personality.h). Every field below
 * `lock` is protected by it unless marked otherwise.
 */
#ifndef DVR_VCHIP_INTERNAL_H
#define DVR_VCHIP_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "libdevourer/virtual/air.h"
#include "libdevourer/virtual/vchip.h"
#include "libdevourer/virtual/vchip_pathloss.h"
#include "libdevourer/virtual/vchip_personality.h"

/* ---- core constants (the chip's own geometry is in its personality) ---- */
#define VC_REG_SPACE 0x10000u
#define VC_TX_SLOTS 256u           /* frames the TX FIFO can hold */
#define VC_RX_MAX_PKTS 512u
#define VC_RX_XFERS VCHIP_BULK_IN_QUEUE_MAX
#define VC_MAX_MILESTONES 4096u

/* The Realtek vendor register request, as the chip's USB core decodes
 * it: bRequest 0x05, bmRequestType 0xC0 (read) / 0x40 (write), wValue =
 * address, wIndex = 0, at most 254 data bytes (rtw88 usb.h
 * RTW_USB_CMD_REQ, RTW_USB_CMD_READ, RTW_USB_CMD_WRITE; the vendor driver
 * aircrack-ng/rtl8812au include/usb_ops_linux.h caps a request at 254). */
#define VC_USB_REQ_VENDOR 0x05
#define VC_USB_REQTYPE_READ 0xC0
#define VC_USB_REQTYPE_WRITE 0x40
#define VC_USB_CTRL_MAX 254

/* A PHY rate as the model reasons about it (kind: AIR_RATE_*). */
struct vc_rate {
	uint8_t kind;
	uint8_t legacy_500k;      /* legacy: 2,4,11,22 (CCK) or 12..108 */
	uint8_t mcs;              /* HT: 0..31; VHT: 0..9 */
	uint8_t nss;              /* VHT: 1..4 (HT: from mcs) */
};

/* One bulk IN transfer the host queued (vchip_bulk_in_submit): the
 * chip's RX DMA fills it; result is set once it completed. */
struct vc_rx_xfer {
	uint8_t *buf;
	size_t cap;
	uintptr_t tag;
	int result;
	/* the aggregate being built in it (the oldest waiting transfer) */
	size_t used;
	unsigned pkts;
	uint64_t first_ns;        /* when its first packet went in */
};

/* One frame the MAC accepted, waiting in the TX FIFO. */
struct vc_tx_entry {
	size_t len;               /* 802.11 bytes (FCS appended at air time) */
	unsigned pages;           /* FIFO pages it occupies */
	int dma_q;                /* DMA queue (TXDMA_PQ_MAP value), -1 */
	uint8_t rate_code;        /* DESC rate code */
	uint8_t bw_code;          /* 0/1/2 = 20/40/80 */
	bool sgi, ldpc;
	uint8_t stbc;
	uint64_t queued_ns;       /* when the bulk OUT put it in the FIFO */
	uint8_t *buf;             /* AIR_MAX_FRAME bytes, allocated at create */
};

struct vchip {
	/* set at create, read-only afterwards */
	char name[48];
	struct vchip_config cfg;
	char air_dir_buf[256];
	const struct vchip_personality *p;
	void *pstate;             /* the personality's state block */
	struct vchip_usb_desc usb;
	uint8_t mac_addr[6];
	struct air *air;          /* NULL with cfg.no_air */
	struct vchip *registry_next;
	/* cfg.pathloss_file read at create (NULL: none); its clock starts
	 * at plugged_ns */
	struct vc_pathloss *pathloss;
	uint64_t plugged_ns;
	/* when the jammer of jam= came on; 0: not jamming (under lock
	 * once created) */
	uint64_t jam_start_ns;

	pthread_mutex_t lock;
	pthread_cond_t tx_space;  /* bulk OUT waits for FIFO room */
	pthread_cond_t tx_work;   /* TX thread waits for frames / slot end */
	pthread_cond_t rx_data;   /* bulk IN waits for packets */
	pthread_cond_t rx_agg;    /* the aggregation timer waits for one */

	bool unplugged;
	bool stopping;
	/* the chip left the bus to come back at another link speed (USB2
	 * -> USB3 switch); the front end re-enumerates it */
	bool reenumerate_pending;
	unsigned reenumerate_mbps;

	/* register file and power state */
	uint8_t regs[VC_REG_SPACE];
	bool mac_on;
	uint64_t tsf_base_ns;     /* TSF counts from MAC power-on */
	uint64_t writes_ignored;  /* writes to an unpowered domain */
	struct vchip_tuning tuning; /* what the registers programme */
	int thermal;              /* die temperature as the thermal meter
	                             counts it; -1: the board's calibration
	                             temperature */

	/* milestones */
	enum vchip_milestone milestones[VC_MAX_MILESTONES];
	size_t n_milestones;

	struct vchip_stats stats;

	/* TX FIFO: a ring of slots, each with its own buffer */
	struct vc_tx_entry tx[VC_TX_SLOTS];
	unsigned tx_head, tx_count, tx_pages_used;
	uint16_t hw_seq;          /* hardware sequence counter (EN_HWSEQ) */
	uint64_t local_busy_until;/* medium when not on the air */
	uint64_t tx_sched_end;    /* end of the last frame this chip aired */
	pthread_t tx_thread;
	bool tx_thread_started;

	/* RX FIFO: byte ring of packets laid out as on the bus */
	uint8_t *rxff;            /* p->rxff_bytes */
	size_t rx_rd, rx_used;
	uint32_t rx_pkt_len[VC_RX_MAX_PKTS];
	unsigned rx_pkt_head, rx_pkt_count;
	/* synchronous bulk IN calls blocked waiting for packets */
	unsigned rx_sync_waiters;
	/* queued bulk IN transfers, oldest first: the first rx_xfer_done of
	 * the rx_xfer_count are complete, the rest wait for packets */
	struct vc_rx_xfer rx_xfer[VC_RX_XFERS];
	unsigned rx_xfer_head, rx_xfer_count, rx_xfer_done;
	/* Since when packets wait in the FIFO with no transfer queued to
	 * take them (0: not so), once the host queues transfers at all. */
	uint64_t rx_starved_since;
	bool rx_host_queues;
	/* vchip_bulk_in_interrupt was called and no reap has returned
	 * -EINTR for it yet. */
	bool rx_reap_interrupt;
	/* vchip_bulk_in_set_completion: the host's completion interrupt */
	vchip_bulk_in_completion_fn rx_completion;
	void *rx_completion_ctx;
	/* empty completions due to synchronous bulk IN reads waiting
	 * (rx_flushes_empty) */
	unsigned rx_empty_flushes;
	pthread_t rx_thread;
	bool rx_thread_started;
	/* The RX DMA's aggregation timer: closes an open aggregate when its
	 * timeout runs, so a waiting reap sleeps until a transfer completes
	 * (as a host does until the URB completes). */
	pthread_t rx_agg_thread;
	bool rx_agg_thread_started;
	uint64_t rng_state;       /* link-model RNG */
	uint8_t rx_frame[AIR_MAX_FRAME];   /* RX thread scratch (no lock) */
	uint8_t rx_heard[AIR_MAX_FRAME];   /* a frame being received */
	uint8_t *rx_pkt;          /* RX scratch: p->rx_hdr_max + frame */
};

/* vchip.c */
void vc_milestone(struct vchip *vc, enum vchip_milestone m);
/* The chip drops off the bus (every transfer fails with -ENODEV, as
 * after an unplug) and waits for vchip_reenumerate() to come back at
 * speed_mbps. */
void vc_drop_for_reenumeration(struct vchip *vc, unsigned speed_mbps);
/* Whether milestone m was recorded since the last of stop_at (0-ended
 * list), newest first. */
bool vc_milestone_since(const struct vchip *vc, enum vchip_milestone m,
                        const enum vchip_milestone *stop_at);

/* vchip_regs.c: the register file and the power state machine (lock
 * held) */
void vc_reg_read(struct vchip *vc, uint16_t addr, uint8_t *out, size_t len);
/* The TSF counter now (REG_TSFTR reads it), in microseconds. */
uint64_t vc_tsf_us(const struct vchip *vc);
void vc_reg_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                  size_t len);
uint32_t vc_reg32(const struct vchip *vc, uint16_t addr); /* raw stored */
/* Store one byte as the core does: dropped (and counted) when its block
 * is unpowered. Returns whether it was stored. */
bool vc_store(struct vchip *vc, uint32_t a, uint8_t v);
/* APFM_ONMAC / APFM_OFFMAC (0x05 bits 0/1) after a write of 0x04-0x07,
 * and the power-ready status they depend on. */
void vc_power_fsm_written(struct vchip *vc);
bool vc_power_ready(const struct vchip *vc);
/* The personality's view of the channel (all zero: not tuned); records
 * VCHIP_M_CHANNEL when it changes to a tuned state. */
void vc_set_tuning(struct vchip *vc, const struct vchip_tuning *t);

/* vchip_rate.c: rate codes, airtime, channel geometry, CRC */
bool vc_rate_from_code(uint8_t code, struct vc_rate *out);
int vc_rate_to_code(const struct vc_rate *r);
unsigned vc_rate_nss(uint8_t code);
/* The rate fields of a TX descriptor that the Jaguar1 40-byte and the
 * HalMAC 48-byte layouts place alike (rtw88 tx.h): bandwidth, short GI,
 * LDPC, STBC in dword 5, EN_HWSEQ in dword 8; code is the rate the
 * chip will send at. */
void vc_txd_rate_fields(struct vc_tx_frame *out, uint8_t code, uint32_t dw5,
                        uint32_t dw8);
/* The width a PPDU the descriptor calls @p desc_bw MHz takes on the air:
 * the tuned 5/10 MHz on a baseband re-clocked for it (the descriptor
 * still says 20), else desc_bw. */
static inline unsigned vc_air_bw(const struct vchip_tuning *t,
                                 unsigned desc_bw)
{
	return t->bw_mhz && t->bw_mhz < 20 ? t->bw_mhz : desc_bw;
}
uint32_t vc_airtime_us(const struct vc_rate *rate, unsigned bw_mhz,
                       bool short_gi, size_t psdu_len);
unsigned vc_channel_freq(unsigned ch);
uint32_t vc_crc32(const uint8_t *p, size_t n);

/* vchip_wmac.c: does the MAC wait for a busy channel before it sends
 * (REG_TX_PTCL_CTRL 0x520 bit 14 DIS_CCA clear)? */
bool vc_wmac_tx_defers(const struct vchip *vc);
/* vchip_wmac.c: the MAC receive filter (RCR 0x608, RXFLTMAP 0x6A0-0x6A5,
 * MACID 0x610) and the TX queue map (TXDMA_PQ_MAP 0x10C) the Realtek
 * generations share */
/* The RCR bits of the receive filter, the same on every generation
 * (rtw88 reg.h BIT_AAP ... BIT_AMF). */
#define RCR_AAP (1u << 0)
#define RCR_APM (1u << 1)
#define RCR_AM (1u << 2)
#define RCR_AB (1u << 3)
#define RCR_ACRC32 (1u << 8)
#define RCR_ADF (1u << 11)
#define RCR_ACF (1u << 12)
#define RCR_AMF (1u << 13)
/* What the MAC appends to a received frame: PHY status before it, the
 * FCS after it (rtw88 reg.h BIT_APP_PHYSTS, BIT_APP_FCS), again the same
 * bits on every generation. */
#define RCR_APP_PHYSTS (1u << 28)
#define RCR_APP_FCS (1u << 31)
bool vc_wmac_rx_keeps_bad_fcs(const struct vchip *vc);
bool vc_wmac_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                       bool crc_err);
int vc_wmac_qsel_dma_queue(const struct vchip *vc, unsigned qsel);
/* FIFO pages the frames queued on DMA queue q still hold. */
unsigned vc_tx_queue_pages(const struct vchip *vc, int q);
unsigned vc_wmac_dma_queue_ep(int q);

/* vchip_tx.c */
int vc_tx_start(struct vchip *vc);
int vc_tx_bulk_out(struct vchip *vc, unsigned ep_idx, const uint8_t *data,
                   size_t len, unsigned timeout_ms);

/* vchip_rx.c */
int vc_rx_start(struct vchip *vc);
int vc_rx_bulk_in(struct vchip *vc, uint8_t *buf, size_t cap,
                  unsigned timeout_ms);
int vc_rx_submit(struct vchip *vc, uint8_t *buf, size_t cap, uintptr_t tag,
                 int fault);
int vc_rx_reap(struct vchip *vc, unsigned timeout_ms, uintptr_t *tag);
void vc_rx_cancel(struct vchip *vc);
void vc_rx_interrupt(struct vchip *vc);
void vc_rx_set_completion(struct vchip *vc, vchip_bulk_in_completion_fn fn,
                          void *ctx);
/* Every queued transfer waiting for packets completes with err (an
 * unplug, a bus reset); lock held. */
void vc_rx_fail_queued(struct vchip *vc, int err);
/* Put one packet (descriptor + payload, as the chip lays it out) into the
 * RX FIFO: what the RX path does for a received frame, and what a
 * personality does for a packet the chip makes itself (a firmware report
 * in the RX stream). false (counted as rx_fifo_overflow) when full. */
bool vc_rx_fifo_put(struct vchip *vc, const uint8_t *pkt, size_t len);

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

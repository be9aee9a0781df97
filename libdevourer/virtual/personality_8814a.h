/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8814A (RTL8814AU) personality of the chip model: a Jaguar1
 * baseband with four RF paths (4T4R RF, 3 spatial streams) behind a
 * Jaguar2-style MAC and 3081 firmware CPU. It stands on the 3081 layer
 * (personality_3081.h: register file and power domains, HalMAC MAC and
 * FIFO, reserved-page + DDMA firmware download and boot, EFUSE port,
 * receive filter, RX descriptor and aggregates), and models its Jaguar1
 * BB itself, in one file per part: personality_8814a.c (identity,
 * constants, the personality table), _efuse.c (the boards' EFUSE maps),
 * _phy.c (BB/RF enables, RF access on four paths, TX power port,
 * tuning, thermal meter, table milestones), _tx.c (the 40-byte TX
 * descriptor, FIFO pages, the power on the air), _rx.c (the Jaguar1 PHY
 * status with paths C/D and streams 3/4).
 *
 * What the model checks, as the silicon does (sources in each file):
 *  - identity: chip id 0x08 in 0xFC, SYS_CFG cut read as is, USB ids of
 *    rtw88 rtw8814au.c (0bda:8813 first), USB 3 capable, RX FIFO 23552
 *    bytes, TX FIFO 2048 pages of 128 bytes (1986 below rtw88's
 *    reserved boundary for the host).
 *  - power: the card-enable/disable flows of rtw88 rtw8814a_table.c in
 *    any valid order (the core's power FSM: 0x23 bit 4 and 0x05 bits
 *    2/3 clear before power is ready, 0x05 bit 0/1 self-clearing).
 *  - FIFO: normal DMA queues take frames only once the automatic LLT
 *    ran (0x208 bit 0 written 1; it reads 1 until done) since MAC
 *    power-on and the queue has pages (its count in 0x230..0x23C
 *    [11:0] or public pages in 0x240, loaded by 0x22C bit 31). A frame
 *    with nowhere to land stalls the TX DMA: bulk OUT NAKs until the MAC
 *    is powered off (OpenIPC devourer saw exactly that without page
 *    counts). 0x208 bit 16 starts nothing: both drivers that work on
 *    the silicon (rtw88 mac.c __priority_queue_cfg, the vendor
 *    InitLLTTable8814A) write bit 0 and poll it clear; bit 16 is the
 *    LLT trigger of the older MAC's register 0x224 (rtw88 reg.h
 *    BIT_AUTO_INIT_LLT) and the old beacon-valid flag at 0x208
 *    (BIT_BCN_VALID), so a driver writing it there builds no list.
 *    DROP_DATA_EN (0x20C bit 9) drops a frame on the wrong endpoint.
 *    The beacon queue (firmware download, reserved pages) needs neither.
 *  - firmware: DMEM and IMEM arrive through beacon-queue bulk OUT into
 *    the reserved page and the DDMA (0x1200..0x1208) with its running
 *    XOR checksum; the CPU (0x03 bit 2; 0x1D bit 0 reads 1 from reset
 *    so the vendor order, which never writes it, also boots) starts the
 *    image once the host set 0x80 bit 14 and cleared bit 0 — in either
 *    order — and only when both segments passed their checksum; then
 *    0x80 reads bit 15 (0xC078 with the host's bits 3-6 and 14). A bad
 *    image or no boot leaves RX working and TX dead (frames counted
 *    tx_not_ready).
 *  - BB/RF: BB registers (0x800-0xFFF, 0x1800-0x1FFF) drop writes until
 *    0x1000 bit 17 (BB global reset) is released; RF writes through the
 *    LSSI ports 0xC90/0xE90/0x1890/0x1A90 need 0x1000 bits 16-17 and
 *    the path's RF enable (0x1F/0x20/0x21/0x76 [2:0] = 7); RF reads are
 *    the direct windows 0x2800/0x2C00/0x3800/0x3C00 + 4 x reg (the
 *    8812A's 0x8B0/0xD04 read-back does not exist here). 0x02 bits 0-1
 *    gate nothing on this chip. With 0x1000 bit 16 clear (band switch)
 *    the PHY neither sends nor receives.
 *  - TX power: 0x1998 takes (index << 24 | path << 8 | rate) with bits
 *    23 and 12 set (0x00801000); the model keeps the index per path and
 *    rate (the port reads back nothing of it) and airs a frame with the
 *    power of its rate's index on the paths that send it (0.5 dB a step,
 *    index 40 = 15 dBm a chain, the model's scale).
 *  - RFE: the RFE type is EFUSE 0xCA (bit 7 or 0xFF: type 1 on USB);
 *    the PA reaches the antenna only once 0x1994 [3:0] = 0xF and 0x42
 *    bits 7:6 route the RFE pins (OpenIPC devourer: without it TX
 *    "submits OK, 0 on-air").
 *  - TX: the 40-byte Jaguar1 descriptor with its 32-byte checksum, up to
 *    3 spatial streams; CCK goes out on path B only; a CCK frame on
 *    5 GHz is taken and vanishes (tx_phy_dropped).
 *  - RX: the RX descriptor with the 8814A's dword 4 (no SGI/LDPC/STBC/BW),
 *    the 32-byte Jaguar1 PHY status with path C/D gain (bytes 23/24) and
 *    SNR (21/22) and stream 3/4 EVM (19/20); each of the four receive
 *    chains fades independently on the air (vc_rx_meta chain_rssi_dbm).
 *  - EFUSE: 1024 physical / 512 logical bytes; boards "default" (RFE 1,
 *    4T4R, calibrated) and "blank" (nothing burnt but the ids).
 *  - thermal: one meter, RF path A 0x42 ([17:16] = 3 starts it,
 *    [15:10] reads it), from EFUSE 0xBA or thermal=.
 *  - USB3: the older switch rtw88 uses for this chip (0x74 = 0x08, then
 *    0x05 bit 7) re-enumerates it at SuperSpeed; 0x74 remembers it.
 *  - IQK: the NCTL engine's one-shots (0x1B00 written with bit 0) run
 *    P8814A_NCTL_NS: the band preset, then per path LOK, TX and RX IQK,
 *    each measuring a per-board, per-path, per-channel imbalance into
 *    the path's result page (0x1B38 TX, 0x1B3C RX, 0x1BFC LOK), or
 *    failing (0x1B08 bit 26) when the path's RF is off or the set-up
 *    the engine needs is missing (personality_8814a_iqk.c).
 * Not modelled: H2C answers, spur/ADC-clock
 * workarounds, TX_POWER_OFFSET. The 3081 layer's newer PAD_CTRL2 switch
 * also answers here, though rtw88 never uses it on this chip.
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8814A_H
#define DVR_PERSONALITY_8814A_H

#include "libdevourer/virtual/personality_3081.h"
#include "libdevourer/virtual/personality_8814a_regs.h"

/* How long an NCTL one-shot (LOK, TX or RX IQK) takes: the model's
 * choice, inside the 10 ms rtw88 rtw8814a.c waits before it polls
 * (rtw8814a_iqk_tx_one_shot) and longer than a driver that reads at once
 * can miss. */
#define P8814A_NCTL_NS 500000u

/* The IQK engine's state of one path (personality_8814a_iqk.c): its
 * result page and the band preset it had. */
struct p8814a_nctl_path {
	uint32_t tx_iqc, rx_iqc, lok;
	uint8_t preset_band;     /* 0 none, 2 or 5 GHz */
	unsigned shots;          /* LOK/TX/RX shots asked of the path */
};

struct p8814a_state {
	struct p3081_state base; /* first: the shared layer's */

	/* RF registers (20-bit) of paths A-D */
	uint32_t rf[P8814A_RF_PATHS][256];
	/* TX power index per path and rate code, as 0x1998 set it */
	uint8_t txagc[P8814A_RF_PATHS][P8814A_RATE_CODES];
	/* the auto-LLT: when the one started since MAC power-on is
	 * through (0: none started), and the layer's start time it was
	 * told last */
	uint64_t llt_ready_ns, llt_seen_ns;
	/* a frame found no page: the TX DMA hangs until MAC power-off */
	bool tx_stalled;
	uint8_t primary_sc;      /* 0x483 [3:0] */
	/* when the NCTL (0x1B00) one-shot in progress is through */
	uint64_t nctl_done_ns;
	struct {
		unsigned page;   /* the path 0x1B38.. address */
		struct p8814a_nctl_path path[P8814A_RF_PATHS];
	} nctl;
	/* the old-style USB3 switch happened: 0x74 keeps USB3 mode */
	bool u3_mode_kept;
};

static inline struct p8814a_state *p8814a_of(const struct vchip *vc)
{
	return (struct p8814a_state *)vc->pstate;
}

/* personality_8814a_efuse.c */
extern const char *const p8814a_boards[];
void p8814a_efuse_build(struct vchip *vc);

/* personality_8814a_phy.c */
extern const struct p3081_tables p8814a_tables;
bool p8814a_bb_regs_on(const struct vchip *vc);
bool p8814a_phy_on(const struct vchip *vc);
bool p8814a_rf_on(const struct vchip *vc, unsigned path);
bool p8814a_powered(const struct vchip *vc, uint32_t a);
bool p8814a_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
void p8814a_phy_written(struct vchip *vc, uint16_t addr, size_t len);
uint32_t p8814a_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
/* The index 0x1998 last set for @p rate on @p path (vchip_peek_txagc). */
bool p8814a_txagc_peek(const struct vchip *vc, unsigned path, uint8_t rate,
                       unsigned *index);
void p8814a_phy_reset(struct vchip *vc);
void p8814a_phy_mac_power(struct vchip *vc, bool on);
bool p8814a_tx_front_end(const struct vchip *vc);
int p8814a_rx_desense_db(const struct vchip *vc,
                         const struct air_frame_hdr *h);

/* personality_8814a_iqk.c: the NCTL IQK engine */
void p8814a_nctl_written(struct vchip *vc, uint16_t addr, size_t len);
bool p8814a_nctl_read(const struct vchip *vc, uint32_t a, uint8_t *out);
void p8814a_nctl_reset(struct vchip *vc);
bool p8814a_iqk_peek(const struct vchip *vc, unsigned path,
                     struct vchip_iqk *out);

/* personality_8814a_tx.c */
enum vc_tx_verdict p8814a_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out);
void p8814a_tx_radio(struct vchip *vc, struct air_frame_hdr *h);
bool p8814a_tx_stalled(const struct vchip *vc);
void p8814a_tdectrl_written(struct vchip *vc);

/* personality_8814a_rx.c */
void p8814a_phy_status(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *p);

#endif /* DVR_PERSONALITY_8814A_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The layer the 3081-CPU chips share (RTL8822BU, RTL8821CU: Jaguar2;
 * RTL8822CU, RTL8822EU: Jaguar3), below their personalities. What their USB
 * interface does alike is here once, in one file per job:
 *  - personality_3081.c: straps and reset values, power domains, the
 *    register file (read8/write dispatch), the USB2 -> USB3 mode switch;
 *  - personality_3081_mac.c: the HalMAC-style MAC: CR enables, auto-LLT,
 *    FIFO page counters, H2C queue pointers, the LTE-coex port, monitor;
 *  - personality_3081_fw.c: firmware download through reserved TX pages
 *    and DDMA with its checksum rule, the CPU's boot and ready handshake,
 *    the H2C mailboxes and H2C packets;
 *  - personality_3081_efuse.c: the EFUSE's physical image and read port;
 *  - personality_3081_tx.c / _rx.c: the 48-byte TX descriptor, the
 *    receive filter, the 24-byte RX descriptor and RX aggregates.
 * A chip of the generation is a struct vchip_personality whose ops are
 * mostly the p3081_* ones below, whose layer field points at its
 * struct p3081_chip (constants and a few hooks), and whose state block
 * starts with struct p3081_state. What stays the chip's own: its USB ids
 * and constants, its EFUSE contents, its BB/RF model, its PHY status
 * encoding, and what its firmware answers to H2C commands.
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_3081_H
#define DVR_PERSONALITY_3081_H

#include "libdevourer/virtual/vchip_internal.h"

/* TX FIFO page of every chip of the generation (rtw88 main.h
 * TX_PAGE_SIZE_SHIFT) */
#define P3081_TX_PAGE 128u
/* Buffers of the shared state, large enough for every chip of the
 * generation; struct p3081_chip says how much of each a chip has. */
/* the 8822E's OTP: an 11-bit address (0x30 [26:16]) whose factory trims
 * sit up to 0x5DF (vendor rtl88x2eu halrf_kfree.h PPG_*_22E), and a
 * 2048-byte logical map (halmac_8822e_cfg.h EEPROM_SIZE_8822E) */
#define P3081_EFUSE_PHYS_MAX 2048u
#define P3081_EFUSE_LOG_MAX 2048u
#define P3081_TXBUF_MAX 0x40000u   /* 2048 pages x 128 B (8822B, 8822C) */
/* the CPU's memories, large enough for any image of these chips (rtw88
 * fw.h limits) */
#define P3081_IMEM_MAX 0x30000u
#define P3081_DMEM_MAX 0x20000u
#define P3081_EMEM_MAX 0x40000u

/* The TX descriptor, the RX descriptor and the PHY status after it */
/* where DMEM and EMEM sit on the on-chip bus on every chip of the
 * generation (rtw88 mac.h OCPBASE_DMEM_88XX, OCPBASE_EMEM_88XX; bit 31
 * cleared) */
#define P3081_OCP_DMEM 0x00200000u
#define P3081_OCP_EMEM 0x00100000u
#define P3081_TX_DESC 48u
#define P3081_RX_DESC 24u
#define P3081_PHYST 32u

/* What one chip of the generation is, as the shared layer needs it. */
/* RF paths whose table tails the milestone can follow (the RTL8814A's
 * four) */
#define P3081_RF_TAILS 4u
/* A register and the value a table leaves in it. */
struct p3081_reg_val {
	uint16_t addr;
	uint32_t val;
};

/*
 * How the model recognises that a driver loaded the chip's register
 * tables: a few values of each, not the tables (personality_3081_tables.c).
 */
struct p3081_tables {
	/* MAC table (8-bit rows; none when mac_table_is_llt): once a write
	 * overlapping [mac_lo, mac_hi] finds every sentinel holding its
	 * value, VCHIP_M_MAC_TABLE */
	const struct p3081_reg_val *mac;
	size_t n_mac;
	uint16_t mac_lo, mac_hi;
	/* BB table (32-bit rows): once a write touching a sentinel finds
	 * every one holding its value, with the BB on, VCHIP_M_BB_TABLE */
	const struct p3081_reg_val *bb;
	size_t n_bb;
	/* RF tables: the last writes each path's makes, in order; once
	 * every path has matched its tail, VCHIP_M_RF_TABLE */
	const struct p3081_reg_val *rf_tail[P3081_RF_TAILS];
	unsigned n_rf_tail[P3081_RF_TAILS];
};

struct p3081_chip {
	/* ---- identity and straps ---- */
	uint8_t chip_id;           /* SYS_CFG2 (0xFC) */
	uint32_t sys_cfg1;         /* SYS_CFG1 (0xF0): cut, RF type, fab */

	/* ---- sizes ---- */
	size_t efuse_phys;         /* physical EFUSE bytes */
	size_t efuse_log;          /* logical map bytes */
	size_t efuse_ptct;         /* protected tail, not part of the map */
	size_t txbuf;              /* TX packet buffer bytes */

	/* ---- the firmware CPU ---- */
	/* where IMEM sits on the on-chip bus: the load address of the
	 * chip's image (bit 31 cleared), the only place the DDMA can fill
	 * it (DMEM and EMEM sit at the generation's P3081_OCP_DMEM /
	 * P3081_OCP_EMEM) */
	uint32_t ocp_imem;
	/* what the firmware's hardware-feature report says (rtw88 efuse.h
	 * GET_EFUSE_HW_CAP_*): bandwidth code (7 = up to 80 MHz), spatial
	 * streams, antennas, protocol (3 = VHT) */
	uint8_t hw_bw, hw_nss, hw_ant, hw_proto;

	/* ---- TX ---- */
	unsigned tx_nss;           /* spatial streams a frame may use */
	/* the TX descriptor checksum spans the whole descriptor and its
	 * PKT_OFFSET padding (else its first 32 bytes) */
	bool txd_checksum_all;

	/* ---- MAC ---- */
	/* the chip has no MAC register table: the page layout and the
	 * link list its auto-LLT builds over it are its MAC set-up (else
	 * its phy_written hook recognises its MAC table) */
	bool mac_table_is_llt;
	/* the values its tables leave (personality_3081_tables.c; not NULL) */
	const struct p3081_tables *tables;
	/* Optional: whether its BB takes register writes, for the BB table
	 * milestone; NULL: SYS_FUNC_EN bits 0-1 (p3081_bb_on), as on the
	 * HalMAC chips. A Jaguar1 BB behind this MAC (the RTL8814A) has its
	 * enables elsewhere (0x1000 bits 16-17). */
	bool (*bb_regs_on)(const struct vchip *vc);

	/* ---- receive filter ---- */
	/* RCR bits 11-13 (ADF/ACF/AMF on Jaguar1) are a beacon filter: with
	 * any of them set the MAC drops every beacon whose BSSID is not its
	 * own (Jaguar2; else the bits filter nothing the model sees) */
	bool rcr_11_13_drop_beacons;
	/* the RX descriptor reports DRV_INFO_SIZE 0 until 0x115 [3:0] is
	 * 0xF, though the PHY status still comes before the frame (rtw88
	 * mac.c rtw_drv_info_cfg, "rxdesc len = 0 issue"; OpenIPC devourer
	 * src/jaguar2/HalJaguar2.cpp enable_rx, 8821C); false: it is what
	 * 0x60F asks for */
	bool drvinfo_needs_115;

	/* ---- hooks: what the chip does itself (NULL only where said) ---- */
	/* Plug-in and re-enumeration: the chip's own state (BB trackers,
	 * calibrations in flight) to its reset values (the layer clears the
	 * RF registers itself; NULL: nothing more). */
	void (*reset)(struct vchip *vc);
	/* The MAC domain came up or went down: the chip's own trackers (the
	 * layer resets its table milestones itself; NULL: nothing more). */
	void (*mac_power)(struct vchip *vc, bool on);
	/* A powered byte the BB/RF answers itself (RF windows,
	 * calibration read-backs): true and *out, or false. */
	bool (*phy_read)(const struct vchip *vc, uint32_t a, uint8_t *out);
	/* After a host write of [addr, addr+len) with the MAC on: RF
	 * access, tuning, calibration engines (the layer checks the MAC
	 * and BB table milestones after it). */
	void (*phy_written)(struct vchip *vc, uint16_t addr, size_t len);
	/* The PHY status (P3081_PHYST bytes at p) for a received frame. */
	void (*phy_status)(struct vchip *vc, const struct vc_rx_meta *m,
	                   uint8_t *p);
	/* The running firmware took an H2C mailbox command (the 4 bytes
	 * of the box), or an H2C packet of sub-command sub (the whole
	 * packet, its 8-byte header included, len bytes at p): what the
	 * chip's firmware answers (h2c_command NULL: no command changes
	 * anything the USB side could see). */
	void (*h2c_command)(struct vchip *vc, const uint8_t *cmd);
	void (*h2c_packet)(struct vchip *vc, unsigned sub, const uint8_t *p,
	                   size_t len);
	/* Whether WLAN has the antenna (a chip that shares it with
	 * Bluetooth): the MAC's frames reach the air, and the air the MAC,
	 * only while it does (p3081_tx_ready / p3081_rx_ready). NULL:
	 * always. */
	bool (*wlan_has_antenna)(const struct vchip *vc);
	/* Whether the front end takes the MAC's frames to the air now (a
	 * chip whose RFE pins and antenna switch the driver must drive
	 * before its PA reaches the antenna); gates p3081_tx_ready. NULL:
	 * always. */
	bool (*tx_front_end)(const struct vchip *vc);
	/* Whether the chip's TX path has stalled, so that its bulk OUT
	 * endpoints NAK (p3081_tx_dma_on false). NULL: never. */
	bool (*tx_stalled)(const struct vchip *vc);
	/* Whether the RX DMA hands received frames to bulk IN now (a chip
	 * whose RX DMA needs a setting the others do without); gates
	 * p3081_rx_ready. NULL: always. */
	bool (*rx_delivers)(const struct vchip *vc);
	/* While rx_delivers is false with the MAC receiving: whether the
	 * RX DMA completes bulk IN transfers empty instead
	 * (p3081_rx_flushes_empty). NULL: it does not. */
	bool (*rx_flushes_empty)(const struct vchip *vc);
	/* The EFUSE read port at REG_EFUSE_CTRL when the chip's is not the
	 * generation's ([17:8] address, bit 31 done): what a write of
	 * 0x30-0x33 starts, and the byte landing once due (any access).
	 * NULL: the layer's (personality_3081_efuse.c). */
	void (*efuse_ctrl_written)(struct vchip *vc);
	void (*efuse_catch_up)(struct vchip *vc, uint64_t now);
};

/* How long the chip's engines take. No reference measures them; each
 * is the model's choice, far inside the tightest budget a reference
 * that works on the silicon gives it, and long enough that a driver
 * which reads without polling reads what the chip had not finished:
 *  - an EFUSE byte: 10 us (rtw88 efuse.c rtw_dump_physical_efuse_map
 *    and HalMAC read_hw_efuse_88xx poll in 1 us steps, up to 1 s);
 *  - a DDMA copy: one 32-bit word per cycle of the 80 MHz MAC clock,
 *    13 us for a 4 KiB chunk (rtw88 mac.c iddma_enable polls OWN
 *    with check_hw_ready, 1000 x 10 us);
 *  - the auto-LLT: below;
 *  - the firmware's start-up, from the CPU's enable to FW_INIT_RDY:
 *    5 ms (rtw88 mac.c download_firmware_validate: check_hw_ready,
 *    1000 x 10 us plus the USB reads between; the vendor HalMAC
 *    dlfw_end_flow: 5000 x 50 us). */
#define P3081_EFUSE_READ_NS 10000u
#define P3081_DDMA_BYTES_PER_US 320u
#define P3081_FW_BOOT_NS 5000000u
/* the auto-LLT over the page layout: 500 us (rtw88 mac.c
 * __priority_queue_cfg polls 0x208 bit 0 with check_hw_ready) */
#define P3081_LLT_NS 500000u

/* The state block of a 3081-CPU chip starts with this; the chip's own
 * fields follow. */
struct p3081_state {
	uint8_t efuse_phys[P3081_EFUSE_PHYS_MAX];
	uint8_t efuse_log[P3081_EFUSE_LOG_MAX];

	/* the TX packet buffer at OCP 0x18780000, as far as beacon-queue
	 * transfers (reserved pages) filled it */
	uint8_t txbuf[P3081_TXBUF_MAX];

	/* DDMA channel 0: running XOR of 16-bit words since the last
	 * checksum reset, and its status */
	uint16_t ddma_xor;
	bool ddma_chk_err;
	/* each memory's last checksummed copy group came out right */
	bool dmem_ok, imem_ok, emem_ok;
	bool chk_milestone;

	/* the memories the DDMA fills; *_hi = highest offset written */
	uint8_t imem[P3081_IMEM_MAX], dmem[P3081_DMEM_MAX];
	uint8_t emem[P3081_EMEM_MAX];
	size_t imem_hi, dmem_hi, emem_hi;

	/* time the DDMA's last copy lands (it reads busy until then) */
	uint64_t ddma_done_ns;
	/* time the auto-LLT is through (0x208 bit 0 reads set until then) */
	uint64_t llt_done_ns;
	/* an EFUSE read in progress and when its byte is ready */
	bool efuse_busy;
	uint64_t efuse_ready_ns;

	bool cpu_on;          /* 3081 clocked and out of reset */
	bool rom_refused;     /* ... its ROM found the image bad */
	bool fw_booting;      /* ... with an accepted image, starting up */
	uint64_t fw_boot_ns;  /* when it is up */
	bool fw_running;      /* ... and running an accepted image */
	/* mailboxes written that no firmware has taken yet (0x1CC) */
	uint8_t hmebox_busy;
	bool usb3;            /* enumerated at 5000 Mbit/s */
	/* PAD_CTRL2 mode U3 survives the re-enumeration */
	bool u3_mode_kept;
	bool txrx_on, monitor_on;
	unsigned h2c_packets; /* H2C packets the firmware took */
	bool mac_done;        /* MAC set-up milestone of this power cycle */
	/* BB / RF table milestones of this power cycle, and how far each
	 * path's RF table tail has been matched (personality_3081_tables.c) */
	bool bb_done, rf_done;
	unsigned rf_match[P3081_RF_TAILS];
	/* the RF registers (20-bit) of each path, as the chip's RF writes
	 * leave them (a one-path chip uses [0]); clear at plug-in */
	uint32_t rf[2][256];
	/* the LTE-coex block's registers behind the 0x1700 port, by dword
	 * (offsets 0x00-0xFF; rtw88 coex.c uses 0x38, 0x54, 0xA0, 0xA4) */
	uint32_t ltecoex[64];
};

static inline struct p3081_state *p3081_of(const struct vchip *vc)
{
	return (struct p3081_state *)vc->pstate;
}

static inline const struct p3081_chip *p3081_chip_of(const struct vchip *vc)
{
	return (const struct p3081_chip *)vc->p->layer;
}

/* For the chips' PHY status encoders: @p v held to lo..hi, and whether
 * a frame was sent at a CCK rate (1, 2, 5.5, 11 Mbit/s), which the PHY
 * status reports on its page 0. */
static inline int p3081_clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static inline bool p3081_is_cck(const struct air_frame_hdr *h)
{
	return h->rate_kind == AIR_RATE_LEGACY &&
	       (h->legacy_500k == 2 || h->legacy_500k == 4 ||
	        h->legacy_500k == 11 || h->legacy_500k == 22);
}

/* Whether a host access of [addr, addr+len) touches [lo, hi]. */
static inline bool p3081_in(uint32_t addr, size_t len, uint32_t lo,
                            uint32_t hi)
{
	return addr <= hi && addr + len > lo;
}

/* ---- personality ops (personality_3081*.c) ---- */

/* personality_3081.c */
void p3081_reset(struct vchip *vc);
bool p3081_powered(const struct vchip *vc, uint32_t a);
void p3081_mac_power(struct vchip *vc, bool on);
uint8_t p3081_read8(struct vchip *vc, uint32_t a);
void p3081_write(struct vchip *vc, uint16_t addr, const uint8_t *data,
                 size_t len);

/* personality_3081_mac.c */
bool p3081_tx_dma_on(const struct vchip *vc);
bool p3081_tx_ready(const struct vchip *vc);
bool p3081_rx_ready(const struct vchip *vc);
bool p3081_rx_flushes_empty(const struct vchip *vc);

/* personality_3081_tx.c */
void p3081_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                  unsigned *count, unsigned *max);
enum vc_tx_verdict p3081_tx_decode(struct vchip *vc, unsigned ep_idx,
                                   const uint8_t *d, size_t rem,
                                   struct vc_tx_frame *out);

/* personality_3081_rx.c */
bool p3081_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                     bool crc_err);
size_t p3081_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                       uint8_t *hdr, size_t *frame_len);
void p3081_rx_agg_count(uint8_t *first_desc, unsigned count);

/*
 * The struct vchip_personality fields every 3081 chip takes from the
 * layer, for a personality to start with (it names the rest: identity,
 * state size, FIFO sizes, boards and EFUSE, its RF peek, layer, and
 * which a chip gates further through its p3081_chip wlan_has_antenna):
 * 128-byte TX pages,
 * bulk OUT transfers up to rtw88's 20 KiB (usb.h
 * RTW_USB_MAX_XMITBUF_SZ), the 24-byte RX descriptor and 32-byte PHY
 * status, the register file and power domains, the MAC, the TX and RX
 * descriptors and aggregates.
 */
#define P3081_PERSONALITY_OPS                                                \
	.tx_page = P3081_TX_PAGE,                                            \
	.tx_max_xfer = 20480,                                                \
	.rx_hdr_max = P3081_RX_DESC + P3081_PHYST,                           \
	.reset = p3081_reset,                                                \
	.mac_power = p3081_mac_power,                                        \
	.powered = p3081_powered,                                            \
	.read8 = p3081_read8,                                                \
	.write = p3081_write,                                                \
	.tx_dma_on = p3081_tx_dma_on,                                        \
	.tx_agg = p3081_tx_agg,                                              \
	.tx_decode = p3081_tx_decode,                                        \
	.rx_keeps_bad_fcs = vc_wmac_rx_keeps_bad_fcs, /* RCR ACRC32 */       \
	.rx_accept = p3081_rx_accept,                                        \
	.rx_encode = p3081_rx_encode,                                        \
	.rx_agg_count = p3081_rx_agg_count,                                  \
	.tx_ready = p3081_tx_ready,                                          \
	.rx_ready = p3081_rx_ready,                                          \
	.rx_flushes_empty = p3081_rx_flushes_empty

/* personality_3081_tables.c: the table milestones. The layer checks the
 * MAC and BB sentinels after every write itself; a chip reports each RF
 * register write it takes. */
/* After RF register @p reg of @p path took @p v: VCHIP_M_RF_TABLE once
 * every path's tail has been written in order (once a power cycle). */
void p3081_rf_table_match(struct vchip *vc, unsigned path, uint8_t reg,
                          uint32_t v);

/* ---- for the chips' BB/RF (personality_3081_tables.c) ---- */

/* The BB out of reset: 0x02 [1:0] (rtw88 rtw8822b.c / rtw8821c.c /
 * rtw8822c.c *_phy_set_param: BIT_FEN_BB_GLB_RST | BIT_FEN_BB_RSTB). */
bool p3081_bb_on(const struct vchip *vc);
/* ... and path @p path's RF enabled: 0x1F / 0xEC [2:0] = 7
 * (BIT_RF_EN | BIT_RF_RSTB | BIT_RF_SDM_RSTB, the same functions). */
bool p3081_rf_on(const struct vchip *vc, unsigned path);
/* The rf_peek op of a chip whose RF registers read as written. */
uint32_t p3081_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
/* An SI (3-wire) write port at @p port: the word ([27:20] RF register,
 * [19:0] value) goes out when its top byte is written (rtw88 phy.c
 * rtw_phy_write_rf_reg_sipi writes it as one 32-bit word). True and
 * *word when the write of [addr, addr+len) sent it. */
bool p3081_si_sent(const struct vchip *vc, uint16_t addr, size_t len,
                   uint16_t port, uint32_t *word);
/* The die's temperature as a thermal meter reads it (0..63) on RF path
 * @p path: the test's vc->thermal when it set one, else the EFUSE
 * calibration byte at logical @p ef_cal (what the die read when the
 * board was calibrated), else 0x20 for a blank byte; a chip with one
 * byte per path (@p ef_cal + path) offsets the other paths by the
 * difference of theirs from path A's. Pass @p path 0 for a chip with
 * one byte. */
unsigned p3081_thermal_meter(const struct vchip *vc, uint16_t ef_cal,
                             unsigned path);

/* The Jaguar3 dies' "jgr3" PHY status (personality_3081_jgr3.c): the
 * sub-channel code of a frame inside the tuned channel (0 the whole
 * channel, 1..4 a 20 MHz sub-channel, @p primary_sc when the BB was told
 * one, 9/10 a 40 MHz half of 80), and the 32 bytes at @p p for frame
 * @p m; @p b_hears false: path B reports the noise floor. */
uint8_t p3081_jgr3_subchannel(const struct vchip *vc,
                              const struct air_frame_hdr *h,
                              uint8_t primary_sc);
void p3081_jgr3_phy_status(const struct vchip *vc, const struct vc_rx_meta *m,
                           uint8_t *p, uint8_t primary_sc, bool b_hears);
/* Tune the model to what path A's RF 0x18 value @p r18 selects, with the
 * primary sub-channel in the low nibble of @p bw_ctl (0x9B1, the BB's
 * TX bandwidth control), stored in *@p primary_sc; nothing for a value
 * the synthesiser cannot lock to. @p narrow_mhz 5 or 10: the die's
 * baseband re-clocked for that width on a 20 MHz tune (0: not). */
void p3081_jgr3_update_tuning(struct vchip *vc, uint32_t r18, uint8_t bw_ctl,
                              unsigned narrow_mhz, uint8_t *primary_sc);

/* The primary 20 MHz channel of a @p bw_mhz channel centred on
 * @p center, from the BB's sub-channel index @p sc (rtw88 main.h
 * enum rtw_sc_offset: 1 upper, 2 lower, 3 uppermost, 4 lowest of an
 * 80 MHz channel; main.c rtw_get_channel_params). May come out below 1
 * for a centre no channel plan has. */
int p3081_primary_channel(unsigned center, unsigned bw_mhz, unsigned sc);

/* ---- inside the layer ---- */

/* personality_3081_mac.c: the MAC's computed read-backs (true and *out,
 * or false), and what a write (MAC on) of each of its registers starts */
bool p3081_mac_read(const struct vchip *vc, uint32_t a, uint8_t *out);
void p3081_cr_written(struct vchip *vc);
void p3081_ltecoex_ctrl_written(struct vchip *vc);
void p3081_tdectrl_written(struct vchip *vc);
void p3081_rx_filter_written(struct vchip *vc);

/* personality_3081_tables.c: after a host write of [addr, addr+len) with
 * the MAC on (and the chip's phy_written), the MAC and BB table
 * milestones */
void p3081_tables_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_3081_fw.c */
void p3081_fw_reset(struct vchip *vc);
/* the engines' work that is due by now lands (any host access) */
void p3081_fw_catch_up(struct vchip *vc, uint64_t now);
bool p3081_fw_ddma_busy(const struct vchip *vc, uint64_t now);
void p3081_fw_beacon_page(struct vchip *vc, const uint8_t *data,
                          size_t len);
void p3081_fw_ddma_written(struct vchip *vc);
void p3081_fw_cpu_changed(struct vchip *vc);
/* MCUFW_CTRL written, or the CPU came on: the ROM starts an announced
 * image */
void p3081_fw_rom_check(struct vchip *vc);
uint16_t p3081_fw_mcufw_ctrl(const struct vchip *vc, uint16_t stored);
void p3081_fw_h2c_packet(struct vchip *vc, const uint8_t *data,
                         size_t len);
void p3081_fw_mailbox_written(struct vchip *vc, unsigned box);
uint8_t p3081_fw_mailbox_status(const struct vchip *vc);

/* personality_3081_efuse.c: the physical image from the logical map a
 * chip's efuse_build wrote into efuse_log (the chip then burns what lies
 * outside the map, such as factory trims in the protected tail), and
 * the read port at REG_EFUSE_CTRL */
void p3081_efuse_encode(struct vchip *vc);
void p3081_efuse_ctrl_written(struct vchip *vc);
void p3081_efuse_catch_up(struct vchip *vc, uint64_t now);

#endif /* DVR_PERSONALITY_3081_H */

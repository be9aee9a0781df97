/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The RTL8822C (RTL8822CU / RTL8812CU) personality of the chip model:
 * state the Jaguar3 chip keeps beyond the shared model core, and the
 * functions its files share. One file per part: personality_8822c.c
 * (identity, straps, register file, power, USB3 switch), _efuse.c,
 * _fw.c (reserved page, DDMA, boot, H2C/C2H), _phy.c (RF access,
 * tuning, calibration read-backs), _thermal.c (thermal meters, LCK),
 * _trx.c (TX/RX descriptors).
 * Caller holds vc->lock in every function below.
 */
#ifndef DVR_PERSONALITY_8822C_H
#define DVR_PERSONALITY_8822C_H

#include "libdevourer/virtual/vchip_internal.h"

#define P8822C_EFUSE_PHYS 512u /* rtw88 rtw8822c.c hw_spec phy_efuse_size */
#define P8822C_EFUSE_LOG 768u  /* log_efuse_size */
#define P8822C_EFUSE_PTCT 124u /* protected tail, not part of the map */
#define P8822C_TXBUF 0x40000u  /* TX packet buffer: 2048 pages x 128 B */
/* on-chip memories large enough for any 8822C image (rtw88 fw.h limits) */
#define P8822C_IMEM_MAX 0x30000u
#define P8822C_DMEM_MAX 0x20000u
#define P8822C_EMEM_MAX 0x40000u

struct p8822c_state {
	uint8_t efuse_phys[P8822C_EFUSE_PHYS];
	uint8_t efuse_log[P8822C_EFUSE_LOG];

	/* the TX packet buffer at OCP 0x18780000, as far as beacon-queue
	 * transfers (reserved pages) filled it */
	uint8_t txbuf[P8822C_TXBUF];

	/* DDMA channel 0: running XOR of 16-bit words since the last
	 * checksum reset, and its status */
	uint16_t ddma_xor;
	bool ddma_chk_err;
	/* each memory's last checksummed copy group came out right */
	bool dmem_ok, imem_ok, emem_ok;
	bool chk_milestone;

	/* the memories the DDMA fills; *_hi = highest offset written */
	uint8_t imem[P8822C_IMEM_MAX], dmem[P8822C_DMEM_MAX];
	uint8_t emem[P8822C_EMEM_MAX];
	size_t imem_hi, dmem_hi, emem_hi;

	bool cpu_on;          /* 3081 clocked and out of reset */
	bool fw_running;      /* ... and running an accepted image */
	bool usb3;            /* enumerated at 5000 Mbit/s */
	bool u3_mode_kept;    /* PAD_CTRL2 mode U3 survives the re-enumeration */
	bool txrx_on, monitor_on;
	unsigned h2c_packets; /* H2C packets the firmware took */
	unsigned rf_lssi_writes;
	uint32_t rf[2][256];  /* RF registers per path (20-bit) */
	/* RF A 0xB8 bit 15: the synthesiser's X2 calibration reports busy
	 * from power-up on a board that has it stuck, until the driver
	 * writes 0xB8 (which restarts it; the model completes it at once) */
	bool x2k_stuck, x2k_busy;
	uint8_t primary_sc;   /* BB primary sub-channel index */
	/* table milestones of this power cycle: the TX buffer's link list
	 * built, BB/AGC sentinels present, RF table tails matched */
	bool mac_done, bb_done, rf_done;
	unsigned rf_match[2];
	/* the LTE-coex block's registers behind the 0x1700 port, by dword
	 * (offsets 0x00-0xFF; rtw88 coex.c uses 0x38, 0x54, 0xA0, 0xA4) */
	uint32_t ltecoex[64];
};

static inline struct p8822c_state *p8822c_of(const struct vchip *vc)
{
	return (struct p8822c_state *)vc->pstate;
}

/* personality_8822c.c */
bool p8822c_tx_dma_on(const struct vchip *vc);
bool p8822c_tx_ready(const struct vchip *vc);

/* personality_8822c_efuse.c */
void p8822c_efuse_build(struct vchip *vc); /* vc->mac_addr set before */
/* board= names (the EFUSE calibration variants), default first */
extern const char *const p8822c_boards[];
void p8822c_efuse_ctrl_written(struct vchip *vc);

/* personality_8822c_fw.c */
void p8822c_fw_reset(struct vchip *vc);
void p8822c_fw_beacon_page(struct vchip *vc, const uint8_t *data, size_t len);
void p8822c_fw_ddma_written(struct vchip *vc);
void p8822c_fw_cpu_changed(struct vchip *vc);
uint16_t p8822c_fw_mcufw_ctrl(const struct vchip *vc, uint16_t stored);
void p8822c_fw_h2c_packet(struct vchip *vc, const uint8_t *data, size_t len);
void p8822c_fw_mailbox_written(struct vchip *vc, unsigned box);

/* personality_8822c_phy.c */
bool p8822c_phy_read(const struct vchip *vc, uint32_t a, uint8_t *out);
uint32_t p8822c_rf_peek(const struct vchip *vc, unsigned path, uint8_t reg);
void p8822c_phy_written(struct vchip *vc, uint16_t addr, size_t len);

/* personality_8822c_thermal.c: RF register @p reg of @p path is written
 * (@p old what it held, @p v the new 20-bit value); returns what it holds
 * afterwards (the meter's reading kept or latched, finished runs' busy
 * bits clear). */
uint32_t p8822c_thermal_rf_written(struct vchip *vc, unsigned path,
                                   uint8_t reg, uint32_t old, uint32_t v);

/* personality_8822c_trx.c */
void p8822c_tx_agg(const struct vchip *vc, const uint8_t *d, size_t len,
                   unsigned *count, unsigned *max);
enum vc_tx_verdict p8822c_tx_decode(struct vchip *vc, unsigned ep_idx,
                                    const uint8_t *d, size_t rem,
                                    struct vc_tx_frame *out);
bool p8822c_rx_ready(const struct vchip *vc);
bool p8822c_rx_accept(const struct vchip *vc, const uint8_t *f, size_t n,
                      bool crc_err);
size_t p8822c_rx_encode(struct vchip *vc, const struct vc_rx_meta *m,
                        uint8_t *hdr, size_t *frame_len);
void p8822c_rx_agg_count(uint8_t *first_desc, unsigned count);

#endif /* DVR_PERSONALITY_8822C_H */

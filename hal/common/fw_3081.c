/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* 3081-CPU firmware: header checks and reserved-page + DDMA download. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hal/common/fw_3081.h"

/* Registers (rtw88 reg.h). */
#define REG_SYS_FUNC_EN_HI 0x0003
#define FEN_CPUEN 0x04
#define REG_SYS_CLK_CTRL_HI 0x0009
#define CPU_CLK_EN 0x40
#define REG_RSV_CTRL_HI 0x001D
#define WLMCU_IOIF 0x01
#define REG_MCUFW_CTRL 0x0080
#define MCUFWDL_EN 0x0001u
#define IMEM_DW_OK 0x08u
#define IMEM_CHKSUM_OK 0x10u
#define DMEM_DW_OK 0x20u
#define DMEM_CHKSUM_OK 0x40u
#define CHECKSUM_OK_ALL 0x50u      /* IMEM and DMEM checksum OK */
#define FW_DW_RDY 0x4000u
#define FW_READY 0xC078u
#define FW_READY_MASK 0xCFFFu      /* CPU clock select [13:12] ignored */
#define MCUFW_KEEP 0x3800u
#define REG_TXDMA_PQ_MAP_HI 0x010D
#define DMA_HIGH_HIQ 0xC0u         /* HIQ -> HIGH DMA queue */
#define REG_CR 0x0100
#define REG_CR_HI 0x0101
#define ENSWBCN 0x01u
#define CR_DLFW 0x05u              /* HCI TX DMA + TX DMA only */
#define REG_FIFOPAGE_CTRL_2 0x0204
#define BCN_VALID 0x8000u
#define REG_TXDMA_STATUS 0x0210
#define PAGE_OVF 0x04u
#define REG_RQPN_CTRL_2 0x022C
#define LD_RQPN 0x80000000u
#define REG_FIFOPAGE_INFO_1 0x0230
#define REG_BCN_CTRL 0x0550
#define EN_BCN_FUNCTION 0x08u
#define DIS_TSF_UDT 0x10u
#define REG_DDMA_CH0SA 0x1200
#define REG_DDMA_CH0DA 0x1204
#define REG_DDMA_CH0CTRL 0x1208
#define DDMA_OWN 0x80000000u
#define DDMA_CHKSUM_EN 0x20000000u
#define DDMA_CHKSUM_STS 0x08000000u
#define DDMA_RESET_CHKSUM 0x02000000u
#define DDMA_CHKSUM_CONT 0x01000000u
#define DDMA_LEN_MASK 0x3FFFFu
#define REG_CPU_DMEM_CON_B2 0x1082
#define WL_PLATFORM_RST 0x01
#define REG_H2CQ_CSR 0x1330
#define H2CQ_FULL 0x80000000u
#define REG_FW_DBG7 0x10FC
#define ILLEGAL_KEY 0xFAAAAA00u
#define REG_LTECOEX_CTRL 0x1700
#define REG_LTECOEX_WDATA 0x1704
#define REG_LTECOEX_RDATA 0x1708
#define LTECOEX_READY 0x20000000u
#define LTECOEX_REG 0x38u

/* On-chip address spaces (rtw88 mac.h OCPBASE_*). */
#define OCP_TXBUF 0x18780000u
#define OCP_DMEM 0x00200000u

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static int perr(char *err, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int perr(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;

	if (err && n) {
		va_start(ap, fmt);
		vsnprintf(err, n, fmt, ap);
		va_end(ap);
	}
	return DVR_E_FIRMWARE;
}

int dvr_fw3081_parse(const uint8_t *img, size_t size, uint16_t signature,
                     struct dvr_fw3081_hdr *h, char *err, size_t err_len)
{
	if (!img || !h || size < DVR_FW3081_HDR_LEN)
		return perr(err, err_len, "firmware image too short (%zu bytes) "
		            "for its %u-byte header", size, DVR_FW3081_HDR_LEN);
	memset(h, 0, sizeof *h);
	h->signature = le16(img);
	h->category = img[2];
	h->function = img[3];
	h->version = le16(img + 4);
	h->subversion = img[6];
	h->subindex = img[7];
	h->features = le32(img + 0x0C);
	h->month = img[0x10];
	h->day = img[0x11];
	h->hour = img[0x12];
	h->minute = img[0x13];
	h->year = le16(img + 0x14);
	h->mem_usage = img[0x18];
	h->h2c_version = le16(img + 0x1C);

	if (h->signature != signature)
		return perr(err, err_len, "firmware signature 0x%04x is not "
		            "this chip's (0x%04x): wrong or corrupt file",
		            h->signature, signature);
	if (h->category != 0 || h->function != 0)
		return perr(err, err_len, "firmware category %u / function %u "
		            "is not a normal (NIC) image", h->category,
		            h->function);
	if (h->version == 0)
		return perr(err, err_len, "firmware version 0 in the header: "
		            "corrupt file");

	/* Header fields: DMEM address/size at 0x20/0x24, IMEM size 0x30,
	 * EMEM size 0x34 (valid with mem_usage bit 4), EMEM address 0x38,
	 * IMEM address 0x3C (rtw88 fw.h struct rtw_fw_hdr). */
	const uint32_t addr[3] = { le32(img + 0x20), le32(img + 0x3C),
	                           le32(img + 0x38) };
	const uint32_t len[3] = { le32(img + 0x24), le32(img + 0x30),
	                          (h->mem_usage & 0x10) ? le32(img + 0x34) : 0 };
	static const char *const name[3] = { "DMEM", "IMEM", "EMEM" };
	h->n_segs = len[2] ? 3 : 2;
	/* 64-bit sums: a corrupt size must not wrap to the file length. */
	uint64_t off = DVR_FW3081_HDR_LEN;
	for (unsigned i = 0; i < h->n_segs; i++) {
		if (len[i] == 0)
			return perr(err, err_len, "firmware %s segment is "
			            "empty: corrupt header", name[i]);
		if (!(addr[i] & 0x80000000u))
			return perr(err, err_len, "firmware %s load address "
			            "0x%08x is outside the CPU's space: corrupt "
			            "header", name[i], (unsigned)addr[i]);
		uint64_t seg = (uint64_t)len[i] + DVR_FW3081_SEG_CHKSUM_LEN;
		if (seg > DDMA_LEN_MASK * 64u)
			return perr(err, err_len, "firmware %s segment of %u "
			            "bytes is larger than any chip memory",
			            name[i], (unsigned)len[i]);
		h->seg[i].dst = addr[i] & ~0x80000000u;
		h->seg[i].offset = (size_t)off;
		h->seg[i].len = (size_t)seg;
		off += seg;
	}
	if (off != size)
		return perr(err, err_len, "firmware header describes %llu bytes "
		            "but the file has %zu: truncated or corrupt",
		            (unsigned long long)off, size);
	return DVR_OK;
}

/* ---- download ---- */

static int poll32(struct dvr_io *io, uint16_t reg, uint32_t mask,
                  uint32_t want, const struct dvr_fw3081_cfg *cfg)
{
	return dvr_poll32(io, reg, mask, want, cfg->poll_tries, cfg->poll_us);
}

/* LTE-coex indirect register access (rtw88 util.c ltecoex_read_reg,
 * ltecoex_reg_write): wait for the port to be ready, then one command. */
static int ltecoex_read(struct dvr_io *io, const struct dvr_fw3081_cfg *cfg,
                        uint32_t *v)
{
	int st = poll32(io, REG_LTECOEX_CTRL, LTECOEX_READY, LTECOEX_READY,
	                cfg);
	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_CTRL, 0x800F0000u | LTECOEX_REG);
	*v = dvr_r32(io, REG_LTECOEX_RDATA);
	return dvr_io_status(io);
}

static int ltecoex_write(struct dvr_io *io, const struct dvr_fw3081_cfg *cfg,
                         uint32_t v)
{
	int st = poll32(io, REG_LTECOEX_CTRL, LTECOEX_READY, LTECOEX_READY,
	                cfg);
	if (st != DVR_OK)
		return st;
	dvr_w32(io, REG_LTECOEX_WDATA, v);
	dvr_w32(io, REG_LTECOEX_CTRL, 0xC00F0000u | LTECOEX_REG);
	return dvr_io_status(io);
}

struct backup {
	uint8_t pq_map_hi, cr, bcn_ctrl;
	uint16_t hq_pages;
	uint32_t rqpn2;
};

/* The download uses only the HIGH queue and the TX DMA: map HIQ there,
 * stop everything else, give HIQ all pages, keep beacons from firing
 * (rtw88 mac.c download_firmware_reg_backup). */
static void regs_override(struct dvr_io *io, struct backup *b)
{
	b->pq_map_hi = dvr_r8(io, REG_TXDMA_PQ_MAP_HI);
	dvr_w8(io, REG_TXDMA_PQ_MAP_HI, DMA_HIGH_HIQ);
	b->cr = dvr_r8(io, REG_CR);
	dvr_w8(io, REG_CR, CR_DLFW);
	dvr_w32(io, REG_H2CQ_CSR, H2CQ_FULL);
	b->hq_pages = dvr_r16(io, REG_FIFOPAGE_INFO_1);
	b->rqpn2 = dvr_r32(io, REG_RQPN_CTRL_2) | LD_RQPN;
	dvr_w16(io, REG_FIFOPAGE_INFO_1, 0x200);
	dvr_w32(io, REG_RQPN_CTRL_2, b->rqpn2);
	b->bcn_ctrl = dvr_r8(io, REG_BCN_CTRL);
	dvr_w8(io, REG_BCN_CTRL,
	       (uint8_t)((b->bcn_ctrl & ~EN_BCN_FUNCTION) | DIS_TSF_UDT));
}

static void regs_restore(struct dvr_io *io, const struct backup *b)
{
	dvr_w8(io, REG_TXDMA_PQ_MAP_HI, b->pq_map_hi);
	dvr_w8(io, REG_CR, b->cr);
	dvr_w32(io, REG_H2CQ_CSR, H2CQ_FULL);
	dvr_w16(io, REG_FIFOPAGE_INFO_1, b->hq_pages);
	dvr_w32(io, REG_RQPN_CTRL_2, b->rqpn2);
	dvr_w8(io, REG_BCN_CTRL, b->bcn_ctrl);
}

/* One chunk into reserved page 0 through the HIGH bulk OUT; the chip
 * sets BCN_VALID once the packet is in the page (rtw88 fw.c
 * rtw_fw_write_data_rsvd_page). */
static int send_chunk(struct dvr_chip *chip, const struct dvr_fw3081_cfg *cfg,
                      const uint8_t *data, size_t len, uint8_t *buf)
{
	struct dvr_io *io = chip->io;
	size_t send = len;

	/* A transfer that is an exact multiple of 512 bytes would need a
	 * zero-length packet to end it; rtw88 (mac.c send_firmware_pkt)
	 * announces and sends one extra byte instead. */
	if ((cfg->desc_len + send) % 512 == 0)
		send++;
	memcpy(buf + cfg->desc_len, data, len);
	if (send > len)
		buf[cfg->desc_len + len] = 0;
	cfg->rsvd_page_desc(chip, buf, send);

	dvr_w16(io, REG_FIFOPAGE_CTRL_2, BCN_VALID);   /* head = page 0 */
	uint8_t cr_hi = dvr_r8(io, REG_CR_HI);
	dvr_w8(io, REG_CR_HI, (uint8_t)(cr_hi | ENSWBCN));
	uint8_t bcn = dvr_r8(io, REG_BCN_CTRL);
	dvr_w8(io, REG_BCN_CTRL,
	       (uint8_t)((bcn & ~EN_BCN_FUNCTION) | DIS_TSF_UDT));
	int st = dvr_io_status(io);
	if (st == DVR_OK) {
		int r = dvr_io_bulk_out_sync(io, cfg->out_index, buf,
		                             cfg->desc_len + send,
		                             cfg->bulk_timeout_ms);
		st = r < 0 ? r : DVR_OK;
	}
	if (st == DVR_OK) {
		st = dvr_poll32(io, REG_FIFOPAGE_CTRL_2, BCN_VALID, BCN_VALID,
		                cfg->poll_tries, cfg->poll_us);
		if (st == DVR_E_CHIP)
			st = dvr_chip_fail(chip, DVR_E_FIRMWARE,
			                   "firmware chunk never reached the "
			                   "reserved page (0x204 bit 15 stays 0)");
	}
	int keep = dvr_io_status(io);
	if (keep == DVR_OK) {
		dvr_w16(io, REG_FIFOPAGE_CTRL_2,
		        (uint16_t)((cfg->rsvd_boundary & 0xFFF) | BCN_VALID));
		dvr_w8(io, REG_BCN_CTRL, bcn);
		dvr_w8(io, REG_CR_HI, cr_hi);
	}
	return st != DVR_OK ? st : dvr_io_status(io);
}

/* Copy a chunk from the TX buffer (behind its descriptor) to CPU memory;
 * the checksum accumulates over the chunks of one segment (rtw88 mac.c
 * iddma_download_firmware). */
static int ddma_chunk(struct dvr_chip *chip, const struct dvr_fw3081_cfg *cfg,
                      uint32_t dst, size_t len, bool first)
{
	struct dvr_io *io = chip->io;
	uint32_t ctrl = DDMA_OWN | DDMA_CHKSUM_EN |
	                ((uint32_t)len & DDMA_LEN_MASK);

	if (!first)
		ctrl |= DDMA_CHKSUM_CONT;
	int st = poll32(io, REG_DDMA_CH0CTRL, DDMA_OWN, 0, cfg);
	if (st == DVR_OK) {
		dvr_w32(io, REG_DDMA_CH0SA, OCP_TXBUF + (uint32_t)cfg->desc_len);
		dvr_w32(io, REG_DDMA_CH0DA, dst);
		dvr_w32(io, REG_DDMA_CH0CTRL, ctrl);
		st = poll32(io, REG_DDMA_CH0CTRL, DDMA_OWN, 0, cfg);
	}
	if (st == DVR_E_CHIP)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE, "firmware DDMA to "
		                     "0x%08x never finished (0x1208 OWN stays "
		                     "set)", (unsigned)dst);
	return st;
}

static int download_segment(struct dvr_chip *chip,
                            const struct dvr_fw3081_cfg *cfg,
                            const uint8_t *data,
                            const struct dvr_fw3081_seg *seg,
                            const char *name, uint8_t *buf)
{
	struct dvr_io *io = chip->io;
	int st;

	/* Read-modify-write: D found a plain write wedges the engine. */
	dvr_set32(io, REG_DDMA_CH0CTRL, DDMA_RESET_CHKSUM);
	for (size_t done = 0; done < seg->len;) {
		size_t n = seg->len - done;
		if (n > DVR_FW3081_CHUNK)
			n = DVR_FW3081_CHUNK;
		if ((st = send_chunk(chip, cfg, data + done, n, buf)) != DVR_OK)
			return st;
		st = ddma_chunk(chip, cfg, seg->dst + (uint32_t)done, n,
		                done == 0);
		if (st != DVR_OK)
			return st;
		done += n;
	}
	/* The chip verified the segment's 8 checksum bytes (rtw88 mac.c
	 * check_fw_checksum): mark it downloaded, and good if it was. */
	bool imem = seg->dst < OCP_DMEM;
	uint8_t fw = dvr_r8(io, REG_MCUFW_CTRL);
	bool bad = dvr_r32(io, REG_DDMA_CH0CTRL) & DDMA_CHKSUM_STS;
	if ((st = dvr_io_status(io)) != DVR_OK)
		return st;
	if (imem)
		fw = (uint8_t)((fw | IMEM_DW_OK) &
		               ~(bad ? IMEM_CHKSUM_OK : 0));
	else
		fw = (uint8_t)((fw | DMEM_DW_OK) &
		               ~(bad ? DMEM_CHKSUM_OK : 0));
	if (!bad)
		fw |= imem ? IMEM_CHKSUM_OK : DMEM_CHKSUM_OK;
	dvr_w8(io, REG_MCUFW_CTRL, fw);
	if (bad)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE, "the chip refused "
		                     "the firmware %s segment checksum "
		                     "(0x1208 bit 27): corrupt image", name);
	return dvr_io_status(io);
}

static void cpu_enable(struct dvr_io *io, bool on)
{
	if (on) {
		dvr_set8(io, REG_RSV_CTRL_HI, WLMCU_IOIF);
		dvr_set8(io, REG_SYS_FUNC_EN_HI, FEN_CPUEN);
	} else {
		dvr_clr8(io, REG_SYS_FUNC_EN_HI, FEN_CPUEN);
		dvr_clr8(io, REG_RSV_CTRL_HI, WLMCU_IOIF);
	}
}

static int run_download(struct dvr_chip *chip, const struct dvr_fw3081_cfg *cfg,
                        const uint8_t *img, const struct dvr_fw3081_hdr *h,
                        uint8_t *buf)
{
	static const char *const name[3] = { "DMEM", "IMEM", "EMEM" };
	struct dvr_io *io = chip->io;
	struct backup b;
	uint32_t coex = 0;
	int st;

	if (cfg->ltecoex && (st = ltecoex_read(io, cfg, &coex)) != DVR_OK)
		return st == DVR_E_CHIP ?
		       dvr_chip_fail(chip, DVR_E_CHIP, "LTE-coex port (0x1700 "
		                     "bit 29) never ready before the firmware "
		                     "download") : st;
	cpu_enable(io, false);
	regs_override(io, &b);
	/* Platform reset (rtw88 mac.c download_firmware_reset_platform). */
	dvr_clr8(io, REG_CPU_DMEM_CON_B2, WL_PLATFORM_RST);
	dvr_clr8(io, REG_SYS_CLK_CTRL_HI, CPU_CLK_EN);
	dvr_set8(io, REG_CPU_DMEM_CON_B2, WL_PLATFORM_RST);
	dvr_set8(io, REG_SYS_CLK_CTRL_HI, CPU_CLK_EN);
	dvr_w16(io, REG_MCUFW_CTRL, (uint16_t)((dvr_r16(io, REG_MCUFW_CTRL) &
	                                        MCUFW_KEEP) | MCUFWDL_EN));
	if ((st = dvr_io_status(io)) != DVR_OK)
		return st;
	for (unsigned i = 0; i < h->n_segs; i++) {
		st = download_segment(chip, cfg, img + h->seg[i].offset,
		                      &h->seg[i], name[i], buf);
		if (st != DVR_OK)
			return st;
	}
	regs_restore(io, &b);
	/* End flow (rtw88 mac.c download_firmware_end_flow). */
	dvr_w32(io, REG_TXDMA_STATUS, PAGE_OVF);
	uint16_t fw = dvr_r16(io, REG_MCUFW_CTRL);
	if ((fw & CHECKSUM_OK_ALL) == CHECKSUM_OK_ALL)
		dvr_w16(io, REG_MCUFW_CTRL,
		        (uint16_t)((fw | FW_DW_RDY) & ~MCUFWDL_EN));
	cpu_enable(io, true);
	if (cfg->ltecoex && (st = ltecoex_write(io, cfg, coex)) != DVR_OK)
		return st == DVR_E_CHIP ?
		       dvr_chip_fail(chip, DVR_E_CHIP, "LTE-coex port never "
		                     "ready after the firmware download") : st;
	st = poll32(io, REG_MCUFW_CTRL, FW_READY_MASK, FW_READY, cfg);
	if (st == DVR_E_CHIP) {
		uint32_t key = dvr_r32(io, REG_FW_DBG7) & 0xFFFFFF00u;
		return dvr_chip_fail(chip, DVR_E_FIRMWARE,
		                     "firmware never became ready (0x80 = 0x%04x, "
		                     "want 0x%04x)%s", dvr_r16(io, REG_MCUFW_CTRL),
		                     FW_READY, key == ILLEGAL_KEY ?
		                     ": the chip rejected the image key" : "");
	}
	return st;
}

int dvr_fw3081_download(struct dvr_chip *chip, const struct dvr_firmware *fw,
                        const struct dvr_fw3081_cfg *cfg)
{
	struct dvr_fw3081_hdr h;
	uint8_t buf[DVR_FW3081_MAX_DESC + DVR_FW3081_CHUNK + 1];

	if (!chip || !cfg || !cfg->rsvd_page_desc ||
	    cfg->desc_len > DVR_FW3081_MAX_DESC || !cfg->poll_tries)
		return DVR_E_INVALID;
	if (!fw || !fw->data)
		return dvr_chip_fail(chip, DVR_E_FIRMWARE, "no firmware image");
	int st = dvr_fw3081_parse(fw->data, fw->size, cfg->signature, &h,
	                          chip->error, sizeof chip->error);
	if (st != DVR_OK)
		return st;
	st = run_download(chip, cfg, fw->data, &h, buf);
	if (st != DVR_OK) {
		/* Leave the CPU stopped with the download disabled (rtw88
		 * dlfw_fail), unless the bus itself is gone. */
		if (dvr_io_status(chip->io) == DVR_OK) {
			dvr_clr8(chip->io, REG_MCUFW_CTRL, MCUFWDL_EN);
			dvr_set8(chip->io, REG_SYS_FUNC_EN_HI, FEN_CPUEN);
		} else if (st != dvr_io_status(chip->io)) {
			st = dvr_io_status(chip->io);
		}
		if (st != DVR_E_FIRMWARE && st != DVR_E_CHIP)
			dvr_chip_fail(chip, st, "USB error during the firmware "
			              "download");
	}
	return st;
}

int dvr_fw3081_download_chip(struct dvr_chip *chip,
                             const struct dvr_firmware *fw)
{
	const struct dvr_fw3081_spec *spec = chip->info->fw_3081;

	if (!spec || !spec->rsvd_boundary)
		return dvr_chip_fail(chip, DVR_E_INVALID, "%s names the 3081 "
		                     "firmware path but no spec for it",
		                     chip->info->name);
	struct dvr_fw3081_cfg cfg = spec->cfg;
	int st = spec->rsvd_boundary(chip, &cfg.rsvd_boundary);
	if (st != DVR_OK)
		return st;
	return dvr_fw3081_download(chip, fw, &cfg);
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * 3081-CPU firmware (hal/common/fw_3081): header parse and checks against
 * the real rtw8822c_fw.bin and corrupted copies, and the download protocol
 * against a fake register file that behaves like the chip at the points
 * the loader waits on: a bulk OUT into the reserved page sets BCN_VALID,
 * a DDMA start clears OWN (optionally reporting a bad checksum), and the
 * CPU, once enabled after a complete download, reports FW_READY.
 */
#include <stdlib.h>

#include "../check.h"
#include "fake_regs.h"
#include "hal/common/fw_3081.h"
#include "hal/jaguar3/jaguar3.h"
#include "hal/rtl8822c/rtl8822c.h"

struct dma {
	uint32_t src, dst, ctrl;
};

struct sim {
	bool boot;             /* CPU reports ready when enabled */
	bool bad_checksum;     /* DDMA reports a checksum error */
	bool fail_bulk;
	unsigned n_bulk, n_dma;
	size_t bulk_len[128];
	size_t bulk_payload[128];
	bool bulk_desc_ok[128];
	struct dma dma[128];
	const uint8_t *img;    /* expected payload source */
	size_t img_off;        /* next expected image byte */
	bool payload_ok;
};

static struct fake_regs fr;
static struct sim sim;

static int sim_bulk(struct dvr_transport *t, unsigned out_idx,
                    const uint8_t *buf, size_t len, unsigned timeout_ms)
{
	(void)t;
	(void)timeout_ms;
	if (sim.fail_bulk || out_idx != 0)
		return DVR_E_IO;
	if (sim.n_bulk < 128) {
		size_t pl = (size_t)(buf[0] | buf[1] << 8);
		sim.bulk_len[sim.n_bulk] = len;
		sim.bulk_payload[sim.n_bulk] = pl;
		sim.bulk_desc_ok[sim.n_bulk] =
			halmac_txdesc_checksum(&rtl8822c_halmac, buf) ==
				(buf[28] | buf[29] << 8) &&
			buf[2] == 48 && ((buf[5] & 0x1F) == 0x10);
		sim.n_bulk++;
	}
	fr.mem[0x205] |= 0x80;      /* BCN_VALID: packet in the page */
	return (int)len;
}

static void on_write(struct fake_regs *f, uint16_t addr, const uint8_t *b,
                     uint16_t len, const uint8_t *old)
{
	(void)b;
	(void)old;
	if (fake_hits(addr, len, 0x120B) && (f->mem[0x120B] & 0x80)) {
		if (sim.n_dma < 128)
			sim.dma[sim.n_dma++] = (struct dma){ fake_r32(f, 0x1200),
			                                     fake_r32(f, 0x1204),
			                                     fake_r32(f, 0x1208) };
		f->mem[0x120B] &= 0x7F;            /* OWN: done */
		if (sim.bad_checksum)
			f->mem[0x120B] |= 0x08;    /* CHKSUM_STS */
	}
	if (fake_hits(addr, len, 0x1703))
		f->mem[0x1703] |= 0x20;            /* port stays ready */
	if (fake_hits(addr, len, 0x120B) && (f->mem[0x120B] & 0x02))
		f->mem[0x120B] &= (uint8_t)~0x0A;  /* reset checksum status */
	if (fake_hits(addr, len, 0x0003) && (f->mem[0x03] & 0x04) &&
	    sim.boot && (f->mem[0x81] & 0x40)) {
		f->mem[0x80] = 0x78;               /* FW_READY */
		f->mem[0x81] = 0xC0;
	}
}

static const struct dvr_transport_ops sim_ops = {
	.name = "fake+bulk",
	.ctrl_in = fake_ctrl_in,
	.ctrl_out = fake_ctrl_out,
	.bulk_out_sync = sim_bulk,
};

static void rsvd_desc(const struct dvr_chip *chip, uint8_t *d, size_t len)
{
	(void)chip;
	halmac_fw_pkt_desc(&rtl8822c_halmac, d, len, HALMAC_QSEL_BEACON);
}

static const struct dvr_fw3081_cfg cfg = {
	.signature = 0x8822, .desc_len = 48, .rsvd_page_desc = rsvd_desc,
	.out_index = 0, .rsvd_boundary = 1938, .ltecoex = true,
	.poll_tries = 100, .poll_us = 1, .bulk_timeout_ms = 100,
};

static void reset(struct dvr_io *io, struct dvr_chip *chip)
{
	fake_init(&fr, io);
	fr.t.ops = &sim_ops;
	fr.on_write = on_write;
	fr.mem[0x1703] = 0x20;      /* LTE-coex port ready */
	memset(&sim, 0, sizeof sim);
	sim.boot = true;
	*chip = (struct dvr_chip){ .info = &rtl8822c_info, .io = io,
	                           .n_out = 2 };
}

static uint8_t *load(size_t *size)
{
	const char *dir = check_firmware_dir();
	char path[1200];
	if (!dir)
		return NULL;
	snprintf(path, sizeof path, "%s/rtw8822c_fw.bin", dir);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	uint8_t *buf = malloc(300000);
	*size = buf ? fread(buf, 1, 300000, f) : 0;
	fclose(f);
	return buf;
}

/* A small valid image: DMEM 456 + 8 (48 + 464 = 512, the case that needs
 * one extra byte), IMEM 100 + 8, no EMEM. */
static size_t synth(uint8_t *img)
{
	memset(img, 0, 64);
	img[0] = 0x22; img[1] = 0x88; img[4] = 1;
	uint32_t v[][2] = { { 0x20, 0x80200000u }, { 0x24, 456 },
	                    { 0x30, 100 }, { 0x3C, 0x80030000u } };
	for (unsigned i = 0; i < 4; i++)
		for (unsigned b = 0; b < 4; b++)
			img[v[i][0] + b] = (uint8_t)(v[i][1] >> (8 * b));
	for (size_t i = 64; i < 64 + 464 + 108; i++)
		img[i] = (uint8_t)(i * 7);
	return 64 + 464 + 108;
}

int main(void)
{
	struct dvr_fw3081_hdr h;
	char err[256];
	size_t size = 0;
	uint8_t *img = load(&size);

	if (!img)
		CHECK_SKIP("rtw8822c_fw.bin not found (DEVOURER_TEST_FIRMWARE_DIR)");
	CHECK_EQ_INT(size, 202600, "real image size");

	/* Header of the real image. */
	int st = dvr_fw3081_parse(img, size, 0x8822, &h, err, sizeof err);
	CHECK_EQ_INT(st, DVR_OK, "real image parses");
	CHECK(h.version == 9 && h.subversion == 9 && h.subindex == 15,
	      "version 9.9.15");
	CHECK_EQ_INT(h.year, 2023, "year 2023");
	CHECK_EQ_INT(h.n_segs, 3, "DMEM, IMEM and EMEM");
	CHECK(h.seg[0].dst == 0x200000 && h.seg[0].len == 19328 + 8 &&
	      h.seg[0].offset == 64, "DMEM segment");
	CHECK(h.seg[1].dst == 0x30000 && h.seg[1].len == 54064 + 8,
	      "IMEM segment");
	CHECK(h.seg[2].dst == 0x100000 && h.seg[2].len == 129120 + 8 &&
	      h.seg[2].offset + h.seg[2].len == size, "EMEM segment");

	/* Bad images. */
	st = dvr_fw3081_parse(img, size - 1, 0x8822, &h, err, sizeof err);
	CHECK(st == DVR_E_FIRMWARE && strstr(err, "truncated"),
	      "one byte short: truncated");
	st = dvr_fw3081_parse(img, 40, 0x8822, &h, err, sizeof err);
	CHECK(st == DVR_E_FIRMWARE && strstr(err, "too short"),
	      "shorter than the header");
	st = dvr_fw3081_parse(img, size, 0x8821, &h, err, sizeof err);
	CHECK(st == DVR_E_FIRMWARE && strstr(err, "signature"),
	      "another chip's signature");
	uint8_t *bad = malloc(size);
	memcpy(bad, img, size);
	bad[2] = 1;
	st = dvr_fw3081_parse(bad, size, 0x8822, &h, err, sizeof err);
	CHECK(st == DVR_E_FIRMWARE && strstr(err, "category"),
	      "non-NIC category refused");
	memcpy(bad, img, size);
	bad[0x27] = 0xFF;           /* DMEM size near 4 GiB */
	st = dvr_fw3081_parse(bad, size, 0x8822, &h, err, sizeof err);
	CHECK_EQ_INT(st, DVR_E_FIRMWARE, "absurd DMEM size refused");
	memcpy(bad, img, size);
	bad[0x23] = 0x00;           /* DMEM address without bit 31 */
	st = dvr_fw3081_parse(bad, size, 0x8822, &h, err, sizeof err);
	CHECK(st == DVR_E_FIRMWARE && strstr(err, "address"),
	      "load address outside the CPU space refused");

	/* Download of the real image. */
	dvr_fw3081_parse(img, size, 0x8822, &h, err, sizeof err);
	struct dvr_io io;
	struct dvr_chip chip;
	struct dvr_firmware fw = { .data = img, .size = size };
	reset(&io, &chip);
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK_EQ_INT(st, DVR_OK, "download succeeds");
	if (st != DVR_OK)
		printf("# %s\n", chip.error);
	/* 5 + 14 + 32 chunks of at most 4096 bytes. */
	CHECK_EQ_INT(sim.n_bulk, 5 + 14 + 32, "one bulk OUT per chunk");
	CHECK_EQ_INT(sim.n_dma, sim.n_bulk, "one DDMA per chunk");
	bool desc_ok = true, chunk_ok = true, dma_ok = true;
	size_t seg_done[3] = { 0 };
	unsigned s = 0;
	for (unsigned i = 0; i < sim.n_dma; i++) {
		desc_ok &= sim.bulk_desc_ok[i];
		chunk_ok &= sim.bulk_payload[i] <= 4096 &&
		            sim.bulk_len[i] == 48 + sim.bulk_payload[i];
		const struct dma *d = &sim.dma[i];
		if (s < 2 && seg_done[s] == h.seg[s].len)
			s++;
		bool first = seg_done[s] == 0;
		dma_ok &= d->src == 0x18780000u + 48;
		dma_ok &= d->dst == h.seg[s].dst + seg_done[s];
		dma_ok &= ((d->ctrl >> 24) & 1) == !first;     /* CONT */
		dma_ok &= (d->ctrl & (1u << 29)) != 0;        /* CHKSUM_EN */
		seg_done[s] += d->ctrl & 0x3FFFF;
		if (!dma_ok) {
			printf("# chunk %u: src 0x%x dst 0x%x ctrl 0x%x (seg %u "
			       "done %zu)\n", i, (unsigned)d->src,
			       (unsigned)d->dst, (unsigned)d->ctrl, s,
			       seg_done[s]);
			break;
		}
	}
	CHECK(desc_ok, "every chunk descriptor: QSEL BEACON, OFFSET 48, "
	      "valid checksum");
	CHECK(chunk_ok, "chunks <= 4096 bytes behind a 48-byte descriptor");
	CHECK(dma_ok, "DDMA source, destinations and checksum-continue");
	CHECK(seg_done[0] == h.seg[0].len && seg_done[1] == h.seg[1].len &&
	      seg_done[2] == h.seg[2].len, "every segment byte copied");
	CHECK_EQ_HEX(fr.mem[0x80] | fr.mem[0x81] << 8, 0xC078,
	             "firmware ready");
	CHECK_EQ_HEX(fr.mem[0x204] | fr.mem[0x205] << 8, 0x8000 | 1938,
	             "reserved-page head restored to the boundary");
	CHECK(fr.mem[0x03] & 0x04, "CPU enabled");

	/* The chip refuses a segment checksum. */
	reset(&io, &chip);
	sim.bad_checksum = true;
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK(st == DVR_E_FIRMWARE && strstr(chip.error, "DMEM"),
	      "bad checksum: DVR_E_FIRMWARE naming the segment");
	CHECK_EQ_INT(sim.n_bulk, 5, "nothing sent after the refused segment");
	CHECK(!(fr.mem[0x80] & 0x01), "download disabled after the failure");

	/* Firmware never ready. */
	reset(&io, &chip);
	sim.boot = false;
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK(st == DVR_E_FIRMWARE && strstr(chip.error, "never became ready"),
	      "no boot handshake: DVR_E_FIRMWARE");

	/* Bus error on a bulk OUT. */
	reset(&io, &chip);
	sim.fail_bulk = true;
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK_EQ_INT(st, DVR_E_IO, "bulk OUT error returned as such");

	/* Corrupt image: nothing touches the chip. */
	reset(&io, &chip);
	fw.size = size - 3;
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK(st == DVR_E_FIRMWARE && strstr(chip.error, "truncated"),
	      "truncated file refused with a message");
	CHECK_EQ_INT(fr.writes, 0, "no register written for a bad image");

	/* A chunk of 48 + 464 = 512 bytes goes out with one extra byte. */
	uint8_t small[64 + 464 + 108];
	size_t n = synth(small);
	fw = (struct dvr_firmware){ .data = small, .size = n };
	reset(&io, &chip);
	st = dvr_fw3081_download(&chip, &fw, &cfg);
	CHECK_EQ_INT(st, DVR_OK, "small image downloads");
	CHECK(sim.bulk_len[0] == 48 + 465 && sim.bulk_payload[0] == 465,
	      "512-byte transfer avoided: one byte more, announced");
	CHECK_EQ_INT(sim.dma[0].ctrl & 0x3FFFF, 464,
	             "DDMA still copies the real segment length");

	/* Through the chip op: FIFO boundary and the info H2Cs. */
	fw = (struct dvr_firmware){ .data = img, .size = size };
	reset(&io, &chip);
	st = rtl8822c_info.ops->download_firmware(&chip, &fw);
	CHECK_EQ_INT(st, DVR_OK, "8822C op downloads");
	/* The information H2Cs wait for the MAC's TX DMA (rtw88 main.c
	 * rtw_power_on sends them after rtw_mac_init): phy_init sends
	 * them, not the download. */
	CHECK_EQ_INT(sim.n_bulk, 51, "no H2C packet before the MAC is up");
	st = halmac_fw_send_info(&chip);
	CHECK_EQ_INT(st, DVR_OK, "info H2Cs sent");
	CHECK_EQ_INT(sim.n_bulk, 51 + 2, "GENERAL_INFO and PHYDM_INFO");
	free(bad);
	free(img);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Writes the RX walker fuzz seeds: real bulk IN transfers of the chip
 * model. Two virtual adapters of one chip share a private air; the first
 * sends frames at legacy, HT and VHT rates and several sizes, the
 * second's bulk IN endpoint is read as the USB host would (no RX ring of
 * the driver's own) and every transfer is written to OUTDIR/agg-NN.bin.
 *
 *   gen_rx_seeds CHIP OUTDIR
 *
 * CHIP: 8812a, 8822b, 8821c, 8822c or 8822e; needs DEVOURER_FIRMWARE_DIR. A
 * vector the chip cannot send (two streams on a one-stream chip) is
 * skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>
#include <devourer/radiotap.h>

#include "libdevourer/virtual/vchip.h"

static void die(const char *what, int st)
{
	fprintf(stderr, "gen_rx_seeds: %s: %s\n", what, dvr_strerror(st));
	exit(1);
}

static dvr_device *open_started(const char *sel, bool rx)
{
	struct dvr_config cfg = { .tx_mode = DVR_TX_SYNC, .enable_rx = rx };
	dvr_device *dev;
	int st = dvr_open(sel, &cfg, &dev);
	if (st != DVR_OK)
		die(sel, st);
	struct dvr_channel ch = { .channel = 36, .bw_mhz = 80 };
	if ((st = dvr_start(dev, &ch)) != DVR_OK)
		die(dvr_last_error(dev), st);
	return dev;
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	char sel_tx[96], sel_rx[96];
	snprintf(sel_tx, sizeof sel_tx, "virtual:seedtx%s,chip=%s,seed=1",
	         argv[1], argv[1]);
	snprintf(sel_rx, sizeof sel_rx, "virtual:seedrx%s,chip=%s,seed=2",
	         argv[1], argv[1]);
	dvr_device *rx = open_started(sel_rx, false);
	dvr_device *tx = open_started(sel_tx, false);
	char name[64];
	snprintf(name, sizeof name, "seedrx%s", argv[1]);
	struct vchip *vc = vchip_find(name);
	if (!vc)
		die("vchip_find", DVR_E_NOT_FOUND);
	struct vchip_usb_desc desc;
	vchip_usb_desc(vc, &desc);

	static const struct dvr_tx_params vec[] = {
		{ .rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 12 },
		  .bw_mhz = 20, .no_ack = true },
		{ .rate = { .kind = DVR_RATE_LEGACY, .legacy_500k = 108 },
		  .bw_mhz = 20, .no_ack = true },
		{ .rate = { .kind = DVR_RATE_HT, .mcs = 1, .nss = 1 },
		  .bw_mhz = 20, .short_gi = true, .no_ack = true },
		{ .rate = { .kind = DVR_RATE_HT, .mcs = 9, .nss = 2 },
		  .bw_mhz = 40, .ldpc = true, .no_ack = true },
		{ .rate = { .kind = DVR_RATE_VHT, .mcs = 7, .nss = 2 },
		  .bw_mhz = 80, .ldpc = true, .no_ack = true },
		{ .rate = { .kind = DVR_RATE_VHT, .mcs = 0, .nss = 1 },
		  .bw_mhz = 80, .stbc = 1, .no_ack = true },
	};
	static const size_t sizes[] = { 30, 200, 1500 };
	static uint8_t frame[4096], buf[65536];
	unsigned written = 0;
	for (size_t v = 0; v < sizeof vec / sizeof vec[0]; v++) {
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
			size_t rt = dvr_radiotap_build_tx(&vec[v], frame, 64);
			memset(frame + rt, 0, 24);
			frame[rt] = 0x08;                 /* data */
			memset(frame + rt + 4, 0xFF, 6);  /* broadcast */
			frame[rt + 10] = 0x02;
			frame[rt + 16] = 0x02;
			for (size_t i = 24; i < sizes[s]; i++)
				frame[rt + i] = (uint8_t)(i + v);
			/* Two frames: the model may aggregate them. */
			int st = DVR_OK;
			for (int k = 0; k < 2 && st == DVR_OK; k++)
				st = dvr_send(tx, frame, rt + sizes[s]);
			if (st == DVR_E_UNSUPPORTED)
				continue;
			if (st != DVR_OK)
				die("dvr_send", st);
			for (int tries = 0; tries < 50; tries++) {
				int r = vchip_bulk_in(vc, desc.in_ep, buf,
				                      sizeof buf, 20);
				if (r <= 0)
					continue;
				char path[512];
				snprintf(path, sizeof path, "%s/agg-%02u.bin",
				         argv[2], written++);
				FILE *f = fopen(path, "wb");
				if (!f || fwrite(buf, 1, (size_t)r, f) != (size_t)r)
					die(path, DVR_E_IO);
				fclose(f);
				break;
			}
		}
	}
	dvr_close(tx);
	dvr_close(rx);
	printf("gen_rx_seeds: %u transfers\n", written);
	return written ? 0 : 1;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* TX descriptor strictness of the chip model, driven through bulk OUT
 * with hand-made descriptors. */
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static struct vchip_stats st(struct vchip *vc)
{
	struct vchip_stats s;
	vchip_get_stats(vc, &s);
	return s;
}

int main(void)
{
	const char *fwdir = check_firmware_dir();
	if (!fwdir)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	struct vchip_config cfg = {.name = "tx-test", .no_air = true};
	struct vchip *vc;
	CHECK_EQ_INT(vchip_create(&cfg, &vc), 0, "create");
	uint8_t f[1600], x[2048];
	size_t fl = vh_frame(f, 100, 1);

	/* DMA off: the endpoint NAKs */
	size_t n = vh_txframe(x, f, fl, 0x04, 0x12, 0);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, n, 20), -ETIMEDOUT,
	             "NAK while MAC is off");
	CHECK_EQ_INT(vh_power_on(vc), 0, "power on");
	vh_tune(vc, 6, 20, 0);
	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, n, 100), (int)n,
	             "taken without firmware");
	CHECK_EQ_INT(st(vc).tx_not_ready, 1, "but refused: no firmware");
	CHECK_EQ_INT(vh_firmware(vc, fwdir), 1, "firmware boots");
	vh_write(vc, 0x10C, 0xF5B0, 2);      /* 3-EP map, rtw8812a.c rqpn */
	vh_set8(vc, 0x20D, 0x02, 0);         /* DROP_DATA_EN */

	CHECK_EQ_INT(vchip_bulk_out(vc, 0x02, x, n, 100), (int)n, "good frame");
	x[50] ^= 0;
	uint8_t y[2048];
	memcpy(y, x, n);
	y[4] ^= 0x01; /* change a field without fixing the checksum */
	vchip_bulk_out(vc, 0x02, y, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_checksum, 1, "bad checksum dropped");

	vchip_bulk_out(vc, 0x04, x, n, 100); /* MGMT belongs to ep index 0 */
	CHECK_EQ_INT(st(vc).tx_bad_queue, 1, "MGMT on the LOW endpoint dropped");
	n = vh_txframe(x, f, fl, 0x04, 0x00, 0); /* BE -> LOW -> ep index 2 */
	vchip_bulk_out(vc, 0x04, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_queue, 1, "BE on the LOW endpoint taken");

	uint64_t bad = 0;
	n = vh_txframe(x, f, fl, 0x1C, 0x12, 0); /* HT MCS16: 3 streams */
	vchip_bulk_out(vc, 0x02, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "3-stream rate dropped");
	n = vh_txframe(x, f, fl, 0x54, 0x12, 0);
	vchip_bulk_out(vc, 0x02, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "rate code 0x54 dropped");
	n = vh_txframe(x, f, fl, 0x04, 0x12, 1); /* 40 MHz on a 20 MHz tune */
	vchip_bulk_out(vc, 0x02, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "BW above tuning dropped");
	n = vh_txframe(x, f, fl, 0x04, 0x12, 0);
	x[2] = 32; /* OFFSET 32 */
	vh_txdesc_csum(x);
	vchip_bulk_out(vc, 0x02, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "OFFSET != 40 dropped");
	n = vh_txframe(x, f, fl, 0x04, 0x12, 0);
	vchip_bulk_out(vc, 0x02, x, n - 10, 100); /* PKT_SIZE beyond transfer */
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "PKT_SIZE past transfer dropped");
	n = vh_txframe(x, f, 0, 0x04, 0x12, 0);
	vchip_bulk_out(vc, 0x02, x, 48, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "PKT_SIZE 0 dropped");
	n = vh_txframe(x, f, fl, 0x04, 0x12, 0);
	x[31] = 2; /* USB_TXAGG_NUM 2 while the desc number is 1 */
	vh_txdesc_csum(x);
	vchip_bulk_out(vc, 0x02, x, n, 100);
	CHECK_EQ_INT(st(vc).tx_bad_desc, ++bad, "aggregate beyond 0x208 dropped");

	/* FIFO full: 1 Mbit/s frames drain slowly, the endpoint NAKs */
	fl = vh_frame(f, 1500, 2);
	n = vh_txframe(x, f, fl, 0x00, 0x12, 0);
	int r = 0;
	for (int i = 0; i < 200 && r >= 0; i++)
		r = vchip_bulk_out(vc, 0x02, x, n, 5);
	CHECK_EQ_INT(r, -ETIMEDOUT, "NAK when the TX FIFO is full");
	CHECK(st(vc).tx_naks >= 1, "tx_naks counted");
	/* the FIFO drains on the model's TX thread at the frames' airtime:
	 * wait for it rather than for a time a loaded host may exceed */
	WAIT_UNTIL(st(vc).tx_aired >= 3, 20000);
	struct vchip_stats s = st(vc);
	CHECK(s.tx_aired >= 3, "accepted frames are aired");
	CHECK_EQ_INT(s.tx_bad_desc, bad, "no stray drops");
	vchip_destroy(vc); /* while the TX thread is mid-frame */
	return check_done();
}

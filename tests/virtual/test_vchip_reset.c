/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The RTL8812AU personality's reset values and straps: autoload status in
 * 9346CR (0x0A), EFUSE loader on from reset, chip id 0xFC, the USB2/USB3
 * strap in 0xFF at both speeds, the RX filter maps at MAC power-on — and
 * that the receive filter applies those maps as they are, to frames of
 * subtypes a driver never configured. */
#include "tests/check.h"
#include "tests/virtual/vhelp.h"

static char air[64];

static struct vchip *chip(const char *name, unsigned speed, bool on_air)
{
	struct vchip_config cfg = {.name = name, .speed_mbps = speed,
	                           .no_air = !on_air, .air_dir = air};
	struct vchip *vc = NULL;
	return vchip_create(&cfg, &vc) == 0 ? vc : NULL;
}

/* Frame-control bytes of the packets received until want or a quiet
 * 1.5 s (a bounded wait on the bulk IN condition, not a sleep). */
static unsigned receive(struct vchip *vc, uint8_t *fc, unsigned want)
{
	static uint8_t buf[32768];
	unsigned got = 0;
	while (got < want) {
		int r = vchip_bulk_in(vc, 0x81, buf, sizeof buf, 1500);
		if (r <= 0)
			break;
		size_t p = 0;
		while (p + 24 <= (size_t)r && got < want) {
			uint32_t dw0 = buf[p] | buf[p + 1] << 8 |
			               (uint32_t)buf[p + 2] << 16 |
			               (uint32_t)buf[p + 3] << 24;
			size_t drv = ((dw0 >> 16) & 0xF) * 8;
			size_t tot = 24 + drv + (dw0 & 0x3FFF);
			fc[got++] = buf[p + 24 + drv];
			p = (p + tot + 7) & ~(size_t)7;
		}
	}
	return got;
}

static bool seen(const uint8_t *fc, unsigned n, uint8_t want)
{
	for (unsigned i = 0; i < n; i++)
		if (fc[i] == want)
			return true;
	return false;
}

static void send(struct vchip *tx, const uint8_t *fcs, unsigned n)
{
	uint8_t f[200], x[300];
	for (unsigned i = 0; i < n; i++) {
		vh_frame(f, sizeof f, (uint8_t)i);
		f[0] = fcs[i];
		size_t l = vh_txframe(x, f, sizeof f, 0x04, 0x12, 0);
		CHECK_EQ_INT(vchip_bulk_out(tx, 0x02, x, l, 2000), (int)l,
		             "frame taken");
	}
}

int main(void)
{
	/* straps and autoload status, USB 2 */
	struct vchip *vc = chip("reset-hs", 480, false);
	if (!CHECK(vc != NULL, "create at 480 Mbit/s"))
		return check_done();
	CHECK_EQ_HEX(vh_read(vc, 0x0A, 1) & 0x30, 0x20,
	             "9346CR: autoload done (EEPROM_EN), boot from EFUSE");
	vh_w8(vc, 0x0A, 0x10);
	CHECK_EQ_HEX(vh_read(vc, 0x0A, 1) & 0x30, 0x20,
	             "autoload status bits are read-only");
	CHECK_EQ_HEX(vh_read(vc, 0xFC, 1), 0x04, "chip id 0x04 (8812A)");
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1) & 0x80, 0x80,
	             "0xFF bit 7 set: USB 2 link");
	vh_w8(vc, 0xFF, 0x00);
	CHECK_EQ_HEX(vh_read(vc, 0xFF, 1) & 0x80, 0x80, "strap is read-only");
	CHECK_EQ_HEX(vh_read(vc, 0x01, 1) & 0x80, 0x80, "PWC_EV12V on");
	CHECK_EQ_HEX(vh_read(vc, 0x03, 1) & 0x10, 0x10, "FEN_ELDR on");
	CHECK_EQ_HEX(vh_read(vc, 0x08, 1) & 0x22, 0x22,
	             "LOADER_CLK_EN and ANA8M on");
	/* the EFUSE port answers without the driver touching the loader */
	vh_w32(vc, 0x30, 0u << 8);
	uint32_t e = vh_read(vc, 0x30, 4);
	CHECK(e & 0x80000000u, "EFUSE read completes from reset");
	CHECK((e & 0xF0) == 0 && (e & 0x0F) != 0x0F,
	      "first physical byte: a block 0 header with words present");
	/* MAC block: unreadable while off, filter maps all-pass once on */
	CHECK_EQ_HEX(vh_read(vc, 0x6A0, 2), 0xEAEA, "MAC block off: 0xEA");
	CHECK_EQ_INT(vh_power_on(vc), 0, "power on");
	CHECK_EQ_HEX(vh_read(vc, 0x6A0, 2), 0xFFFF, "RXFLTMAP0 resets 0xFFFF");
	CHECK_EQ_HEX(vh_read(vc, 0x6A2, 2), 0xFFFF, "RXFLTMAP1 resets 0xFFFF");
	CHECK_EQ_HEX(vh_read(vc, 0x6A4, 2), 0xFFFF, "RXFLTMAP2 resets 0xFFFF");
	vchip_destroy(vc);

	/* USB 3 */
	vc = chip("reset-ss", 5000, false);
	if (CHECK(vc != NULL, "create at 5000 Mbit/s")) {
		CHECK_EQ_HEX(vh_read(vc, 0xFF, 1) & 0x80, 0,
		             "0xFF bit 7 clear: USB 3 link");
		struct vchip_usb_desc d;
		vchip_usb_desc(vc, &d);
		CHECK_EQ_INT(d.bulk_max_packet, 1024, "SuperSpeed bulk size");
		vchip_destroy(vc);
	}

	/* the receive filter with the maps as they come out of reset */
	const char *fwdir = check_firmware_dir();
	if (!fwdir)
		CHECK_SKIP("shared firmware absent (TX needs booted firmware)");
	CHECK(vh_air_dir(air, sizeof air) != NULL, "private air dir");
	struct vchip *tx = chip("reset-tx", 480, true);
	struct vchip *rx = chip("reset-rx", 480, true);
	if (!CHECK(tx && rx, "two stations"))
		return check_done();
	CHECK_EQ_INT(vh_power_on(tx), 0, "sender on");
	CHECK_EQ_INT(vh_firmware(tx, fwdir), 1, "sender firmware");
	vh_tune(tx, 36, 20, 0);
	CHECK_EQ_INT(vh_power_on(rx), 0, "receiver on");
	vh_tune(rx, 36, 20, 0);
	/* RCR accepts every address and all three frame types; the maps
	 * are left as they are */
	vh_w32(rx, 0x608, 0x0000380F);
	/* data, QoS data (subtype 8), beacon (management 8), ACK (control
	 * 13): no map was ever written */
	const uint8_t kinds[4] = {0x08, 0x88, 0x80, 0xD4};
	send(tx, kinds, 4);
	uint8_t fc[16];
	unsigned n = receive(rx, fc, 4);
	CHECK_EQ_INT(n, 4, "all four subtypes pass the reset maps");
	CHECK(seen(fc, n, 0x88) && seen(fc, n, 0x80) && seen(fc, n, 0xD4),
	      "QoS data, beacon and ACK delivered unconfigured");

	/* close QoS data in RXFLTMAP2: only that subtype is filtered */
	struct vchip_stats s0, s1;
	vchip_get_stats(rx, &s0);
	vh_write(rx, 0x6A4, 0xFFFF & ~(1u << 8), 2);
	const uint8_t two[2] = {0x88, 0x08};
	send(tx, two, 2);
	n = receive(rx, fc, 1);
	CHECK_EQ_INT(n, 1, "one frame delivered");
	CHECK(n == 1 && fc[0] == 0x08, "plain data passes, QoS data does not");
	vchip_get_stats(rx, &s1);
	CHECK_EQ_INT((long)(s1.rx_filtered - s0.rx_filtered), 1,
	             "the QoS data frame was filtered and counted");
	vchip_destroy(tx);
	vchip_destroy(rx);
	vh_rm_air_dir(air);
	return check_done();
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared by the RTL8822CU vusb tests: register access with the vendor
 * request over a raw libusb handle, the USB 2 -> 3 switch as rtw88 usb.c
 * rtw_usb_switch_mode_new performs it, and a look at the descriptors the
 * device presents. No driver code: these are what any libusb program
 * sees of the device.
 */
#ifndef DVR_TEST_VUSB_8822C_H
#define DVR_TEST_VUSB_8822C_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <libusb.h>

#define V22_VID 0x0BDA
#define V22_PID 0xC812
#define V22_PAD_CTRL2 0x00C4

/* Vendor request 0x05, register address in wValue (rtw88 usb.c
 * rtw_usb_read / rtw_usb_write). Bytes moved or a libusb error. */
static inline int v22_read(libusb_device_handle *h, uint16_t a, void *b,
                           uint16_t n)
{
	return libusb_control_transfer(h, 0xC0, 0x05, a, 0, b, n, 1000);
}

static inline int v22_write(libusb_device_handle *h, uint16_t a,
                            const void *b, uint16_t n)
{
	return libusb_control_transfer(h, 0x40, 0x05, a, 0, (uint8_t *)b, n,
	                               500);
}

static inline int v22_r32(libusb_device_handle *h, uint16_t a, uint32_t *v)
{
	uint8_t b[4];
	int r = v22_read(h, a, b, 4);
	*v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	     (uint32_t)b[3] << 24;
	return r;
}

static inline int v22_w32(libusb_device_handle *h, uint16_t a, uint32_t v)
{
	uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
	                (uint8_t)(v >> 24)};
	return v22_write(h, a, b, 4);
}

/* The switch (rtw88 usb.c rtw_usb_switch_mode_new, 8822C branch): the
 * pad's mode field to 2 (USB3) with bit 16, 0xC5 = 0x04, APFM_OFFMAC
 * (0x04 bit 9), then bit 17 of PAD_CTRL2. Returns the status of the
 * last write (4 when the chip took it), or the first error. */
static inline int v22_switch_usb3(libusb_device_handle *h)
{
	uint32_t pad, pwr;
	int r = v22_r32(h, V22_PAD_CTRL2, &pad);
	if (r != 4)
		return r < 0 ? r : LIBUSB_ERROR_IO;
	pad = (pad & ~0x000C0000u) | 2u << 18 | 1u << 16;
	if ((r = v22_w32(h, V22_PAD_CTRL2, pad)) != 4)
		return r;
	uint8_t c5 = 0x04;
	if ((r = v22_write(h, V22_PAD_CTRL2 + 1, &c5, 1)) != 1)
		return r;
	if ((r = v22_r32(h, 0x0004, &pwr)) != 4 ||
	    (r = v22_w32(h, 0x0004, pwr | 1u << 9)) != 4)
		return r;
	if ((r = v22_r32(h, V22_PAD_CTRL2, &pad)) != 4)
		return r;
	return v22_w32(h, V22_PAD_CTRL2, pad | 1u << 17);
}

/* The first device with the 8822C's VID:PID in ctx's list (a reference
 * the caller unrefs), or NULL. */
static inline libusb_device *v22_find(libusb_context *ctx)
{
	libusb_device **list;
	ssize_t n = libusb_get_device_list(ctx, &list);
	libusb_device *found = NULL;
	for (ssize_t i = 0; i < n && !found; i++) {
		struct libusb_device_descriptor dd;
		if (libusb_get_device_descriptor(list[i], &dd) == 0 &&
		    dd.idVendor == V22_VID && dd.idProduct == V22_PID)
			found = libusb_ref_device(list[i]);
	}
	if (n >= 0)
		libusb_free_device_list(list, 1);
	return found;
}

/* What the descriptors of one enumeration say. */
struct v22_look {
	int speed;                  /* enum libusb_speed */
	uint16_t bcd_usb;
	uint8_t mps0;
	unsigned n_bulk_in, n_bulk_out, n_other;
	uint16_t bulk_mps_min, bulk_mps_max;
	unsigned n_companion;       /* endpoints with an SS companion */
	bool iface_ff;              /* vendor-specific FF/FF/FF interface */
	uint8_t bus, port;
};

static inline bool v22_look_at(libusb_context *ctx, libusb_device *dev,
                               struct v22_look *l)
{
	memset(l, 0, sizeof *l);
	struct libusb_device_descriptor dd;
	struct libusb_config_descriptor *cfg = NULL;
	if (libusb_get_device_descriptor(dev, &dd) != 0 ||
	    libusb_get_active_config_descriptor(dev, &cfg) != 0)
		return false;
	l->speed = libusb_get_device_speed(dev);
	l->bcd_usb = dd.bcdUSB;
	l->mps0 = dd.bMaxPacketSize0;
	l->bus = libusb_get_bus_number(dev);
	l->port = libusb_get_port_number(dev);
	l->bulk_mps_min = 0xFFFF;
	if (cfg->bNumInterfaces >= 1 && cfg->interface[0].num_altsetting >= 1) {
		const struct libusb_interface_descriptor *alt =
			&cfg->interface[0].altsetting[0];
		l->iface_ff = alt->bInterfaceClass == 0xFF &&
		              alt->bInterfaceSubClass == 0xFF &&
		              alt->bInterfaceProtocol == 0xFF;
		for (int e = 0; e < alt->bNumEndpoints; e++) {
			const struct libusb_endpoint_descriptor *ep =
				&alt->endpoint[e];
			if ((ep->bmAttributes & 3) !=
			    LIBUSB_TRANSFER_TYPE_BULK) {
				l->n_other++;
				continue;
			}
			if (ep->bEndpointAddress & 0x80)
				l->n_bulk_in++;
			else
				l->n_bulk_out++;
			if (ep->wMaxPacketSize < l->bulk_mps_min)
				l->bulk_mps_min = ep->wMaxPacketSize;
			if (ep->wMaxPacketSize > l->bulk_mps_max)
				l->bulk_mps_max = ep->wMaxPacketSize;
			struct libusb_ss_endpoint_companion_descriptor *c;
			c = NULL;
			if (libusb_get_ss_endpoint_companion_descriptor(
				    ctx, ep, &c) == 0) {
				l->n_companion++;
				libusb_free_ss_endpoint_companion_descriptor(c);
			}
		}
	}
	libusb_free_config_descriptor(cfg);
	return true;
}

/* The BOS over endpoint 0: whether it carries the USB 2.0 extension and
 * the SuperSpeed capability. Returns the libusb status. */
static inline int v22_bos(libusb_device_handle *h, bool *usb2_ext, bool *ss)
{
	*usb2_ext = *ss = false;
	struct libusb_bos_descriptor *bos = NULL;
	int r = libusb_get_bos_descriptor(h, &bos);
	if (r != 0)
		return r;
	for (unsigned i = 0; i < bos->bNumDeviceCaps; i++) {
		uint8_t t = bos->dev_capability[i]->bDevCapabilityType;
		*usb2_ext |= t == LIBUSB_BT_USB_2_0_EXTENSION;
		*ss |= t == LIBUSB_BT_SS_USB_DEVICE_CAPABILITY;
	}
	libusb_free_bos_descriptor(bos);
	return 0;
}

#endif /* DVR_TEST_VUSB_8822C_H */

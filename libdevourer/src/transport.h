/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The bus under the driver: one small ops table, one implementation per
 * bus (transport_usb.c over libusb, transport_virtual.c over the in-process
 * chip model). Nothing above this header knows which one it talks to.
 *
 * All functions return >= 0 on success (bytes, where a length makes sense)
 * or a negative enum dvr_status.
 */
#ifndef DVR_TRANSPORT_H
#define DVR_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include <devourer/devourer.h>

/* Realtek vendor request for register access (both directions). */
#define DVR_USB_VENDOR_REQ 0x05
#define DVR_USB_REQTYPE_READ 0xC0
#define DVR_USB_REQTYPE_WRITE 0x40
/* Largest data stage of one register request. */
#define DVR_USB_CTRL_MAX 254

#define DVR_MAX_OUT_EPS 4
/* Consecutive failed bulk IN transfers after which RX is declared dead:
 * the transport stops resubmitting and the core reports a fatal error. */
#define DVR_RX_MAX_ERROR_RUN 64u

/* What the bus knows about the device. */
struct dvr_usb_info {
	uint16_t vid, pid;
	unsigned speed_mbps;        /* 12, 480, 5000 */
	uint16_t bulk_max_packet;   /* wMaxPacketSize of the bulk OUT eps */
	unsigned n_out;             /* bulk OUT endpoints, 1..4 */
	uint8_t out_ep[DVR_MAX_OUT_EPS]; /* addresses, descriptor order */
	uint8_t in_ep;              /* bulk IN address */
	char location[32];          /* "usb 1-2.3" or "virtual NAME" */
};

struct dvr_transport;

/* Completion of one asynchronous bulk OUT. status is DVR_OK or an error;
 * runs on the transport's event thread. */
typedef void (*dvr_bulk_out_done_fn)(void *user, int status, size_t actual);

/* One completed bulk IN transfer. status DVR_OK: buf/len hold the data,
 * valid only during the call. A failed transfer is reported with its
 * status (buf NULL) and resubmitted; after DVR_RX_MAX_ERROR_RUN failures
 * in a row the ring gives up. DVR_E_NO_DEVICE is reported once and no
 * further calls follow. Runs on the transport's event thread. */
typedef void (*dvr_bulk_in_fn)(void *user, int status, const uint8_t *buf,
                               size_t len);

struct dvr_transport_ops {
	const char *name;
	/* Vendor register read/write (DVR_USB_VENDOR_REQ, wValue = addr,
	 * wIndex = index, len <= DVR_USB_CTRL_MAX). Returns bytes moved. */
	int (*ctrl_in)(struct dvr_transport *t, uint16_t addr, uint16_t index,
	               uint8_t *buf, uint16_t len, unsigned timeout_ms);
	int (*ctrl_out)(struct dvr_transport *t, uint16_t addr, uint16_t index,
	                const uint8_t *buf, uint16_t len, unsigned timeout_ms);
	/* Queue a bulk OUT on out_ep[out_idx]; buf must stay valid until
	 * done() runs. A zero-length packet follows when len is a multiple
	 * of bulk_max_packet. Returns DVR_OK once queued. */
	int (*bulk_out_submit)(struct dvr_transport *t, unsigned out_idx,
	                       const uint8_t *buf, size_t len,
	                       unsigned timeout_ms, dvr_bulk_out_done_fn done,
	                       void *user);
	/* Blocking bulk OUT. Returns bytes accepted or an error. */
	int (*bulk_out_sync)(struct dvr_transport *t, unsigned out_idx,
	                     const uint8_t *buf, size_t len,
	                     unsigned timeout_ms);
	/* Clear a halt/stall on out_ep[out_idx]. */
	int (*clear_halt_out)(struct dvr_transport *t, unsigned out_idx);
	/* Post n bulk IN transfers of buflen bytes and keep them posted;
	 * each completion calls cb. */
	int (*rx_start)(struct dvr_transport *t, unsigned n, size_t buflen,
	                dvr_bulk_in_fn cb, void *user);
	/* Cancel the IN ring and wait until no cb runs any more. */
	void (*rx_stop)(struct dvr_transport *t);
	/* Wait until every queued bulk OUT has completed, at most
	 * timeout_ms. */
	int (*flush_out)(struct dvr_transport *t, unsigned timeout_ms);
	/* Cancel everything, join threads, release the device, free t. */
	void (*destroy)(struct dvr_transport *t);
};

struct dvr_transport {
	const struct dvr_transport_ops *ops;
	struct dvr_usb_info info;
};

/* Parsed selector (see dvr_open()). */
enum dvr_selector_kind {
	DVR_SEL_AUTO,
	DVR_SEL_USB_ID,
	DVR_SEL_USB_PATH,
	DVR_SEL_VIRTUAL,
};

struct dvr_selector {
	enum dvr_selector_kind kind;
	uint16_t vid, pid;   /* DVR_SEL_USB_ID */
	unsigned index;      /* DVR_SEL_USB_ID: #N */
	char path[32];       /* DVR_SEL_USB_PATH: "1-2.3" */
	char name[48];       /* DVR_SEL_VIRTUAL */
	char options[192];   /* DVR_SEL_VIRTUAL: "loss=0.1,rssi=-60" */
};

/* Parse a selector string. DVR_E_INVALID on syntax errors. */
int dvr_selector_parse(const char *text, struct dvr_selector *out);

/* Value of option key in sel->options ("k=v,k=v") copied into buf:
 * DVR_OK, DVR_E_NOT_FOUND, or DVR_E_OVERFLOW when buf is too small. */
int dvr_selector_option(const struct dvr_selector *sel, const char *key,
                        char *buf, size_t len);

/* Open a virtual adapter (virtual:NAME,options); err (may be NULL) says
 * why options were refused, e.g. an unknown chip= (DVR_E_INVALID). */
int dvr_transport_virtual_open(const struct dvr_selector *sel,
                               struct dvr_transport **out, char *err,
                               size_t err_len);

/* Open the device a selector names. Only USB ids/paths whose VID:PID a
 * chip in the HAL registry supports are accepted by "auto". */
int dvr_transport_usb_open(const struct dvr_selector *sel,
                           struct dvr_transport **out);

/* Append supported USB adapters / virtual adapters on the air to out
 * (up to max, starting at *count); *count is raised for each one found. */
int dvr_transport_usb_list(struct dvr_adapter_info *out, size_t max,
                           size_t *count);
int dvr_transport_virtual_list(struct dvr_adapter_info *out, size_t max,
                               size_t *count);

/* Map a negative errno from a bus (usbfs / the chip model) to dvr_status. */
int dvr_status_from_errno(int neg_errno);

#endif /* DVR_TRANSPORT_H */

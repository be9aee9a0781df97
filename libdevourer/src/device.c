/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The generic driver core: opens a transport, finds the chip, runs the
 * bring-up through the chip ops, and moves frames: TX (radiotap → TX vector
 * → descriptor → bulk OUT) and RX (bulk IN → aggregate walk → callback).
 * It never asks which chip it drives.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <devourer/devourer.h>
#include <devourer/radiotap.h>

#include "hal/hal.h"
#include "libdevourer/bus/backend.h"
#include "libdevourer/bus/deadline.h"
#include "libdevourer/bus/selector.h"
#include "libdevourer/bus/transport.h"
#include "libdevourer/io/io.h"
#include "libdevourer/src/device_internal.h"
#include "libdevourer/src/rx_walk.h"
#include "libdevourer/src/tx_pack.h"

#define DEFAULT_TX_DEPTH 8
#define DEFAULT_TX_TIMEOUT_MS 500
/* Bulk IN transfers kept posted. The chip's RX FIFO (16-24 KB) holds a
 * few milliseconds of a busy channel; what the host has posted is all the
 * slack it has beyond that while its RX thread waits for a CPU. Four, as
 * a desktop driver posts, overflowed the FIFO on a loaded 2-core
 * host at full airtime; sixteen (512 KB of buffers) ride it out. */
#define DEFAULT_RX_TRANSFERS 16
#define DEFAULT_RX_BUFFER 32768
#define MAX_RX_BUFFER (1u << 20)
#define MAX_TX_DEPTH 64
/* How long a device that re-enumerates (USB mode switch) may stay off
 * the bus; a USB 3 switch is back within a second or two. */
#define REENUM_TIMEOUT_MS 5000u
/* A chip asking to switch again after it came back is not converging. */
#define MAX_REENUMERATIONS 2
/* The chip's upkeep runs every 2 s, as the references' watchdog (rtw88
 * main.h RTW_WATCH_DOG_DELAY_TIME). */
#define DEFAULT_TRACK_PERIOD_MS 2000u

/* One frame of a transfer, for its completion's counters. */
struct tx_frame {
	struct dvr_tx_owner *owner; /* the share that sent it, or NULL */
	size_t len;          /* 802.11 bytes */
	uint32_t airtime_us;
};

/* One async bulk OUT transfer: one frame, or up to agg_max packed. */
struct tx_slot {
	struct dvr_device *dev;
	struct dvr_tx_pack pack;
	struct tx_frame *frames; /* agg_max entries */
	int next_free;       /* free list, -1 terminated */
};

struct dvr_device {
	char selector[64];
	struct dvr_config cfg;
	struct dvr_selector sel;
	const struct dvr_backend *backend;
	const struct dvr_chip_info *const *registry; /* chips probed */
	struct dvr_transport *t;
	struct dvr_io io;
	struct dvr_chip chip;
	const struct dvr_chip_info *info;
	enum dvr_tx_mode tx_mode;
	unsigned tx_out_idx;
	bool started;
	bool rx_running;
	bool rx_deferred;             /* dvr_core_defer_rx(): start posts none */
	atomic_bool dead;             /* device vanished: everything fails */
	atomic_bool interrupted;      /* dvr_interrupt(): senders don't wait */
	char last_error[512];

	/* Control-transfer users (bring-up, channel, TX power) take this so
	 * register sequences never interleave. */
	pthread_mutex_t ctrl_lock;

	/* TX: async slots or the single sync buffer. */
	pthread_mutex_t tx_lock;
	pthread_cond_t tx_cond;
	struct tx_slot *slots;
	struct tx_frame *slot_frames; /* every slot's frames[] */
	unsigned n_slots;             /* also the most frames in flight */
	int free_head;
	unsigned in_flight;           /* frames */
	/* USB TX aggregation (async): most frames per transfer (1: off);
	 * the slot being filled while transfers are on the bus, submitted
	 * when full or by the next completion (NULL: none); transfers
	 * submitted and not completed; set at close, when a completion
	 * must no longer submit. All under tx_lock. */
	unsigned agg_max;
	struct tx_slot *open;
	unsigned xfers_busy;
	bool tx_closing;
	uint8_t desc_scratch[DVR_TX_HEADROOM];
	uint8_t *sync_buf;
	pthread_mutex_t sync_lock;    /* one sync transfer at a time */
	size_t slot_size;
	struct dvr_tx_stats tx;       /* under tx_lock */
	int applied_tx_power_dbm;     /* per-frame power last applied */
	int tx_power_mbm;             /* effective power, from the index */
	/* The power the application asked for (dvr_config.tx_power, then
	 * dvr_set_tx_power_mbm), 0 for the chip's calibrated default: applied
	 * again after every channel change, since both the calibration and
	 * the regulatory limit are per channel. Under ctrl_lock. */
	bool tx_power_asked;
	int tx_power_asked_mbm;

	/* RX: written only on the transport thread; read with atomics. */
	_Atomic uint64_t rx_transfers, rx_frames, rx_bytes, rx_crc,
		rx_malformed, rx_c2h, rx_errors;
	unsigned rx_error_run;        /* consecutive failed bulk IN */
	_Atomic uint16_t rx_channel;  /* tuned channel for RX metadata */
	_Atomic uint16_t rx_narrow_bw; /* 5 or 10 on a narrowband channel,
	                                  else 0 (RX metadata, airtime) */
	uint32_t tsf_last_low;
	uint64_t tsf_high;
	uint64_t malformed_logged_at_ns;

	/* Watchdog: the chip's periodic upkeep (ops->track) on a thread of
	 * its own, off the TX/RX paths; its register sequences take
	 * ctrl_lock like every other control user. */
	pthread_t wd_thread;
	bool wd_running;              /* thread started (joined at close) */
	bool wd_stop;                 /* under wd_lock */
	pthread_mutex_t wd_lock;
	pthread_cond_t wd_cond;       /* waits on CLOCK_MONOTONIC */
	struct dvr_thermal_stats thermal; /* under wd_lock */
};

/* ------------------------------------------------------------------ */
/* logging and events                                                  */
/* ------------------------------------------------------------------ */

static void dev_log(struct dvr_device *dev, enum dvr_log_level level,
                    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void dev_log(struct dvr_device *dev, enum dvr_log_level level,
                    const char *fmt, ...)
{
	enum dvr_log_level limit = dev->cfg.log_level > DVR_LOG_WARN
		                           ? dev->cfg.log_level
		                           : DVR_LOG_WARN;
	if (level > limit)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (dev->cfg.on_log) {
		dev->cfg.on_log(dev->cfg.user, level, msg);
	} else {
		static const char *names[] = { "error", "warning", "info",
			                       "debug" };
		fprintf(stderr, "devourer [%s] %s: %s\n", dev->selector,
		        names[level], msg);
	}
}

static void emit(struct dvr_device *dev, struct dvr_event *ev)
{
	ev->device = dev->selector;
	if (dev->cfg.on_event)
		dev->cfg.on_event(dev->cfg.user, ev);
}

static void set_error(struct dvr_device *dev, int status, const char *fmt,
                      ...) __attribute__((format(printf, 3, 4)));

static void set_error(struct dvr_device *dev, int status, const char *fmt,
                      ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(dev->last_error, sizeof dev->last_error, fmt, ap);
	va_end(ap);
	dev_log(dev, DVR_LOG_ERROR, "%s (%s)", dev->last_error,
	        dvr_strerror(status));
}

/* The device is gone or broken for good: report once, fail from now on. */
static void mark_dead(struct dvr_device *dev, int status, const char *what)
{
	bool expected = false;
	if (!atomic_compare_exchange_strong(&dev->dead, &expected, true))
		return;
	snprintf(dev->last_error, sizeof dev->last_error, "%s: %s", what,
	         dvr_strerror(status));
	dev_log(dev, DVR_LOG_ERROR, "%s", dev->last_error);
	struct dvr_event ev = { .type = DVR_EVENT_ERROR };
	ev.error.status = status;
	ev.error.message = dev->last_error;
	emit(dev, &ev);
	pthread_mutex_lock(&dev->tx_lock);
	pthread_cond_broadcast(&dev->tx_cond);
	pthread_mutex_unlock(&dev->tx_lock);
}

static bool is_fatal(int status)
{
	return status == DVR_E_NO_DEVICE;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* open / list / close                                                 */
/* ------------------------------------------------------------------ */

static bool lists_id(const struct dvr_chip_info *ci, uint16_t vid,
                     uint16_t pid)
{
	for (size_t i = 0; i < ci->n_usb_ids; i++)
		if (ci->usb_ids[i].vid == vid && ci->usb_ids[i].pid == pid)
			return true;
	return false;
}

/* The first chip of a registry listing VID:PID, or NULL. Several may list
 * one VID:PID (probe decides between them at open). */
static const struct dvr_chip_info *
first_chip(const struct dvr_chip_info *const *registry, uint16_t vid,
           uint16_t pid)
{
	for (const struct dvr_chip_info *const *c = registry; *c; c++)
		if (lists_id(*c, vid, pid))
			return *c;
	return NULL;
}

/* The filter the buses apply: only VID:PIDs some chip drives. */
static bool registry_accepts(void *ctx, uint16_t vid, uint16_t pid)
{
	return first_chip(ctx, vid, pid) != NULL;
}

static struct dvr_bus_accept accept_of(const struct dvr_chip_info *const *reg)
{
	/* The bus only hands ctx back to registry_accepts. */
	return (struct dvr_bus_accept){
		.fn = registry_accepts,
		.ctx = (void *)(uintptr_t)reg,
	};
}

int dvr_list_adapters(struct dvr_adapter_info *out, size_t max)
{
	if (max > 0 && !out)
		return DVR_E_INVALID;
	struct dvr_bus_accept accept = accept_of(dvr_chip_registry);
	size_t count = 0;
	for (const struct dvr_backend *const *b = dvr_backends; *b; b++) {
		size_t first = count;
		int r = (*b)->list(&accept, out, max, &count);
		if (r < 0 && r != DVR_E_NOT_FOUND)
			return r;
		/* The bus found the adapters; naming their chips is ours. */
		for (size_t i = first; i < count && i < max; i++) {
			const struct dvr_chip_info *ci = first_chip(
				dvr_chip_registry, out[i].vid, out[i].pid);
			snprintf(out[i].chip, sizeof out[i].chip, "%s",
			         ci ? ci->name : "unknown");
		}
	}
	return count > INT32_MAX ? INT32_MAX : (int)count;
}

/* Frames per async transfer: the chip's limit unless the caller turned
 * aggregation off; AUTO packs. Sync mode sends each frame before the
 * next is handed over, so nothing waits to share a transfer. */
static unsigned tx_agg_frames_of(const struct dvr_device *dev)
{
	if (dev->tx_mode != DVR_TX_ASYNC || dev->cfg.tx_agg == DVR_TX_AGG_OFF)
		return 1;
	return dvr_tx_pack_max(dev->info);
}

static int alloc_tx(struct dvr_device *dev)
{
	dev->agg_max = tx_agg_frames_of(dev);
	dev->slot_size = dvr_tx_pack_buf_size(dev->info, dev->agg_max);
	if (dev->tx_mode == DVR_TX_SYNC) {
		dev->sync_buf = calloc(1, dev->slot_size);
		return dev->sync_buf ? DVR_OK : DVR_E_NO_MEM;
	}
	unsigned depth = dev->cfg.tx_queue_depth ? dev->cfg.tx_queue_depth
		                                 : DEFAULT_TX_DEPTH;
	if (depth > MAX_TX_DEPTH)
		depth = MAX_TX_DEPTH;
	dev->slots = calloc(depth, sizeof(*dev->slots));
	dev->slot_frames = calloc((size_t)depth * dev->agg_max,
	                          sizeof(*dev->slot_frames));
	if (!dev->slots || !dev->slot_frames)
		return DVR_E_NO_MEM;
	dev->n_slots = depth;
	for (unsigned i = 0; i < depth; i++) {
		struct tx_slot *s = &dev->slots[i];
		uint8_t *buf = calloc(1, dev->slot_size);
		if (!buf)
			return DVR_E_NO_MEM;
		s->dev = dev;
		s->frames = dev->slot_frames + (size_t)i * dev->agg_max;
		dvr_tx_pack_reset(&s->pack, buf, dev->slot_size);
		s->next_free = i + 1 < depth ? (int)i + 1 : -1;
	}
	dev->free_head = 0;
	return DVR_OK;
}

static int open_trace(struct dvr_device *dev)
{
	char opt[192];
	const char *path = dev->cfg.trace_path;
	if (!path &&
	    dvr_selector_option(&dev->sel, "trace", opt, sizeof opt) == DVR_OK)
		path = opt;
	if (!path)
		path = getenv("DEVOURER_TRACE");
	if (!path || !*path)
		return DVR_OK;
	errno = 0;
	if (dvr_io_trace_open(&dev->io, path) != DVR_OK) {
		/* A file the caller named cannot be written: a bad argument
		 * on the host, not a USB transfer error. */
		const int err = errno;
		set_error(dev, DVR_E_INVALID,
		          "cannot create register trace '%s': %s", path,
		          err ? strerror(err) : "open failed");
		return DVR_E_INVALID;
	}
	return DVR_OK;
}

/* A clean chip context for info on the current transport. */
static void reset_chip(struct dvr_device *dev, const struct dvr_chip_info *ci)
{
	dvr_chip_state_free(&dev->chip);
	memset(&dev->chip, 0, sizeof dev->chip);
	dev->chip.tx_power_asked = -1;
	dev->chip.info = ci;
	dev->chip.io = &dev->io;
	dev->chip.n_out = dev->t->info.n_out;
	dev->chip.usb3 = dev->t->info.speed_mbps >= 5000;
	dev->chip.usb_speed_mbps = dev->t->info.speed_mbps;
	dev->chip.regd = dev->cfg.regd;
}

/* Which chip is behind the bus: every chip listing its VID:PID, in
 * registry order, is asked (ops->probe; none means the ID alone decides)
 * and the first to answer DVR_OK drives it. */
static int probe_chip(struct dvr_device *dev)
{
	uint16_t vid = dev->t->info.vid, pid = dev->t->info.pid;
	char seen[sizeof dev->chip.error] = "";
	bool listed = false;
	dev->info = NULL;
	for (const struct dvr_chip_info *const *c = dev->registry; *c; c++) {
		if (!lists_id(*c, vid, pid))
			continue;
		listed = true;
		reset_chip(dev, *c);
		if (!(*c)->ops->probe) {
			dev->info = *c;
			return DVR_OK;
		}
		dvr_io_clear_error(&dev->io);
		int r = (*c)->ops->probe(&dev->chip);
		if (r == DVR_OK)
			r = dvr_io_status(&dev->io);
		if (r == DVR_OK) {
			dev->info = *c;
			return DVR_OK;
		}
		if (r != DVR_E_NOT_FOUND) {
			set_error(dev, r, "adapter %04x:%04x: probe as %s: %s", vid,
			          pid, (*c)->name,
			          dev->chip.error[0] ? dev->chip.error
			                             : dvr_strerror(r));
			return r;
		}
		/* Keep what the chip said it read, for the message below. */
		if (dev->chip.error[0])
			snprintf(seen, sizeof seen, "%s", dev->chip.error);
		else if (dev->chip.id.sys_cfg)
			snprintf(seen, sizeof seen, "chip-id 0x%08x",
			         (unsigned)dev->chip.id.sys_cfg);
	}
	reset_chip(dev, NULL);
	if (!listed)
		set_error(dev, DVR_E_UNSUPPORTED,
		          "adapter %04x:%04x is not a supported chip", vid, pid);
	else
		set_error(dev, DVR_E_UNSUPPORTED,
		          "adapter %04x:%04x: no supported chip behind it (%s)",
		          vid, pid, seen[0] ? seen : "no chip-id read");
	return DVR_E_UNSUPPORTED;
}

/* Open the transport, find the chip, and let it switch USB mode: a chip
 * that re-enumerates is closed, waited for, reopened and probed again. */
static int attach(struct dvr_device *dev)
{
	struct dvr_bus_accept accept = accept_of(dev->registry);
	char why[160] = "";
	int r = dev->backend->open(&dev->sel, &accept, &dev->t, why,
	                           sizeof why);
	if (r != DVR_OK) {
		if (why[0])
			set_error(dev, r, "cannot open adapter '%s': %s",
			          dev->selector, why);
		else
			set_error(dev, r, "cannot open adapter '%s'",
			          dev->selector);
		return r;
	}
	for (int switches = 0;; switches++) {
		dev->io.t = dev->t;
		r = probe_chip(dev);
		if (r != DVR_OK)
			return r;
		bool reenumerating = false;
		if (dev->info->ops->usb_mode_switch) {
			dvr_io_clear_error(&dev->io);
			r = dev->info->ops->usb_mode_switch(&dev->chip,
			                                    &reenumerating);
			if (r == DVR_OK)
				r = dvr_io_status(&dev->io);
			if (r != DVR_OK) {
				set_error(dev, r, "USB mode switch: %s",
				          dev->chip.error[0] ? dev->chip.error
				                             : dvr_strerror(r));
				return r;
			}
		}
		if (!reenumerating)
			return DVR_OK;
		if (switches >= MAX_REENUMERATIONS) {
			set_error(dev, DVR_E_CHIP, "%s keeps switching USB mode",
			          dev->info->name);
			return DVR_E_CHIP;
		}
		dev_log(dev, DVR_LOG_INFO, "%s switches USB mode; waiting for "
		        "it at %s", dev->info->name, dev->t->info.location);
		struct dvr_usb_info was = dev->t->info;
		reset_chip(dev, NULL);
		dev->t->ops->destroy(dev->t);
		dev->t = NULL;
		dev->io.t = NULL;
		r = dev->backend->reappear(&was, &dev->sel, &accept,
		                           REENUM_TIMEOUT_MS, &dev->t);
		if (r != DVR_OK) {
			dev->t = NULL;
			set_error(dev, r, "adapter %04x:%04x (%s) did not come "
			          "back within %u ms after its USB mode switch",
			          was.vid, was.pid, was.location,
			          REENUM_TIMEOUT_MS);
			return r;
		}
	}
}

/* Chips whose bulk OUT endpoints STALL until cleared once after
 * enumeration get every one cleared before anything is sent on them. */
static int clear_out_halts(struct dvr_device *dev)
{
	if (!dev->info->clear_halt_before_tx)
		return DVR_OK;
	for (unsigned i = 0; i < dev->t->info.n_out; i++) {
		int r = dev->t->ops->clear_halt_out(dev->t, i);
		if (r < 0) {
			set_error(dev, r, "cannot clear halt on bulk OUT 0x%02x",
			          dev->t->info.out_ep[i]);
			return r;
		}
	}
	return DVR_OK;
}

int dvr_core_open(const char *selector, const struct dvr_config *config,
                  const struct dvr_chip_info *const *registry,
                  dvr_device **out)
{
	if (!out || !registry)
		return DVR_E_INVALID;
	*out = NULL;
	if (!selector)
		selector = "auto";
	struct dvr_device *dev = calloc(1, sizeof(*dev));
	if (!dev)
		return DVR_E_NO_MEM;
	snprintf(dev->selector, sizeof dev->selector, "%s", selector);
	if (config)
		dev->cfg = *config;
	dev->tx_power_asked = dev->cfg.tx_power != 0;
	dev->tx_power_asked_mbm = dev->cfg.tx_power;
	dev->registry = registry;
	pthread_mutex_init(&dev->ctrl_lock, NULL);
	pthread_mutex_init(&dev->tx_lock, NULL);
	pthread_mutex_init(&dev->sync_lock, NULL);
	pthread_cond_init(&dev->tx_cond, NULL);
	pthread_mutex_init(&dev->wd_lock, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&dev->wd_cond, &ca);
	pthread_condattr_destroy(&ca);
	dev->thermal = (struct dvr_thermal_stats){ .thermal = -1,
	                                           .thermal_cal = -1 };
	dev->free_head = -1;
	dev->applied_tx_power_dbm = -128;
	dvr_io_init(&dev->io, NULL);

	int r = DVR_OK;
	switch (dev->cfg.tx_agg) {
	case DVR_TX_AGG_AUTO: case DVR_TX_AGG_OFF: case DVR_TX_AGG_ON:
		break;
	default:
		r = DVR_E_INVALID;
		set_error(dev, r, "unknown TX aggregation setting %d",
		          (int)dev->cfg.tx_agg);
		goto fail;
	}
	switch (dev->cfg.regd) {
	case DVR_REGD_WORLDWIDE: case DVR_REGD_FCC: case DVR_REGD_ETSI:
	case DVR_REGD_MKK:
		break;
	default:
		r = DVR_E_INVALID;
		set_error(dev, r, "unknown regulatory domain %d",
		          (int)dev->cfg.regd);
		goto fail;
	}
	r = dvr_selector_parse(selector, &dev->sel);
	if (r != DVR_OK) {
		set_error(dev, r, "bad device selector '%s' (expected auto, "
		          "usb:VID:PID[#N], usb:BUS-PORT or virtual:NAME)",
		          selector);
		goto fail;
	}
	dev->backend = dvr_backend_for(dev->sel.kind);
	if (!dev->backend) {
		r = DVR_E_UNSUPPORTED;
		set_error(dev, r, "no bus opens selector '%s'", selector);
		goto fail;
	}
	/* The trace starts before the first register access (probe). */
	r = open_trace(dev);
	if (r != DVR_OK)
		goto fail;
	r = attach(dev);
	if (r != DVR_OK)
		goto fail;
	r = clear_out_halts(dev);
	if (r != DVR_OK)
		goto fail;
	dev->tx_mode = dev->cfg.tx_mode == DVR_TX_AUTO
		               ? dev->info->preferred_tx_mode
		               : dev->cfg.tx_mode;
	dev->tx_out_idx = dev->info->ops->tx_out_index(&dev->chip,
	                                                 dev->t->info.n_out);
	if (dev->tx_out_idx >= dev->t->info.n_out) {
		r = DVR_E_UNSUPPORTED;
		set_error(dev, r, "no bulk OUT endpoint for injected frames");
		goto fail;
	}
	if (dev->cfg.rx_buffer_size > MAX_RX_BUFFER) {
		r = DVR_E_INVALID;
		set_error(dev, r, "rx_buffer_size %u above %u",
		          dev->cfg.rx_buffer_size, MAX_RX_BUFFER);
		goto fail;
	}
	r = alloc_tx(dev);
	if (r != DVR_OK)
		goto fail;
	*out = dev;
	return DVR_OK;
fail:
	/* The message outlives the device only through the log. */
	dvr_close(dev);
	return r;
}

int dvr_open(const char *selector, const struct dvr_config *config,
             dvr_device **out)
{
	return dvr_core_open(selector, config, dvr_chip_registry, out);
}

static void stop_rx(struct dvr_device *dev)
{
	if (dev->rx_running) {
		dev->t->ops->rx_stop(dev->t);
		dev->rx_running = false;
	}
}

static int start_watchdog(struct dvr_device *dev);
static void stop_watchdog(struct dvr_device *dev);

void dvr_close(dvr_device *dev)
{
	if (!dev)
		return;
	stop_watchdog(dev);
	if (dev->t) {
		stop_rx(dev);
		/* Let what was sent reach the air before powering off: a full
		 * TX FIFO drains in well under a second at any rate but the
		 * slowest CCK, and a stuck adapter must not stall a close. */
		if (!atomic_load(&dev->dead))
			dvr_flush(dev, 1000);
		/* A transfer still on the bus completes (or is cancelled)
		 * during destroy: it must not send what waits for it. */
		pthread_mutex_lock(&dev->tx_lock);
		dev->tx_closing = true;
		pthread_mutex_unlock(&dev->tx_lock);
		if (dev->started && !atomic_load(&dev->dead)) {
			pthread_mutex_lock(&dev->ctrl_lock);
			dvr_io_clear_error(&dev->io);
			dev->info->ops->power_off(&dev->chip);
			dvr_reg_shadow_reset(&dev->chip.shadow);
			pthread_mutex_unlock(&dev->ctrl_lock);
		}
		dev->t->ops->destroy(dev->t);
	}
	dvr_io_trace_close(&dev->io);
	if (dev->slots) {
		for (unsigned i = 0; i < dev->n_slots; i++)
			free(dev->slots[i].pack.buf);
		free(dev->slots);
	}
	free(dev->slot_frames);
	free(dev->sync_buf);
	dvr_chip_state_free(&dev->chip);
	pthread_cond_destroy(&dev->tx_cond);
	pthread_mutex_destroy(&dev->tx_lock);
	pthread_mutex_destroy(&dev->sync_lock);
	pthread_mutex_destroy(&dev->ctrl_lock);
	pthread_cond_destroy(&dev->wd_cond);
	pthread_mutex_destroy(&dev->wd_lock);
	free(dev);
}

/* ------------------------------------------------------------------ */
/* RX                                                                  */
/* ------------------------------------------------------------------ */

/* The descriptor carries the low 32 bits of the TSF; extend them. */
static uint64_t extend_tsf(struct dvr_device *dev, uint32_t low)
{
	if (low < dev->tsf_last_low &&
	    dev->tsf_last_low - low > 0x80000000u)
		dev->tsf_high += 1ull << 32;
	dev->tsf_last_low = low;
	return dev->tsf_high | low;
}

static void on_rx_pkt(void *user, const struct dvr_rx_pkt *pkt)
{
	struct dvr_device *dev = user;
	if (pkt->is_c2h) {
		atomic_fetch_add(&dev->rx_c2h, 1);
		return;
	}
	size_t len = pkt->frame_len;
	if (pkt->has_fcs) {
		/* A packet of nothing but an FCS carries no frame. */
		if (len <= 4) {
			atomic_fetch_add(&dev->rx_malformed, 1);
			return;
		}
		len -= 4;
	}
	if (pkt->crc_err) {
		atomic_fetch_add(&dev->rx_crc, 1);
		if (!dev->cfg.keep_corrupted)
			return;
	}
	struct dvr_rx_frame f = { .data = pkt->frame, .len = len,
		                  .info = pkt->info };
	if (pkt->crc_err)
		f.info.flags |= DVR_RX_FCS_BAD;
	f.info.channel = atomic_load(&dev->rx_channel);
	/* The PHY status of a re-clocked baseband says 20 MHz; what the
	 * frame took on the air is the channel's width. */
	uint16_t narrow = atomic_load(&dev->rx_narrow_bw);
	if (narrow && f.info.bw_mhz <= 20)
		f.info.bw_mhz = narrow;
	f.info.freq_mhz = (uint16_t)dvr_channel_to_freq(f.info.channel);
	f.info.tsf_us = extend_tsf(dev, pkt->tsf_low);
	atomic_fetch_add(&dev->rx_frames, 1);
	atomic_fetch_add(&dev->rx_bytes, len);
	if (dev->cfg.on_rx)
		dev->cfg.on_rx(dev->cfg.user, &f);
}

/* The trace logs RX when a transfer is posted, with the length asked for. */
static void on_bulk_in_posted(void *user, size_t len)
{
	struct dvr_device *dev = user;
	dvr_io_trace_bulk(&dev->io, true, dev->t->info.in_ep, len);
}

static void on_bulk_in(void *user, int status, const uint8_t *buf,
                       size_t len)
{
	struct dvr_device *dev = user;
	if (status != DVR_OK) {
		if (is_fatal(status)) {
			mark_dead(dev, status, "receive stopped");
			return;
		}
		atomic_fetch_add(&dev->rx_errors, 1);
		/* The transport stops resubmitting after this many: say so
		 * rather than go quietly deaf. */
		if (++dev->rx_error_run >= DVR_RX_MAX_ERROR_RUN)
			mark_dead(dev, status, "receive failed repeatedly");
		return;
	}
	dev->rx_error_run = 0;
	atomic_fetch_add(&dev->rx_transfers, 1);
	struct dvr_rx_walk_counts c;
	dvr_rx_walk(&dev->chip, buf, len, on_rx_pkt, dev, &c);
	if (c.malformed) {
		atomic_fetch_add(&dev->rx_malformed, c.malformed);
		/* Counted always, logged at most once a second. */
		uint64_t now = now_ns();
		if (now - dev->malformed_logged_at_ns > 1000000000ull) {
			dev->malformed_logged_at_ns = now;
			dev_log(dev, DVR_LOG_WARN,
			        "dropped %zu bytes of an RX aggregate: %u "
			        "packets longer than the driver takes, %u "
			        "malformed (%llu dropped so far)",
			        c.dropped_bytes, c.oversized,
			        c.malformed - c.oversized,
			        (unsigned long long)atomic_load(
				        &dev->rx_malformed));
		}
	}
}

/* ------------------------------------------------------------------ */
/* bring-up and control                                                */
/* ------------------------------------------------------------------ */

struct stage_clock {
	uint64_t t0;
	uint64_t ctrl0, bytes0;
};

static void stage_begin(struct dvr_device *dev, struct stage_clock *c)
{
	c->t0 = now_ns();
	c->ctrl0 = dev->io.ctrl_reads + dev->io.ctrl_writes;
	c->bytes0 = dev->io.ctrl_bytes;
}

static void stage_end(struct dvr_device *dev, struct stage_clock *c,
                      const char *stage, enum dvr_event_type type)
{
	struct dvr_event ev = { .type = type };
	ev.init.stage = stage;
	ev.init.ms = (double)(now_ns() - c->t0) / 1e6;
	ev.init.ctrl_transfers =
		dev->io.ctrl_reads + dev->io.ctrl_writes - c->ctrl0;
	ev.init.ctrl_bytes = dev->io.ctrl_bytes - c->bytes0;
	emit(dev, &ev);
}

/* A step failed: keep the most specific message (the chip's). */
static int stage_failed(struct dvr_device *dev, const char *stage, int r)
{
	char xfer[96];

	if (r == DVR_OK)
		r = dvr_io_status(&dev->io);
	/* Which register the bus failed on, when it did: the chip's
	 * message says what it was doing, this says where. */
	dvr_io_failure(&dev->io, xfer, sizeof xfer);
	if (dev->chip.error[0])
		set_error(dev, r, "%s: %s%s%s%s", stage, dev->chip.error,
		          xfer[0] ? " (" : "", xfer, xfer[0] ? ")" : "");
	else if (xfer[0])
		set_error(dev, r, "%s failed: %s", stage, xfer);
	else
		set_error(dev, r, "%s failed", stage);
	if (is_fatal(r))
		mark_dead(dev, r, stage);
	return r;
}

/* The bring-up, in order. Names are those of the init-timing events. */
enum init_stage {
	STAGE_IDENTIFY, STAGE_POWER_ON, STAGE_FIRMWARE, STAGE_MAC, STAGE_PHY,
	STAGE_MONITOR, STAGE_CHANNEL, STAGE_CALIBRATE, N_STAGES
};
static const char *const stage_names[N_STAGES] = {
	"identify", "power_on", "firmware", "mac", "phy", "monitor", "channel",
	"calibrate",
};

/* Optional stages run only for chips that have the op. */
static bool has_stage(const struct dvr_chip_ops *ops, enum init_stage st)
{
	return st != STAGE_CALIBRATE || ops->calibrate;
}

static int load_and_download_firmware(struct dvr_device *dev)
{
	struct dvr_firmware fw;
	/* room left in chip.error for the chip, its file and its package */
	char err[sizeof dev->chip.error - 160];
	int r = dvr_firmware_load(dev->info->fw_file, dev->cfg.firmware_dir,
	                          &fw, err, sizeof err);
	if (r != DVR_OK) {
		/* whose file, and who ships it: each chip needs its own */
		const char *pkg = dev->info->fw_package;
		snprintf(dev->chip.error, sizeof dev->chip.error,
		         "%s needs firmware rtw88/%s (%s%s): %s",
		         dvr_chip_name(dev), dev->info->fw_file,
		         pkg ? "package " : "no distribution ships it, only "
		         "devourer's installed copy", pkg ? pkg : "", err);
		return r;
	}
	dev_log(dev, DVR_LOG_INFO, "firmware %s (%zu bytes)", fw.path,
	        fw.size);
	r = dev->info->ops->download_firmware(&dev->chip, &fw);
	dvr_firmware_release(&fw);
	return r;
}

/* Senders build descriptors from chip.channel under sync_lock (sync mode)
 * or tx_lock (async): change it under both. Neither lock is held across
 * I/O here, so the transport's event thread is never kept waiting. */
static void record_channel(struct dvr_device *dev, const struct dvr_channel *ch)
{
	pthread_mutex_lock(&dev->sync_lock);
	pthread_mutex_lock(&dev->tx_lock);
	dev->chip.channel = *ch;
	pthread_mutex_unlock(&dev->tx_lock);
	pthread_mutex_unlock(&dev->sync_lock);
	/* The RX thread reads its own copy, without locks. */
	atomic_store(&dev->rx_channel, ch->channel);
	atomic_store(&dev->rx_narrow_bw,
	             (uint16_t)(ch->bw_mhz < 20 ? ch->bw_mhz : 0));
}

/* mBm → the chip's TX power index: nearest step, clamped to the chip's
 * range. */
static int index_of_mbm(const struct dvr_chip_info *ci, int mbm)
{
	int step = ci->tx_power_step_mbm > 0 ? ci->tx_power_step_mbm : 100;
	long q = mbm >= 0 ? ((long)mbm + step / 2) / step
	                  : -((-(long)mbm + step / 2) / step);
	if (q < ci->tx_power_min)
		q = ci->tx_power_min;
	if (q > ci->tx_power_max)
		q = ci->tx_power_max;
	return (int)q;
}

static int mbm_of_index(const struct dvr_chip_info *ci, int index)
{
	return index * (ci->tx_power_step_mbm > 0 ? ci->tx_power_step_mbm
	                                          : 100);
}

/* Set the index and record the power it stands for. Caller holds
 * ctrl_lock. */
static int program_tx_power(struct dvr_device *dev, int index)
{
	dev->chip.tx_power_index = index;
	int r = dev->info->ops->set_tx_power(&dev->chip, index);
	if (r == DVR_OK)
		/* what the reference rate got: a regulatory limit may hold
		 * it below the index asked for */
		dev->tx_power_mbm = mbm_of_index(dev->info,
		                                 dev->chip.tx_power_index);
	return r;
}

/* The index when the application sets no power: the chip's calibrated
 * level at the channel just recorded, or its fixed default. */
static int default_index(struct dvr_device *dev)
{
	const struct dvr_chip_ops *ops = dev->info->ops;
	return ops->calibrated_tx_power ? ops->calibrated_tx_power(&dev->chip)
	                                : dev->info->default_tx_power;
}

/* The TX power the application asked for, at the channel just recorded:
 * its mBm, or the chip's calibrated default there. */
static int apply_asked_tx_power(struct dvr_device *dev)
{
	int index = dev->tx_power_asked
		            ? index_of_mbm(dev->info, dev->tx_power_asked_mbm)
		            : default_index(dev);
	return program_tx_power(dev, index);
}

/* Is @p to in the band and bandwidth the chip is tuned to, so that only
 * the channel moves (a hop, ops->hop_channel)? */
static bool is_hop(const struct dvr_channel *from, const struct dvr_channel *to)
{
	if (!from->channel || from->bw_mhz != to->bw_mhz ||
	    from->secondary != to->secondary)
		return false;
	/* A 5/10 MHz channel is a 20 MHz tune plus a baseband re-clock
	 * that only set_channel applies: no hop keeps it, yet. */
	if (to->bw_mhz < 20)
		return false;
	return (from->channel <= 14) == (to->channel <= 14);
}

/* Channel, then TX power: the configured mBm or the chip's default. A
 * move within the band and bandwidth is a hop when the chip can make it
 * one (*hopped); anything else, and a hop the chip declines, is a full
 * channel set. *power_xfers: the control transfers the TX power took
 * (none when the new channel's per-rate words equal the old's). Under
 * ctrl_lock. */
static int tune(struct dvr_device *dev, const struct dvr_channel *ch,
                bool *hopped, uint64_t *power_xfers)
{
	const struct dvr_chip_ops *ops = dev->info->ops;
	*hopped = false;
	int r = DVR_OK;
	if (ops->hop_channel && is_hop(&dev->chip.channel, ch))
		r = ops->hop_channel(&dev->chip, ch, hopped);
	if (r == DVR_OK && !*hopped)
		r = ops->set_channel(&dev->chip, ch);
	if (r == DVR_OK)
		r = dvr_io_status(&dev->io);
	if (r != DVR_OK)
		return r;
	record_channel(dev, ch);
	uint64_t xfers0 = dev->io.ctrl_reads + dev->io.ctrl_writes;
	r = apply_asked_tx_power(dev);
	*power_xfers = dev->io.ctrl_reads + dev->io.ctrl_writes - xfers0;
	return r;
}

/* Monitor RX filters, then the carrier-sense gate the caller chose. */
static int set_monitor(struct dvr_device *dev)
{
	const struct dvr_chip_ops *ops = dev->info->ops;
	struct dvr_chip *chip = &dev->chip;
	enum dvr_carrier_sense cs = dev->cfg.carrier_sense;
	if (cs != DVR_CARRIER_SENSE_DEFAULT && cs != DVR_CARRIER_SENSE_OFF)
		return dvr_chip_fail(chip, DVR_E_INVALID, "unknown carrier-"
		                     "sense setting %d", (int)cs);
	int r = ops->set_monitor(chip, dev->cfg.keep_corrupted);
	if (r != DVR_OK)
		return r;
	if (ops->set_carrier_sense)
		return ops->set_carrier_sense(chip,
		                              cs == DVR_CARRIER_SENSE_DEFAULT);
	if (cs != DVR_CARRIER_SENSE_DEFAULT)
		return dvr_chip_fail(chip, DVR_E_UNSUPPORTED, "%s: turning "
		                     "carrier sense off is not supported",
		                     dvr_chip_name(dev));
	return DVR_OK;
}

static int do_stage(struct dvr_device *dev, enum init_stage st,
                    const struct dvr_channel *ch)
{
	const struct dvr_chip_ops *ops = dev->info->ops;
	struct dvr_chip *chip = &dev->chip;
	switch (st) {
	case STAGE_IDENTIFY:
		dvr_reg_shadow_reset(&chip->shadow);
		return ops->identify(chip);
	case STAGE_POWER_ON:
		dvr_reg_shadow_reset(&chip->shadow);
		return ops->power_on(chip);
	case STAGE_FIRMWARE: return load_and_download_firmware(dev);
	case STAGE_MAC: return ops->mac_init(chip);
	case STAGE_PHY: return ops->phy_init(chip);
	case STAGE_MONITOR:
		return set_monitor(dev);
	case STAGE_CHANNEL: {
		bool hopped;
		uint64_t power_xfers;
		return tune(dev, ch, &hopped, &power_xfers);
	}
	case STAGE_CALIBRATE: return ops->calibrate(chip);
	default: return DVR_E_INVALID;
	}
}

/* A calibration ran in the op just returned (the run count in c, a copy
 * taken under ctrl_lock, moved from runs_before): tell the application,
 * and warn of a failed part. */
static void report_calibration(struct dvr_device *dev,
                               const struct dvr_calib_result *c,
                               unsigned runs_before)
{
	if (c->runs == runs_before)
		return;
	const char *what = c->what ? c->what : "calibration";
	uint32_t failed = c->failed_tx | c->failed_rx;
	for (unsigned p = 0; p < c->paths && p < 32; p++)
		if (failed & (1u << p))
			dev_log(dev, DVR_LOG_WARN, "%s failed on path %c (%s%s%s) "
			        "at channel %u: neutral correction applied",
			        what, 'A' + (int)p,
			        c->failed_tx & (1u << p) ? "TX" : "",
			        (c->failed_tx & c->failed_rx & (1u << p)) ?
			                " and " : "",
			        c->failed_rx & (1u << p) ? "RX" : "", c->channel);
	struct dvr_event ev = { .type = DVR_EVENT_CALIBRATION };
	ev.calibration.what = what;
	ev.calibration.channel = c->channel;
	ev.calibration.paths = c->paths;
	ev.calibration.failed_tx = c->failed_tx;
	ev.calibration.failed_rx = c->failed_rx;
	emit(dev, &ev);
}

/* One timed stage; a failure keeps the chip's own message. */
static int run_stage(struct dvr_device *dev, enum init_stage st,
                     const struct dvr_channel *ch)
{
	struct stage_clock c;
	stage_begin(dev, &c);
	dev->chip.error[0] = '\0';
	dev->chip.warning[0] = '\0';
	unsigned calib_runs = dev->chip.calib.runs;
	int r = do_stage(dev, st, ch);
	if (dev->chip.warning[0]) {
		dev_log(dev, DVR_LOG_WARN, "%s: %s", stage_names[st],
		        dev->chip.warning);
		struct dvr_event ev = { .type = DVR_EVENT_WARNING };
		ev.warning.stage = stage_names[st];
		ev.warning.message = dev->chip.warning;
		emit(dev, &ev);
		dev->chip.warning[0] = '\0';
	}
	if (r == DVR_OK && dvr_io_status(&dev->io) != DVR_OK)
		r = dvr_io_status(&dev->io);
	if (r != DVR_OK)
		return stage_failed(dev, stage_names[st], r);
	stage_end(dev, &c, stage_names[st], DVR_EVENT_INIT_STAGE);
	report_calibration(dev, &dev->chip.calib, calib_runs);
	return DVR_OK;
}

static int check_channel(struct dvr_device *dev, const struct dvr_channel *ch)
{
	if (!ch || dvr_channel_to_freq(ch->channel) == 0 ||
	    (ch->bw_mhz != 5 && ch->bw_mhz != 10 && ch->bw_mhz != 20 &&
	     ch->bw_mhz != 40 && ch->bw_mhz != 80)) {
		set_error(dev, DVR_E_INVALID, "invalid channel %u / %u MHz "
		          "(5, 10, 20, 40 or 80)",
		          ch ? ch->channel : 0, ch ? ch->bw_mhz : 0);
		return DVR_E_INVALID;
	}
	if (ch->bw_mhz < 20 && !dev->info->narrowband) {
		set_error(dev, DVR_E_UNSUPPORTED,
		          "%s has no narrowband mode: channel %u at %u MHz "
		          "needs a chip that re-clocks its baseband (5 and "
		          "10 MHz; 20, 40 or 80 MHz here)", dvr_chip_name(dev),
		          ch->channel, ch->bw_mhz);
		return DVR_E_UNSUPPORTED;
	}
	if (ch->bw_mhz > dev->info->max_bw_mhz ||
	    (ch->channel > 14 && !dev->info->has_5ghz)) {
		set_error(dev, DVR_E_UNSUPPORTED,
		          "%s cannot use channel %u at %u MHz", dvr_chip_name(dev),
		          ch->channel, ch->bw_mhz);
		return DVR_E_UNSUPPORTED;
	}
	return DVR_OK;
}

int dvr_start(dvr_device *dev, const struct dvr_channel *channel)
{
	if (!dev)
		return DVR_E_INVALID;
	if (dev->started)
		return DVR_E_STATE;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	int r = check_channel(dev, channel);
	if (r != DVR_OK)
		return r;

	pthread_mutex_lock(&dev->ctrl_lock);
	/* A timeout of an earlier attempt (or of the power-off after it)
	 * must not fail this one before it has made a transfer. */
	dvr_io_clear_error(&dev->io);
	struct stage_clock total;
	stage_begin(dev, &total);
	for (int st = 0; st < N_STAGES && r == DVR_OK; st++)
		if (has_stage(dev->info->ops, (enum init_stage)st))
			r = run_stage(dev, (enum init_stage)st, channel);
	if (r == DVR_OK)
		dev->started = true;
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (r != DVR_OK) {
		/* Leave the chip off rather than half-configured. */
		if (!atomic_load(&dev->dead)) {
			dvr_io_clear_error(&dev->io);
			dev->info->ops->power_off(&dev->chip);
			dvr_reg_shadow_reset(&dev->chip.shadow);
		}
		return r;
	}

	bool want_rx = dev->cfg.enable_rx || dev->cfg.on_rx;
	if (want_rx && !dev->rx_deferred) {
		r = dvr_core_start_rx(dev);
		if (r != DVR_OK)
			return r;
	}
	stage_end(dev, &total, "total", DVR_EVENT_INIT_DONE);
	/* Only now: the bring-up's transfer counts above are read without
	 * the control lock, and the watchdog's ticks would add to them. */
	return start_watchdog(dev);
}

/* ------------------------------------------------------------------ */
/* watchdog                                                            */
/* ------------------------------------------------------------------ */

/* One run of the chip's upkeep, under ctrl_lock. A failed register
 * access is logged and the next tick tries again; a vanished device
 * stops everything as anywhere else. */
static void watchdog_tick(struct dvr_device *dev, struct dvr_thermal_stats *st)
{
	pthread_mutex_lock(&dev->ctrl_lock);
	if (atomic_load(&dev->dead)) {
		pthread_mutex_unlock(&dev->ctrl_lock);
		return;
	}
	dev->chip.error[0] = '\0';
	dvr_io_clear_error(&dev->io);
	int r = dev->info->ops->track(&dev->chip, st);
	if (r == DVR_OK)
		r = dvr_io_status(&dev->io);
	st->ticks++;
	char why[sizeof dev->chip.error];
	snprintf(why, sizeof why, "%s", dev->chip.error);
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (r == DVR_OK)
		return;
	if (is_fatal(r))
		mark_dead(dev, r, "chip upkeep");
	else
		dev_log(dev, DVR_LOG_WARN, "chip upkeep (thermal tracking) "
		        "failed: %s", why[0] ? why : dvr_strerror(r));
}

static void *watchdog_main(void *arg)
{
	struct dvr_device *dev = arg;
	unsigned period = dev->cfg.track_period_ms ? dev->cfg.track_period_ms
		                                   : DEFAULT_TRACK_PERIOD_MS;
	pthread_mutex_lock(&dev->wd_lock);
	struct dvr_thermal_stats st = dev->thermal;
	while (!dev->wd_stop) {
		struct timespec due = dvr_deadline_after_ms(period);
		/* close wakes us at once: it never waits out a period */
		while (!dev->wd_stop &&
		       pthread_cond_timedwait(&dev->wd_cond, &dev->wd_lock,
		                              &due) != ETIMEDOUT)
			;
		if (dev->wd_stop)
			break;
		pthread_mutex_unlock(&dev->wd_lock);
		watchdog_tick(dev, &st);
		pthread_mutex_lock(&dev->wd_lock);
		dev->thermal = st;
	}
	pthread_mutex_unlock(&dev->wd_lock);
	return NULL;
}

/* A chip with upkeep gets its watchdog once it is up. */
static int start_watchdog(struct dvr_device *dev)
{
	if (!dev->info->ops->track || dev->wd_running)
		return DVR_OK;
	dev->wd_stop = false;
	if (pthread_create(&dev->wd_thread, NULL, watchdog_main, dev) != 0) {
		set_error(dev, DVR_E_NO_MEM, "cannot start the watchdog "
		          "thread");
		return DVR_E_NO_MEM;
	}
	dev->wd_running = true;
	return DVR_OK;
}

static void stop_watchdog(struct dvr_device *dev)
{
	if (!dev->wd_running)
		return;
	pthread_mutex_lock(&dev->wd_lock);
	dev->wd_stop = true;
	pthread_cond_broadcast(&dev->wd_cond);
	pthread_mutex_unlock(&dev->wd_lock);
	pthread_join(dev->wd_thread, NULL);
	dev->wd_running = false;
}

int dvr_get_thermal_stats(dvr_device *dev, struct dvr_thermal_stats *out)
{
	if (!dev || !out)
		return DVR_E_INVALID;
	if (!dev->info || !dev->info->ops->track) {
		*out = (struct dvr_thermal_stats){ .thermal = -1,
		                                   .thermal_cal = -1 };
		return DVR_E_UNSUPPORTED;
	}
	pthread_mutex_lock(&dev->wd_lock);
	*out = dev->thermal;
	pthread_mutex_unlock(&dev->wd_lock);
	return DVR_OK;
}

void dvr_core_defer_rx(dvr_device *dev)
{
	dev->rx_deferred = true;
}

int dvr_core_start_rx(dvr_device *dev)
{
	if (dev->rx_running)
		return DVR_OK;
	if (!dev->started)
		return DVR_E_STATE;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	unsigned n = dev->cfg.rx_transfers ? dev->cfg.rx_transfers
		                           : DEFAULT_RX_TRANSFERS;
	size_t len = dev->cfg.rx_buffer_size ? dev->cfg.rx_buffer_size
		                             : DEFAULT_RX_BUFFER;
	int r = dev->t->ops->rx_start(dev->t, n, len, on_bulk_in,
	                              on_bulk_in_posted, dev);
	if (r != DVR_OK) {
		set_error(dev, r, "cannot start the RX ring");
		return r;
	}
	dev->rx_running = true;
	return DVR_OK;
}

int dvr_core_rx_claim(dvr_device *dev)
{
	if (!dev->rx_running)
		return DVR_E_STATE;
	if (!dev->t->ops->rx_claim)
		return DVR_E_UNSUPPORTED;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	return dev->t->ops->rx_claim(dev->t);
}

int dvr_core_rx_pump(dvr_device *dev, unsigned timeout_ms)
{
	if (!dev->rx_running || !dev->t->ops->rx_reap)
		return DVR_E_STATE;
	int r = dev->t->ops->rx_reap(dev->t, timeout_ms);
	/* A run of failed transfers ends RX here (on_bulk_in) while the bus
	 * itself would go on: the pump ends with it, as the device said. */
	if (r >= 0 && atomic_load(&dev->dead))
		return DVR_E_IO;
	return r;
}

void dvr_core_rx_wake(dvr_device *dev)
{
	if (dev->rx_running && dev->t->ops->rx_wake)
		dev->t->ops->rx_wake(dev->t);
}

void dvr_core_rx_release(dvr_device *dev)
{
	if (dev->rx_running && dev->t->ops->rx_release)
		dev->t->ops->rx_release(dev->t);
}

static int set_channel(dvr_device *dev, const struct dvr_channel *channel,
                       bool drain)
{
	if (!dev)
		return DVR_E_INVALID;
	if (!dev->started)
		return DVR_E_STATE;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	int r = check_channel(dev, channel);
	if (r != DVR_OK)
		return r;
	/* With @p drain, the frames already queued were meant for the old
	 * channel: they leave the host, then the chip's queues, before it
	 * moves (a frame still in the chip's FIFO would go out on the new
	 * channel). What that wait costs is the frames' airtime, not the
	 * retune's, so the retune is measured after it. Without, they leave
	 * on whichever channel the chip is on when their turn comes. */
	unsigned drain_ms = dev->cfg.tx_timeout_ms ? dev->cfg.tx_timeout_ms
	                                           : DEFAULT_TX_TIMEOUT_MS;
	if (drain)
		dev->t->ops->flush_out(dev->t, drain_ms);
	pthread_mutex_lock(&dev->ctrl_lock);
	dev->chip.error[0] = '\0';
	dvr_io_clear_error(&dev->io); /* a past timeout must not stick */
	/* best effort: frames stuck behind a busy medium must not keep the
	 * adapter off the channel asked for */
	if (drain)
		(void)dev->info->ops->wait_tx_idle(&dev->chip, drain_ms);
	dvr_io_clear_error(&dev->io);
	unsigned calib_runs = dev->chip.calib.runs;
	struct dvr_event ev = { .type = DVR_EVENT_CHANNEL };
	uint64_t xfers0 = dev->io.ctrl_reads + dev->io.ctrl_writes;
	uint64_t bytes0 = dev->io.ctrl_bytes;
	uint64_t delay0 = dvr_delay_total_us();
	uint64_t t0 = now_ns();
	bool hopped;
	uint64_t power_xfers = 0;
	r = tune(dev, channel, &hopped, &power_xfers);
	ev.retune.ms = (double)(now_ns() - t0) / 1e6;
	ev.retune.ctrl_transfers =
		dev->io.ctrl_reads + dev->io.ctrl_writes - xfers0;
	ev.retune.ctrl_bytes = dev->io.ctrl_bytes - bytes0;
	ev.retune.delay_us = dvr_delay_total_us() - delay0;
	ev.retune.hop = hopped;
	ev.retune.power_transfers = power_xfers;
	struct dvr_calib_result calib = dev->chip.calib;
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (r != DVR_OK)
		return stage_failed(dev, "set channel", r);
	ev.retune.channel = *channel;
	emit(dev, &ev);
	report_calibration(dev, &calib, calib_runs);
	return DVR_OK;
}

int dvr_set_channel(dvr_device *dev, const struct dvr_channel *channel)
{
	return set_channel(dev, channel, true);
}

int dvr_set_channel_now(dvr_device *dev, const struct dvr_channel *channel)
{
	return set_channel(dev, channel, false);
}

static int apply_tx_power(struct dvr_device *dev, int mbm)
{
	pthread_mutex_lock(&dev->ctrl_lock);
	dev->chip.error[0] = '\0';
	dvr_io_clear_error(&dev->io); /* a past timeout must not stick */
	dev->tx_power_asked = true;
	dev->tx_power_asked_mbm = mbm;
	int r = program_tx_power(dev, index_of_mbm(dev->info, mbm));
	if (r == DVR_OK)
		r = dvr_io_status(&dev->io);
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (r != DVR_OK)
		return stage_failed(dev, "set TX power", r);
	return DVR_OK;
}

int dvr_set_tx_power_mbm(dvr_device *dev, int mbm)
{
	if (!dev)
		return DVR_E_INVALID;
	if (!dev->started)
		return DVR_E_STATE;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	return apply_tx_power(dev, mbm);
}

int dvr_tx_power_mbm(dvr_device *dev)
{
	if (!dev)
		return 0;
	pthread_mutex_lock(&dev->ctrl_lock);
	int mbm = dev->tx_power_mbm;
	pthread_mutex_unlock(&dev->ctrl_lock);
	return mbm;
}

/* ------------------------------------------------------------------ */
/* chip time                                                           */
/* ------------------------------------------------------------------ */

/* The TSF is one 64-bit counter the host reads as two 32-bit words
 * (REG_TSFTR and REG_TSFTR + 4, as Linux rtlwifi rtl8723be hw.c
 * rtl8723be_get_hw_reg HW_VAR_CORRECT_TSF reads it), never at once. A
 * low word that reads smaller the second time wrapped between the
 * reads: the high word is then read again and goes with the second low
 * word. */
static uint64_t read_tsf(struct dvr_io *io, uint16_t reg)
{
	uint32_t lo = dvr_r32(io, reg);
	uint32_t hi = dvr_r32(io, (uint16_t)(reg + 4));
	uint32_t lo2 = dvr_r32(io, reg);
	if (lo2 < lo)
		hi = dvr_r32(io, (uint16_t)(reg + 4));
	return (uint64_t)hi << 32 | lo2;
}

int dvr_get_tsf(dvr_device *dev, uint64_t *tsf_us)
{
	if (!dev || !tsf_us)
		return DVR_E_INVALID;
	if (!dev->info->tsf_reg)
		return DVR_E_UNSUPPORTED;
	pthread_mutex_lock(&dev->ctrl_lock);
	int r = DVR_OK;
	if (!dev->started)
		r = DVR_E_STATE;
	else if (atomic_load(&dev->dead))
		r = DVR_E_NO_DEVICE;
	if (r == DVR_OK) {
		dvr_io_clear_error(&dev->io); /* a past timeout must not stick */
		uint64_t tsf = read_tsf(&dev->io, dev->info->tsf_reg);
		r = dvr_io_status(&dev->io);
		if (r == DVR_OK)
			*tsf_us = tsf;
	}
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (is_fatal(r))
		mark_dead(dev, r, "reading the TSF");
	return r;
}

/* ------------------------------------------------------------------ */
/* TX                                                                  */
/* ------------------------------------------------------------------ */

static void count_done(struct dvr_tx_stats *tx, int status, size_t frame_len,
                       uint32_t airtime_us)
{
	if (status == DVR_OK) {
		tx->completed++;
		tx->bytes += frame_len;
		tx->airtime_us += airtime_us;
	} else if (status == DVR_E_TIMEOUT) {
		tx->timeouts++;
	} else {
		tx->failed++;
	}
}

/* Every frame counts for the device and, when a share sent it, for that
 * share too: a stream's duty is its own, the adapter's is everyone's. */
static void account_done(struct dvr_device *dev, struct dvr_tx_owner *owner,
                         int status, size_t frame_len, uint32_t airtime_us)
{
	count_done(&dev->tx, status, frame_len, airtime_us);
	if (owner)
		count_done(&owner->tx, status, frame_len, airtime_us);
}

/* The transfer in @p s is over with @p status (failed before the bus if it
 * was never submitted): count it, once for the device and once for each
 * share with a frame in it, count every frame, and free the slot. Call
 * with tx_lock held. */
static void finish_slot(struct dvr_device *dev, struct tx_slot *s, int status)
{
	unsigned n = s->pack.n;
	unsigned agg = n > 1;

	dev->tx.transfers++;
	dev->tx.agg_transfers += agg;
	for (unsigned i = 0; i < n; i++) {
		struct tx_frame *f = &s->frames[i];
		struct dvr_tx_owner *o = f->owner;
		account_done(dev, o, status, f->len, f->airtime_us);
		dev->in_flight--;
		if (o) {
			bool first = true;
			for (unsigned j = 0; j < i; j++)
				first = first && s->frames[j].owner != o;
			if (first) {
				o->tx.transfers++;
				o->tx.agg_transfers += agg;
			}
			o->in_flight--;
		}
	}
	for (unsigned i = 0; i < n; i++)
		s->frames[i].owner = NULL;
	dvr_tx_pack_reset(&s->pack, s->pack.buf, s->pack.cap);
	s->next_free = dev->free_head;
	dev->free_head = (int)(s - dev->slots);
	pthread_cond_broadcast(&dev->tx_cond);
}

static unsigned tx_timeout(const struct dvr_device *dev)
{
	return dev->cfg.tx_timeout_ms ? dev->cfg.tx_timeout_ms
		                      : DEFAULT_TX_TIMEOUT_MS;
}

static void on_tx_done(void *user, int status, size_t actual);

/* Hand the open slot to the bus and close it; a refusal counts its frames
 * failed and frees it. Returns the transport's status. Call with tx_lock
 * held. */
static int submit_open(struct dvr_device *dev)
{
	struct tx_slot *s = dev->open;
	size_t len = dvr_tx_pack_close(&dev->chip, &s->pack);
	/* Submitting under tx_lock keeps frames in call order on the bus. */
	int r = dev->t->ops->bulk_out_submit(dev->t, dev->tx_out_idx,
	                                     s->pack.buf, len, tx_timeout(dev),
	                                     on_tx_done, s);
	dev->open = NULL;
	if (r != DVR_OK) {
		finish_slot(dev, s, r);
		return r;
	}
	dev->xfers_busy++;
	dvr_io_trace_bulk(&dev->io, false,
	                  dev->t->info.out_ep[dev->tx_out_idx], len);
	return DVR_OK;
}

/* A transfer completed: its frames are counted. The frames that waited
 * meanwhile go when no other transfer is left on the bus, so it never
 * idles while they wait (rtw88 usb.c rtw_usb_tx_handler sends what its
 * queue holds the same way, packed); while another is, the open slot
 * keeps filling: the room this completion freed lets its sender add to
 * it, and a transfer leaves full or when the bus drains. */
static void on_tx_done(void *user, int status, size_t actual)
{
	struct tx_slot *s = user;
	struct dvr_device *dev = s->dev;
	int next = DVR_OK;
	(void)actual;
	pthread_mutex_lock(&dev->tx_lock);
	dev->xfers_busy--;
	finish_slot(dev, s, status);
	if (dev->open && dev->tx_closing) {
		struct tx_slot *o = dev->open;
		dev->open = NULL;
		finish_slot(dev, o, DVR_E_IO);
	} else if (dev->open && dev->xfers_busy == 0) {
		next = submit_open(dev);
	}
	pthread_mutex_unlock(&dev->tx_lock);
	if (is_fatal(status))
		mark_dead(dev, status, "transmit failed");
	else if (is_fatal(next))
		mark_dead(dev, next, "transmit failed");
}

static int reject(struct dvr_device *dev, struct dvr_tx_owner *owner,
                  int status)
{
	pthread_mutex_lock(&dev->tx_lock);
	dev->tx.rejected++;
	if (owner)
		owner->tx.rejected++;
	pthread_mutex_unlock(&dev->tx_lock);
	return status;
}

static bool interrupted(const struct dvr_device *dev,
                        const struct dvr_tx_owner *owner)
{
	return atomic_load(&dev->interrupted) ||
	       (owner && atomic_load(&owner->interrupted));
}

/* A frame cannot be wider than the tuned channel. Call with sync_lock or
 * tx_lock held: chip.channel changes under both. */
static bool wider_than_channel(const struct dvr_device *dev,
                               const struct dvr_tx_params *p)
{
	return p->bw_mhz > dvr_baseband_bw_mhz(dev->chip.channel.bw_mhz);
}

/* The width a frame takes on the air: the channel's on a narrowband
 * channel, where the 20 MHz the vector says runs on the divided clock.
 * Lock-free (the atomic copy record_channel keeps). */
static unsigned air_bw_mhz(struct dvr_device *dev,
                           const struct dvr_tx_params *p)
{
	unsigned narrow = atomic_load(&dev->rx_narrow_bw);
	return narrow ? narrow : p->bw_mhz;
}

/* Wait until one more frame may be in flight (tx_queue_depth frames,
 * however they are packed into transfers); the wait is bounded by the
 * transfer timeout of what is in flight, so a wedged bus cannot block a
 * sender forever. Call with tx_lock held. */
static int wait_tx_room(struct dvr_device *dev, struct dvr_tx_owner *owner)
{
	struct timespec deadline;
	clock_gettime(CLOCK_REALTIME, &deadline);
	uint64_t wait_ms = 2ull * tx_timeout(dev) + 1000;
	deadline.tv_sec += (time_t)(wait_ms / 1000);
	deadline.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	while (dev->in_flight >= dev->n_slots) {
		if (atomic_load(&dev->dead))
			return DVR_E_NO_DEVICE;
		if (interrupted(dev, owner))
			return DVR_E_BUSY;
		if (pthread_cond_timedwait(&dev->tx_cond, &dev->tx_lock,
		                           &deadline) == ETIMEDOUT)
			return DVR_E_TIMEOUT;
	}
	/* Every slot in use holds a frame in flight: one is free. */
	return dev->free_head >= 0 ? DVR_OK : DVR_E_BUSY;
}

/* The frame just packed into @p s is in flight. */
static void note_frame(struct dvr_device *dev, struct dvr_tx_owner *owner,
                       struct tx_slot *s, size_t len, uint32_t airtime_us)
{
	struct tx_frame *f = &s->frames[s->pack.n - 1];
	f->owner = owner;
	f->len = len;
	f->airtime_us = airtime_us;
	dev->in_flight++;
	dev->tx.submitted++;
	if (owner) {
		owner->in_flight++;
		owner->tx.submitted++;
	}
}

/* Async TX of one frame. While a transfer is on the bus the frame joins
 * the open slot, which leaves when it is full (agg_max frames, or the
 * next frame would pass the chip's byte limit) or when the last transfer
 * on the bus completes; with the bus idle, or aggregation off, it leaves
 * at once, alone. Returns this frame's status (DVR_OK once it is handed
 * to the bus or packed to follow). */
static int send_async(struct dvr_device *dev, struct dvr_tx_owner *owner,
                      const uint8_t *frame, const struct dvr_tx_desc_req *req,
                      uint32_t airtime_us)
{
	int r, earlier = DVR_OK;
	struct tx_slot *s;

	pthread_mutex_lock(&dev->tx_lock);
	r = wider_than_channel(dev, req->params) ? DVR_E_INVALID
	                                         : wait_tx_room(dev, owner);
	if (r != DVR_OK)
		goto refused;
	if ((s = dev->open) != NULL) {
		r = dvr_tx_pack_add(&dev->chip, dev->agg_max, &s->pack, req,
		                    frame, dev->desc_scratch);
		if (r == DVR_OK) {
			note_frame(dev, owner, s, req->frame_len, airtime_us);
			if (s->pack.n >= dev->agg_max)
				r = submit_open(dev);
			goto done;
		}
		if (r != DVR_E_OVERFLOW)
			goto refused;
		/* Full for this frame: the frames before it go first. */
		earlier = submit_open(dev);
	}
	s = &dev->slots[dev->free_head];
	dev->free_head = s->next_free;
	r = dvr_tx_pack_add(&dev->chip, dev->agg_max, &s->pack, req, frame,
	                    dev->desc_scratch);
	if (r != DVR_OK) {
		s->next_free = dev->free_head;
		dev->free_head = (int)(s - dev->slots);
		goto refused;
	}
	note_frame(dev, owner, s, req->frame_len, airtime_us);
	dev->open = s;
	if (dev->agg_max < 2 || dev->xfers_busy == 0)
		r = submit_open(dev);
done:
	pthread_mutex_unlock(&dev->tx_lock);
	if (is_fatal(earlier))
		mark_dead(dev, earlier, "transmit failed");
	else if (is_fatal(r))
		mark_dead(dev, r, "transmit failed");
	return r;
refused:
	dev->tx.rejected++;
	if (owner)
		owner->tx.rejected++;
	pthread_mutex_unlock(&dev->tx_lock);
	if (is_fatal(earlier))
		mark_dead(dev, earlier, "transmit failed");
	return r;
}

/* Per-frame TX power (radiotap, dBm) is a device setting on chips without
 * a descriptor field: apply it only when it changes. */
static int maybe_apply_frame_power(struct dvr_device *dev,
                                   const struct dvr_tx_params *p)
{
	if (!p->has_tx_power || p->tx_power_dbm == dev->applied_tx_power_dbm)
		return DVR_OK;
	int r = apply_tx_power(dev, p->tx_power_dbm * 100);
	if (r == DVR_OK)
		dev->applied_tx_power_dbm = p->tx_power_dbm;
	return r;
}

int dvr_core_send_raw(dvr_device *dev, struct dvr_tx_owner *owner,
                      const uint8_t *frame, size_t len,
                      const struct dvr_tx_params *params)
{
	if (!dev || !frame || !params)
		return DVR_E_INVALID;
	if (!dev->started)
		return DVR_E_STATE;
	if (atomic_load(&dev->dead))
		return reject(dev, owner, DVR_E_NO_DEVICE);
	if (interrupted(dev, owner))
		return reject(dev, owner, DVR_E_BUSY);
	if (len < 10)
		return reject(dev, owner, DVR_E_INVALID);
	if (len > dev->info->max_tx_frame)
		return reject(dev, owner, DVR_E_OVERFLOW);
	int r = maybe_apply_frame_power(dev, params);
	if (r != DVR_OK)
		return reject(dev, owner, r);

	struct dvr_tx_desc_req req = {
		.params = params,
		.frame_len = len,
		.group_addressed = (frame[4] & 0x01) != 0,
		.seq = len >= 24 ? (uint16_t)((frame[22] | frame[23] << 8) >> 4)
		                 : 0,
	};
	/* PSDU = frame + FCS the MAC appends. */
	uint32_t airtime = dvr_airtime_us(&params->rate,
	                                  air_bw_mhz(dev, params),
	                                  params->short_gi, len + 4);
	const struct dvr_chip_ops *ops = dev->info->ops;

	if (dev->tx_mode != DVR_TX_SYNC)
		return send_async(dev, owner, frame, &req, airtime);

	/* sync_lock serialises senders (one transfer at a time is what sync
	 * mode means); tx_lock only guards the counters, so stats readers
	 * never wait for the bus. */
	pthread_mutex_lock(&dev->sync_lock);
	int hdr = wider_than_channel(dev, params)
	                  ? DVR_E_INVALID
	                  : ops->build_tx_desc(&dev->chip, dev->sync_buf, &req);
	if (hdr < 0 || (size_t)hdr + len > dev->slot_size) {
		pthread_mutex_unlock(&dev->sync_lock);
		return reject(dev, owner, hdr < 0 ? hdr : DVR_E_OVERFLOW);
	}
	memcpy(dev->sync_buf + hdr, frame, len);
	pthread_mutex_lock(&dev->tx_lock);
	dev->tx.submitted++;
	dev->in_flight++;
	if (owner) {
		owner->tx.submitted++;
		owner->in_flight++;
	}
	pthread_mutex_unlock(&dev->tx_lock);
	r = dev->t->ops->bulk_out_sync(dev->t, dev->tx_out_idx, dev->sync_buf,
	                               (size_t)hdr + len, tx_timeout(dev));
	if (r >= 0)
		r = (size_t)r == (size_t)hdr + len ? DVR_OK : DVR_E_IO;
	if (r == DVR_OK)
		dvr_io_trace_bulk(&dev->io, false,
		                  dev->t->info.out_ep[dev->tx_out_idx],
		                  (size_t)hdr + len);
	pthread_mutex_unlock(&dev->sync_lock);
	pthread_mutex_lock(&dev->tx_lock);
	dev->in_flight--;
	dev->tx.transfers++;
	if (owner) {
		owner->in_flight--;
		owner->tx.transfers++;
	}
	account_done(dev, owner, r, len, airtime);
	pthread_cond_broadcast(&dev->tx_cond);
	pthread_mutex_unlock(&dev->tx_lock);
	if (is_fatal(r))
		mark_dead(dev, r, "transmit failed");
	return r;
}

int dvr_send_raw(dvr_device *dev, const uint8_t *frame, size_t len,
                 const struct dvr_tx_params *params)
{
	return dvr_core_send_raw(dev, NULL, frame, len, params);
}

/* Wake senders waiting for a slot so they see an interrupt flag. */
static void wake_senders(struct dvr_device *dev)
{
	pthread_mutex_lock(&dev->tx_lock);
	pthread_cond_broadcast(&dev->tx_cond);
	pthread_mutex_unlock(&dev->tx_lock);
}

void dvr_interrupt(dvr_device *dev, bool on)
{
	if (!dev)
		return;
	atomic_store(&dev->interrupted, on);
	wake_senders(dev);
}

void dvr_core_interrupt_owner(dvr_device *dev, struct dvr_tx_owner *owner,
                              bool on)
{
	atomic_store(&owner->interrupted, on);
	wake_senders(dev);
}

/* What dvr_send makes of a vector that leaves things unsaid. */
static void fill_unsaid(struct dvr_tx_params *p)
{
	if (p->rate.kind == DVR_RATE_LEGACY && p->rate.legacy_500k == 0)
		p->rate.legacy_500k = 12; /* nothing said: OFDM 6 Mbit/s */
	if (p->bw_mhz == 0)
		p->bw_mhz = 20;
}

/* Bytes of the frame a vector is checked with when no frame is given:
 * an 802.11 header, so only the vector itself can be refused. */
#define CHECK_FRAME_LEN 24u

int dvr_check_tx_params(dvr_device *dev, const struct dvr_tx_params *p,
                        char *why, size_t why_len)
{
	if (why && why_len)
		why[0] = '\0';
	if (!dev || !p) {
		if (why && why_len)
			snprintf(why, why_len, "no device or no TX vector");
		return DVR_E_INVALID;
	}
	if (!dev->started) {
		if (why && why_len)
			snprintf(why, why_len, "the adapter is not started: "
			         "its channel and straps are not known yet");
		return DVR_E_STATE;
	}
	struct dvr_tx_params q = *p;
	fill_unsaid(&q);
	const struct dvr_tx_desc_req req = { .params = &q,
	                                     .frame_len = CHECK_FRAME_LEN };
	int (*check)(const struct dvr_chip *, const struct dvr_tx_desc_req *,
	             char *, size_t) = dev->info->ops->check_tx_vector;
	int r = DVR_OK;
	/* The channel changes under sync_lock and tx_lock: either keeps it
	 * still while the check reads it. */
	pthread_mutex_lock(&dev->tx_lock);
	if (wider_than_channel(dev, &q)) {
		r = DVR_E_INVALID;
		if (why && why_len)
			snprintf(why, why_len, "a %u MHz PPDU is wider than the "
			         "tuned channel (channel %u, %u MHz)", q.bw_mhz,
			         dev->chip.channel.channel,
			         dev->chip.channel.bw_mhz);
	} else if (check) {
		r = check(&dev->chip, &req, why, why_len);
	}
	pthread_mutex_unlock(&dev->tx_lock);
	return r;
}

/* A frame whose radiotap names a channel leaves on it: the adapter moves
 * there first, keeping its bandwidth (a hop, when the chip can make one),
 * after the frames sent before it have left on the old one. Frames other
 * threads send meanwhile go on whichever channel they find. */
static int follow_frame_channel(struct dvr_device *dev, uint16_t freq)
{
	unsigned ch = dvr_freq_to_channel(freq);
	if (ch == 0) {
		set_error(dev, DVR_E_INVALID, "radiotap channel %u MHz is no "
		          "channel this driver tunes", freq);
		return DVR_E_INVALID;
	}
	if (atomic_load(&dev->rx_channel) == ch)
		return DVR_OK;
	pthread_mutex_lock(&dev->sync_lock);
	struct dvr_channel to = dev->chip.channel;
	pthread_mutex_unlock(&dev->sync_lock);
	to.channel = (uint16_t)ch;
	return dvr_set_channel(dev, &to);
}

int dvr_core_send(dvr_device *dev, struct dvr_tx_owner *owner,
                  const uint8_t *frame, size_t len)
{
	if (!dev || !frame)
		return DVR_E_INVALID;
	struct dvr_radiotap_tx rt;
	int r = dvr_radiotap_parse_tx(frame, len, &rt);
	if (r != DVR_OK)
		return reject(dev, owner, r);
	if (rt.has_channel) {
		r = follow_frame_channel(dev, rt.channel_freq);
		if (r != DVR_OK)
			return reject(dev, owner, r);
	}
	struct dvr_tx_params p;
	dvr_radiotap_merge(&rt, &dev->cfg.tx_defaults, &p);
	fill_unsaid(&p);
	size_t body = len - rt.header_len;
	if (rt.has_fcs) {
		if (body < 4)
			return reject(dev, owner, DVR_E_INVALID);
		body -= 4;
	}
	return dvr_core_send_raw(dev, owner, frame + rt.header_len, body, &p);
}

int dvr_send(dvr_device *dev, const uint8_t *frame, size_t len)
{
	return dvr_core_send(dev, NULL, frame, len);
}

/* Wait for the chip's TX queues to drain, whatever is left of the budget
 * that started at t0. */
static int wait_chip_idle(struct dvr_device *dev, uint64_t t0,
                          unsigned timeout_ms)
{
	uint64_t spent_ms = (now_ns() - t0) / 1000000u;
	unsigned left = spent_ms >= timeout_ms ? 0
	                                       : timeout_ms - (unsigned)spent_ms;
	pthread_mutex_lock(&dev->ctrl_lock);
	int r = dev->info->ops->wait_tx_idle(&dev->chip, left);
	if (r == DVR_OK)
		r = dvr_io_status(&dev->io);
	pthread_mutex_unlock(&dev->ctrl_lock);
	if (is_fatal(r))
		mark_dead(dev, r, "flush");
	return r;
}

int dvr_flush(dvr_device *dev, unsigned timeout_ms)
{
	if (!dev)
		return DVR_E_INVALID;
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	uint64_t t0 = now_ns();
	int r = dev->t->ops->flush_out(dev->t, timeout_ms);
	if (r != DVR_OK || !dev->started)
		return r;
	/* USB completion only means "in the chip's FIFO": the frames are
	 * sent when the FIFO is empty. */
	return wait_chip_idle(dev, t0, timeout_ms);
}

/* Wait until none of @p owner's transfers is in flight, at most until
 * @p t0 + @p timeout_ms. */
static int wait_owner_done(struct dvr_device *dev, struct dvr_tx_owner *owner,
                           uint64_t t0, unsigned timeout_ms)
{
	uint64_t end_ns = t0 + (uint64_t)timeout_ms * 1000000u;
	int r = DVR_OK;
	pthread_mutex_lock(&dev->tx_lock);
	while (owner->in_flight > 0) {
		if (atomic_load(&dev->dead)) {
			r = DVR_E_NO_DEVICE;
			break;
		}
		uint64_t now = now_ns();
		if (now >= end_ns) {
			r = DVR_E_TIMEOUT;
			break;
		}
		/* tx_cond waits on CLOCK_REALTIME: wait in short steps of the
		 * monotonic budget rather than trust a wall-clock deadline. */
		uint64_t step = end_ns - now < 50000000u ? end_ns - now
		                                         : 50000000u;
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += (long)step;
		while (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&dev->tx_cond, &dev->tx_lock, &ts);
	}
	pthread_mutex_unlock(&dev->tx_lock);
	return r;
}

int dvr_core_flush_owner(dvr_device *dev, struct dvr_tx_owner *owner,
                         bool wait_chip, unsigned timeout_ms)
{
	if (atomic_load(&dev->dead))
		return DVR_E_NO_DEVICE;
	uint64_t t0 = now_ns();
	int r = wait_owner_done(dev, owner, t0, timeout_ms);
	if (r != DVR_OK || !wait_chip || !dev->started)
		return r;
	return wait_chip_idle(dev, t0, timeout_ms);
}

void dvr_core_forget_owner(dvr_device *dev, struct dvr_tx_owner *owner)
{
	pthread_mutex_lock(&dev->tx_lock);
	for (size_t i = 0; i < (size_t)dev->n_slots * dev->agg_max; i++)
		if (dev->slot_frames[i].owner == owner)
			dev->slot_frames[i].owner = NULL;
	owner->in_flight = 0;
	pthread_mutex_unlock(&dev->tx_lock);
}

int dvr_core_channel(dvr_device *dev, struct dvr_channel *out)
{
	if (!dev->started)
		return DVR_E_STATE;
	pthread_mutex_lock(&dev->tx_lock);
	*out = dev->chip.channel;
	pthread_mutex_unlock(&dev->tx_lock);
	return DVR_OK;
}

void dvr_core_owner_stats(dvr_device *dev, const struct dvr_tx_owner *owner,
                          struct dvr_tx_stats *out)
{
	pthread_mutex_lock(&dev->tx_lock);
	*out = owner->tx;
	out->in_flight = owner->in_flight;
	pthread_mutex_unlock(&dev->tx_lock);
}

/* ------------------------------------------------------------------ */
/* accessors                                                           */
/* ------------------------------------------------------------------ */

void dvr_get_tx_stats(dvr_device *dev, struct dvr_tx_stats *out)
{
	pthread_mutex_lock(&dev->tx_lock);
	*out = dev->tx;
	out->in_flight = dev->in_flight;
	pthread_mutex_unlock(&dev->tx_lock);
}

void dvr_get_rx_stats(dvr_device *dev, struct dvr_rx_stats *out)
{
	out->transfers = atomic_load(&dev->rx_transfers);
	out->frames = atomic_load(&dev->rx_frames);
	out->bytes = atomic_load(&dev->rx_bytes);
	out->crc_errors = atomic_load(&dev->rx_crc);
	out->malformed = atomic_load(&dev->rx_malformed);
	out->c2h = atomic_load(&dev->rx_c2h);
	out->errors = atomic_load(&dev->rx_errors);
}

const char *dvr_core_location(const dvr_device *dev)
{
	return dev->t->info.location;
}

bool dvr_core_dead(const dvr_device *dev)
{
	return atomic_load(&dev->dead);
}

const char *dvr_chip_name(const dvr_device *dev)
{
	/* The part identify found, when its entry drives more than one. */
	if (dev->chip.id.part_name)
		return dev->chip.id.part_name;
	return dev->info->name;
}

const char *dvr_firmware_file(const dvr_device *dev)
{
	return dev->info->fw_file;
}

const char *dvr_firmware_package(const dvr_device *dev)
{
	return dev->info->fw_package;
}

unsigned dvr_rf_paths(const dvr_device *dev)
{
	if (!dev || !dev->info)
		return 0;
	return dvr_chip_rf_paths(&dev->chip);
}

const char *dvr_tx_caveat(const dvr_device *dev,
                          const struct dvr_channel *channel)
{
	if (!dev || !channel || !dev->info->ops->tx_caveat)
		return NULL;
	return dev->info->ops->tx_caveat(&dev->chip, channel);
}

const char *dvr_selector(const dvr_device *dev)
{
	return dev->selector;
}

size_t dvr_max_frame_len(const dvr_device *dev)
{
	return dev->info->max_tx_frame;
}

enum dvr_tx_mode dvr_tx_mode(const dvr_device *dev)
{
	return dev->tx_mode;
}

unsigned dvr_tx_agg_frames(const dvr_device *dev)
{
	return dev->tx_mode == DVR_TX_ASYNC ? dev->agg_max : 1;
}

const char *dvr_last_error(const dvr_device *dev)
{
	return dev ? dev->last_error : "";
}

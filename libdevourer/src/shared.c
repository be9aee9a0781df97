// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Shared adapters: one opened device per adapter in a process, used by
 * several streams at once (video out, telemetry in and out on a drone's
 * single card). A process-wide list holds each adapter once, keyed by
 * what identifies the hardware rather than by the selector text, so
 * "auto" and "usb:1-2" meet on one device. The device's callbacks are
 * this file's: received frames go to every share whose match takes them,
 * events and log lines to every share.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/selector.h"
#include "libdevourer/src/device_internal.h"

enum adapter_state { ADAPTER_OPENING, ADAPTER_RUNNING, ADAPTER_CLOSING };

struct shared_adapter {
	/* What the hardware is: "usb:BUS-PORT" once a USB adapter is open
	 * (whatever selector opened it), "virtual:NAME" for a virtual one. */
	char key[80];
	bool usb;
	enum adapter_state state;  /* under registry_lock */
	/* Shares holding it; changed under registry_lock, read anywhere. */
	atomic_uint refs;
	/* Shares that left but still wait for their frames in flight: the
	 * last share closes the device only once they are done with it. */
	unsigned leaving;          /* under registry_lock */
	dvr_device *dev;
	bool rx_started;           /* under registry_lock */
	/* The share that holds the RX pump (dvr_share_rx_pump), if any;
	 * claims and releases change it under pump_lock, which no reap
	 * holds (a release waits for the reap in progress). */
	pthread_mutex_t pump_lock;
	_Atomic(struct dvr_share *) pump_holder;
	/* Taken around every callback into the shares and every change of
	 * the list, so a share that left is never called again. Recursive:
	 * a callback may send, and a send that finds the device gone
	 * reports it (log, event) from inside that callback. */
	pthread_mutex_t users_lock;
	struct dvr_share *users;
	struct shared_adapter *next;
};

struct dvr_share {
	struct shared_adapter *ad;
	struct dvr_config cb;        /* this share's callbacks and level */
	struct dvr_rx_match match;
	struct dvr_tx_owner owner;
	struct dvr_share *next;
};

/* Lock order: registry_lock, then an adapter's users_lock; never the
 * other way (callbacks, which run under users_lock, may not open or
 * close shares, and nothing else they may call takes registry_lock). */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
/* Signalled when an adapter finishes opening or closing, or a leaving
 * share is done with its device. */
static pthread_cond_t registry_cond = PTHREAD_COND_INITIALIZER;
static struct shared_adapter *registry;
/* USB adapters being opened. Which port "auto" or "usb:VID:PID#N" ends
 * on is known only once dvr_open() picked one, so while one opens other
 * USB shares wait, then meet it by its port. */
static unsigned usb_opening;

/* The adapter whose callbacks this thread is running, if any: opening
 * or closing a share from there would wait for the callback itself. */
static pthread_key_t dispatch_key;
static pthread_once_t dispatch_key_once = PTHREAD_ONCE_INIT;

static void make_dispatch_key(void)
{
	pthread_key_create(&dispatch_key, NULL);
}

/* A pthread key rather than a _Thread_local: the library is dlopen()ed
 * by GStreamer, and LeakSanitizer's exit-time scan of a dlopen()ed
 * module's dynamic TLS crashes its tracer (GCC 12's libsanitizer under
 * glibc 2.36), which would fail every sanitized program that loads us. */
static const struct shared_adapter *get_dispatching(void)
{
	pthread_once(&dispatch_key_once, make_dispatch_key);
	return pthread_getspecific(dispatch_key);
}

static void set_dispatching(const struct shared_adapter *ad)
{
	pthread_once(&dispatch_key_once, make_dispatch_key);
	pthread_setspecific(dispatch_key, (void *)(uintptr_t)ad);
}

/* ------------------------------------------------------------------ */
/* which hardware a selector names                                     */
/* ------------------------------------------------------------------ */

#define MAX_LISTED 16

struct wanted {
	bool usb;
	bool any_usb;                 /* "auto": the first of listed[] */
	char key[80];
	unsigned n_listed;            /* "auto": USB adapters, bus order */
	char listed[MAX_LISTED][40];
};

/* The USB adapters on the bus as "usb:BUS-PORT", in the order dvr_open()
 * walks them; for an ID selector only those with its IDs. */
static unsigned list_usb(const struct dvr_selector *sel,
                         char out[MAX_LISTED][40])
{
	struct dvr_adapter_info found[MAX_LISTED];
	int n = dvr_list_adapters(found, MAX_LISTED);
	unsigned k = 0;
	for (int i = 0; i < n && i < MAX_LISTED; i++) {
		if (strncmp(found[i].location, "usb ", 4) != 0)
			continue;
		if (sel->kind == DVR_SEL_USB_ID &&
		    (found[i].vid != sel->vid || found[i].pid != sel->pid))
			continue;
		snprintf(out[k++], 40, "usb:%.32s", found[i].location + 4);
	}
	return k;
}

static void resolve(const char *selector, struct wanted *w)
{
	memset(w, 0, sizeof *w);
	struct dvr_selector sel;
	/* Unparsable: dvr_open() will say what is wrong with it. */
	snprintf(w->key, sizeof w->key, "%s", selector);
	if (dvr_selector_parse(selector, &sel) != DVR_OK)
		return;
	switch (sel.kind) {
	case DVR_SEL_VIRTUAL:
		/* The options (loss, seed...) are the opener's: one NAME is
		 * one station on the air. */
		snprintf(w->key, sizeof w->key, "virtual:%s", sel.name);
		return;
	case DVR_SEL_USB_PATH:
		w->usb = true;
		snprintf(w->key, sizeof w->key, "usb:%s", sel.path);
		return;
	case DVR_SEL_AUTO:
		w->usb = true;
		w->any_usb = true;
		w->n_listed = list_usb(&sel, w->listed);
		return;
	case DVR_SEL_USB_ID: {
		w->usb = true;
		char ids[MAX_LISTED][40];
		unsigned n = list_usb(&sel, ids);
		if (sel.index < n)
			snprintf(w->key, sizeof w->key, "%s", ids[sel.index]);
		return;
	}
	}
}

/* The running adapter of this process that w names, if any. Under
 * registry_lock. An adapter whose device died is not joined: a share
 * opened now opens the hardware afresh (a replugged adapter). */
static struct shared_adapter *find_key(const char *key)
{
	for (struct shared_adapter *a = registry; a; a = a->next) {
		if (strcmp(a->key, key) != 0)
			continue;
		if (a->state == ADAPTER_RUNNING && dvr_core_dead(a->dev))
			continue;
		return a;
	}
	return NULL;
}

static struct shared_adapter *find_wanted(const struct wanted *w)
{
	if (!w->any_usb)
		return find_key(w->key);
	/* "auto" is the adapter this process already drives, if it drives
	 * one (dvr_open("auto") would pass over it as in use), else the
	 * first free one dvr_open() finds. */
	for (unsigned i = 0; i < w->n_listed; i++) {
		struct shared_adapter *a = find_key(w->listed[i]);
		if (a)
			return a;
	}
	return NULL;
}

/* ------------------------------------------------------------------ */
/* the device's callbacks, fanned out                                  */
/* ------------------------------------------------------------------ */

static bool takes(const struct dvr_rx_match *m, const struct dvr_rx_frame *f)
{
	if ((size_t)m->offset + m->len > f->len)
		return false;
	for (unsigned i = 0; i < m->len; i++)
		if ((f->data[m->offset + i] ^ m->value[i]) & m->mask[i])
			return false;
	return true;
}

static void dispatch_rx(void *user, const struct dvr_rx_frame *frame)
{
	struct shared_adapter *ad = user;
	pthread_mutex_lock(&ad->users_lock);
	const struct shared_adapter *outer = get_dispatching();
	set_dispatching(ad);
	bool claimed = false;
	for (struct dvr_share *s = ad->users; s; s = s->next) {
		if (!s->cb.on_rx)
			continue;
		if (s->match.len == 0) {
			s->cb.on_rx(s->cb.user, frame);
		} else if (takes(&s->match, frame)) {
			claimed = true;
			s->cb.on_rx(s->cb.user, frame);
		}
	}
	if (!claimed)
		for (struct dvr_share *s = ad->users; s; s = s->next)
			if (s->cb.on_rx && s->match.len && s->match.unclaimed)
				s->cb.on_rx(s->cb.user, frame);
	set_dispatching(outer);
	pthread_mutex_unlock(&ad->users_lock);
}

static void dispatch_event(void *user, const struct dvr_event *event)
{
	struct shared_adapter *ad = user;
	pthread_mutex_lock(&ad->users_lock);
	const struct shared_adapter *outer = get_dispatching();
	set_dispatching(ad);
	for (struct dvr_share *s = ad->users; s; s = s->next)
		if (s->cb.on_event)
			s->cb.on_event(s->cb.user, event);
	set_dispatching(outer);
	pthread_mutex_unlock(&ad->users_lock);
}

static void dispatch_log(void *user, enum dvr_log_level level,
                         const char *message)
{
	struct shared_adapter *ad = user;
	bool heard = false;
	pthread_mutex_lock(&ad->users_lock);
	const struct shared_adapter *outer = get_dispatching();
	set_dispatching(ad);
	for (struct dvr_share *s = ad->users; s; s = s->next) {
		enum dvr_log_level limit = s->cb.log_level > DVR_LOG_WARN
			                           ? s->cb.log_level
			                           : DVR_LOG_WARN;
		if (level > limit)
			continue;
		if (s->cb.on_log) {
			s->cb.on_log(s->cb.user, level, message);
			heard = true;
		}
	}
	set_dispatching(outer);
	pthread_mutex_unlock(&ad->users_lock);
	/* With no share listening (or none with a log function), errors
	 * still reach someone, as dvr_open()'s default does. */
	if (!heard && level <= DVR_LOG_WARN)
		fprintf(stderr, "devourer [%s] %s: %s\n", ad->key,
		        level == DVR_LOG_ERROR ? "error" : "warning", message);
}

/* ------------------------------------------------------------------ */
/* open, join, leave                                                   */
/* ------------------------------------------------------------------ */

static void unlink_adapter(struct shared_adapter *ad)
{
	for (struct shared_adapter **p = &registry; *p; p = &(*p)->next)
		if (*p == ad) {
			*p = ad->next;
			return;
		}
}

static void add_user(struct shared_adapter *ad, struct dvr_share *s)
{
	pthread_mutex_lock(&ad->users_lock);
	s->next = ad->users;
	ad->users = s;
	pthread_mutex_unlock(&ad->users_lock);
}

static void remove_user(struct shared_adapter *ad, struct dvr_share *s)
{
	pthread_mutex_lock(&ad->users_lock);
	for (struct dvr_share **p = &ad->users; *p; p = &(*p)->next)
		if (*p == s) {
			*p = s->next;
			break;
		}
	pthread_mutex_unlock(&ad->users_lock);
}

static struct shared_adapter *new_adapter(const struct wanted *w)
{
	struct shared_adapter *ad = calloc(1, sizeof *ad);
	if (!ad)
		return NULL;
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
	int r = pthread_mutex_init(&ad->users_lock, &ma);
	pthread_mutexattr_destroy(&ma);
	if (r != 0) {
		free(ad);
		return NULL;
	}
	snprintf(ad->key, sizeof ad->key, "%s", w->key);
	ad->usb = w->usb;
	ad->state = ADAPTER_OPENING;
	atomic_init(&ad->refs, 1);
	atomic_init(&ad->pump_holder, NULL);
	pthread_mutex_init(&ad->pump_lock, NULL);
	return ad;
}

static void free_adapter(struct shared_adapter *ad)
{
	pthread_mutex_destroy(&ad->pump_lock);
	pthread_mutex_destroy(&ad->users_lock);
	free(ad);
}

static bool same_channel(const struct dvr_channel *a,
                         const struct dvr_channel *b)
{
	return a->channel == b->channel && a->bw_mhz == b->bw_mhz &&
	       (a->bw_mhz != 40 || a->secondary == 0 || b->secondary == 0 ||
	        a->secondary == b->secondary);
}

/* An error of the share's own making, to its log (stderr without one). */
static void cfg_log(const struct dvr_config *cb, const char *key,
                    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void cfg_log(const struct dvr_config *cb, const char *key,
                    const char *fmt, ...)
{
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (cb->on_log)
		cb->on_log(cb->user, DVR_LOG_ERROR, msg);
	else
		fprintf(stderr, "devourer [%s] error: %s\n", key, msg);
}

/* Bring up the adapter this share is the first user of. Runs without
 * registry_lock: other adapters open meanwhile, and joiners of this one
 * wait for ADAPTER_RUNNING. */
static int bring_up(struct shared_adapter *ad, struct dvr_share *s,
                    const char *selector,
                    const struct dvr_share_config *cfg)
{
	struct dvr_config dc = cfg->device;
	dc.on_rx = dispatch_rx;
	dc.on_event = dispatch_event;
	dc.on_log = dispatch_log;
	dc.user = ad;
	/* The device says everything; each share, joiners included, keeps
	 * what its own level asks for (dispatch_log). Debug lines are few
	 * and none is on a per-frame path. */
	dc.log_level = DVR_LOG_DEBUG;
	add_user(ad, s);
	int r = dvr_open(selector, &dc, &ad->dev);
	if (r != DVR_OK)
		return r;
	/* A sending-only adapter posts no RX ring until someone listens:
	 * the camera's CPU is not spent on frames nobody reads. */
	dvr_core_defer_rx(ad->dev);
	struct dvr_channel ch = cfg->channel;
	if (ch.channel == 0)
		ch = (struct dvr_channel){ .channel = 36, .bw_mhz = 20 };
	r = dvr_start(ad->dev, &ch);
	if (r != DVR_OK) {
		dvr_close(ad->dev);
		ad->dev = NULL;
	}
	return r;
}

/* The key of an open device: its port, whichever selector found it. */
static void key_from_device(struct shared_adapter *ad)
{
	const char *loc = dvr_core_location(ad->dev);
	if (ad->usb && strncmp(loc, "usb ", 4) == 0)
		snprintf(ad->key, sizeof ad->key, "usb:%s", loc + 4);
}

/* Under registry_lock: a joiner asking for another channel is refused. */
static int check_join(struct shared_adapter *ad,
                      const struct dvr_share_config *cfg,
                      const char *selector)
{
	struct dvr_channel now;
	if (cfg->channel.channel == 0 ||
	    dvr_core_channel(ad->dev, &now) != DVR_OK ||
	    same_channel(&now, &cfg->channel))
		return DVR_OK;
	cfg_log(&cfg->device, ad->key,
	        "adapter %s is in use on channel %u (%u MHz) by another "
	        "stream in this process; this one asks for channel %u "
	        "(%u MHz): one radio tunes to one channel", selector,
	        now.channel, now.bw_mhz, cfg->channel.channel,
	        cfg->channel.bw_mhz);
	return DVR_E_BUSY;
}

int dvr_share_open(const char *selector, const struct dvr_share_config *cfg,
                   dvr_share **out)
{
	if (!out || !cfg)
		return DVR_E_INVALID;
	*out = NULL;
	if (!selector)
		selector = "auto";
	if (get_dispatching()) {
		cfg_log(&cfg->device, selector,
		        "dvr_share_open() from a device callback: refused "
		        "(it would wait for that callback); open shares from "
		        "another thread");
		return DVR_E_STATE;
	}
	if (cfg->match.len > sizeof cfg->match.value) {
		cfg_log(&cfg->device, selector,
		        "RX match of %u bytes: at most %zu are compared",
		        cfg->match.len, sizeof cfg->match.value);
		return DVR_E_INVALID;
	}
	struct dvr_share *s = calloc(1, sizeof *s);
	if (!s)
		return DVR_E_NO_MEM;
	s->cb = cfg->device;
	s->match = cfg->match;
	atomic_init(&s->owner.interrupted, false);

	struct wanted w;
	resolve(selector, &w);

	pthread_mutex_lock(&registry_lock);
	struct shared_adapter *ad;
	for (;;) {
		ad = w.usb && usb_opening ? NULL : find_wanted(&w);
		if (w.usb && usb_opening) {
			/* Which port an opening USB adapter is on is not
			 * known yet: it may be the one we name. */
		} else if (!ad || ad->state == ADAPTER_RUNNING) {
			break;
		}
		/* Opening: join it once it runs. Closing: it must be gone
		 * from the bus before we open it again. */
		pthread_cond_wait(&registry_cond, &registry_lock);
	}
	int r = DVR_OK;
	if (!ad) {
		ad = new_adapter(&w);
		if (!ad) {
			pthread_mutex_unlock(&registry_lock);
			free(s);
			return DVR_E_NO_MEM;
		}
		ad->next = registry;
		registry = ad;
		if (ad->usb)
			usb_opening++;
		s->ad = ad;
		pthread_mutex_unlock(&registry_lock);

		r = bring_up(ad, s, selector, cfg);

		pthread_mutex_lock(&registry_lock);
		if (ad->usb)
			usb_opening--;
		if (r != DVR_OK) {
			unlink_adapter(ad);
			pthread_cond_broadcast(&registry_cond);
			pthread_mutex_unlock(&registry_lock);
			free_adapter(ad);
			free(s);
			return r;
		}
		key_from_device(ad);
		ad->state = ADAPTER_RUNNING;
		pthread_cond_broadcast(&registry_cond);
	} else {
		r = check_join(ad, cfg, selector);
		if (r != DVR_OK) {
			pthread_mutex_unlock(&registry_lock);
			free(s);
			return r;
		}
		atomic_fetch_add(&ad->refs, 1);
		s->ad = ad;
		add_user(ad, s);
	}
	if ((s->cb.on_rx || s->cb.enable_rx) && !ad->rx_started) {
		r = dvr_core_start_rx(ad->dev);
		if (r == DVR_OK)
			ad->rx_started = true;
	}
	pthread_mutex_unlock(&registry_lock);
	if (r != DVR_OK) {
		dvr_share_close(s);
		return r;
	}
	*out = s;
	return DVR_OK;
}

dvr_device *dvr_share_device(const dvr_share *share)
{
	return share ? share->ad->dev : NULL;
}

unsigned dvr_share_users(const dvr_share *share)
{
	/* Lock-free, so callbacks (and flushes from them) may ask. */
	return share ? atomic_load(&share->ad->refs) : 0;
}

int dvr_share_send(dvr_share *share, const uint8_t *frame, size_t len)
{
	if (!share)
		return DVR_E_INVALID;
	return dvr_core_send(share->ad->dev, &share->owner, frame, len);
}

int dvr_share_send_raw(dvr_share *share, const uint8_t *frame, size_t len,
                       const struct dvr_tx_params *params)
{
	if (!share)
		return DVR_E_INVALID;
	return dvr_core_send_raw(share->ad->dev, &share->owner, frame, len,
	                         params);
}

void dvr_share_interrupt(dvr_share *share, bool on)
{
	if (share)
		dvr_core_interrupt_owner(share->ad->dev, &share->owner, on);
}

int dvr_share_flush(dvr_share *share, unsigned timeout_ms)
{
	if (!share)
		return DVR_E_INVALID;
	bool alone = dvr_share_users(share) == 1;
	return dvr_core_flush_owner(share->ad->dev, &share->owner, alone,
	                            timeout_ms);
}

void dvr_share_get_tx_stats(dvr_share *share, struct dvr_tx_stats *out)
{
	if (!share || !out)
		return;
	dvr_core_owner_stats(share->ad->dev, &share->owner, out);
}

/* Make share the pump's holder (claiming it from the device's thread)
 * unless it is already. */
static int hold_pump(struct shared_adapter *ad, struct dvr_share *share)
{
	int r = DVR_OK;
	pthread_mutex_lock(&ad->pump_lock);
	struct dvr_share *holder = atomic_load(&ad->pump_holder);
	if (holder == NULL) {
		r = dvr_core_rx_claim(ad->dev);
		if (r == DVR_OK)
			atomic_store(&ad->pump_holder, share);
	} else if (holder != share) {
		r = DVR_E_BUSY;
	}
	pthread_mutex_unlock(&ad->pump_lock);
	return r;
}

int dvr_share_rx_pump(dvr_share *share, unsigned timeout_ms)
{
	if (!share)
		return DVR_E_INVALID;
	struct shared_adapter *ad = share->ad;
	/* From a callback the pump would reap inside its own reaping. */
	if (get_dispatching())
		return DVR_E_STATE;
	int r = hold_pump(ad, share);
	if (r != DVR_OK)
		return r;
	r = dvr_core_rx_pump(ad->dev, timeout_ms);
	/* Released by another thread just now: claimed again, as for a
	 * first pump. */
	if (r == DVR_E_STATE) {
		/* Under the lock: a release in progress has finished. */
		pthread_mutex_lock(&ad->pump_lock);
		bool released = atomic_load(&ad->pump_holder) != share;
		pthread_mutex_unlock(&ad->pump_lock);
		if (released) {
			r = hold_pump(ad, share);
			if (r == DVR_OK)
				r = dvr_core_rx_pump(ad->dev, timeout_ms);
		}
	}
	return r;
}

void dvr_share_rx_pump_wake(dvr_share *share)
{
	if (share)
		dvr_core_rx_wake(share->ad->dev);
}

void dvr_share_rx_pump_release(dvr_share *share)
{
	if (!share || get_dispatching() == share->ad)
		return;
	struct shared_adapter *ad = share->ad;
	pthread_mutex_lock(&ad->pump_lock);
	if (atomic_load(&ad->pump_holder) == share) {
		dvr_core_rx_release(ad->dev);
		atomic_store(&ad->pump_holder, NULL);
	}
	pthread_mutex_unlock(&ad->pump_lock);
}

void dvr_share_close(dvr_share *share)
{
	if (!share)
		return;
	struct shared_adapter *ad = share->ad;
	if (get_dispatching() == ad) {
		/* Closing here would wait for the callback we are in (and,
		 * for the last share, for the thread we are on). */
		cfg_log(&share->cb, ad->key,
		        "dvr_share_close() from a callback of its own adapter: "
		        "refused, the share stays open; close it from another "
		        "thread");
		return;
	}
	/* The other shares go on receiving on the device's thread. */
	dvr_share_rx_pump_release(share);
	pthread_mutex_lock(&registry_lock);
	if (atomic_load(&ad->refs) > 1) {
		atomic_fetch_sub(&ad->refs, 1);
		ad->leaving++;
		pthread_mutex_unlock(&registry_lock);
		/* Its frames still in flight finish on the device's thread;
		 * the owner they point to must outlive them. */
		if (dvr_core_flush_owner(ad->dev, &share->owner, false,
		                         1000) != DVR_OK)
			dvr_core_forget_owner(ad->dev, &share->owner);
		remove_user(ad, share);
		free(share);
		pthread_mutex_lock(&registry_lock);
		ad->leaving--;
		pthread_cond_broadcast(&registry_cond);
		pthread_mutex_unlock(&registry_lock);
		return;
	}
	atomic_store(&ad->refs, 0);
	ad->state = ADAPTER_CLOSING;
	/* A share that left just before still uses the device. */
	while (ad->leaving)
		pthread_cond_wait(&registry_cond, &registry_lock);
	pthread_mutex_unlock(&registry_lock);

	/* The last share hears the close (its log lines), then the device
	 * is gone and joiners may open it afresh. */
	dvr_close(ad->dev);
	remove_user(ad, share);
	pthread_mutex_lock(&registry_lock);
	unlink_adapter(ad);
	pthread_cond_broadcast(&registry_cond);
	pthread_mutex_unlock(&registry_lock);
	free_adapter(ad);
	free(share);
}

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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <devourer/devourer.h>

#include "libdevourer/bus/backend.h"
#include "libdevourer/bus/selector.h"
#include "libdevourer/src/device_internal.h"

enum adapter_state { ADAPTER_OPENING, ADAPTER_RUNNING, ADAPTER_CLOSING };

struct shared_adapter {
	char key[80];
	enum adapter_state state;  /* under registry_lock */
	unsigned refs;             /* shares, under registry_lock */
	dvr_device *dev;
	bool rx_started;           /* under registry_lock */
	/* Taken around every callback into the shares and every change of
	 * the list, so a share that left is never called again. */
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

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
/* Signalled when an adapter finishes opening or closing. */
static pthread_cond_t registry_cond = PTHREAD_COND_INITIALIZER;
static struct shared_adapter *registry;

/* ------------------------------------------------------------------ */
/* which hardware a selector names                                     */
/* ------------------------------------------------------------------ */

/* A USB selector by IDs or "auto" names whatever the bus lists first (or
 * N-th): ask the bus, as dvr_open() would pick, and key by its port. */
static bool usb_key(const struct dvr_selector *sel, char *key, size_t len)
{
	struct dvr_adapter_info found[16];
	int n = dvr_list_adapters(found, 16);
	if (n <= 0)
		return false;
	unsigned seen = 0;
	for (int i = 0; i < n && i < 16; i++) {
		if (strncmp(found[i].location, "usb ", 4) != 0)
			continue;
		if (sel->kind == DVR_SEL_USB_ID &&
		    (found[i].vid != sel->vid || found[i].pid != sel->pid ||
		     seen++ != sel->index))
			continue;
		snprintf(key, len, "usb:%s", found[i].location + 4);
		return true;
	}
	return false;
}

static void adapter_key(const char *selector, char *key, size_t len)
{
	struct dvr_selector sel;
	if (dvr_selector_parse(selector, &sel) != DVR_OK) {
		snprintf(key, len, "%s", selector);
		return;
	}
	switch (sel.kind) {
	case DVR_SEL_VIRTUAL:
		snprintf(key, len, "virtual:%s", sel.name);
		return;
	case DVR_SEL_USB_PATH:
		snprintf(key, len, "usb:%s", sel.path);
		return;
	case DVR_SEL_AUTO:
	case DVR_SEL_USB_ID:
		if (usb_key(&sel, key, len))
			return;
		break;
	}
	/* Nothing listed: dvr_open() will say what is missing. */
	snprintf(key, len, "%s", selector);
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
	pthread_mutex_unlock(&ad->users_lock);
}

static void dispatch_event(void *user, const struct dvr_event *event)
{
	struct shared_adapter *ad = user;
	pthread_mutex_lock(&ad->users_lock);
	for (struct dvr_share *s = ad->users; s; s = s->next)
		if (s->cb.on_event)
			s->cb.on_event(s->cb.user, event);
	pthread_mutex_unlock(&ad->users_lock);
}

static void dispatch_log(void *user, enum dvr_log_level level,
                         const char *message)
{
	struct shared_adapter *ad = user;
	bool heard = false;
	pthread_mutex_lock(&ad->users_lock);
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

static struct shared_adapter *find_adapter(const char *key)
{
	for (struct shared_adapter *a = registry; a; a = a->next)
		if (strcmp(a->key, key) == 0)
			return a;
	return NULL;
}

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

static void free_adapter(struct shared_adapter *ad)
{
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

static void share_log(const struct dvr_share *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void share_log(const struct dvr_share *s, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (s->cb.on_log)
		s->cb.on_log(s->cb.user, DVR_LOG_ERROR, msg);
	else
		fprintf(stderr, "devourer [%s] error: %s\n", s->ad->key, msg);
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
	/* The device reports what its most talkative user wants; each share
	 * filters to its own level. */
	dc.log_level = cfg->device.log_level;
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


int dvr_share_open(const char *selector, const struct dvr_share_config *cfg,
                   dvr_share **out)
{
	if (!out || !cfg)
		return DVR_E_INVALID;
	*out = NULL;
	if (!selector)
		selector = "auto";
	struct dvr_share *s = calloc(1, sizeof *s);
	if (!s)
		return DVR_E_NO_MEM;
	s->cb = cfg->device;
	s->match = cfg->match;
	if (s->match.len > sizeof s->match.value)
		s->match.len = sizeof s->match.value;
	atomic_init(&s->owner.interrupted, false);

	char key[80];
	adapter_key(selector, key, sizeof key);

	pthread_mutex_lock(&registry_lock);
	struct shared_adapter *ad;
	for (;;) {
		ad = find_adapter(key);
		if (!ad || ad->state == ADAPTER_RUNNING)
			break;
		/* Opening: join it once it runs. Closing: it must be gone
		 * from the bus before we open it again. */
		pthread_cond_wait(&registry_cond, &registry_lock);
	}
	int r = DVR_OK;
	if (!ad) {
		ad = calloc(1, sizeof *ad);
		if (!ad) {
			pthread_mutex_unlock(&registry_lock);
			free(s);
			return DVR_E_NO_MEM;
		}
		snprintf(ad->key, sizeof ad->key, "%s", key);
		pthread_mutex_init(&ad->users_lock, NULL);
		ad->state = ADAPTER_OPENING;
		ad->refs = 1;
		ad->next = registry;
		registry = ad;
		s->ad = ad;
		pthread_mutex_unlock(&registry_lock);

		r = bring_up(ad, s, selector, cfg);

		pthread_mutex_lock(&registry_lock);
		if (r != DVR_OK) {
			unlink_adapter(ad);
			pthread_cond_broadcast(&registry_cond);
			pthread_mutex_unlock(&registry_lock);
			free_adapter(ad);
			free(s);
			return r;
		}
		ad->state = ADAPTER_RUNNING;
		pthread_cond_broadcast(&registry_cond);
	} else {
		struct dvr_channel now;
		if (cfg->channel.channel != 0 &&
		    dvr_core_channel(ad->dev, &now) == DVR_OK &&
		    !same_channel(&now, &cfg->channel)) {
			pthread_mutex_unlock(&registry_lock);
			s->ad = ad;
			share_log(s, "adapter %s is in use on channel %u (%u MHz) "
			          "by another stream in this process; this one "
			          "asks for channel %u (%u MHz): one radio tunes "
			          "to one channel", selector, now.channel,
			          now.bw_mhz, cfg->channel.channel,
			          cfg->channel.bw_mhz);
			free(s);
			return DVR_E_BUSY;
		}
		ad->refs++;
		s->ad = ad;
		add_user(ad, s);
	}
	if (s->cb.on_rx && !ad->rx_started) {
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
	if (!share)
		return 0;
	pthread_mutex_lock(&registry_lock);
	unsigned n = share->ad->refs;
	pthread_mutex_unlock(&registry_lock);
	return n;
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

void dvr_share_close(dvr_share *share)
{
	if (!share)
		return;
	struct shared_adapter *ad = share->ad;
	pthread_mutex_lock(&registry_lock);
	bool last = --ad->refs == 0;
	if (last)
		ad->state = ADAPTER_CLOSING;
	pthread_mutex_unlock(&registry_lock);

	if (!last) {
		/* Its frames still in flight finish on the device's thread;
		 * the owner they point to must outlive them. */
		if (dvr_core_flush_owner(ad->dev, &share->owner, false,
		                         1000) != DVR_OK)
			dvr_core_forget_owner(ad->dev, &share->owner);
		remove_user(ad, share);
		free(share);
		return;
	}
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

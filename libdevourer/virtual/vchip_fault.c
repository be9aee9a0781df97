/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Bus faults of the virtual adapter (vchip_fault.h).
 *
 * The fault state of every chip sits in one small table here rather than
 * in struct vchip, so the model's other files only gain one hook call per
 * endpoint function. When no chip has a fault armed, each hook costs one
 * atomic load: the fault-free paths stay as fast as before.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "libdevourer/virtual/vchip_internal.h"

#define MAX_CHIPS 64
#define DEFAULT_WINDOW_MS 1000u

struct armed {
	struct vchip_fault f;
	uint64_t start_ns;
	bool fired;          /* stall/unplug: happened once, never again */
	unsigned left;       /* short-rx: transfers still to cut */
	bool counting;       /* after-ctrl: start not known yet */
	unsigned ctrl_left;  /* control transfers still to answer first */
};

struct chip_faults {
	struct vchip *vc;    /* NULL: free entry */
	struct armed a[VCHIP_MAX_FAULTS];
	unsigned n;
	bool halted[32];     /* by endpoint number + 16 for IN */
	struct vchip_fault_stats stats;
};

static pthread_mutex_t fault_lock = PTHREAD_MUTEX_INITIALIZER;
static struct chip_faults table[MAX_CHIPS];
static atomic_uint n_entries; /* fast path: nothing armed anywhere */

static unsigned ep_slot(uint8_t ep)
{
	return (ep & 0x0F) + ((ep & 0x80) ? 16u : 0u);
}

/* fault_lock held */
static struct chip_faults *find(const struct vchip *vc, bool create)
{
	struct chip_faults *free_e = NULL;
	for (unsigned i = 0; i < MAX_CHIPS; i++) {
		if (table[i].vc == vc)
			return &table[i];
		if (!table[i].vc && !free_e)
			free_e = &table[i];
	}
	if (!create || !free_e)
		return NULL;
	memset(free_e, 0, sizeof *free_e);
	free_e->vc = (struct vchip *)vc;
	atomic_fetch_add(&n_entries, 1);
	return free_e;
}

/* ---- text form ---- */

static int fail(char *err, size_t len, const char *fmt, const char *what)
{
	if (err && len)
		snprintf(err, len, fmt, what);
	return -EINVAL;
}

static bool parse_ulong(const char *s, int base, unsigned long max,
                        unsigned long *out)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, base);
	if (errno || end == s || *end || *s == '-' || v > max)
		return false;
	*out = v;
	return true;
}

int vchip_fault_parse(const char *spec, struct vchip_fault *out, char *err,
                      size_t err_len)
{
	static const struct {
		const char *name;
		enum vchip_fault_kind kind;
	} kinds[] = {
		{"tx-nak", VCHIP_FAULT_TX_NAK},
		{"stall", VCHIP_FAULT_STALL},
		{"ctrl-timeout", VCHIP_FAULT_CTRL_TIMEOUT},
		{"short-rx", VCHIP_FAULT_SHORT_RX},
		{"unplug", VCHIP_FAULT_UNPLUG},
	};
	if (!spec || !out)
		return fail(err, err_len, "%s", "no fault given");
	char buf[128];
	if (strlen(spec) >= sizeof buf)
		return fail(err, err_len, "%s", "fault spec too long");
	strcpy(buf, spec);
	memset(out, 0, sizeof *out);
	char *opts = strchr(buf, ':');
	if (opts)
		*opts++ = '\0';
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(buf, kinds[i].name) == 0)
			out->kind = kinds[i].kind;
	if (!out->kind)
		return fail(err, err_len,
		            "unknown fault '%s' (tx-nak, stall, ctrl-timeout, "
		            "short-rx, unplug)", buf);
	char *save = NULL;
	for (char *tok = opts ? strtok_r(opts, ",", &save) : NULL; tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq)
			return fail(err, err_len, "fault option '%s' needs a "
			            "value", tok);
		*eq = '\0';
		const char *v = eq + 1;
		unsigned long n;
		if (strcmp(tok, "at") == 0 && parse_ulong(v, 10, 86400000, &n))
			out->at_ms = (unsigned)n;
		else if (strcmp(tok, "for") == 0 &&
		         parse_ulong(v, 10, 86400000, &n) && n > 0)
			out->for_ms = (unsigned)n;
		else if (strcmp(tok, "ep") == 0 && parse_ulong(v, 0, 0xFF, &n) &&
		         (n & 0x70) == 0 && (n & 0x0F) != 0)
			out->ep = (uint8_t)n;
		else if (strcmp(tok, "count") == 0 &&
		         parse_ulong(v, 10, 1000000, &n) && n > 0)
			out->count = (unsigned)n;
		else if ((strcmp(tok, "after-ctrl") == 0 ||
		          strcmp(tok, "after-writes") == 0) &&
		         parse_ulong(v, 10, 100000000, &n)) {
			out->after_ctrl = (unsigned)n;
			out->after_ctrl_set = true;
			out->writes_only = strcmp(tok, "after-writes") == 0;
		} else
			return fail(err, err_len, "bad fault option '%s' (at=MS, "
			            "for=MS, ep=0xNN, count=N, after-ctrl=N, "
			            "after-writes=N)", tok);
	}
	return 0;
}

/* ---- arming ---- */

int vchip_fault_arm(struct vchip *vc, const struct vchip_fault *f)
{
	if (!vc || !f || f->kind < VCHIP_FAULT_TX_NAK ||
	    f->kind > VCHIP_FAULT_UNPLUG)
		return -EINVAL;
	struct vchip_usb_desc d;
	vchip_usb_desc(vc, &d);
	struct armed a = {.f = *f, .start_ns = air_now_ns() +
	                                       (uint64_t)f->at_ms * 1000000u};
	if (!a.f.for_ms)
		a.f.for_ms = DEFAULT_WINDOW_MS;
	if (!a.f.count)
		a.f.count = 1;
	a.left = a.f.count;
	if (a.f.after_ctrl_set) {
		/* Not due until the host has made its transfers. */
		a.counting = true;
		a.ctrl_left = a.f.after_ctrl;
		a.start_ns = UINT64_MAX;
	}
	if (a.f.kind == VCHIP_FAULT_STALL) {
		if (!a.f.ep)
			a.f.ep = d.out_ep[0];
		bool known = a.f.ep == d.in_ep;
		for (unsigned i = 0; i < d.n_out; i++)
			known |= a.f.ep == d.out_ep[i];
		if (!known)
			return -EINVAL;
	}
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, true);
	int r = 0;
	if (!c || c->n >= VCHIP_MAX_FAULTS)
		r = -ENOSPC;
	else
		c->a[c->n++] = a;
	pthread_mutex_unlock(&fault_lock);
	return r;
}

void vchip_fault_clear(struct vchip *vc)
{
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, false);
	if (c) {
		c->n = 0;
		memset(c->halted, 0, sizeof c->halted);
	}
	pthread_mutex_unlock(&fault_lock);
}

void vc_fault_forget(struct vchip *vc)
{
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, false);
	if (c) {
		c->vc = NULL;
		atomic_fetch_sub(&n_entries, 1);
	}
	pthread_mutex_unlock(&fault_lock);
}

void vchip_fault_get_stats(const struct vchip *vc,
                           struct vchip_fault_stats *out)
{
	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, false);
	if (c)
		*out = c->stats;
	pthread_mutex_unlock(&fault_lock);
}

bool vchip_is_unplugged(struct vchip *vc)
{
	pthread_mutex_lock(&vc->lock);
	bool gone = vc->unplugged;
	pthread_mutex_unlock(&vc->lock);
	return gone;
}

/* ---- hooks ---- */

/* Fire what is due (fault_lock held): halts and the unplug. Returns true
 * when an unplug fired now (the caller unplugs outside the lock). */
static bool fire_due(struct chip_faults *c, uint64_t now)
{
	bool unplug = false;
	for (unsigned i = 0; i < c->n; i++) {
		struct armed *a = &c->a[i];
		if (a->fired || now < a->start_ns)
			continue;
		if (a->f.kind == VCHIP_FAULT_STALL) {
			c->halted[ep_slot(a->f.ep)] = true;
			a->fired = true;
		} else if (a->f.kind == VCHIP_FAULT_UNPLUG) {
			c->stats.unplugged = true;
			a->fired = true;
			unplug = true;
		}
	}
	return unplug;
}

/* End of the NAK window of kind active at now, or 0 (fault_lock held). */
static uint64_t nak_until(const struct chip_faults *c,
                          enum vchip_fault_kind kind, uint64_t now)
{
	uint64_t end = 0;
	for (unsigned i = 0; i < c->n; i++) {
		const struct armed *a = &c->a[i];
		uint64_t e = a->start_ns + (uint64_t)a->f.for_ms * 1000000u;
		if (a->f.kind == kind && !a->counting && now >= a->start_ns &&
		    now < e && e > end)
			end = e;
	}
	return end;
}

/* The endpoint NAKs until the window ends or the host gives up after
 * timeout_ms, whichever is first; an unplug ends the wait at once.
 * Returns 0 when the window ended in time, else -ETIMEDOUT/-ENODEV. */
static int nak_wait(struct vchip *vc, uint64_t window_end,
                    unsigned timeout_ms)
{
	uint64_t give_up = air_now_ns() + (uint64_t)timeout_ms * 1000000u;
	uint64_t end = window_end < give_up ? window_end : give_up;
	struct timespec ts;
	vc_ns_to_ts(end, &ts);
	pthread_mutex_lock(&vc->lock);
	while (!vc->unplugged && air_now_ns() < end)
		pthread_cond_timedwait(&vc->tx_space, &vc->lock, &ts);
	bool gone = vc->unplugged;
	pthread_mutex_unlock(&vc->lock);
	if (gone)
		return -ENODEV;
	return window_end <= give_up ? 0 : -ETIMEDOUT;
}

/* A control transfer arrived (fault_lock held): faults counting the
 * host's control transfers either let this one through or start now. */
static void count_ctrl(struct chip_faults *c, uint64_t now, bool host_write)
{
	for (unsigned i = 0; i < c->n; i++) {
		struct armed *a = &c->a[i];
		if (!a->counting)
			continue;
		if (a->ctrl_left) {
			if (host_write || !a->f.writes_only)
				a->ctrl_left--;
			continue;
		}
		a->counting = false;
		a->start_ns = now + (uint64_t)a->f.at_ms * 1000000u;
	}
}

/* Look up the chip's faults and fire what is due; ctrl: the caller is a
 * control transfer. Returns the entry with fault_lock held, or NULL (lock
 * released) when none is armed. */
static struct chip_faults *enter(struct vchip *vc, uint64_t now, bool ctrl,
                                 bool host_write)
{
	if (atomic_load(&n_entries) == 0)
		return NULL;
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, false);
	if (!c) {
		pthread_mutex_unlock(&fault_lock);
		return NULL;
	}
	if (ctrl)
		count_ctrl(c, now, host_write);
	if (fire_due(c, now)) {
		pthread_mutex_unlock(&fault_lock);
		vchip_unplug(vc);
		pthread_mutex_lock(&fault_lock);
		c = find(vc, false);
		if (!c) {
			pthread_mutex_unlock(&fault_lock);
			return NULL;
		}
	}
	return c;
}

static int windowed(struct vchip *vc, uint8_t ep, enum vchip_fault_kind nak,
                    bool host_write, unsigned timeout_ms)
{
	uint64_t now = air_now_ns();
	bool ctrl = nak == VCHIP_FAULT_CTRL_TIMEOUT;
	struct chip_faults *c = enter(vc, now, ctrl, host_write);
	if (!c)
		return 0;
	if (ep && c->halted[ep_slot(ep)]) {
		c->stats.stalled++;
		pthread_mutex_unlock(&fault_lock);
		return -EPIPE;
	}
	uint64_t end = nak_until(c, nak, now);
	pthread_mutex_unlock(&fault_lock);
	if (!end)
		return 0;
	int r = nak_wait(vc, end, timeout_ms);
	if (r == -ETIMEDOUT) {
		pthread_mutex_lock(&fault_lock);
		c = find(vc, false);
		if (c) {
			if (nak == VCHIP_FAULT_TX_NAK)
				c->stats.nak_timeouts++;
			else
				c->stats.ctrl_timeouts++;
		}
		pthread_mutex_unlock(&fault_lock);
	}
	return r;
}

int vc_fault_control(struct vchip *vc, bool host_write, unsigned timeout_ms)
{
	return windowed(vc, 0, VCHIP_FAULT_CTRL_TIMEOUT, host_write,
	                timeout_ms);
}

int vc_fault_bulk_out(struct vchip *vc, uint8_t ep, unsigned timeout_ms)
{
	int r = windowed(vc, ep, VCHIP_FAULT_TX_NAK, false, timeout_ms);
	if (r == -ETIMEDOUT) {
		/* The chip's own NAK counter sees these too. */
		pthread_mutex_lock(&vc->lock);
		vc->stats.tx_naks++;
		pthread_mutex_unlock(&vc->lock);
	}
	return r;
}

int vc_fault_bulk_in(struct vchip *vc, uint8_t ep)
{
	struct chip_faults *c = enter(vc, air_now_ns(), false, false);
	if (!c)
		return 0;
	int r = 0;
	if (c->halted[ep_slot(ep)]) {
		c->stats.stalled++;
		r = -EPIPE;
	}
	pthread_mutex_unlock(&fault_lock);
	return r;
}

int vc_fault_bulk_in_done(struct vchip *vc, int r)
{
	if (r <= 1)
		return r;
	struct chip_faults *c = enter(vc, air_now_ns(), false, false);
	if (!c)
		return r;
	uint64_t now = air_now_ns();
	for (unsigned i = 0; i < c->n; i++) {
		struct armed *a = &c->a[i];
		if (a->f.kind != VCHIP_FAULT_SHORT_RX || now < a->start_ns ||
		    !a->left)
			continue;
		a->left--;
		c->stats.short_rx++;
		/* One byte short: the cut falls inside the transfer's last
		 * packet whatever the aggregation (the last packet is not
		 * padded), so the host always receives an incomplete packet
		 * it can tell, never a silently shorter aggregate that ends
		 * on a packet boundary. */
		r -= 1;
		break;
	}
	pthread_mutex_unlock(&fault_lock);
	return r;
}

void vc_fault_clear_halt(struct vchip *vc, uint8_t ep)
{
	if (atomic_load(&n_entries) == 0)
		return;
	pthread_mutex_lock(&fault_lock);
	struct chip_faults *c = find(vc, false);
	if (c && c->halted[ep_slot(ep)]) {
		c->halted[ep_slot(ep)] = false;
		c->stats.halts_cleared++;
	}
	pthread_mutex_unlock(&fault_lock);
}

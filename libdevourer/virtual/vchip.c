/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The model core at its USB interface: life cycle, configuration (and
 * the choice of personality), the in-process registry, endpoint 0 (vendor
 * register requests), endpoint dispatch, unplug, milestones and
 * statistics. The register file is vchip_regs.c, TX vchip_tx.c, RX
 * vchip_rx.c; what is particular to one chip is its personality
 * (vchip_personality.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "libdevourer/virtual/vchip_fault.h"
#include "libdevourer/virtual/vchip_internal.h"

_Static_assert(VCHIP_JAM_MAX_CHANNELS == AIR_JAM_MAX_CHANNELS,
               "jam= holds what the air publishes");

/* ---- small shared helpers ---- */

void vc_ns_to_ts(uint64_t ns, struct timespec *ts)
{
	ts->tv_sec = (time_t)(ns / 1000000000u);
	ts->tv_nsec = (long)(ns % 1000000000u);
}

void vc_deadline(struct timespec *ts, unsigned timeout_ms)
{
	vc_ns_to_ts(air_now_ns() + (uint64_t)timeout_ms * 1000000u, ts);
}

/* ---- registry of live chips (for tests and demos) ---- */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct vchip *registry;

struct vchip *vchip_find(const char *name)
{
	struct vchip *found = NULL;
	pthread_mutex_lock(&registry_lock);
	for (struct vchip *v = registry; v; v = v->registry_next)
		if (strcmp(v->name, name) == 0) {
			found = v;
			break;
		}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

static void registry_remove(struct vchip *vc)
{
	pthread_mutex_lock(&registry_lock);
	for (struct vchip **p = &registry; *p; p = &(*p)->registry_next)
		if (*p == vc) {
			*p = vc->registry_next;
			break;
		}
	pthread_mutex_unlock(&registry_lock);
}

/* ---- configuration ---- */

static int set_err(char *err, size_t err_len, const char *fmt,
                   const char *what)
{
	if (err && err_len)
		snprintf(err, err_len, fmt, what);
	return -EINVAL;
}

static bool parse_double(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end)
		return false;
	*out = v;
	return true;
}

static bool parse_long(const char *s, int base, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, base);
	if (errno || end == s || *end)
		return false;
	*out = v;
	return true;
}

/* A 32-bit value: long is 32 bits on ARMv7, too narrow for the range. */
static bool parse_u32(const char *s, uint32_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 0);
	if (errno || end == s || *end || v < 0 || v > 0xFFFFFFFFLL)
		return false;
	*out = (uint32_t)v;
	return true;
}

/* jam=CH[:CH...]: the channels a jammer occupies, in the order it
 * visits them. */
static int parse_jam_channels(struct vchip_config *cfg, const char *val,
                              char *err, size_t err_len)
{
	unsigned n = 0;
	const char *p = val;
	for (;;) {
		char *end;
		errno = 0;
		long ch = strtol(p, &end, 10);
		if (errno || end == p || (*end && *end != ':')) {
			if (err && err_len)
				snprintf(err, err_len,
				         "jam wants channels separated by ':' "
				         "(jam=44 or jam=36:40:44:48), got '%s'",
				         val);
			return -EINVAL;
		}
		if (ch <= 0 || ch > 255 || !vc_channel_freq((unsigned)ch)) {
			if (err && err_len)
				snprintf(err, err_len,
				         "jam: %ld is not a channel (1-14, "
				         "32-177)", ch);
			return -EINVAL;
		}
		if (n == VCHIP_JAM_MAX_CHANNELS) {
			if (err && err_len)
				snprintf(err, err_len,
				         "jam: at most %u channels",
				         VCHIP_JAM_MAX_CHANNELS);
			return -EINVAL;
		}
		cfg->jam_channels[n++] = (uint8_t)ch;
		if (!*end)
			break;
		p = end + 1;
	}
	cfg->jam_n = n;
	return 0;
}

static int apply_option(struct vchip_config *cfg, const char *key,
                        const char *val, char *err, size_t err_len)
{
	double d;
	long l;
	if (strcmp(key, "loss") == 0) {
		if (!parse_double(val, &d) || !(d >= 0.0 && d <= 1.0))
			return set_err(err, err_len,
			               "loss must be 0..1, got '%s'", val);
		cfg->loss = d;
	} else if (strcmp(key, "rssi") == 0 || strcmp(key, "noise") == 0) {
		if (!parse_long(val, 10, &l) || l < -127 || l > 20)
			return set_err(err, err_len,
			               "%s must be -127..20 dBm", key);
		if (key[0] == 'r')
			cfg->rssi_dbm = (int)l;
		else
			cfg->noise_dbm = (int)l;
	} else if (strcmp(key, "seed") == 0) {
		if (!parse_u32(val, &cfg->seed))
			return set_err(err, err_len, "bad seed '%s'", val);
	} else if (strcmp(key, "pid") == 0) {
		if (!parse_long(val, 16, &l) || l <= 0 || l > 0xFFFF)
			return set_err(err, err_len,
			               "pid must be hex 1..ffff, got '%s'", val);
		cfg->pid = (uint16_t)l;
	} else if (strcmp(key, "eps") == 0) {
		if (!parse_long(val, 10, &l) || l < 2 || l > 4)
			return set_err(err, err_len, "eps must be 2..4, got '%s'",
			               val);
		cfg->n_out_eps = (unsigned)l;
	} else if (strcmp(key, "speed") == 0 || strcmp(key, "port") == 0) {
		if (!parse_long(val, 10, &l) || (l != 480 && l != 5000))
			return set_err(err, err_len,
			               "%s must be 480 or 5000 (Mbit/s)", key);
		if (key[0] == 's')
			cfg->speed_mbps = (unsigned)l;
		else
			cfg->port_mbps = (unsigned)l;
	} else if (strcmp(key, "chip") == 0) {
		const struct vchip_personality *p = vchip_personality_by_name(val);
		if (!p) {
			if (err && err_len)
				snprintf(err, err_len,
				         "unknown chip '%s' (chips: %s)", val,
				         vchip_personality_names());
			return -EINVAL;
		}
		cfg->chip = p;
	} else if (strcmp(key, "usb3switch") == 0) {
		if (strcmp(val, "0") != 0 && strcmp(val, "1") != 0)
			return set_err(err, err_len,
			               "usb3switch must be 0 or 1, got '%s'", val);
		cfg->efuse_stay_usb2 = val[0] == '0';
	} else if (strcmp(key, "board") == 0) {
		if (!*val || strlen(val) >= sizeof cfg->board)
			return set_err(err, err_len, "bad board name '%s'",
			               val);
		strcpy(cfg->board, val);
	} else if (strcmp(key, "thermal") == 0) {
		if (!parse_long(val, 0, &l) || l < 0 || l > 63)
			return set_err(err, err_len,
			               "thermal must be 0..63, got '%s'", val);
		cfg->thermal_set = true;
		cfg->thermal = (uint8_t)l;
	} else if (strcmp(key, "pathloss") == 0) {
		if (!*val || strlen(val) >= sizeof cfg->pathloss_file)
			return set_err(err, err_len, "pathloss: bad file name "
			               "'%s'", val);
		char why[256];
		struct vc_pathloss *pl = vc_pathloss_load(val, why, sizeof why);
		if (!pl)
			return set_err(err, err_len, "pathloss: %s", why);
		vc_pathloss_free(pl);
		strcpy(cfg->pathloss_file, val);
	} else if (strcmp(key, "jam") == 0) {
		return parse_jam_channels(cfg, val, err, err_len);
	} else if (strcmp(key, "jam-dbm") == 0) {
		if (!parse_long(val, 10, &l) || l < -127 || l > 20)
			return set_err(err, err_len,
			               "jam-dbm must be -127..20 dBm, got '%s'",
			               val);
		cfg->jam_dbm = (int)l;
		cfg->jam_dbm_set = true;
	} else if (strcmp(key, "jam-dwell") == 0) {
		if (!parse_long(val, 10, &l) || l < 1 ||
		    l > VCHIP_JAM_MAX_DWELL_MS)
			return set_err(err, err_len,
			               "jam-dwell must be 1..60000 ms, got '%s'",
			               val);
		cfg->jam_dwell_ms = (unsigned)l;
	} else if (strcmp(key, "trace") == 0) {
		/* handled by the core */
	} else {
		return set_err(err, err_len, "unknown option '%s'", key);
	}
	return 0;
}

int vchip_config_parse(struct vchip_config *cfg, const char *options,
                       char *err, size_t err_len)
{
	static const struct {
		const char *env, *key;
	} envs[] = {
		{"DEVOURER_VIRTUAL_LOSS", "loss"},
		{"DEVOURER_VIRTUAL_RSSI", "rssi"},
		{"DEVOURER_VIRTUAL_NOISE", "noise"},
	};
	for (size_t i = 0; i < sizeof envs / sizeof envs[0]; i++) {
		const char *v = getenv(envs[i].env);
		if (v && *v) {
			int rc = apply_option(cfg, envs[i].key, v, err, err_len);
			if (rc)
				return rc;
		}
	}
	if (!options)
		return 0;
	char buf[256];
	if (strlen(options) >= sizeof buf)
		return set_err(err, err_len, "%s", "options too long");
	strcpy(buf, options);
	char *save = NULL;
	for (char *tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!*tok)
			continue;
		char *eq = strchr(tok, '=');
		if (!eq)
			return set_err(err, err_len, "option '%s' needs a value",
			               tok);
		*eq = 0;
		int rc = apply_option(cfg, tok, eq + 1, err, err_len);
		if (rc)
			return rc;
	}
	/* the jammer's power and dwell only mean something for a jammer,
	 * and a dwell only for one that moves */
	if ((cfg->jam_dbm_set || cfg->jam_dwell_ms) && !cfg->jam_n)
		return set_err(err, err_len, "%s",
		               "jam-dbm= and jam-dwell= need jam=CHANNEL"
		               "[:CHANNEL...]");
	if (cfg->jam_dwell_ms && cfg->jam_n < 2)
		return set_err(err, err_len, "%s",
		               "jam-dwell= is the time on each channel of a "
		               "sweep: give jam= two or more channels");
	return 0;
}

/* ---- milestones ---- */

const char *vchip_milestone_name(enum vchip_milestone m)
{
	switch (m) {
	case VCHIP_M_POWER_ON: return "power_on";
	case VCHIP_M_FW_CHECKSUM_OK: return "fw_checksum_ok";
	case VCHIP_M_FW_BOOTED: return "fw_booted";
	case VCHIP_M_FW_FAILED: return "fw_failed";
	case VCHIP_M_MAC_TABLE: return "mac_table";
	case VCHIP_M_BB_TABLE: return "bb_table";
	case VCHIP_M_RF_TABLE: return "rf_table";
	case VCHIP_M_MONITOR: return "monitor";
	case VCHIP_M_CHANNEL: return "channel";
	case VCHIP_M_TX_ENABLED: return "tx_enabled";
	case VCHIP_M_POWER_OFF: return "power_off";
	case VCHIP_M_CALIBRATION: return "calibration";
	}
	return "unknown";
}

bool vc_milestone_since(const struct vchip *vc, enum vchip_milestone m,
                        const enum vchip_milestone *stop_at)
{
	for (size_t i = vc->n_milestones; i-- > 0;) {
		if (vc->milestones[i] == m)
			return true;
		for (const enum vchip_milestone *s = stop_at; *s; s++)
			if (vc->milestones[i] == *s)
				return false;
	}
	return false;
}

void vc_milestone(struct vchip *vc, enum vchip_milestone m)
{
	/* The list is bounded; a long run of retunes stops being recorded
	 * once it is full (the first milestones matter most). */
	if (vc->n_milestones < VC_MAX_MILESTONES)
		vc->milestones[vc->n_milestones++] = m;
}

size_t vchip_milestones(const struct vchip *vc, enum vchip_milestone *out,
                        size_t max)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	size_t n = v->n_milestones;
	for (size_t i = 0; i < n && i < max; i++)
		out[i] = v->milestones[i];
	pthread_mutex_unlock(&v->lock);
	return n;
}

void vchip_get_stats(const struct vchip *vc, struct vchip_stats *out)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	*out = v->stats;
	pthread_mutex_unlock(&v->lock);
}

unsigned vchip_bulk_in_waiters(const struct vchip *vc)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	unsigned n = v->rx_sync_waiters;
	pthread_mutex_unlock(&v->lock);
	return n;
}

void vchip_get_tuning(const struct vchip *vc, struct vchip_tuning *out)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	*out = v->tuning;
	pthread_mutex_unlock(&v->lock);
}

uint32_t vchip_peek32(const struct vchip *vc, uint16_t addr)
{
	struct vchip *v = (struct vchip *)vc;
	uint8_t b[4];
	pthread_mutex_lock(&v->lock);
	vc_reg_read(v, addr, b, addr > 0xFFFC ? (size_t)(0x10000 - addr) : 4);
	pthread_mutex_unlock(&v->lock);
	if (addr > 0xFFFC)
		memset(b + (0x10000 - addr), 0, 4 - (0x10000 - addr));
	return vc_le32(b);
}

int vchip_set_thermal(struct vchip *vc, unsigned value)
{
	if (value > 63)
		return -EINVAL;
	pthread_mutex_lock(&vc->lock);
	vc->thermal = (int)value;
	pthread_mutex_unlock(&vc->lock);
	return 0;
}

void vchip_poke8(struct vchip *vc, uint16_t addr, uint8_t value)
{
	pthread_mutex_lock(&vc->lock);
	vc->regs[addr] = value;
	pthread_cond_broadcast(&vc->rx_data);
	/* the aggregation timeout may have changed */
	pthread_cond_broadcast(&vc->rx_agg);
	pthread_mutex_unlock(&vc->lock);
}

bool vchip_peek_iqk(const struct vchip *vc, unsigned path,
                    struct vchip_iqk *out)
{
	struct vchip *v = (struct vchip *)vc;
	if (!vc->p->iqk_peek || path >= vc->p->rf_paths)
		return false;
	pthread_mutex_lock(&v->lock);
	bool ok = vc->p->iqk_peek(vc, path, out);
	pthread_mutex_unlock(&v->lock);
	return ok;
}

bool vchip_peek_antenna(const struct vchip *vc, struct vchip_antenna *out)
{
	struct vchip *v = (struct vchip *)vc;
	if (!vc->p->antenna_peek)
		return false;
	pthread_mutex_lock(&v->lock);
	bool ok = vc->p->antenna_peek(vc, out);
	pthread_mutex_unlock(&v->lock);
	return ok;
}

bool vchip_peek_txagc(const struct vchip *vc, unsigned path, uint8_t rate,
                      unsigned *index)
{
	struct vchip *v = (struct vchip *)vc;
	if (!vc->p->txagc_peek || path >= vc->p->rf_paths)
		return false;
	pthread_mutex_lock(&v->lock);
	bool ok = vc->p->txagc_peek(vc, path, rate, index);
	pthread_mutex_unlock(&v->lock);
	return ok;
}

uint32_t vchip_peek_rf(const struct vchip *vc, unsigned path, uint8_t reg)
{
	struct vchip *v = (struct vchip *)vc;
	if (path >= vc->p->rf_paths)
		return 0;
	pthread_mutex_lock(&v->lock);
	uint32_t r = vc->p->rf_peek(vc, path, reg);
	pthread_mutex_unlock(&v->lock);
	return r;
}

const char *vchip_chip_name(const struct vchip *vc)
{
	return vc->p->name;
}

void vchip_usb_desc(const struct vchip *vc, struct vchip_usb_desc *out)
{
	*out = vc->usb;
}

/* ---- life cycle ---- */

/* Put the jammer of jam= on the air (air.h): its schedule, from now. */
static int jam_on(struct vchip *vc)
{
	const struct vchip_config *c = &vc->cfg;
	struct air_jammer j = {
		.start_ns = air_now_ns(),
		.dwell_us = (c->jam_dwell_ms ? c->jam_dwell_ms : 100) * 1000u,
		.power_dbm = c->jam_dbm_set ? c->jam_dbm : -40,
		.bw_mhz = 20,
		.n_freqs = (uint8_t)c->jam_n,
	};
	for (unsigned i = 0; i < c->jam_n; i++)
		j.freq_mhz[i] = (uint16_t)vc_channel_freq(c->jam_channels[i]);
	int rc = air_jam_on(vc->air, &j);
	if (rc == 0)
		vc->jam_start_ns = j.start_ns;
	return rc;
}

uint64_t vchip_jam_start_ns(const struct vchip *vc)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	uint64_t t = v->jam_start_ns;
	pthread_mutex_unlock(&v->lock);
	return t;
}

static bool board_listed(const struct vchip_personality *p, const char *name)
{
	for (const char *const *b = p->boards; b && *b; b++)
		if (strcmp(*b, name) == 0)
			return true;
	return false;
}

int vchip_create(const struct vchip_config *cfg, struct vchip **out)
{
	*out = NULL;
	if (!cfg || !cfg->name || !*cfg->name || strlen(cfg->name) >= 48 ||
	    strchr(cfg->name, '/'))
		return -EINVAL;
	if (cfg->n_out_eps && (cfg->n_out_eps < 2 || cfg->n_out_eps > 4))
		return -EINVAL;
	if (!(cfg->loss >= 0.0 && cfg->loss <= 1.0))
		return -EINVAL;
	if (cfg->speed_mbps == 5000 && cfg->chip && !cfg->chip->usb3_capable)
		return -EINVAL;
	if (cfg->speed_mbps == 5000 && cfg->port_mbps == 480)
		return -EINVAL; /* no SuperSpeed link on a USB2 port */
	if (sodium_init() < 0)
		return -ENOSYS;
	const struct vchip_personality *p = cfg->chip;
	if (!p && (cfg->vid || cfg->pid)) {
		p = vchip_personality_by_usb_id(cfg->vid ? cfg->vid : 0x0BDA,
		                                cfg->pid);
		if (!p)
			return -ENODEV;
	}
	if (!p)
		p = vchip_personality_default();
	if (cfg->board[0] && !board_listed(p, cfg->board))
		return -EINVAL;
	if (cfg->jam_n > VCHIP_JAM_MAX_CHANNELS ||
	    cfg->jam_dwell_ms > VCHIP_JAM_MAX_DWELL_MS ||
	    (cfg->jam_dbm_set && (cfg->jam_dbm < -127 || cfg->jam_dbm > 20)))
		return -EINVAL;
	for (unsigned i = 0; i < cfg->jam_n; i++)
		if (!vc_channel_freq(cfg->jam_channels[i]))
			return -EINVAL;

	struct vchip *vc = calloc(1, sizeof *vc);
	if (!vc)
		return -ENOMEM;
	vc->p = p;
	uint8_t *txmem = calloc(VC_TX_SLOTS, AIR_MAX_FRAME);
	vc->pstate = calloc(1, p->state_size ? p->state_size : 1);
	vc->rxff = calloc(1, p->rxff_bytes);
	vc->rx_pkt = calloc(1, p->rx_hdr_max + AIR_MAX_FRAME);
	if (!txmem || !vc->pstate || !vc->rxff || !vc->rx_pkt) {
		free(txmem);
		free(vc->pstate);
		free(vc->rxff);
		free(vc->rx_pkt);
		free(vc);
		return -ENOMEM;
	}
	for (unsigned i = 0; i < VC_TX_SLOTS; i++)
		vc->tx[i].buf = txmem + (size_t)i * AIR_MAX_FRAME;

	snprintf(vc->name, sizeof vc->name, "%s", cfg->name);
	vc->cfg = *cfg;
	vc->cfg.name = vc->name;
	vc->cfg.chip = p;
	vc->thermal = cfg->thermal_set ? cfg->thermal : -1;
	if (cfg->air_dir) {
		snprintf(vc->air_dir_buf, sizeof vc->air_dir_buf, "%s",
		         cfg->air_dir);
		vc->cfg.air_dir = vc->air_dir_buf;
	}
	/* Zero means "default" for every field (zero-initialised config). */
	if (!vc->cfg.vid && !vc->cfg.pid) {
		vc->cfg.vid = p->usb_ids[0].vid;
		vc->cfg.pid = p->usb_ids[0].pid;
	} else if (!vc->cfg.vid) {
		vc->cfg.vid = 0x0BDA; /* Realtek, for a bare pid= */
	}
	if (!vc->cfg.n_out_eps)
		vc->cfg.n_out_eps = 3;
	if (vc->cfg.speed_mbps != 5000)
		vc->cfg.speed_mbps = 480;
	if (vc->cfg.port_mbps != 480)
		vc->cfg.port_mbps = 5000;
	if (!vc->cfg.rssi_dbm)
		vc->cfg.rssi_dbm = -40;
	if (!vc->cfg.noise_dbm)
		vc->cfg.noise_dbm = -95;
	vc->usb.vid = vc->cfg.vid;
	vc->usb.pid = vc->cfg.pid;
	vc->usb.speed_mbps = vc->cfg.speed_mbps;
	vc->usb.bulk_max_packet = vc->cfg.speed_mbps == 5000 ? 1024 : 512;
	vc->usb.n_out = vc->cfg.n_out_eps;
	for (unsigned i = 0; i < vc->usb.n_out; i++)
		vc->usb.out_ep[i] = (uint8_t)(0x02 + i);
	vc->usb.in_ep = 0x81;
	vc->usb.usb3_capable = p->usb3_capable;
	vc->rng_state = vc->cfg.seed ? vc->cfg.seed
	                             : air_now_ns() ^ ((uint64_t)getpid() << 32);

	pthread_mutex_init(&vc->lock, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&vc->tx_space, &ca);
	pthread_cond_init(&vc->tx_work, &ca);
	pthread_cond_init(&vc->rx_data, &ca);
	pthread_cond_init(&vc->rx_agg, &ca);
	pthread_condattr_destroy(&ca);

	/* The registers as the chip comes out of reset, then its EFUSE,
	 * with a stable, locally administered unicast address per station
	 * name. */
	memset(vc->regs, 0, sizeof vc->regs);
	vc->mac_on = false;
	uint8_t h[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(h, (const unsigned char *)vc->name,
	                   strlen(vc->name));
	vc->mac_addr[0] = 0x02;
	memcpy(&vc->mac_addr[1], h, 5);
	p->reset(vc);
	p->efuse_build(vc);

	int rc = 0;
	vc->plugged_ns = air_now_ns();
	if (vc->cfg.pathloss_file[0]) {
		vc->pathloss = vc_pathloss_load(vc->cfg.pathloss_file, NULL, 0);
		if (!vc->pathloss)
			rc = -EINVAL;
	}
	if (!rc && !vc->cfg.no_air)
		rc = air_join(vc->cfg.air_dir, vc->name, &vc->air);
	if (!rc && vc->air && vc->cfg.jam_n)
		rc = jam_on(vc);
	if (!rc)
		rc = vc_tx_start(vc);
	if (!rc && vc->air)
		rc = vc_rx_start(vc);
	if (rc) {
		vchip_destroy(vc);
		return rc;
	}
	pthread_mutex_lock(&registry_lock);
	vc->registry_next = registry;
	registry = vc;
	pthread_mutex_unlock(&registry_lock);
	*out = vc;
	return 0;
}

void vchip_destroy(struct vchip *vc)
{
	if (!vc)
		return;
	registry_remove(vc);
	vc_fault_forget(vc);
	pthread_mutex_lock(&vc->lock);
	vc->stopping = true;
	pthread_cond_broadcast(&vc->tx_work);
	pthread_cond_broadcast(&vc->tx_space);
	pthread_cond_broadcast(&vc->rx_data);
	pthread_cond_broadcast(&vc->rx_agg);
	pthread_mutex_unlock(&vc->lock);
	if (vc->tx_thread_started)
		pthread_join(vc->tx_thread, NULL);
	if (vc->rx_thread_started)
		pthread_join(vc->rx_thread, NULL);
	if (vc->rx_agg_thread_started)
		pthread_join(vc->rx_agg_thread, NULL);
	if (vc->air)
		air_leave(vc->air);
	pthread_cond_destroy(&vc->tx_space);
	pthread_cond_destroy(&vc->tx_work);
	pthread_cond_destroy(&vc->rx_data);
	pthread_cond_destroy(&vc->rx_agg);
	pthread_mutex_destroy(&vc->lock);
	vc_pathloss_free(vc->pathloss);
	free(vc->tx[0].buf);
	free(vc->pstate);
	free(vc->rxff);
	free(vc->rx_pkt);
	free(vc);
}

void vc_drop_for_reenumeration(struct vchip *vc, unsigned speed_mbps)
{
	vc->unplugged = true;
	vc_rx_fail_queued(vc, -ENODEV);
	vc->reenumerate_pending = true;
	vc->reenumerate_mbps = speed_mbps;
	pthread_cond_broadcast(&vc->tx_work);
	pthread_cond_broadcast(&vc->tx_space);
	pthread_cond_broadcast(&vc->rx_data);
}

unsigned vchip_reenumerate_pending(const struct vchip *vc)
{
	struct vchip *v = (struct vchip *)vc;
	pthread_mutex_lock(&v->lock);
	unsigned r = v->reenumerate_pending ? v->reenumerate_mbps : 0;
	pthread_mutex_unlock(&v->lock);
	return r;
}

int vchip_reenumerate(struct vchip *vc)
{
	pthread_mutex_lock(&vc->lock);
	if (!vc->reenumerate_pending) {
		pthread_mutex_unlock(&vc->lock);
		return 0;
	}
	vc->reenumerate_pending = false;
	/* the link trains to what both ends can do */
	unsigned mbps = vc->reenumerate_mbps;
	if (mbps > vc->cfg.port_mbps)
		mbps = vc->cfg.port_mbps;
	vc->cfg.speed_mbps = mbps;
	vc->usb.speed_mbps = mbps;
	vc->usb.bulk_max_packet = mbps == 5000 ? 1024 : 512;
	/* a bus reset: the FIFOs and the register file start over, the
	 * chip powered off as when plugged in */
	vc->tx_head = vc->tx_count = vc->tx_pages_used = 0;
	vc->rx_rd = vc->rx_used = 0;
	vc->rx_pkt_head = vc->rx_pkt_count = 0;
	vc->rx_xfer_head = vc->rx_xfer_count = vc->rx_xfer_done = 0;
	if (vc->mac_on) {
		vc->mac_on = false;
		vc->p->mac_power(vc, false);
	}
	memset(vc->regs, 0, sizeof vc->regs);
	vc->p->reset(vc);
	vc->unplugged = false;
	pthread_cond_broadcast(&vc->tx_space);
	pthread_mutex_unlock(&vc->lock);
	return 1;
}

void vchip_unplug(struct vchip *vc)
{
	pthread_mutex_lock(&vc->lock);
	/* a pulled adapter radiates nothing: its jammer goes off the air */
	if (vc->jam_start_ns) {
		air_jam_off(vc->air);
		vc->jam_start_ns = 0;
	}
	vc->unplugged = true;
	vc_rx_fail_queued(vc, -ENODEV);
	pthread_cond_broadcast(&vc->tx_work);
	pthread_cond_broadcast(&vc->tx_space);
	pthread_cond_broadcast(&vc->rx_data);
	pthread_mutex_unlock(&vc->lock);
}

/* ---- endpoints ---- */

int vchip_control(struct vchip *vc, uint8_t bm_request_type,
                  uint8_t b_request, uint16_t w_value, uint16_t w_index,
                  uint8_t *data, uint16_t w_length, unsigned timeout_ms)
{
	/* Register requests complete at once unless a fault says the
	 * endpoint NAKs (vchip_fault.c). */
	int f = vc_fault_control(vc, !(bm_request_type & 0x80), timeout_ms);
	if (f)
		return f;
	pthread_mutex_lock(&vc->lock);
	if (vc->unplugged) {
		pthread_mutex_unlock(&vc->lock);
		return -ENODEV;
	}
	/* Only the Realtek vendor register request is understood; anything
	 * else, a data stage over 254 bytes, a non-zero wIndex or a range
	 * past the 64 KiB register space stalls endpoint 0. */
	bool read = bm_request_type == VC_USB_REQTYPE_READ;
	if (b_request != VC_USB_REQ_VENDOR ||
	    (!read && bm_request_type != VC_USB_REQTYPE_WRITE) ||
	    w_length == 0 || w_length > VC_USB_CTRL_MAX || w_index != 0 ||
	    !data || (uint32_t)w_value + w_length > VC_REG_SPACE) {
		pthread_mutex_unlock(&vc->lock);
		return -EPIPE;
	}
	if (read) {
		vc->stats.ctrl_reads++;
		vc_reg_read(vc, w_value, data, w_length);
		if (vc->p->observe_read)
			vc->p->observe_read(vc, w_value, data, w_length);
	} else {
		vc->stats.ctrl_writes++;
		vc_reg_write(vc, w_value, data, w_length);
	}
	pthread_mutex_unlock(&vc->lock);
	return w_length;
}

static int out_index(const struct vchip *vc, uint8_t ep)
{
	for (unsigned i = 0; i < vc->usb.n_out; i++)
		if (vc->usb.out_ep[i] == ep)
			return (int)i;
	return -1;
}

int vchip_bulk_out(struct vchip *vc, uint8_t ep, const uint8_t *data,
                   size_t len, unsigned timeout_ms)
{
	int idx = out_index(vc, ep);
	if (idx < 0 || (!data && len))
		return -EINVAL;
	int f = vc_fault_bulk_out(vc, ep, timeout_ms);
	if (f)
		return f;
	return vc_tx_bulk_out(vc, (unsigned)idx, data, len, timeout_ms);
}

int vchip_bulk_in(struct vchip *vc, uint8_t ep, uint8_t *buf, size_t cap,
                  unsigned timeout_ms)
{
	if (ep != vc->usb.in_ep || !buf || cap == 0)
		return -EINVAL;
	int f = vc_fault_bulk_in(vc, ep);
	if (f)
		return f;
	return vc_fault_bulk_in_done(vc, vc_rx_bulk_in(vc, buf, cap,
	                                               timeout_ms));
}

int vchip_bulk_in_submit(struct vchip *vc, uint8_t ep, uint8_t *buf,
                         size_t cap, uintptr_t tag)
{
	if (ep != vc->usb.in_ep || !buf || cap == 0)
		return -EINVAL;
	return vc_rx_submit(vc, buf, cap, tag, vc_fault_bulk_in(vc, ep));
}

int vchip_bulk_in_reap(struct vchip *vc, uint8_t ep, unsigned timeout_ms,
                       uintptr_t *tag)
{
	if (ep != vc->usb.in_ep || !tag)
		return -EINVAL;
	return vc_fault_bulk_in_done(vc, vc_rx_reap(vc, timeout_ms, tag));
}

void vchip_bulk_in_interrupt(struct vchip *vc, uint8_t ep)
{
	if (ep == vc->usb.in_ep)
		vc_rx_interrupt(vc);
}

void vchip_bulk_in_set_completion(struct vchip *vc, uint8_t ep,
                                  vchip_bulk_in_completion_fn fn, void *ctx)
{
	if (ep == vc->usb.in_ep)
		vc_rx_set_completion(vc, fn, ctx);
}

void vchip_bulk_in_cancel(struct vchip *vc, uint8_t ep)
{
	if (ep == vc->usb.in_ep)
		vc_rx_cancel(vc);
}

int vchip_clear_halt(struct vchip *vc, uint8_t ep)
{
	if (ep != vc->usb.in_ep && out_index(vc, ep) < 0)
		return -EINVAL;
	pthread_mutex_lock(&vc->lock);
	bool gone = vc->unplugged;
	pthread_mutex_unlock(&vc->lock);
	/* Only an injected stall halts a bulk endpoint (vchip_fault.c). */
	if (gone)
		return -ENODEV;
	vc_fault_clear_halt(vc, ep);
	return 0;
}

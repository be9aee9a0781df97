/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The shared air (see air.h): a directory with a "medium" file of
 * per-channel busy-until times and one Unix datagram socket per station.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <math.h>
#include <signal.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "libdevourer/virtual/air.h"

#define MEDIUM_CHANNELS 256
#define MEDIUM_MAGIC 0x4D454431u /* "MED1" */
#define MAX_PEERS 64
/* re-read the directory at least every 100 ms (to forget stations that
 * left), and at once after a join */
#define PEER_REFRESH_NS 100000000ull
#define SOCK_BUF_BYTES (4 << 20)
/* How long a sender waits for a receiver whose datagram queue is full */
#define SEND_WAIT_MS 20

/* One jammer's schedule (air.h). state is the owner's pid in its low 32
 * bits (0: free) and a sequence number in its high 32, odd while the
 * owner writes the fields: a reader that finds the same even state before
 * and after it read them read one schedule, whole. Owner and sequence in
 * one word, so taking over a dead jammer's slot is one compare-and-swap
 * that also marks the fields as being rewritten. */
struct jam_slot {
	_Atomic uint64_t state;
	_Atomic uint64_t start_ns;
	_Atomic uint32_t dwell_us;
	_Atomic int32_t power_dbm;
	_Atomic uint32_t bw_mhz;
	_Atomic uint32_t n_freqs;
	_Atomic uint32_t freq_mhz[AIR_JAM_MAX_CHANNELS];
};

struct medium {
	uint32_t magic;
	/* bumped by every station once its socket is bound: a sender whose
	 * peer list is older re-reads the directory before its next frame,
	 * so a station hears every frame sent after its air_join returned,
	 * as a radio hears the air once it listens */
	_Atomic uint32_t joins;
	_Atomic uint64_t busy_until[MEDIUM_CHANNELS];
	struct jam_slot jam[AIR_JAM_SLOTS];
};

struct air {
	char dir[200];
	char sock_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	int fd;
	uint32_t sender_id;
	struct medium *medium;

	pthread_mutex_t send_lock;   /* peers and the send buffer */
	struct sockaddr_un peers[MAX_PEERS];
	size_t n_peers;
	uint64_t peers_at_ns;
	uint32_t peers_joins;        /* medium->joins when last read */
	uint8_t send_buf[sizeof(struct air_frame_hdr) + AIR_MAX_FRAME];

	pthread_mutex_t recv_lock;   /* the receive buffer */
	uint8_t recv_buf[sizeof(struct air_frame_hdr) + AIR_MAX_FRAME];

	/* the medium's jam slot this station holds; -1: none */
	int jam_slot;

	/* in-process delivery (under local_lock) */
	struct air *local_next;
	air_rx_fn rx_fn;
	void *rx_ctx;
};

/* The stations of this process that take frames from in-process senders
 * directly (air_set_receiver). A sender holds the lock while it hands a
 * frame over, so air_leave, which unlinks under it, waits for that. */
static pthread_mutex_t local_lock = PTHREAD_MUTEX_INITIALIZER;
static struct air *local_stations;

_Static_assert(sizeof(_Atomic uint64_t) == 8, "medium layout");
_Static_assert(sizeof(_Atomic uint32_t) == 4, "medium layout");
_Static_assert(AIR_JAM_MAX_CHANNELS <= 255, "n_freqs is 8 bits");

uint64_t air_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const char *default_dir(const char *dir, char *buf, size_t len)
{
	if (dir && *dir)
		return dir;
	const char *env = getenv("DEVOURER_AIR_DIR");
	if (env && *env)
		return env;
	snprintf(buf, len, "/tmp/devourer-air-%u", (unsigned)getuid());
	return buf;
}

static int open_medium(const char *dir, struct medium **out)
{
	char path[256];
	snprintf(path, sizeof path, "%s/medium", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) < 0 ||
	    (st.st_size < (off_t)sizeof(struct medium) &&
	     ftruncate(fd, sizeof(struct medium)) < 0)) {
		int e = -errno;
		close(fd);
		return e;
	}
	void *m = mmap(NULL, sizeof(struct medium), PROT_READ | PROT_WRITE,
	               MAP_SHARED, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return -errno;
	*out = m;
	/* A fresh file is all zeroes: "busy until 0" = idle. */
	if ((*out)->magic != MEDIUM_MAGIC)
		(*out)->magic = MEDIUM_MAGIC;
	return 0;
}

/* Nobody is bound to this socket file any more. */
static bool socket_is_stale(const struct sockaddr_un *sa)
{
	int t = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (t < 0)
		return false;
	bool stale = connect(t, (const struct sockaddr *)sa, sizeof *sa) < 0 &&
	             errno == ECONNREFUSED;
	close(t);
	return stale;
}

int air_join(const char *dir, const char *name, struct air **out)
{
	char dbuf[64];
	*out = NULL;
	if (!name || !*name || strchr(name, '/'))
		return -EINVAL;
	dir = default_dir(dir, dbuf, sizeof dbuf);
	if (strlen(dir) >= sizeof(((struct air *)0)->dir))
		return -ENAMETOOLONG;
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -errno;
	struct stat st;
	if (stat(dir, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;

	struct air *a = calloc(1, sizeof *a);
	if (!a)
		return -ENOMEM;
	snprintf(a->dir, sizeof a->dir, "%s", dir);
	a->fd = -1;
	a->jam_slot = -1;
	pthread_mutex_init(&a->send_lock, NULL);
	pthread_mutex_init(&a->recv_lock, NULL);
	int rc = open_medium(dir, &a->medium);
	if (rc)
		goto fail;
	while (a->sender_id == 0)
		if (getrandom(&a->sender_id, sizeof a->sender_id, 0) < 0) {
			rc = -errno;
			goto fail;
		}

	a->fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (a->fd < 0) {
		rc = -errno;
		goto fail;
	}
	int sz = SOCK_BUF_BYTES;
	setsockopt(a->fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof sz);
	setsockopt(a->fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof sz);
	/* A receiving station reads the air on a host thread, which a busy
	 * machine can hold back by more than the kernel's datagram queue
	 * (net.unix.max_dgram_qlen, 10 by default) — something a radio,
	 * always listening, never does. So a send waits for a full queue,
	 * bounded, rather than dropping the frame at once; a station that
	 * stays stuck still misses it. */
	struct timeval wait = {.tv_sec = 0, .tv_usec = SEND_WAIT_MS * 1000};
	setsockopt(a->fd, SOL_SOCKET, SO_SNDTIMEO, &wait, sizeof wait);

	/* "<name>.<pid>.sock"; a second station of the same name in the same
	 * process gets "<name>.<pid>-<k>.sock". */
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	for (unsigned k = 0;; k++) {
		int n = k == 0
		        ? snprintf(sa.sun_path, sizeof sa.sun_path, "%s/%s.%d.sock",
		                   dir, name, (int)getpid())
		        : snprintf(sa.sun_path, sizeof sa.sun_path,
		                   "%s/%s.%d-%u.sock", dir, name, (int)getpid(), k);
		if (n < 0 || (size_t)n >= sizeof sa.sun_path) {
			rc = -ENAMETOOLONG;
			goto fail;
		}
		if (bind(a->fd, (struct sockaddr *)&sa, sizeof sa) == 0)
			break;
		if (errno != EADDRINUSE || k >= 64) {
			rc = -errno;
			goto fail;
		}
		/* A leftover of a dead process with our pid is removed and
		 * taken over; a live one (same name twice in this process)
		 * makes us try the next suffix. */
		if (socket_is_stale(&sa)) {
			unlink(sa.sun_path);
			if (bind(a->fd, (struct sockaddr *)&sa, sizeof sa) == 0)
				break;
		}
	}
	snprintf(a->sock_path, sizeof a->sock_path, "%s", sa.sun_path);
	atomic_fetch_add(&a->medium->joins, 1);
	*out = a;
	return 0;
fail:
	air_leave(a);
	return rc;
}

static void local_unlink(struct air *a)
{
	pthread_mutex_lock(&local_lock);
	for (struct air **p = &local_stations; *p; p = &(*p)->local_next)
		if (*p == a) {
			*p = a->local_next;
			break;
		}
	a->rx_fn = NULL;
	pthread_mutex_unlock(&local_lock);
}

void air_set_receiver(struct air *a, air_rx_fn fn, void *ctx)
{
	local_unlink(a);
	if (!fn)
		return;
	pthread_mutex_lock(&local_lock);
	a->rx_fn = fn;
	a->rx_ctx = ctx;
	a->local_next = local_stations;
	local_stations = a;
	pthread_mutex_unlock(&local_lock);
}

void air_leave(struct air *a)
{
	if (!a)
		return;
	local_unlink(a);
	if (a->medium)
		air_jam_off(a);
	if (a->fd >= 0)
		close(a->fd);
	if (a->sock_path[0])
		unlink(a->sock_path);
	if (a->medium)
		munmap(a->medium, sizeof(struct medium));
	pthread_mutex_destroy(&a->send_lock);
	pthread_mutex_destroy(&a->recv_lock);
	free(a);
}

const char *air_dir(const struct air *a)
{
	return a->dir;
}

uint64_t air_reserve(struct air *a, unsigned channel, uint64_t not_before_ns,
                     uint32_t airtime_us)
{
	_Atomic uint64_t *slot = &a->medium->busy_until[channel %
	                                                MEDIUM_CHANNELS];
	uint64_t cur = atomic_load(slot);
	for (;;) {
		uint64_t start = cur > not_before_ns ? cur : not_before_ns;
		if (atomic_compare_exchange_weak(slot, &cur,
		                                 start + (uint64_t)airtime_us *
		                                                 1000))
			return start;
	}
}

void air_occupy(struct air *a, unsigned channel, uint64_t start_ns,
                uint32_t airtime_us)
{
	_Atomic uint64_t *slot = &a->medium->busy_until[channel %
	                                                MEDIUM_CHANNELS];
	uint64_t end = start_ns + (uint64_t)airtime_us * 1000;
	uint64_t cur = atomic_load(slot);
	while (cur < end && !atomic_compare_exchange_weak(slot, &cur, end))
		;
}

/* ---- jammers ---- */

#define JAM_SEQ_ONE (1ull << 32)

static uint32_t jam_owner(uint64_t state)
{
	return (uint32_t)state;
}

static bool jam_writing(uint64_t state)
{
	return (state >> 32) & 1;
}

/* The process is there (EPERM: there, another user's). A pid the system
 * gave to a new process after the jammer's died passes too: the entry
 * then lives until that process ends or a new jammer is published over
 * it — pids are not reused that fast. */
static bool pid_alive(uint32_t pid)
{
	if (pid == 0 || pid > INT32_MAX)
		return false;
	return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

static void jam_write(struct jam_slot *s, uint64_t writing,
                      const struct air_jammer *j)
{
	atomic_store(&s->start_ns, j->start_ns);
	atomic_store(&s->dwell_us, j->dwell_us);
	atomic_store(&s->power_dbm, j->power_dbm);
	atomic_store(&s->bw_mhz, j->bw_mhz);
	atomic_store(&s->n_freqs, j->n_freqs);
	for (unsigned i = 0; i < AIR_JAM_MAX_CHANNELS; i++)
		atomic_store(&s->freq_mhz[i], i < j->n_freqs ? j->freq_mhz[i]
		                                             : 0);
	/* done: the next (even) sequence, same owner */
	atomic_store(&s->state, writing + JAM_SEQ_ONE);
}

int air_jam_on(struct air *a, const struct air_jammer *j)
{
	if (!j || j->n_freqs == 0 || j->n_freqs > AIR_JAM_MAX_CHANNELS ||
	    j->dwell_us == 0 || j->bw_mhz == 0)
		return -EINVAL;
	for (unsigned i = 0; i < j->n_freqs; i++)
		if (j->freq_mhz[i] == 0)
			return -EINVAL;
	uint32_t me = (uint32_t)getpid();
	if (a->jam_slot >= 0) {
		/* ours already: rewrite it in place */
		struct jam_slot *s = &a->medium->jam[a->jam_slot];
		uint64_t st = atomic_load(&s->state);
		uint64_t writing = (st | JAM_SEQ_ONE) == st ? st
		                                            : st + JAM_SEQ_ONE;
		atomic_store(&s->state, writing);
		jam_write(s, writing, j);
		return 0;
	}
	for (unsigned k = 0; k < AIR_JAM_SLOTS; k++) {
		struct jam_slot *s = &a->medium->jam[k];
		uint64_t st = atomic_load(&s->state);
		uint32_t owner = jam_owner(st);
		/* free, or left by a process that is gone (even one that
		 * died while writing it) */
		if (owner != 0 && (owner == me || pid_alive(owner)))
			continue;
		uint64_t seq = st & ~(uint64_t)0xFFFFFFFFu;
		uint64_t writing = (jam_writing(st) ? seq + 2 * JAM_SEQ_ONE
		                                    : seq + JAM_SEQ_ONE) |
		                   me;
		if (!atomic_compare_exchange_strong(&s->state, &st, writing))
			continue; /* another jammer took it first */
		jam_write(s, writing, j);
		a->jam_slot = (int)k;
		return 0;
	}
	return -ENOSPC;
}

void air_jam_off(struct air *a)
{
	if (a->jam_slot < 0)
		return;
	struct jam_slot *s = &a->medium->jam[a->jam_slot];
	uint64_t st = atomic_load(&s->state);
	uint64_t seq = st & ~(uint64_t)0xFFFFFFFFu;
	/* the next even sequence, no owner: a reader in the middle of the
	 * fields sees the state change and drops what it read */
	atomic_store(&s->state,
	             jam_writing(st) ? seq + JAM_SEQ_ONE : seq + 2 * JAM_SEQ_ONE);
	a->jam_slot = -1;
}

/* One slot's schedule, whole, when a process holds it (whether that
 * process is still there is the caller's question: it costs a system
 * call, asked only of a jammer that matters). */
static bool jam_read(struct jam_slot *s, struct air_jammer *j)
{
	for (unsigned tries = 0; tries < 4; tries++) {
		uint64_t st = atomic_load(&s->state);
		if (jam_owner(st) == 0)
			return false;
		if (jam_writing(st))
			continue;
		j->start_ns = atomic_load(&s->start_ns);
		j->dwell_us = atomic_load(&s->dwell_us);
		j->power_dbm = atomic_load(&s->power_dbm);
		uint32_t bw = atomic_load(&s->bw_mhz);
		uint32_t n = atomic_load(&s->n_freqs);
		for (unsigned i = 0; i < AIR_JAM_MAX_CHANNELS; i++)
			j->freq_mhz[i] = (uint16_t)atomic_load(&s->freq_mhz[i]);
		if (atomic_load(&s->state) != st)
			continue;
		/* a file any process of the user may write: check what it
		 * says before trusting it */
		if (n == 0 || n > AIR_JAM_MAX_CHANNELS || bw == 0 ||
		    bw > 160 || j->dwell_us == 0 || j->power_dbm < -200 ||
		    j->power_dbm > 100)
			return false;
		j->bw_mhz = (uint16_t)bw;
		j->n_freqs = (uint8_t)n;
		j->pid = (int32_t)jam_owner(st);
		return true;
	}
	/* still being written after a few looks: the writer is slow or
	 * died in the middle; not a schedule to go by now */
	return false;
}

/* The share of jammer j's power inside [lo, hi] MHz when it sits at
 * freq: the overlap of its width with the band. */
static double jam_share(const struct air_jammer *j, unsigned freq, double lo,
                        double hi)
{
	double jlo = freq - j->bw_mhz / 2.0, jhi = freq + j->bw_mhz / 2.0;
	double ov = (hi < jhi ? hi : jhi) - (lo > jlo ? lo : jlo);
	return ov > 0 ? ov / j->bw_mhz : 0.0;
}

/* The largest share of j's power in the band at any time of
 * [t0, t1): the dwells the interval touches, each frequency once. */
static double jam_worst_share(const struct air_jammer *j, double lo,
                              double hi, uint64_t t0, uint64_t t1)
{
	if (t1 <= j->start_ns)
		return 0.0; /* over before the jammer came on */
	if (t0 < j->start_ns)
		t0 = j->start_ns;
	uint64_t dwell_ns = (uint64_t)j->dwell_us * 1000;
	uint64_t k0 = (t0 - j->start_ns) / dwell_ns;
	uint64_t k1 = (t1 - 1 - j->start_ns) / dwell_ns;
	if (k1 - k0 >= j->n_freqs)
		k1 = k0 + j->n_freqs - 1; /* a whole sweep: every frequency */
	double worst = 0.0;
	for (uint64_t k = k0; k <= k1; k++) {
		double sh = jam_share(j, j->freq_mhz[k % j->n_freqs], lo, hi);
		if (sh > worst)
			worst = sh;
	}
	return worst;
}

double air_jam_mw(struct air *a, unsigned f_lo_mhz, unsigned f_hi_mhz,
                  uint64_t start_ns, uint64_t end_ns)
{
	if (f_hi_mhz <= f_lo_mhz)
		return 0.0;
	if (end_ns <= start_ns)
		end_ns = start_ns + 1;
	double mw = 0.0;
	for (unsigned k = 0; k < AIR_JAM_SLOTS; k++) {
		struct jam_slot *s = &a->medium->jam[k];
		/* the common case, no jammer: one load per slot */
		if (jam_owner(atomic_load(&s->state)) == 0)
			continue;
		struct air_jammer j;
		if (!jam_read(s, &j))
			continue;
		double sh = jam_worst_share(&j, f_lo_mhz, f_hi_mhz, start_ns,
		                            end_ns);
		if (sh > 0 && pid_alive((uint32_t)j.pid))
			mw += sh * pow(10.0, j.power_dbm / 10.0);
	}
	return mw;
}

size_t air_jammers(struct air *a, struct air_jammer *out, size_t max)
{
	size_t n = 0;
	for (unsigned k = 0; k < AIR_JAM_SLOTS; k++) {
		struct air_jammer j;
		if (!jam_read(&a->medium->jam[k], &j) ||
		    !pid_alive((uint32_t)j.pid))
			continue;
		if (n < max)
			out[n] = j;
		n++;
	}
	return n;
}

static bool is_sock_name(const char *n)
{
	size_t l = strlen(n);
	return l > 5 && strcmp(n + l - 5, ".sock") == 0;
}

/* Re-read the directory (caller holds send_lock). The join count is read
 * first: a station counted in it bound its socket before, so the listing
 * has it. */
static void refresh_peers(struct air *a)
{
	a->peers_joins = atomic_load(&a->medium->joins);
	DIR *d = opendir(a->dir);
	a->n_peers = 0;
	a->peers_at_ns = air_now_ns();
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d)) && a->n_peers < MAX_PEERS) {
		if (!is_sock_name(de->d_name))
			continue;
		struct sockaddr_un *p = &a->peers[a->n_peers];
		size_t dl = strlen(a->dir), nl = strlen(de->d_name);
		if (dl + 1 + nl >= sizeof p->sun_path)
			continue;
		p->sun_family = AF_UNIX;
		memcpy(p->sun_path, a->dir, dl);
		p->sun_path[dl] = '/';
		memcpy(p->sun_path + dl + 1, de->d_name, nl + 1);
		if (strcmp(p->sun_path, a->sock_path) == 0)
			continue;
		a->n_peers++;
	}
	closedir(d);
}

/* Hand the frame to the in-process station bound at peer, if there is one
 * with a receiver (caller holds its send_lock). */
static bool deliver_local(const struct sockaddr_un *peer,
                          const struct air_frame_hdr *h, const uint8_t *frame)
{
	bool done = false;
	pthread_mutex_lock(&local_lock);
	for (struct air *l = local_stations; l && !done; l = l->local_next) {
		if (strcmp(l->sock_path, peer->sun_path) != 0)
			continue;
		l->rx_fn(l->rx_ctx, h, frame);
		done = true;
	}
	pthread_mutex_unlock(&local_lock);
	return done;
}

int air_send(struct air *a, const struct air_frame_hdr *hdr,
             const uint8_t *frame)
{
	if (hdr->len > AIR_MAX_FRAME)
		return -EMSGSIZE;
	pthread_mutex_lock(&a->send_lock);
	if (atomic_load(&a->medium->joins) != a->peers_joins ||
	    air_now_ns() - a->peers_at_ns > PEER_REFRESH_NS)
		refresh_peers(a);
	struct air_frame_hdr h = *hdr;
	h.magic = AIR_MAGIC;
	h.version = AIR_VERSION;
	h.sender_id = a->sender_id;
	memcpy(a->send_buf, &h, sizeof h);
	memcpy(a->send_buf + sizeof h, frame, hdr->len);
	size_t total = sizeof h + hdr->len;
	for (size_t i = 0; i < a->n_peers;) {
		if (deliver_local(&a->peers[i], &h, frame)) {
			i++;
			continue;
		}
		ssize_t r = sendto(a->fd, a->send_buf, total, 0,
		                   (struct sockaddr *)&a->peers[i],
		                   sizeof a->peers[i]);
		if (r < 0 && (errno == ECONNREFUSED || errno == ENOENT)) {
			/* a dead station: remove its socket and forget it */
			if (errno == ECONNREFUSED)
				unlink(a->peers[i].sun_path);
			a->peers[i] = a->peers[--a->n_peers];
			continue;
		}
		/* EAGAIN after the bounded wait: that receiver is stuck and
		 * misses the frame. */
		i++;
	}
	pthread_mutex_unlock(&a->send_lock);
	return 0;
}

int air_recv(struct air *a, struct air_frame_hdr *hdr, uint8_t *frame,
             size_t cap, unsigned timeout_ms)
{
	uint64_t deadline = air_now_ns() + (uint64_t)timeout_ms * 1000000u;
	pthread_mutex_lock(&a->recv_lock);
	for (;;) {
		uint64_t now = air_now_ns();
		int wait = now >= deadline
		                   ? 0
		                   : (int)((deadline - now + 999999) / 1000000);
		struct pollfd pfd = {.fd = a->fd, .events = POLLIN};
		int pr = poll(&pfd, 1, wait);
		if (pr < 0 && errno != EINTR) {
			int e = -errno;
			pthread_mutex_unlock(&a->recv_lock);
			return e;
		}
		if (pr <= 0) {
			if (air_now_ns() >= deadline) {
				pthread_mutex_unlock(&a->recv_lock);
				return 0;
			}
			continue;
		}
		ssize_t n = recv(a->fd, a->recv_buf, sizeof a->recv_buf,
		                 MSG_DONTWAIT);
		if (n < 0)
			continue;
		struct air_frame_hdr h;
		if ((size_t)n < sizeof h)
			continue; /* not one of ours */
		memcpy(&h, a->recv_buf, sizeof h);
		if (h.magic != AIR_MAGIC || h.version != AIR_VERSION ||
		    (size_t)n != sizeof h + h.len || h.len == 0 ||
		    h.sender_id == a->sender_id)
			continue;
		if (h.len > cap) {
			pthread_mutex_unlock(&a->recv_lock);
			return -EOVERFLOW;
		}
		*hdr = h;
		memcpy(frame, a->recv_buf + sizeof h, h.len);
		pthread_mutex_unlock(&a->recv_lock);
		return h.len;
	}
}

int air_claim(const char *dir, const char *name, long *holder)
{
	char dbuf[64], path[300];
	*holder = 0;
	if (!name || !*name || strchr(name, '/'))
		return -EINVAL;
	dir = default_dir(dir, dbuf, sizeof dbuf);
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -errno;
	int n = snprintf(path, sizeof path, "%s/%s.claim", dir, name);
	if (n < 0 || (size_t)n >= sizeof path)
		return -ENAMETOOLONG;
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	/* flock: tied to this open file, so it goes when the descriptor is
	 * closed or the process dies, and a second open in this process
	 * conflicts too. */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;
		if (e == EWOULDBLOCK) {
			char buf[24] = "";
			ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
			if (got > 0)
				*holder = strtol(buf, NULL, 10);
			e = EBUSY;
		}
		close(fd);
		return -e;
	}
	char buf[24];
	int len = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, buf, (size_t)len, 0) != len) {
		/* The claim holds without the pid; only the message lacks it. */
	}
	return fd;
}

size_t air_list(const char *dir, char names[][48], size_t max)
{
	char dbuf[64];
	dir = default_dir(dir, dbuf, sizeof dbuf);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!is_sock_name(de->d_name))
			continue;
		struct sockaddr_un sa = {.sun_family = AF_UNIX};
		int l = snprintf(sa.sun_path, sizeof sa.sun_path, "%s/%s", dir,
		                 de->d_name);
		if (l < 0 || (size_t)l >= sizeof sa.sun_path)
			continue;
		if (socket_is_stale(&sa)) {
			unlink(sa.sun_path); /* nobody listens: stale */
			continue;
		}
		/* name = file name without ".<pid>[-k].sock" */
		char nm[256];
		snprintf(nm, sizeof nm, "%s", de->d_name);
		nm[strlen(nm) - 5] = 0;
		char *dot = strrchr(nm, '.');
		if (!dot || dot == nm)
			continue;
		*dot = 0;
		size_t nl = strlen(nm);
		if (nl >= 48)
			continue;
		bool dup = false;
		for (size_t i = 0; i < n && i < max; i++)
			if (strcmp(names[i], nm) == 0)
				dup = true;
		if (dup)
			continue;
		if (n < max)
			memcpy(names[n], nm, nl + 1);
		n++;
	}
	closedir(d);
	return n < max ? n : max;
}

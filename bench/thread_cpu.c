/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "thread_cpu.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The CPU clock of another thread of this process: the encoding glibc's
 * pthread_getcpuclockid() uses (kernel posix-cpu-timers ABI: ~tid << 3,
 * per-thread bit 4, scheduler clock 2). Built in unsigned arithmetic; the
 * kernel reads the bits back. */
static clockid_t tid_clock(pid_t tid)
{
	unsigned v = (~(unsigned)tid << 3) | 4u | 2u;
	clockid_t id;
	memcpy(&id, &v, sizeof id);
	return id;
}

static void read_name(pid_t tid, char *out, size_t len)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/comm", (int)tid);
	out[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(out, (int)len, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* utime and stime of /proc/self/task/TID/stat (fields 14 and 15, clock
 * ticks). The name (field 2) may hold spaces and parentheses: parse after
 * its last ')'. */
static void read_split(pid_t tid, double *user_ns, double *sys_ns)
{
	char path[64], buf[1024];
	*user_ns = *sys_ns = -1;
	snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	char *p = strrchr(buf, ')');
	if (!p)
		return;
	unsigned long long ut, st;
	/* after ')': state(3) ppid pgrp session tty_nr tpgid flags minflt
	 * cminflt majflt cmajflt utime(14) stime(15) */
	if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
	           &ut, &st) != 2)
		return;
	long hz = sysconf(_SC_CLK_TCK);
	if (hz <= 0)
		return;
	*user_ns = (double)ut * 1e9 / (double)hz;
	*sys_ns = (double)st * 1e9 / (double)hz;
}

/* voluntary_ctxt_switches of /proc/self/task/TID/status. */
static double read_blocks(pid_t tid)
{
	char path[64], line[128];
	double v = -1;
	snprintf(path, sizeof path, "/proc/self/task/%d/status", (int)tid);
	FILE *f = fopen(path, "r");
	if (!f)
		return v;
	while (fgets(line, sizeof line, f)) {
		unsigned long long n;
		if (sscanf(line, "voluntary_ctxt_switches: %llu", &n) == 1) {
			v = (double)n;
			break;
		}
	}
	fclose(f);
	return v;
}

int thread_cpu_take(struct thread_cpu_snap *s)
{
	s->n = 0;
	s->truncated = false;
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		if (s->n == THREAD_CPU_MAX) {
			s->truncated = true;
			break;
		}
		pid_t tid = (pid_t)atoi(e->d_name);
		struct timespec ts;
		if (clock_gettime(tid_clock(tid), &ts) != 0)
			continue; /* exited while we listed it */
		struct thread_cpu *t = &s->t[s->n++];
		t->tid = tid;
		t->cpu_ns = (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
		read_name(tid, t->name, sizeof t->name);
		read_split(tid, &t->user_ns, &t->sys_ns);
		t->blocks = read_blocks(tid);
	}
	closedir(d);
	return 0;
}

static const struct thread_cpu *find(const struct thread_cpu_snap *s,
                                     pid_t tid)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->t[i].tid == tid)
			return &s->t[i];
	return NULL;
}

double thread_cpu_since(const struct thread_cpu_snap *a,
                        const struct thread_cpu_snap *b, unsigned i)
{
	const struct thread_cpu *before = find(a, b->t[i].tid);
	return b->t[i].cpu_ns - (before ? before->cpu_ns : 0.0);
}

void thread_cpu_split_since(const struct thread_cpu_snap *a,
                            const struct thread_cpu_snap *b, unsigned i,
                            double *user_ns, double *sys_ns)
{
	const struct thread_cpu *before = find(a, b->t[i].tid);
	const struct thread_cpu *t = &b->t[i];
	double bu = before ? before->user_ns : 0, bs = before ? before->sys_ns : 0;
	*user_ns = *sys_ns = 0;
	if (t->user_ns < 0 || t->sys_ns < 0 || bu < 0 || bs < 0)
		return;
	*user_ns = t->user_ns - bu;
	*sys_ns = t->sys_ns - bs;
}

double thread_cpu_blocks_since(const struct thread_cpu_snap *a,
                               const struct thread_cpu_snap *b, unsigned i)
{
	const struct thread_cpu *before = find(a, b->t[i].tid);
	double was = before ? before->blocks : 0;
	if (b->t[i].blocks < 0 || was < 0)
		return 0;
	return b->t[i].blocks - was;
}

unsigned thread_cpu_exited(const struct thread_cpu_snap *a,
                           const struct thread_cpu_snap *b)
{
	unsigned n = 0;
	for (unsigned i = 0; i < a->n; i++)
		n += find(b, a->t[i].tid) == NULL;
	return n;
}

pid_t thread_cpu_self(void)
{
	return (pid_t)syscall(SYS_gettid);
}

void thread_cpu_name_self(const char *name)
{
	prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}

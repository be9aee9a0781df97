/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "bench_probe.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double ts_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double tv_ns(const struct timeval *tv)
{
	return (double)tv->tv_sec * 1e9 + (double)tv->tv_usec * 1e3;
}

double bench_now_ns(void)
{
	return ts_ns(CLOCK_MONOTONIC);
}

uint64_t bench_now_ms(void)
{
	return (uint64_t)(bench_now_ns() / 1e6);
}

static void sample(struct bench_probe *p)
{
	struct rusage self, thread;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_THREAD, &thread);
	p->user_ns = tv_ns(&self.ru_utime);
	p->sys_ns = tv_ns(&self.ru_stime);
	p->thread_user_ns = tv_ns(&thread.ru_utime);
	p->thread_sys_ns = tv_ns(&thread.ru_stime);
	p->thread_ns = ts_ns(CLOCK_THREAD_CPUTIME_ID);
	p->process_ns = ts_ns(CLOCK_PROCESS_CPUTIME_ID);
	p->wall_ns = bench_now_ns();
}

void bench_probe_begin(struct bench_probe *p)
{
	sample(p);
}

void bench_probe_end(struct bench_probe *p)
{
	struct bench_probe e;
	sample(&e);
	p->wall_ns = e.wall_ns - p->wall_ns;
	p->thread_ns = e.thread_ns - p->thread_ns;
	p->process_ns = e.process_ns - p->process_ns;
	p->user_ns = e.user_ns - p->user_ns;
	p->sys_ns = e.sys_ns - p->sys_ns;
	p->thread_user_ns = e.thread_user_ns - p->thread_user_ns;
	p->thread_sys_ns = e.thread_sys_ns - p->thread_sys_ns;
}

void bench_json_open(struct bench_json *j, FILE *out)
{
	j->out = out;
	j->first_record = true;
	fputs("[\n", out);
}

void bench_json_close(struct bench_json *j)
{
	fputs("\n]\n", j->out);
	fflush(j->out);
}

void bench_json_record(struct bench_json *j)
{
	fputs(j->first_record ? "{" : ",\n{", j->out);
	j->first_record = false;
	j->first_field = true;
}

void bench_json_end_record(struct bench_json *j)
{
	fputc('}', j->out);
	fflush(j->out);
}

static void key(struct bench_json *j, const char *k)
{
	fprintf(j->out, "%s\"%s\": ", j->first_field ? "" : ", ", k);
	j->first_field = false;
}

void bench_json_str(struct bench_json *j, const char *k, const char *val)
{
	key(j, k);
	fputc('"', j->out);
	for (const char *c = val; *c; c++) {
		if (*c == '"' || *c == '\\')
			fputc('\\', j->out);
		if ((unsigned char)*c < 0x20)
			fprintf(j->out, "\\u%04x", (unsigned)*c);
		else
			fputc(*c, j->out);
	}
	fputc('"', j->out);
}

void bench_json_num(struct bench_json *j, const char *k, double val)
{
	key(j, k);
	fprintf(j->out, "%.17g", val);
}

void bench_json_probe(struct bench_json *j, const struct bench_probe *p)
{
	bench_json_num(j, "wall_ns", p->wall_ns);
	bench_json_num(j, "thread_ns", p->thread_ns);
	bench_json_num(j, "process_ns", p->process_ns);
	bench_json_num(j, "user_ns", p->user_ns);
	bench_json_num(j, "sys_ns", p->sys_ns);
	bench_json_num(j, "thread_user_ns", p->thread_user_ns);
	bench_json_num(j, "thread_sys_ns", p->thread_sys_ns);
}

static char private_air[64];

void bench_air_private(void)
{
	if (getenv("DEVOURER_AIR_DIR"))
		return;
	strcpy(private_air, "/tmp/devourer-bench-air-XXXXXX");
	if (!mkdtemp(private_air)) {
		private_air[0] = 0;
		return;
	}
	setenv("DEVOURER_AIR_DIR", private_air, 1);
}

void bench_air_cleanup(void)
{
	if (!private_air[0])
		return;
	/* Whatever sockets/medium files the stations left behind. */
	DIR *d = opendir(private_air);
	if (d) {
		struct dirent *e;
		char path[sizeof private_air + 300];
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", private_air,
			         e->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(private_air);
	private_air[0] = 0;
}

unsigned bench_parse_list(const char *s, unsigned *out, unsigned max)
{
	unsigned n = 0;
	while (*s) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);
		if (end == s || n == max || v > 1000000)
			return 0;
		out[n++] = (unsigned)v;
		if (*end == ',')
			end++;
		else if (*end)
			return 0;
		s = end;
	}
	return n;
}

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CPU and wall clocks around a measured section, and the JSON the bench
 * programs print (bench/run.py reads it). One probe = one repetition of one
 * stage; the runner computes medians and min-max over repetitions, so the
 * programs print raw totals, never a derived "result".
 */
#ifndef DVR_BENCH_PROBE_H
#define DVR_BENCH_PROBE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct bench_probe {
	/* at begin (absolute), then totals after bench_probe_end */
	double wall_ns;
	double thread_ns;      /* CPU of the calling thread */
	double process_ns;     /* CPU of every thread of the process */
	double user_ns, sys_ns;               /* getrusage, whole process */
	double thread_user_ns, thread_sys_ns; /* getrusage, calling thread */
};

void bench_probe_begin(struct bench_probe *p);
void bench_probe_end(struct bench_probe *p);

/* Monotonic wall clock in ns / ms. */
double bench_now_ns(void);
uint64_t bench_now_ms(void);

/* JSON output: a flat array of objects, written to one stream.
 * bench_json_begin_record(out, first?) ... fields ... bench_json_end. */
struct bench_json {
	FILE *out;
	bool first_record, first_field;
};
void bench_json_open(struct bench_json *j, FILE *out);
void bench_json_close(struct bench_json *j);
void bench_json_record(struct bench_json *j);
void bench_json_end_record(struct bench_json *j);
void bench_json_str(struct bench_json *j, const char *key, const char *val);
void bench_json_num(struct bench_json *j, const char *key, double val);
void bench_json_probe(struct bench_json *j, const struct bench_probe *p);

/* A private air for this process when the caller did not choose one:
 * creates a temporary DEVOURER_AIR_DIR, removed by bench_air_cleanup(). */
void bench_air_private(void);
void bench_air_cleanup(void);

/* Parse "64,512,1500" into out[]; returns the count (0 on error). */
unsigned bench_parse_list(const char *s, unsigned *out, unsigned max);

#endif /* DVR_BENCH_PROBE_H */

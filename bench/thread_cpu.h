/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CPU time of every thread of this process, by thread id and name, so a
 * measured window can be split between threads that run in one process:
 * the bench thread, GStreamer's streaming and timer threads, the driver's
 * transport workers and the virtual chip model. getrusage() only knows the
 * calling thread or the whole process; the per-thread CPU clocks
 * (the kernel's sum_exec_runtime, ns resolution) know each thread.
 */
#ifndef DVR_BENCH_THREAD_CPU_H
#define DVR_BENCH_THREAD_CPU_H

#include <stdbool.h>
#include <sys/types.h>

#define THREAD_CPU_MAX 128

struct thread_cpu {
	pid_t tid;
	char name[16];   /* /proc comm: what prctl(PR_SET_NAME) set */
	double cpu_ns;   /* total CPU time of the thread so far */
	/* The same time split into user and system by the kernel (its
	 * tick samples scale the exact total), ns; -1 when unreadable. */
	double user_ns, sys_ns;
	/* Times the thread blocked (voluntary context switches): each is
	 * one sleep and one wake-up, whose switch the thread's CPU time
	 * pays; -1 when unreadable. */
	double blocks;
};

struct thread_cpu_snap {
	unsigned n;
	bool truncated;  /* more than THREAD_CPU_MAX threads */
	struct thread_cpu t[THREAD_CPU_MAX];
};

/* Every thread of the process now. Returns 0, or -1 if /proc is absent. */
int thread_cpu_take(struct thread_cpu_snap *s);

/* CPU thread b->t[i] used since snapshot a (all of it when the thread
 * was created after a). */
double thread_cpu_since(const struct thread_cpu_snap *a,
                        const struct thread_cpu_snap *b, unsigned i);

/* User / system time of thread b->t[i] since snapshot a (0 when either
 * side could not be read). */
void thread_cpu_split_since(const struct thread_cpu_snap *a,
                            const struct thread_cpu_snap *b, unsigned i,
                            double *user_ns, double *sys_ns);

/* Times thread b->t[i] blocked since snapshot a (0 when unreadable). */
double thread_cpu_blocks_since(const struct thread_cpu_snap *a,
                               const struct thread_cpu_snap *b, unsigned i);

/* Threads of a that no longer exist in b (their CPU in between is lost). */
unsigned thread_cpu_exited(const struct thread_cpu_snap *a,
                           const struct thread_cpu_snap *b);

/* The calling thread's id, and renaming it (15 characters at most).
 * Threads it creates inherit the name: that is how the bench tells the
 * threads a library started on its behalf from GStreamer's own, which
 * name themselves. */
pid_t thread_cpu_self(void);
void thread_cpu_name_self(const char *name);

#endif /* DVR_BENCH_THREAD_CPU_H */

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * GLib locks ThreadSanitizer can see, for the TSan stage of the test
 * command only (preloaded there, never shipped).
 *
 * On Linux GLib implements GMutex and GCond on raw futexes
 * (glib/gthread-posix.c, the native mutex path), and the distribution's
 * libglib is not instrumented, so ThreadSanitizer sees none of their
 * happens-before edges: every field our elements guard with a GMutex
 * would read as a data race. Preloaded, this library answers the
 * exported g_mutex_* and g_cond_* entry points that our code, libgobject
 * and libgstreamer call, with pthread primitives the sanitizer intercepts
 * (GLib's own portable implementation does the same: a lazily allocated
 * pthread object behind the structure's pointer). GRecMutex and GRWLock
 * are pthread objects in GLib already and are left alone.
 *
 * libglib's calls to these functions from inside itself are bound
 * locally and keep GLib's futex locks; those lock objects belong to GLib
 * (main contexts, async queues, thread pools) and are never locked from
 * outside, so no lock object is ever driven by both implementations.
 */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <glib.h>

static void die_if(int err)
{
	if (err)
		abort(); /* a broken lock must not pass as a clean run */
}

/* The pthread object behind @p slot, made on first use: a zeroed GMutex
 * (static, never g_mutex_init'ed) is a valid unlocked mutex. */
static pthread_mutex_t *mutex_of(gpointer *slot)
{
	pthread_mutex_t *m = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (m)
		return m;
	pthread_mutex_t *fresh = malloc(sizeof(*fresh));
	if (!fresh)
		abort();
	pthread_mutexattr_t attr;
	die_if(pthread_mutexattr_init(&attr));
	die_if(pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_NORMAL));
	die_if(pthread_mutex_init(fresh, &attr));
	pthread_mutexattr_destroy(&attr);
	gpointer expected = NULL;
	if (__atomic_compare_exchange_n(slot, &expected, fresh, false,
	                                __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return fresh;
	pthread_mutex_destroy(fresh); /* another thread made it first */
	free(fresh);
	return expected;
}

static void mutex_free(gpointer *slot)
{
	pthread_mutex_t *m = *slot;
	if (m) {
		pthread_mutex_destroy(m);
		free(m);
		*slot = NULL;
	}
}

void g_mutex_init(GMutex *mutex)
{
	mutex->p = NULL;
	(void)mutex_of(&mutex->p);
}

void g_mutex_clear(GMutex *mutex)
{
	mutex_free(&mutex->p);
}

void g_mutex_lock(GMutex *mutex)
{
	die_if(pthread_mutex_lock(mutex_of(&mutex->p)));
}

gboolean g_mutex_trylock(GMutex *mutex)
{
	int err = pthread_mutex_trylock(mutex_of(&mutex->p));
	if (err == EBUSY)
		return FALSE;
	die_if(err);
	return TRUE;
}

void g_mutex_unlock(GMutex *mutex)
{
	die_if(pthread_mutex_unlock(mutex_of(&mutex->p)));
}

/* Conditions wait on CLOCK_MONOTONIC: g_cond_wait_until's end time is
 * g_get_monotonic_time()'s clock. */
static pthread_cond_t *cond_of(GCond *cond)
{
	pthread_cond_t *c = __atomic_load_n(&cond->p, __ATOMIC_ACQUIRE);
	if (c)
		return c;
	pthread_cond_t *fresh = malloc(sizeof(*fresh));
	if (!fresh)
		abort();
	pthread_condattr_t attr;
	die_if(pthread_condattr_init(&attr));
	die_if(pthread_condattr_setclock(&attr, CLOCK_MONOTONIC));
	die_if(pthread_cond_init(fresh, &attr));
	pthread_condattr_destroy(&attr);
	gpointer expected = NULL;
	if (__atomic_compare_exchange_n(&cond->p, &expected, fresh, false,
	                                __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return fresh;
	pthread_cond_destroy(fresh);
	free(fresh);
	return expected;
}

void g_cond_init(GCond *cond)
{
	cond->p = NULL;
	(void)cond_of(cond);
}

void g_cond_clear(GCond *cond)
{
	pthread_cond_t *c = cond->p;
	if (c) {
		pthread_cond_destroy(c);
		free(c);
		cond->p = NULL;
	}
}

void g_cond_wait(GCond *cond, GMutex *mutex)
{
	die_if(pthread_cond_wait(cond_of(cond),
	                         mutex_of(&mutex->p)));
}

gboolean g_cond_wait_until(GCond *cond, GMutex *mutex, gint64 end_time)
{
	struct timespec ts = {
		.tv_sec = (time_t)(end_time / 1000000),
		.tv_nsec = (long)(end_time % 1000000) * 1000,
	};
	int err = pthread_cond_timedwait(cond_of(cond),
	                                 mutex_of(&mutex->p),
	                                 &ts);
	if (err == ETIMEDOUT)
		return FALSE;
	die_if(err);
	return TRUE;
}

void g_cond_signal(GCond *cond)
{
	die_if(pthread_cond_signal(cond_of(cond)));
}

void g_cond_broadcast(GCond *cond)
{
	die_if(pthread_cond_broadcast(cond_of(cond)));
}

/*
 * GAsyncQueue hands items between threads under a GLib-internal GMutex
 * the sanitizer cannot see (the queue's own calls bind inside libglib).
 * GstHarness delivers every buffer to the test thread through one, so
 * the push publishes what the pushing thread wrote and a pop that got an
 * item acquires it, as the queue's lock does.
 */
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

/* The next definition of @name, looked up once; the first calls may
 * come from several threads at the same time, so the cached pointer is
 * read and written atomically. */
#define REAL(name) \
	static __typeof__(name) *real_cached; \
	__typeof__(name) *real = __atomic_load_n(&real_cached, \
	                                         __ATOMIC_ACQUIRE); \
	if (!real) { \
		*(void **)&real = dlsym(RTLD_NEXT, #name); \
		if (!real) \
			abort(); \
		__atomic_store_n(&real_cached, real, __ATOMIC_RELEASE); \
	}

#define PUSH_WRAPPER(name)                                            \
	void name(GAsyncQueue *queue, gpointer data)                  \
	{                                                             \
		REAL(name);                                           \
		__tsan_release(queue);                                \
		real(queue, data);                                    \
	}
PUSH_WRAPPER(g_async_queue_push)
PUSH_WRAPPER(g_async_queue_push_unlocked)
PUSH_WRAPPER(g_async_queue_push_front)
PUSH_WRAPPER(g_async_queue_push_front_unlocked)

#define POP_WRAPPER(name)                                             \
	gpointer name(GAsyncQueue *queue)                             \
	{                                                             \
		REAL(name);                                           \
		gpointer item = real(queue);                          \
		if (item)                                             \
			__tsan_acquire(queue);                        \
		return item;                                          \
	}
POP_WRAPPER(g_async_queue_pop)
POP_WRAPPER(g_async_queue_pop_unlocked)
POP_WRAPPER(g_async_queue_try_pop)
POP_WRAPPER(g_async_queue_try_pop_unlocked)

#define TIMEOUT_POP_WRAPPER(name)                                     \
	gpointer name(GAsyncQueue *queue, guint64 timeout)            \
	{                                                             \
		REAL(name);                                           \
		gpointer item = real(queue, timeout);                 \
		if (item)                                             \
			__tsan_acquire(queue);                        \
		return item;                                          \
	}
TIMEOUT_POP_WRAPPER(g_async_queue_timeout_pop)
TIMEOUT_POP_WRAPPER(g_async_queue_timeout_pop_unlocked)

/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Allocation counting for one thread; see alloc_count.h.
 *
 * Sanitizer builds: ASan and TSan replace malloc themselves, so a second
 * replacement here would fight theirs. Their allocator calls the hooks
 * installed with __sanitizer_install_malloc_and_free_hooks() (sanitizer
 * common interface, sanitizer/allocator_interface.h) on every
 * allocation, in the allocating thread.
 *
 * Other builds: glibc lets a program replace malloc, free, calloc and
 * realloc by defining them (its manual, "Replacing malloc"); the aligned
 * variants are replaced too so that no allocation path escapes the count.
 * Each forwards to glibc's own implementation (__libc_malloc and
 * friends), so memory from either side may be freed by the other.
 */
#include "alloc_count.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ALLOC_COUNT_HOOKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define ALLOC_COUNT_HOOKS 1
#endif
#endif

/* Set only by the counting thread; read by every allocation. */
static _Thread_local bool counting;
static _Thread_local unsigned long counted;

static inline void note_allocation(void)
{
	if (counting)
		counted++;
}

#ifdef ALLOC_COUNT_HOOKS

int __sanitizer_install_malloc_and_free_hooks(
	void (*malloc_hook)(const volatile void *, size_t),
	void (*free_hook)(const volatile void *));

static void on_malloc(const volatile void *ptr, size_t size)
{
	(void)ptr;
	(void)size;
	note_allocation();
}

static void on_free(const volatile void *ptr)
{
	(void)ptr;
}

static const char *why = "";

bool alloc_count_init(void)
{
	if (__sanitizer_install_malloc_and_free_hooks(on_malloc, on_free))
		return true;
	why = "the sanitizer runtime has no room for another malloc hook";
	return false;
}

const char *alloc_count_method(void)
{
	return "sanitizer allocator hook";
}

#else /* glibc's malloc, interposed */

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void *__libc_memalign(size_t align, size_t size);
void __libc_free(void *ptr);

void *malloc(size_t size)
{
	note_allocation();
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	note_allocation();
	return __libc_calloc(n, size);
}

void *realloc(void *ptr, size_t size)
{
	note_allocation();
	return __libc_realloc(ptr, size);
}

void free(void *ptr)
{
	__libc_free(ptr);
}

void *memalign(size_t align, size_t size)
{
	note_allocation();
	return __libc_memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	note_allocation();
	return __libc_memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	/* A power of two and a multiple of sizeof(void *), as POSIX asks. */
	if (align < sizeof(void *) || (align & (align - 1)) != 0)
		return EINVAL;
	note_allocation();
	p = __libc_memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

static const char *why = "";

bool alloc_count_init(void)
{
	return true;
}

const char *alloc_count_method(void)
{
	return "interposed malloc";
}

#endif

const char *alloc_count_why(void)
{
	return why;
}

void alloc_count_begin(void)
{
	counted = 0;
	counting = true;
}

unsigned long alloc_count_end(void)
{
	counting = false;
	return counted;
}

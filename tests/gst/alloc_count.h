/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Counting the heap allocations one thread makes over a stretch of code:
 * what "nothing is allocated per packet" is checked with. Under a
 * sanitizer its allocator reports every malloc to a hook; otherwise this
 * program's own malloc family (ELF interposition, forwarding to glibc's)
 * counts them. Only the thread between alloc_count_begin() and
 * alloc_count_end() is counted, whatever other threads allocate.
 */
#ifndef DVR_TEST_ALLOC_COUNT_H
#define DVR_TEST_ALLOC_COUNT_H

#include <stdbool.h>

/* Start counting for this process. false: not possible here (the
 * reason is in alloc_count_why()). */
bool alloc_count_init(void);
const char *alloc_count_why(void);
/* Which mechanism counts (for the test log). */
const char *alloc_count_method(void);

/* Count this thread's allocations from now on, from zero. */
void alloc_count_begin(void);
/* Stop counting; the number of allocations since alloc_count_begin(). */
unsigned long alloc_count_end(void);

#endif /* DVR_TEST_ALLOC_COUNT_H */

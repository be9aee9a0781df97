/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * DVR_API marks the functions libdevourer exports. The library is built
 * with hidden visibility, so everything else in it stays internal.
 */
#ifndef DEVOURER_EXPORT_H
#define DEVOURER_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define DVR_API __attribute__((visibility("default")))
#else
#define DVR_API
#endif

#endif /* DEVOURER_EXPORT_H */

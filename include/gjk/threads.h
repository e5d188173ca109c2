// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/threads.h
/// Runs a batch (gjk/batch.h) on several threads, for programs without a task system of their own. This is a
/// separate library, `gjk_threads` (CMake target gjk::gjk_threads; without CMake, link `-lgjk_threads -lgjk -lm
/// -pthread`), which uses POSIX threads; the core library needs only libm and owns no threads. Not in the single
/// header.
///
/// ```c
/// typedef struct job { const gjk_batch3 *batch; gjk_result3 *out; } job;
/// static int run(int begin, int end, void *context) {
///     job *j = context;
///     return gjk_batch_query3(GJK_QUERY_SIGNED_DISTANCE, j->batch, NULL, NULL, begin, end, j->out);
/// }
/// ...
/// job j = {&batch, results};
/// int not_ok = gjk_parallel_for(count, 4, 0, run, &j);  // the same answers as one thread, bit for bit
/// ```
#ifndef GJK_THREADS_H
#define GJK_THREADS_H

#include "gjk/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A piece of work: the items [begin, end) of a job whose data is `context`. Returns a count that
/// gjk_parallel_for() adds up (e.g. the items whose status is not GJK_OK, as the batch functions return).
typedef int gjk_range_fn(int begin, int end, void *context);

/// Runs `fn` over the items [0, count) in ranges of `grain` items (<= 0: about count / (8 x threads), at least 16),
/// on `threads` threads (the calling thread is one of them; at most 256; <= 1 runs everything on the calling
/// thread). Ranges go to whichever thread is free, so uneven items (some pairs need EPA) still share the work; which
/// thread runs a range does not change its answers. Returns the sum of fn's return values once every range has
/// run. When a thread cannot be started, the threads that did start (at least the calling one) run its share.
GJK_API int gjk_parallel_for(int count, int threads, int grain, gjk_range_fn *fn, void *context);

#ifdef __cplusplus
}
#endif

#endif

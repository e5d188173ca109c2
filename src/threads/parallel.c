// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk_parallel_for (gjk/threads.h): the ranges are handed out from one atomic counter, so a thread that drew cheap
   items takes the next range while another is still in an expensive one. The library target gjk_threads holds this
   file alone; the core library never starts a thread. */
#include <gjk/threads.h>

#include <pthread.h>
#include <stdatomic.h>

#define GJK_THREADS_MAX 256

typedef struct gjk_parallel_job {
    gjk_range_fn *fn;
    void *context;
    int count, grain;
    atomic_int next;  /* first item of the next range to hand out */
    atomic_int total; /* sum of fn's answers */
} gjk_parallel_job;

static void gjk_parallel_work(gjk_parallel_job *job) {
    int sum = 0;
    for (;;) {
        int begin = atomic_fetch_add(&job->next, job->grain);
        if (begin >= job->count) break;
        int end = job->count - begin > job->grain ? begin + job->grain : job->count;
        sum += job->fn(begin, end, job->context);
    }
    atomic_fetch_add(&job->total, sum);
}

static void *gjk_parallel_thread(void *arg) {
    gjk_parallel_work((gjk_parallel_job *)arg);
    return NULL;
}

int gjk_parallel_for(int count, int threads, int grain, gjk_range_fn *fn, void *context) {
    if (!fn || count <= 0) return 0;
    if (threads > GJK_THREADS_MAX) threads = GJK_THREADS_MAX;
    if (threads < 1) threads = 1;
    if (grain <= 0) {
        grain = count / (8 * threads);
        if (grain < 16) grain = 16;
    }
    gjk_parallel_job job;
    job.fn = fn;
    job.context = context;
    job.count = count;
    /* (The counter may pass count by up to one grain per thread: keep it within int.) */
    job.grain = grain > (0x7fffffff - count) / (threads + 1) ? (0x7fffffff - count) / (threads + 1) : grain;
    if (job.grain < 1) job.grain = 1;
    atomic_init(&job.next, 0);
    atomic_init(&job.total, 0);
    pthread_t ids[GJK_THREADS_MAX];
    int started = 0;
    for (int i = 1; i < threads; ++i) {
        if (pthread_create(&ids[started], NULL, gjk_parallel_thread, &job) != 0) break;
        ++started;
    }
    gjk_parallel_work(&job);
    for (int i = 0; i < started; ++i) pthread_join(ids[i], NULL);
    return atomic_load(&job.total);
}

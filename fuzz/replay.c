// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* A deterministic driver for the fuzz harnesses, for CI: it runs every seed file given, then N mutants of them made
   by a fixed pseudo-random sequence (byte flips, interesting bytes, inserts, deletes, splices between seeds).

   Why not libFuzzer itself: a libFuzzer run explores differently from machine to machine even with a fixed seed
   (its corpus bookkeeping depends on directory order and timing; two runs here with -seed=1 -runs=100000 ended
   with different corpora), so a smoke run in CI could pass here and find something there. This driver makes the
   same inputs everywhere: what passes on a developer's machine passes in CI. The exploring runs stay libFuzzer's
   (scripts/fuzz.sh SECONDS).

   Usage: replay [-n N] [-s SEED] FILE...   (the harness's LLVMFuzzerTestOneInput is linked in)
   A failing input (a sanitizer report or an abort) is written to ./replay-crash and printed in hex. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/common_interface_defs.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT 4096

static uint8_t current[MAX_INPUT];
static size_t current_size;
static long current_index = -1;

/* Keep the input that failed: called by the sanitizers before they exit, and on abort(). */
static void save_current(void) {
    FILE *f = fopen("replay-crash", "wb");
    if (f) {
        fwrite(current, 1, current_size, f);
        fclose(f);
    }
    fprintf(stderr, "replay: input %ld failed (%zu bytes, saved to replay-crash):", current_index, current_size);
    for (size_t i = 0; i < current_size; ++i) fprintf(stderr, "%s%02x", i % 32 ? "" : "\n  ", current[i]);
    fprintf(stderr, "\n");
}
static void on_abort(int sig) {
    (void)sig;
    save_current();
    signal(SIGABRT, SIG_DFL);
    abort();
}

/* splitmix64: the same sequence on every platform. */
static uint64_t rng_state;
static uint64_t next(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static size_t below(size_t n) { return n ? (size_t)(next() % n) : 0; }

typedef struct seed {
    uint8_t *data;
    size_t size;
} seed;

static void run(void) {
    LLVMFuzzerTestOneInput(current, current_size);
    ++current_index;
}

/* One mutation of `current` in place. The byte values favour the harness's number encoding: below 200 a small
   value, 200..229 a scaled one, 230 and up the raw bits of a double (NaN, infinities, denormals). */
static void mutate(const seed *seeds, int nseeds) {
    static const uint8_t interesting[] = {0, 1, 99, 100, 101, 199, 200, 215, 229, 230, 255, 0x7f, 0x80, 0xf0, 0xff};
    switch (below(6)) {
    case 0: /* flip a bit */
        if (current_size) current[below(current_size)] ^= (uint8_t)(1u << below(8));
        break;
    case 1: /* an interesting byte */
        if (current_size) current[below(current_size)] = interesting[below(sizeof interesting)];
        break;
    case 2: /* a random byte */
        if (current_size) current[below(current_size)] = (uint8_t)next();
        break;
    case 3: /* insert a byte */
        if (current_size < MAX_INPUT) {
            size_t at = below(current_size + 1);
            memmove(current + at + 1, current + at, current_size - at);
            current[at] = (uint8_t)next();
            ++current_size;
        }
        break;
    case 4: /* delete a byte */
        if (current_size > 1) {
            size_t at = below(current_size);
            memmove(current + at, current + at + 1, current_size - at - 1);
            --current_size;
        }
        break;
    default: { /* splice: overwrite a run with bytes from another seed */
        const seed *o = &seeds[below((size_t)nseeds)];
        if (!o->size || !current_size) break;
        size_t from = below(o->size), to = below(current_size);
        size_t n = 1 + below(16);
        if (n > o->size - from) n = o->size - from;
        if (n > current_size - to) n = current_size - to;
        memcpy(current + to, o->data + from, n);
        break;
    }
    }
}

int main(int argc, char **argv) {
    long n = 10000;
    uint64_t s = 1;
    int first = 1;
    while (first + 1 < argc && argv[first][0] == '-') {
        if (!strcmp(argv[first], "-n")) n = atol(argv[first + 1]);
        else if (!strcmp(argv[first], "-s")) s = (uint64_t)strtoull(argv[first + 1], NULL, 10);
        else break;
        first += 2;
    }
    int nseeds = argc - first;
    if (nseeds <= 0) {
        fprintf(stderr, "usage: %s [-n N] [-s SEED] FILE...\n", argv[0]);
        return 2;
    }
    seed *seeds = calloc((size_t)nseeds, sizeof *seeds);
    if (!seeds) return 2;
    for (int i = 0; i < nseeds; ++i) {
        FILE *f = fopen(argv[first + i], "rb");
        if (!f) {
            fprintf(stderr, "replay: cannot read %s\n", argv[first + i]);
            return 2;
        }
        seeds[i].data = malloc(MAX_INPUT);
        if (!seeds[i].data) return 2;
        seeds[i].size = fread(seeds[i].data, 1, MAX_INPUT, f);
        fclose(f);
    }
    __sanitizer_set_death_callback(save_current);
    signal(SIGABRT, on_abort);
    rng_state = s;
    for (int i = 0; i < nseeds; ++i) { /* the seeds as they are */
        memcpy(current, seeds[i].data, seeds[i].size);
        current_size = seeds[i].size;
        run();
    }
    for (long k = 0; k < n; ++k) { /* then mutants: 1 to 8 mutations of one seed */
        const seed *b = &seeds[below((size_t)nseeds)];
        memcpy(current, b->data, b->size);
        current_size = b->size;
        int m = 1 + (int)below(8);
        for (int j = 0; j < m; ++j) mutate(seeds, nseeds);
        run();
    }
    printf("replay: %d seeds and %ld mutants, no failure\n", nseeds, n);
    for (int i = 0; i < nseeds; ++i) free(seeds[i].data);
    free(seeds);
    return 0;
}

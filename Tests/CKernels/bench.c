// The exact Gaussian's pass kernels timed build by build (not a test; nothing runs it): the CPU
// time of one 4680-byte row (an iPhone 12 row of channels), the best of five runs of 4000 rows, for
// each build a test entry point offers. Build and run (kernel 1: the default target's build,
// 2: AVX2), alternating with a build of another commit's kernels to compare:
//   clang -O2 -ISources/CPixelKernels/include -ISources/CCPUFeatures/include \
//     -ITests/CKernelTestHooks/include Tests/CKernels/bench.c Sources/CPixelKernels/taps*.c \
//     Sources/CCPUFeatures/cpu.c -o /tmp/bench && taskset -c 0 /tmp/bench 1
// CPU time, not wall time, so that other work on the machine counts less.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kernelhooks.h"

#define N 4680

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static uint8_t bytes[64][N + 64], out[2 * N + 64];
static uint16_t wide_a[64][N + 64], wide_b[64][N + 64], centre[N + 64];

int main(int argc, char **argv) {
    int kernel = argc > 1 ? atoi(argv[1]) : 1;
    const uint8_t *rows[64];
    const uint16_t *a[64], *b[64];
    int16_t weights[64];
    srand(1);
    for (int t = 0; t < 64; t++) {
        for (int i = 0; i < N + 64; i++) { bytes[t][i] = (uint8_t)rand(); wide_a[t][i] = rand() & 255; wide_b[t][i] = rand() & 255; }
        rows[t] = bytes[t]; a[t] = wide_a[t]; b[t] = wide_b[t]; weights[t] = 1000;
    }
    for (int i = 0; i < N + 64; i++) centre[i] = rand() & 255;
    // kind 0: hf_taps_pass (x taps); 1: folded (x pairs, y terms); 2: centred (x pairs).
    const struct { const char *name; int kind; size_t x, y; int words; } cases[] = {
        {"taps 13", 0, 13, 0, 0}, {"taps 25", 0, 25, 0, 0}, {"folded 6+1", 1, 6, 7, 0}, {"folded 6+1 words", 1, 6, 7, 1},
        {"folded 3+2", 1, 3, 5, 0}, {"centred 2", 2, 2, 2, 0}, {"centred 1 words", 2, 1, 1, 1},
    };
    const int reps = 4000;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double best = 1e18;
        for (int run = 0; run < 5; run++) {
            double t0 = cpu_ns();
            for (int r = 0; r < reps; r++) {
                size_t n = N - r % 7;  // every tail length 0 … 6 past the vector steps
                int ok = cases[c].kind == 0 ? hf_taps_kernel(kernel, rows, weights, cases[c].x, out, n)
                       : cases[c].kind == 1 ? hf_taps_folded_kernel(kernel, a, b, cases[c].x, weights, cases[c].y, out, cases[c].words, n)
                                            : hf_taps_centred_kernel(kernel, a, b, centre, cases[c].x, weights, out, cases[c].words, n);
                if (!ok) { printf("this CPU lacks kernel %d\n", kernel); return 1; }
            }
            double ns = (cpu_ns() - t0) / reps;
            if (ns < best) best = ns;
        }
        printf("%-18s %6.0f ns\n", cases[c].name, best);
    }
    return 0;
}

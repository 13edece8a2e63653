// The fast PNG profile's deflate parse and Adler-32 timed build by build (not a test; nothing runs
// it): the CPU time to deflate, or to checksum, the filtered scanlines of RGBA8 frames at 1170
// pixels a row (`holoframe render CLIP --frames N --format raw > F.rgba`), in 512-row stripes as
// the writer cuts them, the best of seven runs. Rows are filtered UP (the first NONE) and packed to
// RGB, as the writer does for opaque frames. Build and run (kernel 0: byte by byte or scalar,
// 1: the default target's build, 2: AVX2), alternating with a build of another commit's file:
//   clang -O2 -ISources/CPNGFast/include -ISources/CPixelKernels/include -ISources/CCPUFeatures/include \
//     -ITests/CKernelTestHooks/include \
//     Tests/CKernels/bench_png.c Sources/CPNGFast/*.c Sources/CCPUFeatures/cpu.c -lisal -o /tmp/bench_png
//   taskset -c 0 /tmp/bench_png deflate 2 frames/*.rgba
// CPU time, not wall time, so that other work on the machine counts less.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernelhooks.h"
#include "pngfast.h"

enum { WIDTH = 1170, STRIPE_ROWS = 512, LINE = 1 + 3 * WIDTH };

static double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_png deflate|adler KERNEL FRAME.rgba...\n");
        return 2;
    }
    int adler = strcmp(argv[1], "adler") == 0, kernel = atoi(argv[2]);
    // Every frame's rows, filtered and packed, one after another.
    size_t rows = 0, capacity = 0;
    uint8_t *lines = NULL;
    for (int f = 3; f < argc; f++) {
        FILE *file = fopen(argv[f], "rb");
        if (file == NULL) { perror(argv[f]); return 1; }
        fseek(file, 0, SEEK_END);
        size_t bytes = (size_t)ftell(file), height = bytes / (4 * WIDTH);
        fseek(file, 0, SEEK_SET);
        uint8_t *rgba = malloc(bytes);
        if (fread(rgba, 1, bytes, file) != bytes) { perror(argv[f]); return 1; }
        fclose(file);
        if (capacity < (rows + height) * LINE) {
            capacity = 2 * (rows + height) * LINE;
            lines = realloc(lines, capacity);
        }
        for (size_t y = 0; y < height; y++) {
            uint8_t *out = lines + (rows + y) * LINE;
            const uint8_t *cur = rgba + 4 * WIDTH * y, *above = y > 0 ? cur - 4 * WIDTH : NULL;
            out[0] = above != NULL ? 2 : 0;
            for (size_t x = 0; x < WIDTH; x++)
                for (int c = 0; c < 3; c++) out[1 + 3 * x + c] = (uint8_t)(cur[4 * x + c] - (above != NULL ? above[4 * x + c] : 0));
        }
        rows += height;
        free(rgba);
    }
    size_t scratchBytes = hf_fast_deflate_scratch_size((size_t)STRIPE_ROWS * LINE), outBytes = 2 * (size_t)STRIPE_ROWS * LINE + 1024;
    uint8_t *scratch = malloc(scratchBytes), *out = malloc(outBytes);
    double best = 1e30;
    uint64_t check = 0;
    for (int run = 0; run < 7; run++) {
        check = 0;
        double t0 = cpu_ns();
        for (size_t y = 0; y < rows; y += STRIPE_ROWS) {
            size_t n = (rows - y < STRIPE_ROWS ? rows - y : STRIPE_ROWS) * LINE;
            const uint8_t *in = lines + y * LINE;
            if (adler) {
                uint32_t sum;
                if (!hf_fast_adler32_kernel(1, in, n, kernel, &sum)) { fprintf(stderr, "no kernel %d here\n", kernel); return 1; }
                check += sum;
            } else {
                long written = hf_fast_deflate_stripe_kernel(in, n, LINE, 3, y + STRIPE_ROWS >= rows, scratch, out, outBytes, kernel);
                if (written < 0) { fprintf(stderr, "no kernel %d here (%ld)\n", kernel, written); return 1; }
                check += (uint64_t)written;
            }
        }
        double t = cpu_ns() - t0;
        if (t < best) best = t;
    }
    printf("%s kernel %d: %.3f ms for %zu rows (%.2f ns/byte; %s %llu)\n", argv[1], kernel, best / 1e6, rows,
           best / ((double)rows * LINE), adler ? "checksum sum" : "bytes out", (unsigned long long)check);
    return 0;
}

// What moving one 1170 × 2532 frame's pixels costs on this core, before anything is drawn: the
// floor under a frame that scrolls the whole screen (docs/performance.md, "The memory floor").
//
//   cc -O3 -march=native Tests/Scripts/measure_memory_floor.c -o /tmp/floor && taskset -c 0 /tmp/floor
//
// Three passes over premultiplied RGBA words, each timed 40 times after 64 MB of other memory
// has been written (the caches hold none of the frame, as after a frame's materials, text and
// tiles); the best and the median are printed:
//   fill           every pixel of the frame written once (the background);
//   fill + over    the background, then a full-screen layer composited over it (source-over, the
//                  integers of CPixelKernels/over.c), in strips of 128 rows as the compositor draws
//                  a damage band: what a scrolled frame with one retained list costs at least;
//   fused          the layer over the background in one pass (read the layer, write the frame):
//                  the least any design that reads the scrolled content and writes the frame can
//                  do.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 1170, H = 2532, STRIP = 128, ROUNDS = 40, JUNK = 64 << 20 };

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fill(uint32_t *d, size_t n, uint32_t w) {
    for (size_t i = 0; i < n; i++) d[i] = w;
}

// D' = S + div255(D · (255 − S_a)) per channel, two channels a 16-bit lane (over.c's integers).
static inline uint32_t over1(uint32_t s, uint32_t d) {
    uint32_t k = 255 - (s >> 24);
    uint32_t rb = (d & 0x00FF00FFu) * k + 0x00800080u, ga = ((d >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return s + (rb | (ga << 8));
}

static void over(uint32_t *restrict d, const uint32_t *restrict s, size_t n) {
    for (size_t i = 0; i < n; i++) d[i] = over1(s[i], d[i]);
}

static void fused(uint32_t *restrict d, const uint32_t *restrict s, size_t n, uint32_t background) {
    for (size_t i = 0; i < n; i++) d[i] = over1(s[i], background);
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void) {
    const size_t n = (size_t)W * H;
    const uint32_t background = 0xFFF7F2F2u;  // opaque, like systemGroupedBackground
    uint32_t *frame = malloc(n * 4), *layer = malloc(n * 4);
    uint8_t *junk = malloc(JUNK);
    if (!frame || !layer || !junk) return 1;
    // A list's layer: opaque cards (white), transparent gaps, a few translucent edge pixels.
    for (size_t i = 0; i < n; i++) {
        size_t x = i % W, y = i / W;
        layer[i] = (y % 420) < 380 && x >= 48 && x < W - 48 ? ((x % 97) == 0 ? 0x80808080u : 0xFFFFFFFFu) : 0;
    }
    memset(frame, 0, n * 4);
    const char *names[3] = { "fill", "fill + over", "fused" };
    for (int pass = 0; pass < 3; pass++) {
        double t[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            memset(junk, r, JUNK);
            double t0 = now_ms();
            if (pass == 0) {
                fill(frame, n, background);
            } else if (pass == 1) {
                for (size_t y = 0; y < H; y += STRIP) {
                    size_t rows = y + STRIP <= H ? STRIP : H - y;
                    fill(frame + y * W, rows * W, background);
                    over(frame + y * W, layer + y * W, rows * W);
                }
            } else {
                fused(frame, layer, n, background);
            }
            t[r] = now_ms() - t0;
        }
        qsort(t, ROUNDS, sizeof t[0], by_value);
        printf("%-12s best %.2f ms  median %.2f ms\n", names[pass], t[0], t[ROUNDS / 2]);
    }
    // Use the frame so no pass is optimized away.
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i += 4096) sum += frame[i];
    fprintf(stderr, "(checksum %llu)\n", (unsigned long long)sum);
    return 0;
}

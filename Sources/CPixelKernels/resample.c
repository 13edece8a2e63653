// Bilinear resampling under an axis-aligned scale (Pixels/Resample.swift), in two passes of 8-bit
// values, each rounded once:
//   h = (v0·(256 − wx) + v1·wx + 128) >> 8               along x, per source row
//   out = (h0·(256 − wy) + h1·wy + 128) >> 8             along y, over two rows of h
// Every sum is at most 255·256 + 128 < 2¹⁶, so both passes run in 16-bit lanes. Along x each
// output pixel reads two neighbouring source pixels (one 8-byte load) and multiplies them by its
// column's weights, laid out as the lanes they multiply (256 − wx four times, then wx four times),
// four pixels an iteration (built for the default target and for AVX2, chosen at run time); along
// y two rows of h are mixed with one weight for the whole row.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <string.h>

#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x4 __attribute__((vector_size(4)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));

__attribute__((always_inline)) static inline u16x8 taps(const uint8_t *row, int32_t ix, const uint16_t *w) {
    u8x8 pair;
    u16x8 weights;
    memcpy(&pair, row + 4 * (size_t)ix, 8);
    memcpy(&weights, w, 16);
    return __builtin_convertvector(pair, u16x8) * weights;
}

// Four pixels a step: their pairs as one 32-byte vector, their weights as two, the halves summed
// (one 256-bit register each in the AVX2 build, two 128-bit ones in the default target's).
__attribute__((always_inline)) static inline void resample_columns(const uint8_t *row, const int32_t *ix, const uint16_t *w,
                                                                   uint8_t *out, size_t n) {
    size_t x = 0;
    for (; x + 4 <= n; x += 4) {
        u8x8 p0, p1, p2, p3;
        memcpy(&p0, row + 4 * (size_t)ix[x], 8);
        memcpy(&p1, row + 4 * (size_t)ix[x + 1], 8);
        memcpy(&p2, row + 4 * (size_t)ix[x + 2], 8);
        memcpy(&p3, row + 4 * (size_t)ix[x + 3], 8);
        u8x16 p01 = __builtin_shufflevector(p0, p1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        u8x16 p23 = __builtin_shufflevector(p2, p3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        u16x16 w01, w23;
        memcpy(&w01, w + 8 * x, 32);
        memcpy(&w23, w + 8 * x + 16, 32);
        u16x16 a = __builtin_convertvector(p01, u16x16) * w01, b = __builtin_convertvector(p23, u16x16) * w23;
        u16x16 h = (__builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27)
                    + __builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31) + 128) >> 8;
        u8x16 bytes = __builtin_convertvector(h, u8x16);
        memcpy(out + 4 * x, &bytes, 16);
    }
    for (; x < n; x++) {
        u16x8 a = taps(row, ix[x], w + 8 * x);
        u16x4 h = (__builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7) + 128) >> 8;
        u8x4 bytes = __builtin_convertvector(h, u8x4);
        memcpy(out + 4 * x, &bytes, 4);
    }
}

static void resample_columns_default(const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n) {
    resample_columns(row, ix, w, out, n);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void resample_columns_avx2(const uint8_t *row, const int32_t *ix, const uint16_t *w,
                                                                  uint8_t *out, size_t n) {
    resample_columns(row, ix, w, out, n);
}
#endif

void hf_resample_columns(const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { resample_columns_avx2(row, ix, w, out, n); return; }
#endif
    resample_columns_default(row, ix, w, out, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_resample_columns_kernel(int kernel, const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n) {
    switch (kernel) {
    case 0: resample_columns_default(row, ix, w, out, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        resample_columns_avx2(row, ix, w, out, n); return 1;
#endif
    default: return 0;
    }
}

void hf_resample_rows(const uint8_t *h0, const uint8_t *h1, uint32_t wy, uint8_t *out, size_t n) {
    const uint16_t w1 = (uint16_t)wy, w0 = (uint16_t)(256 - wy);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        u8x16 a, b;
        memcpy(&a, h0 + i, 16);
        memcpy(&b, h1 + i, 16);
        u16x16 v = (__builtin_convertvector(a, u16x16) * w0 + __builtin_convertvector(b, u16x16) * w1 + 128) >> 8;
        u8x16 bytes = __builtin_convertvector(v, u8x16);
        memcpy(out + i, &bytes, 16);
    }
    for (; i < n; i++) out[i] = (uint8_t)((h0[i] * w0 + h1[i] * w1 + 128) >> 8);
}

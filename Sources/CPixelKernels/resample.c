// Bilinear resampling under an axis-aligned scale (Pixels/Resample.swift), in two passes of 8-bit
// values, each rounded once:
//   h = (v0·(256 − wx) + v1·wx + 128) >> 8               along x, per source row
//   out = (h0·(256 − wy) + h1·wy + 128) >> 8             along y, over two rows of h
// Every sum is at most 255·256 + 128 < 2¹⁶, so both passes run in 16-bit lanes. Along x each
// output pixel reads two neighbouring source pixels (one 8-byte load) and multiplies them by its
// column's weights, laid out as the lanes they multiply (256 − wx four times, then wx four times),
// two pixels an iteration; along y two rows of h are mixed with one weight for the whole row.

#include "pixelkernels.h"
#include <string.h>

typedef uint8_t u8x4 __attribute__((vector_size(4)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));

static inline u16x8 taps(const uint8_t *row, int32_t ix, const uint16_t *w) {
    u8x8 pair;
    u16x8 weights;
    memcpy(&pair, row + 4 * (size_t)ix, 8);
    memcpy(&weights, w, 16);
    return __builtin_convertvector(pair, u16x8) * weights;
}

void hf_resample_columns(const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n) {
    size_t x = 0;
    for (; x + 2 <= n; x += 2) {
        u16x8 a = taps(row, ix[x], w + 8 * x), b = taps(row, ix[x + 1], w + 8 * x + 8);
        u16x8 h = (__builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11) + __builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15)
                   + 128) >> 8;
        u8x8 bytes = __builtin_convertvector(h, u8x8);
        memcpy(out + 4 * x, &bytes, 8);
    }
    for (; x < n; x++) {
        u16x8 a = taps(row, ix[x], w + 8 * x);
        u16x4 h = (__builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7) + 128) >> 8;
        u8x4 bytes = __builtin_convertvector(h, u8x4);
        memcpy(out + 4 * x, &bytes, 4);
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

// The generic vectors of the exact Gaussian's passes (taps.c, taps_folded.c, taps_centred.c), the
// body each builds for the default target (SSE2 on x86-64, NEON on aarch64): sixteen 32-bit sums a
// step, two weighted terms added at a time, every term a 16-bit lane (a byte, a + b ≤ 510, or
// a + b − 2p in −510 … 510) and every weight below 2¹⁵, so a product fits 31 bits and a lane sums
// at most 2¹⁵ + 255 · 2¹⁶ < 2³¹ in magnitude.
#ifndef HOLOFRAME_TAPS_VECTORS_H
#define HOLOFRAME_TAPS_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef int16_t i16x32 __attribute__((vector_size(64)));
typedef int32_t i32x16 __attribute__((vector_size(64)));
typedef int32_t i32x32 __attribute__((vector_size(128)));

/// x·w0 + y·w1 in 32-bit lanes.
///
/// On x86-64 written as the products of x and y interleaved, summed in adjacent pairs: the shape of
/// SSE2's pmaddwd, which the compiler then emits, one instruction for both terms of four lanes;
/// written plainly, SSE2 (no 32-bit lane multiply) took a pmaddwd a term. On aarch64 the plain
/// form is NEON's widening multiply-adds (smlal), which the interleaved one is not (zips, unzips).
/// The same integers either way.
__attribute__((always_inline)) static inline i32x16 weigh2(i16x16 x, i16x16 y, int16_t w0, int16_t w1) {
#if defined(__x86_64__)
    i16x32 xy = __builtin_shufflevector(x, y, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23,
                                        8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    i16x32 w = {w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1,
                w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1, w0, w1};
    i32x32 p = __builtin_convertvector(xy, i32x32) * __builtin_convertvector(w, i32x32);
    return __builtin_shufflevector(p, p, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30) +
           __builtin_shufflevector(p, p, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
#else
    return __builtin_convertvector(x, i32x16) * w0 + __builtin_convertvector(y, i32x16) * w1;
#endif
}

/// x·w in 32-bit lanes (a lone term; x86 makes this a pmaddwd as well).
__attribute__((always_inline)) static inline i32x16 weigh1(i16x16 x, int16_t w) {
    return __builtin_convertvector(x, i32x16) * (int32_t)w;
}

/// Sixteen bytes at p, as 16-bit lanes.
__attribute__((always_inline)) static inline i16x16 load_bytes16(const uint8_t *p) {
    u8x16 v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, i16x16);
}

/// Sixteen 16-bit values at p.
__attribute__((always_inline)) static inline i16x16 load_words16(const uint16_t *p) {
    i16x16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// Sixteen results 0 … 255 stored from value i on: bytes, or 16-bit words when `words` is nonzero.
__attribute__((always_inline)) static inline void store16(i32x16 q, void *out, int words, size_t i) {
    if (words) {
        u16x16 v = __builtin_convertvector(q, u16x16);
        memcpy((uint16_t *)out + i, &v, sizeof v);
    } else {
        u8x16 v = __builtin_convertvector(q, u8x16);
        memcpy((uint8_t *)out + i, &v, sizeof v);
    }
}

/// Term k of a folded pass, sixteen values from i on: a[k] + b[k] (a[k] alone from `pairs` on),
/// less `twice` (2p for the centred pass, 0 for the folded one).
__attribute__((always_inline)) static inline i16x16 folded_term(const uint16_t *const *a, const uint16_t *const *b, size_t pairs,
                                                                size_t k, size_t i, i16x16 twice) {
    i16x16 x = load_words16(a[k] + i);
    if (k < pairs) x += load_words16(b[k] + i);
    return x - twice;
}

/// Sixteen values from i on of the folded pass (taps_folded.c; `p` null) or of the centred one
/// (taps_centred.c: `terms` = `pairs`, each term less 2p, the floor of the signed sum plus p).
__attribute__((always_inline)) static inline void folded_step(const uint16_t *const *a, const uint16_t *const *b,
                                                              const uint16_t *p, size_t pairs, const int16_t *weights,
                                                              size_t terms, void *out, int words, size_t i) {
    i32x16 s = (i32x16){0} + (1 << 15);
    i16x16 twice = p ? load_words16(p + i) * 2 : (i16x16){0};
    size_t k = 0;
    // Two pairs a step while they last (no test for a lone a[k]), then the rest.
    for (; k + 2 <= pairs; k += 2) {
        i16x16 x = load_words16(a[k] + i) + load_words16(b[k] + i) - twice;
        i16x16 y = load_words16(a[k + 1] + i) + load_words16(b[k + 1] + i) - twice;
        s += weigh2(x, y, weights[k], weights[k + 1]);
    }
    for (; k + 2 <= terms; k += 2)
        s += weigh2(folded_term(a, b, pairs, k, i, twice), folded_term(a, b, pairs, k + 1, i, twice), weights[k], weights[k + 1]);
    if (k < terms) s += weigh1(folded_term(a, b, pairs, k, i, twice), weights[k]);
    i32x16 q = s >> 16;  // the floor: an arithmetic shift (the centred sums may be negative)
    if (p) q += __builtin_convertvector(load_words16(p + i), i32x16);
    store16(q, out, words, i);
}

#endif

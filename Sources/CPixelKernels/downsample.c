// The inner cells of the 4-channel box downsample by f = 2 or 4 (BlurResample.swift
// `downsampled`), one coarse row at a time:
//   out[cx][k] = (Σ_{rows} Σ_{dx<f} row[(f·cx + dx)·4 + k] + f²/2) >> log₂ f²
// over the block's n ≤ f fine rows (fewer than f at a transparent bottom edge: the missing rows
// count 0). Same sums, same rounding as the channel loop and Reference.downsampled, so the same
// bytes (FastPathTests.blurResamplingMatchesTheReference).
//
// Why C: the Swift version (SIMD16<UInt16> lanes) compiled at the default x86-64 target to
// scalar-ish code, and once blurs of 2 < σ < 10 px went to ½ resolution it was the largest blur
// cost of a reveal morph frame (perf, cpu-clock, frames 25–47: 10.4 % of the time, more than the
// coarse blur itself). Here four coarse pixels a step in generic vectors: the rows are added in
// 16-bit lanes (at most 4 · 4 · 255 = 4080), the f pixels of a block folded by lane shuffles, the
// four coarse pixels narrowed and stored at once. One body, compiled for the default target (SSE2
// on x86-64, NEON on aarch64) and for AVX2, chosen at run time: the same integer operations, so
// the same bytes.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <string.h>

// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));

/// The definition, one channel at a time, for blocks from … blocks − 1.
static void downsample_scalar(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t from, size_t blocks) {
    const unsigned half = (unsigned)(f * f / 2), shift = f == 4 ? 4 : 2;
    for (size_t cx = from; cx < blocks; cx++) {
        for (size_t k = 0; k < 4; k++) {
            unsigned s = 0;
            for (size_t r = 0; r < n; r++)
                for (size_t dx = 0; dx < f; dx++) s += rows[r][(f * cx + dx) * 4 + k];
            out[cx * 4 + k] = (uint8_t)((s + half) >> shift);
        }
    }
}

/// The 16-bit sums over the n rows of the 16 bytes (four pixels) at `offset`.
__attribute__((always_inline)) static inline u16x16 rows16(const uint8_t *const *rows, size_t n, size_t offset) {
    u16x16 s = {0};
    for (size_t r = 0; r < n; r++) {
        u8x16 v;
        memcpy(&v, rows[r] + offset, sizeof v);
        s += __builtin_convertvector(v, u16x16);
    }
    return s;
}

/// Fine pixels 0–3 and 4–7 of each lane group's four channels summed in pairs: (p0 + p1, p2 + p3,
/// p4 + p5, p6 + p7), four channels each.
__attribute__((always_inline)) static inline u16x16 pairs(u16x16 lo, u16x16 hi) {
    u16x16 even = __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    u16x16 odd = __builtin_shufflevector(lo, hi, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    return even + odd;
}

__attribute__((always_inline)) static inline void downsample(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out,
                                                             size_t blocks) {
    size_t cx = 0;
    if (f == 2) {
        // Four coarse pixels (32 fine bytes a row) a step.
        for (; cx + 4 <= blocks; cx += 4) {
            u16x16 s = pairs(rows16(rows, n, cx * 8), rows16(rows, n, cx * 8 + 16));
            u8x16 q = __builtin_convertvector((s + 2) >> 2, u8x16);
            memcpy(out + cx * 4, &q, sizeof q);
        }
    } else if (f == 4) {
        // Four coarse pixels (64 fine bytes a row) a step: each block's pixels summed in pairs,
        // then the pairs' sums.
        for (; cx + 4 <= blocks; cx += 4) {
            u16x16 p01 = pairs(rows16(rows, n, cx * 16), rows16(rows, n, cx * 16 + 16));
            u16x16 p23 = pairs(rows16(rows, n, cx * 16 + 32), rows16(rows, n, cx * 16 + 48));
            u16x16 s = pairs(p01, p23);
            u8x16 q = __builtin_convertvector((s + 8) >> 4, u8x16);
            memcpy(out + cx * 4, &q, sizeof q);
        }
    }
    downsample_scalar(rows, n, f, out, cx, blocks);
}

static void downsample_default(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
    downsample(rows, n, f, out, blocks);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void downsample_avx2(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out,
                                                           size_t blocks) {
    downsample(rows, n, f, out, blocks);
}
#endif

void hf_downsample_rgba(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { downsample_avx2(rows, n, f, out, blocks); return; }
#endif
    downsample_default(rows, n, f, out, blocks);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_downsample_kernel(int kernel, const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
    switch (kernel) {
    case 0: downsample_scalar(rows, n, f, out, 0, blocks); return 1;
    case 1: downsample_default(rows, n, f, out, blocks); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        downsample_avx2(rows, n, f, out, blocks); return 1;
#endif
    default: return 0;
    }
}

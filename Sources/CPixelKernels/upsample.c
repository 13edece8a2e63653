// The 4-channel bilinear upsample by f (BlurResample.swift `upsampled`), one fine row at a time.
//
// Why C: the Swift version gathers each fine pixel's two coarse taps one by one (four 8-byte
// loads per four pixels, weights from an array per group) and the profile of a `titles` frame
// put it at ~10 % of the frame (the glass bar's blurred backdrop). But the taps are periodic: for
// f a power of two ≥ 2, the f fine pixels between coarse cells i and i+1 are exactly those with
// fx = 1, 3, …, 2f−1, so a whole group is its two coarse pixels broadcast f times and multiplied
// by constant weight vectors, with no gather. Same integers as the Swift loop (16-bit lanes,
// (2f)²·255 + ½ < 2¹⁶ for f ≤ 4), same bytes; FastPathTests holds it to Reference.upsampled.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <string.h>

typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));

// A group of f fine pixels between coarse pixels l (4 lanes) and l + 4:
//   out[t] = (l·(2f − 1 − 2t) + r·(2t + 1) + 2f²) >> log₂ 4f²   for t < f.
static inline void group4(const uint16_t *l, uint8_t *out) {
    u16x4 a, b;
    memcpy(&a, l, 8);
    memcpy(&b, l + 4, 8);
    const u16x16 wl = {7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1};
    const u16x16 wr = {1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7};
    u16x16 aa = __builtin_shufflevector(a, a, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x16 bb = __builtin_shufflevector(b, b, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x16 v = (aa * wl + bb * wr + 32) >> 6;
    u8x16 bytes = __builtin_convertvector(v, u8x16);
    memcpy(out, &bytes, 16);
}

static inline void group2(const uint16_t *l, uint8_t *out) {
    u16x4 a, b;
    memcpy(&a, l, 8);
    memcpy(&b, l + 4, 8);
    const u16x8 wl = {3, 3, 3, 3, 1, 1, 1, 1};
    const u16x8 wr = {1, 1, 1, 1, 3, 3, 3, 3};
    u16x8 aa = __builtin_shufflevector(a, a, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x8 bb = __builtin_shufflevector(b, b, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x8 v = (aa * wl + bb * wr + 8) >> 4;
    u8x8 bytes = __builtin_convertvector(v, u8x8);
    memcpy(out, &bytes, 8);
}

typedef uint16_t u16x32 __attribute__((vector_size(64)));
typedef uint8_t u8x32 __attribute__((vector_size(32)));

// Four groups of f = 2 at once (eight fine pixels from coarse pixels l … l + 4): the same
// (3a + b + 8) >> 4 and (a + 3b + 8) >> 4 as group2, lane for lane, then interleaved per pixel.
static inline void groups2x4(const uint16_t *l, uint8_t *out) {
    u16x16 a, b;
    memcpy(&a, l, 32);
    memcpy(&b, l + 4, 32);
    u16x16 p = (a * 3 + b + 8) >> 4, q = (a + b * 3 + 8) >> 4;
    u16x16 lo = __builtin_shufflevector(p, q, 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23);
    u16x16 hi = __builtin_shufflevector(p, q, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31);
    u8x16 bl = __builtin_convertvector(lo, u8x16), bh = __builtin_convertvector(hi, u8x16);
    memcpy(out, &bl, 16);
    memcpy(out + 16, &bh, 16);
}

// Two groups of f = 4 at once (eight fine pixels from coarse pixels l … l + 2), group4's formula.
static inline void groups4x2(const uint16_t *l, uint8_t *out) {
    u16x4 a, b, c;
    memcpy(&a, l, 8);
    memcpy(&b, l + 4, 8);
    memcpy(&c, l + 8, 8);
    const u16x32 wl = {7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1, 7, 7, 7, 7, 5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1};
    const u16x32 wr = {1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7, 1, 1, 1, 1, 3, 3, 3, 3, 5, 5, 5, 5, 7, 7, 7, 7};
    u16x16 aaaa = __builtin_shufflevector(a, a, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x16 bbbb = __builtin_shufflevector(b, b, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x16 cccc = __builtin_shufflevector(c, c, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    u16x32 left = __builtin_shufflevector(aaaa, bbbb, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                          16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    u16x32 right = __builtin_shufflevector(bbbb, cccc, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                           16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    u16x32 v = (left * wl + right * wr + 32) >> 6;
    u8x32 bytes = __builtin_convertvector(v, u8x32);
    memcpy(out, &bytes, 32);
}

__attribute__((always_inline)) static inline void row_rgba(const uint16_t *col, uint8_t *out, long x0, size_t n, size_t f, size_t pad) {
    const long den = 2 * (long)f;
    const unsigned total = (unsigned)(den * den), half = total / 2;
    const unsigned shift = (unsigned)__builtin_ctz(total);
    const int grouped = f == 2 || f == 4;
    size_t i = 0;
    while (i < n) {
        // Fine pixel x samples coarse u = (2x + 1 − f)/2f: left cell ⌊u⌋ (+ pad), weight fx/2f right.
        const long num = 2 * (x0 + (long)i) + 1 - (long)f;
        const long c = num >= 0 ? num / den : -((-num + den - 1) / den);
        const unsigned fx = (unsigned)(num - c * den);
        const uint16_t *l = col + (size_t)(c + (long)pad) * 4;
        if (grouped && fx == 1 && i + f <= n) {
            // From here on every f pixels are one group, one coarse pixel further along.
            if (f == 4) {
                for (; i + 8 <= n; i += 8, l += 8) groups4x2(l, out + 4 * i);
                for (; i + 4 <= n; i += 4, l += 4) group4(l, out + 4 * i);
            } else {
                for (; i + 8 <= n; i += 8, l += 16) groups2x4(l, out + 4 * i);
                for (; i + 2 <= n; i += 2, l += 4) group2(l, out + 4 * i);
            }
            continue;
        }
        // A pixel at the row's ends (or any f without groups): the same formula, lane by lane.
        for (int k = 0; k < 4; k++) {
            unsigned v = (unsigned)l[k] * ((unsigned)den - fx) + (unsigned)l[4 + k] * fx + half;
            out[4 * i + k] = (uint8_t)((v & 0xFFFF) >> shift);
        }
        i += 1;
    }
}


__attribute__((always_inline)) static inline void mix(const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t n, uint16_t w0, uint16_t w1) {
    // col = r0·(2f − fy) + r1·fy   (plain loop: the compiler vectorizes it)
    for (size_t i = 0; i < n; i++) col[i] = (uint16_t)(r0[i] * w0 + r1[i] * w1);
}

// Each compiled twice, for the default target (SSE2) and for AVX2, chosen at run time as the box
// column loops are (blurkernels.c): the same integer operations on the same 16-bit lanes, so the
// same bytes; hf_upsample_kernel runs either for the tests.
static void row_rgba_default(const uint16_t *col, uint8_t *out, long x0, size_t n, size_t f, size_t pad) {
    row_rgba(col, out, x0, n, f, pad);
}
static void mix_default(const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t n, uint16_t w0, uint16_t w1) {
    mix(r0, r1, col, n, w0, w1);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void row_rgba_avx2(const uint16_t *col, uint8_t *out, long x0, size_t n, size_t f, size_t pad) {
    row_rgba(col, out, x0, n, f, pad);
}
__attribute__((target("avx2"))) static void mix_avx2(const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t n, uint16_t w0, uint16_t w1) {
    mix(r0, r1, col, n, w0, w1);
}
#endif

void hf_upsample_row_rgba(const uint16_t *col, void *out, long x0, size_t n, size_t f, size_t pad) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { row_rgba_avx2(col, out, x0, n, f, pad); return; }
#endif
    row_rgba_default(col, out, x0, n, f, pad);
}

void hf_upsample_mix(const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t n, uint16_t w0, uint16_t w1) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { mix_avx2(r0, r1, col, n, w0, w1); return; }
#endif
    mix_default(r0, r1, col, n, w0, w1);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_upsample_kernel(int kernel, const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t cn, uint16_t w0, uint16_t w1,
                       uint8_t *out, long x0, size_t n, size_t f, size_t pad) {
    switch (kernel) {
    case 0: mix_default(r0, r1, col, cn, w0, w1); row_rgba_default(col, out, x0, n, f, pad); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        mix_avx2(r0, r1, col, cn, w0, w1); row_rgba_avx2(col, out, x0, n, f, pad); return 1;
#endif
    default: return 0;
    }
}

// The 1-channel (mask) upsample, the same way: the vertical mix above (at most 2f·255 a lane),
// then along x four groups of f fine pixels a step (16 or 8 bytes) from five coarse values.
// Same integers as the channel loop of `upsampled` and Reference.upsampled (there in Int; nothing
// here exceeds (2f)²·255 + 2f² < 2¹⁶ either), same bytes.

// Four groups of f = 4: out[4g + t] = (l[g]·(7 − 2t) + l[g + 1]·(2t + 1) + 32) >> 6.
static inline void groups4_mask(const uint16_t *l, uint8_t *out) {
    u16x4 a, b;
    memcpy(&a, l, 8);
    memcpy(&b, l + 1, 8);
    const u16x16 wl = {7, 5, 3, 1, 7, 5, 3, 1, 7, 5, 3, 1, 7, 5, 3, 1};
    const u16x16 wr = {1, 3, 5, 7, 1, 3, 5, 7, 1, 3, 5, 7, 1, 3, 5, 7};
    u16x16 aa = __builtin_shufflevector(a, a, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    u16x16 bb = __builtin_shufflevector(b, b, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    u16x16 v = (aa * wl + bb * wr + 32) >> 6;
    u8x16 bytes = __builtin_convertvector(v, u8x16);
    memcpy(out, &bytes, 16);
}

// Four groups of f = 2: out[2g + t] = (l[g]·(3 − 2t) + l[g + 1]·(2t + 1) + 8) >> 4.
static inline void groups2_mask(const uint16_t *l, uint8_t *out) {
    u16x4 a, b;
    memcpy(&a, l, 8);
    memcpy(&b, l + 1, 8);
    const u16x8 wl = {3, 1, 3, 1, 3, 1, 3, 1};
    const u16x8 wr = {1, 3, 1, 3, 1, 3, 1, 3};
    u16x8 aa = __builtin_shufflevector(a, a, 0, 0, 1, 1, 2, 2, 3, 3);
    u16x8 bb = __builtin_shufflevector(b, b, 0, 0, 1, 1, 2, 2, 3, 3);
    u16x8 v = (aa * wl + bb * wr + 8) >> 4;
    u8x8 bytes = __builtin_convertvector(v, u8x8);
    memcpy(out, &bytes, 8);
}

void hf_upsample_row_mask(const uint16_t *col, void *out_row, long x0, size_t n, size_t f, size_t pad) {
    uint8_t *out = out_row;
    const long den = 2 * (long)f;
    const unsigned total = (unsigned)(den * den), half = total / 2;
    const unsigned shift = (unsigned)__builtin_ctz(total);
    const int grouped = f == 2 || f == 4;
    const size_t step = 4 * f;
    size_t i = 0;
    while (i < n) {
        const long num = 2 * (x0 + (long)i) + 1 - (long)f;
        const long c = num >= 0 ? num / den : -((-num + den - 1) / den);
        const unsigned fx = (unsigned)(num - c * den);
        const uint16_t *l = col + (c + (long)pad);
        if (grouped && fx == 1 && i + step <= n) {
            if (f == 4) for (; i + 16 <= n; i += 16, l += 4) groups4_mask(l, out + i);
            else for (; i + 8 <= n; i += 8, l += 4) groups2_mask(l, out + i);
            continue;
        }
        unsigned v = (unsigned)l[0] * ((unsigned)den - fx) + (unsigned)l[1] * fx + half;
        out[i] = (uint8_t)((v & 0xFFFF) >> shift);
        i += 1;
    }
}

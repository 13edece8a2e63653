// The box blur's passes (BlurPasses.swift, BoxBlurColumns.swift): along a row, a window sliding
// over the pixels, and down the columns, whole rows of sums.
//
// Why C: the row pass slides one window along a row, so the four channels of a pixel are the only
// parallelism, and the division of each window sum by w is the cost. The Swift version divides
// with ⌊(S·inv + 2²³) / 2²⁴⌋, which needs a 32-bit lane multiply SSE2 lacks (it is emulated with
// two pmuludq and shuffles). Here the division is done in float:
//   q = trunc(float(2S + w) · float(1 / 2w) + 1e-4)
// which equals round-half-up(S / w) = ⌊(2S + w) / 2w⌋, the Swift formula's value, for every odd
// w < 271 and every S ≤ 255·w (checked exhaustively in IEEE single precision: the quotient's
// error is under 3e-5, a non-integer quotient is at least 1/(2w) ≥ 0.0018 from the next integer,
// and the 1e-4 lifts exact integers that the reciprocal rounds just below). Same bytes;
// BlurFastPathTests holds this to the reference (Reference.boxPasses).
//
// The row pass is written once in generic vectors: a pixel's four sums are one 4-lane vector, two
// rows' are one 8-lane vector (row 0 in lanes 0–3, row 1 in 4–7; no operation mixes lanes), built
// for the default target (SSE2 on x86-64, NEON on aarch64) and the two rows also for AVX2 (one
// register), chosen at run time. Every lane goes through the same integer and float operations in
// the same order, so every build makes the same bytes.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <string.h>

// The float form is exact only as two separate roundings (multiply, then add): never fused into
// one FMA, which machines with FMA would otherwise be allowed to do.
#pragma clang fp contract(off)
// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x4 __attribute__((vector_size(4)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef float f32x8 __attribute__((vector_size(32)));

/// The definition, one channel at a time (the tests' kernel 0).
static void box_row_scalar(const uint8_t *src, uint8_t *out, size_t n, size_t w) {
    uint32_t s[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < w; j++)
        for (int k = 0; k < 4; k++) s[k] += src[4 * j + k];
    for (size_t x = 0; x < n; x++) {
        for (int k = 0; k < 4; k++) {
            out[4 * x + k] = (uint8_t)((2 * s[k] + w) / (2 * w));
            s[k] += (uint32_t)src[4 * (x + w) + k] - src[4 * x + k];
        }
    }
}

__attribute__((always_inline)) static inline i32x4 pixel(const uint8_t *p) {
    u8x4 v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, i32x4);
}

void hf_box_pass_rgba(const uint8_t *src, uint8_t *out, size_t n, size_t w) {
    i32x4 sum = {0};
    for (size_t j = 0; j < w; j++) sum += pixel(src + 4 * j);
    const f32x4 reciprocal = (f32x4){0} + 1.0f / (float)(2 * w), lift = (f32x4){0} + 1e-4f;
    const i32x4 width = (i32x4){0} + (int32_t)w;
    for (size_t x = 0; x < n; x++) {
        f32x4 twice = __builtin_convertvector(sum + sum + width, f32x4);
        u8x4 q = __builtin_convertvector(__builtin_convertvector(twice * reciprocal + lift, i32x4), u8x4);
        memcpy(out + 4 * x, &q, sizeof q);
        sum += pixel(src + 4 * (x + w)) - pixel(src + 4 * x);
    }
}

/// Pixel x of both rows: row 0's four channels, then row 1's.
__attribute__((always_inline)) static inline i32x8 pixels2(const uint8_t *p0, const uint8_t *p1) {
    u8x4 a, b;
    memcpy(&a, p0, sizeof a);
    memcpy(&b, p1, sizeof b);
    return __builtin_convertvector(__builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7), i32x8);
}

__attribute__((always_inline)) static inline void box_rows2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0,
                                                            uint8_t *out1, size_t n, size_t w) {
    i32x8 sum = {0};
    for (size_t j = 0; j < w; j++) sum += pixels2(src0 + 4 * j, src1 + 4 * j);
    const f32x8 reciprocal = (f32x8){0} + 1.0f / (float)(2 * w), lift = (f32x8){0} + 1e-4f;
    const i32x8 width = (i32x8){0} + (int32_t)w;
    for (size_t x = 0; x < n; x++) {
        f32x8 twice = __builtin_convertvector(sum + sum + width, f32x8);
        u8x8 q = __builtin_convertvector(__builtin_convertvector(twice * reciprocal + lift, i32x8), u8x8);
        memcpy(out0 + 4 * x, &q, 4);
        memcpy(out1 + 4 * x, (const uint8_t *)&q + 4, 4);
        sum += pixels2(src0 + 4 * (x + w), src1 + 4 * (x + w)) - pixels2(src0 + 4 * x, src1 + 4 * x);
    }
}

static void box_rows2_default(const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
    box_rows2(src0, src1, out0, out1, n, w);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void box_rows2_avx2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0,
                                                          uint8_t *out1, size_t n, size_t w) {
    box_rows2(src0, src1, out0, out1, n, w);
}
#endif

void hf_box_pass_rgba2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { box_rows2_avx2(src0, src1, out0, out1, n, w); return; }
#endif
    box_rows2_default(src0, src1, out0, out1, n, w);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_box_pass_rgba2_kernel(int kernel, const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
    switch (kernel) {
    case 0: box_row_scalar(src0, out0, n, w); box_row_scalar(src1, out1, n, w); return 1;
    case 1: box_rows2_default(src0, src1, out0, out1, n, w); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        box_rows2_avx2(src0, src1, out0, out1, n, w); return 1;
#endif
    default: return 0;
    }
}

// The column pass: whole rows of independent sums, so plain loops that the compiler vectorizes;
// the division is the same float form as above. Each loop is compiled twice, for the default
// target (SSE2, 4 lanes) and for AVX2 (8 lanes), chosen at run time: the same operations in the
// same order (no FMA contraction, see the pragma), so the same bytes; a test runs both
// (hf_box_column_kernel).
__attribute__((always_inline)) static inline void box_emit(const int32_t *sums, uint8_t *out, size_t n, size_t w) {
    const float reciprocal = 1.0f / (float)(2 * w);
    const int32_t width = (int32_t)w;
    for (size_t i = 0; i < n; i++) {
        out[i] = (uint8_t)(int32_t)((float)(2 * sums[i] + width) * reciprocal + 1e-4f);
    }
}

__attribute__((always_inline)) static inline void box_slide(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n) {
    for (size_t i = 0; i < n; i++) sums[i] += (int32_t)add[i] - (int32_t)drop[i];
}

static void box_emit_default(const int32_t *sums, uint8_t *out, size_t n, size_t w) { box_emit(sums, out, n, w); }
static void box_slide_default(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n) { box_slide(sums, add, drop, n); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void box_emit_avx2(const int32_t *sums, uint8_t *out, size_t n, size_t w) {
    box_emit(sums, out, n, w);
}
__attribute__((target("avx2"))) static void box_slide_avx2(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n) {
    box_slide(sums, add, drop, n);
}
#endif

void hf_box_emit(const int32_t *sums, uint8_t *out, size_t n, size_t w) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { box_emit_avx2(sums, out, n, w); return; }
#endif
    box_emit_default(sums, out, n, w);
}

void hf_box_slide(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { box_slide_avx2(sums, add, drop, n); return; }
#endif
    box_slide_default(sums, add, drop, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_box_column_kernel(int kernel, int32_t *sums, uint8_t *out, const uint8_t *add, const uint8_t *drop, size_t n, size_t w) {
    switch (kernel) {
    case 0: box_emit_default(sums, out, n, w); box_slide_default(sums, add, drop, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        box_emit_avx2(sums, out, n, w); box_slide_avx2(sums, add, drop, n); return 1;
#endif
    default: return 0;
    }
}

// The box-blur row pass in SSE2 (every x86-64 has it; other machines take the scalar loop).
//
// Why C: the pass slides one window along a row, so the four channels of a pixel are the only
// parallelism, and the division of each window sum by w is the cost. The Swift version divides
// with ⌊(S·inv + 2²³) / 2²⁴⌋, which needs a 32-bit lane multiply SSE2 lacks (it is emulated with
// two pmuludq and shuffles). Here the division is done in float:
//   q = trunc(float(2S + w) · float(1 / 2w) + 1e-4)
// which equals round-half-up(S / w) = ⌊(2S + w) / 2w⌋, the Swift formula's value, for every odd
// w < 271 and every S ≤ 255·w (checked exhaustively in IEEE single precision: the quotient's
// error is under 3e-5, a non-integer quotient is at least 1/(2w) ≥ 0.0018 from the next integer,
// and the 1e-4 lifts exact integers that the reciprocal rounds just below). Same bytes;
// BlurFastPathTests holds this to the reference (Reference.boxPasses).

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <string.h>

// The float form is exact only as two separate roundings (multiply, then add): never fused into
// one FMA, which machines with FMA would otherwise be allowed to do.
#pragma clang fp contract(off)

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    __m128i x = _mm_cvtsi32_si128((int)v);
    x = _mm_unpacklo_epi8(x, _mm_setzero_si128());
    return _mm_unpacklo_epi16(x, _mm_setzero_si128());
}

void hf_box_pass_rgba(const uint8_t *src, uint8_t *out, size_t n, size_t w) {
    __m128i sum = _mm_setzero_si128();
    for (size_t j = 0; j < w; j++) sum = _mm_add_epi32(sum, load_pixel(src + 4 * j));
    const __m128 reciprocal = _mm_set1_ps(1.0f / (float)(2 * w));
    const __m128 lift = _mm_set1_ps(1e-4f);
    const __m128i width = _mm_set1_epi32((int)w);
    const uint8_t *add = src + 4 * w, *drop = src;
    for (size_t x = 0; x < n; x++) {
        __m128i twice = _mm_add_epi32(_mm_add_epi32(sum, sum), width);
        __m128i q = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(_mm_cvtepi32_ps(twice), reciprocal), lift));
        q = _mm_packs_epi32(q, q);
        q = _mm_packus_epi16(q, q);
        uint32_t v = (uint32_t)_mm_cvtsi128_si32(q);
        memcpy(out + 4 * x, &v, 4);
        sum = _mm_add_epi32(sum, _mm_sub_epi32(load_pixel(add), load_pixel(drop)));
        add += 4;
        drop += 4;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

// Two rows at once in AVX2: row 0's four channel sums in the low 128 bits, row 1's in the high.
// Every lane is the same integer sum and goes through the same float operations (multiply, then
// add: no FMA, see the pragma) as in hf_box_pass_rgba, so the bytes are the same; one step makes
// a pixel of each row. The halves never mix: the packs work within each half.
__attribute__((target("avx2"), always_inline)) static inline __m256i load_pixels2(const uint8_t *p0, const uint8_t *p1) {
    uint32_t a, b;
    memcpy(&a, p0, 4);
    memcpy(&b, p1, 4);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)((uint64_t)a | (uint64_t)b << 32)));
}

__attribute__((target("avx2"))) static void box_pass_rgba2_avx2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0,
                                                              uint8_t *out1, size_t n, size_t w) {
    __m256i sum = _mm256_setzero_si256();
    for (size_t j = 0; j < w; j++) sum = _mm256_add_epi32(sum, load_pixels2(src0 + 4 * j, src1 + 4 * j));
    const __m256 reciprocal = _mm256_set1_ps(1.0f / (float)(2 * w));
    const __m256 lift = _mm256_set1_ps(1e-4f);
    const __m256i width = _mm256_set1_epi32((int)w);
    for (size_t x = 0; x < n; x++) {
        __m256i twice = _mm256_add_epi32(_mm256_add_epi32(sum, sum), width);
        __m256i q = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(twice), reciprocal), lift));
        q = _mm256_packs_epi32(q, q);
        q = _mm256_packus_epi16(q, q);
        uint32_t v0 = (uint32_t)_mm256_cvtsi256_si32(q);
        uint32_t v1 = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(q, 1));
        memcpy(out0 + 4 * x, &v0, 4);
        memcpy(out1 + 4 * x, &v1, 4);
        sum = _mm256_add_epi32(sum, _mm256_sub_epi32(load_pixels2(src0 + 4 * (x + w), src1 + 4 * (x + w)),
                                                     load_pixels2(src0 + 4 * x, src1 + 4 * x)));
    }
}
#endif

void hf_box_pass_rgba2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { box_pass_rgba2_avx2(src0, src1, out0, out1, n, w); return; }
#endif
    hf_box_pass_rgba(src0, out0, n, w);
    hf_box_pass_rgba(src1, out1, n, w);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_box_pass_rgba2_kernel(int kernel, const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
    switch (kernel) {
    case 0: hf_box_pass_rgba(src0, out0, n, w); hf_box_pass_rgba(src1, out1, n, w); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        box_pass_rgba2_avx2(src0, src1, out0, out1, n, w); return 1;
#endif
    default: return 0;
    }
}

#else

void hf_box_pass_rgba(const uint8_t *src, uint8_t *out, size_t n, size_t w) {
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

void hf_box_pass_rgba2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
    hf_box_pass_rgba(src0, out0, n, w);
    hf_box_pass_rgba(src1, out1, n, w);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_box_pass_rgba2_kernel(int kernel, const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w) {
    if (kernel != 0) return 0;
    hf_box_pass_rgba2(src0, src1, out0, out1, n, w);
    return 1;
}

#endif

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

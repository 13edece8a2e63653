// The exact Gaussian's passes (GaussianPasses.swift), a whole row of channel bytes at a time:
//   out[i] = ⌊(2¹⁵ + Σ_t w_t · rows[t][i]) / 2¹⁶⌋
// the integer sum of Reference.tapPass, so the same bytes (BlurFastPathTests). Down the columns
// rows[t] are whole input rows; along a row they are the padded row shifted by t pixels.
//
// Why C: Swift at the default x86-64 target has no 32-bit lane multiply (SSE2 lacks pmulld, so
// each w·p was emulated with pmuludq and shuffles), and the sum was stored and reloaded for each
// tap. Here two taps' bytes go through one weigh2 (taps_vectors.h: interleaved into 16-bit pairs,
// multiplied and added by one pmaddwd on x86, w_t·a + w_t+1·b per 32-bit lane; widening
// multiply-adds on NEON), sixteen outputs stay in registers over all the taps, and they are stored
// once. The terms are signed 16-bit, so each weight must be below 2¹⁵ (the caller splits a larger
// one into taps at the same offset); a lane sums at most 2¹⁵ + 255 · 2¹⁶ < 2³¹.
// The portable body is the default target's build (SSE2 on x86-64, NEON on aarch64); x86-64 with
// AVX2 runs the hand-written AVX2 loop below.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include "taps_vectors.h"

/// The definition, one byte at a time, from byte `from` on (the tests' kernel 0; every build's tail).
static void taps_scalar(const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t from, size_t n) {
    for (size_t i = from; i < n; i++) {
        uint32_t s = 1u << 15;
        for (size_t t = 0; t < taps; t++) s += (uint32_t)weights[t] * rows[t][i];
        out[i] = (uint8_t)(s >> 16);
    }
}

/// Sixteen bytes from `i` on, in generic vectors.
__attribute__((always_inline)) static inline void taps_step(const uint8_t *const *rows, const int16_t *weights, size_t taps,
                                                            uint8_t *out, size_t i) {
    i32x16 s = (i32x16){0} + (1 << 15);
    size_t t = 0;
    for (; t + 2 <= taps; t += 2) s += weigh2(load_bytes16(rows[t] + i), load_bytes16(rows[t + 1] + i), weights[t], weights[t + 1]);
    if (t < taps) s += weigh1(load_bytes16(rows[t] + i), weights[t]);
    store16(s >> 16, out, 0, i);
}

static void taps_default(const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t n) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) taps_step(rows, weights, taps, out, i);
    taps_scalar(rows, weights, taps, out, i, n);
}

#if defined(__x86_64__)
#include <immintrin.h>

// AVX2, by hand: pmaddwd on 32 bytes. Unpacks, pmaddwd and packs all work within each 128-bit
// half, so each half computes the sums of its 16 bytes in order: the same integer sums, the same
// bytes. Chosen at run time; a test runs every build (hf_taps_kernel). Kept by hand because the
// portable body built for AVX2 (32 values a step) took 2.0–2.3 times as long: interleaving two
// rows' 16-bit lanes in order needs shuffles across the 128-bit halves (or, widened apart, extra
// loads and inserts), where these unpacks stay within them. Measured with Tests/CKernels/bench.c
// (CPU time per 4680-byte row, an iPhone 12 row of channels; `taskset -c 0`, five alternated
// rounds, medians): 13 taps 2311 ns by hand against 4575, 25 taps 3686 against 8295. The default
// target's portable build measured 0.83 and 0.86 of the SSE2 intrinsics it replaced.
__attribute__((target("avx2"))) static void taps_avx2(const uint8_t *const *rows, const int16_t *weights, size_t taps,
                                                     uint8_t *out, size_t n) {
    const __m256i zero = _mm256_setzero_si256();
    size_t i = 0;
    // 64 bytes a step while they last: eight independent sums, each tap's weights broadcast once.
    for (; i + 64 <= n; i += 64) {
        __m256i s0 = _mm256_set1_epi32(1 << 15), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
        for (size_t t = 0; t < taps; t += 2) {
            int two = t + 1 < taps;
            __m256i w = _mm256_set1_epi32((int)((uint16_t)weights[t] | (uint32_t)(two ? (uint16_t)weights[t + 1] : 0) << 16));
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[t] + i));
            __m256i b = two ? _mm256_loadu_si256((const __m256i *)(rows[t + 1] + i)) : zero;
            __m256i c = _mm256_loadu_si256((const __m256i *)(rows[t] + i + 32));
            __m256i d = two ? _mm256_loadu_si256((const __m256i *)(rows[t + 1] + i + 32)) : zero;
            __m256i lo = _mm256_unpacklo_epi8(a, b), hi = _mm256_unpackhi_epi8(a, b);
            __m256i lo2 = _mm256_unpacklo_epi8(c, d), hi2 = _mm256_unpackhi_epi8(c, d);
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi8(lo, zero), w));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi8(lo, zero), w));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi8(hi, zero), w));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi8(hi, zero), w));
            s4 = _mm256_add_epi32(s4, _mm256_madd_epi16(_mm256_unpacklo_epi8(lo2, zero), w));
            s5 = _mm256_add_epi32(s5, _mm256_madd_epi16(_mm256_unpackhi_epi8(lo2, zero), w));
            s6 = _mm256_add_epi32(s6, _mm256_madd_epi16(_mm256_unpacklo_epi8(hi2, zero), w));
            s7 = _mm256_add_epi32(s7, _mm256_madd_epi16(_mm256_unpackhi_epi8(hi2, zero), w));
        }
        __m256i q01 = _mm256_packs_epi32(_mm256_srli_epi32(s0, 16), _mm256_srli_epi32(s1, 16));
        __m256i q23 = _mm256_packs_epi32(_mm256_srli_epi32(s2, 16), _mm256_srli_epi32(s3, 16));
        __m256i q45 = _mm256_packs_epi32(_mm256_srli_epi32(s4, 16), _mm256_srli_epi32(s5, 16));
        __m256i q67 = _mm256_packs_epi32(_mm256_srli_epi32(s6, 16), _mm256_srli_epi32(s7, 16));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_packus_epi16(q01, q23));
        _mm256_storeu_si256((__m256i *)(out + i + 32), _mm256_packus_epi16(q45, q67));
    }
    for (; i + 32 <= n; i += 32) {
        __m256i s0 = _mm256_set1_epi32(1 << 15), s1 = s0, s2 = s0, s3 = s0;
        for (size_t t = 0; t < taps; t += 2) {
            int two = t + 1 < taps;
            __m256i w = _mm256_set1_epi32((int)((uint16_t)weights[t] | (uint32_t)(two ? (uint16_t)weights[t + 1] : 0) << 16));
            __m256i a = _mm256_loadu_si256((const __m256i *)(rows[t] + i));
            __m256i b = two ? _mm256_loadu_si256((const __m256i *)(rows[t + 1] + i)) : zero;
            __m256i lo = _mm256_unpacklo_epi8(a, b), hi = _mm256_unpackhi_epi8(a, b);
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi8(lo, zero), w));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi8(lo, zero), w));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi8(hi, zero), w));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi8(hi, zero), w));
        }
        __m256i q01 = _mm256_packs_epi32(_mm256_srli_epi32(s0, 16), _mm256_srli_epi32(s1, 16));
        __m256i q23 = _mm256_packs_epi32(_mm256_srli_epi32(s2, 16), _mm256_srli_epi32(s3, 16));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_packus_epi16(q01, q23));
    }
    for (; i + 16 <= n; i += 16) taps_step(rows, weights, taps, out, i);
    taps_scalar(rows, weights, taps, out, i, n);
}
#endif

void hf_taps_pass(const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { taps_avx2(rows, weights, taps, out, n); return; }
#endif
    taps_default(rows, weights, taps, out, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_taps_kernel(int kernel, const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t n) {
    switch (kernel) {
    case 0: taps_scalar(rows, weights, taps, out, 0, n); return 1;
    case 1: taps_default(rows, weights, taps, out, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        taps_avx2(rows, weights, taps, out, n); return 1;
#endif
    default: return 0;
    }
}

// The exact Gaussian's passes with the kernel's symmetry folded in, on rows widened to 16 bits
// (GaussianInPlace.swift):
//   out[i] = ⌊(2¹⁵ + Σ_k w_k · (a_k[i] + b_k[i])) / 2¹⁶⌋,   b_k[i] = 0 for the single terms k ≥ pairs
// A Gaussian's weights are symmetric (w_t = w_{2r−t}: the same exp(−t²/2σ²), rounded the same), so
// w_t·x_t + w_{2r−t}·x_{2r−t} = w_t·(x_t + x_{2r−t}): the same integer sum as hf_taps_pass (taps.c)
// over the unfolded taps, so the same bytes (BlurFastPathTests holds the two together).
//
// Why: hf_taps_pass spends, per two taps and 16 bytes, two byte-interleaving unpacks and four
// widening ones (shuffles) beside four pmaddwd and four adds, and the full-resolution layer blur of
// σ ≤ 2 px was 30 % of reveal's frames 153–165 (perf), bound by those shuffles, not by memory.
// Here the input rows are 16-bit words (each byte widened once, hf_widen_bytes, not once per
// tap), two taps that share a weight are added in 16-bit lanes (a + b ≤ 510), and two such terms
// go through one pmaddwd: a kernel of 2r + 1 taps takes r + 1 multiply-add steps of loads, one add,
// two unpacks, two pmaddwd and two adds per 16 outputs.
// pmaddwd multiplies signed 16-bit numbers: a + b ≤ 510 and w < 2¹⁵ fit, and a lane sums at most
// 2¹⁵ + 255 · 2¹⁶ < 2³¹ as before. The output is bytes, or words (0 … 255) for a pass whose result
// is read again (the row pass into the ring).
// The portable body (folded_step, taps_vectors.h, shared with taps_centred.c) is the default
// target's build (SSE2 on x86-64, NEON on aarch64); x86-64 with AVX2 runs the AVX2 loop below.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include "taps_vectors.h"

void hf_widen_bytes(const uint8_t *src, uint16_t *dst, size_t n) {
    for (size_t i = 0; i < n; i++) dst[i] = src[i];
}

/// The definition, one value at a time, from `from` on (the tests' kernel 0; every build's tail).
static void folded_scalar(const uint16_t *const *a, const uint16_t *const *b, size_t pairs, const int16_t *weights,
                          size_t terms, void *out, int words, size_t from, size_t n) {
    for (size_t i = from; i < n; i++) {
        uint32_t s = 1u << 15;
        for (size_t k = 0; k < terms; k++) {
            uint32_t x = a[k][i] + (k < pairs ? b[k][i] : 0u);
            s += (uint32_t)weights[k] * x;
        }
        if (words) ((uint16_t *)out)[i] = (uint16_t)(s >> 16);
        else ((uint8_t *)out)[i] = (uint8_t)(s >> 16);
    }
}

static void folded_default(const uint16_t *const *a, const uint16_t *const *b, size_t pairs, const int16_t *weights,
                           size_t terms, void *out, int words, size_t n) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) folded_step(a, b, NULL, pairs, weights, terms, out, words, i);
    folded_scalar(a, b, pairs, weights, terms, out, words, i, n);
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"), always_inline)) static inline __m256i term16_avx2(const uint16_t *const *a,
        const uint16_t *const *b, size_t pairs, size_t k, size_t i) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(a[k] + i));
    if (k < pairs) x = _mm256_add_epi16(x, _mm256_loadu_si256((const __m256i *)(b[k] + i)));
    return x;
}

// AVX2, by hand, 32 values a step. A 16-value load holds values 0–7 | 8–15 in its two 128-bit halves; the
// 16-bit unpacks and the packs work within each half, so the packed words come out in order; the
// final byte pack leaves the four 8-byte groups as 0, 16, 8, 24, which one 64-bit permute undoes.
// Kept by hand because the portable body built for AVX2 took 1.1–1.4 times as long (its in-order
// interleave crosses the 128-bit halves). Measured as taps.c's AVX2 loop was: 6 pairs and a lone
// term 2633 ns by hand against 3094, the same into words 2641 against 2942, 3 pairs and 2 lone
// terms 1897 against 2634. The default target's portable build measured 0.75–0.89 of the SSE2
// intrinsics it replaced.
__attribute__((target("avx2"))) static void folded_avx2(const uint16_t *const *a, const uint16_t *const *b, size_t pairs,
                                                       const int16_t *weights, size_t terms, void *out, int words, size_t n) {
    const __m256i zero = _mm256_setzero_si256();
    // Each step's two weights, broadcast once per call (at most 64 terms: σ ≤ 10 px has r ≤ 30).
    __m256i w[32];
    size_t steps = (terms + 1) / 2;
    if (steps > 32) { folded_default(a, b, pairs, weights, terms, out, words, n); return; }
    for (size_t k = 0; k < terms; k += 2)
        w[k / 2] = _mm256_set1_epi32((int)((uint16_t)weights[k] | (uint32_t)(k + 1 < terms ? (uint16_t)weights[k + 1] : 0) << 16));
    size_t pairSteps = pairs / 2;  // steps whose two terms are both pairs
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i s0 = _mm256_set1_epi32(1 << 15), s1 = s0, s2 = s0, s3 = s0;
        size_t k = 0;
        for (; k / 2 < pairSteps; k += 2) {
            __m256i pl = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a[k] + i)), _mm256_loadu_si256((const __m256i *)(b[k] + i)));
            __m256i ph = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a[k] + i + 16)), _mm256_loadu_si256((const __m256i *)(b[k] + i + 16)));
            __m256i ql = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a[k + 1] + i)), _mm256_loadu_si256((const __m256i *)(b[k + 1] + i)));
            __m256i qh = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a[k + 1] + i + 16)), _mm256_loadu_si256((const __m256i *)(b[k + 1] + i + 16)));
            __m256i wk = w[k / 2];
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi16(pl, ql), wk));  // 0–3 | 8–11
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi16(pl, ql), wk));  // 4–7 | 12–15
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi16(ph, qh), wk));  // 16–19 | 24–27
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi16(ph, qh), wk));  // 20–23 | 28–31
        }
        for (; k < terms; k += 2) {
            int two = k + 1 < terms;
            __m256i pl = term16_avx2(a, b, pairs, k, i), ph = term16_avx2(a, b, pairs, k, i + 16);
            __m256i ql = two ? term16_avx2(a, b, pairs, k + 1, i) : zero, qh = two ? term16_avx2(a, b, pairs, k + 1, i + 16) : zero;
            __m256i wk = w[k / 2];
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi16(pl, ql), wk));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi16(pl, ql), wk));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi16(ph, qh), wk));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi16(ph, qh), wk));
        }
        __m256i q0 = _mm256_packs_epi32(_mm256_srli_epi32(s0, 16), _mm256_srli_epi32(s1, 16));  // 0–7 | 8–15
        __m256i q1 = _mm256_packs_epi32(_mm256_srli_epi32(s2, 16), _mm256_srli_epi32(s3, 16));  // 16–23 | 24–31
        if (words) {
            _mm256_storeu_si256((__m256i *)((uint16_t *)out + i), q0);
            _mm256_storeu_si256((__m256i *)((uint16_t *)out + i + 16), q1);
        } else {
            __m256i bytes = _mm256_packus_epi16(q0, q1);  // 0–7, 16–23 | 8–15, 24–31
            _mm256_storeu_si256((__m256i *)((uint8_t *)out + i), _mm256_permute4x64_epi64(bytes, _MM_SHUFFLE(3, 1, 2, 0)));
        }
    }
    for (; i + 16 <= n; i += 16) folded_step(a, b, NULL, pairs, weights, terms, out, words, i);
    folded_scalar(a, b, pairs, weights, terms, out, words, i, n);
}
#endif

void hf_taps_folded_pass(const uint16_t *const *a, const uint16_t *const *b, size_t pairs, const int16_t *weights,
                         size_t terms, void *out, int words, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { folded_avx2(a, b, pairs, weights, terms, out, words, n); return; }
#endif
    folded_default(a, b, pairs, weights, terms, out, words, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_taps_folded_kernel(int kernel, const uint16_t *const *a, const uint16_t *const *b, size_t pairs,
                          const int16_t *weights, size_t terms, void *out, int words, size_t n) {
    switch (kernel) {
    case 0: folded_scalar(a, b, pairs, weights, terms, out, words, 0, n); return 1;
    case 1: folded_default(a, b, pairs, weights, terms, out, words, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        folded_avx2(a, b, pairs, weights, terms, out, words, n); return 1;
#endif
    default: return 0;
    }
}

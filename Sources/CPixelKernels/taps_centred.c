// The exact Gaussian's folded passes (taps_folded.c) with the centre tap taken out:
//   Σ_t w_t·x_t = 2¹⁶·p + Σ_{k < r} w_k·(a_k + b_k − 2p)    (p the centre, Σ_t w_t = 2¹⁶)
// so out = ⌊(2¹⁵ + Σ w_t·x_t) / 2¹⁶⌋ = p + ⌊(2¹⁵ + Σ_k w_k·d_k) / 2¹⁶⌋ with d_k = a_k + b_k − 2p in
// −510 … 510 (a 16-bit lane) and the floor of a signed sum (an arithmetic shift). The same integer,
// so the same bytes (BlurFastPathTests holds the kernels to the unfolded definition, and the
// blur to Reference.fixedPointBlur).
//
// Why: the centre's weight is over 2¹⁵ below σ ≈ 0.85 px, so hf_taps_folded_pass took it as two
// terms: with p pairs it ran ⌈(p + 2) / 2⌉ multiply-add steps of two terms, this one ⌈p / 2⌉
// (σ 0.27–0.41 px: 1 instead of 2) for a subtraction a pair and a shift and an add per value.
// FoldedTaps.centred takes it only there (GaussianInPlace.swift). Reveal's page at σ 0.28–2 px
// (frames 153–164) spends 3.5–6.5 ms of a 10–14 ms frame in the two passes; frames 160–164
// (σ 0.28–0.58 px) took 0.93–0.97 of their time with this pass (release, one core, alternated).
// The portable body is the folded pass's (folded_step, taps_vectors.h) with p given, the default
// target's build (SSE2 on x86-64, NEON on aarch64); x86-64 with AVX2 runs the AVX2 loop below.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include "taps_vectors.h"

static void centred_scalar(const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p, size_t pairs,
                           const int16_t *weights, void *out, int words, size_t from, size_t n) {
    for (size_t i = from; i < n; i++) {
        int32_t s = 1 << 15, c = p[i];
        for (size_t k = 0; k < pairs; k++) s += (int32_t)weights[k] * ((int32_t)a[k][i] + (int32_t)b[k][i] - 2 * c);
        // ⌊s / 2¹⁶⌋ for a signed s, without relying on the shift of a negative number.
        int32_t q = s >= 0 ? s / 65536 : -((-s + 65535) / 65536);
        int32_t v = c + q;
        if (words) ((uint16_t *)out)[i] = (uint16_t)v;
        else ((uint8_t *)out)[i] = (uint8_t)v;
    }
}

static void centred_default(const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p, size_t pairs,
                            const int16_t *weights, void *out, int words, size_t n) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) folded_step(a, b, p, pairs, weights, pairs, out, words, i);
    centred_scalar(a, b, p, pairs, weights, out, words, i, n);
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"), always_inline)) static inline __m256i diff16_avx2(const uint16_t *const *a,
        const uint16_t *const *b, size_t k, size_t i, __m256i twice) {
    __m256i x = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a[k] + i)), _mm256_loadu_si256((const __m256i *)(b[k] + i)));
    return _mm256_sub_epi16(x, twice);
}

// AVX2, by hand, 32 values a step, lanes as in taps_folded.c's folded_avx2 (the unpacks and packs
// work within 128-bit halves, so the words come out in order; the byte pack's groups are permuted
// back). Kept by hand as that one is: the portable body built for AVX2 took 1.2–1.5 times as long
// (measured as taps.c's AVX2 loop was: 2 pairs 1345 ns by hand against 1578, 1 pair into words
// 1210 against 1798). The default target's portable build measured 0.98–1.01 of the SSE2
// intrinsics it replaced.
__attribute__((target("avx2"))) static void centred_avx2(const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p,
                                                        size_t pairs, const int16_t *weights, void *out, int words, size_t n) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i w[32];
    size_t steps = (pairs + 1) / 2;
    if (steps > 32) { centred_default(a, b, p, pairs, weights, out, words, n); return; }
    for (size_t k = 0; k < pairs; k += 2)
        w[k / 2] = _mm256_set1_epi32((int)((uint16_t)weights[k] | (uint32_t)(k + 1 < pairs ? (uint16_t)weights[k + 1] : 0) << 16));
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i pl = _mm256_loadu_si256((const __m256i *)(p + i)), ph = _mm256_loadu_si256((const __m256i *)(p + i + 16));
        __m256i tl = _mm256_add_epi16(pl, pl), th = _mm256_add_epi16(ph, ph);
        __m256i s0 = _mm256_set1_epi32(1 << 15), s1 = s0, s2 = s0, s3 = s0;
        for (size_t k = 0; k < pairs; k += 2) {
            int two = k + 1 < pairs;
            __m256i xl = diff16_avx2(a, b, k, i, tl), xh = diff16_avx2(a, b, k, i + 16, th);
            __m256i yl = two ? diff16_avx2(a, b, k + 1, i, tl) : zero, yh = two ? diff16_avx2(a, b, k + 1, i + 16, th) : zero;
            __m256i wk = w[k / 2];
            s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(_mm256_unpacklo_epi16(xl, yl), wk));
            s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(_mm256_unpackhi_epi16(xl, yl), wk));
            s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(_mm256_unpacklo_epi16(xh, yh), wk));
            s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(_mm256_unpackhi_epi16(xh, yh), wk));
        }
        __m256i q0 = _mm256_add_epi16(_mm256_packs_epi32(_mm256_srai_epi32(s0, 16), _mm256_srai_epi32(s1, 16)), pl);
        __m256i q1 = _mm256_add_epi16(_mm256_packs_epi32(_mm256_srai_epi32(s2, 16), _mm256_srai_epi32(s3, 16)), ph);
        if (words) {
            _mm256_storeu_si256((__m256i *)((uint16_t *)out + i), q0);
            _mm256_storeu_si256((__m256i *)((uint16_t *)out + i + 16), q1);
        } else {
            __m256i bytes = _mm256_packus_epi16(q0, q1);
            _mm256_storeu_si256((__m256i *)((uint8_t *)out + i), _mm256_permute4x64_epi64(bytes, _MM_SHUFFLE(3, 1, 2, 0)));
        }
    }
    for (; i + 16 <= n; i += 16) folded_step(a, b, p, pairs, weights, pairs, out, words, i);
    centred_scalar(a, b, p, pairs, weights, out, words, i, n);
}
#endif

void hf_taps_centred_pass(const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p, size_t pairs,
                          const int16_t *weights, void *out, int words, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { centred_avx2(a, b, p, pairs, weights, out, words, n); return; }
#endif
    centred_default(a, b, p, pairs, weights, out, words, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_taps_centred_kernel(int kernel, const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p,
                           size_t pairs, const int16_t *weights, void *out, int words, size_t n) {
    switch (kernel) {
    case 0: centred_scalar(a, b, p, pairs, weights, out, words, 0, n); return 1;
    case 1: centred_default(a, b, p, pairs, weights, out, words, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        centred_avx2(a, b, p, pairs, weights, out, words, n); return 1;
#endif
    default: return 0;
    }
}

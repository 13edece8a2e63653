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
// coarse blur itself). Here, SSE2: rows are added in 16-bit lanes (at most 4 · 4 · 255 = 4080),
// the f pixels of a block folded by 64-bit unpacks, four coarse pixels packed and stored at once.

#include "pixelkernels.h"
#include <string.h>

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

#if defined(__SSE2__)
#include <emmintrin.h>

/// The 16-bit sums over the n rows of 16 bytes at `offset` (four pixels): pixels 0, 1 in lanes
/// 0–7 of *lo, pixels 2, 3 in *hi.
static inline void rows16(const uint8_t *const *rows, size_t n, size_t offset, __m128i *lo, __m128i *hi) {
    const __m128i zero = _mm_setzero_si128();
    __m128i a = _mm_setzero_si128(), b = _mm_setzero_si128();
    for (size_t r = 0; r < n; r++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(rows[r] + offset));
        a = _mm_add_epi16(a, _mm_unpacklo_epi8(v, zero));
        b = _mm_add_epi16(b, _mm_unpackhi_epi8(v, zero));
    }
    *lo = a; *hi = b;
}

void hf_downsample_rgba(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
    size_t cx = 0;
    if (f == 2) {
        const __m128i two = _mm_set1_epi16(2);
        // Four coarse pixels (32 fine bytes a row) a step.
        for (; cx + 4 <= blocks; cx += 4) {
            __m128i l0, h0, l1, h1;
            rows16(rows, n, cx * 8, &l0, &h0);       // fine pixels 0 1 | 2 3
            rows16(rows, n, cx * 8 + 16, &l1, &h1);  // fine pixels 4 5 | 6 7
            // (p0 + p1, p2 + p3) and (p4 + p5, p6 + p7)
            __m128i s01 = _mm_add_epi16(_mm_unpacklo_epi64(l0, h0), _mm_unpackhi_epi64(l0, h0));
            __m128i s23 = _mm_add_epi16(_mm_unpacklo_epi64(l1, h1), _mm_unpackhi_epi64(l1, h1));
            s01 = _mm_srli_epi16(_mm_add_epi16(s01, two), 2);
            s23 = _mm_srli_epi16(_mm_add_epi16(s23, two), 2);
            _mm_storeu_si128((__m128i *)(out + cx * 4), _mm_packus_epi16(s01, s23));
        }
    } else if (f == 4) {
        const __m128i eight = _mm_set1_epi16(8);
        for (; cx + 4 <= blocks; cx += 4) {
            __m128i s[4];
            for (int j = 0; j < 4; j++) {
                __m128i l, h;
                rows16(rows, n, (cx + (size_t)j) * 16, &l, &h);
                s[j] = _mm_add_epi16(l, h);  // (p0 + p2, p1 + p3)
            }
            __m128i a = _mm_add_epi16(_mm_unpacklo_epi64(s[0], s[1]), _mm_unpackhi_epi64(s[0], s[1]));
            __m128i b = _mm_add_epi16(_mm_unpacklo_epi64(s[2], s[3]), _mm_unpackhi_epi64(s[2], s[3]));
            a = _mm_srli_epi16(_mm_add_epi16(a, eight), 4);
            b = _mm_srli_epi16(_mm_add_epi16(b, eight), 4);
            _mm_storeu_si128((__m128i *)(out + cx * 4), _mm_packus_epi16(a, b));
        }
    }
    downsample_scalar(rows, n, f, out, cx, blocks);
}

#else

void hf_downsample_rgba(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
    downsample_scalar(rows, n, f, out, 0, blocks);
}

#endif

// A test entry point (Tests/CKernelTestHooks declares it).
void hf_downsample_rgba_scalar(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks) {
    downsample_scalar(rows, n, f, out, 0, blocks);
}

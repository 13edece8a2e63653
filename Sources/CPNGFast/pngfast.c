// The fast PNG profile's row kernels and the calls into ISA-L. See include/pngfast.h for the contract.
//
// Filtering works on straight RGBA rows (4 bytes a pixel) and packs to 3 bytes when the frame is
// RGB: PNG filters are per byte with the left neighbour one pixel back, so
//   SUB(x) = cur(x) − cur(x − 1 pixel),  UP(x) = cur(x) − above(x)   (bytewise, mod 256)
// are the same numbers on RGBA words as on packed RGB; packing just drops every fourth byte. On
// x86-64 with SSSE3 four pixels go at a time: one psubb and one pshufb (4 × RGBA → 12 bytes RGB),
// stored 16 bytes wide (hence the 16 bytes of slack after the output). Opaque pixels of a
// premultiplied canvas are already straight, so the RGB path reads the canvas directly and only
// ANDs the words to prove every alpha is 255.

#include "pngfast.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <string.h>

#include "cpufeatures.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define HF_X86 1
#else
#define HF_X86 0
#endif

// MARK: - Bytewise difference, packed to 3 or 4 bytes a pixel

/// out = pack(cur − ref) for n pixels; ref == NULL means zeros. Returns the AND of all cur words.
static uint32_t diff_pack_scalar(uint8_t *out, const uint8_t *cur, const uint8_t *ref, size_t n, int channels) {
    uint32_t all = 0xFFFFFFFFu;
    for (size_t x = 0; x < n; x++) {
        uint32_t word;
        memcpy(&word, cur + 4 * x, 4);
        all &= word;
        for (int c = 0; c < channels; c++) {
            out[(size_t)channels * x + c] = (uint8_t)(cur[4 * x + c] - (ref != NULL ? ref[4 * x + c] : 0));
        }
    }
    return all;
}

#if HF_X86
__attribute__((target("ssse3")))
static uint32_t diff_pack3_ssse3(uint8_t *out, const uint8_t *cur, const uint8_t *ref, size_t n) {
    const __m128i pack = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi32(-1);
    size_t x = 0;
    for (; x + 4 <= n; x += 4) {
        __m128i c = _mm_loadu_si128((const __m128i *)(cur + 4 * x));
        __m128i r = ref != NULL ? _mm_loadu_si128((const __m128i *)(ref + 4 * x)) : _mm_setzero_si128();
        all = _mm_and_si128(all, c);
        _mm_storeu_si128((__m128i *)(out + 3 * x), _mm_shuffle_epi8(_mm_sub_epi8(c, r), pack));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, all);
    uint32_t word = lanes[0] & lanes[1] & lanes[2] & lanes[3];
    return word & diff_pack_scalar(out + 3 * x, cur + 4 * x, ref != NULL ? ref + 4 * x : NULL, n - x, 3);
}

#endif

static uint32_t diff_pack(uint8_t *out, const uint8_t *cur, const uint8_t *ref, size_t n, int channels) {
#if HF_X86
    if (channels == 3 && hf_cpu_has(HF_CPU_SSSE3)) return diff_pack3_ssse3(out, cur, ref, n);
#endif
    if (channels == 4) {
        // Plain bytewise loop: the compiler vectorizes it.
        size_t bytes = 4 * n;
        if (ref != NULL) { for (size_t i = 0; i < bytes; i++) out[i] = (uint8_t)(cur[i] - ref[i]); }
        else memcpy(out, cur, bytes);
        return 0;  // alpha is not checked on the RGBA path
    }
    return diff_pack_scalar(out, cur, ref, n, channels);
}

// MARK: - PAETH

/// PNG's Paeth predictor of one byte: of left a, above b and upper-left c, the one nearest to
/// p = a + b − c (ties: a, then b), i.e. pa = |b − c|, pb = |a − c|, pc = |a + b − 2c|.
static inline uint8_t paeth_predictor(int a, int b, int c) {
    int pa = b - c, pb = a - c, pc = pa + pb;
    pa = pa < 0 ? -pa : pa; pb = pb < 0 ? -pb : pb; pc = pc < 0 ? -pc : pc;
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

/// out = pack(cur − paeth(left, above, upper-left)) for pixels [x0, n); the neighbours of x0 − 1 are
/// read from cur and above. Returns the AND of the cur words it read. above != NULL.
static uint32_t paeth_pack_scalar(uint8_t *out, const uint8_t *cur, const uint8_t *above, size_t x0, size_t n, int channels) {
    uint32_t all = 0xFFFFFFFFu;
    for (size_t x = x0; x < n; x++) {
        uint32_t word;
        memcpy(&word, cur + 4 * x, 4);
        all &= word;
        for (int k = 0; k < channels; k++) {
            size_t i = 4 * x + (size_t)k;
            int a = x > 0 ? cur[i - 4] : 0, b = above[i], c = x > 0 ? above[i - 4] : 0;
            out[(size_t)channels * x + k] = (uint8_t)(cur[i] - paeth_predictor(a, b, c));
        }
    }
    return all;
}

#if HF_X86
/// Paeth predictions of 16 bytes (4 RGBA pixels) from their left a, above b and upper-left c, in
/// 8-bit lanes: pa = |b − c| and pb = |a − c| are max − min; pc = |(b − c) + (a − c)| is pa + pb
/// when the two differences have the same sign (saturated: only its order against pa and pb
/// matters, and then pc ≥ both) and |pa − pb| when they differ. Unsigned x ≤ y is x −sat y = 0.
__attribute__((target("ssse3")))
static inline __m128i paeth_ssse3(__m128i a, __m128i b, __m128i c) {
    const __m128i zero = _mm_setzero_si128();
    __m128i pa = _mm_sub_epi8(_mm_max_epu8(b, c), _mm_min_epu8(b, c));
    __m128i pb = _mm_sub_epi8(_mm_max_epu8(a, c), _mm_min_epu8(a, c));
    __m128i bUp = _mm_cmpeq_epi8(_mm_max_epu8(b, c), b);   // b ≥ c
    __m128i aUp = _mm_cmpeq_epi8(_mm_max_epu8(a, c), a);   // a ≥ c
    __m128i sameSign = _mm_cmpeq_epi8(bUp, aUp);
    __m128i apart = _mm_sub_epi8(_mm_max_epu8(pa, pb), _mm_min_epu8(pa, pb));
    __m128i pc = _mm_or_si128(_mm_and_si128(sameSign, _mm_adds_epu8(pa, pb)), _mm_andnot_si128(sameSign, apart));
    __m128i takeA = _mm_and_si128(_mm_cmpeq_epi8(_mm_subs_epu8(pa, pb), zero), _mm_cmpeq_epi8(_mm_subs_epu8(pa, pc), zero));
    __m128i takeB = _mm_cmpeq_epi8(_mm_subs_epu8(pb, pc), zero);
    __m128i bOrC = _mm_or_si128(_mm_and_si128(takeB, b), _mm_andnot_si128(takeB, c));
    return _mm_or_si128(_mm_and_si128(takeA, a), _mm_andnot_si128(takeA, bOrC));
}

__attribute__((target("ssse3")))
static uint32_t paeth_pack_ssse3(uint8_t *out, const uint8_t *cur, const uint8_t *above, size_t n, int channels) {
    const __m128i pack = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi32(-1);
    uint32_t head = paeth_pack_scalar(out, cur, above, 0, n < 1 ? n : 1, channels);
    size_t x = 1;
    for (; x + 4 <= n; x += 4) {
        __m128i c = _mm_loadu_si128((const __m128i *)(cur + 4 * x));
        __m128i p = paeth_ssse3(_mm_loadu_si128((const __m128i *)(cur + 4 * x - 4)),
                                _mm_loadu_si128((const __m128i *)(above + 4 * x)),
                                _mm_loadu_si128((const __m128i *)(above + 4 * x - 4)));
        __m128i r = _mm_sub_epi8(c, p);
        all = _mm_and_si128(all, c);
        if (channels == 3) _mm_storeu_si128((__m128i *)(out + 3 * x), _mm_shuffle_epi8(r, pack));
        else _mm_storeu_si128((__m128i *)(out + 4 * x), r);
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, all);
    return head & lanes[0] & lanes[1] & lanes[2] & lanes[3] & paeth_pack_scalar(out, cur, above, x, n, channels);
}
#endif

/// PAETH of one row; without a row above it is SUB (paeth(a, 0, 0) = a).
static uint32_t paeth_pack(uint8_t *out, const uint8_t *cur, const uint8_t *above, size_t n, int channels) {
#if HF_X86
    if (hf_cpu_has(HF_CPU_SSSE3)) return paeth_pack_ssse3(out, cur, above, n, channels);
#endif
    return paeth_pack_scalar(out, cur, above, 0, n, channels);
}

/// The AND of a row's pixel words (its alpha byte is 255 only if every pixel is opaque).
static uint32_t and_of_words(const uint8_t *cur, uint32_t width) {
    uint32_t all = 0xFFFFFFFFu;
    for (uint32_t x = 0; x < width; x++) { uint32_t word; memcpy(&word, cur + 4 * (size_t)x, 4); all &= word; }
    return all;
}

/// One scanline's filtered bytes (without the type byte). Returns the AND of the row's words.
static uint32_t filter_row(uint8_t *out, const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int filter) {
    switch (filter) {
    case HF_FAST_FILTER_SUB: {
        uint32_t first = diff_pack(out, cur, NULL, 1, channels);
        return first & diff_pack(out + channels, cur + 4, cur, width - 1, channels);
    }
    case HF_FAST_FILTER_UP:
        return diff_pack(out, cur, above, width, channels);
    case HF_FAST_FILTER_PAETH:
        if (above == NULL) return filter_row(out, cur, NULL, width, channels, HF_FAST_FILTER_SUB);
        return paeth_pack(out, cur, above, width, channels);
    default:
        return diff_pack(out, cur, NULL, width, channels);
    }
}

/// Straight RGBA of one premultiplied row (channels 4 only).
static void unpremultiply_row(uint8_t *out, const uint8_t *row, uint32_t width, const uint8_t *table) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = row + 4 * (size_t)x;
        uint8_t *q = out + 4 * (size_t)x;
        uint8_t a = p[3];
        if (a == 255) { memcpy(q, p, 4); }
        else if (a == 0) { memset(q, 0, 4); }
        else {
            const uint8_t *t = table + ((size_t)a << 8);
            q[0] = t[p[0]]; q[1] = t[p[1]]; q[2] = t[p[2]]; q[3] = a;
        }
    }
}

/// The MIN_SUM measure of NONE, SUB and UP for one straight RGBA row (colour bytes only when
/// channels is 3), cost[f] for filter type f. SSSE3: pabsb then psadbw sum 16 bytes at a time.
static void min_sum_costs_scalar(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, uint64_t cost[3]) {
    cost[0] = cost[1] = cost[2] = 0;
    for (size_t i = 0; i < 4 * (size_t)width; i++) {
        if (channels == 3 && (i & 3) == 3) continue;
        int8_t none = (int8_t)cur[i];
        int8_t sub = (int8_t)(cur[i] - (i >= 4 ? cur[i - 4] : 0));
        int8_t up = (int8_t)(cur[i] - (above != NULL ? above[i] : 0));
        cost[0] += (uint64_t)(none < 0 ? -none : none);
        cost[1] += (uint64_t)(sub < 0 ? -sub : sub);
        cost[2] += (uint64_t)(up < 0 ? -up : up);
    }
}

#if HF_X86
__attribute__((target("ssse3")))
static void min_sum_costs_ssse3(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, uint64_t cost[3]) {
    const __m128i mask = channels == 3 ? _mm_set1_epi32(0x00FFFFFF) : _mm_set1_epi32(-1);
    const __m128i zero = _mm_setzero_si128();
    __m128i none = zero, sub = zero, up = zero;
    // The first pixel's SUB reference is 0: handle pixel 0 in scalar, pixels 1… in vectors.
    uint64_t head[3];
    min_sum_costs_scalar(cur, above, 1, channels, head);
    size_t x = 1;
    for (; x + 4 <= width; x += 4) {
        __m128i c = _mm_loadu_si128((const __m128i *)(cur + 4 * x));
        __m128i l = _mm_loadu_si128((const __m128i *)(cur + 4 * x - 4));
        __m128i a = above != NULL ? _mm_loadu_si128((const __m128i *)(above + 4 * x)) : zero;
        none = _mm_add_epi64(none, _mm_sad_epu8(_mm_and_si128(_mm_abs_epi8(c), mask), zero));
        sub = _mm_add_epi64(sub, _mm_sad_epu8(_mm_and_si128(_mm_abs_epi8(_mm_sub_epi8(c, l)), mask), zero));
        up = _mm_add_epi64(up, _mm_sad_epu8(_mm_and_si128(_mm_abs_epi8(_mm_sub_epi8(c, a)), mask), zero));
    }
    uint64_t lanes[2];
    _mm_storeu_si128((__m128i *)lanes, none); cost[0] = head[0] + lanes[0] + lanes[1];
    _mm_storeu_si128((__m128i *)lanes, sub); cost[1] = head[1] + lanes[0] + lanes[1];
    _mm_storeu_si128((__m128i *)lanes, up); cost[2] = head[2] + lanes[0] + lanes[1];
    for (; x < width; x++) {
        for (int k = 0; k < channels; k++) {
            size_t i = 4 * x + (size_t)k;
            int8_t n = (int8_t)cur[i], s = (int8_t)(cur[i] - cur[i - 4]), u = (int8_t)(cur[i] - (above != NULL ? above[i] : 0));
            cost[0] += (uint64_t)(n < 0 ? -n : n);
            cost[1] += (uint64_t)(s < 0 ? -s : s);
            cost[2] += (uint64_t)(u < 0 ? -u : u);
        }
    }
}
#endif

/// The filter type MIN_SUM picks for a row: the cheapest of NONE, SUB, UP (ties: the earlier).
static int min_sum_choice(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels) {
    uint64_t cost[3];
#if HF_X86
    if (hf_cpu_has(HF_CPU_SSSE3)) min_sum_costs_ssse3(cur, above, width, channels, cost);
    else min_sum_costs_scalar(cur, above, width, channels, cost);
#else
    min_sum_costs_scalar(cur, above, width, channels, cost);
#endif
    int best = 0;
    for (int f = 1; f < 3; f++) if (cost[f] < cost[best]) best = f;
    return best;
}

/// The MOST_ZEROS measure: zero[f] = how many colour bytes (all four when channels is 4) of the
/// row are 0 after filter f, for f = NONE, SUB, UP and, when `paeth`, PAETH (zero[3]).
static void zero_counts_scalar(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth, uint64_t zero[4]) {
    zero[0] = zero[1] = zero[2] = zero[3] = 0;
    for (size_t i = 0; i < 4 * (size_t)width; i++) {
        if (channels == 3 && (i & 3) == 3) continue;
        int a = i >= 4 ? cur[i - 4] : 0, b = above != NULL ? above[i] : 0, c = (above != NULL && i >= 4) ? above[i - 4] : 0;
        zero[0] += cur[i] == 0;
        zero[1] += cur[i] == (uint8_t)a;
        zero[2] += cur[i] == (uint8_t)b;
        if (paeth) zero[3] += cur[i] == (above != NULL ? paeth_predictor(a, b, c) : (uint8_t)a);
    }
}

/// The counts of pixels [x, width) of a row whose pixels before x were counted with SIMD: their
/// neighbours are inside the row, so they are counted as a row that starts at x − 1, less that
/// first pixel's own counts. All zero when x ≥ width. x ≥ 1.
static void zero_counts_tail(const uint8_t *cur, const uint8_t *above, size_t x, uint32_t width, int channels, int paeth,
                             uint64_t tail[4]) {
    tail[0] = tail[1] = tail[2] = tail[3] = 0;
    if (x >= width) return;
    uint64_t both[4], first[4];
    const uint8_t *aboveFrom = above != NULL ? above + 4 * (x - 1) : NULL;
    zero_counts_scalar(cur + 4 * (x - 1), aboveFrom, (uint32_t)(width - x + 1), channels, paeth, both);
    zero_counts_scalar(cur + 4 * (x - 1), aboveFrom, 1, channels, paeth, first);
    for (int f = 0; f < 4; f++) tail[f] = both[f] - first[f];
}

#if HF_X86
__attribute__((target("ssse3,popcnt")))
static void zero_counts_ssse3(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth, uint64_t zero[4]) {
    // Bytes are compared for equality with their prediction; the alpha lanes of an RGB row are
    // left out of the mask (colour bytes only, as the scanline holds them).
    const unsigned keep = channels == 3 ? 0x7777u : 0xFFFFu;
    const __m128i z = _mm_setzero_si128();
    uint64_t head[4];
    zero_counts_scalar(cur, above, width < 1 ? width : 1, channels, paeth, head);
    uint64_t n0 = 0, n1 = 0, n2 = 0, n3 = 0;
    size_t x = 1;
    for (; x + 4 <= width; x += 4) {
        __m128i c = _mm_loadu_si128((const __m128i *)(cur + 4 * x));
        __m128i l = _mm_loadu_si128((const __m128i *)(cur + 4 * x - 4));
        __m128i b = above != NULL ? _mm_loadu_si128((const __m128i *)(above + 4 * x)) : z;
        n0 += (uint64_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, z)) & keep);
        n1 += (uint64_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, l)) & keep);
        n2 += (uint64_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, b)) & keep);
        if (paeth) {
            __m128i p = above != NULL ? paeth_ssse3(l, b, _mm_loadu_si128((const __m128i *)(above + 4 * x - 4))) : l;
            n3 += (uint64_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, p)) & keep);
        }
    }
    uint64_t tail[4];
    zero_counts_tail(cur, above, x, width, channels, paeth, tail);
    zero[0] = head[0] + n0 + tail[0];
    zero[1] = head[1] + n1 + tail[1];
    zero[2] = head[2] + n2 + tail[2];
    zero[3] = head[3] + n3 + tail[3];
}
/// PAETH predictions of 32 bytes (8 RGBA pixels): paeth_ssse3's formula in 32 lanes.
__attribute__((target("avx2")))
static inline __m256i paeth_avx2(__m256i a, __m256i b, __m256i c) {
    const __m256i z = _mm256_setzero_si256();
    __m256i pa = _mm256_sub_epi8(_mm256_max_epu8(b, c), _mm256_min_epu8(b, c));
    __m256i pb = _mm256_sub_epi8(_mm256_max_epu8(a, c), _mm256_min_epu8(a, c));
    __m256i sameSign = _mm256_cmpeq_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(b, c), b),
                                         _mm256_cmpeq_epi8(_mm256_max_epu8(a, c), a));
    __m256i apart = _mm256_sub_epi8(_mm256_max_epu8(pa, pb), _mm256_min_epu8(pa, pb));
    __m256i pc = _mm256_blendv_epi8(apart, _mm256_adds_epu8(pa, pb), sameSign);
    __m256i takeA = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_subs_epu8(pa, pb), z),
                                     _mm256_cmpeq_epi8(_mm256_subs_epu8(pa, pc), z));
    __m256i takeB = _mm256_cmpeq_epi8(_mm256_subs_epu8(pb, pc), z);
    return _mm256_blendv_epi8(_mm256_blendv_epi8(c, b, takeB), a, takeA);
}

/// Stores 8 filtered pixels: 32 bytes for RGBA; for RGB the 24 colour bytes, packed in each lane
/// (pshufb) and the lanes joined (vpermd), as one 32-byte store whose last 8 bytes are junk that
/// the next store or the row's tail overwrites (or the scanline buffer's slack takes).
__attribute__((target("avx2")))
static inline void store_pixels_avx2(uint8_t *out, __m256i r, int channels) {
    if (channels == 3) {
        const __m256i pack = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                              0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
        const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
        _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r, pack), join));
    } else {
        _mm256_storeu_si256((__m256i *)out, r);
    }
}

/// The AND of 8-pixel AVX2 words folded to one 32-bit word.
__attribute__((target("avx2")))
static inline uint32_t and_lanes_avx2(__m256i all) {
    __m128i half = _mm_and_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    half = _mm_and_si128(half, _mm_shuffle_epi32(half, 0x4E));
    half = _mm_and_si128(half, _mm_shuffle_epi32(half, 0xB1));
    return (uint32_t)_mm_cvtsi128_si32(half);
}

/// AVX2, 8 pixels a step: the same counts as zero_counts_scalar; returns the AND of the row's words.
/// Each candidate's matches are counted per byte lane (cmpeq gives −1, subtracted from a byte
/// counter); every lane is one channel, since a step is 8 whole pixels, so an RGB row drops the
/// alpha lanes once at the end. The counters are summed (psadbw) before they can reach 255.
/// Nothing is stored: the chosen filter is written afterwards by filter_row_avx2 (a second pass
/// over a row that is in L1 by then is cheaper than storing PAETH for every row).
__attribute__((target("avx2,popcnt")))
static uint32_t zero_counts_avx2(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                                 uint64_t zero[4]) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i keep = channels == 3 ? _mm256_set1_epi32(0x00FFFFFF) : _mm256_set1_epi32(-1);
    uint64_t head[4];
    size_t first = width < 1 ? width : 1;
    zero_counts_scalar(cur, above, (uint32_t)first, channels, paeth, head);
    uint32_t all = and_of_words(cur, (uint32_t)first);
    __m256i total[4] = { z, z, z, z };
    __m256i allv = _mm256_set1_epi32(-1);
    size_t x = 1;
    while (x + 8 <= width) {
        __m256i k0 = z, k1 = z, k2 = z, k3 = z;
        for (int steps = 0; steps < 255 && x + 8 <= width; steps++, x += 8) {
            __m256i c = _mm256_loadu_si256((const __m256i *)(cur + 4 * x));
            __m256i l = _mm256_loadu_si256((const __m256i *)(cur + 4 * x - 4));
            __m256i b = above != NULL ? _mm256_loadu_si256((const __m256i *)(above + 4 * x)) : z;
            allv = _mm256_and_si256(allv, c);
            k0 = _mm256_sub_epi8(k0, _mm256_cmpeq_epi8(c, z));
            k1 = _mm256_sub_epi8(k1, _mm256_cmpeq_epi8(c, l));
            k2 = _mm256_sub_epi8(k2, _mm256_cmpeq_epi8(c, b));
            if (paeth) {
                __m256i p = above != NULL ? paeth_avx2(l, b, _mm256_loadu_si256((const __m256i *)(above + 4 * x - 4))) : l;
                k3 = _mm256_sub_epi8(k3, _mm256_cmpeq_epi8(c, p));
            }
        }
        total[0] = _mm256_add_epi64(total[0], _mm256_sad_epu8(_mm256_and_si256(k0, keep), z));
        total[1] = _mm256_add_epi64(total[1], _mm256_sad_epu8(_mm256_and_si256(k1, keep), z));
        total[2] = _mm256_add_epi64(total[2], _mm256_sad_epu8(_mm256_and_si256(k2, keep), z));
        total[3] = _mm256_add_epi64(total[3], _mm256_sad_epu8(_mm256_and_si256(k3, keep), z));
    }
    uint64_t sums[4];
    for (int f = 0; f < 4; f++) {
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)lanes, total[f]);
        sums[f] = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    uint64_t tail[4];
    zero_counts_tail(cur, above, x, width, channels, paeth, tail);
    if (x < width) all &= and_of_words(cur + 4 * x, (uint32_t)(width - x));
    for (int f = 0; f < 4; f++) zero[f] = head[f] + sums[f] + tail[f];
    return all & and_lanes_avx2(allv);
}

/// filter_row's bytes with AVX2, 8 pixels a step (`filter` a constant after inlining); pixel 0 and
/// the last width − 1 mod 8 pixels go through the scalar loops. Returns the AND of the row's words.
__attribute__((target("avx2"), always_inline))
static inline uint32_t filter_row_avx2_body(uint8_t *out, const uint8_t *cur, const uint8_t *above, uint32_t width,
                                            int channels, int filter) {
    size_t first = width < 1 ? width : 1;
    uint32_t all = filter == HF_FAST_FILTER_PAETH ? paeth_pack_scalar(out, cur, above, 0, first, channels)
                                                  : diff_pack_scalar(out, cur, (filter == HF_FAST_FILTER_UP && above != NULL) ? above : NULL, first, channels);
    __m256i allv = _mm256_set1_epi32(-1);
    size_t x = 1;
    for (; x + 8 <= width; x += 8) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(cur + 4 * x)), r;
        switch (filter) {
        case HF_FAST_FILTER_SUB: r = _mm256_sub_epi8(c, _mm256_loadu_si256((const __m256i *)(cur + 4 * x - 4))); break;
        case HF_FAST_FILTER_UP: r = _mm256_sub_epi8(c, _mm256_loadu_si256((const __m256i *)(above + 4 * x))); break;
        case HF_FAST_FILTER_PAETH:
            r = _mm256_sub_epi8(c, paeth_avx2(_mm256_loadu_si256((const __m256i *)(cur + 4 * x - 4)),
                                              _mm256_loadu_si256((const __m256i *)(above + 4 * x)),
                                              _mm256_loadu_si256((const __m256i *)(above + 4 * x - 4))));
            break;
        default: r = c; break;
        }
        allv = _mm256_and_si256(allv, c);
        store_pixels_avx2(out + (size_t)channels * x, r, channels);
    }
    if (x < width) {
        uint8_t *tailOut = out + (size_t)channels * x;
        switch (filter) {
        case HF_FAST_FILTER_SUB: all &= diff_pack_scalar(tailOut, cur + 4 * x, cur + 4 * x - 4, width - x, channels); break;
        case HF_FAST_FILTER_UP: all &= diff_pack_scalar(tailOut, cur + 4 * x, above + 4 * x, width - x, channels); break;
        case HF_FAST_FILTER_PAETH: all &= paeth_pack_scalar(out, cur, above, x, width, channels); break;
        default: all &= diff_pack_scalar(tailOut, cur + 4 * x, NULL, width - x, channels); break;
        }
    }
    return all & and_lanes_avx2(allv);
}

/// One scanline's filtered bytes with AVX2. UP without a row above is NONE, PAETH without one SUB
/// (PNG takes the missing row as zeros).
__attribute__((target("avx2")))
static uint32_t filter_row_avx2(uint8_t *out, const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int filter) {
    if (above == NULL && filter == HF_FAST_FILTER_UP) filter = HF_FAST_FILTER_NONE;
    if (above == NULL && filter == HF_FAST_FILTER_PAETH) filter = HF_FAST_FILTER_SUB;
    switch (filter) {
    case HF_FAST_FILTER_SUB: return filter_row_avx2_body(out, cur, above, width, channels, HF_FAST_FILTER_SUB);
    case HF_FAST_FILTER_UP: return filter_row_avx2_body(out, cur, above, width, channels, HF_FAST_FILTER_UP);
    case HF_FAST_FILTER_PAETH: return filter_row_avx2_body(out, cur, above, width, channels, HF_FAST_FILTER_PAETH);
    default: return filter_row_avx2_body(out, cur, above, width, channels, HF_FAST_FILTER_NONE);
    }
}

#endif

/// The filter type MOST_ZEROS picks for a row (ties: the earlier of NONE, SUB, UP, PAETH). With
/// AVX2 the count also gives the AND of the row's words (*all; else *all is left alone).
static int most_zeros_choice(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                             uint32_t *all) {
    uint64_t zero[4];
#if HF_X86
    if (hf_cpu_has(HF_CPU_AVX2 | HF_CPU_POPCNT)) *all = zero_counts_avx2(cur, above, width, channels, paeth, zero);
    else if (hf_cpu_has(HF_CPU_SSSE3 | HF_CPU_POPCNT)) zero_counts_ssse3(cur, above, width, channels, paeth, zero);
    else zero_counts_scalar(cur, above, width, channels, paeth, zero);
#else
    zero_counts_scalar(cur, above, width, channels, paeth, zero);
#endif
    static const int types[4] = { HF_FAST_FILTER_NONE, HF_FAST_FILTER_SUB, HF_FAST_FILTER_UP, HF_FAST_FILTER_PAETH };
    int best = 0;
    for (int f = 1; f < (paeth ? 4 : 3); f++) if (zero[f] > zero[best]) best = f;
    return types[best];
}

size_t hf_fast_scratch_size(uint32_t width) {
    // Two straight RGBA rows (current, above), each with SIMD slack.
    return 2 * ((size_t)width * 4 + 16);
}

int hf_fast_filter_rows(const uint8_t *pixels, uint32_t width, uint32_t y0, uint32_t y1,
                        int channels, int filter, const uint8_t *table,
                        uint8_t *scratch, uint8_t *out) {
    const size_t rowBytes = (size_t)width * 4;
    const size_t lineBytes = 1 + (size_t)width * (size_t)channels;
    uint8_t *straight[2] = { scratch, scratch + rowBytes + 16 };
    uint32_t all = 0xFFFFFFFFu;

    const uint8_t *above = NULL;
    if (y0 > 0 && filter != HF_FAST_FILTER_NONE && filter != HF_FAST_FILTER_SUB) {  // every filter that reads the row above
        const uint8_t *row = pixels + (size_t)(y0 - 1) * rowBytes;
        if (channels == 4) { unpremultiply_row(straight[1], row, width, table); above = straight[1]; }
        else above = row;
    }
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *row = pixels + (size_t)y * rowBytes;
        const uint8_t *cur = row;
        if (channels == 4) {
            uint8_t *buffer = straight[(y - y0) & 1];
            unpremultiply_row(buffer, row, width, table);
            cur = buffer;
        }
        uint8_t *line = out + (size_t)(y - y0) * lineBytes;
        int chosen = filter;
        uint32_t counted = 0xFFFFFFFFu;  // the count's AND of the words, when it gives one
        if (filter == HF_FAST_FILTER_MIN_SUM) chosen = min_sum_choice(cur, above, width, channels);
        else if (filter == HF_FAST_FILTER_MOST_ZEROS) chosen = most_zeros_choice(cur, above, width, channels, 0, &counted);
        else if (filter == HF_FAST_FILTER_MOST_ZEROS_PAETH) chosen = most_zeros_choice(cur, above, width, channels, 1, &counted);
        line[0] = (uint8_t)chosen;
#if HF_X86
        if (hf_cpu_has(HF_CPU_AVX2 | HF_CPU_POPCNT)) all &= counted & filter_row_avx2(line + 1, cur, above, width, channels, chosen);
        else all &= filter_row(line + 1, cur, above, width, channels, chosen);
#else
        all &= filter_row(line + 1, cur, above, width, channels, chosen);
#endif
        above = cur;
    }
    if (channels == 3 && (all >> 24) != 0xFF) return 0;
    return 1;
}

// MARK: - Adler-32

/// Adler-32 (zlib's: a = 1 + Σ bytes, b = Σ a after each byte, both mod 65521), continuing from
/// `adler`, one byte at a time.
static uint32_t adler32_scalar(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < 4096 ? length : 4096;  // 4096 × 255 × 4096 and the rest stay far below 2^64
        for (size_t i = 0; i < n; i++) { a += bytes[i]; b += a; }
        a %= 65521; b %= 65521;
        bytes += n; length -= n;
    }
    return (uint32_t)(b << 16 | a);
}

#if HF_X86
/// AVX2, 32 bytes a step. Over a block of n steps from sums (a, b), with step k's bytes d_k[0…31]:
///   a' = a + Σ_k Σ_i d_k[i],   b' = b + 32·n·a + Σ_k (32 · Σ_{j<k} Σ_i d_j[i] + Σ_i (32 − i) · d_k[i]).
/// Σ_i d[i] is psadbw against zero; Σ_i (32 − i) · d[i] is pmaddubsw with the weights 32…1, then
/// pmaddwd with ones; Σ_{j<k} is a running sum of the first. Every lane stays below 2^32 for
/// blocks of up to 1,024 steps (the running sum of sums grows as n²/2 × 2,040 < 2^31).
__attribute__((target("avx2")))
static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                             16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    while (length >= 32) {
        size_t steps = length / 32;
        if (steps > 1024) steps = 1024;
        __m256i sum = zero, weighted = zero, prior = zero;
        for (size_t k = 0; k < steps; k++) {
            __m256i d = _mm256_loadu_si256((const __m256i *)(bytes + 32 * k));
            prior = _mm256_add_epi32(prior, sum);
            sum = _mm256_add_epi32(sum, _mm256_sad_epu8(d, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(d, weights), ones));
        }
        uint32_t lanes[3][8];
        _mm256_storeu_si256((__m256i *)lanes[0], sum);
        _mm256_storeu_si256((__m256i *)lanes[1], weighted);
        _mm256_storeu_si256((__m256i *)lanes[2], prior);
        uint64_t s = 0, w = 0, p = 0;
        for (int i = 0; i < 8; i++) { s += lanes[0][i]; w += lanes[1][i]; p += lanes[2][i]; }
        b = (b + 32 * steps * a + 32 * p + w) % 65521;
        a = (a + s) % 65521;
        bytes += 32 * steps; length -= 32 * steps;
    }
    return adler32_scalar((uint32_t)(b << 16 | a), bytes, length);
}
#endif

uint32_t hf_fast_adler32(uint32_t adler, const void *data, size_t length) {
    const uint8_t *bytes = data;
#if HF_X86
    if (hf_cpu_has(HF_CPU_AVX2 | HF_CPU_POPCNT)) return adler32_avx2(adler, bytes, length);
#endif
    return adler32_scalar(adler, bytes, length);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_fast_adler32_kernel(uint32_t adler, const uint8_t *bytes, size_t length, int kernel, uint32_t *out) {
    switch (kernel) {
    case 0: *out = adler32_scalar(adler, bytes, length); return 1;
#if HF_X86
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2 | HF_CPU_POPCNT)) return 0;
        *out = adler32_avx2(adler, bytes, length); return 1;
#endif
    default: return 0;
    }
}

// MARK: - Calls into ISA-L

// ISA-L's assembly (CRC-32 with 512-bit VPCLMULQDQ, deflate, inflate) returns with the upper
// halves of the vector registers in use and never executes VZEROUPPER, as compiled code does
// before it returns. Until something clears that state, every legacy-SSE instruction after it
// (all of Swift's float code and the SSE2 kernels at the default x86-64 target) can pay for
// merging into the dirty registers: on this machine the SSE2 box blur ran 3.5x slower after one
// 4 KiB CRC, and a PNG export's raster took twice its time (README, "The vector-state trap").
// So every call into ISA-L goes through this file and ends with upper_state_clear().

#if HF_X86
__attribute__((target("avx"))) static void zero_upper(void) { _mm256_zeroupper(); }
#endif

/// VZEROUPPER where the CPU has it (a CPU without AVX has no upper state for ISA-L to leave).
static inline void upper_state_clear(void) {
#if HF_X86
    if (hf_cpu_has(HF_CPU_AVX)) zero_upper();
#endif
}

uint32_t hf_crc32(uint32_t crc, const void *bytes, size_t length) {
    uint32_t value = crc32_gzip_refl(crc, bytes, (uint64_t)length);
    upper_state_clear();
    return value;
}

#if HF_X86
/// XINUSE (XGETBV with ECX = 1): bit 2 is set while the upper halves of ymm0–15 are not all zero,
/// bit 6 the same for the upper halves of zmm0–15.
static inline int upper_in_use(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    (void)hi;
    return (lo & ((1u << 2) | (1u << 6))) != 0;
}
#endif

// Test entry points (Tests/CKernelTestHooks declares them); the second is defined below.
long hf_fast_inflate_zlib(const uint8_t *zlib, size_t length, uint8_t *out, size_t capacity);
int hf_fast_upper_state_after(int call) {
#if HF_X86
    unsigned eax, ebx, ecx, edx;  // XINUSE needs CPUID.(0DH, 1):EAX[2]
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(0), "c"(0));
    if (eax < 0xD) return -1;
    __asm__ volatile("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(0xD), "c"(1));
    if (!(eax & 4) || !hf_cpu_has(HF_CPU_AVX)) return -1;
    uint8_t bytes[4096], zlib[8192], out[8192];
    uint8_t *level = malloc(ISAL_DEF_LVL1_DEFAULT);
    if (level == NULL) return -2;
    for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)(i * 7 + i / 13);
    // For inflate, a zlib stream of those bytes made first.
    zlib[0] = 0x78; zlib[1] = 0x01;
    long n = hf_isal_deflate_stripe(bytes, sizeof bytes, 1, 1, level, ISAL_DEF_LVL1_DEFAULT, zlib + 2, sizeof zlib - 6);
    uint32_t adler = hf_fast_adler32(1, bytes, sizeof bytes);
    for (int k = 0; n >= 0 && k < 4; k++) zlib[2 + n + k] = (uint8_t)(adler >> (24 - 8 * k));
    int state = -2;
    switch (call) {
    case 0: (void)crc32_gzip_refl(0, bytes, sizeof bytes); state = upper_in_use(); break;  // ISA-L itself
    case 1: (void)hf_crc32(0, bytes, sizeof bytes); state = upper_in_use(); break;
    case 2: (void)hf_isal_deflate_stripe(bytes, sizeof bytes, 1, 1, level, ISAL_DEF_LVL1_DEFAULT, out, sizeof out); state = upper_in_use(); break;
    case 3:
        if (n >= 0 && hf_fast_inflate_zlib(zlib, (size_t)n + 6, out, sizeof out) == (long)sizeof bytes) state = upper_in_use();
        break;
    }
    free(level);
    return state;
#else
    (void)call;
    return -1;
#endif
}

// MARK: - Deflate

size_t hf_isal_level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}

long hf_isal_deflate_stripe(const uint8_t *input, size_t length, int level, int last,
                            uint8_t *level_buffer, size_t level_buffer_size,
                            uint8_t *out, size_t capacity) {
    if (length > UINT32_MAX || capacity > UINT32_MAX) return -2;
    // Every field of the stream set, none left to the stack: isal_deflate_stateless_init leaves
    // hist_bits (log2 of the window) alone, and a stack that happened to hold 3 or 9 there gave a
    // 8- or 512-byte window, so the bytes depended on the thread and on what ran before
    // (FastPNGTests.bytesDoNotDependOnWhatTheStackHeld). 0 is ISA-L's default, the full 32 KiB.
    // The level buffer needs no clearing: ISA-L resets the hash tables it uses for a stateless call.
    struct isal_zstream stream;
    memset(&stream, 0, sizeof stream);
    isal_deflate_stateless_init(&stream);
    stream.hist_bits = 0;
    stream.next_in = (uint8_t *)input;
    stream.avail_in = (uint32_t)length;
    stream.next_out = out;
    stream.avail_out = (uint32_t)capacity;
    stream.level = (uint32_t)level;
    stream.level_buf = level_buffer;
    stream.level_buf_size = (uint32_t)level_buffer_size;
    stream.gzip_flag = IGZIP_DEFLATE;
    stream.end_of_stream = last ? 1 : 0;
    stream.flush = last ? NO_FLUSH : FULL_FLUSH;
    int status = isal_deflate_stateless(&stream);
    upper_state_clear();
    if (status == STATELESS_OVERFLOW) return -1;
    if (status != COMP_OK) return -2 - (long)(status < 0 ? -status : status);
    return (long)stream.total_out;
}

// MARK: - Test support

// A test entry point (Tests/CKernelTestHooks declares it).
long hf_fast_inflate_zlib(const uint8_t *zlib, size_t length, uint8_t *out, size_t capacity) {
    if (length > UINT32_MAX || capacity > UINT32_MAX) return -1;
    struct inflate_state state;
    isal_inflate_init(&state);
    state.next_in = (uint8_t *)zlib;
    state.avail_in = (uint32_t)length;
    state.next_out = out;
    state.avail_out = (uint32_t)capacity;
    state.crc_flag = ISAL_ZLIB;
    int status = isal_inflate_stateless(&state);
    upper_state_clear();
    return status == ISAL_DECOMP_OK ? (long)state.total_out : -1;
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_fast_zero_counts(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                        int kernel, uint64_t *zero, uint8_t *paeth_out) {
    switch (kernel) {
    case 0: zero_counts_scalar(cur, above, width, channels, paeth, zero); return 1;
#if HF_X86
    case 1:
        if (!hf_cpu_has(HF_CPU_SSSE3 | HF_CPU_POPCNT)) return 0;
        zero_counts_ssse3(cur, above, width, channels, paeth, zero); return 1;
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2 | HF_CPU_POPCNT)) return 0;
        zero_counts_avx2(cur, above, width, channels, paeth, zero);
        if (paeth_out != NULL) filter_row_avx2(paeth_out, cur, above, width, channels, paeth ? HF_FAST_FILTER_PAETH : HF_FAST_FILTER_NONE);
        return 1;
#endif
    default: return 0;
    }
}

// A test entry point (Tests/CKernelTestHooks declares it).
void hf_fast_paeth16(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *out) {
#if HF_X86
    if (hf_cpu_has(HF_CPU_SSSE3)) {
        __m128i p = paeth_ssse3(_mm_loadu_si128((const __m128i *)a), _mm_loadu_si128((const __m128i *)b),
                                _mm_loadu_si128((const __m128i *)c));
        _mm_storeu_si128((__m128i *)out, p);
        return;
    }
#endif
    for (int i = 0; i < 16; i++) out[i] = paeth_predictor(a[i], b[i], c[i]);
}

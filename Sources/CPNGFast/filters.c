// The fast PNG profile's row filters and the measures that choose them. See include/pngfast.h for
// the contract.
//
// Filtering works on straight RGBA rows (4 bytes a pixel) and packs to 3 bytes when the frame is
// RGB: PNG filters are per byte with the left neighbour one pixel back, so
//   SUB(x) = cur(x) − cur(x − 1 pixel),  UP(x) = cur(x) − above(x)   (bytewise, mod 256)
// are the same numbers on RGBA words as on packed RGB; packing just drops every fourth byte. Eight
// pixels go at a time in generic vectors (one byte shuffle packs 8 × RGBA to 24 bytes of RGB),
// stored 32 bytes wide (hence the slack after the output). Opaque pixels of a premultiplied canvas
// are already straight, so the RGB path reads the canvas directly and only ANDs the words to prove
// every alpha is 255. Nothing here calls ISA-L (pngfast.c does), so the C harness builds this file
// for aarch64 too (Tests/Scripts/check_c_kernels.sh).

#include "pngfast.h"

#include <string.h>

#include "cpufeatures.h"

#if defined(__x86_64__)
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

static uint32_t diff_pack(uint8_t *out, const uint8_t *cur, const uint8_t *ref, size_t n, int channels) {
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


/// PAETH of one row; without a row above it is SUB (paeth(a, 0, 0) = a).
static uint32_t paeth_pack(uint8_t *out, const uint8_t *cur, const uint8_t *above, size_t n, int channels) {
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
/// channels is 3), cost[f] for filter type f: the sum of the filtered bytes' absolute values as
/// signed bytes.
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

// MARK: - Row filters and zero counts in generic vectors

// Eight RGBA pixels (32 bytes) a step, one body built for SSSE3 and for AVX2 on x86-64 (chosen at
// run time; a CPU without SSSE3 takes the scalar loops above) and for the default target elsewhere
// (NEON on aarch64). Every lane is a byte and every operation bytewise, so every build computes the
// same bytes and counts as the scalar loops (FastPNGTests holds them together).

// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t px8 __attribute__((ext_vector_type(32)));
typedef uint16_t px8w __attribute__((ext_vector_type(32)));
typedef uint32_t px8words __attribute__((ext_vector_type(8)));
typedef uint16_t px8pairs __attribute__((ext_vector_type(16)));
typedef uint32_t px8pairsWide __attribute__((ext_vector_type(16)));
typedef int8_t px8signed __attribute__((ext_vector_type(32)));

__attribute__((always_inline)) static inline px8 load_px8(const uint8_t *p) {
    px8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// The absolute values of the lanes as signed bytes (|−128| is 128).
__attribute__((always_inline)) static inline px8 abs_px8(px8 v) { return (px8)__builtin_elementwise_abs((px8signed)v); }

/// a where the lanes of `m` are all ones, b where they are zero.
__attribute__((always_inline)) static inline px8 select_px8(px8 m, px8 a, px8 b) { return (m & a) | (~m & b); }

/// PNG's Paeth predictions of 32 bytes from their left a, above b and upper-left c, in 8-bit lanes:
/// pa = |b − c| and pb = |a − c| are max − min; pc = |(b − c) + (a − c)| is pa + pb when the two
/// differences have the same sign (saturated: only its order against pa and pb matters, and then
/// pc ≥ both) and |pa − pb| when they differ. Then a if pa ≤ pb and pa ≤ pc, else b if pb ≤ pc,
/// else c: paeth_predictor's choice.
__attribute__((always_inline)) static inline px8 paeth_px8(px8 a, px8 b, px8 c) {
    px8 pa = __builtin_elementwise_max(b, c) - __builtin_elementwise_min(b, c);
    px8 pb = __builtin_elementwise_max(a, c) - __builtin_elementwise_min(a, c);
    px8 sameSign = (px8)((b >= c) == (a >= c));
    px8 apart = __builtin_elementwise_max(pa, pb) - __builtin_elementwise_min(pa, pb);
    px8 pc = select_px8(sameSign, __builtin_elementwise_add_sat(pa, pb), apart);
    px8 takeA = (px8)((pa <= pb) & (pa <= pc));
    px8 takeB = (px8)(pb <= pc);
    return select_px8(takeA, a, select_px8(takeB, b, c));
}

/// Stores 8 filtered pixels: 32 bytes for RGBA; for RGB the 24 colour bytes, as one 32-byte store
/// whose last 8 bytes are junk that the next store or the row's tail overwrites (or the scanline
/// buffer's slack takes).
__attribute__((always_inline)) static inline void store_px8(uint8_t *out, px8 r, int channels) {
    if (channels == 3) {
        px8 packed = __builtin_shufflevector(r, r, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22,
                                             24, 25, 26, 28, 29, 30, -1, -1, -1, -1, -1, -1, -1, -1);
        memcpy(out, &packed, sizeof packed);
    } else {
        memcpy(out, &r, sizeof r);
    }
}

/// The AND of the 8 pixel words in `all`.
__attribute__((always_inline)) static inline uint32_t and_px8(px8 all) {
    px8words words;
    memcpy(&words, &all, sizeof words);
    return __builtin_reduce_and(words);
}

/// The MOST_ZEROS counts (zero_counts_scalar's) of a row, 8 pixels a step; returns the AND of the
/// row's words. Each candidate's matches are counted per byte lane (a compare gives all ones, −1,
/// subtracted from a byte counter); every lane is one channel, since a step is 8 whole pixels, so
/// an RGB row drops the alpha lanes once at the end. The counters are summed before they can
/// reach 255. Nothing is stored: the chosen filter is written afterwards by filter_row_px8 (a
/// second pass over a row that is in L1 by then is cheaper than storing PAETH for every row).
__attribute__((always_inline)) static inline uint32_t zero_counts_px8(const uint8_t *cur, const uint8_t *above, uint32_t width,
                                                                      int channels, int paeth, uint64_t zero[4]) {
    const px8 keep = channels == 3 ? (px8)(px8words)0x00FFFFFFu : (px8)(px8words)0xFFFFFFFFu;
    uint64_t head[4];
    size_t first = width < 1 ? width : 1;
    zero_counts_scalar(cur, above, (uint32_t)first, channels, paeth, head);
    uint32_t all = and_of_words(cur, (uint32_t)first);
    uint64_t sums[4] = {0, 0, 0, 0};
    px8 allv = (px8)(px8words)0xFFFFFFFFu;
    size_t x = 1;
    while (x + 8 <= width) {
        px8 k[4] = {0};
        for (int steps = 0; steps < 255 && x + 8 <= width; steps++, x += 8) {
            px8 c = load_px8(cur + 4 * x), l = load_px8(cur + 4 * x - 4);
            px8 b = above != NULL ? load_px8(above + 4 * x) : (px8)0;
            allv &= c;
            k[0] -= (px8)(c == 0);
            k[1] -= (px8)(c == l);
            k[2] -= (px8)(c == b);
            if (paeth) {
                px8 p = above != NULL ? paeth_px8(l, b, load_px8(above + 4 * x - 4)) : l;
                k[3] -= (px8)(c == p);
            }
        }
        for (int f = 0; f < 4; f++) sums[f] += __builtin_reduce_add(__builtin_convertvector(k[f] & keep, px8w));
    }
    uint64_t tail[4];
    zero_counts_tail(cur, above, x, width, channels, paeth, tail);
    if (x < width) all &= and_of_words(cur + 4 * x, (uint32_t)(width - x));
    for (int f = 0; f < 4; f++) zero[f] = head[f] + sums[f] + tail[f];
    return all & and_px8(allv);
}

/// The MIN_SUM costs (min_sum_costs_scalar's) of a row, 8 pixels a step: the absolute values of
/// the filtered bytes as signed bytes (|−128| is 128, as an unsigned byte), colour bytes only for
/// RGB, added in pairs into 16-bit lanes (the low byte of each pair plus the high one: a mask and a
/// shift, where widening every byte takes lane-crossing shuffles), which are summed before they can
/// overflow (128 steps of ≤ 2 · 255).
__attribute__((always_inline)) static inline void min_sum_costs_px8(const uint8_t *cur, const uint8_t *above, uint32_t width,
                                                                    int channels, uint64_t cost[3]) {
    const px8 keep = channels == 3 ? (px8)(px8words)0x00FFFFFFu : (px8)(px8words)0xFFFFFFFFu;
    min_sum_costs_scalar(cur, above, width < 1 ? width : 1, channels, cost);
    size_t x = 1;
    while (x + 8 <= width) {
        px8pairs sum[3] = {0};
        for (int steps = 0; steps < 128 && x + 8 <= width; steps++, x += 8) {
            px8 c = load_px8(cur + 4 * x), l = load_px8(cur + 4 * x - 4);
            px8 a = above != NULL ? load_px8(above + 4 * x) : (px8)0;
            px8pairs n = (px8pairs)(abs_px8(c) & keep), s = (px8pairs)(abs_px8(c - l) & keep), u = (px8pairs)(abs_px8(c - a) & keep);
            sum[0] += (n & 0xFF) + (n >> 8);
            sum[1] += (s & 0xFF) + (s >> 8);
            sum[2] += (u & 0xFF) + (u >> 8);
        }
        for (int f = 0; f < 3; f++) cost[f] += __builtin_reduce_add(__builtin_convertvector(sum[f], px8pairsWide));
    }
    if (x < width) {
        // The rest as a row that starts at pixel x − 1, less that pixel's own costs.
        uint64_t both[3], first[3];
        const uint8_t *aboveFrom = above != NULL ? above + 4 * (x - 1) : NULL;
        min_sum_costs_scalar(cur + 4 * (x - 1), aboveFrom, (uint32_t)(width - x + 1), channels, both);
        min_sum_costs_scalar(cur + 4 * (x - 1), aboveFrom, 1, channels, first);
        for (int f = 0; f < 3; f++) cost[f] += both[f] - first[f];
    }
}

/// filter_row's bytes, 8 pixels a step (`filter` a constant after inlining); pixel 0 and the last
/// width − 1 mod 8 pixels go through the scalar loops. Returns the AND of the row's words.
__attribute__((always_inline)) static inline uint32_t filter_row_px8_body(uint8_t *out, const uint8_t *cur, const uint8_t *above,
                                                                          uint32_t width, int channels, int filter) {
    size_t first = width < 1 ? width : 1;
    uint32_t all = filter == HF_FAST_FILTER_PAETH ? paeth_pack_scalar(out, cur, above, 0, first, channels)
                                                  : diff_pack_scalar(out, cur, filter == HF_FAST_FILTER_UP ? above : NULL, first, channels);
    px8 allv = (px8)(px8words)0xFFFFFFFFu;
    size_t x = 1;
    for (; x + 8 <= width; x += 8) {
        px8 c = load_px8(cur + 4 * x), r;
        switch (filter) {
        case HF_FAST_FILTER_SUB: r = c - load_px8(cur + 4 * x - 4); break;
        case HF_FAST_FILTER_UP: r = c - load_px8(above + 4 * x); break;
        case HF_FAST_FILTER_PAETH:
            r = c - paeth_px8(load_px8(cur + 4 * x - 4), load_px8(above + 4 * x), load_px8(above + 4 * x - 4));
            break;
        default: r = c; break;
        }
        allv &= c;
        store_px8(out + (size_t)channels * x, r, channels);
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
    return all & and_px8(allv);
}

/// One scanline's filtered bytes. UP without a row above is NONE, PAETH without one SUB (PNG takes
/// the missing row as zeros).
__attribute__((always_inline)) static inline uint32_t filter_row_px8(uint8_t *out, const uint8_t *cur, const uint8_t *above,
                                                                     uint32_t width, int channels, int filter) {
    if (above == NULL && filter == HF_FAST_FILTER_UP) filter = HF_FAST_FILTER_NONE;
    if (above == NULL && filter == HF_FAST_FILTER_PAETH) filter = HF_FAST_FILTER_SUB;
    switch (filter) {
    case HF_FAST_FILTER_SUB: return filter_row_px8_body(out, cur, above, width, channels, HF_FAST_FILTER_SUB);
    case HF_FAST_FILTER_UP: return filter_row_px8_body(out, cur, above, width, channels, HF_FAST_FILTER_UP);
    case HF_FAST_FILTER_PAETH: return filter_row_px8_body(out, cur, above, width, channels, HF_FAST_FILTER_PAETH);
    default: return filter_row_px8_body(out, cur, above, width, channels, HF_FAST_FILTER_NONE);
    }
}

/// The builds: `vector` (SSSE3 on x86-64, the default target elsewhere) and, on x86-64, AVX2.
#if HF_X86
#define HF_VECTOR_TARGET __attribute__((target("ssse3")))
#else
#define HF_VECTOR_TARGET
#endif

HF_VECTOR_TARGET static uint32_t zero_counts_vector(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels,
                                                    int paeth, uint64_t zero[4]) {
    return zero_counts_px8(cur, above, width, channels, paeth, zero);
}
HF_VECTOR_TARGET static uint32_t filter_row_vector(uint8_t *out, const uint8_t *cur, const uint8_t *above, uint32_t width,
                                                   int channels, int filter) {
    return filter_row_px8(out, cur, above, width, channels, filter);
}
HF_VECTOR_TARGET static void min_sum_costs_vector(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels,
                                                  uint64_t cost[3]) {
    min_sum_costs_px8(cur, above, width, channels, cost);
}
HF_VECTOR_TARGET static void paeth_vector(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *out, size_t n) {
    px8 va = 0, vb = 0, vc = 0;
    memcpy(&va, a, n); memcpy(&vb, b, n); memcpy(&vc, c, n);
    px8 p = paeth_px8(va, vb, vc);
    memcpy(out, &p, n);
}

#if HF_X86
__attribute__((target("avx2"))) static uint32_t zero_counts_avx2(const uint8_t *cur, const uint8_t *above, uint32_t width,
                                                                 int channels, int paeth, uint64_t zero[4]) {
    return zero_counts_px8(cur, above, width, channels, paeth, zero);
}
__attribute__((target("avx2"))) static void min_sum_costs_avx2(const uint8_t *cur, const uint8_t *above, uint32_t width,
                                                               int channels, uint64_t cost[3]) {
    min_sum_costs_px8(cur, above, width, channels, cost);
}
__attribute__((target("avx2"))) static uint32_t filter_row_avx2(uint8_t *out, const uint8_t *cur, const uint8_t *above,
                                                                uint32_t width, int channels, int filter) {
    return filter_row_px8(out, cur, above, width, channels, filter);
}
#endif

/// Which build this CPU runs: 2 AVX2, 1 the vector build, 0 the scalar loops (x86-64 without SSSE3).
static int row_kernel(void) {
#if HF_X86
    if (hf_cpu_has(HF_CPU_AVX2)) return 2;
    return hf_cpu_has(HF_CPU_SSSE3) ? 1 : 0;
#else
    return 1;
#endif
}

/// zero_counts by `kernel` (row_kernel's numbering); returns the AND of the row's words, or all
/// ones from the scalar loop, which does not take it.
static uint32_t zero_counts(int kernel, const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                            uint64_t zero[4]) {
#if HF_X86
    if (kernel == 2) return zero_counts_avx2(cur, above, width, channels, paeth, zero);
#endif
    if (kernel == 1) return zero_counts_vector(cur, above, width, channels, paeth, zero);
    zero_counts_scalar(cur, above, width, channels, paeth, zero);
    return 0xFFFFFFFFu;
}

/// The filter type MIN_SUM picks for a row: the cheapest of NONE, SUB, UP (ties: the earlier).
static int min_sum_choice(int kernel, const uint8_t *cur, const uint8_t *above, uint32_t width, int channels) {
    uint64_t cost[3];
#if HF_X86
    if (kernel == 2) min_sum_costs_avx2(cur, above, width, channels, cost);
    else
#endif
    if (kernel == 1) min_sum_costs_vector(cur, above, width, channels, cost);
    else min_sum_costs_scalar(cur, above, width, channels, cost);
    int best = 0;
    for (int f = 1; f < 3; f++) if (cost[f] < cost[best]) best = f;
    return best;
}

/// filter_row by `kernel` (row_kernel's numbering).
static uint32_t filter_row_by(int kernel, uint8_t *out, const uint8_t *cur, const uint8_t *above, uint32_t width, int channels,
                              int filter) {
#if HF_X86
    if (kernel == 2) return filter_row_avx2(out, cur, above, width, channels, filter);
#endif
    if (kernel == 1) return filter_row_vector(out, cur, above, width, channels, filter);
    return filter_row(out, cur, above, width, channels, filter);
}

/// The filter type MOST_ZEROS picks for a row (ties: the earlier of NONE, SUB, UP, PAETH). The
/// vector counts also give the AND of the row's words (*all; all ones from the scalar loop).
static int most_zeros_choice(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                             uint32_t *all) {
    uint64_t zero[4];
    *all = zero_counts(row_kernel(), cur, above, width, channels, paeth, zero);
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
    const int kernel = row_kernel();

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
        if (filter == HF_FAST_FILTER_MIN_SUM) chosen = min_sum_choice(kernel, cur, above, width, channels);
        else if (filter == HF_FAST_FILTER_MOST_ZEROS) chosen = most_zeros_choice(cur, above, width, channels, 0, &counted);
        else if (filter == HF_FAST_FILTER_MOST_ZEROS_PAETH) chosen = most_zeros_choice(cur, above, width, channels, 1, &counted);
        line[0] = (uint8_t)chosen;
        all &= counted & filter_row_by(kernel, line + 1, cur, above, width, channels, chosen);
        above = cur;
    }
    if (channels == 3 && (all >> 24) != 0xFF) return 0;
    return 1;
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_fast_zero_counts(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                        int kernel, uint64_t *zero, uint8_t *paeth_out) {
    switch (kernel) {
    case 0: zero_counts_scalar(cur, above, width, channels, paeth, zero); return 1;
    case 1:
        if (row_kernel() < 1) return 0;
        zero_counts_vector(cur, above, width, channels, paeth, zero);
        if (paeth_out != NULL) filter_row_vector(paeth_out, cur, above, width, channels, paeth ? HF_FAST_FILTER_PAETH : HF_FAST_FILTER_NONE);
        return 1;
#if HF_X86
    case 2:
        if (row_kernel() < 2) return 0;
        zero_counts_avx2(cur, above, width, channels, paeth, zero);
        if (paeth_out != NULL) filter_row_avx2(paeth_out, cur, above, width, channels, paeth ? HF_FAST_FILTER_PAETH : HF_FAST_FILTER_NONE);
        return 1;
#endif
    default: return 0;
    }
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_fast_min_sum_costs(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int kernel, uint64_t *cost) {
    switch (kernel) {
    case 0: min_sum_costs_scalar(cur, above, width, channels, cost); return 1;
    case 1:
        if (row_kernel() < 1) return 0;
        min_sum_costs_vector(cur, above, width, channels, cost); return 1;
#if HF_X86
    case 2:
        if (row_kernel() < 2) return 0;
        min_sum_costs_avx2(cur, above, width, channels, cost); return 1;
#endif
    default: return 0;
    }
}

// A test entry point (Tests/CKernelTestHooks declares it).
void hf_fast_paeth16(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *out) {
    if (row_kernel() >= 1) { paeth_vector(a, b, c, out, 16); return; }
    for (int i = 0; i < 16; i++) out[i] = paeth_predictor(a[i], b[i], c[i]);
}

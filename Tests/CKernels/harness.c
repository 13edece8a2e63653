// The pixel kernels against their definitions, in C alone, so that they can run on a machine the
// Swift tests do not reach: Tests/Scripts/check_c_kernels.sh builds this file with the kernels'
// sources for this machine and for aarch64 (run under qemu-aarch64), where the kernels' generic
// vectors compile to NEON and the x86 intrinsics are not built.
//
// Each reference below is the formula of the kernel's header comment written out one value at a
// time, sharing no code with the kernels. Every kernel is run through its public entry point (the
// build this CPU chooses) and through each build its test entry point offers (kernel 0, 1, 2; a
// build this CPU lacks is skipped), on random rows of random lengths with the extremes 0 and 255
// mixed in. The gradient spans are not here: their reference is the Swift Double formula
// (GradientKernelTests). Of the PNG kernels (CPNGFast) the row filters (filters.c), the Adler-32
// (adler32.c) and the fast deflate (deflate.c: its byte compares, and its windowed parse against
// the byte-by-byte one) are; pngfast.c, the calls into ISA-L, which has no aarch64 build here, is not.
//
// Prints a line per kernel (with the builds that ran) and a line per mismatch; exits 1 after any.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "pixelkernels.h"
#include "kernelhooks.h"
#include "pngfast.h"

// MARK: - Inputs

static uint64_t state = 0x9E3779B97F4A7C15u;

/// xorshift64*: the same numbers on every machine.
static uint32_t next(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (uint32_t)((state * 0x2545F4914F6CDD1Du) >> 32);
}

static uint32_t below(uint32_t n) { return next() % n; }

/// A byte, 0 or 255 one time in eight each.
static uint8_t byte(void) {
    uint32_t r = below(16);
    return r == 0 ? 0 : r == 1 ? 255 : (uint8_t)next();
}

static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = byte();
}

/// A premultiplied RGBA8 word (every colour channel at most alpha), often opaque or clear.
static uint32_t premultiplied(void) {
    uint32_t a = byte(), w = a << 24;
    for (int k = 0; k < 3; k++) w |= (a ? below(a + 1) : 0) << (8 * k);
    return w;
}

/// round(x / 255) for x ≤ 255²: no tie, 255 being odd.
static uint32_t div255(uint32_t x) { return (2 * x + 255) / 510; }

static int failures;

/// The test entry points' builds (bit b for kernel b) that ran since the last report.
static unsigned builds_run;

static void report(const char *what) {
    printf("%-14s checked: the public entry point", what);
    for (int b = 0; b <= 2; b++)
        if (builds_run & (1u << b)) printf(", build %d", b);
    printf("\n");
    builds_run = 0;
}

static void expect_bytes(const char *kernel, int build, const void *got, const void *want, size_t bytes, size_t n) {
    if (memcmp(got, want, bytes) == 0) return;
    const uint8_t *g = got, *w = want;
    size_t i = 0;
    while (g[i] == w[i]) i++;
    printf("MISMATCH %s build %d, n %zu: byte %zu is %u, the definition %u\n", kernel, build, n, i, g[i], w[i]);
    failures++;
}

#define ROUNDS 300
#define MAXN 300

// MARK: - Box blur

static void check_box(void) {
    static uint8_t src0[4 * (MAXN + 300)], src1[4 * (MAXN + 300)], out0[4 * MAXN], out1[4 * MAXN];
    static uint8_t want0[4 * MAXN], want1[4 * MAXN];
    for (int round = 0; round < ROUNDS; round++) {
        size_t n = below(MAXN), w = 2 * below(135) + 1;  // odd, < 271
        fill(src0, 4 * (n + w + 1));
        fill(src1, 4 * (n + w + 1));
        for (size_t x = 0; x < n; x++)
            for (int k = 0; k < 4; k++) {
                uint32_t s0 = 0, s1 = 0;
                for (size_t j = 0; j < w; j++) { s0 += src0[4 * (x + j) + k]; s1 += src1[4 * (x + j) + k]; }
                want0[4 * x + k] = (uint8_t)((2 * s0 + w) / (2 * w));
                want1[4 * x + k] = (uint8_t)((2 * s1 + w) / (2 * w));
            }
        hf_box_pass_rgba(src0, out0, n, w);
        expect_bytes("hf_box_pass_rgba", -1, out0, want0, 4 * n, n);
        hf_box_pass_rgba2(src0, src1, out0, out1, n, w);
        expect_bytes("hf_box_pass_rgba2", -1, out0, want0, 4 * n, n);
        expect_bytes("hf_box_pass_rgba2", -1, out1, want1, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memset(out0, 0xA5, sizeof out0);
            memset(out1, 0xA5, sizeof out1);
            if (!hf_box_pass_rgba2_kernel(build, src0, src1, out0, out1, n, w)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_box_pass_rgba2", build, out0, want0, 4 * n, n);
            expect_bytes("hf_box_pass_rgba2", build, out1, want1, 4 * n, n);
        }
    }
    report("box rows");

    static int32_t sums[MAXN], sums_got[MAXN], sums_want[MAXN];
    static uint8_t add[MAXN], drop[MAXN], out[MAXN], want[MAXN];
    for (int round = 0; round < ROUNDS; round++) {
        size_t n = below(MAXN), w = 2 * below(135) + 1;
        for (size_t i = 0; i < n; i++) {
            sums[i] = (int32_t)below(255 * (uint32_t)w + 1);
            add[i] = byte();
            drop[i] = byte();
            want[i] = (uint8_t)((2 * (uint32_t)sums[i] + w) / (2 * w));
            sums_want[i] = sums[i] + add[i] - drop[i];
        }
        memcpy(sums_got, sums, sizeof sums);
        hf_box_emit(sums_got, out, n, w);
        hf_box_slide(sums_got, add, drop, n);
        expect_bytes("hf_box_emit", -1, out, want, n, n);
        expect_bytes("hf_box_slide", -1, sums_got, sums_want, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memcpy(sums_got, sums, sizeof sums);
            if (!hf_box_column_kernel(build, sums_got, out, add, drop, n, w)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_box_emit", build, out, want, n, n);
            expect_bytes("hf_box_slide", build, sums_got, sums_want, 4 * n, n);
        }
    }
    report("box columns");
}

// MARK: - Resampling

static void check_upsample(void) {
    static uint8_t r0[4 * (MAXN + 8)], r1[4 * (MAXN + 8)], out[4 * MAXN], want[4 * MAXN], mask_out[MAXN], mask_want[MAXN];
    static uint16_t col[4 * (MAXN + 8)], col_want[4 * (MAXN + 8)];
    const size_t fs[3] = {1, 2, 4};
    for (int round = 0; round < ROUNDS; round++) {
        size_t f = fs[below(3)], fy = below((uint32_t)(2 * f) + 1), pad = 1;
        uint16_t w0 = (uint16_t)(2 * f - fy), w1 = (uint16_t)fy;
        long x0 = (long)below(40);
        size_t n = below(MAXN - 40);
        size_t coarse = ((size_t)x0 + n) / f + 3;  // every tap of pixels x0 … x0 + n − 1, with the pad
        fill(r0, 4 * coarse);
        fill(r1, 4 * coarse);
        for (size_t i = 0; i < 4 * coarse; i++) col_want[i] = (uint16_t)(r0[i] * w0 + r1[i] * w1);
        long den = 2 * (long)f;
        unsigned shift = f == 1 ? 2 : f == 2 ? 4 : 6;  // log₂ 4f²
        for (size_t i = 0; i < n; i++) {
            long num = 2 * (x0 + (long)i) + 1 - (long)f;
            long c = num >= 0 ? num / den : -((-num + den - 1) / den);  // ⌊num / 2f⌋
            long fx = num - c * den;
            size_t left = (size_t)(c + (long)pad);
            for (int k = 0; k < 4; k++)
                want[4 * i + k] = (uint8_t)((col_want[4 * left + k] * (den - fx) + col_want[4 * left + 4 + k] * fx + den * den / 2) >> shift);
            mask_want[i] = (uint8_t)((col_want[left] * (den - fx) + col_want[left + 1] * fx + den * den / 2) >> shift);
        }
        hf_upsample_mix(r0, r1, col, 4 * coarse, w0, w1);
        expect_bytes("hf_upsample_mix", -1, col, col_want, 2 * 4 * coarse, coarse);
        hf_upsample_row_rgba(col_want, out, x0, n, f, pad);
        expect_bytes("hf_upsample_row_rgba", -1, out, want, 4 * n, n);
        hf_upsample_row_mask(col_want, mask_out, x0, n, f, pad);
        expect_bytes("hf_upsample_row_mask", -1, mask_out, mask_want, n, n);
        for (int build = 0; build <= 2; build++) {
            memset(col, 0, sizeof col);
            if (!hf_upsample_kernel(build, r0, r1, col, 4 * coarse, w0, w1, out, x0, n, f, pad)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_upsample_mix", build, col, col_want, 2 * 4 * coarse, coarse);
            expect_bytes("hf_upsample_row_rgba", build, out, want, 4 * n, n);
        }
    }
    report("upsample");
}

static void check_downsample(void) {
    static uint8_t rowbytes[4][4 * 4 * MAXN], out[4 * MAXN], want[4 * MAXN];
    for (int round = 0; round < ROUNDS; round++) {
        size_t f = below(2) ? 4 : 2, rows = 1 + below((uint32_t)f), blocks = below(MAXN / 2);
        const uint8_t *p[4];
        for (size_t r = 0; r < rows; r++) { fill(rowbytes[r], 4 * f * blocks); p[r] = rowbytes[r]; }
        for (size_t cx = 0; cx < blocks; cx++)
            for (size_t k = 0; k < 4; k++) {
                uint32_t s = 0;
                for (size_t r = 0; r < rows; r++)
                    for (size_t dx = 0; dx < f; dx++) s += rowbytes[r][4 * (f * cx + dx) + k];
                want[4 * cx + k] = (uint8_t)((s + f * f / 2) / (f * f));
            }
        hf_downsample_rgba(p, rows, f, out, blocks);
        expect_bytes("hf_downsample_rgba", -1, out, want, 4 * blocks, blocks);
        for (int build = 0; build <= 2; build++) {
            memset(out, 0xA5, sizeof out);
            if (!hf_downsample_kernel(build, p, rows, f, out, blocks)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_downsample_rgba", build, out, want, 4 * blocks, blocks);
        }
    }
    report("downsample");
}

static void check_resample(void) {
    static uint8_t row[4 * (2 * MAXN + 2)], h1[4 * MAXN], out[4 * MAXN], want[4 * MAXN];
    static int32_t ix[MAXN];
    static uint16_t w[8 * MAXN];
    for (int round = 0; round < ROUNDS; round++) {
        size_t n = below(MAXN), width = 2 * MAXN;
        fill(row, 4 * (width + 2));
        for (size_t x = 0; x < n; x++) {
            ix[x] = (int32_t)below((uint32_t)width);
            uint16_t wx = (uint16_t)below(257);
            for (int k = 0; k < 4; k++) { w[8 * x + k] = (uint16_t)(256 - wx); w[8 * x + 4 + k] = wx; }
            for (int k = 0; k < 4; k++)
                want[4 * x + k] = (uint8_t)((row[4 * ix[x] + k] * (256u - wx) + row[4 * ix[x] + 4 + k] * wx + 128) >> 8);
        }
        hf_resample_columns(row, ix, w, out, n);
        expect_bytes("hf_resample_columns", -1, out, want, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memset(out, 0xA5, 4 * n);
            if (!hf_resample_columns_kernel(build, row, ix, w, out, n)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_resample_columns", build, out, want, 4 * n, n);
        }

        uint32_t wy = below(257);
        fill(h1, 4 * n);
        static uint8_t mixed[4 * MAXN];
        for (size_t i = 0; i < 4 * n; i++) mixed[i] = (uint8_t)((want[i] * (256 - wy) + h1[i] * wy + 128) >> 8);
        hf_resample_rows(want, h1, wy, out, 4 * n);
        expect_bytes("hf_resample_rows", -1, out, mixed, 4 * n, n);
    }
    report("resample");
}

// MARK: - The exact Gaussian's passes

/// `count` weights in 0 … 2¹⁵ − 1 whose sum (each counted `times[t]` times) is at most `budget`.
static void weights_within(int16_t *weights, const int *times, size_t count, uint32_t budget) {
    uint32_t left = budget;
    for (size_t t = 0; t < count; t++) {
        uint32_t most = left / (uint32_t)times[t];
        if (most > 32767) most = 32767;
        weights[t] = (int16_t)below(most + 1);
        left -= (uint32_t)weights[t] * (uint32_t)times[t];
    }
}

static void check_taps(void) {
    static uint8_t rowbytes[64][MAXN], out[MAXN], want[MAXN];
    static uint16_t wide_a[64][MAXN], wide_b[64][MAXN], centre[MAXN], words[MAXN], words_want[MAXN];
    int16_t weights[64];
    int times[64];

    for (int round = 0; round < ROUNDS; round++) {
        size_t taps = 1 + below(40), n = below(MAXN);
        const uint8_t *rows[64];
        for (size_t t = 0; t < taps; t++) { fill(rowbytes[t], n); rows[t] = rowbytes[t]; times[t] = 1; }
        weights_within(weights, times, taps, 1u << 16);
        for (size_t i = 0; i < n; i++) {
            uint32_t s = 1u << 15;
            for (size_t t = 0; t < taps; t++) s += (uint32_t)weights[t] * rowbytes[t][i];
            want[i] = (uint8_t)(s >> 16);
        }
        hf_taps_pass(rows, weights, taps, out, n);
        expect_bytes("hf_taps_pass", -1, out, want, n, n);
        for (int build = 0; build <= 2; build++) {
            memset(out, 0xA5, sizeof out);
            if (!hf_taps_kernel(build, rows, weights, taps, out, n)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_taps_pass", build, out, want, n, n);
        }
    }
    report("taps");

    for (int round = 0; round < ROUNDS; round++) {
        size_t terms = 1 + below(40), pairs = below((uint32_t)terms + 1), n = below(MAXN);
        const uint16_t *a[64], *b[64];
        for (size_t k = 0; k < terms; k++) {
            for (size_t i = 0; i < n; i++) { wide_a[k][i] = byte(); wide_b[k][i] = byte(); }
            a[k] = wide_a[k];
            b[k] = wide_b[k];
            times[k] = k < pairs ? 2 : 1;
        }
        weights_within(weights, times, terms, 1u << 16);
        for (size_t i = 0; i < n; i++) {
            uint32_t s = 1u << 15;
            for (size_t k = 0; k < terms; k++) {
                s += (uint32_t)weights[k] * wide_a[k][i];
                if (k < pairs) s += (uint32_t)weights[k] * wide_b[k][i];
            }
            want[i] = (uint8_t)(s >> 16);
            words_want[i] = (uint16_t)(s >> 16);
        }
        hf_taps_folded_pass(a, b, pairs, weights, terms, out, 0, n);
        expect_bytes("hf_taps_folded_pass", -1, out, want, n, n);
        hf_taps_folded_pass(a, b, pairs, weights, terms, words, 1, n);
        expect_bytes("hf_taps_folded_pass (words)", -1, words, words_want, 2 * n, n);
        for (int build = 0; build <= 2; build++) {
            memset(out, 0xA5, sizeof out);
            if (!hf_taps_folded_kernel(build, a, b, pairs, weights, terms, out, 0, n)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_taps_folded_pass", build, out, want, n, n);
            hf_taps_folded_kernel(build, a, b, pairs, weights, terms, words, 1, n);
            expect_bytes("hf_taps_folded_pass (words)", build, words, words_want, 2 * n, n);
        }
    }
    report("folded taps");

    for (int round = 0; round < ROUNDS; round++) {
        size_t pairs = 1 + below(40), n = below(MAXN);
        const uint16_t *a[64], *b[64];
        for (size_t k = 0; k < pairs; k++) {
            for (size_t i = 0; i < n; i++) { wide_a[k][i] = byte(); wide_b[k][i] = byte(); }
            a[k] = wide_a[k];
            b[k] = wide_b[k];
            times[k] = 2;
        }
        for (size_t i = 0; i < n; i++) centre[i] = byte();
        weights_within(weights, times, pairs, 1u << 16);
        uint32_t side = 0;
        for (size_t k = 0; k < pairs; k++) side += 2 * (uint32_t)weights[k];
        uint32_t middle = (1u << 16) - side;  // the centre's weight: all of them sum to 2¹⁶
        for (size_t i = 0; i < n; i++) {
            uint64_t s = (1u << 15) + (uint64_t)middle * centre[i];
            for (size_t k = 0; k < pairs; k++) s += (uint64_t)weights[k] * (wide_a[k][i] + wide_b[k][i]);
            want[i] = (uint8_t)(s >> 16);
            words_want[i] = (uint16_t)(s >> 16);
        }
        hf_taps_centred_pass(a, b, centre, pairs, weights, out, 0, n);
        expect_bytes("hf_taps_centred_pass", -1, out, want, n, n);
        hf_taps_centred_pass(a, b, centre, pairs, weights, words, 1, n);
        expect_bytes("hf_taps_centred_pass (words)", -1, words, words_want, 2 * n, n);
        for (int build = 0; build <= 2; build++) {
            memset(out, 0xA5, sizeof out);
            if (!hf_taps_centred_kernel(build, a, b, centre, pairs, weights, out, 0, n)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_taps_centred_pass", build, out, want, n, n);
            hf_taps_centred_kernel(build, a, b, centre, pairs, weights, words, 1, n);
            expect_bytes("hf_taps_centred_pass (words)", build, words, words_want, 2 * n, n);
        }
    }
    report("centred taps");

    static uint8_t narrow[MAXN];
    size_t n = MAXN;
    fill(narrow, n);
    hf_widen_bytes(narrow, words, n);
    for (size_t i = 0; i < n; i++) words_want[i] = narrow[i];
    expect_bytes("hf_widen_bytes", -1, words, words_want, 2 * n, n);
}

// MARK: - Compositing

static uint32_t channel(uint32_t w, int k) { return (w >> (8 * k)) & 255; }

static void check_compositing(void) {
    static uint32_t src[MAXN], dst[MAXN], got[MAXN], want[MAXN];
    static uint8_t coverage[MAXN], factors[256];
    for (int round = 0; round < ROUNDS; round++) {
        size_t n = below(MAXN);
        for (size_t i = 0; i < n; i++) { src[i] = premultiplied(); dst[i] = premultiplied(); }

        // Source-over: D' = S + div255(D_c·(255 − S_a)).
        for (size_t i = 0; i < n; i++) {
            uint32_t r = 0, sa = src[i] >> 24;
            for (int k = 0; k < 4; k++) r |= (channel(src[i], k) + div255(channel(dst[i], k) * (255 - sa))) << (8 * k);
            want[i] = r;
        }
        memcpy(got, dst, 4 * n);
        hf_source_over_span(got, src, n);
        expect_bytes("hf_source_over_span", -1, got, want, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memcpy(got, dst, 4 * n);
            if (!hf_source_over_kernel(build, got, src, n)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_source_over_span", build, got, want, 4 * n, n);
        }

        // The same onto a row of one background word, not read: D' = S + div255(B_c·(255 − S_a)).
        uint32_t background = premultiplied();
        for (size_t i = 0; i < n; i++) {
            uint32_t r = 0, sa = src[i] >> 24;
            for (int k = 0; k < 4; k++) r |= (channel(src[i], k) + div255(channel(background, k) * (255 - sa))) << (8 * k);
            want[i] = r;
        }
        memcpy(got, dst, 4 * n);
        hf_source_over_background_span(got, src, n, background);
        expect_bytes("hf_source_over_background_span", -1, got, want, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memcpy(got, dst, 4 * n);
            if (!hf_source_over_background_kernel(build, got, src, n, background)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_source_over_background_span", build, got, want, 4 * n, n);
        }

        // A layer's row: S' = div255(S_c·c_i), D' = S' + div255(D_c·(255 − S'_a)), c_i = k or
        // factors[coverage[i]]; coverage often whole runs of 0 or 255, as inside and outside a clip.
        uint32_t k0 = byte();
        for (int c = 0; c < 256; c++) factors[c] = (uint8_t)div255((uint32_t)c * k0);
        int runs = below(2);
        for (size_t i = 0; i < n; i++) coverage[i] = runs ? (uint8_t)((i / 8) % 3 == 0 ? 0 : (i / 8) % 3 == 1 ? 255 : byte()) : byte();
        for (int with_coverage = 0; with_coverage <= 1; with_coverage++) {
            for (size_t i = 0; i < n; i++) {
                uint32_t c = with_coverage ? factors[coverage[i]] : k0, scaled[4], r = 0;
                for (int k = 0; k < 4; k++) scaled[k] = div255(channel(src[i], k) * c);
                for (int k = 0; k < 4; k++) r |= (scaled[k] + div255(channel(dst[i], k) * (255 - scaled[3]))) << (8 * k);
                want[i] = r;
            }
            const uint8_t *cov = with_coverage ? coverage : NULL;
            memcpy(got, dst, 4 * n);
            hf_composite_span(got, src, n, k0, cov, factors);
            expect_bytes("hf_composite_span", -1, got, want, 4 * n, n);
            for (int build = 0; build <= 2; build++) {
                memcpy(got, dst, 4 * n);
                if (!hf_composite_kernel(build, got, src, n, k0, cov, factors)) continue;
                builds_run |= 1u << build;
                expect_bytes("hf_composite_span", build, got, want, 4 * n, n);
            }
        }

        // Group opacity: D' = div255(D_c·w + B_c·(255 − w)).
        uint32_t w = byte();
        for (size_t i = 0; i < n; i++) {
            uint32_t r = 0;
            for (int k = 0; k < 4; k++) r |= div255(channel(dst[i], k) * w + channel(src[i], k) * (255 - w)) << (8 * k);
            want[i] = r;
        }
        memcpy(got, dst, 4 * n);
        hf_opacity_mix_span(got, src, n, w);
        expect_bytes("hf_opacity_mix_span", -1, got, want, 4 * n, n);
        for (int build = 0; build <= 2; build++) {
            memcpy(got, dst, 4 * n);
            if (!hf_opacity_mix_kernel(build, got, src, n, w)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_opacity_mix_span", build, got, want, 4 * n, n);
        }
    }
    report("compositing");

    // Mask product: every pair of bytes.
    static uint8_t a[256 * 256], b[256 * 256], out[256 * 256], product[256 * 256];
    for (uint32_t i = 0; i < 256 * 256; i++) {
        a[i] = (uint8_t)(i >> 8);
        b[i] = (uint8_t)i;
        product[i] = (uint8_t)div255(a[i] * (uint32_t)b[i]);
    }
    hf_mask_product(out, a, b, 256 * 256);
    expect_bytes("hf_mask_product", -1, out, product, 256 * 256, 256 * 256);
    report("mask product");
}

// MARK: - PNG row filters

/// PNG's Paeth predictor by the specification's words: p = a + b − c, the nearest of a, b, c to p,
/// ties to a, then b.
static int png_paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/// Byte i of a straight RGBA row filtered by PNG filter type `type` (0 NONE, 1 SUB, 2 UP, 4 PAETH),
/// the row above given or zeros.
static uint8_t png_filtered(const uint8_t *cur, const uint8_t *above, size_t i, int type) {
    int a = i >= 4 ? cur[i - 4] : 0, b = above != NULL ? above[i] : 0, c = (above != NULL && i >= 4) ? above[i - 4] : 0;
    int prediction = type == 1 ? a : type == 2 ? b : type == 4 ? png_paeth(a, b, c) : 0;
    return (uint8_t)(cur[i] - prediction);
}

static void check_png_filters(void) {
    enum { MAXW = 2200, ROWS = 3 };
    static uint8_t pixels[ROWS * 4 * MAXW + 64], out[ROWS * (1 + 4 * MAXW) + 64], want[ROWS * (1 + 4 * MAXW)];
    static uint8_t scratch[2 * (4 * MAXW + 16) + 64], bytes[4 * MAXW + 64], table[256 * 256];
    static const int types[4] = { HF_FAST_FILTER_NONE, HF_FAST_FILTER_SUB, HF_FAST_FILTER_UP, HF_FAST_FILTER_PAETH };
    for (int round = 0; round < ROUNDS; round++) {
        // Widths around the 8-pixel steps, and now and then past 255 steps (the counters' flush).
        uint32_t width = round % 8 < 2 ? 2100 + below(100) : 1 + below(100);
        int channels = below(2) ? 3 : 4, lowContrast = below(2);
        size_t rowBytes = 4 * (size_t)width;
        for (size_t i = 0; i < ROWS * rowBytes; i++) pixels[i] = lowContrast ? (uint8_t)below(3) : byte();
        for (size_t i = 3; i < ROWS * rowBytes; i += 4) pixels[i] = 255;  // opaque: premultiplied = straight
        const uint8_t *cur = pixels + rowBytes, *above = pixels;

        // Now and then rows whose colour bytes are all 128 (|−128| as a signed byte, the largest
        // MIN_SUM term), so that 16-bit sums over the whole row would overflow if not summed in time.
        if (round % 8 == 1)
            for (size_t i = 0; i < ROWS * rowBytes; i++) pixels[i] = i % 4 == 3 ? 255 : 128;

        // The MIN_SUM costs, with and without a row above.
        for (int hasAbove = 0; hasAbove <= 1; hasAbove++) {
            const uint8_t *up = hasAbove ? above : NULL;
            uint64_t sums[3] = {0, 0, 0};
            for (size_t i = 0; i < rowBytes; i++) {
                if (channels == 3 && i % 4 == 3) continue;
                for (int f = 0; f < 3; f++) sums[f] += (uint64_t)abs((int8_t)png_filtered(cur, up, i, types[f]));
            }
            for (int build = 0; build <= 2; build++) {
                uint64_t cost[3] = {9, 9, 9};
                if (!hf_fast_min_sum_costs(cur, up, width, channels, build, cost)) continue;
                builds_run |= 1u << build;
                for (int f = 0; f < 3; f++)
                    if (cost[f] != sums[f]) {
                        printf("MISMATCH hf_fast_min_sum_costs build %d, width %u, %d channels, filter %d: %llu, the definition %llu\n",
                               build, width, channels, types[f], (unsigned long long)cost[f], (unsigned long long)sums[f]);
                        failures++;
                    }
            }
        }

        // The MOST_ZEROS counts and the PAETH bytes, with and without a row above.
        for (int hasAbove = 0; hasAbove <= 1; hasAbove++) {
            const uint8_t *up = hasAbove ? above : NULL;
            uint64_t count[4] = {0, 0, 0, 0};
            for (size_t i = 0; i < rowBytes; i++) {
                if (channels == 3 && i % 4 == 3) continue;
                for (int f = 0; f < 4; f++) count[f] += png_filtered(cur, up, i, types[f]) == 0;
            }
            for (int paeth = 0; paeth <= 1; paeth++) {
                for (int build = 0; build <= 2; build++) {
                    uint64_t zero[4] = {9, 9, 9, 9};
                    memset(bytes, 0xA5, sizeof bytes);
                    if (!hf_fast_zero_counts(cur, up, width, channels, paeth, build, zero, bytes)) continue;
                    builds_run |= 1u << build;
                    for (int f = 0; f < (paeth ? 4 : 3); f++)
                        if (zero[f] != count[f]) {
                            printf("MISMATCH hf_fast_zero_counts build %d, width %u, %d channels, filter %d: %llu, the definition %llu\n",
                                   build, width, channels, types[f], (unsigned long long)zero[f], (unsigned long long)count[f]);
                            failures++;
                        }
                    if (build == 0) continue;
                    // The build's row writer: PAETH bytes (SUB without a row above), or NONE.
                    int type = paeth ? (up != NULL ? 4 : 1) : 0;
                    for (size_t x = 0, o = 0; x < width; x++)
                        for (int k = 0; k < channels; k++) want[o++] = png_filtered(cur, up, 4 * x + (size_t)k, type);
                    expect_bytes("hf_fast_zero_counts (row)", build, bytes, want, (size_t)channels * width, width);
                }
            }
        }

        // Whole stripes: every filter type and per-row choice, the scanlines by definition.
        static const int filters[7] = { HF_FAST_FILTER_NONE, HF_FAST_FILTER_SUB, HF_FAST_FILTER_UP, HF_FAST_FILTER_PAETH,
                                        HF_FAST_FILTER_MIN_SUM, HF_FAST_FILTER_MOST_ZEROS, HF_FAST_FILTER_MOST_ZEROS_PAETH };
        int filter = filters[below(7)];
        uint32_t y0 = below(2), y1 = ROWS;
        size_t line = 1 + (size_t)channels * width, o = 0;
        for (uint32_t y = y0; y < y1; y++) {
            const uint8_t *row = pixels + y * rowBytes, *up = y > 0 ? row - rowBytes : NULL;
            int type = filter;
            if (filter >= HF_FAST_FILTER_MIN_SUM) {
                // MIN_SUM: the least Σ |byte as int8| of NONE, SUB, UP; MOST_ZEROS: the most zero
                // bytes of NONE, SUB, UP (and PAETH); ties to the earlier.
                int candidates = filter == HF_FAST_FILTER_MOST_ZEROS_PAETH ? 4 : 3;
                uint64_t score[4] = {0, 0, 0, 0};
                for (size_t i = 0; i < rowBytes; i++) {
                    if (channels == 3 && i % 4 == 3) continue;
                    for (int f = 0; f < candidates; f++) {
                        int8_t v = (int8_t)png_filtered(row, up, i, types[f]);
                        score[f] += filter == HF_FAST_FILTER_MIN_SUM ? (uint64_t)abs(v) : (uint64_t)(v == 0);
                    }
                }
                int best = 0;
                for (int f = 1; f < candidates; f++)
                    if (filter == HF_FAST_FILTER_MIN_SUM ? score[f] < score[best] : score[f] > score[best]) best = f;
                type = types[best];
            }
            want[o++] = (uint8_t)type;
            for (size_t x = 0; x < width; x++)
                for (int k = 0; k < channels; k++) want[o++] = png_filtered(row, up, 4 * x + (size_t)k, type);
        }
        memset(out, 0xA5, sizeof out);
        if (hf_fast_filter_rows(pixels, width, y0, y1, channels, filter, table, scratch, out) != 1) {
            printf("MISMATCH hf_fast_filter_rows: an opaque stripe was called not opaque\n");
            failures++;
        }
        expect_bytes("hf_fast_filter_rows", -1, out, want, (y1 - y0) * line, width);
    }
    report("png filters");

    // The Paeth predictor on every (a, b) and a spread of c.
    uint8_t a[16], b[16], c[16], got[16];
    for (int ai = 0; ai < 256; ai++)
        for (int bi = 0; bi < 256; bi++) {
            int c0 = (ai * 7 + bi * 13) % 241;
            for (int i = 0; i < 16; i++) { a[i] = (uint8_t)ai; b[i] = (uint8_t)bi; c[i] = (uint8_t)(c0 + i); }
            hf_fast_paeth16(a, b, c, got);
            for (int i = 0; i < 16; i++)
                if (got[i] != png_paeth(ai, bi, c[i])) {
                    printf("MISMATCH hf_fast_paeth16 (%d, %d, %d): %u, the definition %d\n", ai, bi, c[i], got[i], png_paeth(ai, bi, c[i]));
                    failures++;
                }
        }
    report("paeth");
}

// MARK: - The fast deflate's compares

static void check_deflate_runs(void) {
    enum { SPAN = 700 };
    static uint8_t buf[2 * SPAN];
    for (int round = 0; round < 4 * ROUNDS; round++) {
        // A reference stretch and, `distance` on, its copy with a byte changed here and there (or
        // none), so that runs end at every offset within and across the 16-byte steps.
        size_t distance = 1 + below(SPAN / 2), limit = below(300);
        fill(buf, sizeof buf);
        size_t at = distance + below(SPAN - distance);
        for (size_t j = 0; j < limit + 1 && at + j < sizeof buf; j++) buf[at + j] = buf[at + j - distance];
        for (uint32_t changes = below(3), c = 0; c < changes; c++) buf[at + below((uint32_t)limit + 1)] ^= (uint8_t)(1 + below(255));
        unsigned want = 0;
        while (want < limit && buf[at + want] == buf[at + want - distance]) want++;
        unsigned got = hf_fast_copy_length(buf + at, distance, (unsigned)limit);
        if (got != want) {
            printf("MISMATCH hf_fast_copy_length, distance %zu, limit %zu: %u, the definition %u\n", distance, limit, got, want);
            failures++;
        }

        // A run of zeros of any length, then a nonzero byte (or none before the limit).
        memset(buf, 0, sizeof buf);
        size_t zeros = below(SPAN), start = below(64);
        fill(buf + start + zeros, sizeof buf - start - zeros);
        if (below(2)) buf[start + zeros] = (uint8_t)(1 + below(255));
        size_t span = below(SPAN + 1);
        size_t run_want = 0;
        while (run_want < span && buf[start + run_want] == 0) run_want++;
        for (int build = 0; build <= 2; build++) {
            size_t run = (size_t)-1;
            if (!hf_fast_zero_run_kernel(build, buf + start, span, &run)) continue;
            builds_run |= 1u << build;
            if (run != run_want) {
                printf("MISMATCH hf_fast_zero_run build %d, limit %zu: %zu, the definition %zu\n", build, span, run, run_want);
                failures++;
            }
        }
    }
    report("deflate runs");
}

/// Filtered-scanline-like input: lines of `line` bytes, mostly zeros, some lines repeating the one
/// above shifted by -1, 0 or +1 pixel with a few bytes changed, the rest random bytes.
static void scanlines(uint8_t *p, size_t n, size_t line, size_t bpp) {
    for (size_t y = 0; y * line < n; y++) {
        uint8_t *row = p + y * line;
        size_t len = n - y * line < line ? n - y * line : line;
        uint32_t kind = below(4);
        for (size_t x = 0; x < len; x++) {
            if (kind == 0 || (kind == 1 && y == 0)) row[x] = below(4) == 0 ? byte() : 0;
            else if (kind == 1) {
                size_t shift = (size_t)below(3) * bpp;  // distances line − bpp, line, line + bpp
                row[x] = (y * line + x >= line + bpp - shift) ? row[x - (line + bpp - shift)] : 0;
            } else if (kind == 2) row[x] = byte();
            else row[x] = below(40) == 0 ? byte() : 0;
        }
        if (kind == 1)
            for (uint32_t c = below(4), i = 0; i < c; i++) row[below((uint32_t)len)] ^= (uint8_t)(1 + below(255));
    }
}

/// The windowed parse (builds 1 and 2) writes the byte-by-byte parse's bytes (build 0: its
/// definition), on stripes of every shape: lengths across the 64-byte windows, lines of 1 to 800
/// pixels of 3 or 4 bytes (and lines too long for deflate's window: runs only), last or not.
static void check_deflate_parse(void) {
    enum { MAX = 40000 };
    static uint8_t in[MAX], scratch0[1 << 20], scratch[1 << 20], want[MAX + MAX / 8 + 64], got[MAX + MAX / 8 + 64];
    for (int round = 0; round < ROUNDS; round++) {
        size_t bpp = 3 + below(2), line = 1 + bpp * (round % 7 == 6 ? 12000 : 1 + below(800));
        size_t n = below(round % 5 == 0 ? 300 : MAX);
        int last = (int)below(2);
        scanlines(in, n, line, bpp);
        long w = hf_fast_deflate_stripe_kernel(in, n, line, (int)bpp, last, scratch0, want, sizeof want, 0);
        if (w < 0) { printf("MISMATCH deflate parse build 0 failed (%ld), n %zu\n", w, n); failures++; continue; }
        for (int build = 1; build <= 2; build++) {
            long g = hf_fast_deflate_stripe_kernel(in, n, line, (int)bpp, last, scratch, got, sizeof got, build);
            if (g == -3) continue;
            builds_run |= 1u << build;
            if (g != w || memcmp(got, want, (size_t)w) != 0) {
                printf("MISMATCH deflate parse build %d, n %zu, line %zu: %ld bytes, byte by byte %ld\n", build, n, line, g, w);
                failures++;
            }
        }
        long p = hf_fast_deflate_stripe(in, n, line, (int)bpp, last, scratch, got, sizeof got);
        if (p != w || memcmp(got, want, (size_t)w) != 0) {
            printf("MISMATCH deflate parse, the public entry point, n %zu, line %zu\n", n, line);
            failures++;
        }
    }
    report("deflate parse");
}

// MARK: - Adler-32

/// zlib's definition: a = 1 + Σ bytes, b = Σ a after each byte, both mod 65521 after every byte.
static uint32_t adler32_definition(uint32_t adler, const uint8_t *p, size_t n) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    for (size_t i = 0; i < n; i++) { a = (a + p[i]) % 65521; b = (b + a) % 65521; }
    return b << 16 | a;
}

/// Every build against the definition: lengths around the 32-byte steps, the 22-step runs and the
/// 1,024-step blocks, all-0xFF input (the largest column sums), starting sums other than 1, odd
/// addresses.
static void check_adler32(void) {
    enum { MAX = 32 * 2100 + 64 };
    static uint8_t buf[MAX + 1];
    static const size_t edges[] = { 0, 1, 31, 32, 33, 32 * 22 - 1, 32 * 22, 32 * 22 + 1, 32 * 1024 - 1, 32 * 1024,
                                    32 * 1024 + 1, 32 * 2048 + 31, MAX };
    for (int round = 0; round < ROUNDS + 13; round++) {
        size_t n = round < 13 ? edges[round] : below(round % 3 == 0 ? MAX + 1 : 1200);
        if (round % 2 == 0) memset(buf, 0xFF, sizeof buf); else fill(buf, sizeof buf);
        uint32_t start = round % 4 == 1 ? 1 : (below(65521) << 16 | below(65521));
        const uint8_t *p = buf + (round & 1);
        uint32_t want = adler32_definition(start, p, n);
        for (int build = 0; build <= 2; build++) {
            uint32_t got;
            if (!hf_fast_adler32_kernel(start, p, n, build, &got)) continue;
            builds_run |= 1u << build;
            if (got != want) {
                printf("MISMATCH adler32 build %d, n %zu: %08x, the definition %08x\n", build, n, got, want);
                failures++;
            }
        }
        if (hf_fast_adler32(start, p, n) != want) {
            printf("MISMATCH adler32, the public entry point, n %zu\n", n);
            failures++;
        }
    }
    report("adler32");
}

// MARK: - Tilt

// One pixel of the tilt (tilt.c's header, Tilt.swift's loop): the centre back through H⁻¹ in this
// order of operations, then the bilinear tap with weights round((v − ⌊v⌋)·256) (halves away from
// zero, as C's round) and one rounding of the sum, channel by channel.
static uint32_t tilt_pixel(const uint32_t *src, long w, long h, const double *m, long x, long y, int *written) {
    double ax = m[9], ay = m[10];
    volatile double uy = (double)y + 0.5 - ay, ux = (double)x + 0.5 - ax;
    volatile double qy = m[7] * uy, xy = m[1] * uy, yy = m[4] * uy;
    volatile double q0 = m[6] * ux, q1 = q0 + qy, q = q1 + m[8];
    *written = q > 1e-9;
    if (!*written) return 0;
    volatile double nx0 = m[0] * ux, nx1 = nx0 + xy, nx = nx1 + m[2], sx0 = nx / q, sx1 = sx0 + ax, sx = sx1 - 0.5;
    volatile double ny0 = m[3] * ux, ny1 = ny0 + yy, ny = ny1 + m[5], sy0 = ny / q, sy1 = sy0 + ay, sy = sy1 - 0.5;
    if (!(sx > -1 && sy > -1 && sx < (double)w && sy < (double)h)) return 0;
    long ix = (long)floor(sx), iy = (long)floor(sy);
    long wx = (long)round((sx - floor(sx)) * 256), wy = (long)round((sy - floor(sy)) * 256);
    uint32_t r = 0;
    for (int k = 0; k < 4; k++) {
        long sum = 32768;
        for (int t = 0; t < 4; t++) {
            long tx = ix + (t & 1), ty = iy + (t >> 1);
            long weight = ((t & 1) ? wx : 256 - wx) * ((t >> 1) ? wy : 256 - wy);
            if (tx >= 0 && tx < w && ty >= 0 && ty < h) sum += weight * (long)channel(src[ty * w + tx], k);
        }
        r |= (uint32_t)(sum >> 16) << (8 * k);
    }
    return r;
}

static void check_tilt(void) {
    enum { W = 97, H = 41 };
    static uint32_t src[W * H], got[W], want[W];
    for (int round = 0; round < ROUNDS; round++) {
        long w = 2 + below(W - 1), h = 2 + below(H - 1);
        for (long i = 0; i < w * h; i++) src[i] = below(4) ? premultiplied() : 0;
        // H⁻¹ of a tilt: near the identity (a title's degree or two) or anything, with a perspective row.
        int steep = below(3) == 0;
        double m[11];
        for (int i = 0; i < 9; i++) m[i] = (i % 4 == 0 ? 1.0 : 0.0) + ((double)below(2001) - 1000) * (steep ? 1e-3 : 1e-5);
        m[6] *= 0.01; m[7] *= 0.01;
        m[9] = (double)below((uint32_t)w * 100) / 100; m[10] = (double)below((uint32_t)h * 100) / 100;
        long y = below((uint32_t)h), x0 = below((uint32_t)w), x1 = x0 + below((uint32_t)(w - x0 + 1));
        for (long x = 0; x < w; x++) {
            int written = 0;
            uint32_t p = x >= x0 && x < x1 ? tilt_pixel(src, w, h, m, x, y, &written) : 0;
            want[x] = written ? p : 0xDEADBEEFu;
        }
        for (long x = 0; x < w; x++) got[x] = 0xDEADBEEFu;
        hf_tilt_row(src, w, h, got, m, (double)y, x0, x1);
        expect_bytes("hf_tilt_row", -1, got, want, 4 * (size_t)w, (size_t)w);
        for (int build = 0; build <= 2; build++) {
            for (long x = 0; x < w; x++) got[x] = 0xDEADBEEFu;
            if (!hf_tilt_row_kernel(build, src, w, h, got, m, (double)y, x0, x1)) continue;
            builds_run |= 1u << build;
            expect_bytes("hf_tilt_row", build, got, want, 4 * (size_t)w, (size_t)w);
        }
    }
    report("tilt");
}

int main(void) {
    check_box();
    check_upsample();
    check_downsample();
    check_resample();
    check_taps();
    check_compositing();
    check_tilt();
    check_deflate_runs();
    check_deflate_parse();
    check_adler32();
    check_png_filters();
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("all kernels equal their definitions\n");
    return 0;
}

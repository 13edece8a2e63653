// Source-over of a span of premultiplied colours at full coverage, 8 pixels a step; the AVX2
// build (one register) chosen at run time over the default target's (two SSE2 registers).
//
// Why C: SpanBlend.colors at coverage 255 is the whole cost of blending a translucent gradient
// (the gradients clip's three cards), and Swift at the default x86-64 target stops at SSE2:
// measured on this machine's AMD EPYC, 1074-pixel spans, 0.34 ns/px at the default target and
// 0.15 with AVX2.
//
// The integers of BlendLanes.swift, lane for lane: a canvas word's r·b and g·a halves as 16-bit
// lanes, D' = S + div255(D_c · (255 − S_a)) with div255(x) = ((x + 128) + ((x + 128) >> 8)) >> 8
// (exact for x ≤ 255², no lane overflow). No special cases: S_a = 255 scales D by 0, S = 0 keeps
// D, as the Swift loop's shortcuts do. Same bytes; BlendLanesTests runs both builds against
// Reference.span.

#include "pixelkernels.h"
#include "cpufeatures.h"

// Vectors are passed only to a static always-inline helper, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint32_t hf_u32x8 __attribute__((ext_vector_type(8)));
typedef uint16_t hf_u16x16 __attribute__((ext_vector_type(16)));

__attribute__((always_inline)) static inline hf_u16x16 div255_lanes(hf_u16x16 x) {
    hf_u16x16 t = x + 128;
    return (t + (t >> 8)) >> 8;
}

__attribute__((always_inline)) static inline void over_span(uint32_t *restrict dst, const uint32_t *restrict src, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        hf_u32x8 s, d;
        __builtin_memcpy(&s, src + i, sizeof s);
        __builtin_memcpy(&d, dst + i, sizeof d);
        hf_u32x8 k = 255 - (s >> 24);
        hf_u16x16 kk = (hf_u16x16)(k | (k << 16));
        hf_u16x16 rb = div255_lanes((hf_u16x16)(d & 0x00FF00FFu) * kk);
        hf_u16x16 ga = div255_lanes((hf_u16x16)((d >> 8) & 0x00FF00FFu) * kk);
        hf_u32x8 r = s + ((hf_u32x8)rb | ((hf_u32x8)ga << 8));
        __builtin_memcpy(dst + i, &r, sizeof r);
    }
    for (; i < n; i++) {   // the same in two 16-bit lanes of a word (Blend.swift's sourceOver)
        uint32_t s = src[i], d = dst[i], k = 255 - (s >> 24);
        uint32_t rb = (d & 0x00FF00FFu) * k + 0x00800080u, ga = ((d >> 8) & 0x00FF00FFu) * k + 0x00800080u;
        rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        dst[i] = s + (rb | (ga << 8));
    }
}

static void over_default(uint32_t *dst, const uint32_t *src, size_t n) { over_span(dst, src, n); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void over_avx2(uint32_t *dst, const uint32_t *src, size_t n) { over_span(dst, src, n); }
#endif

void hf_source_over_span(uint32_t *dst, const uint32_t *src, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { over_avx2(dst, src, n); return; }
#endif
    over_default(dst, src, n);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_source_over_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n) {
    switch (kernel) {
    case 0: over_default(dst, src, n); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        over_avx2(dst, src, n); return 1;
#endif
    default: return 0;
    }
}

// The same source-over onto a row that holds one colour (the canvas's background) before it:
// D' = S + div255(B_c · (255 − S_a)) for the background word B, read from a register instead of
// the row. The composite that a fill of B and then hf_source_over_span make, in one pass over the
// destination: the row is written without being read (Layer.swift's compositeOverBackground).

__attribute__((always_inline)) static inline void over_background_span(uint32_t *restrict dst, const uint32_t *restrict src,
                                                                      size_t n, uint32_t background) {
    size_t i = 0;
    hf_u32x8 d = background;
    for (; i + 8 <= n; i += 8) {
        hf_u32x8 s;
        __builtin_memcpy(&s, src + i, sizeof s);
        hf_u32x8 k = 255 - (s >> 24);
        hf_u16x16 kk = (hf_u16x16)(k | (k << 16));
        hf_u16x16 rb = div255_lanes((hf_u16x16)(d & 0x00FF00FFu) * kk);
        hf_u16x16 ga = div255_lanes((hf_u16x16)((d >> 8) & 0x00FF00FFu) * kk);
        hf_u32x8 r = s + ((hf_u32x8)rb | ((hf_u32x8)ga << 8));
        __builtin_memcpy(dst + i, &r, sizeof r);
    }
    for (; i < n; i++) {
        uint32_t s = src[i], k = 255 - (s >> 24);
        uint32_t rb = (background & 0x00FF00FFu) * k + 0x00800080u, ga = ((background >> 8) & 0x00FF00FFu) * k + 0x00800080u;
        rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        dst[i] = s + (rb | (ga << 8));
    }
}

static void over_background_default(uint32_t *dst, const uint32_t *src, size_t n, uint32_t b) { over_background_span(dst, src, n, b); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void over_background_avx2(uint32_t *dst, const uint32_t *src, size_t n, uint32_t b) {
    over_background_span(dst, src, n, b);
}
#endif

void hf_source_over_background_span(uint32_t *dst, const uint32_t *src, size_t n, uint32_t background) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { over_background_avx2(dst, src, n, background); return; }
#endif
    over_background_default(dst, src, n, background);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_source_over_background_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n, uint32_t background) {
    switch (kernel) {
    case 0: over_background_default(dst, src, n, background); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        over_background_avx2(dst, src, n, background); return 1;
#endif
    default: return 0;
    }
}

// A layer's row composited with a factor per pixel (Layer.swift's compositeRow):
//   c_i = k (one opacity for the row) or factors[coverage[i]] (a clip's coverage times the
//   opacity, div255'd by the caller's table);  S' = div255(S_c · c_i);  D' = S' + div255(D_c · (255 − S'_a)).
// The same integers as scaleQuad and sourceOverQuad, lane for lane; c = 0 or S = 0 keeps D, as
// the Swift loop's shortcuts do. Same bytes; ReferenceKernelTests and BlendLanesTests hold it.

__attribute__((always_inline)) static inline hf_u32x8 scale8(hf_u32x8 p, hf_u32x8 k) {
    hf_u16x16 kk = (hf_u16x16)(k | (k << 16));
    hf_u16x16 rb = div255_lanes((hf_u16x16)(p & 0x00FF00FFu) * kk);
    hf_u16x16 ga = div255_lanes((hf_u16x16)((p >> 8) & 0x00FF00FFu) * kk);
    return (hf_u32x8)rb | ((hf_u32x8)ga << 8);
}

__attribute__((always_inline)) static inline uint32_t scale1(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u, ga = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return rb | (ga << 8);
}

__attribute__((always_inline)) static inline void composite_span(uint32_t *restrict dst, const uint32_t *restrict src, size_t n,
                                                                 uint32_t k, const uint8_t *coverage, const uint8_t *factors) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        hf_u32x8 s, d, c;
        if (coverage) {
            // Inside a clip (all 255) one factor for the eight; outside it (all 0) D stays.
            uint64_t cv;
            __builtin_memcpy(&cv, coverage + i, sizeof cv);
            if (cv == 0) continue;
            if (cv == ~(uint64_t)0) {
                c = (hf_u32x8){0} + (uint32_t)factors[255];
            } else {
                for (int j = 0; j < 8; j++) c[j] = factors[coverage[i + j]];
            }
        } else {
            c = k;
        }
        __builtin_memcpy(&s, src + i, sizeof s);
        __builtin_memcpy(&d, dst + i, sizeof d);
        hf_u32x8 sc = scale8(s, c);
        hf_u32x8 r = sc + scale8(d, 255 - (sc >> 24));
        __builtin_memcpy(dst + i, &r, sizeof r);
    }
    for (; i < n; i++) {
        uint32_t c = coverage ? factors[coverage[i]] : k;
        uint32_t sc = scale1(src[i], c);
        dst[i] = sc + scale1(dst[i], 255 - (sc >> 24));
    }
}

static void composite_default(uint32_t *dst, const uint32_t *src, size_t n, uint32_t k, const uint8_t *coverage, const uint8_t *factors) {
    composite_span(dst, src, n, k, coverage, factors);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void composite_avx2(uint32_t *dst, const uint32_t *src, size_t n, uint32_t k,
                                                           const uint8_t *coverage, const uint8_t *factors) {
    composite_span(dst, src, n, k, coverage, factors);
}
#endif

void hf_composite_span(uint32_t *dst, const uint32_t *src, size_t n, uint32_t k, const uint8_t *coverage, const uint8_t *factors) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { composite_avx2(dst, src, n, k, coverage, factors); return; }
#endif
    composite_default(dst, src, n, k, coverage, factors);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_composite_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n, uint32_t k,
                        const uint8_t *coverage, const uint8_t *factors) {
    switch (kernel) {
    case 0: composite_default(dst, src, n, k, coverage, factors); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        composite_avx2(dst, src, n, k, coverage, factors); return 1;
#endif
    default: return 0;
    }
}

// Group opacity's mix with the saved backdrop (GroupOpacity.swift's blend):
//   D' = div255(D_c · w + B_c · (255 − w)) per channel, w = round(opacity · 255)
// in 16-bit lanes (the sum is at most 255², no lane overflows). Equal pixels stay as they are
// (div255(D · 255) = D), as the Swift loop's skip of them does. Same bytes; FastPathTests'
// groupOpacityBlendMatchesTheReference holds it to Reference.mixBack.

__attribute__((always_inline)) static inline void opacity_mix_span(uint32_t *restrict dst, const uint32_t *restrict backdrop,
                                                                   size_t n, uint32_t w) {
    uint32_t iw = 255 - w;
    hf_u16x16 ww = (hf_u16x16)(hf_u32x8)(w | (w << 16)), iww = (hf_u16x16)(hf_u32x8)(iw | (iw << 16));
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        hf_u32x8 d, b;
        __builtin_memcpy(&d, dst + i, sizeof d);
        __builtin_memcpy(&b, backdrop + i, sizeof b);
        hf_u16x16 rb = div255_lanes((hf_u16x16)(d & 0x00FF00FFu) * ww + (hf_u16x16)(b & 0x00FF00FFu) * iww);
        hf_u16x16 ga = div255_lanes((hf_u16x16)((d >> 8) & 0x00FF00FFu) * ww + (hf_u16x16)((b >> 8) & 0x00FF00FFu) * iww);
        hf_u32x8 r = (hf_u32x8)rb | ((hf_u32x8)ga << 8);
        __builtin_memcpy(dst + i, &r, sizeof r);
    }
    for (; i < n; i++) {
        uint32_t d = dst[i], b = backdrop[i];
        uint32_t rb = (d & 0x00FF00FFu) * w + (b & 0x00FF00FFu) * iw + 0x00800080u;
        uint32_t ga = ((d >> 8) & 0x00FF00FFu) * w + ((b >> 8) & 0x00FF00FFu) * iw + 0x00800080u;
        rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        dst[i] = rb | (ga << 8);
    }
}

static void opacity_mix_default(uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w) { opacity_mix_span(dst, backdrop, n, w); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void opacity_mix_avx2(uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w) {
    opacity_mix_span(dst, backdrop, n, w);
}
#endif

void hf_opacity_mix_span(uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { opacity_mix_avx2(dst, backdrop, n, w); return; }
#endif
    opacity_mix_default(dst, backdrop, n, w);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_opacity_mix_kernel(int kernel, uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w) {
    switch (kernel) {
    case 0: opacity_mix_default(dst, backdrop, n, w); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        opacity_mix_avx2(dst, backdrop, n, w); return 1;
#endif
    default: return 0;
    }
}

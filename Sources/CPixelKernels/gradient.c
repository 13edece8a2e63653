// Radial and angular gradient spans in float lanes, certified against the Double formula.
//
// Why C: the spans want float lanes with selects, a division, a square root and lane-wise
// conversions; clang's vector extensions give exactly that at the default x86-64 target (SSE2)
// and, from the same source, at AVX2 with FMA, chosen at run time.
//
// What is computed (Gradient.swift, PaintSampler.shade, states the Double formula these equal):
// lane i of a span has the paint-local offset from the centre
//   (x, y) = (px0 + i·dx, py0 + i·dy)
// in float (error at most e per component, the caller's bound for the row), and the table index is
//   v = clamp(…, ½, 1023½),  index = ⌊v⌋
//   radial   v = (√(x² + y²) − r₀)·k + ½,           k = 1023 / (r₁ − r₀)
//   angular  g = (atan2 in turns, clockwise) − s   reduced to [0, 1], s = start / 2π reduced;
//            v = g·m + q on the ramp (g ≤ spanT), else 1023½ before gMid and ½ after it
//            (a partial turn's gap: end colour, then start colour).
// A lane is certified when v is farther than its slack from every step of ⌊·⌋ (and, for the
// angle, g from the seam at 0/1 and from gMid): within the slack the float v and the Double v
// pick the same index. The slack is `slack` index units (rounding of the float arithmetic and of
// the arctangent polynomial; GradientKernelTests checks that a quarter of it still certifies no
// wrong lane), plus, for the angle, the position error seen from the centre: an offset error |Δp|
// turns the direction by at most (π/2)·|Δp|/r, which the caller folds into K:
//   certified  ⇔  (dist − slack)² · r² > K²  and dist > slack.
// Uncertified lanes (near a step, near the centre, NaN at the centre itself) get some table entry
// here and are listed in `fallback` for the caller to shade with the Double formula. So the bytes
// are the Double formula's whatever float rounding a machine does.
//
// The arctangent: z = min(|x|, |y|) / max(|x|, |y|) ∈ [0, 1] and atan(z)/2π ≈ z·P(z²) with P of
// degree 7 (a weighted least-squares fit of degree 15 in z): 6e-9 turns from atan in exact arithmetic,
// 3.2e-8 turns (3.3e-5 index steps for a full turn) evaluated in float by Estrin's scheme (Horner:
// 2.6e-8, but its 7 dependent steps cost 12 % more time here). Then the octant:
// swap → ¼ − a, x < 0 → ½ − a, y < 0 → −a (clockwise on a y-down screen is atan2's sign).

#include "pixelkernels.h"
#include "cpufeatures.h"

// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"
// Multiply-adds may fuse where the target has FMA (the AVX2 kernel): a fused result is at least as
// close, the slack covers either, and the certified lanes' bytes do not depend on it.
#pragma clang fp contract(fast)

// 16 lanes: two AVX2 registers (four SSE2 ones) per value, so two independent chains per loop
// step hide the division's and the polynomial's latency (measured on this machine's AMD EPYC, a
// 1074 × 450 angular span: 8 lanes 2.06 ns/px, 16 lanes 1.86, 16 lanes with FMA 1.64, with
// Estrin's polynomial 1.32; the default target 3.63 → 2.51 → 2.12). The table loads stay scalar:
// AVX2's gather measured slower here (1.59 against 1.51 ns/px).
#define LANES 16
typedef float hf_fv __attribute__((ext_vector_type(LANES)));
typedef int32_t hf_iv __attribute__((ext_vector_type(LANES)));

#define SEL(mask, a, b) ((hf_fv)(((hf_iv)(a) & (mask)) | ((hf_iv)(b) & ~(mask))))
#define VMIN(a, b) SEL((a) < (b), (a), (b))
#define VABS(a) ((hf_fv)((hf_iv)(a) & 0x7fffffff))

static const hf_fv lane_offsets = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/// ⌊v⌋ of v clamped to [½, 1023½], and whether v is farther than `slack` from every step of it
/// (false for NaN). `dist` enters as any extra distance limit (index units).
__attribute__((always_inline)) static inline hf_iv table_index(hf_fv v, hf_fv *dist) {
    v = SEL(v > 0.5f, v, (hf_fv)0.5f);          // NaN → ½ (the lane is not certified, see callers)
    v = SEL(v < 1023.5f, v, (hf_fv)1023.5f);
    hf_iv idx = __builtin_convertvector(v, hf_iv);   // v > 0: truncation is ⌊v⌋
    hf_fv fr = v - __builtin_convertvector(idx, hf_fv); // exact: v and ⌊v⌋ share a binade (v ≥ 1) or ⌊v⌋ = 0
    *dist = VMIN(*dist, VMIN(fr, 1.0f - fr));
    return idx;
}

/// Writes lanes [0, lanes) of one vector, lut entries for every lane, and appends the positions
/// of uncertified lanes to `fallback` (rare: checked once per vector).
__attribute__((always_inline)) static inline size_t store_lanes(uint32_t *restrict out, const uint32_t *restrict lut,
                                                                 hf_iv idx, hf_iv ok, size_t base, size_t lanes,
                                                                 uint32_t *restrict fallback, size_t nf) {
    int32_t ix[LANES];
    __builtin_memcpy(ix, &idx, sizeof ix);
    if (lanes == LANES) {
        for (size_t l = 0; l < LANES; l++) out[base + l] = lut[ix[l]];
    } else {
        for (size_t l = 0; l < lanes; l++) out[base + l] = lut[ix[l]];
    }
    if (__builtin_reduce_and(ok) != -1) {
        int32_t okv[LANES];
        __builtin_memcpy(okv, &ok, sizeof okv);
        for (size_t l = 0; l < lanes; l++)
            if (!okv[l]) fallback[nf++] = (uint32_t)(base + l);
    }
    return nf;
}

// The parameters are copied to locals: `out` is a uint32_t pointer, which may alias the struct's
// int field, and the compiler would otherwise reload fields after every store.
__attribute__((always_inline)) static inline size_t radial_span(uint32_t *restrict out, const uint32_t *restrict lut, size_t n,
                                                                 const hf_gradient_span *s, uint32_t *restrict fallback) {
    const hf_gradient_span p = *s;
    size_t nf = 0;
    for (size_t base = 0; base < n; base += LANES) {
        hf_fv fi = lane_offsets + (float)base;
        hf_fv x = p.px0 + fi * p.dx, y = p.py0 + fi * p.dy;
        hf_fv d = __builtin_elementwise_sqrt(x * x + y * y);
        hf_fv v = (d - p.r0) * p.k + 0.5f;
        hf_fv dist = (hf_fv)1.0f;
        hf_iv idx = table_index(v, &dist);
        hf_iv ok = (dist > p.slack) & (v == v);
        size_t lanes = n - base < LANES ? n - base : LANES;
        nf = store_lanes(out, lut, idx, ok, base, lanes, fallback, nf);
    }
    return nf;
}

/// `partial` is a constant at each call (two loops): a full turn needs no ramp end and no gap.
__attribute__((always_inline)) static inline size_t angular_span(uint32_t *restrict out, const uint32_t *restrict lut, size_t n,
                                                                  const hf_gradient_span *s, uint32_t *restrict fallback,
                                                                  const int partial) {
    const float c0 = 1.591548324e-01f, c1 = -5.304612219e-02f, c2 = 3.174594417e-02f, c3 = -2.213627100e-02f,
                c4 = 1.534603629e-02f, c5 = -8.898729458e-03f, c6 = 3.479603678e-03f, c7 = -6.453063688e-04f;
    const hf_gradient_span p = *s;
    size_t nf = 0;
    for (size_t base = 0; base < n; base += LANES) {
        hf_fv fi = lane_offsets + (float)base;
        hf_fv x = p.px0 + fi * p.dx, y = p.py0 + fi * p.dy;
        hf_fv ax = VABS(x), ay = VABS(y);
        hf_iv swap = ay > ax;
        hf_fv z = SEL(swap, ax, ay) / SEL(swap, ay, ax);   // 0/0 = NaN at the centre
        hf_fv zz = z * z;
        hf_fv z4 = zz * zz;                                 // Estrin: 3 levels, not Horner's 7
        hf_fv e01 = c1 * zz + c0, e23 = c3 * zz + c2, e45 = c5 * zz + c4, e67 = c7 * zz + c6;
        hf_fv a = (e23 * z4 + e01) + (e67 * z4 + e45) * (z4 * z4);
        a = a * z;
        a = SEL(swap, 0.25f - a, a);
        a = SEL(x < 0.0f, 0.5f - a, a);
        a = SEL(y < 0.0f, -a, a);                           // turns in [−½, ½]
        hf_fv g = a - p.start;                              // start ∈ [0, 1]: g ∈ [−1½, ½]
        g = SEL(g < 0.0f, g + 1.0f, g);
        g = SEL(g < 0.0f, g + 1.0f, g);                     // [0, 1]
        hf_fv v = g * p.m + p.q;
        hf_fv dist = VMIN(g, 1.0f - g) * p.m;               // the seam
        if (partial) {
            hf_fv gap = SEL(g < p.gMid, (hf_fv)1023.5f, (hf_fv)0.5f);
            v = SEL(g <= p.spanT, v, gap);
            dist = VMIN(dist, VABS(g - p.gMid) * p.m);
        }
        hf_iv idx = table_index(v, &dist);
        hf_fv r2 = x * x + y * y, margin = dist - p.slack;
        hf_iv ok = (margin > 0.0f) & (margin * margin * r2 > p.k2) & (g == g);
        size_t lanes = n - base < LANES ? n - base : LANES;
        nf = store_lanes(out, lut, idx, ok, base, lanes, fallback, nf);
    }
    return nf;
}

static size_t radial_default(uint32_t *out, const uint32_t *lut, size_t n, const hf_gradient_span *s, uint32_t *f) {
    return radial_span(out, lut, n, s, f);
}
static size_t angular_default(uint32_t *out, const uint32_t *lut, size_t n, const hf_gradient_span *s, uint32_t *f) {
    return s->partial ? angular_span(out, lut, n, s, f, 1) : angular_span(out, lut, n, s, f, 0);
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) static size_t radial_avx2(uint32_t *out, const uint32_t *lut, size_t n,
                                                          const hf_gradient_span *s, uint32_t *f) {
    return radial_span(out, lut, n, s, f);
}
__attribute__((target("avx2,fma"))) static size_t angular_avx2(uint32_t *out, const uint32_t *lut, size_t n,
                                                           const hf_gradient_span *s, uint32_t *f) {
    return s->partial ? angular_span(out, lut, n, s, f, 1) : angular_span(out, lut, n, s, f, 0);
}
#endif

size_t hf_gradient_shade_span(int angular, uint32_t *out, const uint32_t *lut, size_t n, const hf_gradient_span *s,
                              uint32_t *fallback) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2 | HF_CPU_FMA))
        return angular ? angular_avx2(out, lut, n, s, fallback) : radial_avx2(out, lut, n, s, fallback);
#endif
    return angular ? angular_default(out, lut, n, s, fallback) : radial_default(out, lut, n, s, fallback);
}

// A test entry point (Tests/CKernelTestHooks declares it).
size_t hf_gradient_span_kernel(int kernel, int angular, uint32_t *out, const uint32_t *lut, size_t n,
                               const hf_gradient_span *s, uint32_t *fallback) {
    switch (kernel) {
    case 0: return angular ? angular_default(out, lut, n, s, fallback) : radial_default(out, lut, n, s, fallback);
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2 | HF_CPU_FMA)) return (size_t)-1;
        return angular ? angular_avx2(out, lut, n, s, fallback) : radial_avx2(out, lut, n, s, fallback);
#endif
    default: return (size_t)-1;
    }
}

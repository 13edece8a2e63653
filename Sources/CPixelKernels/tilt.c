// One row of a 3D tilt (Tilt.swift): every output pixel centre taken back through H⁻¹ and sampled
// bilinearly, four pixels' homogeneous divisions at a time; the AVX2 build (vdivpd on four lanes,
// roundsd for the floors) chosen at run time over the default target's.
//
// Why C: the tilt is the largest single cost of a titles page's frames (the holographic title
// tilts with the device on every frame), and Swift at the default x86-64 target stops at SSE2, so
// its floors were libm calls and its divisions two lanes wide.
//
// The doubles of Tilt.swift's loop, operation for operation and in its order, with no contraction
// into fused multiply-adds (the pragma), so every sample position is the same number; the tap and
// weights of Bilinear.swift (weights rounded half away from zero, exactly); the channel sums of
// `bilinearWord`. TiltKernelTests holds both builds to the Swift loop byte for byte.

#include "pixelkernels.h"
#include "cpufeatures.h"
#include <math.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"

typedef double hf_f64x4 __attribute__((ext_vector_type(4)));

__attribute__((always_inline)) static inline uint32_t tilt_sample(const uint32_t *src, long w, long h, double x, double y) {
    if (!(x > -1 && y > -1 && x < (double)w && y < (double)h)) return 0;
    double fx = floor(x), fy = floor(y);
    long ix = (long)fx, iy = (long)fy;
    int inX0 = ix >= 0, inX1 = ix + 1 < w, inY0 = iy >= 0, inY1 = iy + 1 < h;
    long i00 = iy * w + ix;
    // The four taps inside the layer (0 outside it, where their weights are 0). All four 0 (most
    // of a title's box: between and around the glyphs): every sum is its rounding constant alone,
    // so the sample is 0, with no weights computed.
    uint64_t p00 = (inX0 && inY0) ? src[i00] : 0, p10 = (inX1 && inY0) ? src[i00 + 1] : 0;
    uint64_t p01 = (inX0 && inY1) ? src[i00 + w] : 0, p11 = (inX1 && inY1) ? src[i00 + w + 1] : 0;
    if ((p00 | p10 | p01 | p11) == 0) return 0;
    double vx = (x - fx) * 256, vy = (y - fy) * 256;
    long tx = (long)vx, ty = (long)vy;
    uint64_t wx = (uint64_t)(vx - (double)tx >= 0.5 ? tx + 1 : tx);
    uint64_t wy = (uint64_t)(vy - (double)ty >= 0.5 ? ty + 1 : ty);
    uint64_t w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy;
    uint64_t even = (1ull << 15) | (1ull << 47), odd = even;
#define HF_TILT_ADD(k, p) do { uint64_t v_ = (p); \
        even += (k) * ((v_ & 0xFF) | ((v_ & 0xFF0000) << 16)); \
        odd += (k) * (((v_ >> 8) & 0xFF) | ((v_ & 0xFF000000ull) << 8)); } while (0)
    HF_TILT_ADD(w00, p00);
    HF_TILT_ADD(w10, p10);
    HF_TILT_ADD(w01, p01);
    HF_TILT_ADD(w11, p11);
#undef HF_TILT_ADD
    uint64_t c0 = (even >> 16) & 0xFF, c2 = (even >> 48) & 0xFF;
    uint64_t c1 = (odd >> 16) & 0xFF, c3 = (odd >> 48) & 0xFF;
    return (uint32_t)(c0 | c1 << 8 | c2 << 16 | c3 << 24);
}

__attribute__((always_inline)) static inline void tilt_row(const uint32_t *src, long w, long h, uint32_t *dst,
                                                           const double *m, double y, long x0, long x1) {
    const double ax = m[9], ay = m[10];
    const double uy = y + 0.5 - ay;
    const double qy = m[7] * uy, xy = m[1] * uy, yy = m[4] * uy;
    long x = x0;
    for (; x + 4 <= x1; x += 4) {
        hf_f64x4 xs = { (double)x, (double)(x + 1), (double)(x + 2), (double)(x + 3) };
        hf_f64x4 ux = xs + 0.5 - ax;
        hf_f64x4 q = m[6] * ux + qy + m[8];
        hf_f64x4 sx = (m[0] * ux + xy + m[2]) / q + ax - 0.5;
        hf_f64x4 sy = (m[3] * ux + yy + m[5]) / q + ay - 0.5;
        for (int k = 0; k < 4; k++) {
            if (q[k] > 1e-9) dst[x + k] = tilt_sample(src, w, h, sx[k], sy[k]);
        }
    }
    for (; x < x1; x++) {
        double ux = (double)x + 0.5 - ax;
        double q = m[6] * ux + qy + m[8];
        if (!(q > 1e-9)) continue;
        double sx = (m[0] * ux + xy + m[2]) / q + ax - 0.5;
        double sy = (m[3] * ux + yy + m[5]) / q + ay - 0.5;
        dst[x] = tilt_sample(src, w, h, sx, sy);
    }
}

static void tilt_row_default(const uint32_t *src, long w, long h, uint32_t *dst, const double *m, double y, long x0, long x1) {
    tilt_row(src, w, h, dst, m, y, x0, x1);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void tilt_row_avx2(const uint32_t *src, long w, long h, uint32_t *dst,
                                                          const double *m, double y, long x0, long x1) {
    tilt_row(src, w, h, dst, m, y, x0, x1);
}
#endif

void hf_tilt_row(const uint32_t *src, long w, long h, uint32_t *dst, const double *m, double y, long x0, long x1) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { tilt_row_avx2(src, w, h, dst, m, y, x0, x1); return; }
#endif
    tilt_row_default(src, w, h, dst, m, y, x0, x1);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_tilt_row_kernel(int kernel, const uint32_t *src, long w, long h, uint32_t *dst, const double *m, double y, long x0, long x1) {
    switch (kernel) {
    case 0: tilt_row_default(src, w, h, dst, m, y, x0, x1); return 1;
#if defined(__x86_64__)
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        tilt_row_avx2(src, w, h, dst, m, y, x0, x1); return 1;
#endif
    default: return 0;
    }
}

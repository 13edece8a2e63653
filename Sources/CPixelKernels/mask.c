// Clip intersection's pixel-wise product of two coverage rows (MaskIntersection.swift):
//   out[i] = div255(a[i] · b[i]),  div255(x) = ((x + 128) + ((x + 128) >> 8)) >> 8  (PixelMath's, exact)
// A plain loop in 16-bit arithmetic that the compiler vectorizes (16 bytes a step at the default
// target, 32 with AVX2, chosen at run time). Why C: hero's detail view is clipped to its rounded
// rect and every clipped group inside it intersects its clip with that screen-sized mask; the
// Swift byte loop was 9 % of hero's morph frames (perf). Same bytes: CompositeTests holds it to
// a·b/255 rounded for all 256 × 256 pairs.

#include "pixelkernels.h"
#include "cpufeatures.h"

__attribute__((always_inline)) static inline void product(uint8_t *restrict out, const uint8_t *restrict a,
                                                          const uint8_t *restrict b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint16_t t = (uint16_t)((uint16_t)a[i] * (uint16_t)b[i] + 128);
        out[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

static void product_default(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) { product(out, a, b, n); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void product_avx2(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) {
    product(out, a, b, n);
}
#endif

void hf_mask_product(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n) {
#if defined(__x86_64__)
    if (hf_cpu_has(HF_CPU_AVX2)) { product_avx2(out, a, b, n); return; }
#endif
    product_default(out, a, b, n);
}

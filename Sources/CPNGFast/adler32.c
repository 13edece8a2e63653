// The fast PNG profile's Adler-32 (the zlib wrapper's checksum of the scanlines). See
// include/pngfast.h for the contract. Nothing here calls ISA-L, so the C harness builds this file
// for aarch64 too (Tests/Scripts/check_c_kernels.sh).

#include "pngfast.h"

#include <string.h>

#include "cpufeatures.h"

#if defined(__x86_64__)
#define HF_X86 1
#else
#define HF_X86 0
#endif

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

typedef uint8_t u8x32 __attribute__((ext_vector_type(32)));
typedef uint16_t u16x32 __attribute__((ext_vector_type(32)));
typedef uint32_t u32x32 __attribute__((ext_vector_type(32)));

enum {
    BLOCK_STEPS = 1024,  // 32-byte steps between reductions mod 65521: every 32-bit lane stays below 2^28
    SHORT_STEPS = 22,    // steps summed in 16-bit lanes: 255 × (0 + 1 + … + 21) = 58,905 < 2^16
};

/// Adler-32 in generic vectors, 32 bytes a step. Over a block of n steps from sums (a, b), with step
/// k's bytes d_k[0…31], column sums C[i] = Σ_k d_k[i] and P[i] = Σ_k Σ_{j<k} d_j[i] (the columns
/// before each step, summed):
///   a' = a + Σ_i C[i],   b' = b + 32·n·a + 32·Σ_i P[i] + Σ_i (32 − i)·C[i]
/// (byte i of step k is added into b once for each of the 32·(n − k) − i positions from it on).
/// The columns are summed 22 steps at a time in 16-bit lanes (two adds a step), then widened into
/// 32-bit ones: a run of m steps after columns C adds m·C + its own P to P.
__attribute__((always_inline)) static inline uint32_t adler32_vectors(uint32_t adler, const uint8_t *bytes, size_t length) {
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    while (length >= 32) {
        size_t steps = length / 32 < BLOCK_STEPS ? length / 32 : BLOCK_STEPS;
        u32x32 columns = 0, prior = 0;
        for (size_t k = 0; k < steps;) {
            size_t m = steps - k < SHORT_STEPS ? steps - k : SHORT_STEPS;
            u16x32 shortColumns = 0, shortPrior = 0;
            for (size_t j = 0; j < m; j++) {
                u8x32 d;
                memcpy(&d, bytes + 32 * (k + j), sizeof d);
                shortPrior += shortColumns;
                shortColumns += __builtin_convertvector(d, u16x32);
            }
            prior += columns * (uint32_t)m + __builtin_convertvector(shortPrior, u32x32);
            columns += __builtin_convertvector(shortColumns, u32x32);
            k += m;
        }
        uint64_t sum = 0, weighted = 0, before = 0;
        for (int i = 0; i < 32; i++) {
            sum += columns[i];
            weighted += (uint64_t)(32 - i) * columns[i];
            before += prior[i];
        }
        b = (b + 32 * steps * a + 32 * before + weighted) % 65521;
        a = (a + sum) % 65521;
        bytes += 32 * steps; length -= 32 * steps;
    }
    return adler32_scalar((uint32_t)(b << 16 | a), bytes, length);
}

static uint32_t adler32_default(uint32_t adler, const uint8_t *bytes, size_t length) {
    return adler32_vectors(adler, bytes, length);
}

#if HF_X86
__attribute__((target("avx2"))) static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t length) {
    return adler32_vectors(adler, bytes, length);
}
#endif

uint32_t hf_fast_adler32(uint32_t adler, const void *data, size_t length) {
#if HF_X86
    if (hf_cpu_has(HF_CPU_AVX2)) return adler32_avx2(adler, data, length);
#endif
    return adler32_default(adler, data, length);
}

// A test entry point (Tests/CKernelTestHooks declares it).
int hf_fast_adler32_kernel(uint32_t adler, const uint8_t *bytes, size_t length, int kernel, uint32_t *out) {
    switch (kernel) {
    case 0: *out = adler32_scalar(adler, bytes, length); return 1;
    case 1: *out = adler32_default(adler, bytes, length); return 1;
#if HF_X86
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        *out = adler32_avx2(adler, bytes, length); return 1;
#endif
    default: return 0;
    }
}

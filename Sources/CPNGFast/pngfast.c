// The fast PNG profile's calls into ISA-L. See include/pngfast.h for the contract. The row filters
// are in filters.c, the Adler-32 in adler32.c and the profile's own deflate in deflate.c.

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

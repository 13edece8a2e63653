// The CPU's features, asked of the CPU on the first call and kept. The cache is read and set with
// relaxed atomics: threads may race to fill it, all with the same value, so no ordering is needed,
// only the absence of a data race.

#include "cpufeatures.h"

/// Set beside the features once they are known, so that a CPU with none of them is asked once too.
#define KNOWN (1u << 31)

static unsigned ask(void) {
    unsigned features = KNOWN;
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("ssse3")) features |= HF_CPU_SSSE3;
    if (__builtin_cpu_supports("popcnt")) features |= HF_CPU_POPCNT;
    if (__builtin_cpu_supports("avx")) features |= HF_CPU_AVX;
    if (__builtin_cpu_supports("avx2")) features |= HF_CPU_AVX2;
    if (__builtin_cpu_supports("fma")) features |= HF_CPU_FMA;
#endif
    return features;
}

unsigned hf_cpu_features(void) {
    static unsigned cache;
    unsigned features = __atomic_load_n(&cache, __ATOMIC_RELAXED);
    if (!(features & KNOWN)) {
        features = ask();
        __atomic_store_n(&cache, features, __ATOMIC_RELAXED);
    }
    return features & ~KNOWN;
}

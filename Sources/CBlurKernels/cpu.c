// The CPU features every kernel of this target chooses its build by, each asked once. The caches
// are read and set with relaxed atomics: threads may race to set one, all to the same value, so
// no ordering is needed, only the absence of a data race (issue 30).

#include "cpu.h"

static int cached_feature(int *cache, int (*ask)(void)) {
    int known = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (known < 0) { known = ask(); __atomic_store_n(cache, known, __ATOMIC_RELAXED); }
    return known;
}

#if defined(__x86_64__)
static int ask_avx2(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }
static int ask_avx2_fma(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0; }
#else
static int ask_avx2(void) { return 0; }
static int ask_avx2_fma(void) { return 0; }
#endif

int hf_cpu_avx2(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_avx2);
}

int hf_cpu_avx2_fma(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_avx2_fma);
}

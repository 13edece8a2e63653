// The CPU features the row filters and the deflate choose their build by, each asked once. The
// caches are read and set with relaxed atomics: threads may race to set one, all to the same
// value, so no ordering is needed, only the absence of a data race (issue 30).

#include "cpu.h"

static int cached_feature(int *cache, int (*ask)(void)) {
    int known = __atomic_load_n(cache, __ATOMIC_RELAXED);
    if (known < 0) { known = ask(); __atomic_store_n(cache, known, __ATOMIC_RELAXED); }
    return known;
}

#if defined(__x86_64__)
static int ask_ssse3(void) { return __builtin_cpu_supports("ssse3") ? 1 : 0; }
static int ask_avx(void) { return __builtin_cpu_supports("avx") ? 1 : 0; }
static int ask_avx2(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }
static int ask_avx2_popcnt(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ? 1 : 0; }
#else
static int ask_ssse3(void) { return 0; }
static int ask_avx(void) { return 0; }
static int ask_avx2(void) { return 0; }
static int ask_avx2_popcnt(void) { return 0; }
#endif

int hf_png_cpu_ssse3(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_ssse3);
}

int hf_png_cpu_avx(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_avx);
}

int hf_png_cpu_avx2(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_avx2);
}

int hf_png_cpu_avx2_popcnt(void) {
    static int cache = -1;
    return cached_feature(&cache, ask_avx2_popcnt);
}

// What this CPU can run, asked once for every C target (cpu.c), so each kernel picks its build by
// one load and a test. Skia's SkOpts asks the same way (SkCpu::CacheRuntimeFeatures, once) before
// any kernel runs.
#ifndef HOLOFRAME_CPUFEATURES_H
#define HOLOFRAME_CPUFEATURES_H

/// x86-64 instruction-set extensions a kernel may be built for; none is ever set elsewhere.
enum {
    HF_CPU_SSSE3 = 1 << 0,
    HF_CPU_POPCNT = 1 << 1,
    HF_CPU_AVX = 1 << 2,
    HF_CPU_AVX2 = 1 << 3,
    HF_CPU_FMA = 1 << 4,
};

/// The HF_CPU_* features this CPU has.
unsigned hf_cpu_features(void);

/// Whether this CPU has every feature in `features` (HF_CPU_* ored together).
static inline int hf_cpu_has(unsigned features) { return (hf_cpu_features() & features) == features; }

#endif

// What this CPU can run, asked once for the whole target (cpu.c). Internal to CBlurKernels.
#ifndef HF_BLUR_CPU_H
#define HF_BLUR_CPU_H

/// 1 when the CPU has AVX2 (x86-64), else 0.
int hf_cpu_avx2(void);
/// 1 when the CPU has AVX2 and FMA (x86-64), else 0.
int hf_cpu_avx2_fma(void);

#endif

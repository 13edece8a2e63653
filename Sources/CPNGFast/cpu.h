// What this CPU can run, asked once for the whole target (cpu.c). Internal to CPNGFast.
#ifndef HF_PNG_CPU_H
#define HF_PNG_CPU_H

/// 1 when the CPU has SSSE3 (x86-64), else 0.
int hf_png_cpu_ssse3(void);
/// 1 when the CPU has AVX (x86-64), else 0.
int hf_png_cpu_avx(void);
/// 1 when the CPU has AVX2 (x86-64), else 0.
int hf_png_cpu_avx2(void);
/// 1 when the CPU has AVX2 and POPCNT (x86-64), else 0.
int hf_png_cpu_avx2_popcnt(void);

#endif

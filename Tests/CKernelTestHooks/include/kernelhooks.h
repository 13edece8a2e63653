// The kernels' test entry points: each runs one build of a kernel (the scalar definition, the
// default target's, or the AVX2 one) that its file keeps static, or looks at state the shipping
// calls leave behind. Defined beside the kernels they run (Sources/CPixelKernels, Sources/CPNGFast);
// declared only here, so that only the test targets, which depend on this declarations-only target,
// can call them.
#ifndef HOLOFRAME_KERNELHOOKS_H
#define HOLOFRAME_KERNELHOOKS_H

#include <stddef.h>
#include <stdint.h>

#include "pixelkernels.h"

// MARK: - CPixelKernels (kernel 0: the scalar definition or the default target's build, as said;
// 1: SSE2; 2: AVX2. Each returns 0 when this machine lacks the kernel.)

/// hf_box_pass_rgba2 by kernel 0 (the scalar definition, row by row), 1 (the default target's
/// build) or 2 (AVX2).
int hf_box_pass_rgba2_kernel(int kernel, const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w);
/// hf_box_emit then hf_box_slide by kernel 0 (the default target's loops) or 2 (the AVX2 ones).
int hf_box_column_kernel(int kernel, int32_t *sums, uint8_t *out, const uint8_t *add, const uint8_t *drop, size_t n, size_t w);
/// hf_upsample_mix then hf_upsample_row_rgba by kernel 0 (the default target's build) or 2 (AVX2).
int hf_upsample_kernel(int kernel, const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t cn, uint16_t w0, uint16_t w1,
                       uint8_t *out, long x0, size_t n, size_t f, size_t pad);
/// hf_downsample_rgba by kernel 0 (the scalar definition), 1 (the default target's build) or 2 (AVX2).
int hf_downsample_kernel(int kernel, const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks);
/// hf_taps_pass by kernel 0 (the scalar definition), 1 (SSE2) or 2 (AVX2, 32 bytes a step).
int hf_taps_kernel(int kernel, const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t n);
/// hf_taps_folded_pass by kernel 0 (scalar), 1 (SSE2) or 2 (AVX2).
int hf_taps_folded_kernel(int kernel, const uint16_t *const *a, const uint16_t *const *b, size_t pairs,
                          const int16_t *weights, size_t terms, void *out, int words, size_t n);
/// hf_taps_centred_pass by kernel 0 (scalar), 1 (SSE2) or 2 (AVX2).
int hf_taps_centred_kernel(int kernel, const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p,
                           size_t pairs, const int16_t *weights, void *out, int words, size_t n);
/// hf_gradient_shade_span by kernel 0 (the default target's build) or 2 (AVX2 with FMA); (size_t)−1
/// when this CPU lacks the kernel.
size_t hf_gradient_span_kernel(int kernel, int angular, uint32_t *out, const uint32_t *lut, size_t n,
                               const hf_gradient_span *s, uint32_t *fallback);
/// hf_source_over_span by kernel 0 (the default target's loop) or 2 (AVX2).
int hf_source_over_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n);
/// hf_source_over_background_span by kernel 0 (the default target's loop) or 2 (AVX2).
int hf_source_over_background_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n, uint32_t background);
/// hf_tilt_row by kernel 0 (the default target's build) or 2 (AVX2).
int hf_tilt_row_kernel(int kernel, const uint32_t *src, long w, long h, uint32_t *dst, const double *m, double y, long x0, long x1);

/// hf_resample_columns by kernel 0 (the default target's build) or 2 (AVX2).
int hf_resample_columns_kernel(int kernel, const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n);
/// hf_composite_span by kernel 0 (default target) or 2 (AVX2).
int hf_composite_kernel(int kernel, uint32_t *dst, const uint32_t *src, size_t n, uint32_t k,
                        const uint8_t *coverage, const uint8_t *factors);
/// hf_opacity_mix_span by kernel 0 (default target) or 2 (AVX2).
int hf_opacity_mix_kernel(int kernel, uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w);

// MARK: - CPNGFast

/// hf_fast_adler32 by kernel 0 (scalar), 1 (the generic-vector body built for the default target) or
/// 2 (the same body built for AVX2) into *out. Returns 0 when this CPU lacks the kernel.
int hf_fast_adler32_kernel(uint32_t adler, const uint8_t *bytes, size_t length, int kernel, uint32_t *out);

/// Whether the upper halves of the vector registers are in use (XINUSE bits 2 and 6) right after
/// one call: 0 ISA-L's crc32_gzip_refl itself, 1 hf_crc32, 2 hf_isal_deflate_stripe,
/// 3 hf_fast_inflate_zlib. 1 in use, 0 clear, -1 when this CPU cannot tell (no AVX or no XINUSE),
/// -2 when the call itself failed.
int hf_fast_upper_state_after(int call);

/// The fast deflate's run of equal bytes at p and p − distance, at most `limit` long (its generic
/// vector compare, 16 bytes a step).
unsigned hf_fast_copy_length(const uint8_t *p, size_t distance, unsigned limit);

/// The fast deflate's run of zeros at p, at most `limit` long, into *run: kernel 0 (generic vectors,
/// 16 bytes a step), 1 (the windowed parse's, 64 bytes a step, the default target) or 2 (that one
/// built for AVX2). Returns 0 when this CPU lacks the kernel.
int hf_fast_zero_run_kernel(int kernel, const uint8_t *p, size_t limit, size_t *run);

/// hf_fast_deflate_stripe with the parse byte by byte (kernel 0) or in windows of generic vectors
/// built for the default target (1) or for AVX2 (2); the bytes must be the same. -3 when this CPU
/// lacks the kernel.
long hf_fast_deflate_stripe_kernel(const uint8_t *input, size_t length, size_t line_bytes, int pixel_bytes, int last,
                                   uint8_t *scratch, uint8_t *out, size_t capacity, int kernel);

/// The MOST_ZEROS counts of one straight RGBA row (zero[0…3]: NONE, SUB, UP, PAETH) by kernel 0
/// (scalar), 1 (the generic-vector body built for SSSE3 on x86-64, for the default target
/// elsewhere) or 2 (the same body built for AVX2); with `paeth_out`, kernels 1 and 2 also write
/// their row writer's PAETH bytes of the row (SUB's without a row above), or its NONE bytes when
/// `paeth` is 0. Returns 0 when this CPU lacks the kernel.
int hf_fast_zero_counts(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int paeth,
                        int kernel, uint64_t *zero, uint8_t *paeth_out);

/// The MIN_SUM costs of one straight RGBA row (cost[0…2]: NONE, SUB, UP) by kernel 0, 1 or 2, as
/// hf_fast_zero_counts numbers them. Returns 0 when this CPU lacks the kernel.
int hf_fast_min_sum_costs(const uint8_t *cur, const uint8_t *above, uint32_t width, int channels, int kernel, uint64_t *cost);

/// PNG's Paeth predictor of 16 bytes, through the same SIMD kernel the PAETH filter uses.
void hf_fast_paeth16(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *out);

/// The bytes a zlib stream (header, deflate blocks, Adler-32) holds, through ISA-L's inflate: the
/// length written to `out`, or -1 when the stream is bad or does not fit.
long hf_fast_inflate_zlib(const uint8_t *zlib, size_t length, uint8_t *out, size_t capacity);

#endif

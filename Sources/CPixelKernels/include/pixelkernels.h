// HoloRaster's pixel kernels: the box blur's passes (blurkernels.c), the blur's down- and upsampling
// (downsample.c, upsample.c), the exact Gaussian's passes (taps*.c), the radial and angular
// gradient spans (gradient.c), source-over, layer compositing and group opacity (over.c), mask
// products (mask.c) and bilinear resampling (resample.c).
#ifndef HOLOFRAME_PIXELKERNELS_H
#define HOLOFRAME_PIXELKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// out[x] = round(Σ_{k<w} src[x + k] / w) per channel for x < n (round half up), with w odd and
/// w < 271. Reads src[0 … n + w] (one pixel past the last window: the caller's spare pixel).
void hf_box_pass_rgba(const uint8_t *src, uint8_t *out, size_t n, size_t w);

/// hf_box_pass_rgba on two rows at once (AVX2: one row a 128-bit half; else one after the other).
void hf_box_pass_rgba2(const uint8_t *src0, const uint8_t *src1, uint8_t *out0, uint8_t *out1, size_t n, size_t w);

/// The column pass's two steps over a row of n channel bytes (BoxBlurColumns.swift):
/// out[i] = round(sums[i] / w) (round half up; w odd, w < 271, sums[i] ≤ 255·w) …
void hf_box_emit(const int32_t *sums, uint8_t *out, size_t n, size_t w);
/// … and sums[i] += add[i] − drop[i].
void hf_box_slide(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n);

/// The 4-channel bilinear upsample by f (f ≤ 4) of BlurResample.swift, per fine row: first the
/// vertical mix col[i] = r0[i]·w0 + r1[i]·w1 of two coarse rows' n bytes (any channel count) …
void hf_upsample_mix(const uint8_t *r0, const uint8_t *r1, uint16_t *col, size_t n, uint16_t w0, uint16_t w1);
/// … then fine pixels x0 … x0 + n − 1 along x: out[x] = (col[i]·(2f − fx) + col[i + 1]·fx + 2f²) >> log₂ 4f²
/// per channel, with 2x + 1 − f = 2f·(i − pad) + fx, 0 ≤ fx < 2f (every tap inside col).
void hf_upsample_row_rgba(const uint16_t *col, void *out, long x0, size_t n, size_t f, size_t pad);
/// The same along x for a 1-channel mask (after hf_upsample_mix): out[x] = (col[i]·(2f − fx) +
/// col[i + 1]·fx + 2f²) >> log₂ 4f².
void hf_upsample_row_mask(const uint16_t *col, void *out, long x0, size_t n, size_t f, size_t pad);

/// The 4-channel box downsample by f (2 or 4) of BlurResample.swift, one coarse row of `blocks`
/// whole blocks: out[cx][k] = (Σ over the n ≤ f `rows` and the f pixels f·cx … f·cx + f − 1 of
/// channel k + f²/2) >> log₂ f². Reads f·4·blocks bytes of each row.
void hf_downsample_rgba(const uint8_t *const *rows, size_t n, size_t f, uint8_t *out, size_t blocks);

/// The exact Gaussian's pass over n channel bytes: out[i] = ⌊(2¹⁵ + Σ_t weights[t] · rows[t][i]) / 2¹⁶⌋
/// for `taps` rows of at least n bytes, every weight in 0 … 2¹⁵ − 1 and their sum at most 2¹⁶.
void hf_taps_pass(const uint8_t *const *rows, const int16_t *weights, size_t taps, uint8_t *out, size_t n);
/// The same pass with a symmetric kernel's taps folded, on rows of 16-bit values 0 … 255
/// (taps_folded.c): out[i] = ⌊(2¹⁵ + Σ_k weights[k] · (a[k][i] + b[k][i])) / 2¹⁶⌋ over `terms`
/// terms, the first `pairs` of them two rows (a[k], b[k]) sharing a weight, the rest one row (a[k];
/// b[k] not read); every weight in 0 … 2¹⁵ − 1 and the sum over all rows' weights at most 2¹⁶.
/// `out` is n bytes, or n 16-bit words when `words` is nonzero. Equal to hf_taps_pass over the
/// unfolded taps.
void hf_taps_folded_pass(const uint16_t *const *a, const uint16_t *const *b, size_t pairs, const int16_t *weights,
                         size_t terms, void *out, int words, size_t n);
/// The folded pass with the centre taken out (taps_centred.c), for a kernel whose weights sum to
/// exactly 2¹⁶: out[i] = p[i] + ⌊(2¹⁵ + Σ_k weights[k] · (a[k][i] + b[k][i] − 2·p[i])) / 2¹⁶⌋ over
/// `pairs` side pairs (every weight in 0 … 2¹⁵ − 1), p the centre row; the same integer as
/// hf_taps_folded_pass with the centre's weight 2¹⁶ − 2·Σ weights on p. Rows of 16-bit values
/// 0 … 255, at most 64 pairs; `out` bytes, or 16-bit words when `words` is nonzero.
void hf_taps_centred_pass(const uint16_t *const *a, const uint16_t *const *b, const uint16_t *p, size_t pairs,
                          const int16_t *weights, void *out, int words, size_t n);
/// dst[i] = src[i] for n bytes (the folded passes' 16-bit rows).
void hf_widen_bytes(const uint8_t *src, uint16_t *dst, size_t n);

/// One span of a radial or angular gradient (gradient.c states the formulas): lane i's offset from
/// the centre is (px0 + i·dx, py0 + i·dy); radial uses r0 and k = 1023/(r₁ − r₀); angular uses
/// start (turns, in [0, 1]), m, q, spanT, gMid and partial; slack (index units) and k2 (the
/// position error term, index units × length, squared) decide which lanes are certified.
typedef struct {
    float px0, py0, dx, dy;
    float r0, k;
    float start, m, q, spanT, gMid;
    int partial;
    float slack, k2;
} hf_gradient_span;

/// out[i] = lut[index of lane i] for i < n, with the positions of the lanes whose float index is not
/// certified to equal the Double formula's written to fallback (capacity n); returns their count.
/// angular: 0 radial, 1 angular.
size_t hf_gradient_shade_span(int angular, uint32_t *out, const uint32_t *lut, size_t n, const hf_gradient_span *s,
                              uint32_t *fallback);

/// dst[i] = src[i] over dst[i] for i < n, premultiplied RGBA8 words at full coverage (over.c):
/// D' = S + div255(D_c·(255 − S_a)) per channel, BlendLanes.swift's integers.
void hf_source_over_span(uint32_t *dst, const uint32_t *src, size_t n);
/// dst[i] = src[i] over `background` for i < n: hf_source_over_span onto a row filled with one word,
/// without reading dst (over.c).
void hf_source_over_background_span(uint32_t *dst, const uint32_t *src, size_t n, uint32_t background);
/// A layer's row composited onto dst (over.c): S' = div255(S_c · c_i), D' = S' + div255(D_c·(255 − S'_a)),
/// with c_i = k, or factors[coverage[i]] when coverage is not NULL. BlendLanes.swift's integers.
void hf_composite_span(uint32_t *dst, const uint32_t *src, size_t n, uint32_t k, const uint8_t *coverage, const uint8_t *factors);

/// out[i] = div255(a[i] · b[i]) for i < n: two coverage rows multiplied (mask.c, clip intersection).
void hf_mask_product(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n);

/// Group opacity (over.c): dst[i] = div255(dst_c · w + backdrop_c · (255 − w)) per channel, i < n.
void hf_opacity_mix_span(uint32_t *dst, const uint32_t *backdrop, size_t n, uint32_t w);

/// One source row of RGBA8 resampled along x (resample.c): out[4x + c] = (row[4·ix[x] + c]·w[8x + c]
/// + row[4·ix[x] + 4 + c]·w[8x + 4 + c] + 128) >> 8 for x < n (w: 256 − wx four times, then wx four
/// times); reads row[4·ix[x] … 4·ix[x] + 7].
void hf_resample_columns(const uint8_t *row, const int32_t *ix, const uint16_t *w, uint8_t *out, size_t n);
/// Two rows of hf_resample_columns' bytes mixed along y: out[i] = (h0[i]·(256 − wy) + h1[i]·wy + 128) >> 8.
void hf_resample_rows(const uint8_t *h0, const uint8_t *h1, uint32_t wy, uint8_t *out, size_t n);

/// One row y of a 3D tilt into dst (a row of w words; columns x0 ..< x1), from src (w × h words)
/// (tilt.c): m holds H⁻¹ row-major (m[0 … 8]) and the anchor (m[9], m[10]) in layer pixels; each
/// pixel is Tilt.swift's sample of its centre taken back through H⁻¹, left as it is where the
/// preimage is behind the eye.
void hf_tilt_row(const uint32_t *src, long w, long h, uint32_t *dst, const double *m, double y, long x0, long x1);

#endif

// One box-blur pass over a row of premultiplied RGBA pixels, for HoloRaster's three-box blur.
#ifndef HOLOFRAME_BLURKERNELS_H
#define HOLOFRAME_BLURKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// out[x] = round(Σ_{k<w} src[x + k] / w) per channel for x < n (round half up), with w odd and
/// w < 271. Reads src[0 … n + w] (one pixel past the last window: the caller's spare pixel).
void hf_box_pass_rgba(const uint8_t *src, uint8_t *out, size_t n, size_t w);

/// The column pass's two steps over a row of n channel bytes (BoxBlurColumns.swift):
/// out[i] = round(sums[i] / w) (round half up; w odd, w < 271, sums[i] ≤ 255·w) …
void hf_box_emit(const int32_t *sums, uint8_t *out, size_t n, size_t w);
/// … and sums[i] += add[i] − drop[i].
void hf_box_slide(int32_t *sums, const uint8_t *add, const uint8_t *drop, size_t n);

#endif

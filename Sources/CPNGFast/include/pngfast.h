#ifndef HOLOFRAME_PNGFAST_H
#define HOLOFRAME_PNGFAST_H
// The fast PNG profile's inner loops, in C for SIMD: turning canvas rows into filtered PNG
// scanlines (filters.c), and deflating a stripe of scanlines, with the project's own coder
// (deflate.c) or one ISA-L call (pngfast.c). The PNG container (chunks,
// CRC-32, the zlib wrapper, Adler-32 joining, threads) is written in Swift (HoloPNG/FastPNG*.swift).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filters: PNG's filter types, plus per-row choices among them.
enum {
    HF_FAST_FILTER_NONE = 0,
    HF_FAST_FILTER_SUB = 1,
    HF_FAST_FILTER_UP = 2,
    HF_FAST_FILTER_PAETH = 4,
    /// Per row, NONE, SUB or UP by the smallest Σ |byte as int8| of the colour bytes, estimated
    /// with SIMD before filtering once (the same measure, three candidates, no candidate buffers).
    HF_FAST_FILTER_MIN_SUM = 6,
    /// Per row, NONE, SUB or UP by the most zero colour bytes after filtering (a run of zeros is
    /// what a fast deflate's matcher turns into one cheap match; Σ|byte| favours small non-zero
    /// bytes that it codes one by one).
    HF_FAST_FILTER_MOST_ZEROS = 7,
    /// The same with PAETH as a fourth candidate (smooth gradients: PAETH predicts both slopes).
    HF_FAST_FILTER_MOST_ZEROS_PAETH = 8,
};

/// Bytes of scratch memory hf_fast_filter_rows needs for a row of `width` pixels.
size_t hf_fast_scratch_size(uint32_t width);

/// Writes the PNG scanlines of rows [y0, y1) of a premultiplied RGBA8 canvas (`width` pixels a
/// row, tightly packed) to `out`: per row one filter-type byte, then width × channels bytes.
/// `out` must hold (y1 − y0) × (1 + width × channels) + 16 bytes (the SIMD stores overrun by < 16).
///
/// channels 3: colour type RGB; the canvas is taken to be opaque (premultiplied = straight) and
///   the alpha byte dropped. Returns 0 when some pixel of these rows is not opaque (the output is
///   then meaningless and the caller must encode as RGBA), else 1.
/// channels 4: colour type RGBA, straight alpha: c = table[a << 8 | c] for 0 < a < 255,
///   (0, 0, 0, 0) for a = 0. Returns 1.
/// UP uses row y0 − 1 of the canvas as the row above, so stripes are independent.
int hf_fast_filter_rows(const uint8_t *pixels, uint32_t width, uint32_t y0, uint32_t y1,
                        int channels, int filter, const uint8_t *unpremultiply_table,
                        uint8_t *scratch, uint8_t *out);

/// Adler-32 of `length` bytes continuing from `adler` (1 to start), with AVX2 where the CPU has it.
uint32_t hf_fast_adler32(uint32_t adler, const void *bytes, size_t length);

/// CRC-32 as PNG and gzip define it (ISA-L's crc32_gzip_refl), continuing from `crc` (0 to start),
/// with the vector upper state cleared after it (see pngfast.c: ISA-L leaves it dirty, which slows
/// every SSE instruction after it). Call ISA-L only through this file's functions.
uint32_t hf_crc32(uint32_t crc, const void *bytes, size_t length);

/// Bytes of working memory ISA-L's deflate wants at `level` (0…3); 0 for level 0.
size_t hf_isal_level_buffer_size(int level);

/// Raw deflate (no zlib header or trailer) of `length` bytes with ISA-L's one-shot compressor.
/// last = 0: the blocks end with a FULL flush (byte-aligned, no back-references into later input),
/// so independently compressed stripes concatenate into one valid deflate stream; last = 1: the
/// final block. Returns the compressed length, -1 when `capacity` is too small, or -2 − ISA-L's
/// error code on any other failure.
long hf_isal_deflate_stripe(const uint8_t *input, size_t length, int level, int last,
                            uint8_t *level_buffer, size_t level_buffer_size,
                            uint8_t *out, size_t capacity);

/// Bytes of scratch memory hf_fast_deflate_stripe needs for `length` bytes of scanlines.
size_t hf_fast_deflate_scratch_size(size_t length);

/// Raw deflate of one stripe of PNG scanlines with the project's own coder (deflate.c): runs of
/// zeros, copies of the row above one pixel left, straight up or one pixel right (rows of
/// `line_bytes`, pixels of `pixel_bytes`), literals, in one dynamic Huffman block. last = 0: the
/// block ends with a full flush, so stripes deflated apart concatenate into one stream; last = 1:
/// the final block. The bytes depend only on the input. Returns the compressed length, or -1 when
/// `capacity` is too small (length + length / 8 + 64 always suffices).
long hf_fast_deflate_stripe(const uint8_t *input, size_t length, size_t line_bytes, int pixel_bytes, int last,
                            uint8_t *scratch, uint8_t *out, size_t capacity);

#ifdef __cplusplus
}
#endif
#endif

#ifndef HOLOFRAME_PNGSHIM_H
#define HOLOFRAME_PNGSHIM_H
// The libpng boundary. libpng reports errors by longjmp, which must never cross a Swift frame, so
// every setjmp lives in pngshim.c: each function here returns a status code and, on failure, a
// human-readable message (libpng's own where it produced one) in `errmsg`. Nothing here aborts.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A growable byte buffer owned by C (malloc/realloc). Free with hf_buffer_free on every path.
typedef struct hf_buffer {
    uint8_t *data;
    size_t length;
    size_t capacity;
} hf_buffer;

void hf_buffer_free(hf_buffer *buffer);

/// Status codes of hf_png_encode / hf_png_decode.
enum {
    HF_PNG_OK = 0,
    HF_PNG_ERR_ARGUMENT = 1,   ///< a bad argument (size 0, channels not 3/4, …)
    HF_PNG_ERR_LIBPNG = 2,     ///< libpng reported an error; its message is in errmsg
    HF_PNG_ERR_NOMEM = 3,      ///< an allocation failed
    HF_PNG_ERR_TOO_LARGE = 4,  ///< the image header exceeds the caller's limits; width/height are set
    HF_PNG_ERR_NOT_PNG = 5,    ///< the data does not start with the PNG signature
    HF_PNG_ERR_STOPPED = 6,    ///< decode: `should_stop` answered true (a deadline, a signal)
    HF_PNG_ERR_EXCESS = 7,     ///< decode: more image data than the header's size holds
};

/// Polled while decoding (after every row and every read of input); non-zero stops the decode.
typedef int (*hf_should_stop)(void);

/// Row filters (the PNG_FILTER_* mask bits): a single one, or several for libpng's adaptive choice.
enum {
    HF_PNG_FILTER_NONE = 0x08,
    HF_PNG_FILTER_SUB = 0x10,
    HF_PNG_FILTER_UP = 0x20,
    HF_PNG_FILTER_AVG = 0x40,
    HF_PNG_FILTER_PAETH = 0x80,
    HF_PNG_FILTER_ALL = 0xF8,
};

/// zlib strategies (the Z_* values of zlib.h); HF_ZLIB_LIBPNG_CHOICE leaves libpng's default
/// (Z_FILTERED when rows are filtered, Z_DEFAULT_STRATEGY otherwise).
enum {
    HF_ZLIB_LIBPNG_CHOICE = -1,
    HF_ZLIB_DEFAULT_STRATEGY = 0,
    HF_ZLIB_FILTERED = 1,
    HF_ZLIB_HUFFMAN_ONLY = 2,
    HF_ZLIB_RLE = 3,
};

/// Encodes 8-bit straight-alpha pixels as a PNG into `out` (which must start empty: {0}).
///
/// - pixels: `height` rows of `width * input_channels` bytes, tightly packed.
/// - input_channels: 3 (RGB) or 4 (RGBA).
/// - output_channels: 3 (colour type RGB) or 4 (RGBA). 4 → 3 drops the fourth byte of every pixel
///   inside libpng (png_set_filler), so opaque RGBA frames need no conversion pass.
/// - compression_level: zlib 0…9; filters: HF_PNG_FILTER_* mask; strategy: HF_ZLIB_*.
/// On failure `out` is left empty (freed).
int hf_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                  int input_channels, int output_channels,
                  int compression_level, int filters, int strategy,
                  hf_buffer *out, char *errmsg, size_t errlen);

/// Decodes a PNG held in memory to 8-bit straight-alpha RGBA into `out_rgba` (which must start empty).
///
/// Palette, grey, low bit depths and tRNS are expanded, 16-bit channels scaled to 8 bits, a missing
/// alpha channel filled with 255. The header is checked against max_width, max_height and
/// max_pixels BEFORE any pixel memory is allocated; a header over a limit returns
/// HF_PNG_ERR_TOO_LARGE with *out_width / *out_height set to the header's size. `should_stop`
/// (may be NULL) is polled after each row and each read of input: HF_PNG_ERR_STOPPED. Image data
/// (IDAT) going on for more than HF_PNG_EXCESS_IDAT_BYTES past the last row is HF_PNG_ERR_EXCESS,
/// before libpng inflates it (it would inflate all of it to check its end).
int hf_png_decode(const uint8_t *data, size_t length,
                  uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                  uint32_t *out_width, uint32_t *out_height,
                  hf_buffer *out_rgba, char *errmsg, size_t errlen, hf_should_stop should_stop);

/// Compressed image data allowed after the last row: a stream's end (its last block's end code
/// and its Adler-32) takes a few bytes, and libpng reads 8 KiB at a time.
enum { HF_PNG_EXCESS_IDAT_BYTES = 64 * 1024 };

/// The libpng version compiled against (e.g. 10639).
int hf_png_shim_version(void);

/// The version of the libpng this process runs with (not the headers it was built against),
/// e.g. "1.6.39", written into `out` (at most `capacity` bytes, NUL-terminated).
void hf_png_library_version(char *out, size_t capacity);

#ifdef __cplusplus
}
#endif
#endif

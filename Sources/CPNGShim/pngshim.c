// The libpng shim: every setjmp of the package lives here.
//
// Why C: libpng reports errors by calling an error handler that must not return; the only
// supported way out is longjmp back to a setjmp in the caller. A longjmp across Swift frames skips
// Swift's cleanup and is undefined behaviour, so each entry point below sets its jump buffer,
// calls libpng, and turns a jump into a status code plus libpng's message. Each function frees
// everything it allocated on every path (success, libpng error, allocation failure, bad input).
//
// Setjmp discipline: locals written after setjmp and read after a longjmp are `volatile`
// (`rows` in decode); everything else is assigned before setjmp or lives behind a pointer.

#include "pngshim.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hf_png_shim_version(void) { return PNG_LIBPNG_VER; }

void hf_buffer_free(hf_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

// MARK: - Error plumbing

/// What the callbacks share with the entry point: the data source or sink, where messages go, and
/// a status a callback can set before it raises (out of memory, truncated input).
typedef struct hf_context {
    hf_buffer *sink;          // encode: growable output
    const uint8_t *source;    // decode: input bytes
    size_t source_length;
    size_t source_offset;
    char *errmsg;
    size_t errlen;
    int status;               // 0, or an HF_PNG_ERR_* a callback chose before raising
    hf_should_stop should_stop;  // decode: polled per row and per read (may be NULL)
    int image_done;           // decode: every row has been read
    png_uint_32 height;       // decode: the image's rows (0 until the header is read)
    int interlaced;           // decode: Adam7
    size_t idat_after_image;  // decode: IDAT bytes read since then
} hf_context;

static void hf_set_message(char *errmsg, size_t errlen, const char *message) {
    if (errmsg == NULL || errlen == 0) return;
    snprintf(errmsg, errlen, "%s", message != NULL ? message : "unknown libpng error");
}

/// libpng's error handler: keep the message, then jump back to the entry point's setjmp.
static void hf_error(png_structp png, png_const_charp message) {
    hf_context *context = (hf_context *)png_get_error_ptr(png);
    if (context != NULL) hf_set_message(context->errmsg, context->errlen, message);
    png_longjmp(png, 1);
}

/// Warnings (benign problems such as a bad CRC in an ancillary chunk) do not stop a decode.
static void hf_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// MARK: - Encode

/// libpng's write callback: append to the growable sink, doubling its capacity.
static void hf_write(png_structp png, png_bytep bytes, size_t count) {
    hf_context *context = (hf_context *)png_get_io_ptr(png);
    hf_buffer *sink = context->sink;
    if (count > SIZE_MAX - sink->length) {
        context->status = HF_PNG_ERR_NOMEM;
        png_error(png, "PNG output is larger than memory can address");
    }
    size_t needed = sink->length + count;
    if (needed > sink->capacity) {
        size_t capacity = sink->capacity != 0 ? sink->capacity : (size_t)1 << 18;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        uint8_t *grown = (uint8_t *)realloc(sink->data, capacity);
        if (grown == NULL) {
            context->status = HF_PNG_ERR_NOMEM;
            png_error(png, "out of memory growing the PNG output buffer");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, bytes, count);
    sink->length = needed;
}

static void hf_flush(png_structp png) { (void)png; }

int hf_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                  int input_channels, int output_channels,
                  int compression_level, int filters, int strategy,
                  hf_buffer *out, char *errmsg, size_t errlen) {
    if (out == NULL || pixels == NULL) {
        hf_set_message(errmsg, errlen, "no pixels or no output buffer");
        return HF_PNG_ERR_ARGUMENT;
    }
    out->data = NULL; out->length = 0; out->capacity = 0;
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) {
        hf_set_message(errmsg, errlen, "PNG dimensions must be between 1 and 2^31 - 1");
        return HF_PNG_ERR_ARGUMENT;
    }
    if ((input_channels != 3 && input_channels != 4) || (output_channels != 3 && output_channels != 4)
        || output_channels > input_channels) {
        hf_set_message(errmsg, errlen, "channels must be RGB→RGB, RGBA→RGBA or RGBA→RGB");
        return HF_PNG_ERR_ARGUMENT;
    }
    if (compression_level < 0 || compression_level > 9 || strategy < -1 || strategy > 4
        || (filters & ~HF_PNG_FILTER_ALL) != 0 || filters == 0) {
        hf_set_message(errmsg, errlen, "compression level must be 0…9, strategy a zlib strategy, filters a PNG filter mask");
        return HF_PNG_ERR_ARGUMENT;
    }

    hf_context context = { .sink = out, .errmsg = errmsg, .errlen = errlen };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, hf_error, hf_warning);
    if (png == NULL) {
        hf_set_message(errmsg, errlen, "libpng could not create a write struct");
        return HF_PNG_ERR_NOMEM;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        hf_set_message(errmsg, errlen, "libpng could not create an info struct");
        return HF_PNG_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        hf_buffer_free(out);
        return context.status != 0 ? context.status : HF_PNG_ERR_LIBPNG;
    }

    png_set_write_fn(png, &context, hf_write, hf_flush);
    png_set_IHDR(png, info, width, height, 8,
                 output_channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);  // else libpng's own choice
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    // Larger zlib output buffer → fewer, larger IDAT chunks (less chunk and CRC overhead).
    png_set_compression_buffer_size(png, (size_t)1 << 17);
    png_write_info(png, info);
    // On write, a filler strips the fourth byte of each pixel: opaque RGBA rows go out as RGB.
    if (input_channels == 4 && output_channels == 3) png_set_filler(png, 0, PNG_FILLER_AFTER);

    const size_t stride = (size_t)width * (size_t)input_channels;
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return HF_PNG_OK;
}

// MARK: - Decode

static void hf_poll(png_structp png, hf_context *context) {
    if (context->should_stop != NULL && context->should_stop()) {
        context->status = HF_PNG_ERR_STOPPED;
        png_error(png, "decoding was stopped");
    }
}

/// libpng's row callback: poll the stop flag after every row.
static void hf_row_done(png_structp png, png_uint_32 row, int pass) {
    (void)row; (void)pass;
    hf_poll(png, (hf_context *)png_get_io_ptr(png));
}

/// True once libpng has every row: it then inflates whatever image data is left to find the
/// stream's end (png_read_finish_IDAT, called inside the last png_read_row, before its row
/// callback). Its row counter is then past the last row (the pass past the last for Adam7).
static int hf_after_last_row(png_structp png, const hf_context *context) {
    if (context->image_done) return 1;
    if (context->height == 0) return 0;
    return context->interlaced ? png_get_current_pass_number(png) >= 7
                               : png_get_current_row_number(png) >= context->height;
}

/// libpng's read callback: copy from the in-memory source; running out is an error (truncation).
/// Polls the stop flag; after the last row, counts what it hands libpng from IDAT chunks
/// (libpng's I/O state says when a read is an IDAT chunk's data) and refuses more than
/// HF_PNG_EXCESS_IDAT_BYTES.
static void hf_read(png_structp png, png_bytep destination, size_t count) {
    hf_context *context = (hf_context *)png_get_io_ptr(png);
    hf_poll(png, context);
    if (count > context->source_length - context->source_offset) {
        png_error(png, "PNG data ends unexpectedly (file truncated)");
    }
    if (hf_after_last_row(png, context) && (png_get_io_state(png) & PNG_IO_CHUNK_DATA) != 0
        && png_get_io_chunk_type(png) == 0x49444154u /* IDAT */) {
        context->idat_after_image += count;
        if (context->idat_after_image > HF_PNG_EXCESS_IDAT_BYTES) {
            context->status = HF_PNG_ERR_EXCESS;
            png_error(png, "the image data goes on past the size in its header (IHDR); refused before inflating it");
        }
    }
    memcpy(destination, context->source + context->source_offset, count);
    context->source_offset += count;
}

static uint32_t hf_read_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// Ancillary chunks we never use (no colour management, no text, no metadata): skipped unread, so
/// a hostile iCCP or zTXt cannot make libpng inflate anything.
static const png_byte hf_ignored_chunks[] =
    "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";
enum { hf_ignored_chunk_count = 17 };

static int hf_too_large(uint32_t width, uint32_t height, uint32_t max_width, uint32_t max_height,
                        uint64_t max_pixels) {
    return width > max_width || height > max_height || (uint64_t)width * (uint64_t)height > max_pixels;
}

int hf_png_decode(const uint8_t *data, size_t length,
                  uint32_t max_width, uint32_t max_height, uint64_t max_pixels,
                  uint32_t *out_width, uint32_t *out_height,
                  hf_buffer *out_rgba, char *errmsg, size_t errlen, hf_should_stop should_stop) {
    if (out_width != NULL) *out_width = 0;
    if (out_height != NULL) *out_height = 0;
    if (out_rgba == NULL || (data == NULL && length != 0)) {
        hf_set_message(errmsg, errlen, "no input or no output buffer");
        return HF_PNG_ERR_ARGUMENT;
    }
    out_rgba->data = NULL; out_rgba->length = 0; out_rgba->capacity = 0;
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        hf_set_message(errmsg, errlen, "not a PNG file: the 8-byte PNG signature is missing");
        return HF_PNG_ERR_NOT_PNG;
    }
    // Refuse a huge header before libpng allocates anything: IHDR is the first chunk, its width and
    // height are bytes 16…23. (libpng's user limits below are the second line of defence.)
    if (length >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t width = hf_read_be32(data + 16), height = hf_read_be32(data + 20);
        if (hf_too_large(width, height, max_width, max_height, max_pixels)) {
            if (out_width != NULL) *out_width = width;
            if (out_height != NULL) *out_height = height;
            char message[160];
            snprintf(message, sizeof message, "PNG header claims %u×%u pixels, over the limit", width, height);
            hf_set_message(errmsg, errlen, message);
            return HF_PNG_ERR_TOO_LARGE;
        }
    }

    hf_context context = { .source = data, .source_length = length, .errmsg = errmsg, .errlen = errlen,
                           .should_stop = should_stop };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, hf_error, hf_warning);
    if (png == NULL) {
        hf_set_message(errmsg, errlen, "libpng could not create a read struct");
        return HF_PNG_ERR_NOMEM;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        hf_set_message(errmsg, errlen, "libpng could not create an info struct");
        return HF_PNG_ERR_NOMEM;
    }
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free((void *)rows);
        png_destroy_read_struct(&png, &info, NULL);
        hf_buffer_free(out_rgba);
        return context.status != 0 ? context.status : HF_PNG_ERR_LIBPNG;
    }

    png_set_read_fn(png, &context, hf_read);
    png_set_read_status_fn(png, hf_row_done);
    png_set_user_limits(png, max_width < PNG_UINT_31_MAX ? max_width : PNG_UINT_31_MAX,
                        max_height < PNG_UINT_31_MAX ? max_height : PNG_UINT_31_MAX);
#ifdef PNG_HANDLE_AS_UNKNOWN_SUPPORTED
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, hf_ignored_chunks, hf_ignored_chunk_count);
#endif
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    int interlace = PNG_INTERLACE_NONE;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    context.height = height;
    context.interlaced = interlace != PNG_INTERLACE_NONE;
    if (out_width != NULL) *out_width = width;
    if (out_height != NULL) *out_height = height;
    if (hf_too_large(width, height, max_width, max_height, max_pixels)) {
        context.status = HF_PNG_ERR_TOO_LARGE;
        png_error(png, "PNG header claims more pixels than the limit");
    }

    // To 8-bit RGBA: palette → RGB, grey < 8 bits → 8, tRNS → alpha, 16 → 8 (rounded), grey → RGB,
    // and an opaque alpha byte appended when the image has none.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    const size_t stride = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != stride || png_get_channels(png, info) != 4
        || png_get_bit_depth(png, info) != 8) {
        png_error(png, "PNG did not convert to 8-bit RGBA");
    }

    const size_t total = stride * (size_t)height;
    out_rgba->data = (uint8_t *)malloc(total);
    if (out_rgba->data == NULL) {
        context.status = HF_PNG_ERR_NOMEM;
        png_error(png, "out of memory allocating the decoded image");
    }
    out_rgba->length = total;
    out_rgba->capacity = total;
    rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)height);
    if (rows == NULL) {
        context.status = HF_PNG_ERR_NOMEM;
        png_error(png, "out of memory allocating row pointers");
    }
    for (png_uint_32 y = 0; y < height; y++) rows[y] = out_rgba->data + (size_t)y * stride;
    png_read_image(png, rows);
    context.image_done = 1;
    // Read through IEND so a file cut after its image data is still reported as truncated.
    png_read_end(png, NULL);

    free((void *)rows);
    rows = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return HF_PNG_OK;
}

void hf_png_library_version(char *out, size_t capacity) {
    // png_access_version_number: the running library's PNG_LIBPNG_VER, e.g. 10639 for 1.6.39.
    png_uint_32 v = png_access_version_number();
    snprintf(out, capacity, "%u.%u.%u", (unsigned)(v / 10000), (unsigned)(v / 100 % 100), (unsigned)(v % 100));
}

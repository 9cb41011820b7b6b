#ifndef BREWSTATS_CPNG_SHIM_H
#define BREWSTATS_CPNG_SHIM_H
// libpng, used by BrewCairo alone to encode cairo's image surfaces (PNGEncoder.swift).
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng's full write API with the compression settings the simplified API does not expose (zlib level and
// strategy, row filters). libpng reports errors by longjmp, which Swift cannot catch, so the whole write runs in
// this C function and the jump never leaves it.

/// The encoded file: `data` (malloc'd, the caller frees it) of `size` bytes.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    int failed;
} brewstats_png_buffer;

static inline void brewstats_png_write_data(png_structp png, png_bytep data, size_t length) {
    brewstats_png_buffer *out = (brewstats_png_buffer *)png_get_io_ptr(png);
    if (out->failed) return;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (!grown) {
            out->failed = 1;
            png_error(png, "out of memory");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static inline void brewstats_png_flush(png_structp png) { (void)png; }

/// Encodes `height` rows of `width` pixels (`row_bytes` apart) as a PNG of `color_type` (PNG_COLOR_TYPE_GRAY, _RGB
/// or _RGB_ALPHA, 8 bits per channel; `bgr` when colour pixels are stored B, G, R), with zlib `level` (0–9) and
/// `strategy` (Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE, …) and the row filters of `filters` (PNG_FILTER_NONE … or a
/// mask of several, which libpng chooses between per row). Returns 1 and fills `out` on success; 0 on failure with
/// libpng's message in `message` (`out->data` freed).
static inline int brewstats_png_encode(const unsigned char *pixels, unsigned width, unsigned height, size_t row_bytes,
                                       int color_type, int bgr, int level, int strategy, int filters,
                                       brewstats_png_buffer *out, char message[128]) {
    message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) { strcpy(message, "cannot create the writer"); return 0; }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(message, "cannot create the header");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        strcpy(message, out->failed ? "out of memory" : "libpng error");
        png_destroy_write_struct(&png, &info);
        free(out->data);
        out->data = NULL;
        out->size = out->capacity = 0;
        return 0;
    }
    png_set_write_fn(png, out, brewstats_png_write_data, brewstats_png_flush);
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    // As libpng's simplified writer (the encoder before this one) marks 8-bit images: sRGB, perceptual intent.
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    if (bgr) png_set_bgr(png);
    for (unsigned y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * row_bytes));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 1;
}

#endif

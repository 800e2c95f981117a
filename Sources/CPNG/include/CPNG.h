#ifndef CONSENTRENDER_CPNG_H
#define CONSENTRENDER_CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Which PNG row filters the encoder may try (libpng's PNG_FILTER_* flags).
typedef enum {
    CR_PNG_FILTERS_NONE = 0,
    CR_PNG_FILTERS_SUB = 1,
    CR_PNG_FILTERS_UP = 3,
    CR_PNG_FILTERS_ADAPTIVE = 2
} cr_png_filters;

/// PNG bytes produced by `cr_png_encode_xrgb`; free with `cr_png_output_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char error[256];
} cr_png_output;

/// Encodes opaque pixels stored as native-endian 32-bit 0xXXRRGGBB words (cairo's RGB24 layout)
/// into an 8-bit RGB PNG without alpha, without timestamps or text chunks, so equal pixels give
/// equal bytes. Returns 0 on success; on failure returns -1 and leaves a sentence in `out->error`.
/// `strategy` is zlib's (0 default, 1 filtered, 2 Huffman only, 3 RLE).
int cr_png_encode_xrgb(const uint32_t *pixels, uint32_t width, uint32_t height,
                       size_t stride_bytes, int compression_level, int strategy, cr_png_filters filters,
                       cr_png_output *out);

/// Encodes R,G,B,A bytes (straight, not premultiplied alpha; rows of `width` × 4 bytes) into an
/// 8-bit RGBA PNG, with the same determinism as `cr_png_encode_xrgb`.
int cr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int compression_level,
                       cr_png_filters filters, cr_png_output *out);

void cr_png_output_free(cr_png_output *out);

/// Pixels decoded by `cr_png_decode_xrgb`; free with `cr_png_decoded_free`.
typedef struct {
    uint32_t *pixels;
    uint32_t width;
    uint32_t height;
    /// Nonzero when the file had an alpha channel (it is composited over white).
    int had_alpha;
    char error[256];
} cr_png_decoded;

/// Decodes any PNG (grey, palette, 16-bit, with or without alpha) into opaque native-endian
/// 0xFFRRGGBB words, compositing transparency over white. Returns 0 on success; on failure -1
/// with a sentence in `out->error`. Images wider or taller than 32768 pixels are refused.
int cr_png_decode_xrgb(const unsigned char *data, size_t size, cr_png_decoded *out);

void cr_png_decoded_free(cr_png_decoded *out);

/// Decodes any PNG into native-endian premultiplied 0xAARRGGBB words (Cairo's ARGB32), keeping
/// transparency; same limits and errors as `cr_png_decode_xrgb`.
int cr_png_decode_premultiplied_argb(const unsigned char *data, size_t size, cr_png_decoded *out);

/// The version of the libpng the program runs with, such as "1.6.39".
const char *cr_png_library_version(void);

#endif

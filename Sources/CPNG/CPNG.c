#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libpng reports errors by longjmp; this file keeps that C-only control flow away from Swift.

static void cr_png_error(png_structp png, png_const_charp message) {
    cr_png_output *out = (cr_png_output *)png_get_error_ptr(png);
    if (out != NULL) {
        strncpy(out->error, message, sizeof(out->error) - 1);
        out->error[sizeof(out->error) - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static void cr_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void cr_png_write(png_structp png, png_bytep bytes, png_size_t length) {
    cr_png_output *out = (cr_png_output *)png_get_io_ptr(png);
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity == 0 ? 65536 : out->capacity;
        while (capacity < out->size + length) {
            capacity *= 2;
        }
        unsigned char *grown = realloc(out->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory while encoding PNG");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static void cr_png_flush(png_structp png) {
    (void)png;
}

/* Writes rows of `stride_bytes` as an 8-bit PNG: RGB from native 0xXXRRGGBB words when `rgba`
 * is 0, else RGBA from R,G,B,A bytes. */
static int encode_rows(const unsigned char *row, uint32_t width, uint32_t height, size_t stride_bytes, int rgba,
                       int compression_level, int strategy, cr_png_filters filters, cr_png_output *out) {
    memset(out, 0, sizeof(*out));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, out, cr_png_error, cr_png_warning);
    if (png == NULL) {
        strcpy(out->error, "libpng could not create a write structure");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        strcpy(out->error, "libpng could not create an info structure");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out->data);
        out->data = NULL;
        out->size = 0;
        out->capacity = 0;
        return -1;
    }

    png_set_write_fn(png, out, cr_png_write, cr_png_flush);
    png_set_IHDR(png, info, width, height, 8, rgba ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    png_set_compression_strategy(png, strategy);
    // Bigger zlib buffers mean fewer calls into the write callback.
    png_set_compression_buffer_size(png, 1 << 20);
    switch (filters) {
    case CR_PNG_FILTERS_NONE:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        break;
    case CR_PNG_FILTERS_SUB:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
        break;
    case CR_PNG_FILTERS_UP:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
        break;
    case CR_PNG_FILTERS_ADAPTIVE:
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
        break;
    }
    png_write_info(png, info);

    // A native 0xXXRRGGBB word is B,G,R,X in memory on little-endian machines and X,R,G,B on
    // big-endian ones; libpng strips the filler byte and reorders while writing each row.
    const uint32_t probe = 1;
    const int little_endian = *(const unsigned char *)&probe == 1;
    if (rgba) {
        /* Already R,G,B,A bytes. */
    } else if (little_endian) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    } else {
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }

    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(row + (size_t)y * stride_bytes));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int cr_png_encode_xrgb(const uint32_t *pixels, uint32_t width, uint32_t height,
                       size_t stride_bytes, int compression_level, int strategy, cr_png_filters filters,
                       cr_png_output *out) {
    return encode_rows((const unsigned char *)pixels, width, height, stride_bytes, 0, compression_level, strategy, filters, out);
}

int cr_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int compression_level,
                       cr_png_filters filters, cr_png_output *out) {
    return encode_rows(rgba, width, height, (size_t)width * 4, 1, compression_level, 0, filters, out);
}

void cr_png_output_free(cr_png_output *out) {
    free(out->data);
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
}

/* Reads `data`'s header and its pixels as `format` (composited on `background` when given) into
 * `*bytes` (rows of `*stride` bytes), with room for the 32-bit result in `*pixels`. On failure
 * it fills out->error, frees what it allocated and returns -1. */
static int read_rows(const unsigned char *data, size_t size, png_uint_32 format, const png_color *background,
                     png_image *image, cr_png_decoded *out, unsigned char **bytes, size_t *stride, uint32_t **pixels) {
    memset(out, 0, sizeof(*out));
    memset(image, 0, sizeof(*image));
    image->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(image, data, size)) {
        strncpy(out->error, image->message, sizeof(out->error) - 1);
        return -1;
    }
    if (image->width == 0 || image->height == 0 || image->width > 32768 || image->height > 32768) {
        snprintf(out->error, sizeof(out->error), "image size %ux%u is outside 1...32768", image->width, image->height);
        png_image_free(image);
        return -1;
    }
    if (image->format & PNG_FORMAT_FLAG_LINEAR) {
        /* libpng's simplified API takes 16-bit samples for linear light and would gamma-encode
         * them on the way to 8 bits (0x8080 would read as 186, not 128). Renders are 8-bit, so a
         * 16-bit image is refused rather than read wrong. */
        snprintf(out->error, sizeof(out->error),
                 "it has 16 bits per channel; save it with 8 bits per channel, as renders and goldens are");
        png_image_free(image);
        return -1;
    }
    out->had_alpha = (image->format & PNG_FORMAT_FLAG_ALPHA) != 0;
    image->format = format;
    *stride = (size_t)PNG_IMAGE_ROW_STRIDE(*image);
    *bytes = malloc(*stride * image->height);
    *pixels = malloc((size_t)image->width * image->height * sizeof(uint32_t));
    if (*bytes == NULL || *pixels == NULL || !png_image_finish_read(image, background, *bytes, (png_int_32)*stride, NULL)) {
        strncpy(out->error, *bytes && *pixels ? image->message : "out of memory while decoding PNG", sizeof(out->error) - 1);
        free(*bytes);
        free(*pixels);
        png_image_free(image);
        return -1;
    }
    return 0;
}

int cr_png_decode_xrgb(const unsigned char *data, size_t size, cr_png_decoded *out) {
    png_image image;
    unsigned char *rgb;
    size_t stride;
    uint32_t *pixels;
    png_color white = {255, 255, 255};
    if (read_rows(data, size, PNG_FORMAT_RGB, &white, &image, out, &rgb, &stride, &pixels) != 0) {
        return -1;
    }
    for (uint32_t y = 0; y < image.height; y++) {
        const unsigned char *row = rgb + (size_t)y * stride;
        uint32_t *target = pixels + (size_t)y * image.width;
        for (uint32_t x = 0; x < image.width; x++) {
            target[x] = 0xFF000000u | ((uint32_t)row[3 * x] << 16) | ((uint32_t)row[3 * x + 1] << 8) | row[3 * x + 2];
        }
    }
    free(rgb);
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    return 0;
}

void cr_png_decoded_free(cr_png_decoded *out) {
    free(out->pixels);
    out->pixels = NULL;
}

const char *cr_png_library_version(void) {
    return png_get_libpng_ver(NULL);
}

int cr_png_decode_premultiplied_argb(const unsigned char *data, size_t size, cr_png_decoded *out) {
    png_image image;
    unsigned char *rgba;
    size_t stride;
    uint32_t *pixels;
    if (read_rows(data, size, PNG_FORMAT_RGBA, NULL, &image, out, &rgba, &stride, &pixels) != 0) {
        return -1;
    }
    for (uint32_t y = 0; y < image.height; y++) {
        const unsigned char *row = rgba + (size_t)y * stride;
        uint32_t *target = pixels + (size_t)y * image.width;
        for (uint32_t x = 0; x < image.width; x++) {
            const uint32_t a = row[4 * x + 3];
            const uint32_t r = (row[4 * x] * a + 127) / 255;
            const uint32_t g = (row[4 * x + 1] * a + 127) / 255;
            const uint32_t b = (row[4 * x + 2] * a + 127) / 255;
            target[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
    free(rgba);
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    return 0;
}

#include "FastPNG.h"
#include "Deflate.h"

#include <isa-l.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

/// Bytes converted and compressed at a time: small enough to stay in the L2 cache.
enum { BAND_BYTES = 128 * 1024 };

static int fail(cr_fastpng_output *out, const char *message) {
    snprintf(out->error, sizeof out->error, "%s", message);
    free(out->data);
    out->data = NULL;
    out->size = out->capacity = 0;
    return -1;
}

/// Makes room for `extra` more bytes; the data stays on a 64-byte boundary.
static int reserve(cr_fastpng_output *out, size_t extra) {
    if (out->size + extra <= out->capacity) return 0;
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->size + extra) capacity *= 2;
    void *grown = NULL;
    if (posix_memalign(&grown, 64, capacity) != 0) return -1;
    if (out->size) memcpy(grown, out->data, out->size);
    free(out->data);
    out->data = grown;
    out->capacity = capacity;
    return 0;
}

/// `reserve` for the compressor, which sees the buffer as three fields.
static int grow(unsigned char **data, size_t *size, size_t *capacity, size_t extra) {
    cr_fastpng_output view = { .data = *data, .size = *size, .capacity = *capacity };
    if (reserve(&view, extra)) return -1;
    *data = view.data;
    *capacity = view.capacity;
    return 0;
}

static void put32(unsigned char *at, uint32_t value) {
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
}

/// Appends a whole chunk: length, type, data, CRC-32 of type and data.
static int chunk(cr_fastpng_output *out, const char type[4], const unsigned char *data, uint32_t length) {
    if (reserve(out, (size_t)length + 12)) return -1;
    unsigned char *at = out->data + out->size;
    put32(at, length);
    memcpy(at + 4, type, 4);
    if (length) memcpy(at + 8, data, length);
    put32(at + 8 + length, crc32_gzip_refl(0, at + 4, (uint64_t)length + 4));
    out->size += (size_t)length + 12;
    return 0;
}

#if defined(__x86_64__)
__attribute__((target("ssse3")))
static void xrgb_to_rgb_ssse3(const uint32_t *source, unsigned char *target, uint32_t width) {
    // Little-endian 0xXXRRGGBB words are B, G, R, X in memory: keep R, G, B of each pixel.
    const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    uint32_t x = 0;
    // Each store writes 16 bytes of which 12 are kept, so stop while 4 spare bytes remain.
    for (; x + 6 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(source + x));
        _mm_storeu_si128((__m128i *)(target + 3 * x), _mm_shuffle_epi8(pixels, order));
    }
    for (; x < width; x++) {
        uint32_t p = source[x];
        target[3 * x] = (unsigned char)(p >> 16);
        target[3 * x + 1] = (unsigned char)(p >> 8);
        target[3 * x + 2] = (unsigned char)p;
    }
}
#endif

static void xrgb_to_rgb(const uint32_t *source, unsigned char *target, uint32_t width) {
#if defined(__x86_64__)
    static int ssse3 = -1;
    if (ssse3 < 0) ssse3 = __builtin_cpu_supports("ssse3") ? 1 : 0;
    if (ssse3) {
        xrgb_to_rgb_ssse3(source, target, width);
        return;
    }
#elif defined(__aarch64__)
    uint32_t x = 0;
    for (; x + 16 <= width; x += 16) {
        uint8x16x4_t bgrx = vld4q_u8((const uint8_t *)(source + x));
        uint8x16x3_t rgb = { { bgrx.val[2], bgrx.val[1], bgrx.val[0] } };
        vst3q_u8(target + 3 * x, rgb);
    }
    for (; x < width; x++) {
        uint32_t p = source[x];
        target[3 * x] = (unsigned char)(p >> 16);
        target[3 * x + 1] = (unsigned char)(p >> 8);
        target[3 * x + 2] = (unsigned char)p;
    }
    return;
#endif
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = source[x];
        target[3 * x] = (unsigned char)(p >> 16);
        target[3 * x + 1] = (unsigned char)(p >> 8);
        target[3 * x + 2] = (unsigned char)p;
    }
}

/// Adler-32 of a band's rows, skipping the arithmetic over rows of zeros (a repeated row under the
/// Up filter): `n` zero bytes leave the first sum as it is and add `n` times it to the second.
static uint32_t band_adler32(uint32_t adler, const unsigned char *band, uint32_t rows, size_t row_bytes) {
    const uint32_t modulus = 65521;
    uint32_t r = 0;
    while (r < rows) {
        const unsigned char *row = band + (size_t)r * row_bytes;
        if (row[0] == 2) {
            uint32_t a = adler & 0xFFFF, b = adler >> 16;
            a = (a + 2) % modulus;
            b = (uint32_t)(((uint64_t)b + a + (uint64_t)(row_bytes - 1) % modulus * a) % modulus);
            adler = (b << 16) | a;
            r++;
            continue;
        }
        uint32_t end = r + 1;
        while (end < rows && band[(size_t)end * row_bytes] != 2) end++;
        adler = isal_adler32(adler, row, (uint64_t)(end - r) * row_bytes);
        r = end;
    }
    return adler;
}

int cr_fastpng_encode(const void *pixels, uint32_t width, uint32_t height, size_t stride_bytes, cr_fastpng_format format,
                      cr_fastpng_output *out) {
    memset(out, 0, sizeof *out);
    if (!pixels || width == 0 || height == 0 || width > 0x7FFFFFFF / 4 || height > 0x7FFFFFFF) {
        return fail(out, "the image must be at least 1×1 pixels and fit PNG's limits");
    }
    const size_t channels = format == CR_FASTPNG_RGBA ? 4 : 3;
    const size_t pixel_bytes = 4; // an XRGB word or four RGBA bytes
    const size_t row_bytes = 1 + channels * width;
    if (stride_bytes < pixel_bytes * width) return fail(out, "the row stride is shorter than a row");
    const size_t raw_bytes = row_bytes * height;
    size_t band_rows = BAND_BYTES / row_bytes;
    if (band_rows < 1) band_rows = 1;

    // Stream positions are 32-bit; screens are far smaller.
    if (raw_bytes > 0x7FFFFFFF) return fail(out, "the image is larger than this encoder's 2 GB of row data");
    // Screens compress to a few hundred kilobytes; the compressor asks for more when it needs it.
    if (reserve(out, 256 * 1024)) return fail(out, "out of memory for the PNG");
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    memcpy(out->data, signature, 8);
    out->size = 8;
    unsigned char header[13];
    put32(header, width);
    put32(header + 4, height);
    header[8] = 8;                                         // bits per channel
    header[9] = format == CR_FASTPNG_RGBA ? 6 : 2;         // RGBA or RGB
    header[10] = header[11] = header[12] = 0;              // deflate, adaptive filtering, no interlace
    if (chunk(out, "IHDR", header, 13)) return fail(out, "out of memory for the PNG");

    // The IDAT chunk is written in place: its length is filled in at the end.
    size_t idat_start = out->size;
    out->size += 8;
    memcpy(out->data + idat_start + 4, "IDAT", 4);
    out->data[out->size++] = 0x78;                         // zlib: deflate, 32 KB window
    out->data[out->size++] = 0x01;                         // fastest level; (0x7801 % 31 == 0)

    cr_deflate *deflate = cr_deflate_new(band_rows * row_bytes);
    if (!deflate) return fail(out, "out of memory for the PNG encoder");
    uint32_t adler = 1;
    int status = 0;
    const unsigned char *base = pixels;
    for (uint32_t first = 0; first < height && status == 0; first += (uint32_t)band_rows) {
        uint32_t rows = height - first < band_rows ? height - first : (uint32_t)band_rows;
        unsigned char *band = cr_deflate_input(deflate, (size_t)rows * row_bytes);
        for (uint32_t r = 0; r < rows; r++) {
            uint32_t y = first + r;
            const unsigned char *source = base + (size_t)y * stride_bytes;
            unsigned char *target = band + (size_t)r * row_bytes;
            if (y > 0 && memcmp(source, source - stride_bytes, pixel_bytes * width) == 0) {
                // Filter Up on a row equal to the one above: every byte is zero.
                target[0] = 2;
                memset(target + 1, 0, row_bytes - 1);
            } else if (format == CR_FASTPNG_RGBA) {
                target[0] = 0;
                memcpy(target + 1, source, 4 * (size_t)width);
            } else {
                target[0] = 0;
                xrgb_to_rgb((const uint32_t *)source, target + 1, width);
            }
        }
        adler = band_adler32(adler, band, rows, row_bytes);
        if (cr_deflate_run(deflate, first + rows >= height, &out->data, &out->size, &out->capacity, grow) != 0) status = -2;
    }
    cr_deflate_free(deflate);
    if (status == -2) return fail(out, "out of memory for the PNG");

    if (reserve(out, 4 + 12 + 4)) return fail(out, "out of memory for the PNG");
    put32(out->data + out->size, adler);
    out->size += 4;
    size_t idat_length = out->size - idat_start - 8;
    if (idat_length > 0x7FFFFFFF) return fail(out, "the image is too large for one PNG chunk");
    put32(out->data + idat_start, (uint32_t)idat_length);
    put32(out->data + out->size, crc32_gzip_refl(0, out->data + idat_start + 4, (uint64_t)idat_length + 4));
    out->size += 4;
    if (chunk(out, "IEND", NULL, 0)) return fail(out, "out of memory for the PNG");
    return 0;
}

void cr_fastpng_output_free(cr_fastpng_output *out) {
    free(out->data);
    out->data = NULL;
    out->size = out->capacity = 0;
}

void cr_fastpng_keep_freed_screens(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

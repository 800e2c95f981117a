#ifndef CONSENTRENDER_FASTPNG_H
#define CONSENTRENDER_FASTPNG_H

#include <stddef.h>
#include <stdint.h>

/// How the pixels handed to `cr_fastpng_encode` are laid out.
typedef enum {
    /// Native-endian 32-bit 0xXXRRGGBB words (Cairo's RGB24): written as 8-bit RGB (colour type 2).
    CR_FASTPNG_XRGB = 0,
    /// R, G, B, A bytes with straight alpha: written as 8-bit RGBA (colour type 6).
    CR_FASTPNG_RGBA = 1
} cr_fastpng_format;

/// PNG bytes from `cr_fastpng_encode`; free with `cr_fastpng_output_free`.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char error[256];
} cr_fastpng_output;

/// Encodes `height` rows of `width` pixels (rows `stride_bytes` apart) into a PNG: signature,
/// IHDR, one IDAT (a zlib stream: header, raw deflate, Adler-32), IEND, and nothing else (no time
/// or text). Rows are converted in bands that stay in cache; a row equal to the one above is written
/// with the Up filter (all zeros), every other row unfiltered. Deflate is ISA-L's level 0, with a
/// Huffman table made for screens, through its stateful API (`isal_deflate_init` on each stream),
/// except that a run of repeated rows goes as a small block of distance-1 copies written here
/// (level 1 was not repeatable: see FastPNG.c). The bytes depend only on the pixels and on which
/// of ISA-L's code paths the CPU selects (SSE, AVX2, AVX-512). Returns 0, or -1 with a sentence in
/// `out->error`.
///
/// `known_repeats`, when not NULL, has one byte per row: non-zero where the caller knows the row
/// equals the one above (the painter does, from what it drew); such rows are not compared or read.
/// Other rows are compared as usual, so the bytes are the same with or without it, as long as every
/// row it names does repeat.
int cr_fastpng_encode(const void *pixels, uint32_t width, uint32_t height, size_t stride_bytes, cr_fastpng_format format,
                      const unsigned char *known_repeats, cr_fastpng_output *out);

void cr_fastpng_output_free(cr_fastpng_output *out);

/// The same encoder fed a few rows at a time, so a caller can paint an image in bands that stay in
/// cache and never hold all of it: the bytes are those `cr_fastpng_encode` writes for the same rows.
typedef struct cr_fastpng_stream cr_fastpng_stream;

/// Starts a `width`×`height` PNG; NULL with a sentence in `out->error` when it cannot.
cr_fastpng_stream *cr_fastpng_stream_begin(uint32_t width, uint32_t height, cr_fastpng_format format, cr_fastpng_output *out);

/// The next `count` rows, `stride_bytes` apart from `rows`. `known_repeats`, when not NULL, has a
/// byte per one of these rows, non-zero where the row equals the one above; such rows are not read,
/// and `rows` may be NULL when every row is so named. Returns 0, or non-zero after which `finish`
/// reports the failure.
int cr_fastpng_stream_rows(cr_fastpng_stream *s, const void *rows, uint32_t count, size_t stride_bytes,
                           const unsigned char *known_repeats);

/// Ends the PNG (every row must have been given) and frees the stream: 0 with the bytes in `out`,
/// or -1 with a sentence in `out->error`.
int cr_fastpng_stream_finish(cr_fastpng_stream *s, cr_fastpng_output *out);

/// Frees a stream that will not be finished.
void cr_fastpng_stream_cancel(cr_fastpng_stream *s);

/// Asks glibc to keep freed screen-sized blocks in the process heap instead of returning them to
/// the kernel, which zeroes every page again for the next screen. For a command-line process.
void cr_fastpng_keep_freed_screens(void);

/// Gives the pages of freed memory back to the kernel (glibc's `malloc_trim`), which keeping freed
/// screens otherwise holds: see `ConsentRenderer.releaseFreedMemory`.
void cr_fastpng_release_freed_memory(void);

/// CRC-64 (ECMA-182, reflected, as xz uses it) of `length` bytes, continuing from `crc` (0 to
/// start): ISA-L's, at memory speed. The ownership ledger's checksum of each file it lists.
uint64_t cr_crc64(uint64_t crc, const void *data, size_t length);

#endif

#ifndef CONSENTRENDER_DEFLATE_H
#define CONSENTRENDER_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// The project's own raw-deflate (RFC 1951) compressor for PNG image data: greedy LZ77 with one
/// hash candidate per 4-byte sequence, dynamic Huffman blocks. Written for screenshots (long runs,
/// rows repeating rows above) and for determinism: its output is a pure function of its input
/// bytes, whatever the memory addresses, threads or CPU features. Input arrives in pieces
/// (`cr_deflate_input` then `cr_deflate_run`); output is appended to a growing buffer.
typedef struct cr_deflate cr_deflate;

/// A compressor, or NULL when out of memory. `piece_capacity` is the largest piece that will be
/// written through `cr_deflate_input`.
cr_deflate *cr_deflate_new(size_t piece_capacity);
void cr_deflate_free(cr_deflate *deflate);

/// Where the next `length` (at most `piece_capacity`) input bytes are to be written.
unsigned char *cr_deflate_input(cr_deflate *deflate, size_t length);

/// Compresses what has been written (all of it when `final`, else all but a look-ahead kept for
/// the next piece), appending to `*out` (of `*size` bytes used and `*capacity` allocated, grown
/// with `realloc`-like `grow`). Returns 0, or -1 when out of memory.
int cr_deflate_run(cr_deflate *deflate, int final, unsigned char **out, size_t *size, size_t *capacity,
                   int (*grow)(unsigned char **out, size_t *size, size_t *capacity, size_t extra));

#endif

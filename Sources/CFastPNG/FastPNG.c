#include "FastPNG.h"

#include <isa-l.h>
#if defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
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

/// Adler-32 after a repeated row (the Up filter's 2, then zeros) without reading it: `n` zero
/// bytes leave the first sum as it is and add `n` times it to the second.
static uint32_t adler32_repeated_row(uint32_t adler, size_t row_bytes) {
    const uint32_t modulus = 65521;
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    a = (a + 2) % modulus;
    b = (uint32_t)(((uint64_t)b + a + (uint64_t)(row_bytes - 1) % modulus * a) % modulus);
    return (b << 16) | a;
}

/// Adler-32 of a band's rows: ISA-L's over new rows, arithmetic over repeated ones (the only rows
/// with filter byte 2).
static uint32_t band_adler32(uint32_t adler, const unsigned char *band, uint32_t rows, size_t row_bytes) {
    uint32_t r = 0;
    while (r < rows) {
        const unsigned char *row = band + (size_t)r * row_bytes;
        if (row[0] == 2) {
            adler = adler32_repeated_row(adler, row_bytes);
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

// MARK: Runs of repeated rows
//
// A repeated row goes as Up-filtered zeros. ISA-L's match finder copies such rows from the
// row above, a distance that costs 11 to 13 extra bits per 258 bytes, where a run of zeros at
// distance 1 costs 2 bits in a block whose code is made for it. So a long run of repeated rows is
// written here as one such block between ISA-L's blocks: ISA-L's stream is ended with a sync flush
// (byte-aligned), the run block follows, an empty stored block aligns it again, and ISA-L starts a
// fresh stream, whose matches never reach back before it.

/// Runs of at least this many rows get a run block. Measured on 320 screens (four samples, four
/// devices, four languages, both orientations and appearances): from 2 rows 45.07 MB in all,
/// from 8 rows 45.30, from 32 rows 47.02, ISA-L alone 54.66, the time the same within 3 % (with
/// ISA-L's level 1, before the change to level 0 below).
enum { RUN_ROWS_MIN = 2 };

typedef struct {
    cr_fastpng_output *out;
    uint64_t bits;
    unsigned count;
} bit_writer;

static int put_bits(bit_writer *w, uint32_t value, unsigned length) {
    w->bits |= (uint64_t)value << w->count;
    w->count += length;
    while (w->count >= 8) {
        if (reserve(w->out, 1)) return -1;
        w->out->data[w->out->size++] = (unsigned char)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    return 0;
}

/// Pads to a byte boundary.
static int align_bits(bit_writer *w) {
    return w->count ? put_bits(w, 0, 8 - w->count) : 0;
}

/// A Huffman code `length` bits long, written most significant bit first as deflate stores codes.
static int put_code(bit_writer *w, uint32_t code, unsigned length) {
    uint32_t reversed = 0;
    for (unsigned i = 0; i < length; i++) reversed |= ((code >> i) & 1u) << (length - 1 - i);
    return put_bits(w, reversed, length);
}

/// Canonical Huffman codes (RFC 1951, 3.2.2) for `count` symbols of `lengths`.
static void canonical_codes(const unsigned char *lengths, int count, uint32_t *codes) {
    unsigned lengths_of[16] = { 0 }, next[16] = { 0 };
    for (int s = 0; s < count; s++) lengths_of[lengths[s]]++;
    lengths_of[0] = 0;
    uint32_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + lengths_of[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int s = 0; s < count; s++) codes[s] = lengths[s] ? next[lengths[s]]++ : 0;
}

/// Deflate's length code and extra bits for a match of 3…258 bytes.
static void length_symbol(unsigned length, int *symbol, unsigned *extra, unsigned *extra_bits) {
    static const unsigned short base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258 };
    static const unsigned char bits[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                            4, 4, 4, 4, 5, 5, 5, 5, 0 };
    int i = 28;
    while (base[i] > length) i--;
    *symbol = 257 + i;
    *extra = length - base[i];
    *extra_bits = bits[i];
}

/// Writes `rows` repeated rows (filter byte 2, then zeros) as one dynamic-Huffman block starting on
/// a byte boundary, then aligns again: with an empty stored block, or, for the stream's last
/// block, with padding. Per row: the literal 2, a literal 0, then distance-1 copies of the zero.
static int write_run_block(cr_fastpng_output *out, uint32_t rows, size_t row_bytes, int final) {
    const size_t zeros = row_bytes - 2;
    const uint32_t full = (uint32_t)(zeros / 258);
    const unsigned rest = (unsigned)(zeros % 258);
    // rest of 1 or 2 go as literal zeros; 3…257 as one more copy.
    int rest_symbol = -1;
    unsigned rest_extra = 0, rest_extra_bits = 0;
    if (rest >= 3) length_symbol(rest, &rest_symbol, &rest_extra, &rest_extra_bits);

    // A complete prefix code over the symbols used; the most frequent gets the shortest code.
    unsigned char lengths[286 + 1] = { 0 };
    enum { LITLEN = 286 };
    lengths[285] = 1;   // a copy of 258
    lengths[0] = 2;     // the zero
    if (rest_symbol >= 0 && rest_symbol != 285) {
        lengths[2] = 3;
        lengths[256] = 4;
        lengths[rest_symbol] = 4;
    } else {
        lengths[2] = 3;
        lengths[256] = 3;
    }
    if (full == 0) {
        // A row too narrow for a whole copy: the same shape, with the zero as the shortest code.
        lengths[285] = 2;
        lengths[0] = 1;
    }
    lengths[LITLEN] = 1; // the one distance code, distance 1
    uint32_t codes[286];
    canonical_codes(lengths, 286, codes);

    bit_writer w = { .out = out };
    if (put_bits(&w, final ? 1 : 0, 1) || put_bits(&w, 2, 2)) return -1;
    // HLIT 286 codes, HDIST 1 code, HCLEN 18 code-length codes.
    if (put_bits(&w, 286 - 257, 5) || put_bits(&w, 0, 5) || put_bits(&w, 18 - 4, 4)) return -1;
    // The code-length code: eight symbols of 3 bits each (0-4, 16, 17, 18), a complete code.
    static const unsigned char order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    unsigned char cl_lengths[19] = { 0 };
    static const unsigned char cl_used[8] = { 0, 1, 2, 3, 4, 16, 17, 18 };
    for (int i = 0; i < 8; i++) cl_lengths[cl_used[i]] = 3;
    for (int i = 0; i < 18; i++) if (put_bits(&w, cl_lengths[order[i]], 3)) return -1;
    uint32_t cl_codes[19];
    canonical_codes(cl_lengths, 19, cl_codes);
    // The 286 + 1 code lengths, runs of zeros as 17 (3-10) and 18 (11-138).
    for (int s = 0; s < LITLEN + 1;) {
        if (lengths[s] != 0) {
            if (put_code(&w, cl_codes[lengths[s]], 3)) return -1;
            s++;
            continue;
        }
        int run = 1;
        while (s + run < LITLEN && lengths[s + run] == 0 && run < 138) run++;
        if (run >= 11) {
            if (put_code(&w, cl_codes[18], 3) || put_bits(&w, (uint32_t)(run - 11), 7)) return -1;
        } else if (run >= 3) {
            if (put_code(&w, cl_codes[17], 3) || put_bits(&w, (uint32_t)(run - 3), 3)) return -1;
        } else {
            run = 1;
            if (put_code(&w, cl_codes[0], 3)) return -1;
        }
        s += run;
    }
    // The rows. The distance code (0, one bit long) is the bit 0.
    for (uint32_t r = 0; r < rows; r++) {
        if (put_code(&w, codes[2], lengths[2]) || put_code(&w, codes[0], lengths[0])) return -1;
        for (uint32_t m = 0; m < full; m++) {
            if (put_code(&w, codes[285], lengths[285]) || put_bits(&w, 0, 1)) return -1;
        }
        if (rest_symbol >= 0) {
            if (put_code(&w, codes[rest_symbol], lengths[rest_symbol]) || put_bits(&w, rest_extra, rest_extra_bits)
                || put_bits(&w, 0, 1)) return -1;
        } else {
            for (unsigned z = 0; z < rest; z++) if (put_code(&w, codes[0], lengths[0])) return -1;
        }
    }
    if (put_code(&w, codes[256], lengths[256])) return -1;
    if (!final) {
        // An empty stored block: its header, padding to the byte, LEN 0 and NLEN 0xFFFF.
        if (put_bits(&w, 0, 3) || align_bits(&w) || put_bits(&w, 0, 16) || put_bits(&w, 0xFFFF, 16)) return -1;
    }
    return align_bits(&w);
}

// MARK: The screens' Huffman code

// ISA-L's level 0 codes with one Huffman table for the whole stream; its default is made for text.
// This one is made by `isal_create_hufftables` from the symbol counts below, which
// `isal_update_histogram` gave on 2026-12-03 for the rows of 96 renders, in 1 MB pieces: world-agreement
// (iphone-15-pro, ipad-pro-13, iphone-se-3, iphone-16-pro-max; en, zh-Hans, ja, ar; both orientations
// and appearances) and launch-consent (the same devices; en, zh-Hans; every screen), runs of two or
// more repeated rows left out as the writer leaves them to its run blocks. On 240 other screens
// (privacy-agreement) it made the files 8.7 % smaller than ISA-L's default table (68.97 against
// 75.58 MB). Every symbol has a code, so any image can be written; the counts are data, not a
// tuning knob: change them only by measuring again.
static const uint32_t screen_literal_length_counts[ISAL_DEF_LIT_LEN_SYMBOLS] = {
    135704, 20898, 17452, 14350, 14706, 13798, 11386, 11991, 10736, 10469, 14321, 14422, 14448,
    11365, 13990, 12415, 12458, 10707, 10154, 10828, 11912, 9278, 10910, 8810, 10198, 9961, 9916,
    10371, 9364, 10304, 9807, 9178, 10521, 9580, 9712, 10043, 10113, 8998, 10181, 11066, 10441,
    9599, 11343, 12249, 57242, 28214, 50998, 27792, 31364, 23799, 22570, 25889, 20436, 24650,
    18660, 22086, 25658, 23557, 22266, 21878, 22751, 25544, 22193, 21150, 25338, 17925, 24044,
    17834, 18226, 16849, 22412, 19285, 15895, 16483, 15288, 19651, 17803, 16009, 16152, 14959,
    22869, 15402, 14929, 16443, 15157, 21467, 16732, 15600, 15433, 18182, 18866, 15211, 16172,
    14855, 21088, 14985, 16912, 15588, 17765, 18393, 15698, 15012, 14362, 15927, 19330, 15056,
    15524, 18042, 14270, 19387, 14213, 15326, 16608, 14739, 20008, 15306, 16568, 15193, 16732,
    15941, 14861, 15976, 17733, 21756, 17129, 15817, 16638, 16786, 20714, 17220, 18514, 17818,
    18406, 19319, 16672, 16988, 16650, 17720, 17289, 17110, 17496, 15977, 28930, 16429, 20134,
    19473, 16823, 23475, 19009, 16669, 14050, 15674, 18853, 17077, 15920, 16448, 16574, 18484,
    13573, 15044, 15684, 15830, 16252, 14290, 13550, 14432, 18086, 13199, 16040, 15700, 16007,
    19034, 15495, 14408, 14652, 15622, 17950, 14153, 13612, 15147, 15759, 16911, 13643, 14308,
    14483, 19578, 14287, 15082, 15076, 16490, 16785, 14957, 15816, 14655, 15384, 17801, 15753,
    15358, 16421, 15475, 17670, 14182, 16336, 16207, 14743, 19280, 17021, 16804, 16232, 18219,
    14239, 15309, 17477, 15733, 19884, 16249, 18528, 15110, 15441, 18759, 18489, 22236, 20312,
    19642, 23628, 20535, 19828, 21203, 20359, 24512, 20869, 17201, 16868, 22407, 19329, 21122,
    19885, 19523, 22738, 21682, 21134, 21750, 23807, 25845, 23380, 22784, 23232, 23382, 30594,
    24795, 27520, 31267, 33804, 45620, 43898, 240290, 340, 0, 91061, 41322, 305531, 22059, 42297,
    231572, 21454, 171570, 28086, 110085, 91839, 92839, 81294, 96624, 49396, 100602, 58119, 57353,
    45785, 73710, 44453, 42512, 31837, 58180, 45369, 44326, 886470, 13
};
static const uint32_t screen_distance_counts[ISAL_DEF_DIST_SYMBOLS] = {
    78241, 4623, 75999, 2119, 69033, 6754, 84102, 41844, 111551, 69936, 142142, 77482, 109620,
    68100, 99265, 850429, 63251, 49953, 59892, 32042, 42943, 41058, 65749, 137694, 57999, 146232,
    118643, 68831, 108138, 82093
};

static struct isal_hufftables screen_tables;
static int screen_tables_status = -1;
static pthread_once_t screen_tables_once = PTHREAD_ONCE_INIT;

static void make_screen_tables(void) {
    struct isal_huff_histogram histogram;
    memset(&histogram, 0, sizeof histogram);
    for (int i = 0; i < ISAL_DEF_LIT_LEN_SYMBOLS; i++) histogram.lit_len_histogram[i] = screen_literal_length_counts[i];
    for (int i = 0; i < ISAL_DEF_DIST_SYMBOLS; i++) histogram.dist_histogram[i] = screen_distance_counts[i];
    screen_tables_status = isal_create_hufftables(&screen_tables, &histogram);
}

// MARK: ISA-L

// Level 0, not level 1. ISA-L 2.30's level 1 (its intermediate-code path, the only one with a
// level buffer) chose a different match of the same length now and then for the same input: about
// 1 in 100 encodes of an iPad or Pro Max screen on this machine's AVX2 code, varying from one run
// to the next of the same program, on two threads or one, under valgrind too (which reported no
// read of unset memory), whatever the alignment of the stream, level buffer, input and output, and
// with every buffer zeroed or filled with noise. Its files decoded to the same rows but were not
// the same bytes, and `--jobs` changed them. Level 0 gave the same bytes in every one of 2,440
// such encodes (two threads, 40 screens), and with the screens' table above its files are 1.06×
// those of the project's earlier own encoder on 240 matrix screens (level 1: 0.97×).
typedef struct {
    struct isal_zstream stream;
    int fed;  // input given since the stream started
} compressor;

static int compressor_start(compressor *c) {
    // isal_deflate_init sets every field, hist_bits among them (ISA-L 2.30's stateless init does
    // not: leftover memory there shrank the window now and then).
    isal_deflate_init(&c->stream);
    c->stream.level = 0;
    c->stream.hufftables = &screen_tables;
    c->stream.gzip_flag = IGZIP_DEFLATE;
    c->stream.flush = NO_FLUSH;
    c->fed = 0;
    return 0;
}

/// Compresses `length` bytes; `flush` is NO_FLUSH, SYNC_FLUSH (end the stream's output on a byte
/// boundary, to continue with a run block) or -1 for the end of the image. Returns 0, -1 when out
/// of memory, -2 when ISA-L reports an error.
static int compressor_feed(compressor *c, cr_fastpng_output *out, const unsigned char *data, size_t length, int flush) {
    struct isal_zstream *s = &c->stream;
    s->next_in = (uint8_t *)data;
    s->avail_in = (uint32_t)length;
    s->end_of_stream = flush < 0;
    s->flush = flush < 0 ? NO_FLUSH : flush;
    if (length) c->fed = 1;
    for (;;) {
        if (reserve(out, 64 * 1024)) return -1;
        s->next_out = out->data + out->size;
        s->avail_out = (uint32_t)(out->capacity - out->size);
        if (isal_deflate(s) != COMP_OK) return -2;
        out->size = out->capacity - s->avail_out;
        if (s->avail_in > 0) continue;
        if (flush < 0) {
            if (s->internal_state.state == ZSTATE_END) return 0;
        } else if (s->avail_out > 0 && (flush == NO_FLUSH || s->internal_state.state == ZSTATE_NEW_HDR)) {
            return 0;
        }
    }
}

// MARK: The stream

struct cr_fastpng_stream {
    cr_fastpng_output out;
    compressor c;
    cr_fastpng_format format;
    uint32_t width, height;
    uint32_t y;              // rows received
    uint32_t pending;        // rows received that repeat the one above, not yet written
    size_t row_bytes;        // a scanline: filter byte and pixels
    size_t band_rows;
    uint32_t in_band;
    unsigned char *band;     // scanlines waiting for the compressor
    unsigned char *previous; // the last row read, for comparing the next chunk's first row
    size_t idat_start;
    uint32_t adler;
    int status;              // 0, -1 out of memory, -2 ISA-L's error
};

static const size_t pixel_bytes = 4; // an XRGB word or four RGBA bytes

/// One scanline into the band: `row`'s pixels, or (NULL) a repeated row, Up-filtered zeros.
static int stream_scanline(cr_fastpng_stream *s, const unsigned char *row) {
    unsigned char *target = s->band + (size_t)s->in_band * s->row_bytes;
    if (!row) {
        // Filter Up on a row equal to the one above: every byte is zero.
        target[0] = 2;
        memset(target + 1, 0, s->row_bytes - 1);
    } else if (s->format == CR_FASTPNG_RGBA) {
        target[0] = 0;
        memcpy(target + 1, row, 4 * (size_t)s->width);
    } else {
        target[0] = 0;
        xrgb_to_rgb((const uint32_t *)row, target + 1, s->width);
    }
    if (++s->in_band == s->band_rows) {
        s->adler = band_adler32(s->adler, s->band, s->in_band, s->row_bytes);
        int status = compressor_feed(&s->c, &s->out, s->band, (size_t)s->in_band * s->row_bytes, NO_FLUSH);
        if (status) return status;
        s->in_band = 0;
    }
    return 0;
}

/// Writes the pending repeated rows: a run block when there are enough of them (`final` when they
/// end the image), else Up-filtered rows in the band.
static int stream_pending(cr_fastpng_stream *s, int final) {
    uint32_t repeated = s->pending;
    s->pending = 0;
    if (repeated < RUN_ROWS_MIN) {
        for (uint32_t r = 0; r < repeated; r++) {
            int status = stream_scanline(s, NULL);
            if (status) return status;
        }
        return 0;
    }
    s->adler = band_adler32(s->adler, s->band, s->in_band, s->row_bytes);
    if (s->c.fed || s->in_band) {
        int status = compressor_feed(&s->c, &s->out, s->band, (size_t)s->in_band * s->row_bytes, SYNC_FLUSH);
        if (status) return status;
    }
    s->in_band = 0;
    if (write_run_block(&s->out, repeated, s->row_bytes, final)) return -1;
    for (uint32_t r = 0; r < repeated; r++) s->adler = adler32_repeated_row(s->adler, s->row_bytes);
    if (!final) compressor_start(&s->c);
    else s->c.fed = -1;  // the stream is complete
    return 0;
}

static void stream_free(cr_fastpng_stream *s) {
    if (!s) return;
    free(s->band);
    free(s->previous);
    cr_fastpng_output_free(&s->out);
    free(s);
}

cr_fastpng_stream *cr_fastpng_stream_begin(uint32_t width, uint32_t height, cr_fastpng_format format, cr_fastpng_output *out) {
    memset(out, 0, sizeof *out);
    if (width == 0 || height == 0 || width > 0x7FFFFFFF / 4 || height > 0x7FFFFFFF) {
        fail(out, "the image must be at least 1×1 pixels and fit PNG's limits");
        return NULL;
    }
    const size_t channels = format == CR_FASTPNG_RGBA ? 4 : 3;
    const size_t row_bytes = 1 + channels * width;
    // ISA-L counts input in 32 bits; screens are far smaller.
    if (row_bytes * height > 0x7FFFFFFF) {
        fail(out, "the image is larger than this encoder's 2 GB of row data");
        return NULL;
    }
    pthread_once(&screen_tables_once, make_screen_tables);
    if (screen_tables_status != 0) {
        fail(out, "ISA-L could not make the screens' Huffman table");
        return NULL;
    }
    cr_fastpng_stream *s = calloc(1, sizeof *s);
    if (!s) {
        fail(out, "out of memory for the PNG encoder");
        return NULL;
    }
    s->format = format;
    s->width = width;
    s->height = height;
    s->row_bytes = row_bytes;
    s->band_rows = BAND_BYTES / row_bytes;
    if (s->band_rows < 1) s->band_rows = 1;
    s->band = malloc(s->band_rows * row_bytes);
    s->previous = malloc(pixel_bytes * width);
    // Screens compress to a few hundred kilobytes; the buffer grows when it needs to.
    if (!s->band || !s->previous || reserve(&s->out, 256 * 1024)) {
        stream_free(s);
        fail(out, "out of memory for the PNG encoder");
        return NULL;
    }
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    memcpy(s->out.data, signature, 8);
    s->out.size = 8;
    unsigned char header[13];
    put32(header, width);
    put32(header + 4, height);
    header[8] = 8;                                         // bits per channel
    header[9] = format == CR_FASTPNG_RGBA ? 6 : 2;         // RGBA or RGB
    header[10] = header[11] = header[12] = 0;              // deflate, adaptive filtering, no interlace
    if (chunk(&s->out, "IHDR", header, 13)) {
        stream_free(s);
        fail(out, "out of memory for the PNG");
        return NULL;
    }
    // The IDAT chunk is written in place: its length is filled in at the end.
    s->idat_start = s->out.size;
    s->out.size += 8;
    memcpy(s->out.data + s->idat_start + 4, "IDAT", 4);
    s->out.data[s->out.size++] = 0x78;                     // zlib: deflate, 32 KB window
    s->out.data[s->out.size++] = 0x01;                     // fastest level; (0x7801 % 31 == 0)
    compressor_start(&s->c);
    s->adler = 1;
    return s;
}

int cr_fastpng_stream_rows(cr_fastpng_stream *s, const void *rows, uint32_t count, size_t stride_bytes,
                           const unsigned char *known_repeats) {
    if (s->status) return s->status;
    if (count > s->height - s->y || (rows && stride_bytes < pixel_bytes * s->width)) return s->status = -3;
    const unsigned char *base = rows;
    // The row a new row is compared with: the last one read (a row known to repeat was not, and
    // equals it).
    const unsigned char *last = s->y > 0 ? s->previous : NULL;
    for (uint32_t r = 0; r < count; r++, s->y++) {
        if (s->y > 0 && known_repeats && known_repeats[r]) {
            s->pending++;
            continue;
        }
        if (!base) return s->status = -3;
        const unsigned char *row = base + (size_t)r * stride_bytes;
        if (last && memcmp(row, last, pixel_bytes * s->width) == 0) {
            s->pending++;
        } else {
            int status = 0;
            if (s->pending) status = stream_pending(s, 0);
            if (!status) status = stream_scanline(s, row);
            if (status) return s->status = status;
        }
        last = row;
    }
    if (last && last != s->previous) memcpy(s->previous, last, pixel_bytes * s->width);
    return 0;
}

int cr_fastpng_stream_finish(cr_fastpng_stream *s, cr_fastpng_output *out) {
    memset(out, 0, sizeof *out);
    int status = s->status;
    if (!status && s->y != s->height) status = -3;
    if (!status && s->pending) status = stream_pending(s, 1);
    if (!status && s->c.fed >= 0) {
        s->adler = band_adler32(s->adler, s->band, s->in_band, s->row_bytes);
        status = compressor_feed(&s->c, &s->out, s->band, (size_t)s->in_band * s->row_bytes, -1);
    }
    if (!status && reserve(&s->out, 4 + 12 + 4)) status = -1;
    size_t idat_length = 0;
    if (!status) {
        put32(s->out.data + s->out.size, s->adler);
        s->out.size += 4;
        idat_length = s->out.size - s->idat_start - 8;
        if (idat_length > 0x7FFFFFFF) status = -4;
    }
    if (!status) {
        put32(s->out.data + s->idat_start, (uint32_t)idat_length);
        put32(s->out.data + s->out.size, crc32_gzip_refl(0, s->out.data + s->idat_start + 4, (uint64_t)idat_length + 4));
        s->out.size += 4;
        if (chunk(&s->out, "IEND", NULL, 0)) status = -1;
    }
    if (status) {
        stream_free(s);
        switch (status) {
        case -2: return fail(out, "ISA-L's deflate reported an error");
        case -3: return fail(out, "the encoder was given rows it cannot take: more than the image's height, a short stride, "
                                  "a row left out that was not known to repeat, or too few rows in all");
        case -4: return fail(out, "the image is too large for one PNG chunk");
        default: return fail(out, "out of memory for the PNG");
        }
    }
    *out = s->out;
    s->out.data = NULL;
    stream_free(s);
    return 0;
}

void cr_fastpng_stream_cancel(cr_fastpng_stream *s) {
    stream_free(s);
}

int cr_fastpng_encode(const void *pixels, uint32_t width, uint32_t height, size_t stride_bytes, cr_fastpng_format format,
                      const unsigned char *known_repeats, cr_fastpng_output *out) {
    if (!pixels) {
        memset(out, 0, sizeof *out);
        return fail(out, "the image must be at least 1×1 pixels and fit PNG's limits");
    }
    if (stride_bytes < pixel_bytes * width) {
        memset(out, 0, sizeof *out);
        return fail(out, "the row stride is shorter than a row");
    }
    cr_fastpng_stream *s = cr_fastpng_stream_begin(width, height, format, out);
    if (!s) return -1;
    cr_fastpng_stream_rows(s, pixels, height, stride_bytes, known_repeats);
    return cr_fastpng_stream_finish(s, out);
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

void cr_fastpng_release_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

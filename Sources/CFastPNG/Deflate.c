#include "Deflate.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    WINDOW = 32768,           // deflate's largest distance
    MIN_MATCH = 4,            // matches start from a 4-byte hash
    MAX_MATCH = 258,
    LOOKAHEAD = MAX_MATCH + 8, // bytes left for the next piece, so a match never stops at a piece's end
    HASH_BITS = 16,
    BLOCK_TOKENS = 1 << 16,   // tokens per dynamic Huffman block
    LITLEN_SYMBOLS = 286,
    DIST_SYMBOLS = 30,
    CODELEN_SYMBOLS = 19,
    SLACK = 16,               // zeroed bytes after the window for 8-byte loads
};

struct cr_deflate {
    unsigned char *window;    // [history | look-ahead | new input], then SLACK bytes
    size_t capacity;
    size_t start;             // stream position of window[0]
    size_t cur;               // next byte to compress
    size_t end;               // bytes written
    uint32_t *head;           // per hash: stream position + 1 of its latest sequence, or 0
    uint64_t *tokens;         // symbols and extra bits, packed by `literal` and `match`
    size_t count;
    uint32_t litlen_freq[LITLEN_SYMBOLS];
    uint32_t dist_freq[DIST_SYMBOLS];
    uint64_t bits;            // output bits not yet stored, first bit lowest
    unsigned bit_count;
};

/// A token holds what writing it needs: bits 0–8 the literal/length symbol, 9–11 and 12–16 the
/// length's extra-bit count and value, 17–21 the distance symbol (NO_DISTANCE for a literal),
/// 22–25 and 26–38 the distance's extra-bit count and value. Literals and matches are then written
/// by the same code, without a branch between them.
#define NO_DISTANCE 30u
static inline uint64_t literal(unsigned byte) { return byte | (uint64_t)NO_DISTANCE << 17; }

static inline uint32_t load32(const unsigned char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t load64(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/// The bit position (from the lowest) of the first byte that differs in a nonzero XOR of two
/// little-endian words, as a byte count.
static inline unsigned first_difference(uint64_t x) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (unsigned)__builtin_clzll(x) >> 3;
#else
    return (unsigned)__builtin_ctzll(x) >> 3;
#endif
}

static inline unsigned floor_log2(uint32_t v) { return 31u - (unsigned)__builtin_clz(v); }

/// Length 3…258 as symbol 257…285, its extra bits and their value (RFC 1951 3.2.5).
static inline void length_code(uint32_t length, unsigned *symbol, unsigned *extra_bits, uint32_t *extra) {
    if (length == MAX_MATCH) { *symbol = 285; *extra_bits = 0; *extra = 0; return; }
    uint32_t l = length - 3;
    if (l < 8) { *symbol = 257 + l; *extra_bits = 0; *extra = 0; return; }
    unsigned n = floor_log2(l);
    *symbol = 257 + 4 * (n - 1) + ((l >> (n - 2)) & 3);
    *extra_bits = n - 2;
    *extra = l & ((1u << (n - 2)) - 1);
}

/// Distance 1…32768 as symbol 0…29, its extra bits and their value.
static inline void distance_code(uint32_t distance, unsigned *symbol, unsigned *extra_bits, uint32_t *extra) {
    uint32_t d = distance - 1;
    if (d < 4) { *symbol = d; *extra_bits = 0; *extra = 0; return; }
    unsigned n = floor_log2(d);
    *symbol = 2 * n + ((d >> (n - 1)) & 1);
    *extra_bits = n - 1;
    *extra = d & ((1u << (n - 1)) - 1);
}

/// The token of a match of `length` at `distance`; its two symbols in `*length_symbol` and
/// `*distance_symbol` for the block's counts.
static inline uint64_t match(uint32_t length, uint32_t distance, unsigned *length_symbol, unsigned *distance_symbol) {
    unsigned length_bits, distance_bits;
    uint32_t length_extra, distance_extra;
    length_code(length, length_symbol, &length_bits, &length_extra);
    distance_code(distance, distance_symbol, &distance_bits, &distance_extra);
    return *length_symbol | (uint64_t)length_bits << 9 | (uint64_t)length_extra << 12 | (uint64_t)*distance_symbol << 17 |
           (uint64_t)distance_bits << 22 | (uint64_t)distance_extra << 26;
}

/// Code lengths of at most `limit` bits for `n` symbols of frequencies `freq` (at least two
/// nonzero), as a complete prefix code: Huffman's tree, then lengths over the limit moved down
/// and the code refilled, longest codes to the rarest symbols. Ties break by symbol number.
static void code_lengths(const uint32_t *freq, unsigned n, unsigned limit, unsigned char *lengths) {
    unsigned symbols[LITLEN_SYMBOLS];
    unsigned m = 0;
    memset(lengths, 0, n);
    for (unsigned s = 0; s < n; s++) if (freq[s]) symbols[m++] = s;
    // Insertion sort by frequency, then symbol: at most 286 entries, mostly few.
    for (unsigned i = 1; i < m; i++) {
        unsigned s = symbols[i], j = i;
        while (j > 0 && (freq[symbols[j - 1]] > freq[s] || (freq[symbols[j - 1]] == freq[s] && symbols[j - 1] > s))) {
            symbols[j] = symbols[j - 1];
            j--;
        }
        symbols[j] = s;
    }
    // Two-queue Huffman: leaves in order, internal nodes appended in order of creation.
    uint64_t weight[2 * LITLEN_SYMBOLS];
    unsigned parent[2 * LITLEN_SYMBOLS];
    unsigned depth[2 * LITLEN_SYMBOLS];
    for (unsigned i = 0; i < m; i++) weight[i] = freq[symbols[i]];
    unsigned leaf = 0, node = m, next = m;
    for (unsigned k = 0; k + 1 < m; k++) {
        unsigned pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < m && (node >= next || weight[leaf] <= weight[node])) pick[t] = leaf++;
            else pick[t] = node++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    unsigned root = 2 * m - 2;
    depth[root] = 0;
    for (unsigned i = root; i-- > 0;) depth[i] = depth[parent[i]] + 1;

    // Count codes per length with the limit applied, then make the code complete again.
    uint32_t per_length[16] = { 0 };
    for (unsigned i = 0; i < m; i++) per_length[depth[i] > limit ? limit : depth[i]]++;
    uint64_t kraft = 0, full = (uint64_t)1 << limit;
    for (unsigned b = 1; b <= limit; b++) kraft += (uint64_t)per_length[b] << (limit - b);
    while (kraft > full) {
        unsigned b = limit - 1;
        while (per_length[b] == 0) b--;
        per_length[b]--;
        per_length[b + 1]++;
        kraft -= (uint64_t)1 << (limit - b - 1);
    }
    while (kraft < full) {
        unsigned b = limit;
        while (per_length[b] == 0 || ((uint64_t)1 << (limit - b)) > full - kraft) b--;
        per_length[b]--;
        per_length[b - 1]++;
        kraft += (uint64_t)1 << (limit - b);
    }
    // Rarest symbols (first in `symbols`) take the longest codes.
    unsigned i = 0;
    for (unsigned b = limit; b >= 1; b--) {
        for (uint32_t c = 0; c < per_length[b]; c++) lengths[symbols[i++]] = (unsigned char)b;
    }
}

/// Canonical codes for `lengths`, bit-reversed for deflate's first-bit-lowest order.
static void canonical_codes(const unsigned char *lengths, unsigned n, uint16_t *codes) {
    uint32_t per_length[16] = { 0 }, next[16];
    for (unsigned s = 0; s < n; s++) per_length[lengths[s]]++;
    per_length[0] = 0;
    uint32_t code = 0;
    for (unsigned b = 1; b < 16; b++) {
        code = (code + per_length[b - 1]) << 1;
        next[b] = code;
    }
    for (unsigned s = 0; s < n; s++) {
        unsigned length = lengths[s];
        if (!length) { codes[s] = 0; continue; }
        uint32_t c = next[length]++, reversed = 0;
        for (unsigned b = 0; b < length; b++) reversed |= ((c >> b) & 1) << (length - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

/// Bits on their way out: kept in registers while a block is written (a struct behind a pointer
/// would be reloaded after every byte store, which may alias it).
typedef struct {
    unsigned char *next;
    uint64_t bits;
    unsigned count;
} bit_writer;

static inline void store_le64(unsigned char *at, uint64_t word) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    memcpy(at, &word, 8);
}

/// Adds `n` (at most 56) bits to the at most 7 pending ones and stores the whole bytes without a
/// branch: eight bytes are always written and the pointer advances by the whole ones (the buffer
/// has room to spare), leaving at most 7 bits pending again.
#define PUT(w, value, n) do { \
        (w).bits |= (uint64_t)(value) << (w).count; \
        (w).count += (n); \
        store_le64((w).next, (w).bits); \
        (w).next += (w).count >> 3; \
        (w).bits >>= (w).count & ~7u; \
        (w).count &= 7; \
    } while (0)

/// Ensures at least two symbols have a code, as a complete prefix code needs.
static void at_least_two(uint32_t *freq, unsigned n) {
    unsigned used = 0;
    for (unsigned s = 0; s < n && used < 2; s++) if (freq[s]) used++;
    for (unsigned s = 0; s < n && used < 2; s++) if (!freq[s]) { freq[s] = 1; used++; }
}

/// Writes the pending tokens as one dynamic Huffman block at `*next`, with the bits left over
/// from the last block; returns where the next byte goes.
static unsigned char *write_block(cr_deflate *d, unsigned char *next, int final) {
    uint32_t litlen_freq[LITLEN_SYMBOLS], dist_freq[DIST_SYMBOLS];
    memcpy(litlen_freq, d->litlen_freq, sizeof litlen_freq);
    memcpy(dist_freq, d->dist_freq, sizeof dist_freq);
    litlen_freq[256] = 1;
    at_least_two(litlen_freq, LITLEN_SYMBOLS);
    at_least_two(dist_freq, DIST_SYMBOLS);
    // One more distance entry, NO_DISTANCE, codes nothing: a literal's distance part.
    unsigned char litlen_lengths[LITLEN_SYMBOLS], dist_lengths[DIST_SYMBOLS + 1];
    code_lengths(litlen_freq, LITLEN_SYMBOLS, 15, litlen_lengths);
    code_lengths(dist_freq, DIST_SYMBOLS, 15, dist_lengths);
    unsigned hlit = LITLEN_SYMBOLS, hdist = DIST_SYMBOLS;
    while (hlit > 257 && litlen_lengths[hlit - 1] == 0) hlit--;
    while (hdist > 1 && dist_lengths[hdist - 1] == 0) hdist--;
    // The header lists both codes' lengths as one sequence.
    unsigned char lengths[LITLEN_SYMBOLS + DIST_SYMBOLS];
    memcpy(lengths, litlen_lengths, hlit);
    memcpy(lengths + hlit, dist_lengths, hdist);

    // The code lengths, run-length coded: 16 repeats the previous 3–6 times, 17 and 18 write
    // 3–10 and 11–138 zeros.
    unsigned char rle[LITLEN_SYMBOLS + DIST_SYMBOLS], rle_extra[LITLEN_SYMBOLS + DIST_SYMBOLS];
    unsigned rle_count = 0, total = hlit + hdist;
    uint32_t codelen_freq[CODELEN_SYMBOLS] = { 0 };
    for (unsigned i = 0; i < total;) {
        unsigned value = lengths[i], run = 1;
        while (i + run < total && lengths[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                unsigned r = run > 138 ? 138 : run;
                rle[rle_count] = 18; rle_extra[rle_count++] = (unsigned char)(r - 11);
                run -= r;
            }
            if (run >= 3) {
                rle[rle_count] = 17; rle_extra[rle_count++] = (unsigned char)(run - 3);
                run = 0;
            }
        } else {
            rle[rle_count] = (unsigned char)value; rle_extra[rle_count++] = 0;
            run--;
            while (run >= 3) {
                unsigned r = run > 6 ? 6 : run;
                rle[rle_count] = 16; rle_extra[rle_count++] = (unsigned char)(r - 3);
                run -= r;
            }
        }
        while (run > 0) { rle[rle_count] = (unsigned char)value; rle_extra[rle_count++] = 0; run--; }
    }
    for (unsigned i = 0; i < rle_count; i++) codelen_freq[rle[i]]++;
    at_least_two(codelen_freq, CODELEN_SYMBOLS);
    unsigned char codelen_lengths[CODELEN_SYMBOLS];
    code_lengths(codelen_freq, CODELEN_SYMBOLS, 7, codelen_lengths);
    static const unsigned char order[CODELEN_SYMBOLS] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
    unsigned hclen = CODELEN_SYMBOLS;
    while (hclen > 4 && codelen_lengths[order[hclen - 1]] == 0) hclen--;

    uint16_t litlen_codes[LITLEN_SYMBOLS], dist_codes[DIST_SYMBOLS + 1], codelen_codes[CODELEN_SYMBOLS];
    canonical_codes(litlen_lengths, LITLEN_SYMBOLS, litlen_codes);
    canonical_codes(dist_lengths, DIST_SYMBOLS, dist_codes);
    canonical_codes(codelen_lengths, CODELEN_SYMBOLS, codelen_codes);

    bit_writer w = { next, d->bits, d->bit_count };
    PUT(w, final ? 1 : 0, 1);
    PUT(w, 2, 2);
    PUT(w, hlit - 257, 5);
    PUT(w, hdist - 1, 5);
    PUT(w, hclen - 4, 4);
    for (unsigned i = 0; i < hclen; i++) PUT(w, codelen_lengths[order[i]], 3);
    static const unsigned char rle_extra_bits[CODELEN_SYMBOLS] = { [16] = 2, [17] = 3, [18] = 7 };
    for (unsigned i = 0; i < rle_count; i++) {
        PUT(w, codelen_codes[rle[i]], codelen_lengths[rle[i]]);
        if (rle[i] >= 16) PUT(w, rle_extra[i], rle_extra_bits[rle[i]]);
    }
    const uint64_t *tokens = d->tokens;
    const size_t count = d->count;
    // A literal's distance part writes nothing.
    dist_codes[NO_DISTANCE] = 0;
    dist_lengths[NO_DISTANCE] = 0;
    for (size_t t = 0; t < count; t++) {
        uint64_t token = tokens[t];
        unsigned symbol = token & 0x1FF, distance_symbol = (token >> 17) & 0x1F;
        uint64_t value = litlen_codes[symbol] | ((token >> 12) & 0x1F) << litlen_lengths[symbol];
        unsigned bits = litlen_lengths[symbol] + ((token >> 9) & 7);
        value |= (dist_codes[distance_symbol] | ((token >> 26) & 0x1FFF) << dist_lengths[distance_symbol]) << bits;
        PUT(w, value, bits + dist_lengths[distance_symbol] + ((token >> 22) & 0xF));
    }
    PUT(w, litlen_codes[256], litlen_lengths[256]);
    if (final && w.count) {
        // Pad to a whole byte: the stream ends here.
        *w.next++ = (unsigned char)w.bits;
        w.bits = 0;
        w.count = 0;
    }
    d->bits = w.bits;
    d->bit_count = w.count;
    d->count = 0;
    memset(d->litlen_freq, 0, sizeof d->litlen_freq);
    memset(d->dist_freq, 0, sizeof d->dist_freq);
    return w.next;
}

cr_deflate *cr_deflate_new(size_t piece_capacity) {
    cr_deflate *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->capacity = WINDOW + LOOKAHEAD + 2 * piece_capacity;
    d->window = calloc(1, d->capacity + SLACK);
    d->head = calloc((size_t)1 << HASH_BITS, sizeof *d->head);
    d->tokens = malloc(BLOCK_TOKENS * sizeof *d->tokens);
    if (!d->window || !d->head || !d->tokens) {
        cr_deflate_free(d);
        return NULL;
    }
    return d;
}

void cr_deflate_free(cr_deflate *d) {
    if (!d) return;
    free(d->window);
    free(d->head);
    free(d->tokens);
    free(d);
}

unsigned char *cr_deflate_input(cr_deflate *d, size_t length) {
    if (d->end + length > d->capacity) {
        // Keep the last window of history and the look-ahead; drop the rest.
        size_t keep = d->cur > WINDOW ? d->cur - WINDOW : 0;
        memmove(d->window, d->window + keep, d->end - keep);
        d->start += keep;
        d->cur -= keep;
        d->end -= keep;
    }
    unsigned char *at = d->window + d->end;
    d->end += length;
    return at;
}

/// Finds matches from `cur` up to `limit` until the block's token buffer is full.
static void tokenize(cr_deflate *d, size_t limit) {
    const unsigned char *w = d->window;
    size_t cur = d->cur, end = d->end, count = d->count;
    uint64_t *tokens = d->tokens;
    uint32_t *head = d->head;
    const uint32_t base = (uint32_t)d->start;
    while (cur < limit && count < BLOCK_TOKENS) {
        if (end - cur < MIN_MATCH) {
            tokens[count++] = literal(w[cur]);
            d->litlen_freq[w[cur]]++;
            cur++;
            continue;
        }
        uint32_t v = load32(w + cur);
        uint32_t h = (v * 0x9E3779B1u) >> (32 - HASH_BITS);
        uint32_t position = base + (uint32_t)cur;
        uint32_t candidate = head[h];
        head[h] = position + 1;
        uint32_t distance = position + 1 - candidate;
        if (candidate == 0 || distance > WINDOW || load32(w + cur - distance) != v) {
            tokens[count++] = literal(w[cur]);
            d->litlen_freq[w[cur]]++;
            cur++;
            continue;
        }
        size_t most = end - cur < MAX_MATCH ? end - cur : MAX_MATCH, length = MIN_MATCH;
        const unsigned char *a = w + cur, *b = w + cur - distance;
#if defined(__SSE2__)
        while (length + 16 <= most) {
            __m128i x = _mm_loadu_si128((const __m128i *)(a + length)), y = _mm_loadu_si128((const __m128i *)(b + length));
            unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y));
            if (equal != 0xFFFF) { length += (unsigned)__builtin_ctz(~equal); goto found; }
            length += 16;
        }
#endif
        while (length + 8 <= most) {
            uint64_t x = load64(a + length) ^ load64(b + length);
            if (x) { length += first_difference(x); goto found; }
            length += 8;
        }
        while (length < most && a[length] == b[length]) length++;
    found:
        unsigned length_symbol, distance_symbol;
        tokens[count++] = match((uint32_t)length, distance, &length_symbol, &distance_symbol);
        d->litlen_freq[length_symbol]++;
        d->dist_freq[distance_symbol]++;
        // The two sequences after a match's start, so the next similar run finds it.
        for (size_t k = 1; k <= 2 && cur + k + MIN_MATCH <= end; k++) {
            uint32_t u = load32(w + cur + k);
            head[(u * 0x9E3779B1u) >> (32 - HASH_BITS)] = position + (uint32_t)k + 1;
        }
        cur += length;
        // A run (flat colour, rows of zeros: most of a screen): while the next 258 bytes repeat,
        // take them whole without hashing, at the cheapest distance that repeats them: the byte
        // before (a run of one byte), the pixel before (one colour), or the match's own distance.
        if (length == MAX_MATCH) {
            while (cur < limit && cur + MAX_MATCH <= end && count < BLOCK_TOKENS) {
                uint32_t run_distance;
                if (memcmp(w + cur, w + cur - 1, MAX_MATCH) == 0) run_distance = 1;
                else if (memcmp(w + cur, w + cur - 3, MAX_MATCH) == 0) run_distance = 3;
                else if (distance != 1 && distance != 3 && memcmp(w + cur, w + cur - distance, MAX_MATCH) == 0) run_distance = distance;
                else break;
                tokens[count++] = match(MAX_MATCH, run_distance, &length_symbol, &distance_symbol);
                d->litlen_freq[length_symbol]++;
                d->dist_freq[distance_symbol]++;
                for (size_t k = 0; k <= 2; k++) {
                    uint32_t u = load32(w + cur + k);
                    head[(u * 0x9E3779B1u) >> (32 - HASH_BITS)] = base + (uint32_t)(cur + k) + 1;
                }
                cur += MAX_MATCH;
            }
        }
    }
    d->cur = cur;
    d->count = count;
}

int cr_deflate_run(cr_deflate *d, int final, unsigned char **out, size_t *size, size_t *capacity,
                   int (*grow)(unsigned char **out, size_t *size, size_t *capacity, size_t extra)) {
    size_t limit = final ? d->end : (d->end > LOOKAHEAD ? d->end - LOOKAHEAD : 0);
    // A block is at most 6 bytes a token plus its header.
    const size_t block_bound = (size_t)BLOCK_TOKENS * 6 + 1024;
    while (d->cur < limit) {
        tokenize(d, limit);
        if (d->count == BLOCK_TOKENS) {
            if (grow(out, size, capacity, block_bound)) return -1;
            *size = (size_t)(write_block(d, *out + *size, 0) - *out);
        }
    }
    if (final) {
        if (grow(out, size, capacity, block_bound)) return -1;
        *size = (size_t)(write_block(d, *out + *size, 1) - *out);
    }
    return 0;
}

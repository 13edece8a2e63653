// The fast profile's own deflate for filtered PNG scanlines. See include/pngfast.h for the contract.
//
// After PNG's row filters a UI frame is mostly zero bytes: whole rows of them where a row equals
// the one above, long runs inside rows, and between them short stretches of small residuals
// (edges, text, gradient steps). A general LZ77 matcher (ISA-L level 1, zlib) spends its time
// hashing every position and takes 4-byte matches that cost more bits than the literals they
// replace. This coder looks for only two things, with SIMD compares:
//   - runs of zeros: the first zero a literal, the rest matches at distance 1 (runs of fewer
//     than 4 zeros are literals);
//   - copies of the row above, one pixel left, straight up, or one pixel right (distances
//     line − bpp, line, line + bpp): a diagonal gradient or a repeated pattern shifts by a
//     pixel from row to row, and its residuals repeat at those distances;
// and codes everything else as literals, with one dynamic Huffman block a stripe whose codes come
// from the stripe's own symbol counts (two passes: tokens and counts, then bits). The parse is
// greedy and fixed (a zero starts a run; else the longest copy of at least COPY_MIN bytes, ties to
// the nearer distance; else a literal), so the bytes depend only on the input; the windowed parse
// (parse_windows_body, 64 bytes compared at once) finds the same events as the byte-by-byte one
// (parse_step), and tests hold every build of it to the same bytes.
//
// A stripe is one block that ends on a byte boundary with an empty stored block (a full flush)
// unless it is the last, and refers to nothing before it: stripes deflated apart concatenate
// into one valid stream, as with ISA-L's stateless calls. A stripe that would not shrink is
// written as stored blocks.

#include "pngfast.h"

#include <stdlib.h>
#include <string.h>

#include "cpufeatures.h"

#if defined(__x86_64__)
#define HF_X86 1
#else
#define HF_X86 0
#endif

enum {
    COPY_MIN = 10,          // shortest copy of the row above worth its ~20 bits of length and distance
    MAX_MATCH = 258,
    LITLEN_SYMBOLS = 286,   // 0…255 literals, 256 end of block, 257…285 lengths
    DIST_SYMBOLS = 30,
    CODE_LIMIT = 15,        // deflate's longest literal/length and distance code
    CL_SYMBOLS = 19,
    CL_LIMIT = 7,           // longest code-length code
};

// A token is an index into the stripe's table of codes (what it writes, bits and width):
//   0…255                               a literal byte;
//   MATCH_TOKEN + 256·kind + length − 3  a match of 3…258 bytes at distance `kind` (0 is distance 1,
//                                        the zero runs; 1…3 the row above);
//   RUN_TOKEN + length − 3               a literal zero and then a match of 3…258 bytes at distance 1:
//                                        how every zero run of 4 or more starts, one token for the
//                                        two symbols (the same bits as writing them apart).
// Two bytes a token; the symbol counts come from a histogram of the tokens after the parse.
enum { MATCH_TOKEN = 256, RUN_TOKEN = MATCH_TOKEN + 4 * 256, TOKEN_KINDS = RUN_TOKEN + 256 };

static const uint16_t length_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                          35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t length_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                          3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint8_t cl_order[CL_SYMBOLS] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

/// Length symbol (0…28, i.e. 257…285 less 257) of each match length 3…258 (0 for 0…2).
static const uint8_t length_symbol_of[259] = {
    0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, 13,
    13, 13, 13, 14, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17,
    17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19, 20, 20, 20, 20, 20,
    20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
    21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23,
    23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
    24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
    26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27,
    27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28,
};

static inline int length_symbol(unsigned length) { return length_symbol_of[length]; }

/// Distance symbol (0…29) and its extra bits of a distance 1…32768.
static int distance_symbol(unsigned distance, unsigned *extraBits, unsigned *extraValue) {
    if (distance <= 4) { *extraBits = 0; *extraValue = 0; return (int)distance - 1; }
    unsigned d = distance - 1, bits = 0;
    while ((d >> bits) >= 4) bits++;  // d has bits + 2 significant bits: the top two choose the symbol, the rest are extra
    *extraBits = bits;
    *extraValue = d & ((1u << bits) - 1);
    return (int)(2 * bits + 2 + ((d >> bits) & 1));
}

// MARK: - Huffman code lengths

typedef struct { uint32_t count; uint16_t symbol; } Weighted;

/// Sorts by ascending count, ties in ascending symbol order (the input's order: the passes are
/// stable): a least-significant-digit radix sort, one pass per byte of the counts.
static void sort_by_count(Weighted *w, int n) {
    Weighted tmp[LITLEN_SYMBOLS];
    uint32_t largest = 0;
    for (int i = 0; i < n; i++) if (w[i].count > largest) largest = w[i].count;
    Weighted *from = w, *to = tmp;
    for (int shift = 0; shift < 32 && (largest >> shift) != 0; shift += 8) {
        int start[257] = { 0 };
        for (int i = 0; i < n; i++) start[((from[i].count >> shift) & 0xFF) + 1]++;
        for (int d = 0; d < 256; d++) start[d + 1] += start[d];
        for (int i = 0; i < n; i++) to[start[(from[i].count >> shift) & 0xFF]++] = from[i];
        Weighted *swap = from; from = to; to = swap;
    }
    if (from != w) memcpy(w, from, sizeof w[0] * (size_t)n);
}

/// Code lengths for `n` symbols from their counts, none longer than `limit`; symbols with count 0
/// get length 0. At least two symbols get a code (a lone one is paired with the next symbol), so
/// every code is complete, as every inflater accepts.
static void code_lengths(const uint32_t *counts, int n, int limit, uint8_t *lengths) {
    Weighted w[LITLEN_SYMBOLS];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int s = 0; s < n; s++) if (counts[s] > 0) w[used++] = (Weighted){ counts[s], (uint16_t)s };
    for (int s = 0; used < 2 && s < n; s++) if (counts[s] == 0) w[used++] = (Weighted){ 1, (uint16_t)s };
    sort_by_count(w, used);
    // Moffat and Katajainen's in-place minimum-redundancy lengths, over the ascending counts.
    uint32_t a[LITLEN_SYMBOLS];
    for (int i = 0; i < used; i++) a[i] = w[i].count;
    int m = used;
    {
        int root = 0, leaf = 2;
        a[0] += a[1];
        for (int next = 1; next < m - 1; next++) {
            if (leaf >= m || a[root] < a[leaf]) { a[next] = a[root]; a[root++] = (uint32_t)next; }
            else a[next] = a[leaf++];
            if (leaf >= m || (root < next && a[root] < a[leaf])) { a[next] += a[root]; a[root++] = (uint32_t)next; }
            else a[next] += a[leaf++];
        }
        a[m - 2] = 0;
        for (int next = m - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
        int avail = 1, usedAt = 0, depth = 0, r = m - 2, next = m - 1;
        while (avail > 0) {
            while (r >= 0 && (int)a[r] == depth) { usedAt++; r--; }
            while (avail > usedAt) { a[next--] = (uint32_t)depth; avail--; }
            avail = 2 * usedAt; depth++; usedAt = 0;
        }
    }
    // a[i] is now the length of the i-th least frequent symbol (non-increasing in i). Limit the
    // lengths the way JPEG does (ITU T.81 K.3): count codes per length, move the overlong ones up.
    int perLength[64] = { 0 };
    int longest = 0;
    for (int i = 0; i < m; i++) { perLength[a[i]]++; if ((int)a[i] > longest) longest = (int)a[i]; }
    for (int len = longest; len > limit; len--) {
        while (perLength[len] > 0) {
            int j = len - 2;
            while (perLength[j] == 0) j--;
            perLength[len] -= 2;
            perLength[len - 1] += 1;
            perLength[j + 1] += 2;
            perLength[j] -= 1;
        }
    }
    // Longest codes to the least frequent symbols.
    int i = 0;
    for (int len = limit < longest ? limit : longest; len >= 1; len--) {
        for (int k = 0; k < perLength[len]; k++) lengths[w[i++].symbol] = (uint8_t)len;
    }
}

/// Canonical codes (RFC 1951 §3.2.2) from lengths, bit-reversed for an LSB-first stream.
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int perLength[CODE_LIMIT + 2] = { 0 };
    for (int s = 0; s < n; s++) perLength[lengths[s]]++;
    perLength[0] = 0;
    unsigned next[CODE_LIMIT + 2] = { 0 }, code = 0;
    for (int len = 1; len <= CODE_LIMIT; len++) { code = (code + (unsigned)perLength[len - 1]) << 1; next[len] = code; }
    for (int s = 0; s < n; s++) {
        int len = lengths[s];
        if (len == 0) { codes[s] = 0; continue; }
        unsigned c = next[len]++, reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((c >> b) & 1u) << (len - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

// MARK: - Bits

typedef struct {
    uint8_t *out;
    uint64_t pending;
    unsigned count;   // bits in `pending`, < 8 after every put
} Bits;

/// Appends `n` ≤ 56 bits, least significant first, without a branch: the pending bits are stored
/// as a whole 8-byte word every time and the whole bytes among them passed (`count` < 8 between
/// calls). The store needs 8 bytes of room.
static inline void put(Bits *b, uint64_t value, unsigned n) {
    b->pending |= value << b->count;
    b->count += n;                      // ≤ 63
    memcpy(b->out, &b->pending, 8);
    b->out += b->count >> 3;
    b->pending >>= b->count & ~7u;      // ≤ 56
    b->count &= 7;
}

/// Writes out the last partial word's whole bytes (count < 8 afterwards).
static inline void drain(Bits *b) {
    while (b->count >= 8) { *b->out++ = (uint8_t)b->pending; b->pending >>= 8; b->count -= 8; }
}

// MARK: - Parse

// Sixteen bytes compared at once in generic vectors (SSE2's pcmpeqb and pmovmskb on x86-64, NEON's
// cmeq on aarch64), the mask's lowest clear bit the first byte that differs.

typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));
typedef _Bool bool16 __attribute__((ext_vector_type(16)));

/// Bit j set where the 16 bytes at p and q are equal.
static inline unsigned equal16(const uint8_t *p, const uint8_t *q) {
    u8x16 x, y;
    memcpy(&x, p, sizeof x);
    memcpy(&y, q, sizeof y);
    bool16 equal = __builtin_convertvector(x == y, bool16);
    uint16_t bits;
    memcpy(&bits, &equal, sizeof bits);
    return bits;
}

/// The length of the run of equal bytes at p and p − distance, at most `limit`.
static inline unsigned copy_length(const uint8_t *p, size_t distance, unsigned limit) {
    unsigned m = 0;
    while (m + 16 <= limit) {
        unsigned differ = ~equal16(p + m, p + m - distance) & 0xFFFFu;
        if (differ != 0) return m + (unsigned)__builtin_ctz(differ);
        m += 16;
    }
    while (m < limit && p[m] == p[m - distance]) m++;
    return m;
}

/// The length of the run of zeros at p, at most `limit`.
static inline size_t zero_run(const uint8_t *p, size_t limit) {
    static const uint8_t zeros[16];
    size_t m = 0;
    while (m + 16 <= limit) {
        unsigned nonzero = ~equal16(p + m, zeros) & 0xFFFFu;
        if (nonzero != 0) return m + (size_t)__builtin_ctz(nonzero);
        m += 16;
    }
    while (m < limit && p[m] == 0) m++;
    return m;
}

typedef struct {
    uint16_t *tokens;
    size_t count;
    uint32_t litlen[LITLEN_SYMBOLS];
    uint32_t dist[DIST_SYMBOLS];
    uint32_t histogram[4][TOKEN_KINDS];  // count_symbols's tables
} Parse;

/// The parse's output while it runs: only tokens (the counts come after, count_symbols).
typedef struct {
    uint16_t *tokens;
    size_t count;
} Tokens;

static inline void literal(Tokens *t, uint8_t byte) {
    t->tokens[t->count++] = byte;
}

static inline uint16_t match_token(unsigned kind, unsigned length) {
    return (uint16_t)(MATCH_TOKEN + 256 * kind + length - 3);
}

static inline void match(Tokens *t, unsigned kind, unsigned length) {
    t->tokens[t->count++] = match_token(kind, length);
}

/// The tokens of a zero run of `run` bytes, stored from tokens[count]: a literal zero and a match
/// at distance 1 (one RUN_TOKEN; all a run of 4…259 zeros takes), then more matches at distance 1
/// while 3 or more zeros are left, then literal zeros (a run of fewer than 4 zeros is literals).
/// Returns the new count.
static inline size_t zero_tokens(uint16_t *tokens, size_t count, size_t run) {
    if (run >= 4 && run <= MAX_MATCH + 1) {
        tokens[count++] = (uint16_t)(RUN_TOKEN + run - 4);
        return count;
    }
    size_t rest = run - 1;
    unsigned token = RUN_TOKEN - 3;  // the first match is the run's token, the next ones plain matches
    if (rest < 3) tokens[count++] = 0;
    while (rest >= 3) {
        unsigned m = rest > MAX_MATCH ? MAX_MATCH : (unsigned)rest;
        if (rest - m > 0 && rest - m < 3) m = (unsigned)rest - 3;  // leave ≥ 3 for the next match
        tokens[count++] = (uint16_t)(token + m);
        token = MATCH_TOKEN - 3;
        rest -= m;
    }
    while (rest-- > 0) tokens[count++] = 0;
    return count;
}

/// The symbol counts of a stripe's tokens: a histogram of the tokens (four tables by position, so
/// a stretch of equal tokens does not wait on one counter's store before each increment), then
/// each token's symbols counted from it.
static void count_symbols(const uint16_t *tokens, size_t count, const int distSymbol[4], uint32_t tables[4][TOKEN_KINDS],
                          uint32_t *litlen, uint32_t *dist) {
    memset(tables, 0, sizeof(uint32_t) * 4 * TOKEN_KINDS);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        tables[0][tokens[i]]++;
        tables[1][tokens[i + 1]]++;
        tables[2][tokens[i + 2]]++;
        tables[3][tokens[i + 3]]++;
    }
    for (; i < count; i++) tables[0][tokens[i]]++;
    for (unsigned token = 0; token < TOKEN_KINDS; token++) {
        uint32_t n = tables[0][token] + tables[1][token] + tables[2][token] + tables[3][token];
        if (n == 0) continue;
        if (token < MATCH_TOKEN) { litlen[token] += n; continue; }
        unsigned kind = token < RUN_TOKEN ? (token - MATCH_TOKEN) >> 8 : 0, length = (token & 0xFF) + 3;
        if (token >= RUN_TOKEN) litlen[0] += n;
        litlen[257 + length_symbol(length)] += n;
        dist[distSymbol[kind]] += n;
    }
}

/// At a nonzero byte: the longest copy of at least COPY_MIN bytes (kind 1…3; ties to the nearer
/// distance), or 0.
__attribute__((always_inline)) static inline unsigned best_copy(const uint8_t *in, size_t i, size_t n, const size_t distances[4], unsigned *kind) {
    unsigned best = 0;
    unsigned limit = n - i < MAX_MATCH ? (unsigned)(n - i) : MAX_MATCH;
    if (limit < COPY_MIN) return 0;
    for (unsigned k = 1; k < 4; k++) {
        if (i < distances[k]) continue;
        unsigned m = copy_length(in + i, distances[k], limit);
        if (m > best) { best = m; *kind = k; }
    }
    return best >= COPY_MIN ? best : 0;
}

/// One step of the parse at i, byte by byte (the stripe's first row and its last bytes): a zero
/// run, a copy or a literal. Returns the bytes consumed.
static size_t parse_step(const uint8_t *in, size_t i, size_t n, const size_t distances[4], Tokens *t) {
    if (in[i] == 0) {
        size_t run = zero_run(in + i, n - i);
        t->count = zero_tokens(t->tokens, t->count, run);
        return run;
    }
    unsigned kind = 0, best = best_copy(in, i, n, distances, &kind);
    if (best > 0) { match(t, kind, best); return best; }
    literal(t, in[i]);
    return 1;
}

/// Bits j of a 64-bit equality mask where bits j … j + COPY_MIN − 1 are all set: a copy of
/// COPY_MIN bytes starts at j (exact for j < 64 − COPY_MIN + 1).
static inline uint64_t copy_starts(uint64_t eq) {
    uint64_t r = eq & (eq >> 1);       // 2 in a row
    r &= r >> 2;                       // 4
    r &= r >> 4;                       // 8
    return r & (eq >> 8) & (eq >> 9);  // 10 = COPY_MIN
}

// The windowed parse below is one generic-vector body, built for the default target (SSE2 on
// x86-64, NEON on aarch64) and for AVX2: 64 bytes compared to a 64-bit mask (pcmpeqb and pmovmskb,
// two of each with AVX2), 32 bytes widened to 16-bit tokens (pmovzxbw).

// Vectors are passed only to static always-inline helpers, so no call crosses an ABI boundary.
#pragma clang diagnostic ignored "-Wpsabi"

typedef uint8_t u8x32 __attribute__((ext_vector_type(32)));
typedef uint8_t u8x64 __attribute__((ext_vector_type(64)));
typedef _Bool bool64 __attribute__((ext_vector_type(64)));
typedef uint16_t u16x32 __attribute__((ext_vector_type(32)));

/// The 64 bytes at p.
__attribute__((always_inline)) static inline u8x64 load64(const uint8_t *p) {
    u8x64 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// Bit j set where byte j of x and of y are equal.
__attribute__((always_inline)) static inline uint64_t equal64(u8x64 x, u8x64 y) {
    bool64 equal = __builtin_convertvector(x == y, bool64);
    uint64_t bits;
    memcpy(&bits, &equal, sizeof bits);
    return bits;
}

/// Bit j set where byte j of the 64 at p is zero.
__attribute__((always_inline)) static inline uint64_t zeros64(const uint8_t *p) { return equal64(load64(p), (u8x64)0); }

/// zero_run, 64 bytes a step.
__attribute__((always_inline)) static inline size_t zero_run64(const uint8_t *p, size_t limit) {
    size_t m = 0;
    while (m + 64 <= limit) {
        uint64_t zeros = zeros64(p + m);
        if (zeros != ~(uint64_t)0) return m + (size_t)__builtin_ctzll(~zeros);
        m += 64;
    }
    return m + zero_run(p + m, limit - m);
}

/// The equal bytes of the 64 at p and at p − distance k (eq[k], k = 1…3), and the positions among
/// the first 32 where a copy of COPY_MIN bytes at any of them starts.
__attribute__((always_inline)) static inline uint32_t copy_mask(const uint8_t *p, const size_t distances[4], uint64_t eq[4]) {
    u8x64 x = load64(p);
    uint64_t starts = 0;
    for (int k = 1; k < 4; k++) {
        eq[k] = equal64(x, load64(p - distances[k]));
        starts |= copy_starts(eq[k]);
    }
    return (uint32_t)starts;
}

/// best_copy at position p < 32 of a window (in + i) whose equality masks are eq: each distance's
/// equal bytes from p are read off its mask (scanned on past the window when they reach its end);
/// the longest, ties to the nearer distance; 0 when none reaches COPY_MIN.
__attribute__((always_inline)) static inline unsigned best_copy_masked(const uint8_t *in, size_t i, unsigned p, size_t n,
                                                                      const size_t distances[4], const uint64_t eq[4], unsigned *kind) {
    size_t at = i + p;
    unsigned limit = n - at < MAX_MATCH ? (unsigned)(n - at) : MAX_MATCH;
    unsigned best = 0;
    for (unsigned k = 1; k < 4; k++) {
        uint64_t equal = eq[k] >> p;  // positions p…63, zeros above
        unsigned m = equal == ~0ull ? 64 : (unsigned)__builtin_ctzll(~equal);
        if (m == 64 - p) m += copy_length(in + at + m, distances[k], limit - m);  // ≤ limit: i + 64 ≤ n, 64 ≤ MAX_MATCH
        if (m > best) { best = m; *kind = k; }
    }
    return best >= COPY_MIN ? best : 0;
}

/// The parse over windows of 32 positions. One compare finds the zeros of 64 bytes, and from them
/// where a run of at least 4 zeros starts (a shorter run is literals, as zero_tokens writes it);
/// when the window has a nonzero byte, copy_mask finds where copies start (never at a zero: the
/// parse tries no copy at a zero). Then each step takes the literals up to the next event (stored
/// 32 at a time whatever their number, so no branch on it) and the event: a run (its end from the
/// mask, or scanned on past the window) or a copy (its length from the masks). The token count
/// stays in a register; windows while they end by `end` (≤ n; a run may go on past it, to n).
__attribute__((always_inline)) static inline size_t parse_windows_body(const uint8_t *in, size_t i, size_t end, size_t n,
                                                                       const size_t distances[4], int copies, Tokens *t) {
    uint16_t *tokens = t->tokens;
    size_t count = t->count;
    while (i + 64 <= end) {
        uint64_t zeros = zeros64(in + i);
        uint32_t runs = (uint32_t)(zeros & (zeros >> 1) & (zeros >> 2) & (zeros >> 3));
        uint32_t starts = 0;
        uint64_t eq[4];
        if (copies && (uint32_t)~zeros != 0) starts = copy_mask(in + i, distances, eq) & ~(uint32_t)zeros;
        uint32_t events = runs | starts;
        unsigned p = 0;
        for (;;) {
            // The literals up to the next event: the next 32 bytes as tokens, whatever their number
            // (the ones past it are overwritten by the tokens that follow; the buffer has the slack).
            uint32_t ahead = events >> p;
            unsigned q = ahead != 0 ? (unsigned)__builtin_ctz(ahead) : 32 - p;
            u8x32 bytes;
            memcpy(&bytes, in + i + p, sizeof bytes);
            u16x32 wide = __builtin_convertvector(bytes, u16x32);
            memcpy(tokens + count, &wide, sizeof wide);
            count += q;
            p += q;
            if (p >= 32) break;
            if ((runs >> p) & 1) {
                size_t run = (size_t)__builtin_ctzll(~(zeros >> p));  // ≤ 64 − p
                if (p + run >= 64) run += zero_run64(in + i + 64, n - i - 64);
                count = zero_tokens(tokens, count, run);
                p += (unsigned)run;
            } else {
                unsigned kind = 0, best = best_copy_masked(in, i, p, n, distances, eq, &kind);
                tokens[count++] = match_token(kind, best);
                p += best;
            }
            if (p >= 32) break;
        }
        i += p;
    }
    t->count = count;
    return i;
}

typedef size_t (*ParseWindows)(const uint8_t *, size_t, size_t, size_t, const size_t[4], int, Tokens *);

static size_t parse_windows(const uint8_t *in, size_t i, size_t end, size_t n, const size_t distances[4], int copies, Tokens *t) {
    return parse_windows_body(in, i, end, n, distances, copies, t);
}

#if HF_X86
__attribute__((target("avx2")))
static size_t parse_windows_avx2(const uint8_t *in, size_t i, size_t end, size_t n, const size_t distances[4], int copies, Tokens *t) {
    return parse_windows_body(in, i, end, n, distances, copies, t);
}

__attribute__((target("avx2"))) static size_t zero_run64_avx2(const uint8_t *p, size_t limit) { return zero_run64(p, limit); }
#endif

/// The windowed parse for build 1 (the default target) or 2 (AVX2), or NULL for byte by byte
/// (build 0) or a build this CPU lacks.
static ParseWindows windows_build(int build) {
    switch (build) {
    case 1: return parse_windows;
#if HF_X86
    case 2: return hf_cpu_has(HF_CPU_AVX2) ? parse_windows_avx2 : NULL;
#endif
    default: return NULL;
    }
}

/// Greedy parse of one stripe into tokens and symbol counts (see the file comment): at each
/// position a zero starts a run; else the longest copy of at least COPY_MIN bytes; else a literal.
static void parse(const uint8_t *in, size_t n, const size_t distances[4], const int distSymbol[4], ParseWindows windows,
                  Parse *out) {
    Tokens t = { out->tokens, 0 };
    int copies = distances[3] != (size_t)-1;
    size_t from = copies ? distances[3] : 0;  // from here on every distance's reference is inside the stripe
    size_t i = 0;
    // Before the nearest distance no copy can start: windows without copies there.
    if (windows != NULL && copies) i = windows(in, i, distances[1] < n ? distances[1] : n, n, distances, 0, &t);
    while (i < n && i < from) i += parse_step(in, i, n, distances, &t);
    if (windows != NULL) i = windows(in, i, n, n, distances, copies, &t);
    while (i < n) i += parse_step(in, i, n, distances, &t);
    out->count = t.count;
    memset(out->litlen, 0, sizeof out->litlen);
    memset(out->dist, 0, sizeof out->dist);
    count_symbols(t.tokens, t.count, distSymbol, out->histogram, out->litlen, out->dist);
    out->litlen[256] = 1;
}

// MARK: - Blocks

/// Writes the empty stored block of a full flush (byte-aligned 00 00 FF FF), or pads the last block to a byte.
static void finish(Bits *b, int last) {
    if (!last) put(b, 0, 3);                  // BFINAL 0, BTYPE 00
    drain(b);
    if (b->count > 0) { *b->out++ = (uint8_t)b->pending; b->pending = 0; b->count = 0; }
    if (!last) { b->out[0] = 0; b->out[1] = 0; b->out[2] = 0xFF; b->out[3] = 0xFF; b->out += 4; }  // LEN 0000, NLEN FFFF
}

/// Stored blocks for the whole stripe (what incompressible input takes).
static long stored(const uint8_t *in, size_t n, int last, uint8_t *out, size_t capacity) {
    size_t blocks = n == 0 ? 1 : (n + 65534) / 65535;
    size_t need = n + 5 * blocks + (last ? 0 : 5);
    if (need > capacity) return -1;
    uint8_t *o = out;
    size_t i = 0;
    for (size_t k = 0; k < blocks; k++) {
        size_t len = n - i < 65535 ? n - i : 65535;
        int final = last && k == blocks - 1;
        *o++ = (uint8_t)final;  // BFINAL, BTYPE 00, then padding to the byte
        *o++ = (uint8_t)(len & 0xFF); *o++ = (uint8_t)(len >> 8);
        *o++ = (uint8_t)(~len & 0xFF); *o++ = (uint8_t)((~len >> 8) & 0xFF);
        memcpy(o, in + i, len);
        o += len; i += len;
    }
    if (!last) { *o++ = 0; *o++ = 0; *o++ = 0; *o++ = 0xFF; *o++ = 0xFF; }
    return (long)(o - out);
}

size_t hf_fast_deflate_scratch_size(size_t length) {
    return sizeof(Parse) + sizeof(uint16_t) * (length + 1 + 32);  // + 32: parse_windows's whole-window token stores
}

static long deflate_stripe(const uint8_t *in, size_t length, size_t line_bytes, int pixel_bytes, int last,
                           uint8_t *scratch, uint8_t *out, size_t capacity, ParseWindows windows) {
    Parse *t = (Parse *)scratch;
    t->tokens = (uint16_t *)(scratch + sizeof(Parse));
    // Distances: 1 (zero runs), then the row above one pixel left, straight up, one pixel right.
    size_t distances[4] = { 1, line_bytes - (size_t)pixel_bytes, line_bytes, line_bytes + (size_t)pixel_bytes };
    if (line_bytes + (size_t)pixel_bytes > 32768 || line_bytes <= (size_t)pixel_bytes) {
        distances[1] = distances[2] = distances[3] = (size_t)-1;  // out of deflate's window: runs only
    }
    int distSymbol[4];
    unsigned distExtraBits[4], distExtraValue[4];
    for (int k = 0; k < 4; k++) {
        size_t d = distances[k] == (size_t)-1 ? 1 : distances[k];
        distSymbol[k] = distance_symbol((unsigned)d, &distExtraBits[k], &distExtraValue[k]);
    }
    parse(in, length, distances, distSymbol, windows, t);

    uint8_t litLengths[LITLEN_SYMBOLS], distLengths[DIST_SYMBOLS];
    code_lengths(t->litlen, LITLEN_SYMBOLS, CODE_LIMIT, litLengths);
    code_lengths(t->dist, DIST_SYMBOLS, CODE_LIMIT, distLengths);
    int nlit = LITLEN_SYMBOLS, ndist = DIST_SYMBOLS;
    while (nlit > 257 && litLengths[nlit - 1] == 0) nlit--;
    while (ndist > 1 && distLengths[ndist - 1] == 0) ndist--;

    // The code lengths as one sequence, run-length coded with 16 (repeat the last 3–6 times),
    // 17 (3–10 zeros) and 18 (11–138 zeros).
    uint8_t sequence[LITLEN_SYMBOLS + DIST_SYMBOLS];
    int total = nlit + ndist;
    memcpy(sequence, litLengths, (size_t)nlit);
    memcpy(sequence + nlit, distLengths, (size_t)ndist);
    uint8_t clSymbol[LITLEN_SYMBOLS + DIST_SYMBOLS], clExtra[LITLEN_SYMBOLS + DIST_SYMBOLS];
    int clCount = 0;
    uint32_t clCounts[CL_SYMBOLS] = { 0 };
    for (int i = 0; i < total;) {
        int value = sequence[i], run = 1;
        while (i + run < total && sequence[i + run] == value) run++;
        int left = run;
        if (value == 0) {
            while (left >= 11) { int r = left > 138 ? 138 : left; clSymbol[clCount] = 18; clExtra[clCount++] = (uint8_t)(r - 11); left -= r; }
            if (left >= 3) { clSymbol[clCount] = 17; clExtra[clCount++] = (uint8_t)(left - 3); left = 0; }
        } else {
            clSymbol[clCount] = (uint8_t)value; clExtra[clCount++] = 0; left--;
            while (left >= 3) { int r = left > 6 ? 6 : left; clSymbol[clCount] = 16; clExtra[clCount++] = (uint8_t)(r - 3); left -= r; }
        }
        while (left-- > 0) { clSymbol[clCount] = (uint8_t)value; clExtra[clCount++] = 0; }
        i += run;
    }
    for (int k = 0; k < clCount; k++) clCounts[clSymbol[k]]++;
    uint8_t clLengths[CL_SYMBOLS];
    code_lengths(clCounts, CL_SYMBOLS, CL_LIMIT, clLengths);
    int nclen = CL_SYMBOLS;
    while (nclen > 4 && clLengths[cl_order[nclen - 1]] == 0) nclen--;

    // The exact size of the block, to choose stored blocks when it does not shrink and to check room.
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)nclen;
    static const uint8_t clExtraBits[CL_SYMBOLS] = { [16] = 2, [17] = 3, [18] = 7 };
    for (int k = 0; k < clCount; k++) bits += clLengths[clSymbol[k]] + clExtraBits[clSymbol[k]];
    for (int s = 0; s < 256; s++) bits += (uint64_t)t->litlen[s] * litLengths[s];
    bits += litLengths[256];
    for (int s = 0; s < 29; s++) bits += (uint64_t)t->litlen[257 + s] * (litLengths[257 + s] + length_extra[s]);
    for (int s = 0; s < DIST_SYMBOLS; s++) {
        if (t->dist[s] == 0) continue;
        unsigned extra = s < 4 ? 0 : (unsigned)(s / 2 - 1);
        bits += (uint64_t)t->dist[s] * (distLengths[s] + extra);
    }
    uint64_t bytes = (bits + 7) / 8 + (last ? 0 : 5);
    if (bytes >= (uint64_t)length + 5 * (length / 65535 + 1)) return stored(in, length, last, out, capacity);
    if (bytes + 8 > capacity) return -1;  // + 8: put's whole-word store

    uint16_t litCodes[LITLEN_SYMBOLS], distCodes[DIST_SYMBOLS], clCodes[CL_SYMBOLS];
    canonical_codes(litLengths, LITLEN_SYMBOLS, litCodes);
    canonical_codes(distLengths, DIST_SYMBOLS, distCodes);
    canonical_codes(clLengths, CL_SYMBOLS, clCodes);

    Bits b = { out, 0, 0 };
    put(&b, (uint64_t)(last ? 1 : 0) | 2u << 1, 3);  // BFINAL, BTYPE 10 (dynamic)
    put(&b, (uint64_t)(nlit - 257), 5);
    put(&b, (uint64_t)(ndist - 1), 5);
    put(&b, (uint64_t)(nclen - 4), 4);
    for (int k = 0; k < nclen; k++) put(&b, clLengths[cl_order[k]], 3);
    for (int k = 0; k < clCount; k++) {
        int s = clSymbol[k];
        put(&b, clCodes[s], clLengths[s]);
        if (clExtraBits[s]) put(&b, clExtra[k], clExtraBits[s]);
    }

    // What each token writes (see the token kinds above), one table entry a token, so the loop
    // has no branch on the kind (literals and matches mix unpredictably): the bits << 6 | width.
    uint64_t distCode[4];
    unsigned distWidth[4];
    for (int k = 0; k < 4; k++) {
        int s = distSymbol[k];
        distCode[k] = distCodes[s] | (uint64_t)distExtraValue[k] << distLengths[s];
        distWidth[k] = distLengths[s] + distExtraBits[k];
    }
    uint64_t codes[TOKEN_KINDS];
    for (unsigned v = 0; v < 256; v++) codes[v] = (uint64_t)litCodes[v] << 6 | litLengths[v];
    for (unsigned length = 3; length <= MAX_MATCH; length++) {
        int s = length_symbol(length);
        unsigned lw = litLengths[257 + s], extra = length_extra[s];
        uint64_t lengthBits = litCodes[257 + s] | (uint64_t)(length - length_base[s]) << lw;
        for (unsigned kind = 0; kind < 4; kind++) {
            uint64_t bits = lengthBits | distCode[kind] << (lw + extra);
            unsigned width = lw + extra + distWidth[kind];  // ≤ 15 + 5 + 15 + 13
            codes[match_token(kind, length)] = bits << 6 | width;
            if (kind == 0) {  // a literal zero first: ≤ 15 + 35 bits
                codes[RUN_TOKEN + length - 3] = (litCodes[0] | bits << litLengths[0]) << 6 | (litLengths[0] + width);
            }
        }
    }
    // Two tokens a put when their bits fit one (≤ 56: always for two literals, ≤ 15 bits each),
    // which halves the chain of dependent shifts that put is.
    const uint16_t *tokens = t->tokens;
    size_t i = 0;
    for (; i + 2 <= t->count; i += 2) {
        uint64_t first = codes[tokens[i]], second = codes[tokens[i + 1]];
        unsigned w0 = (unsigned)(first & 63), w1 = (unsigned)(second & 63);
        if (w0 + w1 <= 56) {
            put(&b, first >> 6 | (second >> 6) << w0, w0 + w1);
        } else {
            put(&b, first >> 6, w0);
            put(&b, second >> 6, w1);
        }
    }
    if (i < t->count) put(&b, codes[tokens[i]] >> 6, (unsigned)(codes[tokens[i]] & 63));
    put(&b, litCodes[256], litLengths[256]);
    finish(&b, last);
    return (long)(b.out - out);
}

long hf_fast_deflate_stripe(const uint8_t *in, size_t length, size_t line_bytes, int pixel_bytes, int last,
                            uint8_t *scratch, uint8_t *out, size_t capacity) {
    ParseWindows windows = windows_build(2);
    return deflate_stripe(in, length, line_bytes, pixel_bytes, last, scratch, out, capacity, windows != NULL ? windows : parse_windows);
}

// Test entry points (Tests/CKernelTestHooks declares them).

long hf_fast_deflate_stripe_kernel(const uint8_t *in, size_t length, size_t line_bytes, int pixel_bytes, int last,
                                   uint8_t *scratch, uint8_t *out, size_t capacity, int kernel) {
    ParseWindows windows = windows_build(kernel);
    if (kernel != 0 && windows == NULL) return -3;
    return deflate_stripe(in, length, line_bytes, pixel_bytes, last, scratch, out, capacity, windows);
}

unsigned hf_fast_copy_length(const uint8_t *p, size_t distance, unsigned limit) { return copy_length(p, distance, limit); }

int hf_fast_zero_run_kernel(int kernel, const uint8_t *p, size_t limit, size_t *run) {
    switch (kernel) {
    case 0: *run = zero_run(p, limit); return 1;
    case 1: *run = zero_run64(p, limit); return 1;
#if HF_X86
    case 2:
        if (!hf_cpu_has(HF_CPU_AVX2)) return 0;
        *run = zero_run64_avx2(p, limit); return 1;
#endif
    default: return 0;
    }
}

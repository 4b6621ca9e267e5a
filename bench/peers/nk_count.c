/*
 * nk_count: the peer of `make bench-nk` (issue 55, item 2). A dedicated N+k queens counter:
 * the number of ways to put n + k queens and k walls on an n x n board so that no two queens
 * attack each other (walls hold no queen and stop attacks), OEIS A000170 (k = 0), A103330
 * (k = 1), A129551 (k = 2), A129553 (k = 3). It proves nothing: it prints a number.
 *
 *   usage: nk_count N K        (1 <= N <= 32, 0 <= K <= 32)
 *   output: one JSON line: n, k, queens, placements, cpu_seconds (user + system CPU, getrusage)
 *   errors: one line on stderr, exit 2
 *
 * Structure. A row segment (a maximal wall-free stretch of a row) holds at most one queen, and
 * k walls make at most n + k row segments, so n + k queens put exactly one queen in every row
 * segment, and likewise in every column segment. Hence no wall stands on the border (it would
 * leave an empty segment or make no new one), no two walls are adjacent in a row or a column,
 * each side of the board holds exactly one queen, and every wall has a queen above it in its
 * column segment, one below, and one on each side in its row.
 *
 * Search. Rows top to bottom on 64-bit masks (bit c = column c): `col` the columns whose
 * current segment already holds its queen, `ld` / `rd` the cells of the row that a queen above
 * sees along a diagonal. A row is an alternating sequence q1 < w1 < q2 < ... < wm < q(m+1) of
 * queens on free cells and walls on interior columns whose segment above holds its queen; each
 * (walls, queens) content of a row is exactly one such sequence, so a board is counted once,
 * not once per order of placing its walls. A wall clears its column from `col` (it opens a new
 * column segment) and its bit from `ld` and `rd` (it cuts the two diagonals through it). Once
 * the last wall is placed the rows left are a pure n-queens completion: an iterative bitboard
 * search unrolled on the last row, or (n <= 16, at least 8 rows left) the row with the fewest
 * free cells first, the free cells of all rows in 16-bit lanes of two SSE2 registers, a row
 * without a free cell or an open column no row can take ending the branch. The row above the
 * last, with a wall left, is solved in closed form: its two queens stand on the two open
 * columns, the wall between them, and the last row's queen under the wall.
 *
 * Symmetry (8-fold). Each side holds one queen; a (side, direction) reading is that queen's
 * distance from the corner where the reading starts, 8 readings per placement. The 8 symmetries
 * of the square act simply transitively on the 8 (side, direction) flags, so the readings of an
 * image gY are those of Y permuted: the top side read left to right of gY is Y's reading at the
 * flag g^-1(top, left to right), and t(Y), the number of Y's 8 readings equal to their least,
 * is the same for every image. Call X canonical when its top reading from the left, c, is the
 * least of its 8. For each placement Y, exactly t(Y) of the 8 symmetries g make gY canonical
 * (those taking a least flag of Y to the top read from the left). Summing over Y: the number
 * of placements = sum over Y of t(Y) / t(Y) = sum over pairs (Y, g) with gY canonical of
 * 1 / t(gY) = sum over canonical X of 8 / t(X) (each canonical X and each g give one Y =
 * g^-1 X). So the search finds only canonical placements and weighs each 8 / t (kept exact
 * as 840 / t, the total divided by 105 at the end). The least reading c bounds the search:
 * c <= (n - 1) / 2; the queens on the first and last columns stand in rows c .. n - 1 - c (so
 * none in those columns above row c or below row n - 1 - c, and both placed by then); the
 * bottom row's queen stands in columns c .. n - 1 - c. t counts the readings equal to c, added
 * cell by cell from a table of the border cells. With c = 0 (a queen in the corner) every
 * placement is canonical, and of each pair with its transpose only one is searched (`corner`).
 *
 * C for gcc on x86-64: baseline (SSE2) intrinsics only, so `gcc -O2` builds it for any x86-64;
 * -march=native lets gcc use popcnt and wider vectors. Written for the bench, not from queensat's
 * counter (crates/queensat-check/src/row_count.rs), whose counts it is checked against.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <emmintrin.h> /* SSE2: baseline x86-64 */

typedef uint64_t u64;

#define MAX_N 32

static int n;
static u64 full, interior;
/* For the current least reading c: the cells a queen may take in each row, the border
 * columns that must hold their queen before a row, the cells that add to t and how much. */
static u64 allowed[MAX_N], must[MAX_N], tie_cells[MAX_N];
static unsigned char tie[MAX_N][MAX_N];
/* 840 / t, indexed by t from 1 (the top reading) to 8; the corner's search (least reading 0)
 * doubles it (1680 / t) unless t carries CORNER_TIE (the weight then 840 / (t - CORNER_TIE)). */
#define CORNER_TIE 16
static u64 plain_weight[CORNER_TIE + 9], corner_weight[CORNER_TIE + 9];
static const u64 *weight = plain_weight;

static inline int ctz(u64 x) { return __builtin_ctzll(x); }

/* The weighted placements ending with a queen on one of the cells `av` of the last row
 * (at most one: the last row has one open column). */
static inline u64 last_row(u64 av, int t) {
    if (!av) return 0;
    return weight[t + tie[n - 1][ctz(av)]];
}

/* Rows r .. n - 1 with no wall left: one queen each on its own column and diagonals. */
static u64 complete(int r, u64 col, u64 ld, u64 rd, int t) {
    if (must[r] & ~col) return 0;
    if (r == n - 1) return last_row(allowed[r] & ~(col | ld | rd), t);
    u64 cols[MAX_N], lds[MAX_N], rds[MAX_N], avs[MAX_N];
    int ts[MAX_N];
    const int base = r, below = n - 2;
    u64 sum = 0;
    cols[r] = col, lds[r] = ld, rds[r] = rd, ts[r] = t;
    avs[r] = allowed[r] & ~(col | ld | rd);
    for (;;) {
        u64 av = avs[r];
        if (!av) {
            if (r == base) return sum;
            r--;
            continue;
        }
        u64 b = av & -av;
        avs[r] = av ^ b;
        int t2 = ts[r] + ((b & tie_cells[r]) ? tie[r][ctz(b)] : 0);
        u64 c2 = cols[r] | b, l2 = ((lds[r] | b) << 1) & full, r2 = (rds[r] | b) >> 1;
        if (r == below) {
            sum += last_row(allowed[n - 1] & ~(c2 | l2 | r2), t2);
            continue;
        }
        if (must[r + 1] & ~c2) continue;
        r++;
        cols[r] = c2, lds[r] = l2, rds[r] = r2, ts[r] = t2;
        avs[r] = allowed[r] & ~(c2 | l2 | r2);
    }
}

/* The long completions (n <= 16, at least mrv_rows rows left) take the most constrained row
 * first: row j's free cells in 16-bit lane j of two SSE2 registers, updated together for each
 * queen; a row without a free cell or an open column that no row can take ends the branch. */
typedef struct { __m128i lo, hi; } lanes16;
static lanes16 takes[16][16]; /* what a queen on (j, c) takes from every row (all of row j) */
static __m128i row_byte[16];  /* 0xff in byte j */
static int mrv_rows = 8; /* n = 15, k = 2: 6, 7, 8, 9 rows and never 30.3, 28.9, 28.8, 28.9, 29.6 s */

/* Per 16-bit lane: its number of set bits. */
static inline __m128i lane_popcount(__m128i x) {
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi16(x, 1), m1));
    x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi16(x, 2), m2));
    x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi16(x, 4)), m4);
    return _mm_add_epi16(_mm_and_si128(x, _mm_set1_epi16(0xff)), _mm_srli_epi16(x, 8));
}

/* `left` rows to fill (`done`: 0xff in the bytes of the others), `open` columns to fill. */
static u64 most_constrained(__m128i f0, __m128i f1, __m128i done, u64 open, int left, int t) {
    __m128i p = _mm_or_si128(_mm_packus_epi16(lane_popcount(f0), lane_popcount(f1)), done);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(p, _mm_setzero_si128()))) return 0;
    __m128i o = _mm_or_si128(f0, f1);
    o = _mm_or_si128(o, _mm_srli_si128(o, 8));
    o = _mm_or_si128(o, _mm_srli_si128(o, 4));
    o = _mm_or_si128(o, _mm_srli_si128(o, 2));
    if ((u64)(_mm_cvtsi128_si32(o) & 0xffff) != open) return 0;
    __m128i m = _mm_min_epu8(p, _mm_srli_si128(p, 8));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
    m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
    m = _mm_unpacklo_epi8(m, m);
    m = _mm_shuffle_epi32(_mm_shufflelo_epi16(m, 0), 0);
    int j = ctz((u64)_mm_movemask_epi8(_mm_cmpeq_epi8(p, m)));
    uint16_t lane[16] __attribute__((aligned(16)));
    _mm_store_si128((__m128i *)lane, f0);
    _mm_store_si128((__m128i *)(lane + 8), f1);
    u64 fj = lane[j];
    if (left == 1) return weight[t + tie[j][ctz(fj)]];
    u64 sum = 0;
    done = _mm_or_si128(done, row_byte[j]);
    for (; fj; fj &= fj - 1) {
        int c = ctz(fj);
        sum += most_constrained(_mm_andnot_si128(takes[j][c].lo, f0), _mm_andnot_si128(takes[j][c].hi, f1),
                                done, open & ~(1ull << c), left - 1, t + tie[j][c]);
    }
    return sum;
}

static u64 complete_mrv(int r, u64 col, u64 ld, u64 rd, int t) {
    uint16_t lane[16] __attribute__((aligned(16))) = {0};
    unsigned char done[16] __attribute__((aligned(16)));
    for (int j = 0; j < 16; j++) done[j] = j < r || j >= n ? 0xff : 0;
    for (int j = r; j < n; j++) {
        lane[j] = (uint16_t)(allowed[j] & ~(col | ld | rd));
        ld = (ld << 1) & full;
        rd >>= 1;
    }
    return most_constrained(_mm_load_si128((__m128i *)lane), _mm_load_si128((__m128i *)(lane + 8)),
                            _mm_load_si128((__m128i *)done), full & ~col, n - r, t);
}

static void init_mrv(void) {
    for (int j = 0; j < n; j++)
        for (int c = 0; c < n; c++) {
            uint16_t lane[16] __attribute__((aligned(16)));
            for (int i = 0; i < 16; i++) {
                int d = i > j ? i - j : j - i;
                u64 m = 1ull << c;
                if (c + d < 16) m |= 1ull << (c + d);
                if (c - d >= 0) m |= 1ull << (c - d);
                lane[i] = i == j ? 0xffff : (uint16_t)m;
            }
            takes[j][c].lo = _mm_load_si128((__m128i *)lane);
            takes[j][c].hi = _mm_load_si128((__m128i *)(lane + 8));
        }
    for (int j = 0; j < 16; j++) {
        unsigned char b[16] __attribute__((aligned(16))) = {0};
        b[j] = 0xff;
        row_byte[j] = _mm_load_si128((__m128i *)b);
    }
}

static u64 wall_row(int r, u64 A, u64 col, u64 ld, u64 rd, int wl, int t);

/* Row n - 2 with walls left: the last row takes no wall and one queen, so exactly one wall
 * fits here, its column segment below needing that queen. Two columns are open (each row
 * above filled one column segment more than it opened), so the row's two queens stand on them
 * and the wall between them; the last row's queen stands under the wall. */
static u64 wall_above_last(int r, u64 col, u64 ld, u64 rd, int wl, int t) {
    if (wl != 1) return 0;
    u64 open = full & ~col; /* two columns: n - r */
    if ((allowed[r] & ~(ld | rd) & open) != open) return 0;
    u64 lo = open & -open, hi = open ^ lo;
    u64 under = col & interior & (hi - 1) & ~((lo << 1) - 1);
    under &= allowed[n - 1] & ~(((ld | open) << 1) | ((rd | open) >> 1));
    u64 sum = 0;
    t += tie[r][ctz(lo)] + tie[r][ctz(hi)];
    for (; under; under &= under - 1) sum += last_row(under & -under, t);
    return sum;
}

/* The rows from r on, given the masks of row r - 1's content (not yet shifted). */
static inline u64 next_row(int r, u64 col, u64 ld, u64 rd, int wl, int t) {
    ld = (ld << 1) & full;
    rd >>= 1;
    if (wl == 0) return n - r >= mrv_rows ? complete_mrv(r, col, ld, rd, t) : complete(r, col, ld, rd, t);
    if (r >= n - 2) return r == n - 2 ? wall_above_last(r, col, ld, rd, wl, t) : 0;
    if (must[r] & ~col) return 0;
    u64 A = allowed[r] & ~(col | ld | rd);
    if (!A) return 0;
    return wall_row(r, A, col, ld, rd, wl, t);
}

/* Row r from the segment starting at `from` (a mask of the columns at or right of it): its
 * queen q on a cell of A there, then the row ends, or (walls left) a wall on a column of B
 * right of q with a cell of A right of it, and the next segment. `q_so_far` / `w_so_far`:
 * the row's queens and walls left of `from`. */
static u64 segments(int r, u64 A, u64 B, u64 from, u64 q_so_far, u64 w_so_far, u64 col, u64 ld,
                    u64 rd, int wl, int t);

/* The body of `segments`, inlined into it and into `wall_row` (a call less per row). */
static inline __attribute__((always_inline)) u64 row_from(int r, u64 A, u64 B, u64 from,
                                                          u64 q_so_far, u64 w_so_far, u64 col,
                                                          u64 ld, u64 rd, int wl, int t) {
    u64 sum = 0;
    u64 last_free = 1ull << (63 - __builtin_clzll(A));
    for (u64 qs = A & from; qs; qs &= qs - 1) {
        u64 b = qs & -qs;
        u64 q = q_so_far | b;
        int t2 = t + tie[r][ctz(b)];
        sum += next_row(r + 1, (col | q) & ~w_so_far, (ld | q) & ~w_so_far, (rd | q) & ~w_so_far,
                        wl, t2);
        if (wl == 0) continue;
        for (u64 ws = B & ~((b << 1) - 1) & (last_free - 1); ws; ws &= ws - 1) {
            u64 w = ws & -ws;
            if (wl > 1) {
                sum += segments(r, A, B, ~((w << 1) - 1), q, w_so_far | w, col, ld, rd, wl - 1, t2);
                continue;
            }
            /* The last wall: the row's last queen right of it, then the completion. */
            u64 walls = w_so_far | w;
            for (u64 q2s = A & ~((w << 1) - 1); q2s; q2s &= q2s - 1) {
                u64 b2 = q2s & -q2s, qq = q | b2;
                sum += next_row(r + 1, (col | qq) & ~walls, (ld | qq) & ~walls, (rd | qq) & ~walls, 0,
                                t2 + tie[r][ctz(b2)]);
            }
        }
    }
    return sum;
}

static u64 segments(int r, u64 A, u64 B, u64 from, u64 q_so_far, u64 w_so_far, u64 col, u64 ld,
                    u64 rd, int wl, int t) {
    return row_from(r, A, B, from, q_so_far, w_so_far, col, ld, rd, wl, t);
}

/* Row r (1 <= r <= n - 3) with wl >= 1 walls left and free cells A. */
static u64 wall_row(int r, u64 A, u64 col, u64 ld, u64 rd, int wl, int t) {
    return row_from(r, A, col & interior, ~0ull, 0, 0, col, ld, rd, wl, t);
}

/* The rules for least reading c: allowed cells, border columns due, tie table. */
static void rules(int c) {
    u64 border = 1ull | (1ull << (n - 1));
    for (int r = 0; r < n; r++) {
        u64 m = full;
        if (r < c || r > n - 1 - c) m &= ~border;
        if (r == n - 1) m &= (full >> c) & ~((1ull << c) - 1);
        if (r == 0) m = 1ull << c;
        allowed[r] = m;
        must[r] = r > n - 1 - c ? border : 0;
        tie_cells[r] = 0;
        for (int q = 0; q < n; q++) {
            int t = 0;
            if (r == 0) t += (q == c) + (n - 1 - q == c);
            if (r == n - 1) t += (q == c) + (n - 1 - q == c);
            if (q == 0) t += (r == c) + (n - 1 - r == c);
            if (q == n - 1) t += (r == c) + (n - 1 - r == c);
            tie[r][q] = (unsigned char)t;
            if (t) tie_cells[r] |= 1ull << q;
        }
    }
}

/* Least reading 0: the top queen in the corner (0, 0), where the top and the left side read 0
 * and no reading is less, so every such placement X is searched, and so is its transpose X'
 * (the mirror in the main diagonal), with the same t. Row 1 holds one queen (no wall: its only
 * full column is the first), in column a(X); column 1's first queen from the top stands in row
 * b(X) = a(X'). Of each pair with a(X) < b(X), only X is searched, weighted twice; placements
 * with a(X) = b(X) (and X' too) count once each. So for each a: no queen in column 1 in rows
 * 2 .. a - 1, and a queen on (a, 1) adds CORNER_TIE to t, which halves the weight back. */
static u64 corner(int k, int t) {
    u64 sum = 0, b = 1;
    for (int a = 2; a < n; a++) {
        rules(0);
        for (int r = 2; r < a; r++) allowed[r] &= ~2ull;
        tie[a][1] += CORNER_TIE;
        tie_cells[a] |= 2;
        weight = corner_weight;
        u64 q = 1ull << a, ld = (b << 1) & full, rd = b >> 1;
        if (allowed[1] & ~(b | ld | rd) & q)
            sum += next_row(2, b | q, ld | q, rd | q, k, t + tie[1][a]);
        weight = plain_weight;
    }
    return sum;
}

static double cpu_now(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static void fail(const char *what) {
    fprintf(stderr, "nk_count: error: %s\n", what);
    exit(2);
}

static long parse(const char *s, const char *name, long lo, long hi) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s = '%s': expected an integer from %ld to %ld", name, s, lo, hi);
        fail(msg);
    }
    return v;
}

int main(int argc, char **argv) {
    if (argc != 3) fail("usage: nk_count N K (n + k queens and k walls on N x N, 1 <= N <= 32)");
    n = (int)parse(argv[1], "N", 1, MAX_N);
    int k = (int)parse(argv[2], "K", 0, MAX_N);
    double start = cpu_now();
    full = n == 64 ? ~0ull : (1ull << n) - 1;
    interior = full & ~1ull & ~(1ull << (n - 1));
    u64 total = 0;
    if (n <= 16) init_mrv(); else mrv_rows = MAX_N + 1;
    for (int t = 1; t <= 8; t++) {
        plain_weight[t] = 840 / t;
        corner_weight[t] = 1680 / t;
        corner_weight[CORNER_TIE + t] = 840 / t;
    }
    for (int c = 0; 2 * c <= n - 1; c++) {
        rules(c);
        u64 b = 1ull << c;
        int t = tie[0][c];
        if (n == 1)
            total += k == 0 ? weight[t] : 0;
        else if (c > 0 || n < 4)
            total += next_row(1, b, b, b, k, t);
        else
            total += corner(k, t);
    }
    double cpu = cpu_now() - start;
    if (total % 105) fail("internal error: the weighted total is not a whole number of placements");
    printf("{\"n\":%d,\"k\":%d,\"queens\":%d,\"placements\":%llu,\"cpu_seconds\":%.3f}\n", n, k, n + k,
           (unsigned long long)(total / 105), cpu);
    return 0;
}

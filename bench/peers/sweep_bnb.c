/*
 * sweep_bnb: the peer of `make bench-sweep` (issue 55). Every n x n board with k walls, one
 * per class of the 8 symmetries of the square, and each class's value (the most queens no two
 * of which attack each other; walls hold no queen and stop attacks) by a branch and bound on
 * bitboards. It proves nothing: no certificate, only the number. queensat's sweep is measured
 * against it to know what a fast exact search costs.
 *
 *   usage: sweep_bnb N K      (N <= 8, so a board is one 64-bit word; 0 <= K <= N*N)
 *   output: one JSON line: n, walls, classes, boards, classes_by_value, boards_by_value,
 *           cpu_seconds (user + system CPU of the enumeration and the searches)
 *
 * Cell (r, c) is bit r*N + c. The value is a maximum independent set of the attack graph:
 *  - each cell's attack mask (the cell and every cell it sees along its row, column and two
 *    diagonals, stopping at walls) is the union of its four runs (maximal wall-free stretches
 *    of a line), built once per board;
 *  - a run holds at most one queen, so the queens still to place are at most the number of
 *    row runs with a candidate left, and at most the number of column runs with one: the bound
 *    is the smaller of the two;
 *  - the search branches on the row run with the fewest candidates: a queen on each candidate
 *    in turn, then the run left empty.
 * No allocation in the search; the run counts are branch-free bit arithmetic; a board's masks
 * are the empty board's with the lines through its walls redone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef uint64_t u64;

/* The popcount instruction where the target has it (-mpopcnt, -march=native); else the
 * bit-parallel sum inline, which beats libgcc's call on the baseline x86-64 target. */
static inline int popcount(u64 x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

#define MAX_N 8
#define MAX_RUNS 64

static int n, cells;
/* Board-independent geometry: the 8 symmetries as bit images, and the lines of each family
 * (rows, columns, diagonals r - c, anti-diagonals r + c) as cell lists in order. */
static u64 image_bit[8][64];
static int line_cells[4][2 * MAX_N][MAX_N], line_len[4][2 * MAX_N], line_of[4][64];
static u64 line_mask[4][2 * MAX_N], all_cells, first_column, last_column;
/* The empty board's attack masks: each cell's four full lines. */
static u64 empty_attack[64];

/* One board: its attack masks, its row runs, and the masks for the branch-free run counts
 * (the first / last cell of every row run and column run, and the shift masks that keep a
 * smear inside its run). */
static u64 attack[64];
static u64 row_run[MAX_RUNS];
static int row_runs;
static u64 row_last, col_last;
static u64 row_in1, row_in2, row_in4, col_in1, col_in2, col_in4;
static int best;

static double cpu_now(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

static void fail(const char *what) {
    fprintf(stderr, "sweep_bnb: error: %s\n", what);
    exit(2);
}

static void init_geometry(void) {
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int m = n - 1;
            int to[8][2] = {{r, c},     {c, m - r},     {m - r, m - c}, {m - c, r},
                            {r, m - c}, {m - r, c},     {c, r},         {m - c, m - r}};
            for (int s = 0; s < 8; s++) image_bit[s][r * n + c] = 1ull << (to[s][0] * n + to[s][1]);
        }
    all_cells = cells == 64 ? ~0ull : (1ull << cells) - 1;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            int line[4] = {r, c, r - c + n - 1, r + c};
            for (int f = 0; f < 4; f++) {
                line_of[f][cell] = line[f];
                line_mask[f][line[f]] |= 1ull << cell;
                line_cells[f][line[f]][line_len[f][line[f]]++] = cell;
            }
            if (c == 0) first_column |= 1ull << cell;
            if (c == n - 1) last_column |= 1ull << cell;
        }
    for (int cell = 0; cell < cells; cell++)
        for (int f = 0; f < 4; f++) empty_attack[cell] |= line_mask[f][line_of[f][cell]];
}

/* The masks that bound a smear to runs whose consecutive cells are `step` bits apart: in1
 * holds the cells whose predecessor is in the same run, in2 those two back, in4 four back. */
static void smear_masks(u64 free_cells, u64 first, int step, u64 *in1, u64 *in2, u64 *in4) {
    *in1 = free_cells & ~first;
    *in2 = *in1 & (*in1 << step);
    *in4 = *in2 & (*in2 << 2 * step);
}

/* The number of runs (consecutive cells `step` bits apart) holding a bit of x: each candidate
 * is smeared forward to its run's last cell. */
static inline int runs_hit(u64 x, u64 last, u64 in1, u64 in2, u64 in4, int step) {
    x |= (x << step) & in1;
    x |= (x << 2 * step) & in2;
    x |= (x << 4 * step) & in4;
    return popcount(x & last);
}

/* The board's runs and attack masks, from the empty board's: only the lines through a wall
 * change. Two lines of different families meet in one cell only, so a line's cells can trade
 * the full line for their run without touching the other families' bits. */
static void setup_board(u64 walls) {
    u64 free_cells = ~walls & all_cells;
    memcpy(attack, empty_attack, sizeof(u64) * cells);
    unsigned touched[4] = {0, 0, 0, 0};
    for (u64 w = walls; w; w &= w - 1) {
        int cell = __builtin_ctzll(w);
        for (int f = 0; f < 4; f++) touched[f] |= 1u << line_of[f][cell];
    }
    for (int f = 0; f < 4; f++)
        for (unsigned t = touched[f]; t; t &= t - 1) {
            int l = __builtin_ctz(t), len = line_len[f][l];
            u64 line = line_mask[f][l], run = 0;
            for (int i = 0; i <= len; i++) {
                int cell = i < len ? line_cells[f][l][i] : -1;
                if (cell >= 0 && (free_cells >> cell & 1)) {
                    run |= 1ull << cell;
                    continue;
                }
                /* A run ends: at a wall or at the line's end. */
                for (u64 m = run; m; m &= m - 1) {
                    int c = __builtin_ctzll(m);
                    attack[c] = (attack[c] & ~line) | run;
                }
                run = 0;
            }
        }
    /* Row runs are stretches of consecutive bits within a row: m + (lowest bit) carries
     * through the lowest stretch. */
    row_runs = 0;
    for (int r = 0; r < n; r++)
        for (u64 m = free_cells & line_mask[0][r]; m;) {
            u64 run = ((m + (m & -m)) ^ m) & m;
            row_run[row_runs++] = run;
            m &= ~run;
        }
    /* A run's first cell has no free predecessor in its line, its last no free successor. */
    u64 row_first = free_cells & ~((free_cells << 1) & ~first_column);
    row_last = free_cells & ~((free_cells >> 1) & ~last_column);
    u64 col_first = free_cells & ~(free_cells << n);
    col_last = free_cells & ~(free_cells >> n);
    smear_masks(free_cells, row_first, 1, &row_in1, &row_in2, &row_in4);
    smear_masks(free_cells, col_first, n, &col_in1, &col_in2, &col_in4);
}

static void search(u64 cand, int placed) {
    if (!cand) {
        if (placed > best) best = placed;
        return;
    }
    int rows = runs_hit(cand, row_last, row_in1, row_in2, row_in4, 1);
    int bound = placed + rows;
    if (bound <= best) return;
    int cols = runs_hit(cand, col_last, col_in1, col_in2, col_in4, n);
    if (placed + cols < bound) bound = placed + cols;
    if (bound <= best) return;
    /* The row run with the fewest candidates. */
    u64 run = 0;
    int fewest = 65;
    for (int i = 0; i < row_runs; i++) {
        u64 m = cand & row_run[i];
        int k = popcount(m);
        if (m && k < fewest) {
            fewest = k;
            run = row_run[i];
            if (k == 1) break;
        }
    }
    for (u64 m = cand & run; m; m &= m - 1) {
        search(cand & ~attack[__builtin_ctzll(m)], placed + 1);
        if (bound <= best) return;
    }
    search(cand & ~run, placed);
}

static long long classes, boards, classes_by_value[65], boards_by_value[65];

static void solve_class(u64 walls, int orbit) {
    setup_board(walls);
    best = 0;
    search(~walls & all_cells, 0);
    classes++;
    boards += orbit;
    classes_by_value[best]++;
    boards_by_value[best] += orbit;
}

/* Every k-subset of cells from `from` on, the 8 images of the walls chosen so far kept
 * incrementally; a board is its class's representative when no image is smaller. */
static void enumerate(int from, int left, const u64 img[8]) {
    if (!left) {
        int stabiliser = 0;
        for (int s = 0; s < 8; s++) {
            if (img[s] < img[0]) return;
            stabiliser += img[s] == img[0];
        }
        solve_class(img[0], 8 / stabiliser);
        return;
    }
    for (int cell = from; cell <= cells - left; cell++) {
        u64 next[8];
        for (int s = 0; s < 8; s++) next[s] = img[s] | image_bit[s][cell];
        enumerate(cell + 1, left - 1, next);
    }
}

static long parse(const char *s, const char *what) {
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 0 || v > 1000000) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s must be a non-negative integer, got '%s'", what, s);
        fail(msg);
    }
    return v;
}

static void print_distribution(const char *name, const long long *by_value) {
    printf("\"%s\":{", name);
    int first = 1;
    for (int v = 0; v <= 64; v++)
        if (by_value[v]) {
            printf("%s\"%d\":%lld", first ? "" : ",", v, by_value[v]);
            first = 0;
        }
    printf("}");
}

int main(int argc, char **argv) {
    if (argc != 3) fail("usage: sweep_bnb N K (an N x N board, N <= 8, with K walls)");
    n = (int)parse(argv[1], "N");
    long k = parse(argv[2], "K");
    if (n < 1 || n > MAX_N) {
        char msg[200];
        snprintf(msg, sizeof msg, "N = %d: boards from 1x1 to 8x8 only (a board is one 64-bit word)", n);
        fail(msg);
    }
    cells = n * n;
    if (k > cells) {
        char msg[200];
        snprintf(msg, sizeof msg, "K = %ld walls do not fit on %d cells", k, cells);
        fail(msg);
    }
    double start = cpu_now();
    init_geometry();
    u64 none[8] = {0};
    enumerate(0, (int)k, none);
    double cpu = cpu_now() - start;
    printf("{\"n\":%d,\"walls\":%ld,\"classes\":%lld,\"boards\":%lld,", n, k, classes, boards);
    print_distribution("classes_by_value", classes_by_value);
    printf(",");
    print_distribution("boards_by_value", boards_by_value);
    printf(",\"cpu_seconds\":%.3f}\n", cpu);
    return 0;
}

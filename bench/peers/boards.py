"""Boards for the peers: segments, symmetries, an independent placement check, seeded board sets.

Written for the benchmark only (stdlib), so the peers share no code with queensat.
A board is a dict {"id": str, "rows": int, "cols": int, "walls": [[r, c], ...]}.
"""

import random

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, diagonal, anti-diagonal


def lines(rows, cols):
    """Every full line of the board in each direction, as lists of cells in order."""
    out = []
    for dr, dc in DIRECTIONS:
        for r in range(rows):
            for c in range(cols):
                pr, pc = r - dr, c - dc
                if 0 <= pr < rows and 0 <= pc < cols:
                    continue  # not the first cell of its line
                line, (rr, cc) = [], (r, c)
                while 0 <= rr < rows and 0 <= cc < cols:
                    line.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                out.append(line)
    return out


def line_spans(n):
    """Every pair of cells a < b on a line of the n×n board, as (the cells from a to b, the
    cells strictly between): the seed's Least Walls Model allows two queens in a span only
    with a wall strictly between them."""
    for line in lines(n, n):
        for i in range(len(line)):
            for j in range(i + 1, len(line)):
                yield line[i:j + 1], line[i + 1:j]


def segments(board):
    """Maximal runs of non-wall cells along every line: at most one queen in each."""
    walls = {tuple(w) for w in board["walls"]}
    segs = []
    for line in lines(board["rows"], board["cols"]):
        run = []
        for cell in line + [None]:
            if cell is None or cell in walls:
                if run:
                    segs.append(run)
                run = []
            else:
                run.append(cell)
    return segs


def check_placement(board, queens):
    """True when no queen is on a wall and no two queens see each other along a line."""
    walls = {tuple(w) for w in board["walls"]}
    qs = {tuple(q) for q in queens}
    if len(qs) != len(queens) or qs & walls:
        return False
    for r, c in qs:
        if not (0 <= r < board["rows"] and 0 <= c < board["cols"]):
            return False
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)):
            rr, cc = r + dr, c + dc
            while 0 <= rr < board["rows"] and 0 <= cc < board["cols"] and (rr, cc) not in walls:
                if (rr, cc) in qs:
                    return False
                rr, cc = rr + dr, cc + dc
    return True


def symmetries(n):
    """The 8 symmetries of an n×n square, as functions on cells."""
    m = n - 1
    return [
        lambda r, c: (r, c),
        lambda r, c: (c, m - r),
        lambda r, c: (m - r, m - c),
        lambda r, c: (m - c, r),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (c, r),
        lambda r, c: (m - c, m - r),
    ]


def images(n, cells):
    """The distinct images of a set of cells of an n×n square under its 8 symmetries."""
    return {tuple(sorted(s(r, c) for r, c in cells)) for s in symmetries(n)}


def canonical(n, cells):
    return min(images(n, cells))


def board_of(rows, cols, walls, tag):
    walls = sorted(tuple(w) for w in walls)
    return {"id": f"{tag}:" + " ".join(f"{r},{c}" for r, c in walls),
            "rows": rows, "cols": cols, "walls": [list(w) for w in walls]}


def all_two_wall_boards():
    cells = [(r, c) for r in range(8) for c in range(8)]
    return [board_of(8, 8, [a, b], "8x8")
            for i, a in enumerate(cells) for b in cells[i + 1:]]


def sampled_classes(n, walls, count, seed):
    """`count` distinct symmetry classes of n×n boards with `walls` walls, one canonical
    representative each, drawn by a seeded uniform choice of wall sets (so classes with
    larger orbits are likelier)."""
    rng = random.Random(f"{seed}:{n}:{walls}")
    cells = [(r, c) for r in range(n) for c in range(n)]
    seen, out = set(), []
    while len(out) < count:
        rep = canonical(n, rng.sample(cells, walls))
        if rep not in seen:
            seen.add(rep)
            out.append(board_of(n, n, rep, f"{n}x{n}"))
    return out

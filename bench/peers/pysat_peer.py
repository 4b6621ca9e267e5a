"""PySAT peer: CaDiCaL 1.9.5 with pairwise at-most-one per segment and an incremental
totaliser (ITotalizer) for the count; SAT-UNSAT search upwards under assumptions."""

import time

from pysat.card import CardEnc, EncType, ITotalizer
from pysat.solvers import Solver

from boards import images, line_spans, segments

NAME = "PySAT"
SOLVER = "cadical195"


def version():
    import pysat
    return f"python-sat {pysat.__version__} ({SOLVER})"


class _Base:
    """Queen variables 1..N, pairwise AMO per segment, and a totaliser over the negated queens
    (sum of ¬q ≤ N - k is sum of q ≥ k; ITotalizer encodes upper bounds)."""

    def __init__(self, board):
        walls = {tuple(w) for w in board["walls"]}
        cells = [(r, c) for r in range(board["rows"]) for c in range(board["cols"])
                 if (r, c) not in walls]
        self.var = {p: i + 1 for i, p in enumerate(cells)}
        self.solver = Solver(name=SOLVER)
        for seg in segments(board):
            lits = [self.var[p] for p in seg]
            for i, a in enumerate(lits):
                for b in lits[i + 1:]:
                    self.solver.add_clause([-a, -b])
        self.n = len(cells)
        self.tot = ITotalizer([-v for v in self.var.values()], ubound=self.n,
                              top_id=self.n)
        self.solver.append_formula(self.tot.cnf.clauses)

    def at_least(self, k):
        """Assumptions for at least k queens."""
        if k <= 0:
            return []
        return [-self.tot.rhs[self.n - k]]

    def placement(self):
        model = self.solver.get_model()
        return [p for p, v in self.var.items() if model[v - 1] > 0]


class TimedOut(Exception):
    pass


def _solve(solver, assumptions=(), deadline=None):
    """solve(), refused once the deadline has passed. CaDiCaL in PySAT cannot be interrupted
    (no solve_limited), so a time limit is checked between calls: one call may overrun it."""
    if deadline is not None and time.monotonic() > deadline:
        raise TimedOut
    return solver.solve(assumptions=list(assumptions))


def _maximise(base, deadline=None):
    best = base.placement() if _solve(base.solver, deadline=deadline) else []
    while len(best) < base.n and _solve(base.solver, base.at_least(len(best) + 1), deadline):
        best = base.placement()
    return best


def _deadline(time_limit):
    return time.monotonic() + time_limit if time_limit else None


def value(board, threads=1, time_limit=None):
    base = _Base(board)
    try:
        best = _maximise(base, _deadline(time_limit))
    except TimedOut:
        return None
    finally:
        base.solver.delete()
    return len(best), best


def least_walls(n, queens, threads=1, time_limit=None):
    """Queens and walls per cell; for each pair of cells on a line, not both queens unless a
    wall stands strictly between; at least `queens` queens (totaliser); walls ≤ w by an
    incremental totaliser, tightened until UNSAT."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    q = {p: i + 1 for i, p in enumerate(cells)}
    w = {p: len(cells) + i + 1 for i, p in enumerate(cells)}
    s = Solver(name=SOLVER)
    for p in cells:
        s.add_clause([-q[p], -w[p]])
    for span, inner in line_spans(n):
        s.add_clause([-q[span[0]], -q[span[-1]]] + [w[p] for p in inner])
    top = 2 * len(cells)
    enough = CardEnc.atleast(list(q.values()), bound=queens, top_id=top,
                             encoding=EncType.totalizer)
    s.append_formula(enough.clauses)
    top = max(top, enough.nv)
    tot = ITotalizer(list(w.values()), ubound=len(cells), top_id=top)
    s.append_formula(tot.cnf.clauses)
    deadline = _deadline(time_limit)
    try:
        if not _solve(s, deadline=deadline):
            return "infeasible", None
        while True:
            model = s.get_model()
            found = [p for p in cells if model[w[p] - 1] > 0]
            if not found or not _solve(s, [-tot.rhs[len(found) - 1]], deadline):
                return len(found), found
    except TimedOut:
        return None
    finally:
        s.delete()


def unique_solutions(n, threads=1, time_limit=None):
    """The value, then exactly that many queens, each found placement blocking all its
    images in the same incremental solver."""
    base = _Base({"rows": n, "cols": n, "walls": []})
    deadline = _deadline(time_limit)
    try:
        k = len(_maximise(base, deadline))
        exact = base.at_least(k)  # at most k holds anyway: k is the value
        total = classes = 0
        while _solve(base.solver, exact, deadline):
            imgs = images(n, base.placement())
            total += len(imgs)
            classes += 1
            for img in imgs:
                base.solver.add_clause([-base.var[p] for p in img])
        return total, classes
    except TimedOut:
        return None
    finally:
        base.solver.delete()

"""OR-Tools CP-SAT peer: AddAtMostOne per segment (Base Model) and the seed's Least Walls Model
as linear constraints. `threads` sets num_workers (1 for the fair rows)."""

import math

from ortools.sat.python import cp_model

from boards import canonical, line_spans, segments

NAME = "CP-SAT"


def version():
    import ortools
    return f"OR-Tools {ortools.__version__}"


def _solver(threads, time_limit):
    s = cp_model.CpSolver()
    s.parameters.num_workers = threads
    if time_limit:
        s.parameters.max_time_in_seconds = time_limit
    return s


def _base_model(board):
    m = cp_model.CpModel()
    walls = {tuple(w) for w in board["walls"]}
    q = {(r, c): m.NewBoolVar(f"q{r}_{c}")
         for r in range(board["rows"]) for c in range(board["cols"]) if (r, c) not in walls}
    for seg in segments(board):
        if len(seg) > 1:
            m.AddAtMostOne(q[p] for p in seg)
    return m, q


def value(board, threads=1, time_limit=None):
    r = value_with_bounds(board, threads, time_limit)
    return None if r["value"] is None else (r["value"], r["placement"])


def value_with_bounds(board, threads=1, time_limit=None):
    """The value and an optimal placement, or, when the limit ends the search first, the best
    placement found and CP-SAT's own bound on the value (its claim, which nobody checks)."""
    m, q = _base_model(board)
    m.Maximize(sum(q.values()))
    s = _solver(threads, time_limit)
    status = s.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {"value": None, "placement": None, "bound": None}
    placement = [p for p, x in q.items() if s.Value(x)]
    if status == cp_model.OPTIMAL:
        v = round(s.ObjectiveValue())
        return {"value": v, "placement": placement, "bound": v}
    # The bound is a float; a hair above an integer still bounds the count by that integer.
    return {"value": None, "placement": placement, "bound": math.floor(s.BestObjectiveBound() + 1e-6)}


def least_walls(n, queens, threads=1, time_limit=None):
    m = cp_model.CpModel()
    cells = [(r, c) for r in range(n) for c in range(n)]
    q = {p: m.NewBoolVar(f"q{p}") for p in cells}
    w = {p: m.NewBoolVar(f"w{p}") for p in cells}
    for p in cells:
        m.AddAtMostOne([q[p], w[p]])
    m.Add(sum(q.values()) == queens)
    for span, inner in line_spans(n):
        m.Add(sum(q[p] for p in span) <= 1 + sum(w[p] for p in inner))
    m.Minimize(sum(w.values()))
    s = _solver(threads, time_limit)
    status = s.Solve(m)
    if status == cp_model.INFEASIBLE:
        return "infeasible", None
    if status != cp_model.OPTIMAL:
        return None
    return round(s.ObjectiveValue()), [p for p in cells if s.Value(w[p])]


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, n, q):
        super().__init__()
        self.n, self.q, self.total, self.classes = n, q, 0, set()

    def on_solution_callback(self):
        self.total += 1
        self.classes.add(canonical(self.n, [p for p, x in self.q.items() if self.Value(x)]))


def unique_solutions(n, threads=1, time_limit=None):
    """All optimal placements by CP-SAT's own enumeration (one worker: CP-SAT enumerates
    only single-threaded), classes by canonical form."""
    board = {"rows": n, "cols": n, "walls": []}
    best = value(board, threads)
    if best is None:
        return None
    m, q = _base_model(board)
    m.Add(sum(q.values()) == best[0])
    s = _solver(1, time_limit)
    s.parameters.enumerate_all_solutions = True
    cb = _Collector(n, q)
    if s.Solve(m, cb) != cp_model.OPTIMAL:
        return None
    return cb.total, len(cb.classes)

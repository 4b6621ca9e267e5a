"""SCIP (PySCIPOpt) peer: the seed's ILPs, the Base Model and the Least Walls Model.

Single-threaded: the PyPI build of SCIP solves on one thread (no multi-threaded row).
"""

import math

from pyscipopt import Model, quicksum

from boards import images, line_spans, segments

NAME = "SCIP"


def version():
    import pyscipopt
    m = Model()
    return f"PySCIPOpt {pyscipopt.__version__}, SCIP {m.version()}"


def _model():
    m = Model()
    m.hideOutput()
    m.setParam("limits/gap", 0.0)  # an optimality proof, not a near-optimal answer
    return m


def _base_model(board):
    """Base Model: a binary per non-wall cell, at most one queen per segment."""
    m = _model()
    walls = {tuple(w) for w in board["walls"]}
    q = {(r, c): m.addVar(vtype="B", name=f"q{r}_{c}")
         for r in range(board["rows"]) for c in range(board["cols"]) if (r, c) not in walls}
    for seg in segments(board):
        if len(seg) > 1:
            m.addCons(quicksum(q[p] for p in seg) <= 1)
    return m, q


def value(board, threads=1, time_limit=None):
    """(value, placement) with optimality proved by SCIP, or None on time-out."""
    r = value_with_bounds(board, threads, time_limit)
    return None if r["value"] is None else (r["value"], r["placement"])


def value_with_bounds(board, threads=1, time_limit=None):
    """The value and an optimal placement, or, when the limit ends the search first, the best
    placement found and SCIP's own dual bound on the value (its claim, which nobody checks).
    The limit counts SCIP's CPU time, as queensat's `--time-limit` does."""
    m, q = _base_model(board)
    if time_limit:
        m.setParam("timing/clocktype", 1)  # CPU seconds, not wall-clock ones
        m.setParam("limits/time", time_limit)
    m.setObjective(quicksum(q.values()), "maximize")
    m.optimize()
    if m.getNSols() == 0:
        return {"value": None, "placement": None, "bound": None}
    best = m.getBestSol()
    placement = [p for p, x in q.items() if m.getSolVal(best, x) > 0.5]
    if m.getStatus() == "optimal":
        v = round(m.getObjVal())
        return {"value": v, "placement": placement, "bound": v}
    # The dual bound is a float; a hair above an integer still bounds the count by that integer.
    return {"value": None, "placement": placement, "bound": math.floor(m.getDualbound() + 1e-6)}


def least_walls(n, queens, threads=1, time_limit=None):
    """Least Walls Model: (least walls, wall set) for `queens` queens on n×n, ("infeasible",
    None), or None on time-out. For each pair of cells on a line, the queens in the span are
    at most 1 + the walls strictly inside; a queen never stands on a wall."""
    m = _model()
    if time_limit:
        m.setParam("limits/time", time_limit)
    cells = [(r, c) for r in range(n) for c in range(n)]
    q = {p: m.addVar(vtype="B", name=f"q{p[0]}_{p[1]}") for p in cells}
    w = {p: m.addVar(vtype="B", name=f"w{p[0]}_{p[1]}") for p in cells}
    for p in cells:
        m.addCons(q[p] + w[p] <= 1)
    m.addCons(quicksum(q.values()) == queens)
    for span, inner in line_spans(n):
        m.addCons(quicksum(q[p] for p in span) <= 1 + quicksum(w[p] for p in inner))
    m.setObjective(quicksum(w.values()), "minimize")
    m.optimize()
    status = m.getStatus()
    if status == "infeasible":
        return "infeasible", None
    if status != "optimal":
        return None
    return round(m.getObjVal()), [p for p in cells if m.getVal(w[p]) > 0.5]


def unique_solutions(n, threads=1, time_limit=None):
    """(total, classes) of optimal placements of the empty n×n board: the value first, then
    re-solving with each found placement's images excluded by a no-good cut."""
    board = {"rows": n, "cols": n, "walls": []}
    best = value(board)
    if best is None:
        return None
    k = best[0]
    m, q = _base_model(board)
    m.addCons(quicksum(q.values()) == k)
    total = classes = 0
    while True:
        m.optimize()
        if m.getStatus() == "infeasible":
            return total, classes
        if m.getStatus() != "optimal":
            return None
        found = [p for p, x in q.items() if m.getVal(x) > 0.5]
        imgs = images(n, found)
        total += len(imgs)
        classes += 1
        m.freeTransform()
        for img in imgs:
            m.addCons(quicksum(q[p] for p in img) <= k - 1)

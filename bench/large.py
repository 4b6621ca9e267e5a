"""Large walled boards (issue 15): queensat per backend against OR-Tools CP-SAT (one worker, and
all cores as `cpsat-all`), SCIP and PySAT + CaDiCaL on the same seeded board set, in the same run.
Run through `make bench-large`.

  python bench/large.py boards --out bench/large-boards.json     the board set (seeded, committed)
  python bench/large.py run --boards F --out DIR [--limit S] [--min-size N] [--max-size N]
      [--only REGEX] [--solvers ...]

Every solver runs as its own process on one board with a per-board limit; the time is the
process's CPU seconds (user + system, from the kernel's accounting of the child), so every row
pays its own start-up, except the Python peers, whose rows count the CPU of the solve call
(model building included) inside their process, without the interpreter's start-up and imports,
and `cpsat-all`, whose row is the wall time of that call.
A value counts only when the solver claims optimality and its placement
passes the independent check in bench/peers/boards.py; finished values that disagree fail the
run (exit 1) after the table is written. Writes DIR/large.md, large.json, large.svg (CPU
seconds per board on a log scale, boards by name) and cactus.svg (boards proved against time,
one line per solver).
"""

import argparse
import json
import math
import os
import platform
import random
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "peers"))
ROOT = os.path.dirname(HERE)
QUEENSAT = os.environ.get("QUEENSAT_BIN") or os.path.join(ROOT, "target", "release", "queensat")
SEED = 2026
# The seed article's record boards on 8x8 (2, 3 and 4 walls), embedded in larger boards.
RECORDS = [[(1, 3), (2, 5)], [(1, 4), (3, 1), (4, 3)], [(0, 0), (1, 3), (3, 4), (4, 1)]]


def board(n, walls, tag):
    walls = sorted({tuple(w) for w in walls})
    return {"id": f"{n}x{n} {tag}", "rows": n, "cols": n, "walls": [list(w) for w in walls]}


def make_boards():
    """The committed set: random walls at three densities, lattices, embedded records."""
    rng = random.Random(SEED)
    out = []
    for n in (12, 16, 20, 24, 28, 32, 40):
        cells = [(r, c) for r in range(n) for c in range(n)]
        for per_n, label in ((0.75, "sparse"), (1.5, "medium"), (3.0, "dense")):
            k = round(per_n * n)
            out.append(board(n, rng.sample(cells, k), f"random {label} {k} walls"))
        for step in (4, 5):
            off = rng.randrange(step)
            walls = [(r, c) for r in range(off, n, step) for c in range(off, n, step)]
            out.append(board(n, walls, f"lattice step {step} offset {off}"))
        rec = RECORDS[n % 3]
        dr, dc = rng.randrange(n - 7), rng.randrange(n - 7)
        out.append(board(n, [(r + dr, c + dc) for r, c in rec],
                         f"8x8 record ({len(rec)} walls) at {dr},{dc}"))
    return out


# ---- one solver on one board, in its own process -------------------------------------------

# CP-SAT with one worker per CPU: its figure is the solve call's wall time (its workers run side
# by side, so their summed CPU would not say how long one waits), and its limit is CP-SAT's own
# wall-clock limit.
ALL_CORES = "cpsat-all"


def unit(solver):
    """What a solver's figure measures."""
    return "wall" if solver == ALL_CORES else "CPU"


def peer_main(name, board_json, limit):
    import boards as chk  # noqa: F401  (the peers import it)
    b = json.loads(board_json)
    if name.startswith("cpsat"):
        import cpsat_peer as peer
    elif name == "scip":
        import scip_peer as peer
    else:
        import pysat_peer as peer
    threads = os.cpu_count() if name == ALL_CORES else 1
    t, w = time.process_time(), time.perf_counter()
    if hasattr(peer, "value_with_bounds"):
        got = peer.value_with_bounds(b, threads=threads, time_limit=limit)
    else:
        v = peer.value(b, threads=threads, time_limit=limit)
        got = {"value": None, "placement": None, "bound": None} if v is None else \
            {"value": v[0], "placement": v[1], "bound": v[0]}
    cpu, wall = time.process_time() - t, time.perf_counter() - w
    placement = got["placement"]
    print(json.dumps({"value": got["value"], "bound": got["bound"],
                      "placement": None if placement is None else [list(p) for p in placement],
                      "solve_cpu": cpu, "solve_wall": wall}))


def run_child(cmd, limit):
    """Runs cmd; (stdout or None on a kill, CPU seconds of the child). The limit is enforced by
    the solvers themselves (queensat and SCIP: CPU; CP-SAT: its own clock; PySAT: between calls); the
    wall-clock kill here, with room for a loaded machine, only ends a call that overruns."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 4 + 30)
        out = p.stdout if p.returncode in (0, 3) else None
        if p.returncode not in (0, 3):
            print(f"bench-large: {cmd[:3]} exit {p.returncode}: {p.stderr.strip()[-300:]}",
                  file=sys.stderr)
    except subprocess.TimeoutExpired:
        out = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu


class Run:
    """One solver on one board: the value when proved, the placement (optimal, or the best found
    when the limit came first; None if none), the solver's upper bound on the value, and the
    CPU (or wall) seconds."""

    def __init__(self, value, placement, bound, cpu):
        self.value, self.placement, self.bound, self.cpu = value, placement, bound, cpu


def queensat_value(solver, b, limit):
    walls = " ".join(f"{r},{c}" for r, c in b["walls"])
    # `queensat:default` names no solver: queensat picks one by the board's size.
    pick = [] if solver == "default" else ["--solver", solver]
    cmd = [QUEENSAT, "value", "--size", str(b["rows"]), "--walls", walls, *pick,
           "--time-limit", str(limit), "--format", "json"]
    out, cpu = run_child(cmd, limit)
    if out is None:
        return Run(None, None, None, cpu)
    r = json.loads(out)
    placement = [[q[0], q[1]] for q in r["placement"]]
    if not r.get("proved", True):
        # Stopped: the best placement and the upper bound queensat has checked.
        return Run(None, placement, r["upper_bound"]["bound"], cpu)
    return Run(r["value"], placement, r["value"], cpu)


def peer_value(name, b, limit):
    cmd = [sys.executable, os.path.abspath(__file__), "peer", name, json.dumps(b), str(limit)]
    out, cpu = run_child(cmd, limit)
    if out is None:
        return Run(None, None, None, cpu)
    r = json.loads(out.strip().splitlines()[-1])
    # The solve's own CPU: Python's start-up and imports (about 0.3 s for OR-Tools) not counted.
    return Run(r["value"], r["placement"], r.get("bound"),
               r["solve_wall" if name == ALL_CORES else "solve_cpu"])


# ---- the run ---------------------------------------------------------------------------------

# ---- the plots -------------------------------------------------------------------------------
# The charts' conventions are src/io/svg_chart.rs's: ten colours then evenly spaced hues (no
# colour repeats in a chart), text boxes estimated at 0.6 em a character and laid out so that no
# two collide; tests/charts.rs checks both plots the same way as the Rust charts.

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22"]
FONT = 11


def palette(n):
    """n colours, no two alike."""
    extra = max(n - len(COLOURS), 0)
    return COLOURS[:n] + [f"hsl({15 + 360 * i / extra:.1f}, 70%, 40%)" for i in range(extra)]


def text_width(text, size=FONT):
    return 0.6 * size * len(text)


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def short_name(board_id):
    """`12x12 random sparse 9 walls` -> `12x12 sparse`, `… lattice step 4 offset 0` -> `… lattice 4`,
    `… 8x8 record (2 walls) at 1,1` -> `… record`: what tells the boards of the set apart."""
    shape, _, tag = board_id.partition(" ")
    m = re.match(r"random (\w+)|lattice step (\d+)|8x8 record", tag)
    if m is None:
        return board_id
    return f"{shape} " + (m.group(1) or (m.group(2) and f"lattice {m.group(2)}") or "record")


def board_names(rows):
    """A name per row for the x axis: the short names when they tell the boards apart, else the ids."""
    names = [short_name(r["board"]) for r in rows]
    return names if len(set(names)) == len(names) else [r["board"] for r in rows]


def legend(solvers, colours, left, right, top, extra=lambda s: ""):
    """Legend entries (a dot of class `legend` and the name) in rows from `top`, wrapped before
    `right`; the SVG parts and the y below the last row."""
    parts, x, y = [], left, top
    for s, col in zip(solvers, colours):
        label = esc(s + extra(s))
        need = 14 + text_width(label) + FONT
        if x > left and x + need > right:
            x, y = left, y + 18
        parts.append(f'<circle class="legend" cx="{x + 4}" cy="{y - 4}" r="4" fill="{col}"/>'
                     f'<text x="{x + 12}" y="{y}">{label}</text>')
        x += need
    return parts, y + 10


def log_axis(parts, lo, hi, y, left, right):
    """Grid lines and labels at the powers of ten from lo to hi."""
    for e in range(int(math.log10(lo)), int(math.floor(math.log10(hi))) + 1):
        yy = y(10 ** e)
        parts.append(f'<line x1="{left}" x2="{right}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 5}" y="{yy + 4:.1f}" text-anchor="end">{10 ** e:g} s</text>')


def limit_line(parts, y, limit, left, right):
    yl = y(limit)
    parts.append(f'<line x1="{left}" x2="{right}" y1="{yl:.1f}" y2="{yl:.1f}" '
                 f'stroke="#999" stroke-dasharray="4"/>')
    parts.append(f'<text x="{right - 2}" y="{yl - 3:.1f}" text-anchor="end">limit</text>')


def svg_doc(w, h, parts):
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
                      f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="sans-serif" font-size="{FONT}">',
                      f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>', *parts, "</svg>"]) + "\n"


def log_scale(lo, hi, top, bottom):
    return lambda s: bottom - (math.log10(max(s, lo)) - math.log10(lo)) / (  # noqa: E731
        math.log10(hi) - math.log10(lo)) * (bottom - top)


def svg(rows, solvers, limit):
    """CPU seconds per board (x: the boards in the order of the table, by name; y: log scale),
    one colour per solver; a cross where a solver proved nothing within the limit."""
    names = board_names(rows)
    left, plot_h = 60, 300
    # One slot per board, wide enough for its name turned upright and for every solver's mark.
    slot = max((900 - left - 20) / max(len(rows), 1), 1.5 * FONT + 4, 3 * len(solvers) + 6)
    w = left + 20 + slot * len(rows)
    colours = palette(len(solvers))
    parts, top = legend(solvers, colours, left, w - 20, 16)
    y0 = top + plot_h
    lo, hi = 0.01, max(limit * 1.5, 1.0)
    y = log_scale(lo, hi, top, y0)
    x = lambda i: left + (i + 0.5) * slot  # noqa: E731
    log_axis(parts, lo, hi, y, left, w - 20)
    limit_line(parts, y, limit, left, w - 20)
    for si, (s, col) in enumerate(zip(solvers, colours)):
        for i, r in enumerate(rows):
            cell = r["runs"].get(s)
            if cell is None:
                continue
            cx, cy = x(i) + (si - (len(solvers) - 1) / 2) * 3, y(cell["cpu"])
            if not in_time(cell, limit):
                parts.append(f'<path d="M{cx - 3:.1f},{cy - 3:.1f} l6,6 m0,-6 l-6,6" stroke="{col}" '
                             f'stroke-width="1.5"/>')
            else:
                parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="{col}"/>')
    # The names upright, reading upwards, ending just below the axis.
    longest = max((text_width(n) for n in names), default=0)
    for i, n in enumerate(names):
        bx, by = x(i) + 0.3 * FONT, y0 + 6
        parts.append(f'<line x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{y0}" y2="{y0 + 3}" stroke="black"/>'
                     f'<text x="{bx:.1f}" y="{by}" text-anchor="end" '
                     f'transform="rotate(-90 {bx:.1f} {by})">{esc(n)}</text>')
    parts.append(f'<line x1="{left}" x2="{w - 20}" y1="{y0}" y2="{y0}" stroke="black"/>')
    h = y0 + 6 + longest + 2 * FONT + 10
    parts.append(f'<text x="{left}" y="{h - 8:.0f}">boards in the order of the table '
                 f'(a cross: no proved answer within the limit)</text>')
    return svg_doc(max(w, left + text_width("boards in the order of the table (a cross: no proved "
                                               "answer within the limit)") + 20), h, parts)


def cactus(rows, solvers, limit):
    """The SAT competitions' cactus plot: for each solver, its boards proved within the limit
    sorted by time, the k-th at (k, its seconds); the further right and lower, the better."""
    w, left, right, plot_h = 640, 60, 620, 300
    colours = palette(len(solvers))
    solved = {s: sorted(r["runs"][s]["cpu"] for r in rows if in_time(r["runs"].get(s), limit))
              for s in solvers}
    parts, top = legend(solvers, colours, left, right, 34, lambda s: f" ({len(solved[s])})")
    parts.insert(0, f'<text x="{w / 2}" y="16" text-anchor="middle" font-size="13">Boards proved '
                    f'within {limit:g} s, by time (cactus plot)</text>')
    y0 = top + plot_h
    lo, hi = 0.01, max(limit * 1.5, 1.0)
    y = log_scale(lo, hi, top, y0)
    n = max(len(rows), 1)
    x = lambda k: left + k * (right - left) / n  # noqa: E731
    log_axis(parts, lo, hi, y, left, right)
    limit_line(parts, y, limit, left, right)
    parts.append(f'<line x1="{left}" x2="{right}" y1="{y0}" y2="{y0}" stroke="black"/>')
    # Whole-number ticks, every step-th (1, 2, 5, 10, ...) so that labels keep apart.
    room = text_width(str(n)) + FONT
    step = next(m * 10 ** e for e in range(7) for m in (1, 2, 5) if m * 10 ** e * (right - left) / n >= room)
    for k in range(0, n + 1, step):
        parts.append(f'<line x1="{x(k):.1f}" x2="{x(k):.1f}" y1="{y0}" y2="{y0 + 4}" stroke="black"/>'
                     f'<text x="{x(k):.1f}" y="{y0 + 18}" text-anchor="middle">{k}</text>')
    for s, col in zip(solvers, colours):
        pts = [(x(k + 1), y(t)) for k, t in enumerate(solved[s])]
        if pts:
            parts.append(f'<polyline fill="none" stroke="{col}" stroke-width="2" points="'
                         + " ".join(f"{px:.1f},{py:.1f}" for px, py in pts) + '"/>')
        for px, py in pts:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{col}"/>')
    unit_note = f", {ALL_CORES}: wall" if ALL_CORES in solvers else ""
    h = y0 + 44
    parts.append(f'<text x="{(left + right) / 2}" y="{h - 10}" text-anchor="middle">boards proved '
                 f'(of {len(rows)}); y: CPU seconds{unit_note}, log scale</text>')
    return svg_doc(w, h, parts)


def queensat_build():
    """What the queensat binary was built from, read before the run: the worktree's commit
    (`-dirty` when it has uncommitted changes; `make bench-large` builds before it runs), or the
    binary's path when QUEENSAT_BIN names another one."""
    if os.environ.get("QUEENSAT_BIN"):
        return "QUEENSAT_BIN=" + os.environ["QUEENSAT_BIN"]
    try:
        return subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main_run(a):
    import boards as chk
    with open(a.boards) as f:
        board_set = [b for b in json.load(f) if a.min_size <= b["rows"] <= a.max_size
                     and re.search(a.only, b["id"])]
    solvers = a.solvers.split(",")
    build = queensat_build()
    rows, disagreements = [], []
    for b in board_set:
        runs = {}
        for s in solvers:
            if s.startswith("queensat:"):
                run = queensat_value(s.split(":", 1)[1], b, a.limit)
            else:
                run = peer_value(s, b, a.limit)
            v, best = run.value, None
            if run.placement is not None:
                if chk.check_placement(b, run.placement) and (v is None or len(run.placement) == v):
                    best = len(run.placement)
                else:
                    disagreements.append(f"{b['id']}: {s}'s placement fails the check")
                    v = None
            runs[s] = {"value": v, "cpu": run.cpu, "best": best, "bound": run.bound}
            print(f"bench-large: {b['id']}: {s}: {v} (best {best}, bound {run.bound}) in "
                  f"{run.cpu:.2f} s", file=sys.stderr, flush=True)
        values = {r["value"] for r in runs.values() if r["value"] is not None}
        if len(values) > 1:
            disagreements.append(f"{b['id']}: values {sorted(values)}")
        # Every bound must hold every checked placement, whoever found it.
        most = max((r["best"] for r in runs.values() if r["best"] is not None), default=None)
        for s, r in runs.items():
            if most is not None and r["bound"] is not None and r["bound"] < most:
                disagreements.append(f"{b['id']}: {s}'s bound {r['bound']} is below a checked "
                                     f"placement of {most}")
        rows.append({"board": b["id"], "walls": len(b["walls"]), "runs": runs,
                     "value": min(values) if len(values) == 1 else None})
    write(a, rows, solvers, disagreements, build=build)
    return 1 if disagreements else 0


# queensat's --time-limit counts the search's CPU; the process also encodes, solves the LP and
# runs the local search. A run within a tenth over the limit counts as within it.
GRACE = 1.1


def in_time(r, limit):
    """Whether a run proved its value within the limit (varisat and PySAT cannot be stopped
    inside a solver call, so they may answer long after it: that answer is shown, not counted)."""
    return r is not None and r["value"] is not None and r["cpu"] <= limit * GRACE


def span(r):
    """`; lo..hi` for an unproved run: its best checked placement and its upper bound."""
    lo, hi = r.get("best"), r.get("bound")
    if r["value"] is not None or (lo is None and hi is None):
        return ""
    return f"; {'?' if lo is None else lo}..{'?' if hi is None else hi}"


def value_cell(r):
    """The proved value, or `lo..hi` where no run proved one: the best placement any run found
    (checked) and the least bound that queensat checked (a peer's bound is its own claim)."""
    if r["value"] is not None:
        return str(r["value"])
    runs = r["runs"]
    lo = max((x["best"] for x in runs.values() if x.get("best") is not None), default=None)
    hi = min((x["bound"] for s, x in runs.items()
              if s.startswith("queensat:") and x.get("bound") is not None), default=None)
    if lo is None and hi is None:
        return "?"
    return f"{'?' if lo is None else lo}..{'?' if hi is None else hi}"


def cell(r, limit):
    if r is None:
        return "—"
    if in_time(r, limit):
        return f"{r['cpu']:.2f}"
    late = ", proved late" if r["value"] is not None else ""
    return f"> {limit:g} ({r['cpu']:.1f}{late}{span(r)})"


def write(a, rows, solvers, disagreements, meta=None, build=None):
    os.makedirs(a.out, exist_ok=True)
    lines = ["| board | walls | value | " + " | ".join(solvers) + " |",
             "|---|---:|---:|" + "---:|" * len(solvers)]
    for r in rows:
        lines.append(f"| {r['board']} | {r['walls']} | {value_cell(r)} | "
                     + " | ".join(cell(r["runs"].get(s), a.limit) for s in solvers) + " |")
    ref = next((s for s in solvers if s.startswith("cpsat")), None)
    summary = []
    for s in solvers:
        done = [r for r in rows if in_time(r["runs"][s], a.limit)]
        total = sum(r["runs"][s]["cpu"] for r in rows)
        line = f"- {s}: {len(done)}/{len(rows)} proved within {a.limit:g} s, {total:.1f} {unit(s)} s in all"
        refs = [ref] if s == ALL_CORES else [x for x in (ref, ALL_CORES, "scip") if x in solvers]
        for peer in [x for x in refs if x and x != s]:
            ratios = sorted(r["runs"][peer]["cpu"] / max(r["runs"][s]["cpu"], 1e-3) for r in rows
                            if in_time(r["runs"][s], a.limit) and in_time(r["runs"][peer], a.limit))
            if ratios:
                line += (f"; {peer} {unit(peer)} / {s} {unit(s)} over boards both proved: median "
                         f"{ratios[len(ratios) // 2]:.2f}, worst {ratios[0]:.2f}")
        summary.append(line)
    meta = meta or {"command": a.command, "boards": a.boards, "limit_seconds": a.limit, "min_size": a.min_size,
                    "max_size": a.max_size, "host": platform.node(), "cpus": os.cpu_count(),
                    "loadavg": open("/proc/loadavg").read().split()[:3], "only": a.only,
                    "queensat_build": build}
    md = ["# Large walled boards: queensat per backend against CP-SAT, SCIP and PySAT", "",
          f"Made by `{a.command}` on {meta['host']} ({meta['cpus']} logical CPUs, load "
          f"{' '.join(meta['loadavg'])}); board set `{a.boards}` (seed {SEED}, boards up to "
          f"{a.max_size}x{a.max_size}"
          + (f", those whose id matches `{meta['only']}`" if meta.get("only") else "")
          + (f"; queensat built from {meta['queensat_build']}" if meta.get("queensat_build") else "")
          + "). CPU seconds: queensat's whole process, the Python peers' "
          f"solve call (model building included, interpreter start-up not), limit {a.limit:g} s per board; `> L (t)` = no proved answer within the limit (`proved late`: the answer came more than a tenth after it; varisat and PySAT cannot be stopped inside a solver call; `; lo..hi`: the best placement it found, checked, and its upper bound: queensat's is checked, CP-SAT's and SCIP's are their own claims). "
          "A value `lo..hi`: nobody proved it; lo is the best checked placement of any row, hi the least bound queensat checked. "
          "queensat rows are `queensat value --solver X --time-limit L` (`queensat:default`: "
          "no `--solver`, so varisat below 300 free cells and CaDiCaL from 300); CP-SAT is the "
          f"seed's base model with one worker (`{ALL_CORES}`: one worker per CPU, and its figure "
          "is the solve call's WALL seconds); SCIP is the same model as an ILP (PySCIPOpt, one thread, its "
          "limit on CPU time); PySAT is CaDiCaL 1.9.5 with a totaliser, SAT-UNSAT upwards. "
          "Every placement re-checked by bench/peers/boards.py.", "",
          *summary, "", *lines, ""]
    if disagreements:
        md += ["## DISAGREEMENTS", ""] + [f"- {d}" for d in disagreements] + [""]
    md += ["Plots: `large.svg` (seconds per board, log scale) and `cactus.svg` (boards proved "
           "against seconds, one line per solver)."]
    outputs = {"large.md": "\n".join(md) + "\n",
               "large.json": json.dumps({"meta": meta, "rows": rows, "disagreements": disagreements},
                                        indent=1),
               "large.svg": svg(rows, solvers, a.limit),
               "cactus.svg": cactus(rows, solvers, a.limit)}
    # Each file whole or not at all: written beside, then renamed over the old one.
    for name, text in outputs.items():
        path = os.path.join(a.out, name)
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "peer":
        peer_main(sys.argv[2], sys.argv[3], float(sys.argv[4]))
        return 0
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("boards")
    b.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--boards", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--limit", type=float, default=60)
    r.add_argument("--min-size", type=int, default=0)
    r.add_argument("--max-size", type=int, default=40)
    r.add_argument("--solvers",
                   default="queensat:default,queensat:varisat,queensat:cadical,cpsat,cpsat-all,scip,pysat")
    r.add_argument("--only", default="", help="a regular expression the board ids must match")
    r.add_argument("--command", default="python bench/large.py run")
    re_ = sub.add_parser("render", help="rewrite OUT/large.md, the plots and large.json from OUT/large.json")
    re_.add_argument("--out", required=True)
    re_.add_argument("--boards", default="bench/large-boards.json")
    a = ap.parse_args()
    if a.cmd == "render":
        with open(os.path.join(a.out, "large.json")) as f:
            saved = json.load(f)
        m = saved["meta"]
        a.limit, a.min_size, a.max_size, a.command = (m["limit_seconds"], m["min_size"],
                                                      m["max_size"], m["command"])
        a.boards = m.get("boards", a.boards)
        solvers = list(saved["rows"][0]["runs"]) if saved["rows"] else []
        write(a, saved["rows"], solvers, saved["disagreements"], meta=m)
        return 0
    if a.cmd == "boards":
        with open(a.out, "w") as f:
            json.dump(make_boards(), f, indent=0)
            f.write("\n")
        return 0
    return main_run(a)


if __name__ == "__main__":
    sys.exit(main())

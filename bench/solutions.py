"""`make bench-solutions`: time enumeration, all placements and one per symmetry class.

Usage: bench/solutions.py BIN OUT.md [REPEATS]. Each case runs REPEATS times (default 5); the table
gives the median of the tool's own `seconds` (value search + enumeration, no process start)
and the median wall time of the whole process. Ratios are against the first row of the same
board, measured in the same run.
"""

import json
import os
import statistics
import subprocess
import sys

# The helpers `make plus` uses too (scripts/solutions/common.py): one copy for both.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts", "solutions"))
from common import commit, host, run_json_lines, today, write_atomic  # noqa: E402

CASES = [
    ("8x8, all placements", ["--size", "8"]),
    ("8x8, classes by blocking images", ["--size", "8", "--unique", "--break", "images"]),
    ("8x8, classes by lex-leader", ["--size", "8", "--unique", "--break", "lex-leader"]),
    ("10x10, all placements", ["--size", "10"]),
    ("10x10, classes by blocking images", ["--size", "10", "--unique", "--break", "images"]),
    ("10x10, classes by lex-leader", ["--size", "10", "--unique", "--break", "lex-leader"]),
    ("12x12 plus, all placements", ["--size", "12", "--holes", "diagonals"]),
    ("12x12 plus, classes by blocking images", ["--size", "12", "--holes", "diagonals", "--unique", "--break", "images"]),
    ("12x12 plus, classes by lex-leader", ["--size", "12", "--holes", "diagonals", "--unique", "--break", "lex-leader"]),
]


def peers():
    """The in-process comparison with the exhaustive counter (bench/solutions.rs), built as
    every harness is (mk/bench.mk: BENCH_CARGO), apart from target/release."""
    cargo = ["cargo", "bench", "--quiet", "--features", "batsat", "--target-dir", "target/bench"]
    proc = subprocess.run(cargo + ["--bench", "solutions"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"cargo bench failed: {proc.stderr.strip()}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def main():
    bin_path, out = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    rows = []
    for name, args in CASES:
        argv = [bin_path, "solutions"] + args + ["--count"]
        secs, walls, s = [], [], None
        for _ in range(repeats):
            _, s, wall = run_json_lines(argv)
            assert s["complete"], f"{name}: the run must end on UNSAT"
            secs.append(s["seconds"])
            walls.append(wall)
        rows.append({"case": name, "command": " ".join(["queensat", "solutions"] + args + ["--count"]),
                     "total": s["total"], "classes": s["classes"], "answers": s["answers"],
                     "solver_calls": s["solver_calls"], "seconds": statistics.median(secs),
                     "wall": statistics.median(walls), "solver": s["solver"], "amo": s["amo"], "count": s["count"]})
        print(f"{name}: {s['total']} / {s['classes']} in {rows[-1]['seconds']:.3f} s", file=sys.stderr)
    L = ["# Benchmark: `queensat solutions`", "",
         f"`make bench-solutions`; commit {commit()}; host: {host()}; {today()}; solver {rows[0]['solver']}, "
         f"amo {rows[0]['amo']}, count {rows[0]['count']}; median of {repeats} runs. The machine is",
         "shared with other jobs, so expect noise of tens of percent; ratios within one board are",
         "the figures to read.", "",
         "| case | placements | classes | solver calls | seconds (tool) | wall s | ratio |",
         "|---|---:|---:|---:|---:|---:|---:|"]
    base = None
    for r in rows:
        if r["case"].endswith("all placements"):
            base = r["seconds"]
        L.append(f"| {r['case']} | {r['total']} | {r['classes']} | {r['solver_calls']} | {r['seconds']:.3f} | "
                 f"{r['wall']:.3f} | {r['seconds'] / base:.2f} |")
    L += ["", "Commands (each with `--format json` for the timings):", ""]
    L += [f"- `{r['command']}`" for r in rows]
    L += ["", "\"seconds (tool)\" is the tool's own `seconds`: value search (SAT at the value, UNSAT",
          "above) plus enumeration, without process start.", ""]
    peer_rows = peers()
    L += ["## In one process, against the exhaustive counter", "",
          "`cargo bench --bench solutions` (bench/solutions.rs), median of 5: the SAT enumeration with",
          "the number of queens given (no value search) against `check::brute_count`, the",
          "exhaustive include/exclude search that the property tests use as their oracle. The",
          "exhaustive counter only counts; it neither lists placements nor finds classes.", "",
          "| case | placements | classes | seconds | ratio to exhaustive |", "|---|---:|---:|---:|---:|"]
    base = None
    for r in peer_rows:
        if "exhaustive" in r["case"]:
            base = r["seconds"]
        classes = r.get("classes", "–")
        L.append(f"| {r['case']} | {r['total']} | {classes} | {r['seconds']:.4f} | {r['seconds'] / base:.2f} |")
    L.append("")
    write_atomic(out, "\n".join(L))
    write_atomic(out.replace(".md", ".json"), json.dumps({"cli": rows, "in_process": peer_rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""`make bench-cubes`: one hard question answered in one run and split into cubes.

Each question is a value (`queensat value BOARD`, cubes `--output DIR`), the largest
peaceable armies (`queensat armies --size N --solver cadical`, cubes `--cube-dir DIR`, whose
default solver is CaDiCaL) or one q's least walls (`queensat least-walls --queens Q --solver
cadical --slack-cuts true --start-runs 2`, cubes `--cube-dir DIR`). For each: the one process with one thread, then each cube setting
with `--threads 1` (the CPU the cubes cost) and with `--threads 2` (the wall time on two
workers of this machine). CPU seconds are the process's (user + system, from the kernel's
accounting of the child), wall seconds the clock's. Every run must give the same answer, or
the script fails. Writes OUT/README.md (the table and how it was made) and OUT/cubes.json
(every run).

Usage: bench/cubes.py BIN OUT [--quick] [--only REGEX] [--command CMD]
"""

import argparse
import json
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

# The 24x24 board of tests/common/mod.rs (SLOW_24X24_WALLS): value 37, one CaDiCaL call of
# tens of seconds refutes 38.
SLOW_24X24 = ("5,2 7,10 7,13 7,23 11,5 11,16 12,6 13,21 14,16 17,17 18,23 19,19 19,22 20,13 "
              "21,5 22,3 22,9 22,11")


def questions(quick):
    """(name, queensat command and arguments, the answer's JSON field, the flag of a cube run's
    folder, the cube settings) of each question benchmarked."""
    value_cubes = [["--cubes", "16"], ["--cubes", "64"]]
    army_cubes = [["--cubes", "16"], ["--split-rows", "2", "--cubes", "64"]]
    wall_cubes = [["--cubes", "16"], ["--cubes", "64"]]

    def walls(n, q):
        return (f"least walls {n}x{n} q={q}",
                ["least-walls", "--size", str(n), "--queens", str(q), "--solver", "cadical", "--slack-cuts", "true",
                 "--start-runs", "2"], "least_walls", "--cube-dir", wall_cubes)
    if quick:
        return [
            ("12x12 random medium 18 walls", ["value"] + large("12x12 random medium 18 walls"),
             "value", "--output", value_cubes),
            ("armies 7x7", ["armies", "--size", "7", "--solver", "cadical"], "m", "--cube-dir", army_cubes),
            walls(8, 13),
        ]
    return [
        ("24x24 SLOW_24X24_WALLS (18 walls)", ["value", "--size", "24", "--walls", SLOW_24X24],
         "value", "--output", value_cubes),
        ("20x20 random medium 30 walls", ["value"] + large("20x20 random medium 30 walls"),
         "value", "--output", value_cubes),
        ("armies 9x9", ["armies", "--size", "9", "--solver", "cadical"], "m", "--cube-dir", army_cubes),
        ("armies 10x10", ["armies", "--size", "10", "--solver", "cadical"], "m", "--cube-dir", army_cubes),
        walls(11, 22),
    ]


def large(name):
    """The board `name` of bench/large-boards.json, as --walls arguments."""
    here = os.path.dirname(os.path.abspath(__file__))
    for b in json.load(open(os.path.join(here, "large-boards.json"))):
        if b["id"] == name:
            walls = " ".join(f"{r},{c}" for r, c in b["walls"])
            return ["--rows", str(b["rows"]), "--cols", str(b["cols"]), "--walls", walls]
    sys.exit(f"bench/cubes.py: no board {name!r} in bench/large-boards.json")


def run(args):
    """Runs queensat with `args` (JSON out); its report, CPU and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    p = subprocess.run(args + ["--format", "json", "--quiet"], capture_output=True, text=True)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        sys.exit(f"bench/cubes.py: {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
    report = json.loads(p.stdout)
    return report, cpu, wall


def makespan(seconds, workers):
    """The time `seconds` (one a cube) take on `workers` workers, each taking the longest left."""
    load = [0.0] * workers
    for t in sorted(seconds, reverse=True):
        load[load.index(min(load))] += t
    return max(load)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("out")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", help="only the questions whose name matches this regular expression")
    ap.add_argument("--command", default="make bench-cubes")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows, runs = [], []
    scratch = tempfile.mkdtemp(prefix="bench-cubes-")
    try:
        for name, question, field, folder, settings in questions(a.quick):
            if a.only and not re.search(a.only, name):
                continue
            print(f"== {name}: one run", file=sys.stderr)
            one, one_cpu, one_wall = run([a.bin] + question)
            # A value's report nests its value; least-walls reports one q in a list.
            one = one["reports"][0] if "reports" in one else one
            answer = one[field][field] if isinstance(one[field], dict) else one[field]
            runs.append({"question": name, "how": "one run", "answer": answer, "cpu": one_cpu, "wall": one_wall})
            for setting in settings:
                got = {}
                for threads in (1, 2):
                    print(f"== {name}: {' '.join(setting)}, {threads} thread(s)", file=sys.stderr)
                    d = os.path.join(scratch, f"{len(runs)}")
                    r, cpu, wall = run([a.bin] + question + setting + ["--threads", str(threads), folder, d])
                    shutil.rmtree(d)
                    if r[field] != answer:
                        sys.exit(f"bench/cubes.py: {name}: {' '.join(setting)} gives {r[field]}, one run {answer}")
                    got[threads] = (r, cpu, wall)
                    runs.append({"question": name, "how": f"{' '.join(setting)}, {threads} thread(s)",
                                 "cubes": r["cubes"], "answer": r[field], "cpu": cpu, "wall": wall,
                                 "start_seconds": r.get("start_seconds"), "cube_seconds": r["cube_seconds"]})
                (r1, cpu1, _), (r2, cpu2, wall2) = got[1], got[2]
                rows.append((name, answer, one_cpu, r1["cubes"], " ".join(setting), cpu1, cpu1 / one_cpu, cpu2,
                             wall2, one_wall / wall2, max(r1["cube_seconds"]), makespan(r1["cube_seconds"], 64)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    lines = [
        "# One hard question split into cubes",
        "",
        "One process against the same question split into cubes (docs/cluster.md, \"Cubes\"):",
        "a value (`queensat value BOARD` against `--output DIR`: the whole board's start once, then",
        "one refutation of one queen more per cube), the largest peaceable armies (`queensat",
        "armies --size N --solver cadical` against `--cube-dir DIR`: the start's climb once, then",
        "one refutation of one army more per cube) or one q's least walls (`queensat least-walls",
        "--queens Q --solver cadical --slack-cuts true --start-runs 2` against `--cube-dir DIR`:",
        "the annealing's board and a descent once, then one refutation of one wall fewer per cube),",
        "one solver per worker kept across its cubes.",
        "CPU s: the process's user + system seconds; the cubes' include the start. Wall on 2:",
        "`--threads 2`, the clock; speed-up: the one run's wall seconds over it. Longest cube: the",
        "largest cube's CPU seconds with one thread, the wall time no number of workers goes",
        "below; on 64: the cubes' one-thread CPU seconds scheduled on 64 workers, each taking the",
        "longest cube left.",
        "",
        "| question | answer | one run CPU s | setting | cubes | cubes CPU s (1 thread) | CPU ratio | CPU s (2 threads) | wall s on 2 | speed-up on 2 | longest cube s | on 64 s |",
        "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, answer, one_cpu, n, setting, cpu1, ratio, cpu2, wall2, speedup, longest, on64 in rows:
        lines.append(f"| {name} | {answer} | {one_cpu:.2f} | `{setting}` | {n} | {cpu1:.2f} | {ratio:.2f}× | "
                     f"{cpu2:.2f} | {wall2:.2f} | {speedup:.2f}× | {longest:.2f} | {on64:.2f} |")
    lines += ["", f"Command: `{a.command}` (bench/cubes.py); host: {platform.node()} ({os.cpu_count()} "
              f"logical CPUs, load {load} at the end); queensat built from {rev or 'an unknown revision'}; "
              f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}."]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "README.md.tmp"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "cubes.json.tmp"), "w") as f:
        json.dump(runs, f, indent=1)
        f.write("\n")
    os.replace(os.path.join(a.out, "README.md.tmp"), os.path.join(a.out, "README.md"))
    os.replace(os.path.join(a.out, "cubes.json.tmp"), os.path.join(a.out, "cubes.json"))
    print(text)


if __name__ == "__main__":
    main()

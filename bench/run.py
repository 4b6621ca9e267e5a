"""queensat against its peers (SCIP, OR-Tools CP-SAT, PySAT + CaDiCaL) on identical inputs,
measured in the same run (issue 9). Run through `make bench-peers [QUICK=1]`.

Workloads, each to OUT/<workload>.md and .json:
  value        board value with optimality proof: 2-wall 8x8 boards, seeded samples of 3- and
               4-wall 8x8 classes, a few larger boards with walls.
  least-walls  least walls for q queens on 8x8 (needs `queensat least-walls`).
  solutions    all optimal placements of the empty 8x8 and 10x10 boards, unique up to
               symmetry (needs `queensat solutions`).

Every peer's answer is compared with queensat's and every placement is re-checked here; any
disagreement fails the run (exit 1) after the tables are written, marked DISAGREEMENT.
"""

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers"))

import boards  # noqa: E402
import cpsat_peer  # noqa: E402
import pysat_peer  # noqa: E402
import scip_peer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUEENSAT = os.environ.get("QUEENSAT_BIN") or os.path.join(ROOT, "target", "release", "queensat")
SEED = 2026

# (row label, module, threads): single-threaded rows for a fair comparison, plus one
# multi-threaded row for the peer that supports it (CP-SAT; SCIP's PyPI build and CaDiCaL
# solve on one thread).
PEERS = [
    ("SCIP (1 thread)", scip_peer, 1),
    ("CP-SAT (1 thread)", cpsat_peer, 1),
    ("PySAT CaDiCaL (1 thread)", pysat_peer, 1),
    ("CP-SAT (2 threads)", cpsat_peer, 2),
]


class Run:
    """Collects disagreements; the run fails at the end if there is any."""

    def __init__(self):
        self.disagreements = []

    def disagree(self, what):
        print(f"DISAGREEMENT: {what}", file=sys.stderr, flush=True)
        self.disagreements.append(what)


def log(msg):
    print(f"bench: {msg}", file=sys.stderr, flush=True)


def host():
    def read(p):
        try:
            with open(p) as f:
                return f.read()
        except OSError:
            return ""
    cpu = next((line.split(":", 1)[1].strip() for line in read("/proc/cpuinfo").splitlines()
                if line.startswith("model name")), "unknown")
    return {"hostname": platform.node(), "cpu": cpu, "logical_cpus": os.cpu_count(),
            "loadavg_at_start": " ".join(read("/proc/loadavg").split()[:3]),
            "python": platform.python_version()}


def versions():
    out = subprocess.run([QUEENSAT, "--version"], capture_output=True, text=True).stdout.strip()
    v = {"queensat": out or "unknown"}
    for mod in (scip_peer, cpsat_peer, pysat_peer):
        v[mod.NAME] = mod.version()
    return v


def has_subcommand(name):
    return subprocess.run([QUEENSAT, name, "--help"], capture_output=True).returncode == 0


def bench_binary():
    """The in-process value harness (bench/value.rs), built by the make target."""
    out = subprocess.run(
        ["cargo", "bench", "--features", "batsat", "--target-dir", "target/bench",
         "--bench", "value", "--no-run", "--message-format=json"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg["target"]["name"] == "value" \
                and msg.get("executable"):
            return msg["executable"]
    sys.exit("bench: cannot find the bench/value.rs executable")


def stats(times):
    times = sorted(times)
    return {"n": len(times), "median_s": statistics.median(times) if times else None,
            "total_s": sum(times)}


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(x, digits=4):
    return "-" if x is None else f"{x:.{digits}f}"


# ---------------------------------------------------------------- value

def value_sets(quick):
    two = boards.all_two_wall_boards()
    if quick:
        return [
            ("2-wall 8x8, every 16th of all 2016", two[::16]),
            ("3-wall 8x8, 20 sampled classes", boards.sampled_classes(8, 3, 20, SEED)),
            ("4-wall 8x8, 20 sampled classes", boards.sampled_classes(8, 4, 20, SEED)),
            ("larger: 12x12 with 8 walls", boards.sampled_classes(12, 8, 1, SEED)),
        ]
    # The 2016 two-wall boards last: the longest set, so the others are written first.
    return [
        ("3-wall 8x8, 200 sampled classes", boards.sampled_classes(8, 3, 200, SEED)),
        ("4-wall 8x8, 200 sampled classes", boards.sampled_classes(8, 4, 200, SEED)),
        ("larger: 12x12 with 4/8/12 walls, 16x16 with 8/12/16 walls",
         [b for w in (4, 8, 12) for b in boards.sampled_classes(12, w, 1, SEED)]
         + [b for w in (8, 12, 16) for b in boards.sampled_classes(16, w, 1, SEED)]),
        ("2-wall 8x8, all 2016 boards", two),
    ]


def queensat_values(binary, board_set):
    """queensat's value of each board, timed in-process by the Rust harness (one process for
    the whole set, so no launch cost per board)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for b in board_set:
            f.write(json.dumps(b) + "\n")
        path = f.name
    try:
        out = subprocess.run([binary, "boards", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if out.returncode != 0:
        sys.exit(f"bench: queensat's value harness failed: {out.stderr.strip()}")
    return {r["id"]: r for r in map(json.loads, out.stdout.splitlines())}


def workload_value(run, binary, quick, time_limit, done=lambda sections: None, only=""):
    """Each board set in turn; `done` gets the sections finished so far after each set."""
    sections = []
    for label, board_set in value_sets(quick):
        if only not in label:
            continue
        log(f"value: {label}: queensat")
        ours = queensat_values(binary, board_set)
        rows = {}
        for b in board_set:
            if not boards.check_placement(b, ours[b["id"]]["placement"]) or \
                    len(ours[b["id"]]["placement"]) != ours[b["id"]]["value"]:
                run.disagree(f"value {b['id']}: queensat's placement fails the check")
        for name, mod, threads in PEERS:
            log(f"value: {label}: {name}")
            times, timeouts = [], 0
            for b in board_set:
                t = time.perf_counter()
                ans = mod.value(b, threads=threads, time_limit=time_limit)
                times.append(time.perf_counter() - t)
                if ans is None:
                    timeouts += 1
                    continue
                want = ours[b["id"]]["value"]
                if ans[0] != want:
                    run.disagree(f"value {b['id']}: {name} says {ans[0]}, queensat {want}")
                elif not boards.check_placement(b, ans[1]) or len(ans[1]) != ans[0]:
                    run.disagree(f"value {b['id']}: {name}'s placement fails the check")
            rows[name] = {"times": times, "timeouts": timeouts}
        # queensat again after the peers: a board's time is the mean of its two runs, one
        # before and one after the peers, so drifting load on the shared machine evens out
        # (the mean, not the faster run, which would favour queensat).
        log(f"value: {label}: queensat, second run")
        again = queensat_values(binary, board_set)
        for b in board_set:
            if again[b["id"]]["value"] != ours[b["id"]]["value"]:
                run.disagree(f"value {b['id']}: queensat's two runs disagree")
        rows = {"queensat (varisat, in-process)": {"timeouts": 0, "times": [
            (ours[b["id"]]["seconds"] + again[b["id"]]["seconds"]) / 2 for b in board_set]},
            **rows}
        dist = {}
        for b in board_set:
            v = ours[b["id"]]["value"]
            dist[v] = dist.get(v, 0) + 1
        sections.append({"set": label, "boards": len(board_set),
                         "values": {str(k): dist[k] for k in sorted(dist)}, "rows": rows})
        done(sections)
    return sections


def value_markdown(sections):
    out = []
    for s in sections:
        base = stats(s["rows"]["queensat (varisat, in-process)"]["times"])
        values = ", ".join(f"{n} boards of value {v}" for v, n in s["values"].items())
        out.append(f"### {s['set']} ({s['boards']} boards: {values})\n")
        out.append("| solver | median s / board | total s | timeouts | total / queensat "
                   "| median / queensat |\n|---|---:|---:|---:|---:|---:|")
        for name, r in s["rows"].items():
            st = stats(r["times"])
            out.append(f"| {name} | {fmt(st['median_s'])} | {fmt(st['total_s'], 2)} | "
                       f"{r['timeouts']} | {fmt(ratio(st['total_s'], base['total_s']), 1)} | "
                       f"{fmt(ratio(st['median_s'], base['median_s']), 1)} |")
        out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- least walls

def find_int(obj, key_pattern):
    """The first integer in a JSON value whose key matches `key_pattern`."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if re.search(key_pattern, k) and isinstance(v, int) and not isinstance(v, bool):
                return v
        for v in obj.values():
            found = find_int(v, key_pattern)
            if found is not None:
                return found
    if isinstance(obj, list):
        for v in obj:
            found = find_int(v, key_pattern)
            if found is not None:
                return found
    return None


def queensat_cli(args):
    """Runs the queensat CLI, timed by wall clock (launch included: ~ms against seconds)."""
    t = time.perf_counter()
    out = subprocess.run([QUEENSAT, *args], capture_output=True, text=True)
    secs = time.perf_counter() - t
    if out.returncode != 0:
        sys.exit(f"bench: `queensat {' '.join(args)}` failed: {out.stderr.strip()}")
    return out.stdout, secs


def parse_json_or_text(stdout):
    try:
        return json.loads(stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def queensat_least_walls(n, q):
    """(least walls or "infeasible", seconds) from `queensat least-walls --format json`."""
    stdout, secs = queensat_cli(["least-walls", "--size", str(n), "--queens", str(q),
                                 "--format", "json"])
    try:
        report = json.loads(stdout)["reports"][0]
    except (ValueError, KeyError, IndexError):
        sys.exit(f"bench: cannot read queensat least-walls output:\n{stdout}")
    if report.get("impossible") is not None:
        return "infeasible", secs
    if not isinstance(report.get("least_walls"), int):
        sys.exit(f"bench: queensat least-walls gave no least_walls:\n{stdout}")
    return report["least_walls"], secs


def workload_least_walls(run, quick, time_limit):
    n, qs = 8, ([12] if quick else [12, 13, 14, 15, 16])
    rows = []
    for q in qs:
        log(f"least-walls: {n}x{n} q={q}: queensat")
        want, secs = queensat_least_walls(n, q)
        row = {"q": q, "queensat": {"answer": want, "seconds": secs}}
        for name, mod, threads in PEERS:
            log(f"least-walls: {n}x{n} q={q}: {name}")
            t = time.perf_counter()
            ans = mod.least_walls(n, q, threads=threads, time_limit=time_limit)
            secs = time.perf_counter() - t
            got = None if ans is None else ans[0]
            row[name] = {"answer": got, "seconds": secs}
            if got is None:
                continue
            if got != want:
                run.disagree(f"least walls {n}x{n} q={q}: {name} says {got}, queensat {want}")
            elif got != "infeasible":
                # The witness is checked by queensat's value: it must admit q queens.
                walls = " ".join(f"{r},{c}" for r, c in ans[1])
                stdout, _ = queensat_cli(["value", "--size", str(n), "--walls", walls,
                                          "--format", "json"])
                if json.loads(stdout)["value"] < q or len(ans[1]) != got:
                    run.disagree(f"least walls {n}x{n} q={q}: {name}'s walls admit fewer queens")
        rows.append(row)
    return rows


def timed_table(rows, key, label):
    names = ["queensat"] + [p[0] for p in PEERS]
    out = [f"| {label} | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for r in rows:
        base = r["queensat"]["seconds"]
        cells = []
        for name in names:
            a = r[name]
            ans = "timeout" if a["answer"] is None else a["answer"]
            cells.append(f"{ans} in {a['seconds']:.2f} s" + (
                "" if name == "queensat" else f" (×{a['seconds'] / base:.1f})"))
        out.append(f"| {r[key]} | " + " | ".join(cells) + " |")
    totals = {n: sum(r[n]["seconds"] for r in rows) for n in names}
    out.append("| total | " + " | ".join(
        f"{totals[n]:.2f} s" + ("" if n == "queensat" else f" (×{totals[n] / totals['queensat']:.1f})")
        for n in names) + " |")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- solutions

def queensat_unique(n):
    """(total, classes, seconds) from `queensat solutions --size N --unique --count` (issue 3)."""
    stdout, secs = queensat_cli(["solutions", "--size", str(n), "--unique", "--count",
                                 "--format", "json"])
    doc = parse_json_or_text(stdout)
    if doc is not None:
        total, classes = find_int(doc, r"total|placements|count"), find_int(doc, r"class")
    else:
        nums = [int(x) for x in re.findall(r"\d+", stdout)]
        total, classes = (nums + [None, None])[:2] if len(nums) == 2 else (None, None)
        m1 = re.search(r"(\d+)\s+(?:placements|solutions|total)|total\D{0,12}(\d+)", stdout)
        m2 = re.search(r"(\d+)\s+class|class\w*\D{0,12}(\d+)", stdout)
        if m1 and m2:
            total = int(m1.group(1) or m1.group(2))
            classes = int(m2.group(1) or m2.group(2))
    if total is None or classes is None:
        sys.exit(f"bench: cannot read total and classes from queensat's output:\n{stdout}")
    return total, classes, secs


def workload_solutions(run, quick, time_limit):
    rows = []
    for n in ([8] if quick else [8, 10]):
        log(f"solutions: empty {n}x{n}: queensat")
        total, classes, secs = queensat_unique(n)
        want = f"{total}/{classes}"
        row = {"board": f"empty {n}x{n}", "queensat": {"answer": want, "seconds": secs}}
        for name, mod, threads in PEERS:
            log(f"solutions: empty {n}x{n}: {name}")
            t = time.perf_counter()
            ans = mod.unique_solutions(n, threads=threads, time_limit=time_limit)
            secs = time.perf_counter() - t
            got = None if ans is None else f"{ans[0]}/{ans[1]}"
            row[name] = {"answer": got, "seconds": secs}
            if got is not None and got != want:
                run.disagree(f"solutions empty {n}x{n}: {name} says {got}, queensat {want}")
        rows.append(row)
    return rows


# ---------------------------------------------------------------- main

def write(out_dir, name, title, meta, body, data):
    os.makedirs(out_dir, exist_ok=True)
    doc = {**meta, "workload": name, "results": data}
    md = (f"# {title}\n\nGenerated by `{meta['command']}` (quick: {meta['quick']}), "
          f"{meta['started']}. Host: {meta['host']['hostname']} ({meta['host']['cpu']}, "
          f"{meta['host']['logical_cpus']} logical CPUs, load {meta['host']['loadavg_at_start']} "
          f"at start; shared and noisy, so read the ratios). Versions: "
          + ", ".join(f"{k}: {v}" for k, v in meta["versions"].items()) + ".\n\n"
          + meta["method"][name.split("-peers")[0]] + "\n\n" + body)
    if meta["disagreements"]:
        md += "\n**DISAGREEMENT**:\n\n" + "\n".join(f"- {d}" for d in meta["disagreements"]) + "\n"
    for ext, text in (("json", json.dumps(doc, indent=1) + "\n"), ("md", md)):
        path = os.path.join(out_dir, f"{name}.{ext}")
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)  # whole or not at all
    log(f"wrote {os.path.join(out_dir, name)}.md")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="results/bench")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--command", default="python bench/run.py")
    ap.add_argument("--only", choices=["value", "least-walls", "solutions"], action="append")
    ap.add_argument("--value-set", default="", metavar="TEXT",
                    help="value workload: only the board sets whose label contains TEXT, "
                         "written to value-peers-TEXT.md (to resume a stopped run)")
    a = ap.parse_args()
    os.chdir(ROOT)
    limit = 60 if a.quick else 120
    run = Run()
    meta = {
        "command": a.command, "quick": a.quick, "seed": SEED, "host": host(),
        "versions": versions(), "peer_time_limit_s": limit,
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "method": {
            "value": "queensat: `queensat::engine::value` (varisat, default options) timed "
                     "in-process per board by bench/value.rs (`boards` mode), one process "
                     "per board set, run before and after the peers (mean of the two). Peers: timed in this Python process per board, model "
                     "building included (as queensat's time includes encoding). Peers with "
                     f"a time limit of {limit} s per board (PySAT: checked between solver "
                     "calls, as CaDiCaL cannot be interrupted). Ratios > 1: queensat faster.",
            "least-walls": "queensat: `queensat least-walls --size 8 --queens Q` as a process "
                           "(launch included, negligible at these times). Peers: the seed's "
                           "pairwise Least Walls Model (SCIP, CP-SAT linear constraints; "
                           "PySAT: a clause per cell pair on a line, totaliser on queens, "
                           "incremental totaliser on walls tightened until UNSAT), plus 'a queen "
                           f"never on a wall'. Time limit {limit} s per instance.",
            "solutions": "queensat: `queensat solutions --size N --unique --count` as a "
                         "process. Peers: value first, then all placements of that many queens: "
                         "SCIP re-solves with a no-good cut per image of each placement found; "
                         "CP-SAT enumerates all (enumerate_all_solutions, one worker) and "
                         "classes by canonical form; PySAT blocks every image in one "
                         "incremental CaDiCaL. Answers compared as total/classes.",
        },
        "disagreements": run.disagreements,
    }
    only = a.only or ["value", "least-walls", "solutions"]
    if "value" in only:
        binary = bench_binary()
        name = "value-peers" + (f"-{a.value_set}" if a.value_set else "")

        def done(sections):  # tables written after each set: a stopped run keeps its sets
            write(a.out, name, "Board value with optimality proof: queensat and peers",
                  meta, value_markdown(sections), sections)
        workload_value(run, binary, a.quick, limit, done, a.value_set)
    if "least-walls" in only:
        if has_subcommand("least-walls"):
            rows = workload_least_walls(run, a.quick, limit)
            write(a.out, "least-walls-peers", "Least walls for q queens on 8x8: queensat and peers",
                  meta, timed_table(rows, "q", "q"), rows)
        else:
            print("skipped: queensat has no least-walls command in this build", flush=True)
    if "solutions" in only:
        if has_subcommand("solutions"):
            rows = workload_solutions(run, a.quick, limit)
            write(a.out, "solutions-peers", "All optimal placements up to symmetry: queensat and "
                  "peers (answers as total/classes)", meta,
                  timed_table(rows, "board", "board"), rows)
        else:
            print("skipped: queensat has no solutions command in this build", flush=True)
    if run.disagreements:
        sys.exit(f"bench: {len(run.disagreements)} DISAGREEMENT(S) between queensat and peers")


if __name__ == "__main__":
    main()

"""Helpers shared by the solutions result and benchmark scripts (stdlib only)."""

import json
import os
import platform
import subprocess
import tempfile
import time


def host():
    """One line naming the machine: CPU model, cores, OS."""
    cpu = platform.processor() or "unknown cpu"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def today():
    """When a result was made, as the Rust side writes it: `YYYY-MM-DD HH:MM UTC`."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


def commit():
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        # Changes under results/ are this run's own output, not a change to the code.
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!results"],
                               capture_output=True, text=True).stdout
        return out.stdout.strip() + ("+dirty" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run_json_lines(argv):
    """Runs queensat with --format json; returns (placement lines, summary, wall seconds)."""
    start = time.perf_counter()
    proc = subprocess.run(argv + ["--format", "json"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.strip()}")
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    placements = [x for x in lines if x.get("type") == "placement"]
    summary = lines[-1]
    assert summary.get("type") == "summary", "the last JSON line is the summary"
    return placements, summary, wall


def write_atomic(path, text):
    """Writes a file whole or not at all."""
    d = os.path.dirname(path) or "."
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise

"""What the Python tests share: the command line to compare with, and its JSON without what
differs between two runs (times, dates, hosts, invocations, temporary folders)."""

import json
import os
import pathlib
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("QUEENSAT_BIN", ROOT / "target" / "release" / "queensat"))
if not BIN.is_absolute():
    BIN = ROOT / BIN

# Fields that say when, where, how fast or by which invocation a run was made.
VOLATILE = {"date", "host", "command_line", "output", "started", "cpu"}


def stable(x):
    """`x` without the fields two equal runs may differ in."""
    if isinstance(x, dict):
        return {
            k: stable(v)
            for k, v in x.items()
            if k not in VOLATILE and not k.endswith("seconds") and not (k == "command" and " " in str(v))
            and not (isinstance(v, str) and v.startswith(tempfile.gettempdir()))
        }
    if isinstance(x, list):
        return [stable(v) for v in x]
    return x


def run_cli(*args, check=True, codes=(0,)):
    """`queensat ARGS` from the checkout's root: (exit code, stdout, stderr); with `check`,
    an exit code not in `codes` fails."""
    p = subprocess.run([str(BIN), *map(str, args)], capture_output=True, text=True, cwd=ROOT)
    if check and p.returncode not in codes:
        raise AssertionError(f"queensat {' '.join(map(str, args))}: exit {p.returncode}\n{p.stderr}")
    return p.returncode, p.stdout, p.stderr


def cli_json(*args, codes=(0,)):
    """The JSON `queensat ARGS --format json` prints: one object, or a list of lines."""
    _, out, _ = run_cli(*args, "--format", "json", codes=codes)
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    return lines[0] if len(lines) == 1 else lines


def cli_error(*args):
    """The message of a command that fails: its one stderr line after `queensat: error: `."""
    code, _, err = run_cli(*args, check=False)
    assert code == 2, err
    (line,) = err.splitlines()
    assert line.startswith("queensat: error: ")
    return line[len("queensat: error: "):]


@pytest.fixture(scope="session")
def root():
    return ROOT

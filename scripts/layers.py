#!/usr/bin/env python3
"""The layers of queensat's source, read from its `use` lines: which layer imports which.

Prints a matrix (rows import columns, counted in files) and exits 1 when an import runs
upward, i.e. from a layer to one later in LAYERS that it may not use. `make layers`.

A layer is a top-level module under src/ (src/board/..., src/lib.rs's own items as `root`),
or a workspace crate under crates/ named queensat-LAYER. `cli` may live in the binary.
"""

import pathlib
import re
import sys

# Each layer with the layers it may import (besides itself and `root`, the crate's own items).
# `choice` (named options) and `run` (clock, signals, progress, provenance, shards) stand beside
# the layers: every layer of the main crate may use them, and they use nothing above them
# (`board` and `check` are crates of their own, which depend on neither).
LAYERS = {
    "choice": [],
    "board": ["choice"],
    "check": ["choice", "board"],
    "encode": ["choice", "board", "run"],
    "io": ["choice", "board", "check", "encode", "run"],
    "solve": ["choice", "board", "check", "encode", "io", "run"],
    "run": ["choice"],
    "engine": ["choice", "board", "check", "encode", "io", "solve", "run"],
    "study": ["choice", "board", "check", "encode", "io", "solve", "run", "engine"],
    "cli": ["choice", "board", "check", "encode", "io", "solve", "run", "engine", "study"],
    # The Python module (crates/queensat-py), beside the command line: a caller of the library.
    "py": ["choice", "board", "check", "encode", "io", "solve", "run", "engine", "study"],
}

# `crate::x`, `queensat::x` (the binary's view of the library), `queensat_x::` (a crate).
REF = re.compile(r"\b(?:crate|queensat)::([a-z_]+)|\bqueensat_([a-z_]+)::")
# Exported macros, by the layer that defines them.
MACROS = {"choices": "choice", "with_cell_width": "board"}
# `use crate::{board::X, check::Y}`: each leading name of the group.
GROUP = re.compile(r"\b(?:crate|queensat)::\{([^}]*)")


def layer_of(root: pathlib.Path, path: pathlib.Path) -> str:
    rel = path.relative_to(root)
    if rel.parts[0] == "crates":
        return rel.parts[1].removeprefix("queensat-")
    inner = rel.parts[1:]
    if len(inner) == 1:
        return {"lib.rs": "root", "main.rs": "cli"}.get(inner[0], inner[0].removesuffix(".rs"))
    return inner[0]


def code_lines(text: str):
    """The lines outside comments and `#[cfg(test)]` modules (tests may reach anywhere)."""
    for line in text.split("#[cfg(test)]")[0].splitlines():
        stripped = line.strip()
        if not stripped.startswith("//"):
            yield line


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    files = sorted((root / "src").rglob("*.rs")) + sorted((root / "crates").glob("*/src/**/*.rs"))
    edges: dict[tuple[str, str], set[str]] = {}
    for path in files:
        src = layer_of(root, path)
        for line in code_lines(path.read_text()):
            grouped = [g.strip().split("::")[0] for m in GROUP.finditer(line)
                       for g in m.group(1).split(",")]
            for dst in [m.group(1) or m.group(2) for m in REF.finditer(line)] + grouped:
                dst = MACROS.get(dst, dst)
                if dst in LAYERS and dst != src:
                    edges.setdefault((src, dst), set()).add(str(path.relative_to(root)))
    names = list(LAYERS)
    width = max(map(len, names)) + 1
    print("files of the row's layer that import the column's layer")
    print(" " * width + "".join(f"{n:>8}" for n in names))
    for a in names + ["root"]:
        row = [len(edges.get((a, b), ())) for b in names]
        if any(row):
            print(f"{a:<{width}}" + "".join(f"{c or '.':>8}" for c in row))
    upward = [(a, b, f) for (a, b), fs in sorted(edges.items())
              if a in LAYERS and b not in LAYERS[a] for f in sorted(fs)]
    for a, b, f in upward:
        print(f"upward import: {f} ({a}) uses {b}", file=sys.stderr)
    print(f"{len(files)} files, {len(upward)} upward imports")
    return 1 if upward else 0


if __name__ == "__main__":
    sys.exit(main())

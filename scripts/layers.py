#!/usr/bin/env python3
"""The layers of queensat's source, read from its `use` lines: which layer imports which.

Prints a matrix (rows import columns, counted in files) and exits 1 when an import runs
upward, i.e. from a layer to one later in LAYERS that it may not use, or when files import
each other in a circle (within a crate, each path resolved to the file that defines its
module; a folder's `mod.rs` re-exporting a file counts as importing it, so a file that takes a
name from its own folder's re-exports closes a circle), or when a file of the command line
(src/cli, src/main.rs) is over CLI_FILE_LINES lines. `make layers`.

A layer is a top-level module under src/ (src/board/..., src/lib.rs's own items as `root`),
or a workspace crate under crates/ named queensat-LAYER. `cli` may live in the binary.
"""

# `Path | None` in the signatures reads on Pythons before 3.10 too.
from __future__ import annotations

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

# The most lines a file of the command line may have.
CLI_FILE_LINES = 200

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


# A path that starts inside its crate: `crate::a::b`, `super::a`, `self::a` (each `super` one
# level up).
PATH = re.compile(r"(?<![$\w])(crate|self|super)((?:::(?:super|[A-Za-z_][A-Za-z0-9_]*))+|(?=::\{))(::\{)?")
# `child::x`, in a `use` or in code: a path from a module of this file's own.
CHILD = re.compile(r"(?<![:\w$])([a-z_][a-z0-9_]*)(?=::)((?:::[A-Za-z_][A-Za-z0-9_]*)*)(::\{)?")


def crate_of(root: pathlib.Path, path: pathlib.Path) -> tuple[pathlib.Path, list[str]]:
    """The source folder of the crate `path` belongs to and `path`'s module in it. The binary
    (src/main.rs and src/cli/) is a crate of its own beside the library."""
    rel = path.relative_to(root)
    base = root / rel.parts[0] if rel.parts[0] == "src" else root.joinpath(*rel.parts[:3])
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return base, parts


def module_file(base: pathlib.Path, module: list[str], binary: bool) -> pathlib.Path | None:
    """The file of the longest prefix of `module` that is a module of the crate at `base`;
    the crate's root file for a name of its own, `None` for another crate it re-exports
    (`pub use queensat_board as board`)."""
    for n in range(len(module), 0, -1):
        for f in (base.joinpath(*module[:n]).with_suffix(".rs"), base.joinpath(*module[:n], "mod.rs")):
            if f.exists() and (f.parent != base or f.stem not in ("lib", "main")):
                return f
    root = base / ("main.rs" if binary else "lib.rs")
    if module and re.search(rf"\bpub use \w+ as {module[0]};", root.read_text()):
        return None
    return root


def brace_items(text: str, start: int) -> list[str]:
    """The first path segment of each item of the `{...}` group that opens at `start`."""
    depth, i = 1, start
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    items, depth, item = [], 0, ""
    for ch in text[start:i - 1]:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(item)
            item = ""
        else:
            item += ch
    items.append(item)
    return [re.split(r"::|\s", it.strip())[0] for it in items if it.strip()]


def file_imports(root: pathlib.Path, path: pathlib.Path) -> set[pathlib.Path]:
    """The files of its own crate whose modules `path` names (tests and comments left out)."""
    base, here = crate_of(root, path)
    binary = (base / "main.rs").exists() and (here[:1] == ["cli"] or path.name == "main.rs")
    text = "\n".join(code_lines(path.read_text()))

    def is_child(name: str) -> bool:
        folder = base.joinpath(*here) if path.stem in ("mod", "lib", "main") else path.with_suffix("")
        return (folder / f"{name}.rs").exists() or (folder / name / "mod.rs").exists()

    found = set()
    children = [(m, m.group(1)) for m in CHILD.finditer(text) if is_child(m.group(1))]
    for m, head in [(m, m.group(1)) for m in PATH.finditer(text)] + children:
        tail = [t for t in m.group(2).split("::") if t]
        module = [] if head == "crate" else list(here)
        if head == "super":
            module = module[:-1]
        elif head not in ("crate", "self"):
            module.append(head)
        for t in tail:
            if t == "super":
                module = module[:-1]
            else:
                module.append(t)
        targets = [module + [item] for item in brace_items(text, m.end())] if m.group(3) else [module]
        for t in targets:
            f = module_file(base, t, binary)
            if f is not None and f != path:
                found.add(f)
    return found


def circles(graph: dict[pathlib.Path, set[pathlib.Path]]) -> list[list[pathlib.Path]]:
    """The strongly connected sets of more than one file (Tarjan's algorithm)."""
    index: dict[pathlib.Path, int] = {}
    low: dict[pathlib.Path, int] = {}
    stack: list[pathlib.Path] = []
    out: list[list[pathlib.Path]] = []

    def visit(v: pathlib.Path) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(scc) > 1:
                out.append(sorted(scc))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


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
    graph = {f: file_imports(root, f) for f in files}
    loops = circles(graph)
    for loop in loops:
        names = ", ".join(str(f.relative_to(root)) for f in loop)
        print(f"files that import each other in a circle: {names}", file=sys.stderr)
    # The command line parses, calls and prints: a file of it past this many lines holds
    # something that belongs below it (issue 52's bound).
    cli = sorted((root / "src" / "cli").rglob("*.rs")) + [root / "src" / "main.rs"]
    long = [(f, n) for f in cli if (n := len(f.read_text().splitlines())) > CLI_FILE_LINES]
    for f, n in long:
        print(f"command-line file over {CLI_FILE_LINES} lines: {f.relative_to(root)} ({n})",
              file=sys.stderr)
    cli_lines = sum(len(f.read_text().splitlines()) for f in cli)
    print(f"{len(files)} files, {len(upward)} upward imports, {len(loops)} import circles, "
          f"command line {cli_lines} lines")
    return 1 if upward or loops or long else 0


if __name__ == "__main__":
    sys.exit(main())

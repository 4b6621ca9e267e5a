"""Runs a notebook's code cells in order, as a kernel would, without Jupyter: each cell's
printed text and its last expression's value (drawn as SVG where it has `_repr_svg_`) are
its outputs. CI runs the example notebook this way (tests/python/test_notebook.py), which
keeps Jupyter's kernel machinery out of the test's installs.

    python tests/python/notebook.py examples/queensat.ipynb [--write]

`--write` stores the outputs in the notebook, so that a viewer shows them without running it.
"""

import ast
import contextlib
import io
import json
import sys


def run_cell(source, scope):
    """Runs one cell in `scope`: its outputs in nbformat 4's form."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, "<cell>", "exec"), scope)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), scope) if last else None
    outputs = []
    if printed.getvalue():
        outputs.append({"name": "stdout", "output_type": "stream", "text": printed.getvalue()})
    if value is not None:
        data = {"text/plain": repr(value)}
        if hasattr(value, "_repr_svg_"):
            svg = value._repr_svg_()
            assert svg.startswith("<svg"), svg[:80]
            data["image/svg+xml"] = svg
        outputs.append({"data": data, "execution_count": None, "metadata": {},
                        "output_type": "execute_result"})
    return outputs


def run_notebook(path, write=False):
    """Runs every code cell of the notebook at `path`; returns the outputs cell by cell."""
    with open(path) as f:
        nb = json.load(f)
    assert nb["nbformat"] == 4
    scope = {"__name__": "__main__"}
    count, every = 0, []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        count += 1
        source = "".join(cell["source"])
        try:
            outputs = run_cell(source, scope)
        except Exception as e:
            raise AssertionError(f"{path}: code cell {count} failed:\n{source}") from e
        for o in outputs:
            if o["output_type"] == "execute_result":
                o["execution_count"] = count
        cell["outputs"], cell["execution_count"] = outputs, count
        every.append(outputs)
    if write:
        with open(path, "w") as f:
            json.dump(nb, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return every


if __name__ == "__main__":
    run_notebook(sys.argv[1], write="--write" in sys.argv[2:])

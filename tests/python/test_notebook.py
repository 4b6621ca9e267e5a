"""The example notebook runs, cell by cell, against the installed package, and its boards
draw as pictures (tests/python/notebook.py runs it without Jupyter)."""

from conftest import ROOT
from notebook import run_notebook


def test_the_example_notebook_runs_and_draws_its_boards():
    outputs = run_notebook(ROOT / "examples" / "queensat.ipynb")
    pictures = [o for cell in outputs for o in cell if "image/svg+xml" in o.get("data", {})]
    assert len(outputs) >= 6 and len(pictures) >= 3

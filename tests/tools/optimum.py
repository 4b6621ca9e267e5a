#!/usr/bin/env python3
"""Prints the optimum of an exported file as a real solver finds it: SCIP (PySCIPOpt) for
.lp and .opb, RC2 (python-sat) for .wcnf (either dialect). Used by tests/export_formats.rs.
Output: one line `optimum N` (objective value, or MaxSAT cost), or `infeasible`."""
import sys


def main(path):
    if path.endswith(".wcnf"):
        from pysat.examples.rc2 import RC2
        from pysat.formula import WCNF

        with RC2(WCNF(from_file=path)) as rc2:
            model = rc2.compute()
            print("infeasible" if model is None else f"optimum {rc2.cost}")
        return
    from pyscipopt import Model

    m = Model()
    m.hideOutput()
    m.readProblem(path)
    m.optimize()
    if m.getStatus() == "infeasible":
        print("infeasible")
    else:
        assert m.getStatus() == "optimal", m.getStatus()
        print(f"optimum {round(m.getObjVal())}")


if __name__ == "__main__":
    main(sys.argv[1])

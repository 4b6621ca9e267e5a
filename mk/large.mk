# Large walled boards (issue 15): queensat per backend against CP-SAT (one worker, and all cores
# as cpsat-all), SCIP and PySAT + CaDiCaL on the committed board set bench/large-boards.json (12x12..40x40, seeded).
#
#   make bench-large                 boards up to LARGE_MAX (24) with LARGE_LIMIT (20) CPU s each
#   make bench-large LARGE_MAX=40 LARGE_LIMIT=600    the whole set (hours: see docs/bench.md)
#   make bench-large LARGE_MIN=28 LARGE_MAX=32 LARGE_LIMIT=60 LARGE_OUT=results/bench/large-28-32
#                                    a band of sizes, beside the default run's files
#   make bench-large LARGE_MIN=40 LARGE_MAX=40 LARGE_ONLY=lattice LARGE_OUT=results/bench/large-40-lattices
#                                    only the boards whose id matches LARGE_ONLY (a Python regular
#                                    expression; write a `$` anchor as `$$` for make)
#   make bench-large-boards          regenerate the board set (seed 2026)

# QUICK=1: the six 12x12 boards, 5 s each, into $(BENCH_OUT)/large (not the committed files).
LARGE_MIN ?= 0
LARGE_MAX ?= $(call quick,12,24)
LARGE_LIMIT ?= $(call quick,5,20)
LARGE_SOLVERS ?= queensat:default,queensat:varisat,queensat:cadical,cpsat,cpsat-all,scip,pysat
LARGE_OUT ?= $(BENCH_OUT)/large
LARGE_ONLY ?=
BENCH_TARGETS += bench-large
.PHONY: bench-large bench-large-boards

bench-large-boards:
	python3 bench/large.py boards --out bench/large-boards.json

bench-large: build bench-venv
	nice -n 19 $(VENV)/bin/python bench/large.py run --boards bench/large-boards.json \
		--out $(LARGE_OUT) --limit $(LARGE_LIMIT) --min-size $(LARGE_MIN) --max-size $(LARGE_MAX) \
		--solvers $(LARGE_SOLVERS) --only '$(LARGE_ONLY)' \
		--command "make bench-large LARGE_MIN=$(LARGE_MIN) LARGE_MAX=$(LARGE_MAX) LARGE_LIMIT=$(LARGE_LIMIT) LARGE_SOLVERS=$(LARGE_SOLVERS)$(if $(LARGE_ONLY), LARGE_ONLY='$(LARGE_ONLY)') LARGE_OUT=$(LARGE_OUT)"

## One hard question split into cubes (docs/cluster.md, "Cubes"): a value (`queensat value` in
## one process against `--cubes 16` and `--cubes 64`; the 24x24 board SLOW_24X24_WALLS and the
## 20x20 random medium board) and the largest peaceable armies (`queensat armies` against
## `--cube-dir` with `--cubes 16` and `--split-rows 2 --cubes 64`; 9x9 and 10x10), each split
## with one thread (CPU) and two (wall); QUICK=1: a 12x12 board and armies 7x7. CUBES_ONLY=REGEX
## runs the questions whose name matches, into CUBES_OUT (default $(BENCH_OUT)/cubes)
## -> CUBES_OUT/README.md; fails if a split gives another answer.
BENCH_TARGETS += bench-cubes
.PHONY: bench-cubes
CUBES_OUT ?= $(BENCH_OUT)/cubes
bench-cubes: build
	python3 bench/cubes.py $(BIN) $(CUBES_OUT) $(if $(QUICK),--quick) $(if $(CUBES_ONLY),--only '$(CUBES_ONLY)') \
		--command "make bench-cubes$(if $(QUICK), QUICK=1)$(if $(CUBES_ONLY), CUBES_ONLY='$(CUBES_ONLY)')$(if $(filter-out $(BENCH_OUT)/cubes,$(CUBES_OUT)), CUBES_OUT=$(CUBES_OUT))"

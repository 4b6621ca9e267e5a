# queensat: every experiment is a make target; `make results` runs them all.
# Topic makefiles in mk/ add their targets and append to RESULT_TARGETS / BENCH_TARGETS.

SHELL := bash
CARGO ?= cargo
BIN := target/release/queensat
RESULT_TARGETS :=
BENCH_TARGETS :=

# QUICK=1: the result targets run on reduced parameters into RESULTS = target/results-quick, a
# scratch folder, never over the committed results/ (`make results-quick`, part of `make test`,
# shows that every one still runs); the bench targets run small workloads (docs/bench.md).
QUICK ?=
RESULTS ?= $(if $(QUICK),target/results-quick,results)
# $(call quick,A,B): A with QUICK=1, else B.
quick = $(if $(QUICK),$(1),$(2))

.PHONY: all build test test-docs-slow demo results results-quick bench lint layers fmt clean
all: build

## The binary. `--workspace` resolves features as `cargo test --workspace` and maturin do (PyO3's
## macros widen syn's), so `make test` and `pip install .` (make test-python) reuse this build of
## the library; `--bins` leaves PyO3 to maturin, whose environment would rebuild it anyway.
build:
	$(CARGO) build --release --workspace --bins

$(BIN): build

-include mk/*.mk

## The whole default test suite (what CI runs). cargo builds nothing of the Python module's crate
## (no test target), yet counts its features, as the build does; its tests are make test-python's.
## mk/test.sh runs cargo's tests with results-quick and test-python beside them (it says why);
## its line names no MAKE variable: `make -n` runs a line that does.
test: build
	CARGO='$(CARGO)' mk/test.sh
	$(MAKE) --no-print-directory layers

## Every command in README.md and docs/*.md, the long experiments among them too (make test runs
## the others; tests/docs/main.rs says how the Markdown marks them).
test-docs-slow:
	DOCS_SLOW=1 $(CARGO) test --release --test docs

## Value and an optimal placement of the seed article's record boards.
demo: build
	@echo "== the empty 8x8 board"
	$(BIN) value --size 8
	@echo "== the 2-wall record (seed article): walls (1,3) (2,5)"
	$(BIN) value --size 8 --walls "1,3 2,5"
	@echo "== the 3-wall record (seed article): walls (1,4) (3,1) (4,3)"
	$(BIN) value --size 8 --walls "1,4 3,1 4,3"
	@echo "== a 4-wall record (seed article): walls (0,0) (1,3) (3,4) (4,1)"
	$(BIN) value --size 8 --walls "0,0 1,3 3,4 4,1"

## Regenerate everything under results/.
results: $(RESULT_TARGETS)

## Every result target on reduced parameters into a fresh target/results-quick (QUICK=1): fails
## when a target fails, or when one writes into the committed results/ or encodings/.
results-quick: build
	rm -rf target/results-quick
	@before=$$(git status --porcelain -- results encodings 2>/dev/null); start=$$(date +%s); \
	$(MAKE) --no-print-directory results QUICK=1 || exit 1; \
	after=$$(git status --porcelain -- results encodings 2>/dev/null); \
	if [ "$$before" != "$$after" ]; then \
	  echo "results-quick: a target wrote into the committed results:"; \
	  diff <(echo "$$before") <(echo "$$after"); exit 1; fi; \
	echo "results-quick: $(words $(RESULT_TARGETS)) result targets ran in $$(( $$(date +%s) - start )) s into target/results-quick"

## Benchmarks (not tests): figures go to results/bench/ and the issue notes.
bench: $(BENCH_TARGETS)

## Which layer imports which (rows import columns); fails on an import that runs upward.
layers:
	python3 scripts/layers.py

## Formatting, clippy and the API docs' links, each warning an error (not part of `make test`:
## the docs build would compile every dependency once more on a fresh machine).
lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy -p queensat-py -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --workspace

fmt:
	$(CARGO) fmt

clean:
	$(CARGO) clean

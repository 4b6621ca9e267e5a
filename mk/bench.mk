# Benchmarks (issue 9, and the core engine's value benchmark for issue 2).
# Not tests: figures go to results/bench/. QUICK=1 gives a run of a few minutes.
#
#   make bench-value        every 2-wall 8x8 board under every solver/encoding/search option
#   make bench-peers        queensat against SCIP, CP-SAT and PySAT on identical board sets
#   make bench-micro        criterion micro-benchmarks (encode, value query, enumeration step)
#   make bench-proof        the built-in proof checker on results/cover's proofs (RATE=path/to/rate
#                           times rate beside it)
#
# Every benchmark's code is in bench/ (docs/bench.md); the other bench-* targets stay in their
# topic's mk file and call it.

BENCH_OUT ?= results/bench$(if $(QUICK),/quick)
# The bench harnesses are built with both solver backends and criterion (feature `bench`), apart
# from target/release so the CLI build is not churned by the feature switch.
BENCH_CARGO := $(CARGO) bench --features bench --target-dir target/bench
VENV := .venv
QUICK ?=
BENCH_STRIDE := $(if $(QUICK),16,1)

BENCH_TARGETS += bench-value bench-peers

.PHONY: bench-value bench-peers bench-micro bench-proof bench-venv

bench-value:
	$(BENCH_CARGO) --bench value -- configs --out $(BENCH_OUT) --stride $(BENCH_STRIDE) \
		--command "make bench-value$(if $(QUICK), QUICK=1)"

$(VENV)/.installed: bench/requirements.txt bench/setup-venv.sh
	bench/setup-venv.sh $(VENV)

bench-venv: $(VENV)/.installed

bench-peers: build bench-venv
	$(BENCH_CARGO) --bench value --no-run
	$(VENV)/bin/python bench/run.py --out $(BENCH_OUT) $(if $(QUICK),--quick) \
		--command "make bench-peers$(if $(QUICK), QUICK=1)"

bench-micro:
	$(BENCH_CARGO) --bench micro

bench-proof:
	$(BENCH_CARGO) --bench proof_check -- $(if $(RATE),--rate $(RATE))

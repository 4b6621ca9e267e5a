# Huge n-queens (`queensat nqueens`): benchmark of min-conflicts and the construction.
BENCH_TARGETS += bench-nqueens
RESULT_TARGETS += results-nqueens

.PHONY: bench-nqueens results-nqueens demo-nqueens

# QUICK=1: n up to 10^6, one run each, and the small boards of the walls benchmark, into
# $(RESULTS)/nqueens (the scratch folder) so results/nqueens is left alone.
NQ_OUT := $(RESULTS)/nqueens

## n = 10^3 .. 10^8, both methods: times and peak memory -> results/nqueens/{README.md,bench.json}.
bench-nqueens: build
	python3 bench/nqueens.py $(BIN) $(NQ_OUT) --max-exp $(if $(QUICK),6,8) --repeats $(if $(QUICK),1,3)

## The benchmark is the result of this topic.
results-nqueens: bench-nqueens

## A quick look: n = 8 printed, and ten million by both methods.
demo-nqueens: build
	$(BIN) nqueens 8 -o -
	$(BIN) nqueens 1e7
	$(BIN) nqueens 1e7 --method constructive

## Does min-conflicts help `queensat value` on large boards with walls? -> results/nqueens/walls.{md,json}
BENCH_TARGETS += bench-nqueens-walls
.PHONY: bench-nqueens-walls
bench-nqueens-walls: build
	@mkdir -p $(NQ_OUT)
	QUICK=$(QUICK) $(BENCH_CARGO) --bench nqueens_walls -- $(NQ_OUT)/walls.md $(NQ_OUT)/walls.json

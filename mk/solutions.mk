# Issue 3 (solutions) and the holes part of issue 8: the eight-queens-plus table, CSPLib
# blocked n-queens instances, and the enumeration benchmark.

RESULT_TARGETS += plus
BENCH_TARGETS += bench-solutions

.PHONY: plus bench-solutions

## Eight queens plus (diagonals as holes), n = 4..14, and data/csplib/ instances -> results/plus/.
## RESUME=1 reuses finished sizes from results/plus/runs/.
plus: build
	python3 scripts/solutions/plus.py $(BIN) $(RESULTS)/plus 4 $(call quick,8,14)
	@echo "wrote $(RESULTS)/plus/README.md and $(RESULTS)/plus/plus.json"

## Time to enumerate the 92 / 12 of 8x8 and the 724 / 92 of 10x10 -> results/bench/solutions.md.
bench-solutions: build
	python3 bench/solutions.py $(BIN) $(BENCH_OUT)/solutions.md $(if $(QUICK),1,5)

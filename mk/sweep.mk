# Exhaustive k-wall sweeps by symmetry class (issue 4). See docs/sweep.md.
SWEEP_OUT := $(RESULTS)/sweeps
PUBLISHED_8X8 ?= results/published/walled-n-queens/8x8
# SWEEP_RESUME=1 keeps finished chunks of an interrupted run; by default a target starts fresh
# so its timings describe one whole run.
SWEEP_RESUME ?=
sweep_fresh = $(if $(SWEEP_RESUME),,rm -rf $(1)/chunks $(1)/sweep.json)

RESULT_TARGETS += sweep-8x8 sweep-8x8-5w
BENCH_TARGETS += bench-sweep
.PHONY: sweep-8x8 sweep-8x8-5w sweep-compare bench-sweep

## Every 8x8 board with 0..4 walls by symmetry class, each value proved by the branch and
## bound's replayed search tree and cross-checked by SAT, then compared with the published tables.
sweep-8x8: build
	$(call sweep_fresh,$(SWEEP_OUT)/8x8)
	$(BIN) sweep --size 8 --walls $(call quick,0..2,0..4) --cross-check --output $(SWEEP_OUT)/8x8 $(call quick,--quiet)
	$(MAKE) --no-print-directory sweep-compare

## The published 0..4-wall tables against the sweep (differences are findings, not errors).
sweep-compare: build
	$(BIN) sweep-compare $(SWEEP_OUT)/8x8 $(PUBLISHED_8X8) --output $(SWEEP_OUT)/8x8/published-comparison.md; \
	  test $$? -le 1

## Every 8x8 board with 5 walls (954,226 classes), search trees cross-checked by SAT.
sweep-8x8-5w: build
	$(call sweep_fresh,$(SWEEP_OUT)/8x8-5w)
	$(BIN) sweep --size 8 --walls $(call quick,2,5) --cross-check --output $(SWEEP_OUT)/8x8-5w $(call quick,--quiet)

## Sweep timings, one thread each: the 4- and 5-wall sweeps by the tree engine (default) and by
## SAT starting each search from the branch and bound's optimum or from a greedy placement, and
## the 4-wall sweep with a new solver per board; with the ratio to the branch and bound's CPU, and
## the tree engine against the peer, a bitboard branch and bound in C (bench/peers/sweep_bnb.c,
## gcc $(PEER_CFLAGS); same values per class and per board, or the run fails) (QUICK=1: 4 walls,
## tree engine and SAT from the branch and bound's optimum, and the peer).
## BASELINE=<git rev>: instead, the 4- and 5-wall sweeps (4 only with QUICK=1) of this build and
## of that revision, alternately in one run -> $(BENCH_OUT)/sweep/baseline.md (bench/sweep_baseline.py).
BASELINE ?=
BASELINE_ROUNDS ?= 3
PEER_CFLAGS ?= -O2
bench-sweep: build
ifeq ($(BASELINE),)
	PEER_CFLAGS="$(PEER_CFLAGS)" bench/sweep.sh $(BIN) $(BENCH_OUT)/sweep $(if $(QUICK),quick)
else
	python3 bench/sweep_baseline.py --baseline $(BASELINE) --bin $(BIN) --out $(BENCH_OUT)/sweep \
	  --walls $(if $(QUICK),4,4 5) --rounds $(BASELINE_ROUNDS) \
	  --command "make bench-sweep BASELINE=$(BASELINE)$(if $(QUICK), QUICK=1)"
endif

## Past the article (issue 16): every 9x9 board with 0..4 walls (the 4-wall layer is about
## 240,000 classes) and every 10x10 board with 0..3 walls, each value proved by its search tree
## and cross-checked by SAT; value distributions per class and per board with the chart. Resumable
## (SWEEP_RESUME=1); split with SWEEP_SHARDS=N into N shard runs merged at the end.
RESULT_TARGETS += sweep-9x9 sweep-10x10
.PHONY: sweep-9x9 sweep-10x10
SWEEP_SHARDS ?= 1
# $(call sweep_sharded,ARGS,DIR,SHARDS): one run, or SHARDS shard runs and their merge.
sweep_sharded = $(call sweep_fresh,$(2)) && $(if $(filter 1,$(3)), \
	  $(BIN) sweep $(1) --cross-check --output $(2) --quiet, \
	  $(foreach i,$(shell seq 1 $(3)),$(call sweep_fresh,$(2)-shard$(i)) && \
	    $(BIN) sweep $(1) --cross-check --shard $(i)/$(3) --output $(2)-shard$(i) --quiet && ) \
	  $(BIN) merge $(foreach i,$(shell seq 1 $(3)),$(2)-shard$(i)) --output $(2) --quiet)

sweep-9x9: build
	$(call sweep_sharded,--size 9 --walls $(call quick,0..2,0..4),$(SWEEP_OUT)/9x9,$(SWEEP_SHARDS))

sweep-10x10: build
	$(call sweep_sharded,--size 10 --walls $(call quick,0..1,0..3),$(SWEEP_OUT)/10x10,$(SWEEP_SHARDS))

## Every 8x8 board with 6 walls (9,377,618 classes), every value proved; the databases (about
## 1.5 GB with the chunks) stay out of git, the summary and chart are committed. QUICK=1: the
## 3-wall layer in two shards and their merge.
RESULT_TARGETS += sweep-8x8-6w
.PHONY: sweep-8x8-6w
sweep-8x8-6w: build
	$(call sweep_sharded,--size 8 --walls $(call quick,3,6),$(SWEEP_OUT)/8x8-6w,$(call quick,2,$(SWEEP_SHARDS)))

## Every 8x8 board with 7 walls (about 77.7 million classes), every value proved by the replayed
## search trees, run as SWEEP7_SHARDS shards through scripts/cluster.sh (CLUSTER_ENGINE: local
## by default, which needs only xargs; parallel or slurm elsewhere, docs/cluster.md) and merged.
## The databases stay out of git; the summary, chart and provenance are committed. Resumable:
## SWEEP_RESUME=1 keeps the shards' finished chunks. QUICK=1: the 3-wall layer in two shards.
## The shards take about 16 CPU minutes of proving work (shard 1's chunks: 60 s), plus each
## shard's class list; the merge streams the 77,664,262 rows to the databases (about 13 GB, not
## committed) and re-proves each value by the branch and bound.
CLUSTER_ENGINE ?= local
SWEEP7_SHARDS ?= 16
SWEEP7 := $(SWEEP_OUT)/8x8-7w
RESULT_TARGETS += sweep-8x8-7w
.PHONY: sweep-8x8-7w
sweep-8x8-7w: build
	$(if $(SWEEP_RESUME),,rm -rf $(SWEEP7) $(SWEEP7).shard-* $(SWEEP7).cluster)
	scripts/cluster.sh $(CLUSTER_ENGINE) $(call quick,2,$(SWEEP7_SHARDS)) -- \
	  $(BIN) sweep --size 8 --walls $(call quick,3,7) --threads 1 --output $(SWEEP7) >/dev/null

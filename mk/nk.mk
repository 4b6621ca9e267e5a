# N+k queens (issue 16): placements of n + k queens and k walls on n x n (OEIS A103330,
# A129551, A129553), counted without listing them. See results/nk/README.md.

NK_OUT := $(RESULTS)/nk
# The table's largest n (each n costs about 8-10 times the one before; 14 is ~2 min CPU).
NK_MAX ?= $(call quick,8,14)
# NK_RESUME=1 keeps the finished chunks of an interrupted run; by default a target starts
# fresh, so its CPU times describe one whole run of the current code.
NK_RESUME ?=
nk_fresh = $(if $(NK_RESUME),,rm -rf $(1))
# The counts below that were published before the 8-fold (sides) reduction keep the mirror
# (--mirror), so their files regenerate as they are; the sides reduction is the command's default.

RESULT_TARGETS += nk-queens nk-new nk-k2
.PHONY: nk-queens nk-table nk-crosscheck nk-new

## The table for k = 1, 2, 3 and n = 1..NK_MAX (row counter), then the cross-check of the
## three methods where they all run.
nk-queens: nk-table nk-crosscheck

nk-table: build
	$(call nk_fresh,$(NK_OUT)/runs)
	$(BIN) nk --size 1..$(NK_MAX) --walls 1..3 --method rows --mirror --output $(NK_OUT)/runs \
	  --table $(NK_OUT)/table.md --quiet >/dev/null

## Row counter, per-class row counter and per-class SAT enumeration, n = 1..10; the per-class
## row counter alone up to n = 12, and with 4 walls on 9x9 and 10x10 (to meet the sweeps).
## Exit 1 on any disagreement.
nk-crosscheck: build
	$(call nk_fresh,$(NK_OUT)/crosscheck)
	$(BIN) nk --size $(call quick,1..7,1..10) --walls 1..3 --method rows,classes,sat --mirror --output $(NK_OUT)/crosscheck \
	  --table $(NK_OUT)/crosscheck-sat.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,8,11..12) --walls 1..3 --method rows,classes --mirror --output $(NK_OUT)/crosscheck \
	  --table $(NK_OUT)/crosscheck-classes.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,7,9..10) --walls 4 --method rows,classes --mirror --output $(NK_OUT)/crosscheck \
	  --table $(NK_OUT)/crosscheck-4-walls.md --quiet >/dev/null

## Past the published terms: A129553 (k = 3) at n = 15, by the row counter with the mirror
## reduction and recounted without it (about 10 and 20 CPU minutes on the project's machine;
## starts afresh; NK_RESUME=1 keeps finished chunks, and --shard/--merge-from split it).
# QUICK=1: n = 10 into the scratch folder, the same two counts.
NK_NEW := $(call quick,10,15)
nk-new: build
	$(call nk_fresh,$(addprefix $(NK_OUT)/new/$(NK_NEW)x$(NK_NEW)-3w-,rows rows-all))
	$(BIN) nk --size $(NK_NEW) --walls 3 --mirror --output $(NK_OUT)/new --table $(NK_OUT)/new-$(NK_NEW)-3.md --quiet >/dev/null
	$(BIN) nk --size $(NK_NEW) --walls 3 --no-mirror --output $(NK_OUT)/new \
	  --table $(NK_OUT)/new-$(NK_NEW)-3-recount.md --quiet >/dev/null

## A129551 (k = 2) at n = 15 and 16, the last published term (about 1 and 7 CPU minutes by the
## row counter with the mirror reduction; starts afresh, resumable like nk-new).
.PHONY: nk-k2
nk-k2: build
	$(call nk_fresh,$(addsuffix -2w-rows,$(addprefix $(NK_OUT)/new/,$(call quick,9x9 10x10,15x15 16x16))))
	$(BIN) nk --size $(call quick,9..10,15..16) --walls 2 --mirror --output $(NK_OUT)/new --table $(NK_OUT)/new-16-2.md --quiet >/dev/null

## A129551 (k = 2) at n = 17, past the published terms: counted with the mirror reduction on
## the left half of row 0, then recounted on the right half (disjoint placements apart from the
## middle column; about 90 CPU minutes each on the project's machine; resumable like nk-new).
.PHONY: nk-k2-17
RESULT_TARGETS += nk-k2-17
NK_K2_17 := $(call quick,11,17)
nk-k2-17: build
	$(call nk_fresh,$(addprefix $(NK_OUT)/new/$(NK_K2_17)x$(NK_K2_17)-2w-,rows rows-right))
	$(BIN) nk --size $(NK_K2_17) --walls 2 --mirror --output $(NK_OUT)/new --table $(NK_OUT)/new-$(NK_K2_17)-2.md --quiet >/dev/null
	$(BIN) nk --size $(NK_K2_17) --walls 2 --mirror-right --output $(NK_OUT)/new \
	  --table $(NK_OUT)/new-$(NK_K2_17)-2-recount.md --quiet >/dev/null

# $(call nk_counted_twice,N,K): a new term counted by the default 8-fold reduction into
# new-N-K.md, then recounted by the mirror into new-N-K-recount.md; both folders afresh unless
# NK_RESUME=1 (one recipe line per line).
define nk_counted_twice
$(call nk_fresh,$(addprefix $(NK_OUT)/new/$(1)x$(1)-$(2)w-,rows-sides rows))
$(BIN) nk --size $(1) --walls $(2) --output $(NK_OUT)/new --table $(NK_OUT)/new-$(1)-$(2).md --quiet >/dev/null
$(BIN) nk --size $(1) --walls $(2) --mirror --output $(NK_OUT)/new --table $(NK_OUT)/new-$(1)-$(2)-recount.md --quiet >/dev/null
endef

## A129553 (k = 3) at n = 16, past the published terms: counted by the default 8-fold reduction,
## then recounted by the mirror (about 20 and 40 CPU minutes on the project's machine; starts its
## two folders afresh, NK_RESUME=1 resumes them). nk-distinct reads both counts for A129554(16).
# QUICK=1: n = 9 into the scratch folder, the same two counts.
.PHONY: nk-k3-16
RESULT_TARGETS += nk-k3-16
NK_K3_16 := $(call quick,9,16)
nk-k3-16: build
	$(call nk_counted_twice,$(NK_K3_16),3)

## A129551 (k = 2) at n = 18, past the published terms (n = 17 is ours): counted by the default
## 8-fold reduction, then recounted by the mirror (about 6-7 and 13 CPU hours on the project's
## machine, so run over several sittings: it starts its two folders afresh, NK_RESUME=1 resumes
## them from their chunks).
# QUICK=1: n = 10 into the scratch folder, the same two counts.
.PHONY: nk-k2-18
RESULT_TARGETS += nk-k2-18
NK_K2_18 := $(call quick,10,18)
nk-k2-18: build
	$(call nk_counted_twice,$(NK_K2_18),2)

## The configurations up to the 8 symmetries (OEIS A103331, A129552, A129554; results/nk/README.md,
## "Up to symmetry"): the table for k = 1..3 and n = 1..NK_MAX, counted afresh; then the terms past
## the table from the committed counts of nk-new, nk-k3-16, nk-k2, nk-k2-17 and nk-k1-18 (read back;
## where an n and k was counted twice, the two counts compared): A129554 at n = 15 and 16, new,
## A129552 at n = 15 and 16 (published) and 17 (new), and A103331 at n = 18 (new). About a minute
## of CPU.
.PHONY: nk-distinct
RESULT_TARGETS += nk-distinct
NK_DK3 := $(call quick,$(NK_OUT)/distinct/8x8-3w-rows-sides,$(addprefix $(NK_OUT)/new/,15x15-3w-rows 15x15-3w-rows-all 16x16-3w-rows-sides 16x16-3w-rows))
NK_DK2 := $(call quick,$(NK_OUT)/distinct/8x8-2w-rows-sides,$(addprefix $(NK_OUT)/new/,15x15-2w-rows 16x16-2w-rows 17x17-2w-rows 17x17-2w-rows-right))
NK_DK1 := $(call quick,$(NK_OUT)/distinct/8x8-1w-rows-sides,$(addprefix $(NK_OUT)/new/,18x18-1w-rows-sides 18x18-1w-rows))
nk-distinct: build
	$(call nk_fresh,$(NK_OUT)/distinct)
	$(BIN) nk --size 1..$(NK_MAX) --walls 1..3 --up-to-symmetry --output $(NK_OUT)/distinct \
	  --table $(NK_OUT)/distinct.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,8,15..16) --walls 3 --up-to-symmetry --placements-from $(addsuffix /count.json,$(NK_DK3)) \
	  --output $(NK_OUT)/distinct --table $(NK_OUT)/distinct-new-k3.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,8,15..17) --walls 2 --up-to-symmetry --placements-from $(addsuffix /count.json,$(NK_DK2)) \
	  --output $(NK_OUT)/distinct --table $(NK_OUT)/distinct-new-k2.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,8,18) --walls 1 --up-to-symmetry --placements-from $(addsuffix /count.json,$(NK_DK1)) \
	  --output $(NK_OUT)/distinct --table $(NK_OUT)/distinct-new-k1.md --quiet >/dev/null

## A103330 and A103331 (k = 1) at n = 15..17, the last published terms, by the default 8-fold
## reduction and up to symmetry (about 7 CPU minutes; starts afresh, NK_RESUME=1 resumes).
.PHONY: nk-k1
RESULT_TARGETS += nk-k1
nk-k1: build
	$(call nk_fresh,$(addsuffix -1w-rows-sides,$(addprefix $(NK_OUT)/new/,$(call quick,9x9 10x10,15x15 16x16 17x17))))
	$(BIN) nk --size $(call quick,9..10,15..17) --walls 1 --up-to-symmetry --output $(NK_OUT)/new \
	  --table $(NK_OUT)/new-k1.md --quiet >/dev/null

## A103330 and A103331 (k = 1) at n = 18, past the published terms: counted by the default
## 8-fold reduction (about 45 CPU minutes) and up to symmetry, then recounted by the mirror (about
## two CPU hours); starts afresh, NK_RESUME=1 resumes. nk-distinct reads both counts.
.PHONY: nk-k1-18
RESULT_TARGETS += nk-k1-18
nk-k1-18: build
	$(call nk_fresh,$(addprefix $(NK_OUT)/new/$(call quick,11x11,18x18)-1w-,rows-sides rows))
	$(BIN) nk --size $(call quick,11,18) --walls 1 --up-to-symmetry --output $(NK_OUT)/new \
	  --table $(NK_OUT)/new-18-1.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,11,18) --walls 1 --mirror --output $(NK_OUT)/new \
	  --table $(NK_OUT)/new-18-1-recount.md --quiet >/dev/null

## Recounts of the table's largest terms: n = 13 by the per-class counter (k = 1, 2), and
## n = 13, 14 by the row counter without the mirror reduction (k = 1..3).
.PHONY: nk-recount
nk-queens: nk-recount
nk-recount: build
	$(call nk_fresh,$(NK_OUT)/recount)
	$(BIN) nk --size $(call quick,8,13) --walls 1..2 --method rows,classes --mirror --output $(NK_OUT)/recount \
	  --table $(NK_OUT)/recount-classes.md --quiet >/dev/null
	$(BIN) nk --size $(call quick,8..9,13..14) --walls 1..3 --no-mirror --output $(NK_OUT)/recount \
	  --table $(NK_OUT)/recount-all.md --quiet >/dev/null

## The row counter against its peer, one thread each, in the same run: a dedicated N+k counter
## in C (bench/peers/nk_count.c, gcc $(PEER_CFLAGS): rows top to bottom on 64-bit masks with
## the walls placed as it goes, an n-queens completion after the last wall, one placement per
## class of the 8 symmetries by the sides' queens, weighted 8/t), on A129551 (k = 2) at n = 15,
## 16 and A129553 (k = 3) at n = 14, 15 (QUICK=1: n = 12, 13 and 11, 12), CPU seconds per count
## and the ratio queensat / peer -> $(BENCH_OUT)/nk/README.md. First the peer is checked against
## queensat and the published terms for n <= 13, k = 0..3; fails on any disagreement.
## NK_BENCH_REDUCTIONS adds queensat's other reductions: some of sides mirror mirror-right none
## (default sides: about 15 CPU minutes, 7 each for queensat and the peer; all four: over an hour).
BENCH_TARGETS += bench-nk
.PHONY: bench-nk
NK_BENCH_REDUCTIONS ?= sides
PEER_CFLAGS ?= -O2
bench-nk: build
	NK_BENCH_REDUCTIONS="$(NK_BENCH_REDUCTIONS)" PEER_CFLAGS="$(PEER_CFLAGS)" \
	  bench/nk.sh $(BIN) $(BENCH_OUT)/nk $(if $(QUICK),quick)

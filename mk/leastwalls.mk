# Least walls for q queens (issue 5): `make least-walls` regenerates results/least-walls/,
# `make bench-least-walls` compares the encodings on the 8x8 table.

LW_DIR := $(RESULTS)/least-walls
LW_RUN := $(BIN) least-walls --count --unique --quiet

RESULT_TARGETS += least-walls
BENCH_TARGETS += bench-least-walls

.PHONY: least-walls bench-least-walls least-walls-beyond

# Each size is one file target, written whole (write_atomic): an interrupted `make` keeps the
# finished sizes and redoes only the missing ones. QUICK=1: the first q of each size.
$(LW_DIR)/6x6.json: | build
	@mkdir -p $(@D)
	$(LW_RUN) --size 6 --queens $(call quick,6..8,6..11) --output $@ --format json > /dev/null
$(LW_DIR)/7x7.json: | build
	@mkdir -p $(@D)
	$(LW_RUN) --size 7 --queens $(call quick,7..9,7..17) --output $@ --format json > /dev/null
$(LW_DIR)/8x8.json: | build
	@mkdir -p $(@D)
	$(LW_RUN) --size 8 --queens $(call quick,8..10,8..17) --output $@ --format json > /dev/null

LW_RUNS := $(LW_DIR)/6x6.json $(LW_DIR)/7x7.json $(LW_DIR)/8x8.json

least-walls: build $(LW_RUNS)
	$(BIN) least-walls table $(LW_RUNS) $(wildcard $(LW_DIR)/beyond/*.json) $(wildcard $(LW_DIR)/beyond/stopped/*.json) \
	  --claims data/least-walls-seed-claims.csv --output $(LW_DIR)/tables.md
	$(BIN) least-walls chart $(LW_RUNS) $(wildcard $(LW_DIR)/beyond/*.json) --output $(LW_DIR)/least-walls.svg
	@cat $(LW_DIR)/tables.md

# Past the article: one file per (size, q), the minimum with its checked DRAT certificate,
# CaDiCaL in-process with the segment-slack cuts (implied clauses); for the sizes in
# LW_COUNT_SIZES also the boards and classes with the minimum, the count stopped after
# LW_COUNT_CAP CPU seconds (then reported as a lower bound). Each q's search is stopped after
# LW_CAP seconds of CPU (--time-limit; a wall-clock cap measured the machine's load, not the
# problem): a stopped q writes its checked bounds to beyond/stopped/ instead and has no file
# here, so rerunning tries it again (and removes the stopped file once it finishes). The
# DRAT check of the certificate comes after the search and may take longer than it, so the
# whole process gets 2 LW_CAP + LW_COUNT_CAP (ulimit -t) as a backstop; a q killed there
# leaves no file.
LW_CAP ?= 3600
LW_COUNT_CAP ?= 1500
LW_BEYOND_OPTS := --solver cadical --slack-cuts true --fresh-bounds true --certify
LW_COUNT_SIZES ?= 10x10
LW_BEYOND_Q_9 := $(shell seq 10 25)
LW_BEYOND_Q_10 := $(shell seq 11 25)
LW_BEYOND_Q_11 ?= $(shell seq 12 36)
LW_BEYOND_Q_12 ?= $(shell seq 13 36)
LW_BEYOND := $(foreach n,9 10 11 12,$(foreach q,$(LW_BEYOND_Q_$(n)),$(LW_DIR)/beyond/$(n)x$(n)-q$(q).json))
LW_STOPPED := $(LW_DIR)/beyond/stopped
$(LW_DIR)/beyond/%.json: | build
	@mkdir -p $(dir $@) $(LW_STOPPED)
	n=$$(echo $* | sed 's/x.*//'); q=$$(echo $* | sed 's/.*-q//'); \
	count=$$(case " $(LW_COUNT_SIZES) " in *" $${n}x$${n} "*) echo --count --unique --count-cpu-limit $(LW_COUNT_CAP);; esac); \
	( ulimit -t $$((2 * $(LW_CAP) + $(LW_COUNT_CAP))); exec $(BIN) least-walls --quiet --size $$n --queens $$q \
	  $(LW_BEYOND_OPTS) $$count --time-limit $(LW_CAP) --output $@ --format json > /dev/null ); \
	case $$? in \
	  0) rm -f $(LW_STOPPED)/$*.json ;; \
	  3) mv $@ $(LW_STOPPED)/$*.json && echo "$*: stopped after $(LW_CAP) s of CPU, bounds in $(LW_STOPPED)/$*.json" >&2 ;; \
	  130) rm -f $@; exit 130 ;; \
	  *) rm -f $@; echo "$*: not finished within the CPU backstop" >&2 ;; \
	esac
least-walls-beyond: build
	-$(MAKE) -k $(LW_BEYOND)
	$(MAKE) least-walls-nk least-walls

# A second proof, without SAT, of the lower bounds next to the row bound: the N+k row counter
# (crates/queensat-check/src/row_count.rs) finds no placement of n + k queens with k walls on n x n, so
# q = n + k queens need at least k + 1 walls.
# Part of `make results` (under 2 s of CPU); `least-walls-beyond` is not (hours at the default
# caps when every 11x11 and 12x12 q is tried).
RESULT_TARGETS += least-walls-nk
.PHONY: least-walls-nk
least-walls-nk: build
	rm -rf $(LW_DIR)/nk-bounds
	$(BIN) nk --size $(call quick,9,9..12) --walls $(call quick,4..5,4..8) --method rows --output $(LW_DIR)/nk-bounds \
	  --table $(LW_DIR)/nk-bounds.md --quiet

# Encodings side by side on the 8x8 table, CPU seconds per q (minimisation + count).
LW_BENCH := $(BENCH_OUT)/least-walls
# QUICK=1: q = 9..12 only, one repeat of the grid.
LW_BENCH_Q := $(if $(QUICK),9..12,9..16)
# The defaults (pairwise, cells, lex-leader for the count, no necessary-walls rule) against one
# change each.
LW_BENCH_CONFIGS := default linear blocks necessary lex-on lex-off up
LW_OPTS_default :=
LW_OPTS_linear := --attack linear
LW_OPTS_blocks := --queen-count blocks
LW_OPTS_necessary := --necessary-walls true
LW_OPTS_lex-on := --lex-leader on
LW_OPTS_lex-off := --lex-leader off
LW_OPTS_up := --search up
bench-least-walls: build
	@mkdir -p $(LW_BENCH)
	$(foreach c,$(LW_BENCH_CONFIGS),$(LW_RUN) --size 8 --queens $(LW_BENCH_Q) $(LW_OPTS_$(c)) \
	  --output $(LW_BENCH)/8x8-$(c).json --format json > /dev/null && ) true
	$(BIN) least-walls compare $(foreach c,$(LW_BENCH_CONFIGS),$(LW_BENCH)/8x8-$(c).json) --output $(LW_BENCH)/8x8.md
	@cat $(LW_BENCH)/8x8.md

# The 2x2x2 grid behind the defaults (attack x queen count x necessary walls), two repeats each.
LW_GRID := $(foreach r,$(if $(QUICK),1,1 2),$(foreach a,linear pairwise,$(foreach c,blocks cells,$(foreach n,true false,$(a)-$(c)-$(n)-$(r)))))
BENCH_TARGETS += bench-least-walls-grid
.PHONY: bench-least-walls-grid
bench-least-walls-grid: build
	@mkdir -p $(LW_BENCH)/grid
	$(foreach g,$(LW_GRID),$(LW_RUN) --size 8 --queens $(LW_BENCH_Q) --lex-leader count \
	  --attack $(word 1,$(subst -, ,$(g))) --queen-count $(word 2,$(subst -, ,$(g))) \
	  --necessary-walls $(word 3,$(subst -, ,$(g))) --output $(LW_BENCH)/grid/$(g).json --format json > /dev/null && ) true
	$(BIN) least-walls compare $(sort $(foreach g,$(LW_GRID),$(LW_BENCH)/grid/$(g).json)) --output $(LW_BENCH)/grid.md
	@cat $(LW_BENCH)/grid.md

# Where the time goes on 10x10 with 17 queens (the first q that the varisat run of issue 5 did
# not finish): solvers and encoding options against CaDiCaL's defaults, each run with its
# certificate and capped at LW_BENCH_CAP CPU seconds (a capped run is listed as such; a run
# that fails otherwise stops the target, rather than pass for a capped one). The file lists
# each run's command, host and date (`least-walls compare`).
BENCH_TARGETS += bench-least-walls-10x10
.PHONY: bench-least-walls-10x10
LW_BENCH_CAP ?= 150
LW_B10 := $(LW_BENCH)/10x10-q17
# QUICK=1: the slack cuts alone (about 15 s of CPU), not the eleven configurations.
LW_B10_CONFIGS := $(call quick,cadical-slack,cadical cadical-lex cadical-nec cadical-linear cadical-up cadical-slack \
                  cadical-slack-up cadical-slack-lex cadical-slack-start cadical-slack-fresh varisat-slack)
LW_B10_cadical := --solver cadical
LW_B10_cadical-lex := --solver cadical --lex-leader on
LW_B10_cadical-nec := --solver cadical --necessary-walls true
LW_B10_cadical-linear := --solver cadical --attack linear
LW_B10_cadical-up := --solver cadical --search up
LW_B10_cadical-slack := --solver cadical --slack-cuts true
LW_B10_cadical-slack-up := --solver cadical --slack-cuts true --search up
LW_B10_cadical-slack-lex := --solver cadical --slack-cuts true --lex-leader on
LW_B10_cadical-slack-start := --solver cadical --slack-cuts true --start-runs 4
LW_B10_cadical-slack-fresh := --solver cadical --slack-cuts true --fresh-bounds true
LW_B10_varisat-slack := --solver varisat --slack-cuts true
bench-least-walls-10x10: build
	@mkdir -p $(LW_B10)
	@rm -f $(LW_B10)/capped.txt $(LW_B10)/*.json
	$(foreach c,$(LW_B10_CONFIGS),( ulimit -t $(LW_BENCH_CAP); exec $(BIN) least-walls --quiet --size 10 --queens 17 \
	  $(LW_B10_$(c)) --certify --output $(LW_B10)/$(c).json --format json > /dev/null ) \
	  || { s=$$?; [ $$s = 137 ] || [ $$s = 152 ] || exit $$s; \
	       echo "- \`$(LW_B10_$(c))\`: not finished within $(LW_BENCH_CAP) s of CPU" >> $(LW_B10)/capped.txt; }; )
	files=""; for c in $(LW_B10_CONFIGS); do [ -f $(LW_B10)/$$c.json ] && files="$$files $(LW_B10)/$$c.json"; done; \
	$(BIN) least-walls compare $$files --output $(LW_B10).md
	@if [ -s $(LW_B10)/capped.txt ]; then printf '\nCapped runs:\n\n' >> $(LW_B10).md; cat $(LW_B10)/capped.txt >> $(LW_B10).md; fi
	@cat $(LW_B10).md

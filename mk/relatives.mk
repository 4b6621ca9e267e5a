# Relatives of the blocked-queens puzzle (issue 8): peaceable queen armies, and covering /
# packing the board with n-queens solutions. Results go to results/armies/ and results/cover/.

RESULT_TARGETS += armies cover
BENCH_TARGETS += armies-encodings

ARMIES_DIR := $(RESULTS)/armies
COVER_DIR := $(RESULTS)/cover
ARMIES_SQUARE_MAX ?= $(call quick,5,12)
ARMIES_SQUARE_TIMEOUT ?= 1200
# CaDiCaL in-process: 9x9 in 263 s against varisat's 504 s; 10x10 (m = 14) in 486 s.
ARMIES_SQUARE_SOLVER ?= cadical

# Sizes whose optimal classes armies-count enumerates, and the CPU limit of each enumeration.
ARMIES_COUNT_SIZES ?= $(call quick,4 5,7 8 9 10)
ARMIES_COUNT_SECONDS ?= $(call quick,60,3600)

.PHONY: armies armies-square armies-count armies-encodings cover
RESULT_TARGETS += armies-count

## The seed's table: every board from 2x2 to 8x8, m and the optimal classes, cross-checked by
## brute force (resumable:
## finished sizes are kept in results/armies/sizes/).
armies: build
	@mkdir -p $(ARMIES_DIR)
	$(BIN) armies --rows 2..$(call quick,5,8) --cols 2..$(call quick,5,8) --table --brute --cache $(ARMIES_DIR)/sizes \
	  --output $(ARMIES_DIR)/table.md

## n x n boards upward, m only, each size under a time limit; stops at the first timeout.
armies-square: build
	@for n in $$(seq 1 $(ARMIES_SQUARE_MAX)); do \
	  timeout $(ARMIES_SQUARE_TIMEOUT) $(BIN) armies --size $$n --solver $(ARMIES_SQUARE_SOLVER) --cache $(ARMIES_DIR)/square \
	    --output /dev/null || { echo "armies: $${n}x$$n not finished within $(ARMIES_SQUARE_TIMEOUT) s"; break; }; \
	done
	$(BIN) armies --size 1..$(ARMIES_SQUARE_MAX) --table --no-count --cache $(ARMIES_DIR)/square \
	  --cached-only --output $(ARMIES_DIR)/square.md

## The optimal classes of the square boards whose m armies-square proved (issue 16), up to the
## 16 symmetries (isometries and colour swap) and up to the 8 isometries: enumerated on the
## cached proof with CaDiCaL, one solver call per class and a final UNSAT; an enumeration
## stopped by ARMIES_COUNT_SECONDS is kept as a lower bound ("≥" in the table).
armies-count: build
	@mkdir -p $(ARMIES_DIR)
	@for n in $(ARMIES_COUNT_SIZES); do \
	  $(BIN) armies --size $$n --unique --solver cadical --count-seconds $(ARMIES_COUNT_SECONDS) \
	    --cache $(ARMIES_DIR)/square --quiet --output /dev/null || exit 1; \
	done
	$(BIN) armies --size 1..$(ARMIES_SQUARE_MAX) --table --no-count --cache $(ARMIES_DIR)/square \
	  --cached-only --output $(ARMIES_DIR)/square.md

## The linear (segments) and all-pairs encodings on the same boards, m only: tables (wall
## time) for 3..9, and CPU seconds (user, /usr/bin/time) for 6..8 with and without symmetry
## breaking, which the shared host's load disturbs less than wall time.
armies-encodings: build
	bench/armies-encodings.sh $(BIN) $(if $(QUICK),$(BENCH_OUT)/armies quick,results/armies)

## Packing and covering the n x n board with n-queens solutions, each optimum proved, with the
## CNF and checked proof of each final UNSAT answer (CaDiCaL in-process writes an LRAT proof,
## the built-in checker checks it). n <= 8 without symmetry breaking (the certificate is then the plain question);
## larger n with lex-leader constraints (docs/relatives.md says why the certificate still
## proves the claim), each search stopped after COVER_TIME_LIMIT CPU seconds (the table then
## gives the bounds proved, "open"); finished sizes are kept (cover-N.json) and not redone
## (delete one to redo it); an open one is redone by a run with a larger COVER_TIME_LIMIT.
# QUICK=1: 4..6 without symmetry breaking, then 7 as the larger sizes are run.
COVER_SMALL := $(call quick,4..6,4..8)
COVER_FROM := $(call quick,7,9)
COVER_MAX ?= $(call quick,7,12)
COVER_TIME_LIMIT ?= 1200
COVER_TIMEOUT ?= 5400
COVER_SOLVER ?= cadical
cover: build
	$(BIN) cover --size $(COVER_SMALL) --no-symmetry-breaking --solver $(COVER_SOLVER) --certificates $(COVER_DIR) \
	  --output /dev/null
	@for n in $$(seq $(COVER_FROM) $(COVER_MAX)); do \
	  timeout $(COVER_TIMEOUT) $(BIN) cover --size $$n --solver $(COVER_SOLVER) --certificates $(COVER_DIR) \
	    --time-limit $(COVER_TIME_LIMIT) --output /dev/null; \
	  case $$? in \
	    0) ;; \
	    3) echo "cover: $${n}x$$n open after $(COVER_TIME_LIMIT) s of CPU per search (bounds in the table)" ;; \
	    130) exit 130 ;; \
	    *) echo "cover: $${n}x$$n not finished within $(COVER_TIMEOUT) s" ;; \
	  esac; \
	done
	$(BIN) cover --size 4..$(COVER_MAX) --certificates $(COVER_DIR) --cached-only \
	  --output $(COVER_DIR)/table.md || [ $$? -eq 3 ]

## Square boards past armies-square's reach (issue 16): the search for m under a CPU limit of
## ARMIES_OPEN_SECONDS per size (ARMIES_OPEN_SIZES: one size, a range A..B or a list a,b). A stopped search reports the largest checked position found
## as "≥ m", NOT proved (the command then exits 3, which this target accepts).
ARMIES_OPEN_SIZES ?= 11
ARMIES_OPEN_SECONDS ?= 600
.PHONY: armies-open
armies-open: build
	$(BIN) armies --size $(ARMIES_OPEN_SIZES) --table --no-count \
	  --solver cadical --time-limit $(ARMIES_OPEN_SECONDS) --quiet --output $(ARMIES_DIR)/open.md \
	  || [ $$? -eq 3 ]

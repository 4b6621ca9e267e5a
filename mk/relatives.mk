# Relatives of the blocked-queens puzzle (issue 8): peaceable queen armies, and covering /
# packing the board with n-queens solutions. Results go to results/armies/ and results/cover/.

RESULT_TARGETS += armies cover
BENCH_TARGETS += armies-encodings

ARMIES_SQUARE_MAX ?= 12
ARMIES_SQUARE_TIMEOUT ?= 600

.PHONY: armies armies-square armies-encodings cover

## The seed's table: every board from 2x2 to 8x8, m and the optimal classes, cross-checked by
## brute force (resumable:
## finished sizes are kept in results/armies/sizes/).
armies: build
	$(BIN) armies --rows 2..8 --cols 2..8 --table --brute --cache results/armies/sizes \
	  --output results/armies/table.md

## n x n boards upward, m only, each size under a time limit; stops at the first timeout.
armies-square: build
	@for n in $$(seq 1 $(ARMIES_SQUARE_MAX)); do \
	  timeout $(ARMIES_SQUARE_TIMEOUT) $(BIN) armies --size $$n --cache results/armies/square \
	    --output /dev/null || { echo "armies: $${n}x$$n not finished within $(ARMIES_SQUARE_TIMEOUT) s"; break; }; \
	done
	$(BIN) armies --size 1..$(ARMIES_SQUARE_MAX) --table --no-count --cache results/armies/square \
	  --cached-only --output results/armies/square.md

## The linear (segments) and all-pairs encodings on the same boards, m only.
armies-encodings: build
	for enc in segments pairs; do \
	  $(BIN) armies --size 3..9 --table --no-count --encoding $$enc \
	    --output results/armies/encoding-$$enc.md || exit 1; \
	done

## Packing and covering the n x n board with n-queens solutions, n = 4..10, with certificates.
cover: build
	$(BIN) cover --size 4..10 --certificates results/cover --output results/cover/table.md

# Interesting puzzles (issue 7): generation, comparison with the published list, the page.

PUZZLES_DIR := $(RESULTS)/puzzles
PUBLISHED_PUZZLES := results/published/walled-n-queens/interesting/interesting_puzzles.txt
# PUZZLES_RESUME=1 keeps the finished chunks of an interrupted run; by default a target starts
# fresh, so its figures describe one whole run of the current code.
PUZZLES_RESUME ?=
puzzles_fresh = $(if $(PUZZLES_RESUME),,rm -rf $(1)/chunks $(1)/puzzles-run.json)

.PHONY: puzzles puzzles-8x8 puzzles-8x8-5walls puzzles-7x7 puzzle-page puzzles-page-test bench-puzzles

## Every puzzle with 2-4 walls on 8x8 (+ comparison with the published list, + the page),
## 5-wall puzzles of value >= 11 (first 500), and 7x7 with 1-5 walls. The pages (*.html) are
## build products, not committed: `make puzzle-page` makes them from the committed puzzles.json.
puzzles: puzzles-8x8 puzzles-8x8-5walls puzzles-7x7

puzzles-8x8: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/8x8)
	$(BIN) puzzles --size 8 --walls $(call quick,2..3,2..4) --output $(PUZZLES_DIR)/8x8 \
	  --compare $(PUBLISHED_PUZZLES) --html $(PUZZLES_DIR)/puzzles.html --quiet >/dev/null

puzzles-8x8-5walls: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/8x8-5walls)
	$(BIN) puzzles --size 8 --walls 5 --limit $(call quick,5,500) --min-value 11 \
	  --output $(PUZZLES_DIR)/8x8-5walls --html $(PUZZLES_DIR)/puzzles-5walls.html --quiet >/dev/null

puzzles-7x7: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/7x7)
	$(BIN) puzzles --size 7 --walls $(call quick,1..3,1..5) --output $(PUZZLES_DIR)/7x7 --quiet >/dev/null

## The pages to play the puzzles, from the committed results without a new search
## (examples/puzzle_page.rs; the same bytes `--html` writes in the run that made the data).
PUZZLE_PAGES := $(PUZZLES_DIR)/puzzles.html $(PUZZLES_DIR)/puzzles-5walls.html
puzzle-page: $(PUZZLE_PAGES)
$(PUZZLES_DIR)/puzzles.html: $(PUZZLES_DIR)/8x8/puzzles.json
	$(CARGO) run --release --quiet --example puzzle_page -- $< $@
$(PUZZLES_DIR)/puzzles-5walls.html: $(PUZZLES_DIR)/8x8-5walls/puzzles.json
	$(CARGO) run --release --quiet --example puzzle_page -- $< $@

## Plays one puzzle of the 8x8 page in headless Chromium at desktop and phone (360 px) widths;
## keeps both screenshots (results/puzzles/browser/puzzle-page-{desktop,phone}.png).
puzzles-page-test: $(PUZZLES_DIR)/puzzles.html
	tests/browser/puzzle_page.sh $< $(PUZZLES_DIR)/browser 0

## Benchmark: time of the 2-4 wall run on 8x8 (target: under 5 minutes), by the tree engine and
## by SAT (`--engine reuse`), with the ratio.
bench-puzzles: build
	ENGINES="tree reuse" bench/puzzles.sh $(BIN) $(if $(QUICK),2..3,2..4) $(BENCH_OUT)/puzzles.txt

RESULT_TARGETS += puzzles
BENCH_TARGETS += bench-puzzles

## Benchmark: every interesting 5-wall 8x8 puzzle (954226 classes). Keeps the summary (counts per
## value, time) and the time; the full lists (tens of MB) are not kept. QUICK=1: 3 walls instead.
PZ_BIG := $(if $(QUICK),3,5)
bench-puzzles-5walls: build
	bench/puzzles.sh $(BIN) $(PZ_BIG) $(BENCH_OUT)/puzzles-$(PZ_BIG)walls.txt $(BENCH_OUT)/puzzles-$(PZ_BIG)walls.md

BENCH_TARGETS += bench-puzzles-5walls

## Past the article (issue 16): every puzzle with 2-4 walls on 9x9 and 10x10, and the 6-wall
## 8x8 puzzles of value 12, the largest with 6 walls (boards that cannot reach 12 are settled by
## a search tree each that refutes 12 queens, replayed by the checker).
.PHONY: puzzles-9x9 puzzles-10x10 puzzles-8x8-6walls
RESULT_TARGETS += puzzles-9x9 puzzles-10x10 puzzles-8x8-6walls
puzzles-9x9: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/9x9)
	$(BIN) puzzles --size 9 --walls $(call quick,2,2..4) --output $(PUZZLES_DIR)/9x9 --quiet >/dev/null

puzzles-10x10: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/10x10)
	$(BIN) puzzles --size 10 --walls $(call quick,2,2..4) --output $(PUZZLES_DIR)/10x10 --quiet >/dev/null

puzzles-8x8-6walls: build
	$(call puzzles_fresh,$(PUZZLES_DIR)/8x8-6walls)
	$(BIN) puzzles --size 8 --walls $(call quick,4 --min-value 11,6 --min-value 12) --output $(PUZZLES_DIR)/8x8-6walls --quiet >/dev/null

## Their pages (build products, not committed), from the committed puzzles.json.
.PHONY: puzzle-page-big
puzzle-page-big: $(PUZZLES_DIR)/puzzles-9x9.html $(PUZZLES_DIR)/puzzles-10x10.html \
  $(PUZZLES_DIR)/puzzles-8x8-6walls.html
$(PUZZLES_DIR)/puzzles-9x9.html: $(PUZZLES_DIR)/9x9/puzzles.json
	$(CARGO) run --release --quiet --example puzzle_page -- $< $@
$(PUZZLES_DIR)/puzzles-10x10.html: $(PUZZLES_DIR)/10x10/puzzles.json
	$(CARGO) run --release --quiet --example puzzle_page -- $< $@
$(PUZZLES_DIR)/puzzles-8x8-6walls.html: $(PUZZLES_DIR)/8x8-6walls/puzzles.json
	$(CARGO) run --release --quiet --example puzzle_page -- $< $@

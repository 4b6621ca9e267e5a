# Interesting puzzles (issue 7): generation, comparison with the published list, the page.

PUZZLES_DIR := results/puzzles
PUBLISHED_PUZZLES := results/published/walled-n-queens/interesting/interesting_puzzles.txt

.PHONY: puzzles puzzles-8x8 puzzles-8x8-5walls puzzles-7x7 puzzles-page-test bench-puzzles

## Every puzzle with 2-4 walls on 8x8 (+ comparison with the published list, + the page),
## 5-wall puzzles of value >= 11 (first 500), and 7x7 with 1-5 walls.
puzzles: puzzles-8x8 puzzles-8x8-5walls puzzles-7x7

puzzles-8x8: build
	$(BIN) puzzles --size 8 --walls 2..4 --output $(PUZZLES_DIR)/8x8 \
	  --compare $(PUBLISHED_PUZZLES) --html $(PUZZLES_DIR)/puzzles.html --quiet >/dev/null

puzzles-8x8-5walls: build
	$(BIN) puzzles --size 8 --walls 5 --limit 500 --min-value 11 \
	  --output $(PUZZLES_DIR)/8x8-5walls --html $(PUZZLES_DIR)/puzzles-5walls.html --quiet >/dev/null

puzzles-7x7: build
	$(BIN) puzzles --size 7 --walls 1..5 --output $(PUZZLES_DIR)/7x7 --quiet >/dev/null

## Plays one puzzle of the page (made by puzzles-8x8) in headless Chromium; keeps the screenshot.
puzzles-page-test:
	tests/browser/puzzle_page.sh $(PUZZLES_DIR)/puzzles.html $(PUZZLES_DIR)/browser 0

## Benchmark: time of the 2-4 wall run on 8x8 (target: under 5 minutes).
bench-puzzles: build
	@mkdir -p results/bench
	@{ echo "# queensat puzzles --size 8 --walls 2..4, $$(date -u '+%F %H:%M UTC'), $$(nproc) threads, load average $$(cut -d' ' -f1-3 /proc/loadavg)"; \
	  /usr/bin/time -f "%e s wall, %U s user, %M KB max RSS" \
	  $(BIN) puzzles --size 8 --walls 2..4 --quiet 2>&1 >/dev/null; } | tee results/bench/puzzles.txt

RESULT_TARGETS += puzzles
BENCH_TARGETS += bench-puzzles

## Benchmark: every interesting 5-wall 8x8 puzzle (954226 classes). Keeps the summary (counts per
## value, time) and the time; the full lists (tens of MB) are not kept.
bench-puzzles-5walls: build
	@mkdir -p results/bench
	@rm -rf results/bench/.puzzles-5walls
	@{ echo "# queensat puzzles --size 8 --walls 5, $$(date -u '+%F %H:%M UTC'), $$(nproc) threads, load average $$(cut -d' ' -f1-3 /proc/loadavg)"; \
	  /usr/bin/time -f "%e s wall, %U s user, %M KB max RSS" \
	  $(BIN) puzzles --size 8 --walls 5 --quiet --output results/bench/.puzzles-5walls 2>&1 >/dev/null; } \
	  | tee results/bench/puzzles-5walls.txt
	@cp results/bench/.puzzles-5walls/summary.md results/bench/puzzles-5walls.md
	@rm -rf results/bench/.puzzles-5walls

BENCH_TARGETS += bench-puzzles-5walls

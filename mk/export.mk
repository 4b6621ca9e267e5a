# Export, external solvers, certification and verification of published results (issue 6).

PUBLISHED := results/published/walled-n-queens
VERIFY_DIR := $(RESULTS)/verify
# file (relative to $(PUBLISHED)) : extra verify options (QUICK=1: one file of each layout)
VERIFY_FILES := $(call quick,8x8/1-W_boards.csv 7x7/1-W_boards.csv, \
  8x8/0-W_boards.csv 8x8/1-W_boards.csv 8x8/2-W_boards.csv 8x8/3-W_boards.csv 8x8/4-W_boards.csv \
  7x7/1-W_boards.csv 7x7/2-W_boards.csv) \
  least_walls/sols_transposed.csv least_walls/solutions.sol
VERIFY_UNIQUE := $(call quick,,interesting/interesting_puzzles.txt) interesting/interesting_boards.txt
# the author's summaries, each checked against its boards CSV
VERIFY_SUMMARIES := $(call quick,1,1 2 3 4)
# The curated instances (QUICK=1: into the scratch folder, not over the committed ones).
ENCODINGS_OUT := $(call quick,$(RESULTS)/encodings,encodings)

.PHONY: verify-ilp bench-verify encodings
RESULT_TARGETS += verify-ilp encodings
BENCH_TARGETS += bench-verify

## Re-check every published result file; one report per file plus SUMMARY.md in results/verify/.
verify-ilp: build
	@mkdir -p $(VERIFY_DIR)
	@set -e; for f in $(VERIFY_FILES) $(VERIFY_UNIQUE); do \
	  claim=optimal; case " $(VERIFY_UNIQUE) " in *" $$f "*) claim=unique-optimum;; esac; \
	  size=; case $$f in 7x7/*) size="--size 7";; esac; \
	  out=$(VERIFY_DIR)/$$(echo $$f | tr '/' '_' | sed 's/\.[a-z]*$$//'); \
	  $(BIN) verify $(PUBLISHED)/$$f --name walled-n-queens/$$f --claim $$claim $$size \
	    -o $$out.md --rows-tsv $$out.rows.tsv || [ $$? -eq 1 ]; \
	done
	@set -e; for n in $(VERIFY_SUMMARIES); do \
	  $(BIN) verify $(PUBLISHED)/8x8/$${n}W_summary.txt --boards $(PUBLISHED)/8x8/$$n-W_boards.csv \
	    --name walled-n-queens/8x8/$${n}W_summary.txt -o $(VERIFY_DIR)/8x8_$${n}W_summary.md || [ $$? -eq 1 ]; \
	done
	@{ echo "# Verification of the published ILP results"; echo; \
	   echo "Made by \`make verify-ilp\` on $$(date -u +%Y-%m-%dT%H:%MZ) ($$(nproc) cores, host $$(hostname))."; \
	   echo "One report per file (\`*.md\`: refuted claims with reason and counter-example) and every"; \
	   echo "row's verdict (\`*.rows.tsv\`). Exit code of \`queensat verify\`: 1 when a claim is refuted."; \
	   echo; echo "| file | rows | confirmed | refuted | refuted by kind | seconds |"; echo "|---|---:|---:|---:|---|---:|"; \
	   for f in $(VERIFY_FILES) $(VERIFY_UNIQUE) $(foreach n,$(VERIFY_SUMMARIES),8x8/$(n)W_summary.txt); do \
	     grep -h '^| walled-n-queens/' $(VERIFY_DIR)/$$(echo $$f | tr '/' '_' | sed 's/\.[a-z]*$$//').md; done; \
	   echo; echo "Rows of a summary file are its checked statements (totals, counts per value, maximum, example, listings)."; } \
	  > $(VERIFY_DIR)/SUMMARY.md
	@cat $(VERIFY_DIR)/SUMMARY.md

## Benchmark: verify the 79,920-row 4-wall file (target: under 60 s on this machine), with 1
## and 2 threads; wall and CPU time (the machine is shared, so wall time includes waiting).
bench-verify: build
	bench/verify.sh $(BIN) $(PUBLISHED) $(BENCH_OUT)/verify.txt $(if $(QUICK),3,4)

## The curated instances in encodings/, one per line of encodings/MANIFEST.tsv.
encodings: build
	@mkdir -p $(ENCODINGS_OUT)
	@grep -v '^#' encodings/MANIFEST.tsv | while IFS='	' read -r name expected args; do \
	  eval "$(BIN) encode $$args -o $(ENCODINGS_OUT)/$$name" || exit 1; echo "$(ENCODINGS_OUT)/$$name ($$expected)"; \
	done

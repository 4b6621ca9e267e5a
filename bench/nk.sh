#!/usr/bin/env bash
# `make bench-nk`: the N+k row counter with each symmetry reduction, one thread each, on
# A129551 (k = 2) at n = 15, 16 and A129553 (k = 3) at n = 14, 15; tabulates the counts and CPU
# seconds (each count.json's, the chunks' thread CPU time) into OUT/README.md with provenance.
# Every reduction of one (n, k) must give the same count, or the script fails.
# Usage: bench/nk.sh BIN OUT [quick] (quick: n = 12, 13 for k = 2 and n = 11, 12 for k = 3).
# NK_BENCH_REDUCTIONS picks the reductions (default: all four).
set -euo pipefail
BIN=${1:?queensat binary}
OUT=${2:?output directory}
QUICK=${3:-}
read -r -a reductions <<<"${NK_BENCH_REDUCTIONS:-sides mirror mirror-right none}"
cells=("15 2" "14 3" "15 3" "16 2")
if [ "$QUICK" = quick ]; then
  cells=("12 2" "13 2" "11 3" "12 3")
fi
flag() {
  case $1 in
    sides) echo "" ;;
    mirror) echo "--mirror" ;;
    mirror-right) echo "--mirror-right" ;;
    none) echo "--no-mirror" ;;
    *) echo "bench/nk.sh: unknown reduction $1" >&2; exit 2 ;;
  esac
}
main() {
runs=()
for cell in "${cells[@]}"; do
  read -r n k <<<"$cell"
  for red in "${reductions[@]}"; do
    dir="$OUT/runs/$red"
    rm -rf "$dir/${n}x${n}-${k}w-rows"*
    echo "== $red: queensat nk --size $n --walls $k $(flag "$red") --threads 1"
    # shellcheck disable=SC2046
    "$BIN" nk --size "$n" --walls "$k" $(flag "$red") --threads 1 --quiet --output "$dir"
    runs+=("$n|$k|$red|$(ls -d "$dir/${n}x${n}-${k}w-rows"*)")
  done
  # The table so far after each (n, k), so a run cut short still leaves its finished counts.
  table
done
}
table() {
python3 - "$OUT" "${runs[@]}" <<'PY'
import json, sys
out, runs = sys.argv[1], sys.argv[2:]
rows, counts, prov = [], {}, None
base = {}
for r in runs:
    n, k, red, d = r.split("|")
    c = json.load(open(f"{d}/count.json"))
    prov = prov or c
    counts.setdefault((n, k), set()).add(c["placements"])
    if red == "mirror":
        base[(n, k)] = c["cpu_seconds"]
    rows.append((n, k, red, c["placements"], c["cpu_seconds"], c["items"]))
lines = ["# N+k benchmark", "",
         "The row counter (`queensat nk`, `--threads 1`) with each symmetry reduction: `sides` (the 8",
         "symmetries by the sides' keys, the default), `mirror` (`--mirror`, the left half of row 0; the",
         "default before), `mirror-right` (`--mirror-right`), `none` (`--no-mirror`). CPU s: the",
         "chunks' thread CPU seconds (count.json). Against mirror: its CPU seconds over the row's.", "",
         "| n | k | reduction | placements | tasks | CPU s | against mirror |",
         "|---:|---:|---|---:|---:|---:|---:|"]
for n, k, red, p, cpu, items in rows:
    ratio = f"{base[(n, k)] / cpu:.2f}×" if (n, k) in base and cpu > 0 else ""
    lines.append(f"| {n} | {k} | {red} | {p} | {items} | {cpu:.2f} | {ratio} |")
agree = all(len(v) == 1 for v in counts.values())
lines += ["", "Every reduction gives the same count for each n and k: " + ("yes." if agree else "**NO**."), "",
          "Yardstick (another machine, from issue 55, not measured here): a dedicated counter in C takes",
          "262 s CPU for A129551(16), 195 s for A129553(15) and 2,770 s for A129551(17).", "",
          f"Command: `make bench-nk` (bench/nk.sh; reductions: {' '.join(sorted({r.split('|')[2] for r in runs}))}); "
          f"host: {prov['host']}; {prov['date']}."]
open(f"{out}/README.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(0 if agree else 1)
PY
}
main

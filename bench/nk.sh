#!/usr/bin/env bash
# `make bench-nk`: the N+k row counter against its peer, a dedicated N+k counter in C
# (bench/peers/nk_count.c, compiled into OUT with gcc $PEER_CFLAGS, default -O2: the baseline
# x86-64 target, as the release build), one thread each, in the same run, on A129551 (k = 2)
# at n = 15, 16 and A129553 (k = 3) at n = 14, 15. First the peer is checked: its counts must
# equal queensat's for every n <= 13 and k <= 3 (k = 0 is n-queens) and the published terms
# written below, or the script fails. Then for each (n, k): queensat with each symmetry
# reduction, then the peer; every count of one (n, k) must agree, or the script fails. The
# counts and CPU seconds (queensat: each count.json's, the chunks' thread CPU time; the peer:
# its getrusage) go to OUT/README.md with the ratio queensat / peer and provenance.
# Usage: bench/nk.sh BIN OUT [quick] (quick: n = 12, 13 for k = 2 and n = 11, 12 for k = 3).
# NK_BENCH_REDUCTIONS picks the reductions (default: sides, the default one; any of
# sides mirror mirror-right none).
set -euo pipefail
BIN=${1:?queensat binary}
OUT=${2:?output directory}
QUICK=${3:-}
PEER_CFLAGS=${PEER_CFLAGS:--O2}
read -r -a reductions <<<"${NK_BENCH_REDUCTIONS:-sides}"
cells=("15 2" "14 3" "15 3" "16 2")
if [ "$QUICK" = quick ]; then
  cells=("12 2" "13 2" "11 3" "12 3")
fi
# The validation: every n up to CHECK_N for k = 0..3, by queensat and by the peer.
CHECK_N=13
# Published terms for n = 1..13 (OEIS A000170, A103330, A129551, A129553), oracles only.
published=(
  "0|1 0 0 2 10 4 40 92 352 724 2680 14200 73712"
  "1|0 0 0 0 0 16 20 128 396 2288 11152 65712 437848"
  "2|0 0 0 0 0 0 4 44 280 1304 12452 105012 977664"
  "3|0 0 0 0 0 0 0 8 44 528 5976 77896 1052884"
)
flag() {
  case $1 in
    sides) echo "" ;;
    mirror) echo "--mirror" ;;
    mirror-right) echo "--mirror-right" ;;
    none) echo "--no-mirror" ;;
    *) echo "bench/nk.sh: unknown reduction $1" >&2; exit 2 ;;
  esac
}
fail() {
  echo "bench/nk.sh: $*" >&2
  exit 1
}
count_of() {  # the placements in a JSON file (count.json or the peer's line)
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["placements"])' "$1"
}
main() {
  mkdir -p "$OUT"
  load_start=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
  peer=""
  if command -v gcc >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    gcc $PEER_CFLAGS -o "$OUT/nk_count" "$(dirname "$0")/peers/nk_count.c"
    peer="$OUT/nk_count"
    check
  else
    echo "== peer skipped: gcc is not installed"
  fi
  rm -rf "$OUT/peer"
  mkdir -p "$OUT/peer"
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
    if [ -n "$peer" ]; then
      echo "== peer: nk_count $n $k (gcc $PEER_CFLAGS)"
      "$peer" "$n" "$k" | tee "$OUT/peer/${n}x${n}-${k}w.json"
    fi
    # The table so far after each (n, k), so a run cut short still leaves its finished counts.
    load_end=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
    table
  done
}
# The peer against queensat for n = 1..CHECK_N, k = 0..3, and both against the published terms.
check() {
  local dir="$OUT/check" n k q p
  rm -rf "$dir"
  echo "== check: queensat nk --size 1..$CHECK_N --walls 0..3 --threads 1, and the peer on each"
  "$BIN" nk --size "1..$CHECK_N" --walls 0..3 --threads 1 --quiet --output "$dir" >/dev/null
  for entry in "${published[@]}"; do
    k=${entry%%|*}
    read -r -a terms <<<"${entry#*|}"
    for n in $(seq 1 "$CHECK_N"); do
      q=$(count_of "$dir/${n}x${n}-${k}w-rows-sides/count.json")
      "$OUT/nk_count" "$n" "$k" >"$dir/peer-${n}x${n}-${k}w.json"
      p=$(count_of "$dir/peer-${n}x${n}-${k}w.json")
      [ "$p" = "$q" ] || fail "n = $n, k = $k: the peer counts $p, queensat $q"
      [ "$p" = "${terms[$((n - 1))]}" ] || fail "n = $n, k = $k: the peer counts $p, published ${terms[$((n - 1))]}"
    done
  done
  checked=$((4 * CHECK_N))
  echo "== check: the peer equals queensat and the published terms on all $checked counts"
}
table() {
  PEER_CFLAGS="$PEER_CFLAGS" GCC_VERSION="$(gcc --version 2>/dev/null | head -1 || true)" \
    LOADS="$load_start|$load_end" CHECKED="${checked:-0}" CHECK_N="$CHECK_N" QUICK="$QUICK" \
    python3 - "$OUT" "${runs[@]}" <<'PY'
import json, os, sys
out, runs = sys.argv[1], sys.argv[2:]
env = os.environ
rows, counts, prov, base = [], {}, None, {}
for r in runs:
    n, k, red, d = r.split("|")
    c = json.load(open(f"{d}/count.json"))
    prov = prov or c
    counts.setdefault((n, k), set()).add(c["placements"])
    if red == "mirror":
        base[(n, k)] = c["cpu_seconds"]
    rows.append((n, k, red, c["placements"], c["cpu_seconds"], c["items"]))
peer = {}
for (n, k) in counts:
    p = f"{out}/peer/{n}x{n}-{k}w.json"
    if os.path.exists(p):
        peer[(n, k)] = json.load(open(p))
        counts[(n, k)].add(peer[(n, k)]["placements"])
lines = ["# N+k benchmark", "",
         "The row counter (`queensat nk`, `--threads 1`) against the peer, a dedicated N+k counter in C",
         f"(`bench/peers/nk_count.c`, `gcc {env['PEER_CFLAGS']}`), one thread each, run one after the other",
         "on each n and k in this run. The peer fills the rows top to bottom on 64-bit masks, placing",
         "walls as it goes (a wall only on an interior column whose segment above holds its queen),",
         "finishes with an n-queens completion once the last wall is placed (from 8 rows left, the row",
         "with the fewest free cells first, on SSE2 lanes), and takes one placement per symmetry class",
         "by the sides' queens (the top row's, read from the left, the least of the 8 readings,",
         "weighted 8/t; with the top queen in the corner, one of each pair with its transpose). It",
         "proves nothing and writes no files.",
         "queensat's reductions: `sides` (the 8 symmetries by the sides' keys, the default), `mirror`",
         "(`--mirror`, the left half of row 0), `mirror-right` (`--mirror-right`), `none`",
         "(`--no-mirror`). CPU s: queensat's chunks' thread CPU seconds (count.json); the peer's",
         "process CPU (getrusage, user + system). queensat / peer: their ratio (below 1: queensat",
         "is faster). Against mirror: the mirror run's CPU seconds over the row's.", "",
         "| n | k | reduction | placements | tasks | CPU s | peer CPU s | queensat / peer | against mirror |",
         "|---:|---:|---|---:|---:|---:|---:|---:|---:|"]
for n, k, red, p, cpu, items in rows:
    ratio = f"{base[(n, k)] / cpu:.2f}×" if (n, k) in base and cpu > 0 else ""
    pr = peer.get((n, k))
    pcpu = f"{pr['cpu_seconds']:.2f}" if pr else "-"
    against = f"**{cpu / max(pr['cpu_seconds'], 1e-9):.2f}**" if pr else "-"
    lines.append(f"| {n} | {k} | {red} | {p} | {items} | {cpu:.2f} | {pcpu} | {against} | {ratio} |")
agree = all(len(v) == 1 for v in counts.values())
checked = int(env["CHECKED"])
lines += ["", "Every reduction " + ("and the peer " if peer else "") + "give the same count for each n and k: "
          + ("yes." if agree else "**NO**.")]
if checked:
    lines += ["", f"Checked first: the peer's counts equal queensat's (`queensat nk --size 1..{env['CHECK_N']} "
              f"--walls 0..3`) and the published terms (OEIS A000170, A103330, A129551, A129553) for "
              f"n = 1..{env['CHECK_N']} and k = 0..3, {checked} counts."]
else:
    lines += ["", "The peer was not run (gcc is not installed)."]
lines += ["", "Context, not measured here: issue 55 quotes a dedicated counter in C on another machine at",
          "262 s CPU for A129551(16), 195 s for A129553(15) and 2,770 s for A129551(17).", ""]
ls, le = env["LOADS"].split("|")
quick = " QUICK=1" if env["QUICK"] == "quick" else ""
lines.append(f"Command: `make bench-nk{quick}` (bench/nk.sh; reductions: "
             f"{' '.join(sorted({r.split('|')[2] for r in runs}))}; peer: `gcc {env['PEER_CFLAGS']}`, "
             f"{env['GCC_VERSION'] or 'gcc missing'}); host: {prov['host']}; {prov['date']}; "
             f"load average (1, 5, 15 min) {ls} at the start, {le} at the last (n, k).")
open(f"{out}/README.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(0 if agree else 1)
PY
}
main

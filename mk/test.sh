#!/usr/bin/env bash
# make test's middle part: cargo's tests, with `make results-quick` and `make test-python` running
# beside them. Each of the three spends much of its time waiting on the programs it starts (the
# tests run queensat, solvers, a browser, a Slurm cluster), so side by side they take about the
# longest of the three instead of their sum. cargo takes no lock on target/ while its tests run,
# so the Python wheel's build (maturin, through cargo) goes ahead meanwhile.
#
# cargo's output streams as before; the side jobs' goes to target/results-quick.log and
# target/test-python.log, printed once cargo is done. Fails if any of the three fails.
# A script, not a recipe line: `make -n test` (the docs test's check) must not run it.
set -uo pipefail
cd "$(dirname "$0")/.."
cargo=${CARGO:-cargo}
mkdir -p target

# A background job of a script ignores Ctrl-C unless told otherwise: these must stop with it.
# Each job is make itself ($! its pid), so that a SIGTERM to this script (a CI timeout) ends it
# too, through the trap; make passes the signal on to what it runs.
side() {
  local target=$1
  (trap - INT QUIT; exec make --no-print-directory "$target" >"target/$target.log" 2>&1) &
}
side results-quick
quick=$!
side test-python
python=$!
trap 'kill $quick $python 2>/dev/null' EXIT
echo "make test: results-quick and test-python run beside cargo test (output: target/results-quick.log, target/test-python.log)"

# Twice the cores as test threads: the integration tests wait on the programs they start much of
# the time (with one thread per core they kept 1.4 of 2 cores busy; with two, 134 s against 175 s
# on a loaded machine). At most 8: on a large machine the heavy tests would crowd its memory and
# the timing tests' margins. The docs test takes the flag and runs its own workers.
threads=$((2 * $(nproc)))
[ "$threads" -le 8 ] || threads=8
echo "$cargo test --release --workspace -- --test-threads=$threads 2>&1 | tee target/test.log"
$cargo test --release --workspace -- --test-threads="$threads" 2>&1 | tee target/test.log
rust=$?
awk '/^test result:/ {p += $4; f += $6} END {printf "tests: %d passed, %d failed\n", p, f}' target/test.log

failed=()
[ "$rust" -eq 0 ] || failed+=("cargo test (exit $rust)")
for job in "results-quick:$quick" "test-python:$python"; do
  name=${job%%:*}
  wait "${job#*:}"
  status=$?
  echo "== make $name (exit $status)"
  cat "target/$name.log"
  [ "$status" -eq 0 ] || failed+=("make $name (exit $status)")
done
if [ "${#failed[@]}" -ne 0 ]; then
  echo "make test: failed: ${failed[*]}" >&2
  exit 1
fi

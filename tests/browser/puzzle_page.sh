#!/usr/bin/env bash
# Plays one puzzle of a `queensat puzzles --html` page in headless Chromium.
# Usage: tests/browser/puzzle_page.sh PAGE.html OUTDIR [PUZZLE_INDEX]
# The page's test mode (#selftest=I) clicks an attacking pair (expects both shown attacked),
# removes them, clicks the solution square by square (expects "complete and optimal"), then
# presses "show solution". We read the verdict from the dumped DOM and take a screenshot.
# Exit 0 on pass, 1 on a failed check, 2 on a usage or browser error.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 PAGE.html OUTDIR [PUZZLE_INDEX]" >&2
  exit 2
fi
page=$(realpath "$1")
out=$2
index=${3:-0}
browser=${CHROMIUM:-chromium}
command -v "$browser" >/dev/null || { echo "puzzle_page: $browser not found" >&2; exit 2; }
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-extensions --hide-scrollbars
  --user-data-dir="$profile" --virtual-time-budget=5000)
url="file://$page#selftest=$index"
if ! "$browser" "${flags[@]}" --dump-dom "$url" >"$out/dom.html" 2>"$out/chromium.log"; then
  echo "puzzle_page: chromium failed (log: $out/chromium.log)" >&2
  exit 2
fi
verdict=$(grep -o 'data-selftest="[^"]*"' "$out/dom.html" | head -1 || true)
if [ -z "$verdict" ]; then
  echo "puzzle_page: the page reported no self-test verdict (see $out/dom.html)" >&2
  exit 1
fi
echo "puzzle_page: $verdict"
"$browser" "${flags[@]}" --window-size=760,900 --screenshot="$out/puzzle-page.png" "$url" \
  >>"$out/chromium.log" 2>&1 || { echo "puzzle_page: screenshot failed" >&2; exit 2; }
[ -s "$out/puzzle-page.png" ] || { echo "puzzle_page: no screenshot written" >&2; exit 2; }
case "$verdict" in
  'data-selftest="pass'*) rm -f "$out/dom.html" "$out/chromium.log"; exit 0 ;;
  *) exit 1 ;;
esac

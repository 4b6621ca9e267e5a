#!/usr/bin/env bash
# Plays one puzzle of a `queensat puzzles --html` page in headless Chromium, in a 1280x800
# desktop window and a 390x844 phone, and keeps a screenshot of each for a person to look at.
# Usage: tests/browser/puzzle_page.sh PAGE.html OUTDIR [PUZZLE_INDEX]
# The page's test mode (#selftest=I) clicks an attacking pair (expects both shown attacked),
# undoes both, takes a hint (expects one queen of the solution), shows the solution, clears,
# clicks the solution square by square (expects "complete and optimal", "solved 1 of N" kept in
# localStorage, a solved mark in the menu), filters by walls, sorts by difficulty, opens the
# proof summary (its wording must name the run's method), checks the puzzle's link and the
# random button, that the status line is in the window without scrolling (at the start and at
# the end) and that the page never scrolls sideways; it ends mid-game with a hint shown. Then
# the page opened at #puzzle-N (N = PUZZLE_INDEX + 2) must show puzzle N.
# Writes OUTDIR/puzzle-page-desktop.png (1280x800) and OUTDIR/puzzle-page-phone.png (the page
# in a 390x844 frame on grey).
# Exit 0 on pass, 1 on a failed check, 2 on a usage or browser error.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 PAGE.html OUTDIR [PUZZLE_INDEX]" >&2
  exit 2
fi
page=$(realpath "$1")
out=$2
index=${3:-0}
. "$(dirname "$0")/chromium.sh"
mkdir -p "$out"
url="file://$page#selftest=$index"
# Headless Chromium windows are at least 500 px wide, so the phone is a 390x844 frame: the page
# inside gets a 390x844 viewport (media queries and all), and the harness copies its verdict.
cat >"$out/phone.html" <<HTML
<!doctype html><html><body style="margin:0;background:#888">
<iframe id="f" src="$url" style="width:390px;height:844px;border:0;background:#fff"></iframe>
<script>document.getElementById("f").addEventListener("load", function () {
  document.body.dataset.selftest = this.contentDocument.body.dataset.selftest || "fail: no verdict in the frame";
});</script></body></html>
HTML
status=0
for view in desktop:1280,800:$url phone:500,844:file://$(realpath "$out")/phone.html; do
  name=${view%%:*}
  rest=${view#*:}
  size=${rest%%:*}
  url=${rest#*:}
  if ! "$browser" "${flags[@]}" --window-size="$size" --dump-dom "$url" >"$out/dom-$name.html" 2>"$out/chromium.log"; then
    echo "puzzle_page: chromium failed (log: $out/chromium.log)" >&2
    exit 2
  fi
  verdict=$(grep -o 'data-selftest="[^"]*"' "$out/dom-$name.html" | head -1 || true)
  if [ -z "$verdict" ]; then
    echo "puzzle_page: $name: the page reported no self-test verdict (see $out/dom-$name.html)" >&2
    exit 1
  fi
  echo "puzzle_page: $name: $verdict"
  "$browser" "${flags[@]}" --window-size="$size" --screenshot="$out/puzzle-page-$name.png" "$url" \
    >>"$out/chromium.log" 2>&1 || { echo "puzzle_page: screenshot failed" >&2; exit 2; }
  [ -s "$out/puzzle-page-$name.png" ] || { echo "puzzle_page: no screenshot written" >&2; exit 2; }
  case "$verdict" in
    'data-selftest="pass'*) rm -f "$out/dom-$name.html" ;;
    *) status=1 ;;
  esac
done
# A shared link opens its puzzle.
named=$((index + 2))
"$browser" "${flags[@]}" --window-size=1280,800 --dump-dom "file://$page#puzzle-$named" >"$out/dom-link.html" \
  2>>"$out/chromium.log" || { echo "puzzle_page: chromium failed (log: $out/chromium.log)" >&2; exit 2; }
if grep -q "data-puzzle=\"$named\"" "$out/dom-link.html"; then
  echo "puzzle_page: link: #puzzle-$named opens puzzle $named"
  rm -f "$out/dom-link.html"
else
  echo "puzzle_page: link: #puzzle-$named did not open puzzle $named (see $out/dom-link.html)"
  status=1
fi
[ "$status" -ne 0 ] || rm -f "$out/chromium.log" "$out/phone.html"
exit "$status"

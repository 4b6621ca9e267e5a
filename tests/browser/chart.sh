#!/usr/bin/env bash
# Renders an SVG chart in headless Chromium: a screenshot of the file at its own size, and a
# look at it as drawn, from a page that holds the chart inline.
# Usage: tests/browser/chart.sh CHART.svg OUTDIR
# Writes OUTDIR/NAME.png (NAME: the chart's file name without .svg) and prints one line
#   chart: NAME: WxH ink P% colours C1=N1,C2=N2,... overlaps K [first overlap]
# where P is the share of pixels that are not the background, Ci=Ni the pixels drawn in each
# legend colour (the elements of class "legend"), and K the pairs of text elements whose boxes,
# as the browser lays them out with its own fonts and widened by 2 px each side, overlap.
# Exit 0 when it ran (the caller judges the numbers), 2 on a usage or browser error.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CHART.svg OUTDIR" >&2; exit 2; }
svg=$(realpath "$1")
out=$2
name=$(basename "$svg" .svg)
. "$(dirname "$0")/chromium.sh"
mkdir -p "$out"
# The chart's own size, from its root element.
root=$(grep -o '<svg [^>]*>' "$svg" | head -1)
width=$(sed -n 's/.* width="\([0-9.]*\)".*/\1/p' <<<"$root")
height=$(sed -n 's/.* height="\([0-9.]*\)".*/\1/p' <<<"$root")
[ -n "$width" ] && [ -n "$height" ] || { echo "chart: $svg: no width and height on <svg>" >&2; exit 2; }
width=${width%.*}
height=${height%.*}
"$browser" "${flags[@]}" --window-size="$width,$height" --screenshot="$out/$name.png" "file://$svg" \
  >"$out/chromium.log" 2>&1 || { echo "chart: screenshot failed (log: $out/chromium.log)" >&2; exit 2; }
[ -s "$out/$name.png" ] || { echo "chart: no screenshot written" >&2; exit 2; }
# The look: the chart inline (its text laid out by the browser), then drawn on a canvas to count
# its pixels. A data: image does not taint the canvas.
{
  echo '<!doctype html><html><body style="margin:0">'
  sed '/^<?xml/d' "$svg"
  cat <<'JS'
<script>
"use strict";
const svg = document.querySelector("svg");
const W = svg.width.baseVal.value, H = svg.height.baseVal.value;
const boxes = [...svg.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
const hits = [];
for (let i = 0; i < boxes.length; i++)
  for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    // Words need a gap between them to read apart: 2 px each side of a box, across the line.
    if (p.left - 2 < q.right + 2 && q.left - 2 < p.right + 2 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5)
      hits.push(JSON.stringify(a) + " and " + JSON.stringify(b));
  }
const rgb = (c) => { const m = /rgba?\((\d+), (\d+), (\d+)/.exec(c); return m ? [+m[1], +m[2], +m[3]] : null; };
const legend = [...svg.querySelectorAll(".legend")].map((e) => {
  const st = getComputedStyle(e);
  return rgb(e.tagName === "line" || st.fill === "none" ? st.stroke : st.fill);
});
const img = new Image();
img.onload = () => {
  const c = document.createElement("canvas");
  c.width = W; c.height = H;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, W, H).data;
  let ink = 0;
  const per = legend.map(() => 0);
  for (let k = 0; k < d.length; k += 4) {
    if (d[k] < 250 || d[k + 1] < 250 || d[k + 2] < 250) ink++;
    legend.forEach((l, i) => { if (l && d[k] === l[0] && d[k + 1] === l[1] && d[k + 2] === l[2]) per[i]++; });
  }
  document.body.dataset.verdict = W + "x" + H + " ink " + (100 * ink / (W * H)).toFixed(2) + "% colours " +
    legend.map((l, i) => (l ? l.join(".") : "?") + "=" + per[i]).join(",") + " overlaps " + hits.length +
    (hits.length ? " " + hits[0] : "");
};
img.onerror = () => { document.body.dataset.verdict = "error: the chart did not load as an image"; };
img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
</script></body></html>
JS
} >"$out/$name-look.html"
"$browser" "${flags[@]}" --window-size="$width,$height" --dump-dom "file://$(realpath "$out")/$name-look.html" \
  >"$out/$name-dom.html" 2>>"$out/chromium.log" || { echo "chart: chromium failed (log: $out/chromium.log)" >&2; exit 2; }
verdict=$(grep -o 'data-verdict="[^"]*"' "$out/$name-dom.html" | head -1 | sed 's/^data-verdict="//; s/"$//' || true)
[ -n "$verdict" ] || { echo "chart: $name: no verdict (see $out/$name-dom.html)" >&2; exit 2; }
echo "chart: $name: $verdict"
rm -f "$out/$name-look.html" "$out/$name-dom.html" "$out/chromium.log"

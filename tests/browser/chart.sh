#!/usr/bin/env bash
# Renders SVG charts in headless Chromium, all of them in one browser start (each start costs a
# second or two): a page holds every chart inline, lays out its text, draws it on a canvas at its
# own size and saves that canvas as a PNG.
# Usage: tests/browser/chart.sh OUTDIR CHART.svg...
# Writes OUTDIR/NAME.png for each chart (NAME: its file name without .svg) and prints a line each
#   chart: NAME: WxH ink P% colours C1=N1,C2=N2,... overlaps K [first overlap]
# where P is the share of pixels that are not the background, Ci=Ni the pixels drawn in each
# legend colour (the elements of class "legend"), and K the pairs of text elements whose boxes,
# as the browser lays them out with its own fonts and widened by 2 px each side, overlap.
# Exit 0 when it ran (the caller judges the numbers), 2 on a usage or browser error.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OUTDIR CHART.svg..." >&2; exit 2; }
out=$1
shift
. "$(dirname "$0")/chromium.sh"
mkdir -p "$out"
page="$(realpath "$out")/look.html"
{
  echo '<!doctype html><html><body style="margin:0">'
  for svg in "$@"; do
    name=$(basename "$svg" .svg)
    echo "<div class=\"chart\" data-name=\"$name\">"
    sed '/^<?xml/d' "$svg"
    echo '</div>'
  done
  cat <<'JS'
<script>
"use strict";
const rgb = (c) => { const m = /rgba?\((\d+), (\d+), (\d+)/.exec(c); return m ? [+m[1], +m[2], +m[3]] : null; };
// One chart: its text boxes and legend colours as laid out here, then its pixels as drawn
// from its own source as an image (a data: image does not taint the canvas).
function look(div) {
  const svg = div.querySelector("svg");
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
  const legend = [...svg.querySelectorAll(".legend")].map((e) => {
    const st = getComputedStyle(e);
    return rgb(e.tagName === "line" || st.fill === "none" ? st.stroke : st.fill);
  });
  return new Promise((done) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement("canvas");
      c.width = W; c.height = H;
      const g = c.getContext("2d");
      g.fillStyle = "#fff";
      g.fillRect(0, 0, W, H);
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, W, H).data;
      let ink = 0;
      const per = legend.map(() => 0);
      for (let k = 0; k < d.length; k += 4) {
        if (d[k] < 250 || d[k + 1] < 250 || d[k + 2] < 250) ink++;
        legend.forEach((l, i) => { if (l && d[k] === l[0] && d[k + 1] === l[1] && d[k + 2] === l[2]) per[i]++; });
      }
      div.dataset.verdict = W + "x" + H + " ink " + (100 * ink / (W * H)).toFixed(2) + "% colours " +
        legend.map((l, i) => (l ? l.join(".") : "?") + "=" + per[i]).join(",") + " overlaps " + hits.length +
        (hits.length ? " " + hits[0] : "");
      div.dataset.png = c.toDataURL("image/png").replace(/^data:image\/png;base64,/, "");
      done();
    };
    img.onerror = () => { div.dataset.verdict = "error: the chart did not load as an image"; done(); };
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  });
}
// The results replace the charts, so the dumped page holds little besides them.
Promise.all([...document.querySelectorAll(".chart")].map(look)).then(() => {
  for (const div of document.querySelectorAll(".chart")) div.replaceChildren();
  document.body.dataset.done = "yes";
});
</script></body></html>
JS
} >"$page"
"$browser" "${flags[@]}" --window-size=1600,1200 --dump-dom "file://$page" \
  >"$out/dom.html" 2>"$out/chromium.log" || { echo "chart: chromium failed (log: $out/chromium.log)" >&2; exit 2; }
grep -q 'data-done="yes"' "$out/dom.html" || { echo "chart: the page did not finish (see $out/dom.html)" >&2; exit 2; }
for svg in "$@"; do
  name=$(basename "$svg" .svg)
  div=$(grep -o "<div class=\"chart\" data-name=\"$name\"[^>]*>" "$out/dom.html" | head -1)
  verdict=$(grep -o 'data-verdict="[^"]*"' <<<"$div" | sed 's/^data-verdict="//; s/"$//' || true)
  [ -n "$verdict" ] || { echo "chart: $name: no verdict (see $out/dom.html)" >&2; exit 2; }
  grep -o 'data-png="[^"]*"' <<<"$div" | sed 's/^data-png="//; s/"$//' | base64 -d >"$out/$name.png"
  echo "chart: $name: $verdict"
done
rm -f "$page" "$out/dom.html" "$out/chromium.log"

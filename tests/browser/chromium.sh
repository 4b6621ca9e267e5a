# Sourced by the browser tests: `browser` (CHROMIUM, or chromium on PATH; exit 2 when missing),
# a throwaway profile removed on exit, and `flags` for a headless run that touches no network.
browser=${CHROMIUM:-chromium}
command -v "$browser" >/dev/null || { echo "$(basename "$0" .sh): $browser not found" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-extensions --hide-scrollbars
  --user-data-dir="$profile" --virtual-time-budget=5000 --allow-file-access-from-files)

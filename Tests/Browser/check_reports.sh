#!/usr/bin/env bash
# The report pages in a real browser (issue 20). Makes a golden review page with two real
# failures (two goldens replaced by other frames' pictures, in a scratch copy) and a bench page
# with the built holoframe, then opens both in headless Chromium with check_reports.py: every
# image loads, the slider changes what is visible, the keys move between failures, the charts
# are drawn; screenshots go to OUT (default .build/browser-check) for a person to look at.
#
#   Tests/Browser/check_reports.sh [OUT]        HOLOFRAME_BIN (default .build/debug/holoframe), CHROMIUM
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
bin="${HOLOFRAME_BIN:-.build/debug/holoframe}"
out="${1:-.build/browser-check}"
chromium="${CHROMIUM:-$(command -v chromium || true)}"
[ -x "$bin" ] || { echo "no holoframe binary at $bin (run swift build first)" >&2; exit 2; }
[ -n "$chromium" ] || { echo "chromium is not installed (apt-get install chromium)" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Golden"
cp -r Golden/demo Golden/example-tilt-card "$work/Golden/"
cp -r examples "$work/"
cp "$work/Golden/demo/00030-iphone-12@1x.png" "$work/Golden/demo/00060-iphone-12@1x.png"
cp "$work/Golden/example-tilt-card/00000-iphone-12@0.5x.png" "$work/Golden/example-tilt-card/00045-iphone-12@0.5x.png"

cd "$work"
status=0
"$bin" golden verify --artifacts artifacts --report golden-report >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "golden verify exited $status; expected 1 (two goldens were replaced)" >&2; exit 1; }
status=0
"$bin" bench demo --frames 0-59 --scale 1 --repeats 1 --quiet --report bench-report >/dev/null || status=$?
[ "$status" -le 1 ] || { echo "bench exited $status" >&2; exit 1; }
cd "$repo"

python3 Tests/Browser/check_reports.py --chromium "$chromium" --out "$out" \
  "$work/golden-report/index.html" "$work/bench-report/index.html"

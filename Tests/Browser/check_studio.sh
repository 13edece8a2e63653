#!/usr/bin/env bash
# `holoframe studio` in a real browser (issue 32): starts the studio on a temporary copy of
# examples/clip.json and drives its page in headless Chromium with check_studio.py (frame 0
# shown, the scrubber and arrow keys show each frame's bytes, one strip bar per frame drawn, an
# edit on disk redraws, a syntax error shows on the page while the server keeps answering, the
# frame-time strip's preparation and scale, a stale measurement cleared by a reload), then
# check_studio_cross_site.py (a page on another site cannot load the studio's frames).
# About half a minute; screenshots go to OUT (default .build/browser-check): studio.png, studio-strip.png.
#
#   Tests/Browser/check_studio.sh [OUT]        HOLOFRAME_BIN (default .build/debug/holoframe), CHROMIUM
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${HOLOFRAME_BIN:-.build/debug/holoframe}"
out="${1:-.build/browser-check}"
chromium="${CHROMIUM:-$(command -v chromium || true)}"
[ -x "$bin" ] || { echo "no holoframe binary at $bin (run swift build first)" >&2; exit 2; }
[ -n "$chromium" ] || { echo "chromium is not installed (apt-get install chromium)" >&2; exit 2; }
timeout 300 python3 Tests/Browser/check_studio.py --holoframe "$bin" --chromium "$chromium" --out "$out"
# Another site's page (localhost:PORT2) cannot load the studio's frames as <img> (issue 41; ~10 s).
timeout 120 python3 Tests/Browser/check_studio_cross_site.py --holoframe "$bin" --chromium "$chromium"

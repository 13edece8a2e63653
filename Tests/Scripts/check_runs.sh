#!/usr/bin/env bash
# Frames drawn inside a run are the frames drawn alone (issue 28), through the real CLI and a
# release build, for every frame of every built-in clip.
#
# For each clip, three renders into three folders, compared file by file (one differing byte fails):
#   runs/   a plain render: runs of up to 16 consecutive frames, each through one compositor
#           (retained layers, damage bands, reused frames), on 2 worker threads;
#   alone/  two interleaved shards (every other frame): no two frames of a shard are consecutive,
#           so every frame is a run of one, drawn with empty caches;
#   cut/    contiguous shards, N chosen at random per clip (seeded), so runs are cut at
#           boundaries the plain render does not have.
# At --scale 0.5 for every clip, and at full device scale (3×) for a few clips' first 48 frames.
#
# Usage: Tests/Scripts/check_runs.sh PATH/TO/holoframe [SEED]
set -euo pipefail
holoframe="${1:?usage: check_runs.sh PATH/TO/holoframe [SEED]}"
seed="${2:-28}"
RANDOM=$seed
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

failures=0
compared=0
quiet() {  # a render's own lines only when it fails
  "$@" >"$work/log" 2>&1 || { cat "$work/log"; echo "FAILED: $*"; exit 1; }
}
check() {  # check CLIP EXTRA-ARGS...
  local clip="$1"; shift
  rm -rf "$work/runs" "$work/alone" "$work/cut"
  quiet "$holoframe" render "$clip" "$@" --threads 2 --out "$work/runs"
  for k in 1 2; do
    quiet "$holoframe" render "$clip" "$@" --threads 2 --shard "$k/2" --shard-mode interleaved --out "$work/alone"
  done
  local n=$((2 + RANDOM % 9))
  for ((k = 1; k <= n; k++)); do
    quiet "$holoframe" render "$clip" "$@" --threads 1 --shard "$k/$n" --out "$work/cut"
  done
  local count=0 bad=0
  for f in "$work/runs"/frame-*.png; do
    local name; name="$(basename "$f")"
    count=$((count + 1))
    if ! cmp -s "$f" "$work/alone/$name" || ! cmp -s "$f" "$work/cut/$name"; then
      [ $bad -lt 5 ] && echo "DIFFERS: $clip $* $name (in a run vs alone / cut into $n shards)"
      bad=$((bad + 1))
    fi
  done
  for other in alone cut; do
    local m; m=$(ls "$work/$other" | grep -c '^frame-' || true)
    if [ "$m" -ne "$count" ]; then echo "DIFFERS: $clip $*: $other has $m frames, runs has $count"; bad=$((bad + 1)); fi
  done
  compared=$((compared + count))
  failures=$((failures + bad))
  echo "$clip $*: $count frames, $bad differ (cut into $n shards)"
}

for clip in $("$holoframe" list | awk '{print $1}'); do
  check "$clip" --scale 0.5
done
for clip in demo titles gradients waveform; do
  check "$clip" --frames 0-47
done

echo "runs check: $compared frames compared, $failures differ"
[ "$failures" -eq 0 ]

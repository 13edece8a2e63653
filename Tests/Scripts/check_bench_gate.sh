#!/usr/bin/env bash
# The bench gate measured (issue 40): `bench --baseline` on a busy machine must pass an unchanged
# clip and catch a clip made about 30 % slower over a range of frames by a scene change, every time.
#
# On the release build, with one unpinned busy loop per core beside it (`yes >/dev/null`, killed on
# exit), the whole run under the same load:
#   1. the baseline: Tests/Scripts/bench-gate/steady.json (48 frames, 585×1266 px: cards scrolling
#      under a blurred layer of two circles, about 2.5 ms of CPU a frame) timed with --json,
#      HOLOFRAME_GATE_REPEATS runs (default 7: docs/performance.md, "Why unchanged runs were flagged");
#   2. RUNS pairs, interleaved so both halves see the same load:
#      (a) the unchanged clip against the baseline: must exit 0, last line "ok: …";
#      (b) slower-18-29.json, the same scene whose two blurred circles are 70 points larger in
#          radius in frames 18–29 only (a bigger blurred area: a scene change through an expression
#          on `frame`, not an injected number; about 30 % more CPU time there, measured in
#          docs/performance.md): must exit 1, last line "FAIL: …", naming a regressed range that
#          overlaps frames 18–29. How many named ranges have both ends within 3 frames of 18 and
#          29 is printed (a window of 5 can take in a noisy neighbour), not failed.
#   The comparison runs with --floor-ms 0.5 (the default at 60 Hz; the budget is set to 1000 ms so
#   that only the baseline is judged) and --clip-threshold 1 (HOLOFRAME_GATE_CLIP_THRESHOLD): the
#   machine factor g of an unchanged clip moved 0.77–1.30 between processes on this shared
#   machine, so the clip verdict at the default 20 % can fail unchanged runs (docs/performance.md).
#   Both files are copied to gate.json, so bench names them alike and the baseline matches.
#   bench confirms a failure by timing the clip again (its default): a range fails only when the
#   second measurement finds it too. How many unchanged runs needed that (a first measurement
#   flagged, the second not) is printed.
# What fails this script: an unchanged run flagged (80 of 80 passed in four full runs here), the
# slower clip caught there in fewer than 9 pairs in 10 (78 of 80 here: a process in which the +30 %
# came out near +20 % is missed; the misses are printed), a bench whose last line disagrees with
# its exit status, or fewer than 5 pairs in the time bound.
# The loop stops at the time bound (default 360 s of pairs: with the baseline, under 8 minutes at
# the load this machine sees). It prints how many of each passed, the ranges named and the machine
# factor g seen: the figures in docs/performance.md.
#
# Usage: Tests/Scripts/check_bench_gate.sh PATH/TO/holoframe [RUNS] [SECONDS]
set -euo pipefail
holoframe="${1:?usage: check_bench_gate.sh PATH/TO/holoframe [RUNS] [SECONDS]}"
runs="${2:-20}"
bound="${3:-360}"
clips="$(cd "$(dirname "$0")/bench-gate" && pwd)"
work="$(mktemp -d)"
loops=()
cleanup() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work/steady" "$work/slower"
cp "$clips/steady.json" "$work/steady/gate.json"
cp "$clips/slower-18-29.json" "$work/slower/gate.json"
for _ in $(seq "$(nproc)"); do yes >/dev/null & loops+=($!); done
sleep 5  # the baseline too is recorded under the settled load, not in the first seconds of it

start=$SECONDS
repeats="${HOLOFRAME_GATE_REPEATS:-7}"
bench=(bench --quiet --progress none --budget-ms 1000 --repeats "$repeats")
against=(--baseline "$work/base.json" --floor-ms 0.5 --clip-threshold "${HOLOFRAME_GATE_CLIP_THRESHOLD:-1}")
if ! "$holoframe" "${bench[@]}" "$work/steady/gate.json" --json "$work/base.json" >"$work/log" 2>&1; then
  cat "$work/log"; echo "FAILED: recording the baseline"; exit 1
fi
grep -E '^gate |min ' "$work/log" | head -2 | sed 's/^/baseline: /'

failures=0
passed=0 caught=0 named_ok=0 pairs=0 unconfirmed=0
factors=()
ranges=()
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# last line of $1 agrees with status $2: "ok:" for 0, "FAIL:" for 1
agrees() {
  local last; last="$(tail -n 1 "$1")"
  { [ "$2" -eq 0 ] && [[ "$last" == ok:* ]]; } || { [ "$2" -eq 1 ] && [[ "$last" == FAIL:* ]]; }
}
for ((i = 1; i <= runs; i++)); do
  if ((SECONDS - start > bound)); then echo "stopped at the ${bound} s bound after $pairs pairs"; break; fi
  status=0
  "$holoframe" "${bench[@]}" "$work/steady/gate.json" "${against[@]}" >"$work/a" 2>"$work/a.err" || status=$?
  agrees "$work/a" "$status" || fail "run $i (unchanged): exit $status but the last line is: $(tail -n 1 "$work/a")"
  factors+=("$(grep -oE 'machine factor g [0-9.]+' "$work/a" | awk '{print $4}')")
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    if grep -q '^not confirmed: ' "$work/a"; then
      unconfirmed=$((unconfirmed + 1))
      echo "run $i (unchanged): flagged, not confirmed when timed again (passes):"; grep -E '^(not confirmed|gate timed again)' "$work/a" | sed 's/^/    /'
    fi
  else
    fail "run $i (unchanged) flagged, exit $status:"; grep -E '^(REGRESSED|FAIL|noise|gate against)' "$work/a" "$work/a.err" | sed 's/^/    /' || true
  fi

  status=0
  "$holoframe" "${bench[@]}" "$work/slower/gate.json" "${against[@]}" >"$work/b" 2>"$work/b.err" || status=$?
  agrees "$work/b" "$status" || fail "run $i (slower): exit $status but the last line is: $(tail -n 1 "$work/b")"
  # The ranges it names: "REGRESSED gate frames A–B +P % (…)"; one must overlap 18–29.
  overlaps=no named=no
  while read -r a b p; do
    ranges+=("$a–$b $p")
    if ((a <= 29 && b >= 18)); then overlaps=yes; fi
    if ((a >= 15 && a <= 21 && b >= 26 && b <= 32)); then named=yes; fi
  done < <(sed -nE 's/^REGRESSED gate frames ([0-9]+)–([0-9]+) (\+[0-9]+) %.*/\1 \2 \3%/p' "$work/b")
  if [ "$status" -eq 1 ] && [ "$overlaps" = yes ]; then
    caught=$((caught + 1))
    [ "$named" = yes ] && named_ok=$((named_ok + 1))
  else
    # Counted, and failed below only past 1 pair in 10: a change this close to the threshold comes
    # out near +20 % in about 1 process of 40 here (docs/performance.md).
    echo "missed: run $i (slower over 18–29) not caught there, exit $status:"; grep -E '^(REGRESSED|FAIL|noise|gate against)' "$work/b" "$work/b.err" | sed 's/^/    /' || true
  fi
  pairs=$((pairs + 1))
done

g_range="$(printf '%s\n' "${factors[@]}" | grep . | sort -n | sed -n '1p;$p' | paste -sd' ' | awk '{print $1 "–" $2}')"
named_ranges="$(printf '%s\n' "${ranges[@]}" | grep . | sort | uniq -c | awk '{printf "%s%s %s ×%s", sep, $2, $3, $1; sep=", "}')"
echo "bench gate ($(nproc) busy loops beside it, $repeats runs a side, $((SECONDS - start)) s): unchanged passed $passed of $pairs" \
     "($unconfirmed of them flagged by a first measurement and not confirmed by the second);" \
     "slower over frames 18–29 caught $caught of $pairs, the range named within 3 frames in $named_ok (ranges: ${named_ranges:-none});" \
     "machine factor g ${g_range:-?} on the unchanged runs"
if ((caught * 10 < pairs * 9)); then fail "the slower clip caught in $caught of $pairs pairs (at least 9 in 10 needed)"; fi
if ((pairs < 5 && pairs < runs)); then fail "only $pairs pairs in the ${bound} s bound (at least 5 needed)"; fi
if ((failures > 0)); then echo "FAILED: $failures checks of the bench gate"; exit 1; fi

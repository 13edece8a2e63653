#!/usr/bin/env bash
# `render --video` through a real ffmpeg (issue 32), checked with ffprobe and against the PNG frames.
#
# 24 frames (0.4 s at 60 fps) of `titles` on iphone-se at 1x, 375×667, both sides odd:
#   every format   ffprobe: frame count, size and duration (within one frame)
#   .mp4           H.264, yuv420p, BT.709, padded to 376×668; cropped back to 375×667, every frame's
#                  PSNR against its PNG is at least 35 dB (ffmpeg's psnr filter, RGB)
#   .apng          every decoded frame's RGBA is the PNG's, exactly (framemd5)
#   .mov / .webm   ProRes 4444 keeps an alpha plane, at least 50 dB; VP9 at least 35 dB
#   .gif           one palette; 60 fps is kept as every 2nd frame at 30 fps (12 frames, 0.4 s)
# Then `demo` at 0.25x (98×211: one odd side) to .mp4, and a render stopped by SIGINT leaves neither
# the video nor its temporary file.
#
# Usage: Tests/Scripts/check_video.sh PATH/TO/holoframe
set -euo pipefail
holoframe="${1:?usage: check_video.sh PATH/TO/holoframe}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { "$@" >"$work/log" 2>&1 || { cat "$work/log"; echo "FAILED: $*"; exit 1; }; }

frames=24
clip=(titles --frames 0-$((frames - 1)) --device iphone-se --scale 1 --progress none)
run "$holoframe" render "${clip[@]}" --out "$work/png" --video "$work/t.mp4"
for format in mov webm gif apng; do run "$holoframe" render "${clip[@]}" --video "$work/t.$format"; done

probe() {  # probe FILE ENTRY: one value of the first video stream (frames counted by decoding)
  ffprobe -v error -count_frames -select_streams v:0 -show_entries "stream=$2" -of default=nw=1:nk=1 "$1"
}
duration() {  # the sum of the packets' durations, in seconds (APNG's container has no duration)
  ffprobe -v error -select_streams v:0 -show_entries packet=duration_time -of csv=p=0 "$1" | awk '{ s += $1 } END { printf "%.4f", s }'
}
expect_stream() {  # expect_stream FILE FRAMES WIDTH HEIGHT
  local file="$1" n w h d
  n="$(probe "$file" nb_read_frames)"; w="$(probe "$file" width)"; h="$(probe "$file" height)"; d="$(duration "$file")"
  [ "$n" = "$2" ] || fail "$file: $n frames, expected $2"
  [ "$w×$h" = "$3×$4" ] || fail "$file: $w×$h, expected $3×$4"
  awk -v d="$d" 'BEGIN { exit !(d > 0.4 - 0.017 && d < 0.4 + 0.017) }' || fail "$file: $d s, expected 0.4 s within one frame"
  echo "  $(basename "$file"): $n frames, $w×$h, $d s"
}
expect_stream "$work/t.mp4" $frames 376 668
expect_stream "$work/t.mov" $frames 375 667
expect_stream "$work/t.webm" $frames 375 667
expect_stream "$work/t.gif" $((frames / 2)) 375 667
expect_stream "$work/t.apng" $frames 375 667

[ "$(probe "$work/t.mp4" pix_fmt)" = yuv420p ] || fail "t.mp4 is not yuv420p"
[ "$(probe "$work/t.mp4" color_space)" = bt709 ] || fail "t.mp4 is not tagged BT.709"
[ "$(probe "$work/t.mp4" color_transfer)" = bt709 ] || fail "t.mp4's transfer is not tagged BT.709"
case "$(probe "$work/t.mov" pix_fmt)" in yuva*) ;; *) fail "t.mov has no alpha plane";; esac

psnr() {  # psnr VIDEO: the smallest per-frame PSNR (dB, RGB) of VIDEO cropped to 375×667 against the PNGs
  # Frame k against frame k, whatever the container rounded the times to. Decoded to RGB with the
  # BT.709 matrix named explicitly: Debian 12's ffmpeg (5.1) ignores the stream's tags here and
  # would use BT.601. Cropped after the conversion: crop rounds a 4:2:0 frame's odd sides down.
  ffmpeg -v error -i "$1" -framerate 60 -i "$work/png/frame-%05d.png" -lavfi \
    "[0:v]settb=1/60,setpts=N,scale=in_color_matrix=bt709:in_range=tv,format=rgb24,crop=375:667:0:0[a];[1:v]settb=1/60,setpts=N,format=rgb24[b];[a][b]psnr=stats_file=$work/psnr.log:shortest=1" -f null -
  [ "$(wc -l <"$work/psnr.log")" = $frames ] || { echo 0; return; }
  sed -n 's/.*psnr_avg:\([0-9.inf]*\).*/\1/p' "$work/psnr.log" | sort -g | head -n 1
}
# H.264 and VP9 (4:2:0, lossy) at least 35 dB; ProRes 4444 (4:4:4, 10 bits) at least 50 dB, which a
# wrong colour matrix (BT.601 in, BT.709 out: about 38 dB) does not reach.
for check in mp4:35 webm:35 mov:50; do
  format="${check%:*}" least="${check#*:}"
  low="$(psnr "$work/t.$format")"
  awk -v p="$low" -v l="$least" 'BEGIN { exit !(p == "inf" || p + 0 >= l) }' || fail "t.$format: a frame at $low dB against its PNG (at least $least)"
  echo "  t.$format: every frame at least $low dB against its PNG"
done

# APNG: the pixels exactly (one md5 of the RGBA of every frame, both sides decoded by ffmpeg).
md5s() { ffmpeg -v error "$@" -pix_fmt rgba -f framemd5 - | grep -v '^#' | awk -F, '{ print $NF }'; }
if [ "$(md5s -i "$work/t.apng")" = "$(md5s -framerate 60 -i "$work/png/frame-%05d.png")" ]; then
  echo "  t.apng: every frame's RGBA is its PNG's"
else
  fail "t.apng: the decoded frames are not the PNGs' pixels"
fi

# One odd side: demo at 0.25x is 98×211, padded to 98×212.
run "$holoframe" render demo --frames 0-23 --scale 0.25 --video "$work/d.mp4" --progress none
expect_stream "$work/d.mp4" 24 98 212

# Stopped by SIGINT: neither the video nor its temporary file is left.
# A minute of frames (the last held), far more than a release build and ffmpeg make in 2 s.
"$holoframe" render titles --frames 0-3599 --hold-last --device iphone-se --scale 1 --video "$work/stopped.mp4" \
  --progress none 2>"$work/log" &
pid=$!
sleep 2
kill -INT "$pid"
status=0; wait "$pid" || status=$?
[ "$status" = 130 ] || { cat "$work/log"; fail "the stopped render exited $status, expected 130"; }
leftover="$(cd "$work" && ls -A | grep stopped || true)"
[ -z "$leftover" ] || fail "a stopped render left $leftover"
grep -q "stopped.mp4 was not written" "$work/log" || fail "the stopped render did not say the video was not written"

if [ "$failures" -gt 0 ]; then echo "check_video: $failures failures"; exit 1; fi
echo "check_video: ok (5 formats, ffprobe and PNG comparisons, an odd size, an interrupted render)"

#!/usr/bin/env python3
"""Decodes fast-profile PNGs with Pillow (an independent decoder) and checks their RGBA exactly.

1. Shapes: runs the gated Swift test FastPNGShapeFiles, which writes NAME.png (fast writer) and
   NAME.rgba (the straight RGBA8 it must decode to) for every shape and setting of FastPNGTests.
2. Frames: renders demo and titles frames with the CLI as fast PNGs and as raw RGBA
   (--format raw is straight RGBA8) and checks Pillow's decode of each PNG against the raw frame.
Each PNG's IDAT stream is also inflated with Python's zlib, which checks the Adler-32 and that
the stream ends exactly once. Exit 0 when all match, 1 on a mismatch, 3 when Pillow is missing.

Usage: python3 Tests/Scripts/png_pillow_check.py [--holoframe .build/debug/holoframe]
                                                [--swift-test-flags "-c release -Xswiftc -enable-testing --scratch-path .build-tests"]
(the flags of the `swift test` that writes the shape files: .ci/run passes its own, so that the
build it already made is reused)
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile
import zlib

try:
    from PIL import Image
except ImportError:
    print("png_pillow_check: Pillow is not installed (pip install pillow)", file=sys.stderr)
    sys.exit(3)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def idat_stream_ok(path):
    """Concatenated IDAT data inflates as one zlib stream with nothing after its end."""
    data = open(path, "rb").read()
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            idat += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    inflater = zlib.decompressobj()
    inflater.decompress(idat)
    return inflater.eof and not inflater.unused_data


def check(path, expected, width, height):
    with Image.open(path) as image:
        if image.size != (width, height):
            return f"size {image.size}, expected {(width, height)}"
        rgba = image.convert("RGBA").tobytes()
    if rgba != expected:
        first = next(i for i in range(len(rgba)) if rgba[i] != expected[i])
        return f"pixel bytes differ first at byte {first} (pixel {first // 4})"
    if not idat_stream_ok(path):
        return "IDAT data is not exactly one complete zlib stream"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holoframe", default=os.path.join(ROOT, ".build", "debug", "holoframe"),
                        help="the CLI used for the frame check (skipped when missing)")
    parser.add_argument("--swift-test-flags", default="",
                        help="flags for the `swift test` that writes the shape files, as one string")
    args = parser.parse_args()
    failures, checked = [], 0
    with tempfile.TemporaryDirectory(prefix="holoframe-pillow-") as folder:
        shapes = os.path.join(folder, "shapes")
        env = dict(os.environ, HOLOFRAME_PNG_SHAPES_DIR=shapes)
        run = subprocess.run(["swift", "test", *args.swift_test_flags.split(), "--filter", "FastPNGShapeFiles"], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200)
        if run.returncode != 0 or not os.path.isdir(shapes):
            print(run.stdout[-3000:])
            print("png_pillow_check: the Swift test writing the shape files failed", file=sys.stderr)
            return 1
        for name in sorted(os.listdir(shapes)):
            if not name.endswith(".png"):
                continue
            stem = name[:-4]
            width, height = map(int, stem.split("-")[-2].split("x"))
            expected = open(os.path.join(shapes, stem + ".rgba"), "rb").read()
            problem = check(os.path.join(shapes, name), expected, width, height)
            checked += 1
            if problem:
                failures.append(f"{name}: {problem}")
        if os.access(args.holoframe, os.X_OK):
            for clip in ["demo", "titles"]:
                out = os.path.join(folder, clip)
                common = [clip, "--frames", "0-2", "--scale", "1"]
                subprocess.run([args.holoframe, "render", *common, "--out", out, "--png", "fast"], check=True,
                               stderr=subprocess.DEVNULL)
                raw = subprocess.run([args.holoframe, "render", *common, "--format", "raw"], check=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
                with Image.open(os.path.join(out, "frame-00000.png")) as first:
                    width, height = first.size
                size = width * height * 4
                for k in range(3):
                    path = os.path.join(out, f"frame-{k:05d}.png")
                    problem = check(path, raw[k * size:(k + 1) * size], width, height)
                    checked += 1
                    if problem:
                        failures.append(f"{clip} {path}: {problem}")
        else:
            print(f"png_pillow_check: no CLI at {args.holoframe}; frame check skipped", file=sys.stderr)
    for failure in failures:
        print("FAIL", failure)
    print(f"png_pillow_check: {checked - len(failures)} of {checked} fast-profile PNGs decode exactly with Pillow")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

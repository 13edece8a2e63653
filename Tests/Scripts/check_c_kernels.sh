#!/usr/bin/env bash
# The pixel kernels (Sources/CPixelKernels), the PNG row filters (Sources/CPNGFast/filters.c), the
# Adler-32 (adler32.c) and the fast deflate (deflate.c) against their definitions (Tests/CKernels/harness.c),
# built for this machine and for aarch64 (run under qemu-aarch64). On x86-64 the harness runs each
# kernel's default-target (or SSSE3), AVX2 and scalar builds; on aarch64 the generic-vector kernels
# compile to NEON and the hand-written x86 ones to their scalar fallbacks, which no other test runs.
#
# The compiler is clang (the Swift toolchain's, as `swift build` uses): the kernels use Clang's
# vector extensions (ext_vector_type, #pragma clang fp), which GCC does not take. For aarch64 it
# links with Debian's cross toolchain: gcc-aarch64-linux-gnu (the linker, libgcc) and
# libc6-dev-arm64-cross (the C library), statically, and runs the binary with qemu-user's
# qemu-aarch64. Missing packages are installed when this runs as root with apt-get; otherwise the
# aarch64 half says SKIPPED and the native half still runs.
#
# Exits non-zero on any mismatch or build failure. Usage: Tests/Scripts/check_c_kernels.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cc="${CC:-clang}"
sources=(Sources/CPixelKernels/*.c Sources/CPNGFast/deflate.c Sources/CPNGFast/filters.c Sources/CPNGFast/adler32.c Sources/CCPUFeatures/cpu.c
         Tests/CKernels/harness.c)
flags=(-O2 -std=gnu11 -Wall -Werror
       -ISources/CPixelKernels/include -ISources/CPNGFast/include -ISources/CCPUFeatures/include -ITests/CKernelTestHooks/include)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "C kernels, $(uname -m):"
"$cc" "${flags[@]}" "${sources[@]}" -lm -o "$work/native"
"$work/native"

have_cross() {
  command -v qemu-aarch64 >/dev/null && command -v aarch64-linux-gnu-ld >/dev/null \
    && [ -e /usr/aarch64-linux-gnu/lib/libc.a ]
}
if ! have_cross && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user; } >"$work/apt.log" 2>&1 || tail -n 5 "$work/apt.log"
fi
if ! have_cross; then
  echo "SKIPPED the aarch64 run: qemu-aarch64, aarch64-linux-gnu-ld or the arm64 C library is missing" \
       "(Debian: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user); the native run above passed"
  exit 0
fi

echo "C kernels, aarch64 (qemu-aarch64):"
"$cc" --target=aarch64-linux-gnu -static "${flags[@]}" "${sources[@]}" -lm -o "$work/aarch64"
qemu-aarch64 "$work/aarch64"

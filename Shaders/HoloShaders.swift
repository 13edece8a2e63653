// HoloShaders: CPU ports of the Metal shaders in this folder.
//
// Each `.metal` file here is the source an iOS app would ship; beside it is its Swift port,
// function for function, with the same names and the same named constants (a test parses the
// `.metal` file and compares). Each port has two paths:
//
// - a scalar reference in Double, written to be read (`holographicText(u:v:…)`), and
// - a span path that shades a horizontal run of pixels eight at a time in `SIMD8<Float>` lanes
//   and writes premultiplied RGBA8 straight into the caller's row (`HolographicText.shadeSpan`).
//
// Tests hold the two against each other on every pixel (within 1/255).
//
// Why no libm: this module imports only the standard library. Transcendentals come from
// `ShaderMath` (a Double-precision reference sine/cosine and a Float polynomial for the SIMD
// path), so the same inputs give the same bytes on Linux and on Darwin, whatever their libm,
// and the SIMD path never falls back to per-lane library calls: on baseline x86-64 (no SSE4.1)
// LLVM lowers `rounded(.down)` to a `floorf` call per lane, so floors here use the 1.5·2²³
// rounding trick instead.

#include <metal_stdlib>
using namespace metal;

constant int kSteps = 6;
constant float kScale = 0.25;

static float wave(float x, float t) {
    float h = 0.0;
    for (int i = 0; i < kSteps; i++) {
        if (i == 4) { break; }
        if (x < 0.0) { continue; }
        h += sin(x * float(i) + t) * kScale;
    }
    return h;
}

[[ stitchable ]] half4 loops(float2 position, half4 color, float t) {
    float v = 0.0;
    int n = 0;
    while (n < 3) { v += wave(position.x, t) * 0.5; n++; }
    do { v = fract(v + 0.1); } while (v > 2.0);
    return half4(half3(v, 1.0 - v, clamp(v, 0.0, 1.0)), 1.0) * color.a;
}

[[ stitchable ]] float2 bend(float2 position, float amount) {
    return position + float2(sin(position.y * 0.1) * amount, 0.0);
}

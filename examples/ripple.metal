// ripple.metal: a SwiftUI colour effect as an app would ship it, run by Holoframe on the CPU.
//
// SwiftUI use (iOS 17+):
//
//     RoundedRectangle(cornerRadius: 24).fill(.white)
//         .colorEffect(ShaderLibrary.ripple(.float2(size), .float(time), .float2(center), .color(.orange)))
//
// Rings spread from `center` (points) at kSpeed points per second and fade with distance; between
// them a slow plasma of three sines tints the fill colour. Premultiplied in, premultiplied out.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

constant float kSpeed = 90.0;      // points per second
constant float kSpacing = 28.0;    // points between rings
constant int kRings = 5;
constant float3 kDeep = float3(0.06, 0.10, 0.28);

// Plasma in 0…1: the mean of three sines across, down and around.
static float plasma(float2 uv, float t) {
    float v = sin(uv.x * 7.0 + t) + sin((uv.y * 5.0 - t) * 1.3) + sin(length(uv - 0.5) * 12.0 - t * 2.0);
    return v / 6.0 + 0.5;
}

// Height of the ring field at distance d from the centre after t seconds.
static float rings(float d, float t) {
    float h = 0.0;
    for (int i = 0; i < kRings; i++) {
        float r = t * kSpeed - float(i) * kSpacing;
        if (r < 0.0) { continue; }
        float w = smoothstep(6.0, 0.0, abs(d - r));
        h += w * exp(-r / 220.0);
    }
    return saturate(h);
}

[[ stitchable ]] half4 ripple(float2 position, half4 color, float2 size, float time, float2 center, half4 ink) {
    float2 uv = position / max(size, float2(1.0));
    float p = plasma(uv, time);
    float3 base = mix(kDeep, float3(ink.rgb), p * 0.6);
    float h = rings(distance(position, center), time);
    float3 rgb = mix(base, float3(1.0), h * 0.8);
    return half4(half3(rgb) * color.a, color.a);
}

// effects.metal: one of each SwiftUI shader effect, as an app would ship them; Holoframe runs them
// on the CPU through `shaderEffect` nodes (examples/metal-effect.json).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// view.colorEffect(ShaderLibrary.duotone(.color(dark), .color(light)))
// Each pixel's brightness picks its colour between two inks; coverage (alpha) is kept.
[[ stitchable ]] half4 duotone(float2 position, half4 color, half4 dark, half4 light) {
    if (color.a <= half(0)) { return color; }
    half3 rgb = color.rgb / color.a;                       // un-premultiply
    half l = dot(rgb, half3(0.299, 0.587, 0.114));
    return half4(mix(dark.rgb, light.rgb, l), 1.0) * color.a;
}

// view.distortionEffect(ShaderLibrary.wave(.float(time), .float(8)),
//                       maxSampleOffset: CGSize(width: 0, height: 8))
// Each column is moved up or down along a sine that travels with time.
[[ stitchable ]] float2 wave(float2 position, float time, float amplitude) {
    return position + float2(0.0, amplitude * sin(position.x / 24.0 - time * 4.0));
}

// view.layerEffect(ShaderLibrary.chromatic(.float(4)), maxSampleOffset: CGSize(width: 4, height: 0))
// Red from `spread` points to the left, blue from the right, green where the pixel is.
[[ stitchable ]] half4 chromatic(float2 position, SwiftUI::Layer layer, float spread) {
    half4 left = layer.sample(position - float2(spread, 0.0));
    half4 here = layer.sample(position);
    half4 right = layer.sample(position + float2(spread, 0.0));
    return half4(left.r, here.g, right.b, max(max(left.a, here.a), right.a));
}

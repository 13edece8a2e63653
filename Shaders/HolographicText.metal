// HolographicText.metal: the iridescent title as an iOS app ships it.
//
// SwiftUI use (iOS 17+), redrawn by a TimelineView at 30 fps:
//
//     Text("Programs").font(.system(size: 34, weight: .bold))
//         .colorEffect(ShaderLibrary.holographicText(
//             .float2(size),                       // the text box in points
//             .float(reduceMotion ? 0 : roll),     // smoothed device roll, radians
//             .float(reduceMotion ? 0 : pitch),    // smoothed device pitch, radians
//             .float(reduceMotion ? 0 : time),     // seconds, stepped at 30 fps
//             .float(accentHue)))                  // 0…1
//
// The CPU port, function for function and with the same constants, is HolographicText.swift in
// this folder; a test parses every `constant float NAME = VALUE;` line here and holds it against
// the port's `HolographicText.constants` (and `AnyDistanceGradient.constants` for the section at
// the end). So: one constant per line, literal values only.
//
// Light angle: lightAngle° = roll·90 + pitch·30 (roll and pitch in radians). A linear mix rather
// than atan2(pitch, roll): atan2 is undefined at rest (0, 0) and jumps by 180° when the phone
// crosses flat, while the linear form is 0 at rest, moves the hue one way as roll sweeps
// −0.5…0.5 (by 0.6·90/360 = 0.15 per radian of roll) and moves the specular peak smoothly:
// cos((u − 0.5)π + lightRad) is largest at u* = 0.5 − lightAngle/180.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// How far the hue travels across the palette for a full sweep of its inputs.
constant float kHueSpread = 0.6;
// Hue gradient across (u) and down (v) the text box, before the spread.
constant float kHueAlongU = 0.4;
constant float kHueAlongV = 0.2;
// Slow shimmer: hue += spread · kShimmerAmplitude · sin(kShimmerRate · t).
constant float kShimmerAmplitude = 0.05;
constant float kShimmerRate = 0.5;
// HSL saturation and lightness of the base colour.
constant float kSaturation = 0.85;
constant float kLightness = 0.55;
// Light angle in degrees per radian of roll and of pitch.
constant float kRollDegrees = 90.0;
constant float kPitchDegrees = 30.0;
// Main specular band: kMainSpecularGain · max(0, cos((u − 0.5)π + lightRad))^12.
constant float kMainSpecularGain = 0.6;
constant float kMainSpecularPower = 12.0;
// Secondary band: kSecondarySpecularGain · max(0, cos(1.5(u − 0.5)π + 0.5 + lightRad))^8.
constant float kSecondarySpecularGain = 0.12;
constant float kSecondarySpecularPower = 8.0;
constant float kSecondarySpecularFrequency = 1.5;
constant float kSecondarySpecularPhase = 0.5;
// Darkening towards the bottom of the text box: rgb *= 1 − kVerticalShade · v.
constant float kVerticalShade = 0.3;
// Saturation boost around Rec. 601 luma.
constant float kSaturationBoost = 1.3;
constant float kLumaRed = 0.299;
constant float kLumaGreen = 0.587;
constant float kLumaBlue = 0.114;

// hsl → rgb, branchless (after Iñigo Quilez):
//   k = clamp(|((6h + (0, 4, 2)) mod 6) − 3| − 1, 0, 1)
//   rgb = L + S·(k − ½)·(1 − |2L − 1|)
static float3 hsl2rgb(float h, float s, float l) {
    float3 k = clamp(abs(fmod(h * 6.0 + float3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return l + s * (k - 0.5) * (1.0 - abs(2.0 * l - 1.0));
}

// lightAngle° = roll·kRollDegrees + pitch·kPitchDegrees.
static float lightAngleDegrees(float roll, float pitch) {
    return roll * kRollDegrees + pitch * kPitchDegrees;
}

// hue = fract(accent + spread·(0.4u + 0.2v + lightAngle/360 + 0.05·sin(0.5t))).
static float holographicHue(float u, float v, float lightAngle, float time, float accentHue) {
    float drift = kHueAlongU * u + kHueAlongV * v + lightAngle / 360.0
                + kShimmerAmplitude * sin(kShimmerRate * time);
    return fract(accentHue + kHueSpread * drift);
}

// Two glints that slide with the light:
//   0.6·max(0, cos((u − ½)π + θ))^12 + 0.12·max(0, cos(1.5(u − ½)π + 0.5 + θ))^8.
static float specularBands(float u, float lightRad) {
    float mainBand = max(0.0, cos((u - 0.5) * M_PI_F + lightRad));
    float secondBand = max(0.0, cos(kSecondarySpecularFrequency * (u - 0.5) * M_PI_F
                                    + kSecondarySpecularPhase + lightRad));
    return kMainSpecularGain * pow(mainBand, kMainSpecularPower)
         + kSecondarySpecularGain * pow(secondBand, kSecondarySpecularPower);
}

// rgb' = luma + boost·(rgb − luma), luma = (0.299, 0.587, 0.114)·rgb.
static float3 boostSaturation(float3 rgb, float boost) {
    float luma = dot(rgb, float3(kLumaRed, kLumaGreen, kLumaBlue));
    return luma + boost * (rgb - luma);
}

// Straight (not premultiplied) colour of the title at (u, v) in the unit text box.
static float3 holographicColor(float u, float v, float roll, float pitch, float time, float accentHue) {
    float lightAngle = lightAngleDegrees(roll, pitch);
    float lightRad = lightAngle * M_PI_F / 180.0;
    float hue = holographicHue(u, v, lightAngle, time, accentHue);
    float3 rgb = hsl2rgb(hue, kSaturation, kLightness) + specularBands(u, lightRad);
    rgb *= 1.0 - kVerticalShade * v;
    return saturate(boostSaturation(rgb, kSaturationBoost));
}

// SwiftUI hands colorEffect a premultiplied colour; its alpha is the glyph coverage, and the
// result is premultiplied by that same coverage.
[[ stitchable ]] half4 holographicText(float2 position, half4 color, float2 size,
                                       float roll, float pitch, float time, float accentHue) {
    float2 uv = position / max(size, float2(1.0));
    float3 rgb = holographicColor(uv.x, uv.y, roll, pitch, time, accentHue);
    return half4(half3(rgb) * color.a, color.a);
}

// MARK: - Any Distance's gradient effect
//
// Ten hues n = 0, 0.1 … 0.9 at saturation 0.3, brightness 1 (HSB), in a horizontal linear
// gradient from unit x = roll − 0.25 to roll + 1.25, pad extend, masked by the text. In SwiftUI it
// is a LinearGradient with startPoint (roll − 0.25, 0.5) and endPoint (roll + 1.25, 0.5); this
// stitchable twin lets it run through the same colorEffect path. It lives in this file because
// the package builds Shaders/ as a Swift target on Linux and excludes only this .metal file.
// Stops are evenly spaced; colours interpolate linearly between neighbouring stops in sRGB.

constant float kGradientStopCount = 10.0;
constant float kGradientHueStep = 0.1;
constant float kGradientSaturation = 0.3;
constant float kGradientBrightness = 1.0;
constant float kGradientLead = 0.25;
constant float kGradientSpan = 1.5;

// hsb → rgb, branchless: k = clamp(|((6h + (0, 4, 2)) mod 6) − 3| − 1, 0, 1); rgb = B·(1 − S·(1 − k)).
static float3 hsb2rgb(float h, float s, float b) {
    float3 k = clamp(abs(fmod(h * 6.0 + float3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return b * (1.0 - s * (1.0 - k));
}

// Gradient parameter g = clamp((u − (roll − 0.25)) / 1.5, 0, 1); stop i sits at g = i/9.
static float3 anyDistanceColor(float u, float roll) {
    float g = saturate((u - (roll - kGradientLead)) / kGradientSpan);
    float x = g * (kGradientStopCount - 1.0);
    float i = min(floor(x), kGradientStopCount - 2.0);
    float3 a = hsb2rgb(i * kGradientHueStep, kGradientSaturation, kGradientBrightness);
    float3 b = hsb2rgb((i + 1.0) * kGradientHueStep, kGradientSaturation, kGradientBrightness);
    return mix(a, b, x - i);
}

[[ stitchable ]] half4 anyDistanceGradient(float2 position, half4 color, float2 size, float roll) {
    float u = position.x / max(size.x, 1.0);
    return half4(half3(anyDistanceColor(u, roll)) * color.a, color.a);
}

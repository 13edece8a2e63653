// The shader paints' spellings before issue 33 (item 2): HoloScene's ShaderPaint had a case for
// each built-in shader and a third, ProgramShader, for a compiled one. Code that made them still
// builds for one minor version, with a deprecation warning naming the new spelling.

import HoloGeometry
import HoloScene

@available(*, deprecated, renamed: "ShaderPaint", message: "Removed in the next minor version.")
public typealias ProgramShader = ShaderPaint

@available(*, deprecated, message: "write ShaderPaint(bounds:program: HolographicTextEffect(roll:pitch:time:accentHue:isStatic:), widthFromText:). Removed in the next minor version.")
public struct HolographicUniforms: Hashable, Sendable {
    public var bounds: Rect
    public var roll: Double
    public var pitch: Double
    public var time: Double
    public var accentHue: Double
    public var isStatic: Bool
    public var widthFromText: Bool
    public init(bounds: Rect, roll: Double, pitch: Double, time: Double, accentHue: Double = 0.55, isStatic: Bool = false,
                widthFromText: Bool = false) {
        self.bounds = bounds; self.roll = roll; self.pitch = pitch; self.time = time
        self.accentHue = accentHue; self.isStatic = isStatic; self.widthFromText = widthFromText
    }
}

extension ShaderPaint {
    @available(*, deprecated, message: "write ShaderPaint(bounds:program: HolographicTextEffect(…), widthFromText:). Removed in the next minor version.")
    public static func holographic(_ u: HolographicUniforms) -> ShaderPaint {
        ShaderPaint(bounds: u.bounds, program: HolographicTextEffect(roll: u.roll, pitch: u.pitch, time: u.time, accentHue: u.accentHue,
                                                                     isStatic: u.isStatic),
                    widthFromText: u.widthFromText)
    }

    @available(*, deprecated, message: "write ShaderPaint(bounds: bounds, program: AnyDistanceGradientEffect(roll: roll)). Removed in the next minor version.")
    public static func anyDistance(roll: Double, bounds: Rect) -> ShaderPaint {
        ShaderPaint(bounds: bounds, program: AnyDistanceGradientEffect(roll: roll))
    }

    @available(*, deprecated, message: "a ShaderPaint is what ProgramShader was: write the ShaderPaint itself. Removed in the next minor version.")
    public static func program(_ p: ShaderPaint) -> ShaderPaint { p }
}

extension HolographicTitle {
    @available(*, deprecated, message: "use paint (the ShaderPaint) or effect (its arguments). Removed in the next minor version.")
    public var uniforms: HolographicUniforms {
        let e = effect
        return HolographicUniforms(bounds: textBounds, roll: e.roll, pitch: e.pitch, time: e.time, accentHue: e.accentHue,
                                   isStatic: e.isStatic, widthFromText: true)
    }
}

// HolographicText.metal and its Swift port share their named constants and entry points.
import Foundation
import Testing
import HoloShaders

/// Shaders/HolographicText.metal, found from this file: Tests/HoloShadersTests/ → ../../Shaders.
func metalSource() throws -> String {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("Shaders/HolographicText.metal"), encoding: .utf8)
}

/// Every `constant float NAME = VALUE;` line, by name. Fails on a name declared twice.
func metalConstants(_ source: String) throws -> [String: Double] {
    let pattern = try NSRegularExpression(
        pattern: #"^\s*constant\s+float\s+(\w+)\s*=\s*([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)f?\s*;"#,
        options: [.anchorsMatchLines])
    var constants: [String: Double] = [:]
    let range = NSRange(source.startIndex..., in: source)
    for match in pattern.matches(in: source, range: range) {
        let name = String(source[Range(match.range(at: 1), in: source)!])
        let value = try #require(Double(String(source[Range(match.range(at: 2), in: source)!])))
        #expect(constants[name] == nil, "\(name) declared twice")
        constants[name] = value
    }
    return constants
}

@Suite("HolographicText.metal and its Swift port agree")
struct MetalSourceTests {

    @Test func everyNamedConstantHasTheSameValueOnBothSides() throws {
        let metal = try metalConstants(try metalSource())
        let holographic = HolographicText.constants
        let gradient = AnyDistanceGradient.constants
        #expect(Set(holographic.keys).isDisjoint(with: gradient.keys))
        let swift = holographic.merging(gradient) { a, _ in a }
        #expect(metal.count >= 20)
        let onlyInMetal = Set(metal.keys).subtracting(swift.keys)
        let onlyInSwift = Set(swift.keys).subtracting(metal.keys)
        #expect(onlyInMetal.isEmpty, "constants missing from the Swift port: \(onlyInMetal.sorted())")
        #expect(onlyInSwift.isEmpty, "constants missing from the .metal file: \(onlyInSwift.sorted())")
        for (name, value) in metal {
            if let ported = swift[name] { #expect(ported == value, "\(name): metal \(value), swift \(ported)") }
        }
    }

    @Test func everyConstantIsUsedInTheShader() throws {
        let source = try metalSource()
        for name in try metalConstants(source).keys {
            let uses = source.components(separatedBy: name).count - 1
            #expect(uses >= 2, "\(name) is declared but never used")
        }
    }

    @Test func entryPointsHaveTheSwiftUISignatures() throws {
        let flat = try metalSource().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("[[ stitchable ]] half4 holographicText(float2 position, half4 color, float2 size, float roll, float pitch, float time, float accentHue)"))
        #expect(flat.contains("[[ stitchable ]] half4 anyDistanceGradient(float2 position, half4 color, float2 size, float roll)"))
        // Alpha is the incoming glyph coverage, and the colour is premultiplied by it.
        #expect(flat.contains("return half4(half3(rgb) * color.a, color.a);"))
    }
}

// HoloMSL: runs SwiftUI's `[[ stitchable ]]` Metal shaders on the CPU.
//
// A `.metal` file goes through a front end (Lexer → Parser → Checker, in Front/) that accepts the
// subset of the Metal Shading Language stitchable shaders are written in and refuses anything
// else with file:line:column and what is unsupported. A function outside the subset (or calling
// one) is set aside, not fatal: `entry` refuses it, or any function reaching it, with that
// place; the others run and `warnings` names the skipped ones. File-scope mistakes (a struct, a
// bad constant, an unknown directive) still refuse the whole file. The checked program then runs two ways
// that share no code:
//
//   Compiled/   once per function, to closures over struct-of-arrays lanes: each value component
//               is a run of `MSLLanes.width` Floats (a row span), so every closure does one
//               operation for many pixels; control flow runs under per-lane masks.
//   Reference/  a slow, obvious tree walk in Double, one pixel at a time: what the compiled path
//               is held against (within 1 level per 8-bit channel).
//
// The entry shapes are SwiftUI's: a colour effect `half4 f(float2 position, half4 color, args…)`,
// a distortion `float2 f(float2 position, args…)`, a layer effect
// `half4 f(float2 position, SwiftUI::Layer layer, args…)`; `position` is in points of the
// user-space rectangle, colours are premultiplied.

/// Which SwiftUI modifier a stitchable function is written for, by its signature.
public enum MSLEffectKind: String, Sendable, Hashable {
    case color = "colorEffect", distortion = "distortionEffect", layer = "layerEffect"
}

/// A checked `.metal` source.
public struct MSLLibrary: Sendable {
    public let file: String
    let program: TProgram

    /// Reads and checks `source`; `file` names it in error messages.
    public init(source: String, file: String) throws(MSLError) {
        self.file = file
        let syntax = try Parser.parse(file: file, source: source)
        program = try Checker.check(syntax, file: file)
    }

    /// The `[[ stitchable ]]` functions, in source order (usable or not).
    public var stitchableFunctions: [String] { program.declared.filter(\.isStitchable).map(\.name) }

    /// Every function of the file, in source order.
    public var functionNames: [String] { program.declared.map(\.name) }

    /// The functions outside the supported subset (or calling one), each as a compiler warning
    /// naming it and why: they do not stop another function of the file from running.
    public var warnings: [String] {
        program.refused.map { "\($0.error.location): warning: '\($0.name)' is skipped: \($0.error.message)" }
    }

    /// One line for the command line: the functions found, the one used and its kind.
    public func summary(using entry: MSLEntry) -> String {
        let names = functionNames
        let skipped = program.refused.count
        return "\(file): \(names.count) function\(names.count == 1 ? "" : "s") (\(names.joined(separator: ", ")))" +
            (skipped > 0 ? ", \(skipped) skipped" : "") + "; using '\(entry.name)', a \(entry.kind.rawValue)"
    }

    /// The entry point `name`, checked against the SwiftUI signature for `kind`.
    public func entry(_ name: String, as kind: MSLEffectKind) throws(MSLError) -> MSLEntry {
        if let refused = program.refused.first(where: { $0.name == name }) { throw refused.error }
        guard let index = program.functions.firstIndex(where: { $0.name == name }) else {
            let known = stitchableFunctions.isEmpty ? "none" : stitchableFunctions.joined(separator: ", ")
            throw MSLError("no function named '\(name)' (stitchable functions: \(known))",
                           at: SourceLocation(file: file, line: 1, column: 1))
        }
        let f = program.functions[index]
        guard f.isStitchable else { throw MSLError("'\(name)' is not [[ stitchable ]]", at: f.location) }
        let p = f.parameterTypes
        let float2 = MSLType.vector(.float, 2), half4 = MSLType.vector(.half, 4)
        let fixed: Int
        switch kind {
        case .color:
            guard f.returnType == half4, p.count >= 2, p[0] == float2, p[1] == half4 else {
                throw MSLError("a colorEffect function must be 'half4 \(name)(float2 position, half4 color, …)'", at: f.location)
            }
            fixed = 2
        case .distortion:
            guard f.returnType == float2, p.count >= 1, p[0] == float2 else {
                throw MSLError("a distortionEffect function must be 'float2 \(name)(float2 position, …)'", at: f.location)
            }
            fixed = 1
        case .layer:
            guard f.returnType == half4, p.count >= 2, p[0] == float2, p[1].isLayer else {
                throw MSLError("a layerEffect function must be 'half4 \(name)(float2 position, SwiftUI::Layer layer, …)'", at: f.location)
            }
            fixed = 2
        }
        let arguments = Array(p[fixed...])
        for (i, t) in arguments.enumerated() where t.isLayer {
            throw MSLError("argument \(i + 1) of '\(name)' is a second SwiftUI::Layer, which is unsupported", at: f.location)
        }
        return MSLEntry(library: self, function: index, kind: kind, name: name, argumentTypes: arguments)
    }
}

/// One stitchable function as SwiftUI calls it.
public struct MSLEntry: Sendable {
    public let library: MSLLibrary
    let function: Int
    public let kind: MSLEffectKind
    public let name: String
    /// The types of the arguments after the fixed ones (`position`, `color`/`layer`).
    public let argumentTypes: [MSLType]

    /// The operations one pixel may run, counted before anything runs: calls inlined, each loop's
    /// body multiplied by its trips (a for loop's literal count, else the 1024 limit), through
    /// nesting. Four nested 1024-trip loops are 10¹² a pixel.
    public var operationsPerPixel: Double { library.program.functions[function].cost }

    /// Checks that `arguments` (components per argument) fit the function's argument types.
    public func validate(_ arguments: [[Double]]) throws(MSLError) {
        let at = library.program.functions[function].location
        guard arguments.count == argumentTypes.count else {
            throw MSLError("'\(name)' takes \(argumentTypes.count) argument\(argumentTypes.count == 1 ? "" : "s") after its \(kind == .distortion ? "position" : "position and \(kind == .color ? "color" : "layer")"), got \(arguments.count)", at: at)
        }
        for (i, (a, t)) in zip(arguments, argumentTypes).enumerated() where a.count != t.componentCount {
            throw MSLError("argument \(i + 1) of '\(name)' is \(t) (\(t.componentCount) number\(t.componentCount == 1 ? "" : "s")), got \(a.count)", at: at)
        }
    }
}

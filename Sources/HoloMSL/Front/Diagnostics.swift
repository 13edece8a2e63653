// Diagnostics: every refusal names the file, line and column and what is unsupported, in the
// form compilers print (`file:line:column: error: message`), so editors can jump to it.

/// A place in a `.metal` source: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}

/// Why a source was refused: where, and what.
public struct MSLError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public init(_ message: String, at location: SourceLocation) { self.message = message; self.location = location }
    public var description: String { "\(location): error: \(message)" }
}

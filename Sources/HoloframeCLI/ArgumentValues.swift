// The closed sets of option values, as swift-argument-parser reads them: each is a CaseIterable
// enum of the library, so `--help` lists its values and any other value is refused before `run`
// with the list (exit 2). Frame selections parse through the library's own parsers, so a bad
// one is refused the same way, with the parser's message.

import ArgumentParser
import Holoframe

extension DeviceName: ExpressibleByArgument {
    /// A preset, NAME-landscape or WxH@S; `--help` lists the presets.
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { presets.map(\.rawValue) }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
extension Orientation: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension PNGProfile: ExpressibleByArgument {}
extension Shard.Mode: ExpressibleByArgument {}
extension TolerancePreset: ExpressibleByArgument {}

extension FrameRate: ExpressibleByArgument {
    /// `--fps 24`, `--fps 29.97` (30000/1001), `--fps 30000/1001`; anything else is refused (exit 2).
    public init?(argument: String) { self.init(parsing: argument) }
    public static var defaultCompletionKind: CompletionKind { .default }
}

extension RecordMode: ExpressibleByArgument {
    /// `none` (compare only) is what `golden verify` does; `golden record` takes the other three.
    public static var recordingModes: [RecordMode] { allCases.filter { $0 != .none } }
    public init?(argument: String) {
        guard let mode = RecordMode(rawValue: argument), mode != .none else { return nil }
        self = mode
    }
    public static var allValueStrings: [String] { recordingModes.map(\.rawValue) }
}

/// `--frames` for commands that take a list (`0,30,60-62`).
func parseFrameList(_ text: String) throws -> FrameList { try FrameList(parsing: text) }
/// `--frames` for commands that take one range (`A-B` or `N`).
func parseFrameRange(_ text: String) throws -> FrameRange { try FrameRange(parsing: text) }

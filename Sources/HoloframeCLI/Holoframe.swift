// `holoframe`: the thin command line over the Holoframe library. It parses and validates
// arguments, then calls the same library the tests and benchmarks call.

import ArgumentParser
import Foundation
import Holoframe

@main
struct HoloframeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "holoframe",
        abstract: "Render scroll- and motion-driven iOS UI animations frame by frame on the CPU.",
        discussion: """
            Examples:
              holoframe list
              holoframe render demo --out frames/demo
              holoframe render demo --frames 0-59 --device iphone-se --out frames/se
              holoframe simulate demo --frames 0-30
              holoframe studio demo
            """,
        version: HoloframeVersion.current,
        subcommands: [Render.self, List.self, Simulate.self, GoldenCommand.self, Bench.self, Shader.self, Studio.self])

    /// Exit status: 0 success, 1 failure (a frame over budget, a golden mismatch, a render that
    /// failed, an output that could not be written), 2 usage error (bad arguments, a bad clip file,
    /// a refused input or output), 141 the reader of standard output went away (quietly, as a Unix
    /// tool ended by SIGPIPE). One short message, never a stack trace.
    static func main() {
        FrameMemory.keepFreedFrames()
        // "No font has this character" (once per character) goes where the CLI's other warnings go.
        FontLibrary.warningHandler = { StandardStreams.err("warning: \(Printable.escaped($0))\n") }
        // A closed standard output is then EPIPE from write(2), which ends the run quietly with 141.
        signal(SIGPIPE, SIG_IGN)
        // Swift turns bytes that are not UTF-8 in an argument into U+FFFD: a path so rewritten
        // names another file. Refuse it, printing the bytes as they are (escaped).
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i] else { continue }
            let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
            if String(validating: bytes, as: UTF8.self) == nil {
                StandardStreams.err("Error: argument \(i) (\(Printable.escaped(bytes: bytes))) is not UTF-8; holoframe takes paths and names " +
                                    "in UTF-8: rename the file\n")
                Glibc.exit(2)
            }
        }
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardStreams.flushPrinted()
        } catch {
            if error is OutputClosed { Glibc._exit(141) }
            let code = exitCode(for: error)
            // Help (--help, exit 0) is printed whole; only error messages are cut short.
            if code == .success {
                let help = fullMessage(for: error)
                if !help.isEmpty { print(help) }
                Glibc.exit(0)
            }
            // Input echoed in a message (a clip string, a file name) is escaped: no control character reaches the terminal.
            let message = Printable.escaped(UsageErrors.shortened(fullMessage(for: error)), keepNewlines: true)
            if !message.isEmpty { StandardStreams.err(message + "\n") }
            if code == .validationFailure || UsageErrors.isUsage(error) { Glibc.exit(2) }
            Glibc.exit(code.rawValue)
        }
    }
}

/// `print`, with every control character but the newline written as `\u{…}`: for lines that
/// hold text from input (clip names, golden names, file names, shader source).
func printEscaped(_ text: String) {
    print(Printable.escaped(text, keepNewlines: true))
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in clips (or, with --devices, the device presets), one per line, name first.")

    @Flag(help: "List the device presets with their sizes, safe areas and screens instead of the clips.")
    var devices = false

    func run() throws {
        let rows: [(String, String)] = devices
            ? Device.presets.map { ($0.name, $0.summary) }
            : ClipCatalog.all.map { ($0.name, $0.summary) }
        let width = rows.map(\.0.count).max() ?? 0
        for (name, summary) in rows {
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summary)
        }
        if devices { print("Any preset turns with --orientation landscape (or NAME-landscape); --device WxH@S, e.g. 393x852@3, is any other screen.") }
    }
}

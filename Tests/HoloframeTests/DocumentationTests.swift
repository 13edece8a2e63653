// What the docs say against what the tool does: the clips' frame counts in the command examples,
// the symbol lists, and the Swift image the CI recipes use. (The device list is checked against
// `holoframe list --devices` in CLITests' DocumentedDevicesCLITests.) Dated measurement tables
// are history and are not checked.

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

enum RepositoryDocs {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func text(_ path: String) throws -> String { try String(contentsOfFile: root + "/" + path, encoding: .utf8) }

    /// Every match of `pattern`'s capture groups in `text`.
    static func captures(_ pattern: String, in text: String) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }
}

@Suite struct DocumentationTests {
    /// `holoframe render CLIP …  # N PNGs` (or `# N frames`) with the whole clip, and progress
    /// lines `render CLIP [███░░] K/N`: N is the built-in clip's frame count.
    @Test(arguments: ["docs/cli.md", "README.md"])
    func frameCountsInExamplesAreTheClips(_ file: String) throws {
        let text = try RepositoryDocs.text(file)
        var checked = 0
        for line in text.split(separator: "\n").map(String.init) {
            var claims: [(clip: String, count: Int)] = []
            if line.contains("holoframe render "), !["--frames", "--duration", "--fps", "--contact-sheet"].contains(where: line.contains) {
                for c in try RepositoryDocs.captures(#"holoframe render ([a-z0-9-]+) [^#]*# (\d+) (?:PNGs|frames)"#, in: line) {
                    claims.append((c[0], Int(c[1])!))
                }
            }
            for c in try RepositoryDocs.captures(#"render ([a-z0-9-]+) \[[█░]+\] \d+/(\d+)"#, in: line) { claims.append((c[0], Int(c[1])!)) }
            for (clip, count) in claims {
                guard ClipCatalog.named(clip) != nil else { continue }
                let frames = try ClipResolver.spec(for: clip).frameCount
                #expect(count == frames, "\(file): \(clip) has \(frames) frames, the docs say \(count): \(line)")
                checked += 1
            }
        }
        #expect(checked >= 2, "\(file): the frame-count examples were not found (\(checked))")
    }

    /// docs/clip-files.md lists every symbol a `symbol` node draws, and no other.
    @Test func clipFilesListsEverySymbol() throws {
        let text = try RepositoryDocs.text("docs/clip-files.md")
        let start = try #require(text.range(of: "A `symbol` node draws"))
        let end = try #require(text[start.upperBound...].range(of: "```json"))
        let listed = Set(try RepositoryDocs.captures("`([a-z0-9.]+)`", in: String(text[start.upperBound..<end.lowerBound])).map { $0[0] })
        #expect(listed == Set(Symbol.names), "missing: \(Set(Symbol.names).subtracting(listed).sorted()); not symbols: \(listed.subtracting(Symbol.names).sorted())")
    }

    /// examples/README.md's `symbol` row gives the count and names only real symbols.
    @Test func examplesReadmeCountsTheSymbols() throws {
        let text = try RepositoryDocs.text("examples/README.md")
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `symbol` |") }.map(String.init))
        let count = try #require(try RepositoryDocs.captures(#"one of (\d+) SF Symbols"#, in: row).first.map { Int($0[0])! })
        #expect(count == Symbol.names.count)
        let named = try RepositoryDocs.captures("`([a-z]+(?:\\.[a-z0-9]+)+)`", in: row).map { $0[0] }
        #expect(!named.isEmpty)
        for name in named { #expect(Symbol.names.contains(name), "examples/README.md names '\(name)', which is no symbol") }
    }

    /// The compiler these tests were built with, as the Swift images are tagged.
    static var compiler: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3"
        #else
        return "older than 6.3"
        #endif
    }

    /// The CI recipes and the container recipe use the Swift that Holoframe is tested with.
    @Test(arguments: ["docs/ci.md", "docs/goldens.md"])
    func swiftImagesAreTheTestedOne(_ file: String) throws {
        let images = try RepositoryDocs.captures(#"swift:([0-9.]+)-bookworm"#, in: try RepositoryDocs.text(file)).map { $0[0] }
        #expect(!images.isEmpty)
        for image in images { #expect(image == Self.compiler, "\(file) uses swift:\(image)-bookworm; the tests were built with Swift \(Self.compiler)") }
    }

    /// Every placeholder package URL is next to words that ask the reader to fill it in.
    @Test(arguments: ["README.md", "docs/library.md", "docs/ci.md"])
    func placeholderURLsAreExplained(_ file: String) throws {
        let text = try RepositoryDocs.text(file).replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("https://…/holoframe.git"))
        #expect(text.contains("in place of `https://…/holoframe.git`") || text.contains("replace `https://…/holoframe.git`"),
                "\(file) shows the placeholder URL without saying to fill it in")
    }
}

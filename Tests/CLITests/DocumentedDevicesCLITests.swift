// docs/cli.md's `--device` row against `holoframe list --devices`: the same presets, and their count.

import Foundation
import Testing

@Suite struct DocumentedDevicesCLITests {
    @Test func cliDocListsEveryDevicePreset() throws {
        let run = try holoframe("list", "--devices")
        #expect(run.status == 0)
        let presets = run.stdout.split(separator: "\n").filter { $0.contains(" pt @") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(presets.count >= 2, "\(run.stdout)")

        let doc = try String(contentsOfFile: CaseInsensitiveNamesTests.repository + "/docs/cli.md", encoding: .utf8)
        // The meaning cell of the row (the last cell is the default, iphone-12).
        let row = try #require(doc.split(separator: "\n").first { $0.hasPrefix("| `--device NAME` |") }
            .map { $0.components(separatedBy: " | ")[1] })
        let regex = try NSRegularExpression(pattern: "`((?:iphone|ipad)[a-z0-9-]*)`")
        let listed = regex.matches(in: row, range: NSRange(row.startIndex..., in: row)).map { String(row[Range($0.range(at: 1), in: row)!]) }
        #expect(listed == presets, "docs/cli.md lists \(listed); list --devices prints \(presets)")
        #expect(row.contains("one of \(presets.count) presets"), "\(row)")
    }
}

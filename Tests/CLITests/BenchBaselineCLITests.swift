// `bench --baseline` as a user runs it: the last line is the verdict and agrees with the exit
// status, an old-schema baseline is refused with what to do, and the report shows the verdict in
// the terminal's words with the baseline's bars (issue 40).

import Foundation
import Testing

@Suite(.serialized) struct BenchBaselineCLITests {
    /// Frames 0–9 of demo at 0.1x: well under a millisecond each, far under the default floor of a
    /// 100-second budget, so an unchanged run passes whatever the machine's load.
    let bench = ["bench", "demo", "--frames", "0-9", "--scale", "0.1", "--repeats", "1", "--quiet", "--budget-ms", "100000",
                 "--progress", "none"]

    func lastLine(_ run: Run) -> String { run.stdout.split(separator: "\n").last.map(String.init) ?? "" }

    @Test func theLastLineAgreesWithTheExitStatus() throws {
        let dir = scratchFolder("bench-baseline"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = try holoframe(bench + ["--json", "\(dir)/b.json"])
        #expect(record.status == 0 && lastLine(record) == "ok: every frame within the 100000.00 ms budget", "\(record.stdout)\(record.stderr)")

        let same = try holoframe(bench + ["--baseline", "\(dir)/b.json"])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(lastLine(same) == "ok: every frame within the 100000.00 ms budget; no regression against \(dir)/b.json")

        // The baseline made 10⁶ times faster in CPU time: this run is slower as a whole (no range:
        // every frame is, and g takes a uniform change out of the range rule).
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(dir)/b.json"))) as? [String: Any])
        var clips = try #require(file["clips"] as? [[String: Any]])
        clips[0]["frames"] = try #require(clips[0]["frames"] as? [[String: Any]]).map { frame -> [String: Any] in
            var f = frame; f["cpuMs"] = 1e-6; f["runsCpuMs"] = [1e-6]; return f
        }
        file["clips"] = clips
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: "\(dir)/fast.json"))
        let slower = try holoframe(bench + ["--baseline", "\(dir)/fast.json", "--floor-ms", "0", "--report", "\(dir)/report"])
        #expect(slower.status == 1, "\(slower.stdout)\(slower.stderr)")
        #expect(lastLine(slower).hasPrefix("FAIL: regressed against \(dir)/fast.json (threshold 20 %, floor 0.00 ms): "))
        #expect(lastLine(slower).hasSuffix("demo as a whole"))
        #expect(slower.stdout.contains("REGRESSED demo as a whole: g "))

        // The page: the verdict at the top in the terminal's words, the baseline's bars beside this run's.
        let html = try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8)
        #expect(html.contains("<div class=\"verdict failed\" id=\"verdict\" data-failed=\"true\"><p class=\"last\">\(lastLine(slower))</p>"))
        #expect(html.components(separatedBy: "<rect class=\"baseline-bar\"").count - 1 == 10)
        #expect(html.components(separatedBy: "<rect class=\"bar").count - 1 == 10)
        #expect(html.contains("data-count=\"regressed\""))

        // Over budget and unchanged: FAIL for the budget alone.
        let over = try holoframe(Array(bench.dropLast(4)) + ["--budget-ms", "0.000001", "--progress", "none", "--baseline", "\(dir)/b.json",
                                                                 "--floor-ms", "1000"])
        #expect(over.status == 1 && lastLine(over) == "FAIL: 10 frames over the 0.00 ms budget", "\(over.stdout)\(over.stderr)")
    }

    @Test func aBaselineOfTheOldSchemaIsRefusedWithWhatToDo() throws {
        let dir = scratchFolder("bench-old-baseline"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"schema": 3, "clips": []}"#.utf8).write(to: URL(fileURLWithPath: "\(dir)/old.json"))
        let run = try holoframe(bench + ["--baseline", "\(dir)/old.json"])
        #expect(run.status == 2 && run.stdout.isEmpty)
        #expect(run.stderr.contains("has bench schema 3 (each frame the median of its runs, the runs not kept)"))
        #expect(run.stderr.contains("record a new baseline with --json"))
    }
}


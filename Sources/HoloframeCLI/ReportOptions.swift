// `--report DIR` (and the shared `--force`) for `golden verify` and `bench`: the page itself is made by the
// library (GoldenReviewPage, BenchReportPage); here only the options and the exit status.

import ArgumentParser
import Holoframe

struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a static HTML page to this folder (DIR/index.html, images beside it; works offline).",
                               valueName: "dir"))
    var report: String?

    @OptionGroup var forceOption: ForceOption

    var force: Bool { forceOption.force }

    /// The command as typed, named `holoframe` whatever path ran it.
    var command: [String] { ["holoframe"] + CommandLine.arguments.dropFirst() }

    /// Refuses early (exit 2) a folder that may not be written, before any work is done.
    func check() throws {
        guard let report else { return }
        try usage { try ReportFolder.checkWritable(report, force: force) }
    }

    /// Writes the page; a refusal is a usage error (exit 2), an I/O failure exit 1.
    func write(_ page: (String, Bool) throws -> Void) throws {
        guard let report else { return }
        try usage { try page(report, force) }
        printEscaped("report written to \(report)/index.html")
    }

    private func usage(_ body: () throws -> Void) throws {
        do { try body() } catch let error as ReportFolderError where error.isUsageError { throw ValidationError(error.description) }
    }
}

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// The repository's Golden/ folder.
let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden").path

/// Every golden in Golden/, rendered and compared. Record with HOLOFRAME_RECORD=missing|failed|all
/// (never in a normal run) or `holoframe golden record CLIP --frames …`.
@Suite struct GoldenImageTests {
    static let cases = GoldenCase.discover(root: goldenRoot)
    static let runner = GoldenRunner(store: GoldenStore(root: goldenRoot), pipeline: RenderPipeline(fonts: FontLibrary.shared))

    @Test(arguments: cases)
    func frameMatchesItsGolden(_ golden: GoldenCase) {
        for (_, verdict) in Self.runner.run([golden]) {
            let passed = verdict.passed
            #expect(passed, Comment(rawValue: verdict.fullMessage))
        }
    }

    @Test func goldensExistAndAreAllNamedByTheScheme() {
        #expect(!Self.cases.isEmpty, "no goldens found in \(goldenRoot)")
        #expect(GoldenCase.strayFiles(root: goldenRoot).isEmpty)
    }

    @Test func everyGoldenFolderIsABuiltInClip() {
        for clip in Set(Self.cases.map(\.clip)) {
            let argument = GoldenCase.clipArgument(forFolder: clip, goldenRoot: goldenRoot)
            let known = ClipCatalog.named(clip) != nil || FileManager.default.fileExists(atPath: argument)
            #expect(known, "Golden/\(clip) names no built-in clip and no examples/ file")
        }
    }

    @Test func everyBuiltInDesignHasGoldens() {
        let designs = Set(ClipCatalog.all.map { $0.defaults().design })
        let covered = Set(Self.cases.compactMap { ClipCatalog.named($0.clip)?.defaults().design })
        #expect(designs.subtracting(covered).isEmpty, "designs without goldens: \(designs.subtracting(covered).sorted())")
    }
}

/// Every file in examples/ renders, and has goldens (issue: "an example file per feature renders").
@Suite struct ExampleFileTests {
    static let examples: [String] = {
        let dir = (goldenRoot as NSString).deletingLastPathComponent + "/examples"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func thereAreExamples() { #expect(Self.examples.count >= 10) }

    @Test(arguments: examples)
    func exampleHasGoldens(_ file: String) {
        let folder = GoldenCase.examplePrefix + (file as NSString).deletingPathExtension
        #expect(!GoldenCase.discover(root: goldenRoot, clips: [folder]).isEmpty, "no goldens for examples/\(file) in Golden/\(folder)")
    }
}

import Foundation
import Testing
@testable import Holoframe

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
            #expect(verdict.passed, "\(verdict.message)")
        }
    }

    @Test func goldensExistAndAreAllNamedByTheScheme() {
        #expect(!Self.cases.isEmpty, "no goldens found in \(goldenRoot)")
        #expect(GoldenCase.strayFiles(root: goldenRoot).isEmpty)
    }

    @Test func everyGoldenFolderIsABuiltInClip() {
        for clip in Set(Self.cases.map(\.clip)) {
            #expect(ClipCatalog.named(clip) != nil, "Golden/\(clip) names no built-in clip")
        }
    }

    @Test func everyBuiltInDesignHasGoldens() {
        let designs = Set(ClipCatalog.all.map { $0.defaults().design })
        let covered = Set(Self.cases.compactMap { ClipCatalog.named($0.clip)?.defaults().design })
        #expect(designs.subtracting(covered).isEmpty, "designs without goldens: \(designs.subtracting(covered).sorted())")
    }
}

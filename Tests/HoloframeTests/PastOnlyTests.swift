// A frame shows only the past: state at frame k depends on inputs up to t = k / fps.
//
// For every built-in clip (and a few specs that stress the rule), the discrete events after frame
// N (taps, finger down and up, scroll taps, scrollTo; tab selections are taps) are removed, and
// frames 0…N must come out the same: the same `simulate` line and the same scene (equal scenes are
// equal pixels), and frame N rendered small the same pixels. Continuous tracks (device motion, the
// moves of a finger that is down at N) are kept: they interpolate toward their next point.
// N runs over the frame just before each discrete event. Event times within 1e-9 s of a frame instant
// count as at that instant (0.4 + 0.2 is 0.6000000000000001; the simulations snap such times).

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

enum PastOnly {
    /// The spec without the discrete events after `t`. A finger down at `t` keeps its later moves and
    /// loses its lift (it stays down); a touch that starts after `t` goes whole.
    static let tolerance = 1e-9

    static func truncated(_ spec: ClipSpec, after frameTime: Double) throws -> ClipSpec {
        let t = frameTime + tolerance
        var out = spec
        out.taps = spec.taps.filter { $0.time <= t }
        if var scroll = spec.scroll {
            var kept: [ScrollEvent] = []
            var fingerDown = false
            for event in scroll.script.events {
                switch event {
                case .fingerDown(let time, _):
                    if time <= t { kept.append(event); fingerDown = true }
                case .fingerMove:
                    if fingerDown { kept.append(event) }
                case .fingerUp(let time, _):
                    if time <= t { kept.append(event) }
                    fingerDown = false
                case .tap(let time), .scrollTo(let time, _, _):
                    if time <= t { kept.append(event) }
                }
            }
            scroll.script = try ScrollScript(kept)
            out.scroll = scroll
        }
        return out
    }

    /// Times of the discrete events in `spec`.
    static func discreteTimes(_ spec: ClipSpec) -> [Double] {
        var times = spec.taps.map(\.time)
        for event in spec.scroll?.script.events ?? [] {
            if case .fingerMove = event { continue }
            times.append(event.time)
        }
        return Array(Set(times)).sorted()
    }

    /// The last frame before each event: the largest N with N / fps < time.
    static func cutFrames(_ spec: ClipSpec) -> [Int] {
        let fps = Double(spec.fps)
        let frames = discreteTimes(spec).map { Int(($0 * fps - tolerance * fps).rounded(.up)) - 1 }
        return Array(Set(frames.filter { $0 >= 0 && $0 < spec.frameCount - 1 })).sorted()
    }

    /// (stateJSON, scene) of frames `range`, drawn as a run that starts at its first frame (a frame
    /// depends only on its time, so frames after a jump are the frames of a run from 0). Without
    /// the device chrome: the status bar's style is a function of the frame's own scene.
    static func frames(_ spec: ClipSpec, _ range: ClosedRange<Int>) throws -> [(String, Scene)] {
        let clip = try ClipCatalog.clip(for: spec).withoutChrome()
        let source = clip.frames()
        return range.map { let r = source.frame($0); return (r.stateJSON, r.scene) }
    }
}

/// A built-in clip's defaults, or a variation on them, by name for the test list.
struct PastOnlyCase: CustomTestStringConvertible, Sendable {
    var name: String
    var spec: ClipSpec
    var testDescription: String { name }

    static var all: [PastOnlyCase] {
        var cases = ClipCatalog.all.map { PastOnlyCase(name: $0.name, spec: $0.defaults()) }
        // The issue's case: a back tap long after the morph has settled; and High Contrast's border.
        var hero = HeroTransition.defaultSpec()
        hero.taps = [Tap(time: 0.5, target: "card:1"), Tap(time: 3.0, target: "back")]
        hero.duration = 4
        cases.append(PastOnlyCase(name: "hero (back at 3 s)", spec: hero))
        hero.environment.highContrast = true
        cases.append(PastOnlyCase(name: "hero (back at 3 s, High Contrast)", spec: hero))
        return cases
    }
}

@Suite struct PastOnlyTests {
    @Test(arguments: PastOnlyCase.all)
    func framesDoNotDependOnLaterDiscreteEvents(_ c: PastOnlyCase) throws {
        let cuts = PastOnly.cutFrames(c.spec)
        guard let lastCut = cuts.last else { return }   // a clip without discrete events has nothing to remove
        let full = try PastOnly.frames(c.spec, 0...lastCut)
        // Without the events after cut N, the frames since the cut before it (from 0 for the first
        // cut, which removes every event but those up to it) come out the same: a look-ahead shows
        // in the frames before the event it reads. (Checking 0…N for every N costs the square.)
        for (k, n) in cuts.enumerated() {
            let first = k == 0 ? 0 : cuts[k - 1] + 1
            let t = Double(n) / Double(c.spec.fps)
            let cut = try PastOnly.frames(PastOnly.truncated(c.spec, after: t), first...n)
            let firstDiffering = (first...n).first { full[$0].0 != cut[$0 - first].0 || full[$0].1 != cut[$0 - first].1 }
            #expect(firstDiffering == nil, """
                \(c.name): removing the discrete events after frame \(n) changes frame \(firstDiffering ?? -1)
                with them:    \(firstDiffering.map { full[$0].0 } ?? "")
                without them: \(firstDiffering.map { cut[$0 - first].0 } ?? "")
                """)
        }
    }

    /// Pixels too: frame N rendered small with and without the later events.
    @Test(arguments: PastOnlyCase.all.filter { $0.name.hasPrefix("hero") || $0.name == "titles" || $0.name == "reveal-chevron" })
    func lastFrameBeforeAnEventHasTheSamePixels(_ c: PastOnlyCase) throws {
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var spec = c.spec
        spec.device.scale = 0.25
        for n in PastOnly.cutFrames(spec) {
            let cut = try PastOnly.truncated(spec, after: Double(n) / Double(spec.fps))
            let a = try pipeline.renderFrame(n, of: ClipCatalog.clip(for: spec))
            let b = try pipeline.renderFrame(n, of: ClipCatalog.clip(for: cut))
            let same = a.bytes == b.bytes
            #expect(same, "\(c.name): frame \(n) differs in pixels without the events after it")
        }
    }
}

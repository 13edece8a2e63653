// The holographic title alone, timed (issue: "milliseconds per frame for the title 'Programs'
// (34 pt, bold) at 3x with tilt changing every frame"). Gated: asserts nothing, runs only with
//   HOLOFRAME_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter TitleBenchmark
// It draws the title component (shader fill, tilt layer, shadow) over a 1170×375 px strip,
// with roll and pitch changing every frame, and prints the median over 120 frames.

import Dispatch
import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct TitleBenchmark {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HOLOFRAME_BENCH"] == "1"))
    func programsTitleAt3x() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        var times: [Double] = []
        for k in 0..<120 {
            let t = Double(k) / 60
            let title = HolographicTitle("Programs", origin: Point(16, 96), roll: 0.15 * sin(t * 2.1),
                                         pitch: 0.15 * sin(t * 1.6), time: t, reduceMotion: false)
            let scene = Scene(size: Size(390, 125), background: Color(white: 0.95), root: [title.node])
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try renderer.render(scene, scale: 3)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let background = Scene(size: Size(390, 125), background: Color(white: 0.95), root: [])
        var empty: [Double] = []
        for _ in 0..<120 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try renderer.render(background, scale: 3)
            empty.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print(String(format: "title 'Programs' 34 pt bold at 3x, tilt changing every frame: median %.3f ms per frame " +
                     "(strip 1170×375 with the title), %.3f ms for the empty strip; min %.3f, max %.3f",
                     Percentile.median(times), Percentile.median(empty), times.min()!, times.max()!))
    }
}

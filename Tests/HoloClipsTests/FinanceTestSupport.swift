// Helpers for the finance clip tests (hero, celebration, parallax, gradients): run a clip's simulation and read its per-frame state JSON.

import Foundation
import HoloGeometry
import HoloMotion
@testable import HoloClips

struct FinanceClipFrame {
    var index: Int
    var time: Double
    var state: [String: Any]
    var record: FrameRecord
    func number(_ key: String) -> Double { (state[key] as? NSNumber)?.doubleValue ?? .nan }
    func string(_ key: String) -> String { state[key] as? String ?? "" }
}

func financeFrames(_ spec: ClipSpec, _ range: ClosedRange<Int>? = nil) throws -> [FinanceClipFrame] {
    let clip = try ClipCatalog.clip(for: spec)
    let source = clip.frames()
    let r = range ?? 0...(clip.frameCount - 1)
    return try r.map { k in
        let rec = source.frame(k, fps: clip.fps)
        let obj = try JSONSerialization.jsonObject(with: Data(rec.stateJSON.utf8)) as! [String: Any]
        return FinanceClipFrame(index: k, time: rec.time, state: obj, record: rec)
    }
}

func withEnvironment(_ spec: ClipSpec, mode: AnimationMode = .full, reduceMotion: Bool = false,
                     highContrast: Bool = false) -> ClipSpec {
    var s = spec
    s.environment.animationMode = mode
    s.environment.reduceMotion = reduceMotion
    s.environment.highContrast = highContrast
    return s
}

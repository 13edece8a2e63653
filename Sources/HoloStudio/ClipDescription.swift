// What the page needs to know of the version shown, as one JSON object (GET /clip): its timing
// and size, the environment and device it runs under with the choices the switches offer, and
// its inputs laid out on the timeline (scroll gestures, taps, device-motion tracks sampled).

import Foundation
import Holoframe

enum ClipDescription {
    /// Samples of a motion track drawn on the timeline (one every few frames, at most this many).
    static let motionSamples = 200

    static func json(_ version: ClipVersion, status: StudioStatus, watched: [String]) -> [String: Any] {
        let clip = version.clip, spec = version.spec
        let environment = spec.environment
        let duration = Double(clip.frameCount) / clip.fps
        return [
            "name": clip.name,
            "version": version.number,
            "error": status.error as Any? ?? NSNull(),
            "frameCount": clip.frameCount,
            "fps": clip.fps,
            "rate": "\(clip.rate)",
            "duration": duration,
            "width": clip.size.width, "height": clip.size.height,
            "pixelWidth": clip.pixelWidth, "pixelHeight": clip.pixelHeight,
            "scale": clip.scale,
            "deviceScale": version.deviceScale,
            "preparationMs": version.preparationMs,
            "device": spec.device.name,
            "environment": [
                "colorScheme": environment.colorScheme.rawValue,
                "dynamicTypeSize": environment.dynamicTypeSize.rawValue,
                "reduceMotion": environment.reduceMotion,
                "lowPower": environment.lowPower,
                "highContrast": environment.highContrast,
                "animationMode": environment.animationMode.rawValue,
            ] as [String: Any],
            "choices": [
                "colorScheme": ColorScheme.allCases.map(\.rawValue),
                "dynamicTypeSize": DynamicTypeSize.allCases.map(\.rawValue),
                "device": Device.presets.map(\.name),
            ],
            "inputs": inputs(spec, duration: duration, frameCount: clip.frameCount),
            "watching": watched.map { ($0 as NSString).lastPathComponent },
        ]
    }

    static func inputs(_ spec: ClipSpec, duration: Double, frameCount: Int) -> [String: Any] {
        let scroll: [[String: Any]] = (spec.scroll?.script.events ?? []).map { event in
            switch event {
            case .fingerDown(let t, let y): return ["type": "down", "time": t, "y": y]
            case .fingerMove(let t, let y, _): return ["type": "move", "time": t, "y": y]
            case .fingerUp(let t, let v): return ["type": "up", "time": t, "velocity": v as Any? ?? NSNull()]
            case .tap(let t): return ["type": "tap", "time": t]
            case .scrollTo(let t, let offset, let animated): return ["type": "scrollTo", "time": t, "offset": offset, "animated": animated]
            }
        }
        let taps: [[String: Any]] = spec.taps.map { ["time": $0.time, "target": $0.target] }
        var motion: [String: Any] = [:]
        for (name, track) in [("roll", spec.motion.roll), ("pitch", spec.motion.pitch)] where track != .zero {
            let n = max(2, min(motionSamples, frameCount))
            motion[name] = (0..<n).map { i -> [Double] in
                let t = duration * Double(i) / Double(n - 1)
                return [t, track.value(at: t)]
            }
        }
        return ["scroll": scroll, "taps": taps, "motion": motion]
    }

    static func data(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}

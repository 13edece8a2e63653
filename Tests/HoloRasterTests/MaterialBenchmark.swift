// Timings, not a test: runs only with HOLORASTER_BENCH=1 and asserts nothing.
//   HOLORASTER_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter MaterialBenchmark
//
// The synthetic scene the material work is measured on: a 1170×2532 frame of busy content (cards
// with gradients and text-like stripes, as the demo scrolls them) under an ultraThin light header
// bar of 390×125 pt at 3x, the shape the titles design's collapsing header uses.

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
import HoloRaster

#if canImport(Glibc)
import Glibc
#endif

private func medianMilliseconds(_ runs: Int = 9, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        var t0 = timespec(), t1 = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t0)
        body()
        clock_gettime(CLOCK_MONOTONIC, &t1)
        times.append(Double(t1.tv_sec - t0.tv_sec) * 1e3 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6)
    }
    return times.sorted()[runs / 2]
}

/// Busy content behind the bar: coloured cards, gradient capsules and thin dark stripes.
func materialBenchBackdrop() -> Canvas {
    var c = Canvas(width: 1170, height: 2532, scale: 3)
    c.clear(to: Color(hex: 0xF2F2F7))
    let accents = [Color(hex: 0x5E5CE6), Color(hex: 0xFF375F), Color(hex: 0x30D158), Color(hex: 0xFF9F0A)]
    for i in 0..<8 {
        let y = -40 + Double(i) * 146
        let card = Rect(x: 16, y: y, width: 358, height: 132)
        c.fill(.roundedRect(card, cornerRadius: 20, style: .continuous), transform: c.pixelTransform, paint: .solid(.white))
        c.fill(.circle(center: Point(56, y + 42), radius: 24), transform: c.pixelTransform,
               paint: .angularGradient(stops: Paint.evenStops([accents[i % 4], accents[(i + 1) % 4], accents[i % 4]]),
                                       center: Point(56, y + 42), startAngle: 0, endAngle: 2 * .pi))
        for k in 0..<3 {
            c.fill(.rect(Rect(x: 94, y: y + 26 + Double(k) * 14, width: 180 - Double(k) * 40, height: 5)),
                   transform: c.pixelTransform, paint: .solid(Color(hex: 0x1C1C1E)))
        }
        c.fill(.capsule(Rect(x: 32, y: y + 102, width: 326 * (0.3 + 0.1 * Double(i)), height: 10)), transform: c.pixelTransform,
               paint: .linearGradient(stops: Paint.evenStops([accents[i % 4], accents[(i + 2) % 4]]),
                                      start: Point(32, 0), end: Point(358, 0)))
    }
    return c
}

@Suite(.enabled(if: getenv("HOLORASTER_BENCH") != nil)) struct MaterialBenchmark {
    @Test func ultraThinHeaderBar() {
        let backdrop = materialBenchBackdrop()
        let bar = backdrop.coverage(of: .rect(Rect(x: 0, y: 0, width: 390, height: 125)), transform: backdrop.pixelTransform)
        var c = backdrop
        let material = medianMilliseconds {
            c = backdrop
            c.applyMaterial(.ultraThin, scheme: .light, in: bar)
        }
        let copy = medianMilliseconds { c = backdrop; c.withMutableWords { $0[0] = 1 } }
        let blur = medianMilliseconds {
            _ = backdrop.gaussianBlurred(sigma: 22.5 * 3, region: BlurRegion(x: 0, y: 0, width: 1170, height: 375))
        }
        func f(_ v: Double) -> String { String((v * 100).rounded() / 100) }
        print("BENCH ultraThin light bar 1170×375 px over busy content: material \(f(material - copy)) ms (blur alone \(f(blur)) ms)")
    }
}

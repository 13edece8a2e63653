// Timings, not a test: runs only with HOLORASTER_BENCH=1 and asserts nothing.
//   HOLORASTER_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter RasterBenchmark

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
import HoloRaster

#if canImport(Glibc)
import Glibc
#endif

private func milliseconds(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<7 {
        var t0 = timespec(), t1 = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t0)
        body()
        clock_gettime(CLOCK_MONOTONIC, &t1)
        best = min(best, Double(t1.tv_sec - t0.tv_sec) * 1e3 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6)
    }
    return best
}

@Suite(.enabled(if: getenv("HOLORASTER_BENCH") != nil)) struct RasterBenchmark {
    @Test func fullScreenFills() {
        var c = Canvas(width: 1170, height: 2532, scale: 3)
        let screen = Rect(x: 0, y: 0, width: 390, height: 844)
        let solid = milliseconds { c.fill(.rect(screen), transform: c.pixelTransform, paint: .solid(Color(hex: 0x1C1C1E))) }
        let translucent = milliseconds {
            c.fill(.rect(screen), transform: c.pixelTransform, paint: .solid(Color(hex: 0x1C1C1E, alpha: 0.5)))
        }
        let gradient = milliseconds {
            c.fill(.rect(screen), transform: c.pixelTransform,
                   paint: .linearGradient(stops: Paint.evenStops([Color(hex: 0x0A84FF), Color(hex: 0x5E5CE6)]),
                                          start: Point(0, 0), end: Point(0, 844)))
        }
        let diagonal = milliseconds {
            c.fill(.rect(screen), transform: c.pixelTransform,
                   paint: .linearGradient(stops: Paint.evenStops([Color(hex: 0x0A84FF), Color(hex: 0x5E5CE6, alpha: 0.9)]),
                                          start: Point(0, 0), end: Point(390, 844)))
        }
        let cards = milliseconds {
            for i in 0..<20 {
                c.fill(.roundedRect(Rect(x: 35, y: 10 + Double(i) * 120, width: 1100, height: 300), cornerRadius: 60,
                                    style: .continuous), transform: .identity, paint: .solid(Color(hex: 0x2C2C2E)))
            }
        }
        let coverageOnly = milliseconds {
            for i in 0..<20 {
                _ = c.coverage(of: .roundedRect(Rect(x: 35, y: 10 + Double(i) * 120, width: 1100, height: 300),
                                                cornerRadius: 60, style: .continuous), transform: .identity)
            }
        }
        let circle = milliseconds {
            c.fill(.circle(center: Point(585, 1266), radius: 500), transform: .identity, paint: .solid(Color(hex: 0xFF9F0A, alpha: 0.8)))
        }
        func f(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
        print("BENCH solid opaque full screen \(f(solid)) ms · solid 50% \(f(translucent)) ms · vertical linear gradient \(f(gradient)) ms · diagonal translucent gradient \(f(diagonal)) ms · 20 continuous cards 1100×300 \(f(cards)) ms (coverage masks only \(f(coverageOnly)) ms) · circle r=500 px 80% \(f(circle)) ms")
    }
}

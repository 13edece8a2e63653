// One benchmark per raster kernel, each a small scene rendered at 3x so the kernel dominates, plus
// PNG encoding and whole frames of a few clips (raster only, the scene built once: a steady-state
// frame). Metrics per iteration: wall clock, instructions (where the kernel lets perf count
// them), mallocs. The committed thresholds (Thresholds/, p90) hold mallocs exactly and
// instructions within 5 %; wall time is noise on a shared machine, so it is held only against a
// tenfold slowdown. Names have no spaces: package-benchmark 1.38.1 writes threshold files with
// spaces turned into underscores but reads them back by the raw name.

import Benchmark
import Holoframe

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 40,
        thresholds: [
            .instructions: BenchmarkThresholds(relative: [.p90: 5.0]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0]),
            .wallClock: BenchmarkThresholds(relative: [.p90: 900.0]),
        ]
    )

    let renderer = SceneRenderer(fonts: .shared)
    let strip = Size(390, 200)
    let card = Rect(x: 20, y: 20, width: 350, height: 160)
    let colors = [Color(hex: 0x5856D6), Color(hex: 0xFF2D55), Color(hex: 0xFFCC00)]
    let backdrop: [Node] = [
        .fill(.rect(Rect(x: 0, y: 0, width: 390, height: 200)),
              .linearGradient(stops: Paint.evenStops(colors), start: Point(0, 0), end: Point(390, 200))),
        .text(TextRun("Backdrop under glass", font: .title, origin: Point(24, 110)), .solid(.black)),
    ]

    /// Renders `nodes` over a light background at 3x (1170×600 px), every iteration.
    func rasterBenchmark(_ name: String, _ nodes: [Node]) {
        let scene = Scene(size: strip, background: Color(white: 0.95), root: nodes)
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(scene, scale: 3)) }
        }
    }

    rasterBenchmark("blur-20pt-1170x600", [.group(Group(backdrop, blur: 20))])
    rasterBenchmark("material-ultraThin-over-gradient-1170x600",
                    backdrop + [.material(.roundedRect(card, cornerRadius: 24, style: .continuous), .ultraThin, .light)])
    rasterBenchmark("gradients-linear-radial-angular-1170x600", [
        .fill(.rect(Rect(x: 0, y: 0, width: 130, height: 200)),
              .linearGradient(stops: Paint.evenStops(colors), start: Point(0, 0), end: Point(130, 200))),
        .fill(.rect(Rect(x: 130, y: 0, width: 130, height: 200)),
              .radialGradient(stops: Paint.evenStops(colors), center: Point(195, 100), startRadius: 0, endRadius: 120)),
        .fill(.rect(Rect(x: 260, y: 0, width: 130, height: 200)),
              .angularGradient(stops: Paint.evenStops(colors), center: Point(325, 100), startAngle: 0, endAngle: 6.283)),
    ])
    rasterBenchmark("text-six-lines-1170x600", (0..<6).map { i in
        .text(TextRun("Line \(i): the quick brown fox jumps over", font: i % 2 == 0 ? .body : .headline,
                      origin: Point(16, 28 + Double(i) * 30)), .solid(.black))
    })
    rasterBenchmark("shader-holographic-1170x600", [
        .fill(.roundedRect(card, cornerRadius: 24, style: .continuous),
              .shader(ShaderPaint(bounds: card, program: HolographicTextEffect(roll: 0.2, pitch: -0.1, time: 1.5)))),
    ])

    // PNG encoding of one full frame (fast settings, as `render` writes).
    let frame: Canvas = {
        let clip = try! ClipResolver.resolve("demo")
        return try! renderer.render(clip.frames().scene(60).scene, scale: clip.scale)
    }()
    Benchmark("png-encode-fast-demo-60-1170x2532") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PNG.encode(frame, options: .fast)) }
    }

    // Whole frames, raster only: the scene is built once, so each iteration is a steady-state frame.
    for (clipName, index) in [("demo", 60), ("titles-home", 90), ("waveform", 100)] {
        let clip = try! ClipResolver.resolve(clipName)
        let scene = clip.frames().scene(index).scene
        Benchmark("frame-\(clipName)-\(index)-\(clip.pixelWidth)x\(clip.pixelHeight)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try renderer.render(scene, scale: clip.scale)) }
        }
    }
}

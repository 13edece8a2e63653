// swift-tools-version:6.0
// Holoframe: renders scroll- and motion-driven iOS UI animations frame by frame on the CPU.
//
// Flow is one-directional; each target imports only the ones to its left:
//   HoloGeometry ─► HoloDevices (screens by name) ─► HoloMotion (clip, simulation) ─► HoloScene ─► HoloText ─► HoloRaster
//   HoloGeometry ─► HoloPixels (the canvas, pixel arithmetic) ─► HoloRaster, HoloPNG ─► HoloGolden
//   HoloPNG and HoloGolden need only HoloPixels, so writing and comparing PNGs links no fonts, shaping or ICU.
//   HoloText (fonts, shaping, measurement, paragraph layout) is imported by HoloRaster (glyph masks), HoloLayout and HoloClips.
//   HoloLayout (SwiftUI's layout: propose, choose, place) imports HoloText to measure; HoloClips' containers call it.
//   HoloClips builds scenes from simulated state; HoloExport (the render pipeline, output files, raw frames,
//   contact sheets, videos through a spawned ffmpeg) imports every layer; HoloVerify (goldens, bench,
//   baseline verdicts, report pages) imports HoloExport.
//   Holoframe only re-exports HoloExport, HoloVerify and the layers, so `import Holoframe` stays the one
//   import for users, HoloframeTesting, HoloframeUI, HoloStudio, the CLI and examples/consumer, while each
//   job's module builds, and is read, on its own.
//   HoloframeUI (SwiftUI-shaped views) builds HoloClips' view trees; it re-exports HoloframeTesting.
//   HoloStudio (`holoframe studio`: its own bounded HTTP/1.1 server and its page) imports Holoframe; only the CLI imports it.
//   HoloMSL (users' .metal shaders on the CPU) imports HoloStop and HoloGeometry (for its lock), and
//   HoloShaders (the built-in shaders' hand-written ports) imports nothing; HoloClips makes both into
//   HoloScene's ColorEffectProgram, the only way HoloScene and HoloRaster see a shader.
//   HoloStop (a frame's deadline and cancellation, polled inside the raster and shader loops) imports nothing.
import PackageDescription

let package = Package(
    name: "Holoframe",
    platforms: [.macOS(.v15)],
    products: [
        // The target is HoloframeCLI, not `holoframe`: on a case-insensitive file system (a Mac's
        // default) Sources/holoframe and Sources/Holoframe, and their build products, are one name.
        .executable(name: "holoframe", targets: ["HoloframeCLI"]),
        .library(name: "Holoframe", targets: ["Holoframe"]),
        // Golden and frame-time expectations for other packages' tests (Swift Testing and XCTest).
        .library(name: "HoloframeTesting", targets: ["HoloframeTesting"]),
        // Views written as SwiftUI writes them, drawn through the clip files' layout (docs/layout.md, "The Swift module").
        .library(name: "HoloframeUI", targets: ["HoloframeUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found through pkg-config (Debian: libpng-dev, libfreetype-dev, libisal-dev, libharfbuzz-dev, libfontconfig-dev, libicu-dev).
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Intel ISA-L (Debian: libisal-dev): the fast PNG profile's deflate, CRC-32 and Adler-32.
        // Text shaping (GPOS/GSUB kerning, ligatures, complex scripts) and finding fonts by family (HoloText).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // ICU (Debian: libicu-dev): Unicode line breaking and bidi for HoloText, through a C shim
        // because ICU's C names are versioned macros (ubrk_open is ubrk_open_72) Swift cannot import.
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // libpng reports errors with longjmp; this C shim owns every setjmp so Swift only sees return codes.
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        // What the CPU can run (SSSE3, AVX2, …), asked once for every C kernel target below.
        .target(name: "CCPUFeatures"),
        // The fast PNG profile's row kernels (unpremultiply, pack, filter: SIMD) and ISA-L deflate calls.
        .target(name: "CPNGFast", dependencies: ["CISAL", "CCPUFeatures"]),
        // HoloRaster's pixel loops in C: the box and exact Gaussian blur passes, the blur's down- and
        // upsampling, bilinear resampling, radial and angular gradient spans, source-over, layer
        // compositing, group opacity and mask products. Each is built for the default target
        // (SSE2 on x86-64, NEON on aarch64) and, where it pays, for AVX2, chosen at run time.
        .target(name: "CPixelKernels", dependencies: ["CCPUFeatures"]),
        // C only the tests call (a stack scribbler); no product depends on it.
        .target(name: "CKernelTestSupport", path: "Tests/CKernelTestSupport"),
        // Declarations only: the kernels' test entry points (each runs one build of a kernel, defined
        // in the kernel's own file), kept out of the public headers; only test targets depend on it.
        .target(name: "CKernelTestHooks", dependencies: ["CPixelKernels", "CPNGFast"], path: "Tests/CKernelTestHooks"),

        .target(name: "HoloStop"),
        .target(name: "HoloGeometry"),
        // Device presets: screens by name, with their safe areas, corners and cutouts.
        .target(name: "HoloDevices", dependencies: ["HoloGeometry"]),
        .target(name: "HoloMotion", dependencies: ["HoloGeometry", "HoloDevices"]),
        .target(name: "HoloScene", dependencies: ["HoloGeometry"]),
        // Users' SwiftUI [[ stitchable ]] Metal shaders, read and run on the CPU (imports HoloStop, and HoloGeometry for Locked).
        .target(name: "HoloMSL", dependencies: ["HoloStop", "HoloGeometry"]),
        // HolographicText.metal is embedded as bytes (HolographicTextSource) so HoloMSL can run the shipped source.
        .target(name: "HoloShaders", path: "Shaders", resources: [.embedInCode("HolographicText.metal")]),
        // Text: fonts (fontconfig, FreeType), shaping (HarfBuzz), measurement and paragraph layout (line breaking
        // and bidi through ICU): what HoloRaster draws and HoloClips lays out with.
        .target(name: "HoloText", dependencies: ["HoloStop", "HoloGeometry", "HoloScene", "CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim"]),
        // Layout as SwiftUI does it (stacks, frames, padding, text that sizes itself, scroll views):
        // a view tree in, frames out. HoloClips' clip-file containers call it.
        .target(name: "HoloLayout", dependencies: ["HoloGeometry", "HoloMotion", "HoloScene", "HoloText"]),
        // The canvas (premultiplied RGBA8 words), its pixel arithmetic and the straight-alpha passes:
        // what HoloRaster draws into and HoloPNG and HoloGolden read, so neither of those two needs
        // the rasterizer or its text stack (FreeType, HarfBuzz, ICU).
        .target(name: "HoloPixels", dependencies: ["HoloGeometry"]),
        .target(name: "HoloRaster", dependencies: ["HoloStop", "HoloGeometry", "HoloScene", "HoloText", "HoloPixels", "CPixelKernels"]),
        .target(name: "HoloPNG", dependencies: ["HoloStop", "HoloGeometry", "HoloPixels", "CPNGShim", "CPNGFast"]),
        .target(name: "HoloGolden", dependencies: ["HoloGeometry", "HoloPixels", "HoloPNG"]),
        .target(name: "HoloClips", dependencies: ["HoloGeometry", "HoloDevices", "HoloMotion", "HoloScene", "HoloText", "HoloLayout", "HoloMSL", "HoloShaders"]),
        // Making outputs: clip resolution, the render pipeline and run planner, output files and
        // their safety, raw frames, state lines, contact sheets and videos (through a spawned ffmpeg).
        .target(name: "HoloExport", dependencies: [
            "HoloStop", "HoloMSL",
            "HoloGeometry", "HoloDevices", "HoloMotion", "HoloScene", "HoloText", "HoloPixels", "HoloRaster", "HoloPNG", "HoloGolden", "HoloClips",
        ]),
        // Checking outputs: goldens, bench, baseline comparison and verdicts, the HTML report pages.
        .target(name: "HoloVerify", dependencies: ["HoloExport"]),
        // What users import: only @_exported imports of the modules above (Exports.swift).
        .target(name: "Holoframe", dependencies: ["HoloExport", "HoloVerify"]),
        .target(name: "HoloframeTesting", dependencies: ["Holoframe"]),
        // SwiftUI-shaped views (View, VStack, Text, .padding, .animation(_:value:), …) that build HoloClips'
        // ViewSpec trees. It re-exports HoloframeTesting so one `import HoloframeUI` gives views and
        // expectations, its Color, Font, Animation, … shadowing Holoframe's (docs/layout.md says why).
        .target(name: "HoloframeUI", dependencies: ["HoloframeTesting", "Holoframe", "HoloClips", "HoloLayout"]),
        // `holoframe studio`: the preview server and its page. Only the CLI depends on it.
        // Its HTTP server is its own (POSIX sockets): FlyingFox 0.27.1 had none of the bounds a local
        // server needs against a hostile page or client (issue 41, docs/studio.md "Why its own server").
        .target(name: "HoloStudio", dependencies: ["Holoframe"], resources: [.embedInCode("Resources/studio.html")]),
        .executableTarget(name: "HoloframeCLI", dependencies: [
            "Holoframe", "HoloStudio",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "HoloGeometryTests", dependencies: ["HoloGeometry"]),
        .testTarget(name: "HoloMotionTests", dependencies: ["HoloMotion"]),
        .testTarget(name: "HoloShadersTests", dependencies: ["HoloShaders"]),
        .testTarget(name: "HoloMSLTests", dependencies: ["HoloMSL", "HoloShaders", "HoloStop"]),
        .testTarget(name: "HoloTextTests", dependencies: ["HoloText", "HoloScene"]),
        .testTarget(name: "HoloLayoutTests", dependencies: ["HoloLayout", "HoloText", "HoloScene", "HoloMotion"]),
        .testTarget(name: "HoloRasterTests", dependencies: ["HoloPixels", "HoloRaster", "HoloScene", "HoloClips", "CPixelKernels", "CKernelTestHooks"]),
        .testTarget(name: "HoloPNGTests", dependencies: ["HoloPixels", "HoloPNG", "CKernelTestSupport", "CKernelTestHooks"]),
        .testTarget(name: "HoloGoldenTests", dependencies: ["HoloPixels", "HoloGolden", "HoloPNG"]),
        .testTarget(name: "HoloClipsTests", dependencies: ["HoloClips", "HoloDevices", "HoloText", "HoloShaders"], exclude: ["__Geometry__"]),
        .testTarget(name: "HoloframeTests", dependencies: ["Holoframe", "HoloExport", "HoloVerify", "HoloPixels", "HoloMSL", "HoloShaders"]),
        .testTarget(name: "HoloframeTestingTests", dependencies: ["HoloframeTesting", "HoloExport", "HoloVerify"], exclude: ["__Goldens__"]),
        .testTarget(name: "HoloframeUITests", dependencies: ["HoloframeUI"], exclude: ["__Goldens__"]),
        .testTarget(name: "HoloStudioTests", dependencies: ["HoloStudio"]),
        .testTarget(name: "CLITests", dependencies: ["HoloPNG"]),
    ]
)

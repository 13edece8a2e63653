import ArgumentParser
import Foundation
import Holoframe

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a clip as numbered PNG frames (or raw RGBA on stdout).",
        discussion: """
            Files are named frame-00000.png, frame-00001.png, … so that ffmpeg reads them with \
            -i DIR/frame-%05d.png. Each file is written to a temporary name and renamed into place, \
            so an interrupted run never leaves a truncated PNG under a final name.

            Examples:
              holoframe render demo --out frames/demo
              holoframe render demo --frames 0-59 --scale 1 --out frames/preview
              holoframe render titles --frames 0,150,300 --scale 1 --out frames/keys
              holoframe render titles --frames 114 --reference --out frames/reference
              holoframe render gradients --show-damage --scale 1 --out frames/damage
              holoframe render my-clip.json --duration 2 --device iphone-se --out frames/mine
              holoframe render demo --format raw | ffmpeg -f rawvideo -pix_fmt rgba -s 1170x2532 -r 60 -i - demo.mp4
            """)

    @OptionGroup var clipOptions: ClipOptions

    @Option(name: .shortAndLong, help: "Folder for the PNG frames (default: frames/CLIP).")
    var out: String?

    @Option(help: "png: numbered files; raw: RGBA8 frames back to back on stdout.")
    var format: OutputFormat = .png

    @Option(help: "Worker threads for raster and encoding (default: all cores). Output is identical for any count.")
    var threads: Int?

    @Option(help: ArgumentHelp("PNG writer, both lossless. Measured cost of each:",
                               discussion: PNGProfile.allCases.map { "\($0): \($0.summary)" }.joined(separator: "\n")))
    var png: PNGProfile = .fast

    @Option(help: "Also write each frame's simulated state, one JSON object per line, to this file.")
    var state: String?

    @Option(help: "A TrueType font file to use for all text, instead of DejaVu Sans.")
    var font: String?

    @OptionGroup var forceOption: ForceOption
    var force: Bool { forceOption.force }

    @Flag(help: "Keep the frame files already in --out and render only the missing ones (after an interrupted run).")
    var resume = false

    @Option(help: "Render only slice K of N (1-based), e.g. 2/4, for splitting a clip across machines; files are named as in a full render.")
    var shard: String?

    @Option(help: "How --shard slices the frames: contiguous runs or every N-th frame.")
    var shardMode: Shard.Mode = .contiguous

    @Flag(help: "Render with the reference renderer: slow and obviously right (exact Gaussian blurs, no caches), for checking the fast one.")
    var reference = false

    @Flag(help: "Tint the rows each frame redrew (its damage) magenta, as Chromium's paint flashing does: what each frame cost. The first frame of each run of consecutive frames is drawn whole.")
    var showDamage = false

    @Option(help: "Instead of frame files, write one PNG tiling frames sampled from the range, labelled.")
    var contactSheet: String?

    @Option(help: "How many frames the contact sheet samples, evenly spread.")
    var sheetFrames: Int = 12

    @Option(help: "Columns of the contact sheet.")
    var sheetColumns: Int = 6

    func validate() throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be from 1 to 256 (got \(threads))") }
        if format == .raw && out != nil { throw ValidationError("--out is for PNG output; raw frames go to stdout") }
        // As gzip does: binary frames are not written to a terminal unless asked.
        if format == .raw && contactSheet == nil && isatty(STDOUT_FILENO) == 1 && !force {
            throw ValidationError("--format raw writes binary frames to standard output, which is a terminal; " +
                                  "pipe it (| ffmpeg -f rawvideo …) or redirect it (> frames.rgba), or give --force")
        }
        if contactSheet != nil && (format == .raw || out != nil) {
            throw ValidationError("--contact-sheet writes one PNG; it does not go with --out or --format raw")
        }
        if force && resume { throw ValidationError("give --force or --resume, not both") }
        if contactSheet != nil && (shard != nil || resume || state != nil) {
            throw ValidationError("--contact-sheet writes one PNG; it does not go with --shard, --resume or --state")
        }
        if let shard { do { _ = try Shard(parsing: shard, mode: shardMode) } catch { throw ValidationError("--shard: \(error)") } }
        if !(1...400).contains(sheetFrames) { throw ValidationError("--sheet-frames must be from 1 to 400") }
        if !(1...50).contains(sheetColumns) { throw ValidationError("--sheet-columns must be from 1 to 50") }
    }

    func run() throws {
        let (clip, frames, inputs) = try clipOptions.resolve()
        if let font { try inputs.checkFile(font, what: "the --font file") }
        if let state {
            try OutputPolicy.checkFile(state, option: "--state", force: force, inputs: inputs)
            if format == .png { try OutputPolicy.checkNotOwnFile(state, option: "--state", outputFolder: out ?? "frames/\(clip.name)") }
        }
        if showDamage && (reference || contactSheet != nil) {
            throw ValidationError("--show-damage shows what the fast renderer redrew frame by frame; it does not go with --reference or --contact-sheet")
        }
        if let contactSheet { try OutputPolicy.checkFile(contactSheet, option: "--contact-sheet", force: force, inputs: inputs) }
        var request = RenderRequest(clip: clip, frames: frames)
        request.format = format
        request.outputDirectory = out ?? "frames/\(clip.name)"
        if let threads { request.threads = threads }
        request.pngProfile = png
        request.showDamage = showDamage
        request.statePath = state
        request.shard = try shard.map { try Shard(parsing: $0, mode: shardMode) }
        request.existing = force ? .overwrite : (resume ? .skip : .refuse)
        request.inputs = inputs
        let fonts = try FontOptions.library(override: font)
        let device = try ClipResolver.deviceName(clipOptions.clip, overrides: clipOptions.overrides(), inputs: inputs)
        request.record = RenderRecord(clip: clip, device: device, inputs: RenderRecord.inputs(read: inputs, fonts: fonts), reference: reference)
        let cancellation = CancellationFlag()
        request.cancellation = cancellation
        let signals = SignalWatch(cancellation)
        defer { signals.stop() }
        var pipeline = RenderPipeline(fonts: fonts, reference: reference)
        pipeline.maxMemoryPerFrame = clipOptions.limitOptions.maxMemory
        let shownName = Printable.escaped(clip.name), shownOut = Printable.escaped(request.outputDirectory)
        if let sheet = contactSheet {
            do {
                let made = try pipeline.writeContactSheet(of: clip, frames: frames.frames, count: sheetFrames, columns: sheetColumns,
                                                          to: sheet, profile: png, threads: request.threads,
                                                          limits: clipOptions.limitOptions.limits(), cancellation: cancellation)
                StandardStreams.err("wrote a contact sheet of \(made.frames) frames (\(made.width)×\(made.height)) to \(Printable.escaped(sheet))\n")
            } catch let interrupted as RenderInterrupted {
                StandardStreams.err("\(interrupted)\n")
                throw ExitCode(signals.received == SIGTERM ? 143 : 130)
            }
            return
        }

        let total = request.selectedFrames.count
        let showProgress = isatty(STDERR_FILENO) == 1 && request.format == .png
        let report: RenderReport
        do {
            report = try pipeline.run(request, rawOutput: request.format == .raw ? FileHandle.standardOutput : nil) { done in
                if showProgress { StandardStreams.err("\rrendering \(shownName): \(done)/\(total) frames") }
            }
        } catch let interrupted as RenderInterrupted {
            if showProgress { StandardStreams.err("\n") }
            StandardStreams.err("\(interrupted)\n")
            throw ExitCode(signals.received == SIGTERM ? 143 : 130)
        }
        if showProgress { StandardStreams.err("\n") }
        if request.format == .png {
            let fps = Double(report.framesWritten) / max(report.seconds, 1e-9)
            StandardStreams.err(String(
                format: "wrote %d frames (%d×%d) to %@ in %.2f s (%.1f frames/s)\n",
                report.framesWritten, clip.pixelWidth, clip.pixelHeight, shownOut, report.seconds, fps))
        }
    }
}

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each frame's simulated state as one JSON object per line, without rendering pixels.",
        discussion: """
            Example:
              holoframe simulate demo --frames 0-90
            """)

    @OptionGroup var clipOptions: ClipOptions

    func run() throws {
        let (clip, frames, _) = try clipOptions.resolve()
        try clip.stateLines(frames.frames) { try StandardStreams.out($0) }
    }
}

/// SIGINT and SIGTERM ask the render to stop: frames in flight finish (each file is complete or
/// absent), no new frame starts. A second signal ends the process at once.
final class SignalWatch: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var last: Int32 = 0
    var received: Int32 { lock.lock(); defer { lock.unlock() }; return last }

    init(_ cancellation: CancellationFlag) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                let again = self.last != 0
                self.last = sig
                self.lock.unlock()
                if again { Glibc._exit(128 + sig) }
                StandardStreams.err("\nstopping after the frames in flight (signal again to stop at once)…\n")
                cancellation.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    func stop() {
        for s in sources { s.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

import ArgumentParser
import Foundation
import Holoframe

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a clip as numbered PNG frames, a video through ffmpeg, or raw RGBA on stdout.",
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
              holoframe render demo --scale 1 --video demo.mp4
              holoframe render titles --scale 0.5 --video titles.gif --out frames/titles
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

    @Option(help: ArgumentHelp("The font for text that names no family: a font file (.ttf/.otf) or a family name (`fc-list : family`), instead of Inter.",
                               discussion: "A file draws every weight (heavier weights synthesized by emboldening); a family uses its own cuts. Text with a \"family\" keeps it; missing characters still fall back to DejaVu Sans, Noto Sans CJK, Noto Color Emoji."))
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

    @Option(help: ArgumentHelp("Also make a video with ffmpeg: .mp4 (H.264), .mov (ProRes 4444 with alpha), .webm (VP9), .gif (one palette) or .apng. Without --out only the video is written; with --out the PNG frames too.",
                               discussion: "Formats without alpha show frames over black; .mp4 pads an odd width or height to even by repeating the last column or row."))
    var video: String?

    @Option(help: "The ffmpeg for --video (default: ffmpeg on PATH; Debian's package is ffmpeg).")
    var ffmpeg: String?

    @Option(help: ArgumentHelp("Seconds ffmpeg may hold frames (or finish the file) without reading or writing a byte before it is stopped (--video).",
                               valueName: "seconds"))
    var ffmpegTimeout: Double = FFmpegVideo.defaultStallSeconds

    @OptionGroup var progressOptions: ProgressOptions

    @Option(help: "Instead of frame files, write one PNG tiling frames sampled from the range, labelled.")
    var contactSheet: String?

    @Option(help: "How many frames the contact sheet samples, evenly spread.")
    var sheetFrames: Int = 12

    @Option(help: "Columns of the contact sheet.")
    var sheetColumns: Int = 6

    @Option(help: "Stop before the frames written (PNG files, or raw frames on standard output) would pass this many bytes, and fail (default: no limit).")
    var maxOutput: Int?

    @Option(help: "Stop before a frame would leave less than this many bytes free on the output's file system (0: not checked).")
    var minFree: Int = Limits().minFreeBytes

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
        if let video {
            guard VideoContainer(path: video) != nil else {
                throw ValidationError("--video \(video): the file's extension names the format; use one of \(VideoContainer.extensions)")
            }
            // One encoder run makes the whole file in frame order: nothing to resume, split or sample.
            let clash = [(resume, "--resume"), (shard != nil, "--shard"), (contactSheet != nil, "--contact-sheet"), (format == .raw, "--format raw")]
            if let (_, option) = clash.first(where: { $0.0 }) {
                throw ValidationError("--video makes one file from every selected frame in order; it does not go with \(option)")
            }
        }
        if ffmpeg != nil && video == nil { throw ValidationError("--ffmpeg is the ffmpeg for --video; give --video too") }
        if !(ffmpegTimeout > 0 && ffmpegTimeout.isFinite) { throw ValidationError("--ffmpeg-timeout must be more than 0 seconds") }
        if !(1...400).contains(sheetFrames) { throw ValidationError("--sheet-frames must be from 1 to 400") }
        if !(1...50).contains(sheetColumns) { throw ValidationError("--sheet-columns must be from 1 to 50") }
        if let maxOutput, maxOutput < 1 { throw ValidationError("--max-output must be at least 1 byte") }
        if minFree < 0 { throw ValidationError("--min-free must be 0 (not checked) or more bytes") }
    }

    func run() throws {
        // Before any work: no ffmpeg, no render.
        let ffmpegPath: String?
        do { ffmpegPath = try video.map { _ in try FFmpegLocator.find(explicit: ffmpeg) } } catch let error as ClipUsageError {
            throw ValidationError(error.description)
        }
        let cancellation = CancellationFlag()
        let signals = SignalWatch(cancellation)
        defer { signals.stop() }
        let limits = clipOptions.limitOptions.limits()
        let (clip, frames, inputs) = try loadClip(limits: limits, signals: signals, cancellation: cancellation)
        try checkOutputs(clip: clip, inputs: inputs)
        var (request, fonts) = try makeRequest(clip: clip, frames: frames, inputs: inputs, cancellation: cancellation)
        request.maxTime = limits.maxTime
        var pipeline = RenderPipeline(fonts: fonts, reference: reference)
        pipeline.apply(limits)
        if let sheet = contactSheet {
            do {
                let made = try pipeline.writeContactSheet(of: clip, frames: frames.frames, count: sheetFrames, columns: sheetColumns,
                                                          to: sheet, profile: png, threads: request.threads,
                                                          limits: limits, cancellation: cancellation)
                StandardStreams.err("wrote a contact sheet of \(Printable.count(made.frames, "frame")) (\(made.width)×\(made.height)) to \(Printable.escaped(sheet))\n")
            } catch let interrupted as RenderInterrupted {
                throw signals.exit(with: interrupted, newline: false)
            }
            return
        }
        let container = video.flatMap(VideoContainer.init(path:))
        if let container { request.rawShape = container.shape }
        let meter = ProgressMeter(label: "render \(Printable.escaped(clip.name))", total: request.selectedFrames.count, showsStage: true)
        let display = progressOptions.display(meter)
        let started = ProgressMeter.monotonic()
        let report = try renderFrames(request, pipeline: pipeline, encoding: container.flatMap { c in ffmpegPath.map { (c, $0) } },
                                      limits: limits, signals: signals, cancellation: cancellation, meter: meter, display: display)
        printSummary(report, request: request, container: container, videoSeconds: ProgressMeter.monotonic() - started)
        display.summary(nil)
    }

    /// The clip, its frames and the input policy that read it, read under a FrameWatch: the clip's
    /// images are decoded here (HoloPNG polls the watch), so --max-time and a signal reach a costly
    /// decode too.
    private func loadClip(limits: Limits, signals: SignalWatch, cancellation: CancellationFlag) throws
        -> (clip: Clip, frames: FrameList, inputs: InputPolicy) {
        let loading = FrameWatch(cancellation: cancellation, deadline: FrameWatch.deadline(after: limits.maxTime))
        let resolved = Result { try loading.run { try clipOptions.resolve() } }
        switch loading.reason {
        case .running: break
        case .cancelled: throw ExitCode(signals.received == SIGTERM ? 143 : 130)
        case .deadline: throw LoadStopped(description: "the render reached its --max-time of \(String(format: "%g", limits.maxTime ?? 0)) s " +
                                          "while reading the clip and its images; raise it with --max-time")
        }
        return try resolved.get()
    }

    /// Every file this render would write or read besides the clip, checked before any frame is
    /// drawn: an existing output without --force, a missing folder, a font or state file refused.
    private func checkOutputs(clip: Clip, inputs: InputPolicy) throws {
        if let video {
            try OutputPolicy.checkFile(video, option: "--video", force: force, inputs: inputs)
            let folder = PathSplit(video).folder
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--video \(Printable.escaped(video)): there is no folder \(Printable.escaped(folder)) to write it in")
            }
        }
        if let font, FontOptions.isFile(font) { try inputs.checkFile(font, what: "the --font file") }
        if let state {
            try OutputPolicy.checkFile(state, option: "--state", force: force, inputs: inputs)
            if format == .png { try OutputPolicy.checkNotOwnFile(state, option: "--state", outputFolder: out ?? "frames/\(clip.name)") }
        }
        if showDamage && (reference || contactSheet != nil) {
            throw ValidationError("--show-damage shows what the fast renderer redrew frame by frame; it does not go with --reference or --contact-sheet")
        }
        if let contactSheet { try OutputPolicy.checkFile(contactSheet, option: "--contact-sheet", force: force, inputs: inputs) }
    }

    /// The request for this command's options and the fonts it draws with (its record names the
    /// inputs read and the fonts).
    private func makeRequest(clip: Clip, frames: FrameList, inputs: InputPolicy,
                             cancellation: CancellationFlag) throws -> (RenderRequest, FontLibrary) {
        var request = RenderRequest(clip: clip, frames: frames)
        // --video alone writes only the video; with --out, the PNG frames too.
        request.format = video != nil && out == nil ? .raw : format
        request.outputDirectory = out ?? "frames/\(clip.name)"
        if let threads { request.threads = threads }
        request.pngProfile = png
        request.showDamage = showDamage
        request.statePath = state
        request.shard = try shard.map { try Shard(parsing: $0, mode: shardMode) }
        request.existing = force ? .overwrite : (resume ? .skip : .refuse)
        request.inputs = inputs
        let fonts = try FontOptions.library(override: font)
        request.record = RenderRecord(clip: clip, device: clip.deviceName ?? "", inputs: RenderRecord.inputs(read: inputs, fonts: fonts), reference: reference)
        request.cancellation = cancellation
        request.maxOutputBytes = maxOutput
        request.minFreeBytes = minFree
        return (request, fonts)
    }

    /// Renders the request's frames (and through ffmpeg the video, when `encoding` gives its
    /// container and the ffmpeg to run), turning an interruption or a failed ffmpeg into the exit
    /// the user expects.
    private func renderFrames(_ request: RenderRequest, pipeline: RenderPipeline, encoding: (VideoContainer, String)?, limits: Limits,
                              signals: SignalWatch, cancellation: CancellationFlag, meter: ProgressMeter,
                              display: ProgressDisplay) throws -> RenderReport {
        let clip = request.clip
        var encoder: FFmpegVideo?
        let report: RenderReport
        do {
            if let (container, ffmpegPath) = encoding, let video {
                let size = container.shape.size(width: clip.pixelWidth, height: clip.pixelHeight)
                encoder = try FFmpegVideo(ffmpeg: ffmpegPath, container: container, width: size.width, height: size.height,
                                          rate: clip.rate, to: video, cancellation: cancellation, maxTime: limits.maxTime,
                                          stallSeconds: ffmpegTimeout)
            }
            let rawOutput = encoder?.handle ?? (request.format == .raw ? FileHandle.standardOutput : nil)
            report = try pipeline.run(request, rawOutput: rawOutput, progress: { display.record($0) }, planned: { meter.setTotal($0) })
            display.finish()
            if encoder != nil, display.shows { StandardStreams.err("finishing the video (ffmpeg)…" + (display.style == .plain ? "\n" : "")) }
            try encoder?.finish()
            display.finish()
        } catch is VideoInterrupted {
            // A signal while ffmpeg finished the file: it was killed and the file removed.
            display.finish()
            if !signals.quiet { StandardStreams.err("interrupted while ffmpeg finished the video: \(Printable.escaped(video ?? "")) was not written\n") }
            throw ExitCode(signals.received == SIGTERM ? 143 : 130)
        } catch let interrupted as RenderInterrupted {
            display.finish()
            if let encoder, let video {
                encoder.abandon()
                if !signals.quiet {
                    StandardStreams.err("interrupted: \(interrupted.written) of \(Printable.count(interrupted.planned, "frame")) rendered; \(Printable.escaped(video)) was not written" +
                                        (request.format == .png ? " (the PNG frames written are complete)" : "") + "\n")
                }
                throw ExitCode(signals.received == SIGTERM ? 143 : 130)
            }
            throw signals.exit(with: interrupted, newline: false)
        } catch is OutputClosed where encoder != nil {
            // ffmpeg stopped reading: it failed (it has its own process group, so a Ctrl-C on the
            // terminal reaches only holoframe); say what it said.
            display.finish()
            if signals.received != 0 {
                encoder!.abandon()
                StandardStreams.err("interrupted: \(Printable.escaped(video!)) was not written\n")
                throw ExitCode(signals.received == SIGTERM ? 143 : 130)
            }
            throw VideoError(description: "ffmpeg stopped reading frames\(encoder!.abandon()); no video was written")
        } catch {
            display.finish()
            encoder?.abandon()
            throw error
        }
        return report
    }

    /// The lines that say what was written, where and how fast.
    private func printSummary(_ report: RenderReport, request: RenderRequest, container: VideoContainer?, videoSeconds: Double) {
        let clip = request.clip
        let rate = String(format: "%.1f frames/s", Double(report.framesWritten) / max(report.seconds, 1e-9))
        var summary: [String] = []
        if request.format == .png {
            summary.append(String(format: "wrote %@ (%d×%d) to %@ in %.2f s (%@)", Printable.count(report.framesWritten, "frame"), clip.pixelWidth,
                                  clip.pixelHeight, Printable.escaped(request.outputDirectory), report.seconds, rate))
        }
        if let video, let container {
            let size = container.shape.size(width: clip.pixelWidth, height: clip.pixelHeight)
            var notes = size != (clip.pixelWidth, clip.pixelHeight) ? ", padded to \(size.width)×\(size.height)" : ""
            let step = VideoContainer.gifStep(clip.rate)
            if container == .gif && step > 1 {
                notes += String(format: "; every %@ frame in the GIF, %.4g fps", step == 2 ? "2nd" : step == 3 ? "3rd" : "\(step)th", clip.fps / Double(step))
            }
            summary.append(String(format: "wrote %@ (%@, %d×%d%@) in %.2f s", Printable.escaped(video), Printable.count(report.framesWritten, "frame"),
                                  clip.pixelWidth, clip.pixelHeight, notes, videoSeconds))
        }
        for line in summary { StandardStreams.err(line + "\n") }
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

/// SIGINT and SIGTERM stop the render: the frames being drawn stop inside their loops (the same
/// polls as --frame-timeout) and are dropped, frames already drawn are written whole, the claim and
/// every temporary file are removed, and the run exits 130 or 143 saying how many frames were
/// written and how to --resume. A second signal only skips that summary: the process still
/// tidies up, so no claim or partial file is ever left behind (only SIGKILL can do that, and the
/// next run removes what it leaves once provably stale).
/// --max-time or a signal stopped the render while its clip was being read.
struct LoadStopped: Error, CustomStringConvertible {
    let description: String
}

final class SignalWatch: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var last: Int32 = 0
    private var count = 0
    var received: Int32 { lock.lock(); defer { lock.unlock() }; return last }
    /// A second signal came: end without the summary.
    var quiet: Bool { lock.lock(); defer { lock.unlock() }; return count > 1 }

    /// The exit status for the signal received (128 + its number), after the summary unless asked to skip it.
    func exit(with interrupted: RenderInterrupted, newline: Bool) -> ExitCode {
        if !quiet { StandardStreams.err((newline ? "\n" : "") + "\(interrupted)\n") }
        return ExitCode(received == SIGTERM ? 143 : 130)
    }

    init(_ cancellation: CancellationFlag) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self, source] in
                guard let self else { return }
                // `data`: the signals merged into this one event (two sent back to back arrive as one).
                let arrived = max(1, Int(source.data))
                self.lock.lock()
                let again = self.last != 0
                self.last = sig
                self.count += arrived
                self.lock.unlock()
                cancellation.cancel()
                if !again { StandardStreams.err("\nstopping: the frames being drawn are dropped, the rest are written whole (signal again to skip the summary)…\n") }
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

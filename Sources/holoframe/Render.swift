import ArgumentParser
import Foundation
import Holoframe

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a clip as numbered PNG frames (or raw RGBA on stdout).",
        discussion: """
            Files are named frame-00000.png, frame-00001.png, … so that ffmpeg reads them with
            -i DIR/frame-%05d.png. Each file is written to a temporary name and renamed into place,
            so an interrupted run never leaves a truncated PNG under a final name.

            Examples:
              holoframe render demo --out frames/demo
              holoframe render demo --frames 0-59 --scale 1 --out frames/preview
              holoframe render my-clip.json --duration 2 --device iphone-se --out frames/mine
              holoframe render demo --format raw | ffmpeg -f rawvideo -pix_fmt rgba -s 1170x2532 -r 60 -i - demo.mp4
            """)

    @OptionGroup var clipOptions: ClipOptions

    @Option(name: .shortAndLong, help: "Folder for the PNG frames (default: frames/CLIP).")
    var out: String?

    @Option(help: "png (numbered files) or raw (RGBA8 frames back to back on stdout).")
    var format: String = "png"

    @Option(help: "Worker threads for raster and encoding (default: all cores). Output is identical for any count.")
    var threads: Int?

    @Option(help: ArgumentHelp("PNG writer, both lossless: fast (default) or small. Measured cost of each:",
                               discussion: PNGProfile.allCases.map { "\($0): \($0.summary)" }.joined(separator: "\n")))
    var png: PNGProfile = .fast

    @Option(help: "Also write each frame's simulated state, one JSON object per line, to this file.")
    var state: String?

    @Option(help: "A TrueType font file to use for all text, instead of DejaVu Sans.")
    var font: String?

    @Flag(help: "Write over frame files that already exist in --out.")
    var force = false

    @Flag(help: "Keep the frame files already in --out and render only the missing ones (after an interrupted run).")
    var resume = false

    @Option(help: "Render only slice K of N (1-based), e.g. 2/4, for splitting a clip across machines; files are named as in a full render.")
    var shard: String?

    @Option(help: "How --shard slices the frames: contiguous (default) or interleaved.")
    var shardMode: String = "contiguous"

    @Option(help: "Instead of frame files, write one PNG tiling frames sampled from the range, labelled.")
    var contactSheet: String?

    @Option(help: "How many frames the contact sheet samples, evenly spread.")
    var sheetFrames: Int = 12

    @Option(help: "Columns of the contact sheet.")
    var sheetColumns: Int = 6

    func validate() throws {
        guard OutputFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be from 1 to 256 (got \(threads))") }
        if format == "raw" && out != nil { throw ValidationError("--out is for PNG output; raw frames go to stdout") }
        if contactSheet != nil && (format == "raw" || out != nil) {
            throw ValidationError("--contact-sheet writes one PNG; it does not go with --out or --format raw")
        }
        if let font, !FileManager.default.isReadableFile(atPath: font) {
            throw ValidationError("--font \(font): no readable font file there")
        }
        if force && resume { throw ValidationError("give --force or --resume, not both") }
        guard let mode = Shard.Mode(rawValue: shardMode) else { throw ValidationError("--shard-mode must be contiguous or interleaved") }
        if let shard { do { _ = try Shard(parsing: shard, mode: mode) } catch { throw ValidationError("--shard: \(error)") } }
        if !(1...400).contains(sheetFrames) { throw ValidationError("--sheet-frames must be from 1 to 400") }
        if !(1...50).contains(sheetColumns) { throw ValidationError("--sheet-columns must be from 1 to 50") }
    }

    func run() throws {
        let (clip, frames) = try clipOptions.resolve()
        var request = RenderRequest(clip: clip, frames: frames)
        request.format = OutputFormat(rawValue: format)!
        request.outputDirectory = out ?? "frames/\(clip.name)"
        if let threads { request.threads = threads }
        request.pngProfile = png
        request.statePath = state
        request.shard = try shard.map { try Shard(parsing: $0, mode: Shard.Mode(rawValue: shardMode)!) }
        request.existing = force ? .overwrite : (resume ? .skip : .refuse)
        let cancellation = CancellationFlag()
        request.cancellation = cancellation
        let signals = SignalWatch(cancellation)
        defer { signals.stop() }
        let pipeline = RenderPipeline(fonts: try FontOptions.library(override: font))
        if let sheet = contactSheet {
            let picked = RenderPipeline.sampleFrames(frames, count: sheetFrames)
            let canvas = try pipeline.contactSheet(of: clip, frames: picked, columns: sheetColumns)
            try PNG.write(canvas, to: sheet, profile: png, threads: request.threads)
            FileHandle.standardError.write(Data("wrote a contact sheet of \(picked.count) frames (\(canvas.width)×\(canvas.height)) to \(sheet)\n".utf8))
            return
        }

        let total = request.selectedFrames.count
        let showProgress = isatty(STDERR_FILENO) == 1 && request.format == .png
        let report: RenderReport
        do {
            report = try pipeline.run(request, rawOutput: request.format == .raw ? FileHandle.standardOutput : nil) { done in
                if showProgress { FileHandle.standardError.write(Data("\rrendering \(clip.name): \(done)/\(total) frames".utf8)) }
            }
        } catch let interrupted as RenderInterrupted {
            if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
            FileHandle.standardError.write(Data("\(interrupted)\n".utf8))
            throw ExitCode(signals.received == SIGTERM ? 143 : 130)
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        if request.format == .png {
            let fps = Double(report.framesWritten) / max(report.seconds, 1e-9)
            FileHandle.standardError.write(Data(String(
                format: "wrote %d frames (%d×%d) to %@ in %.2f s (%.1f frames/s)\n",
                report.framesWritten, clip.pixelWidth, clip.pixelHeight, request.outputDirectory, report.seconds, fps).utf8))
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
        let (clip, frames) = try clipOptions.resolve()
        let source = clip.frames()
        var out = ""
        for index in frames.indices {
            out += source.frame(index, fps: clip.fps).stateJSON
            out += "\n"
            if out.utf8.count > 1 << 16 { FileHandle.standardOutput.write(Data(out.utf8)); out = "" }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
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
                FileHandle.standardError.write(Data("\nstopping after the frames in flight (signal again to stop at once)…\n".utf8))
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

extension PNGProfile: ExpressibleByArgument {}

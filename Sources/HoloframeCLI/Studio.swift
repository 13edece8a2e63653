import ArgumentParser
import Foundation
import Holoframe
import HoloStudio
import HoloGeometry

struct Studio: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview a clip in the browser: the frame, a timeline to scrub and play, frame times, and a reload when the clip file changes.",
        discussion: """
            Starts a local web server and prints its address; open it in a browser. Frames are \
            drawn on demand at the preview scale (1× unless --scale) and kept, PNG-encoded, in a \
            cache of --cache-mb. The clip file, the images and the .metal shaders it names are \
            watched: an edit redraws the frame shown, and a broken edit shows its error on the \
            page while the last good version stays. Stop with Ctrl-C.

            The limits are render's (--max-pixels, --max-memory, --max-nodes, --max-area, \
            --max-text, --max-shader-work, --frame-timeout, ...), held on every frame drawn and \
            every measurement; --max-time is a deadline for each request, from its arrival.

            Examples:
              holoframe studio demo
              holoframe studio examples/clip.json --device iphone-se
              holoframe studio my-clip.json --port 0 --scale 2
            """)

    @Argument(help: "A built-in clip name (see `holoframe list`) or a clip file (.json).")
    var clip: String

    @Option(help: "Frames per second (default: the clip's).")
    var fps: FrameRate?

    @Option(help: "Seconds of the clip to show (default: the clip's duration).")
    var duration: Double?

    @OptionGroup var deviceOptions: DeviceOptions
    @OptionGroup var chromeOption: ChromeOption
    @OptionGroup var limitOptions: LimitOptions

    @Option(help: ArgumentHelp("The font for text that names no family: a font file (.ttf/.otf) or a family name (`fc-list : family`), instead of Inter.",
                               discussion: "A file draws every weight (heavier weights synthesized by emboldening); a family uses its own cuts. Text with a \"family\" keeps it; missing characters still fall back to DejaVu Sans, Noto Sans CJK, Noto Color Emoji."))
    var font: String?

    @Option(help: "The TCP port to listen on (0: any free port; the address is printed).")
    var port: Int = 8741

    @Option(help: "The IP address to listen on. The default, 127.0.0.1, is this machine only; another address (0.0.0.0 for every interface) shares the studio, and the clip's frames and state, with anyone on that network who can reach it.")
    var host: String = "127.0.0.1"

    @Option(help: "Megabytes of encoded PNG frames to keep; the least recently shown are dropped first.")
    var cacheMb: Int = 256

    @Option(help: "Megabytes of simulated frames (state and scene, estimated) to keep; the least recently used are dropped first and simulated again from the start when asked for.")
    var stateCacheMb: Int = 64

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535 (got \(port))") }
        if !(1...65536).contains(cacheMb) { throw ValidationError("--cache-mb must be from 1 to 65536 (got \(cacheMb))") }
        if !(1...65536).contains(stateCacheMb) { throw ValidationError("--state-cache-mb must be from 1 to 65536 (got \(stateCacheMb))") }
        if let duration, !(duration > 0 && duration <= 600) {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds (got \(duration))")
        }
    }

    func run() throws {
        // SIGINT and SIGTERM are taken with sigwait below; blocked first, so every thread started
        // from here on inherits the block and the signal comes to that wait.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        let limits = limitOptions
        var overrides = ClipOverrides(fps: fps, duration: duration, device: deviceOptions.device?.rawValue, scale: deviceOptions.scale ?? 1)
        chromeOption.apply(to: &overrides)
        let source = StudioClipSource(
            argument: clip,
            overrides: overrides,
            makeInputs: { limits.inputPolicy() },
            check: { try limits.limits().check($0, frameCount: $0.frameCount) })
        let session = try StudioSession(source: source, pipeline: RenderPipeline(fonts: try FontOptions.library(override: font)),
                                        cacheBytes: cacheMb << 20, recordBytes: stateCacheMb << 20, limits: limits.limits(),
                                        describe: { UsageErrors.shortened(HoloframeCommand.fullMessage(for: $0)) })
        let version = session.current
        for warning in version.clip.warnings { StandardStreams.err("warning: \(Printable.escaped(warning))\n") }
        let server: StudioServer
        do {
            server = try StudioServer(session: session, host: host, port: UInt16(port))
        } catch let error as StudioHostError {
            throw ValidationError("\(error)")
        } catch {
            throw ValidationError("cannot listen on \(Printable.escaped(host)):\(port) (\(error)); choose another --port, or --port 0 for any free one")
        }
        let address = server.start()
        session.watch()
        // One line a script can read the address from, then what is watched.
        // The clip's name and files come from the disk: escaped, so a name cannot write to the terminal.
        try StandardStreams.out("holoframe studio: \(Printable.escaped(version.clip.name)) at \(address)\n")
        if host != "127.0.0.1" && host != "::1" {
            StandardStreams.err("warning: listening on \(host): anyone who can reach this machine there can see the clip\n")
        }
        let watched = session.watchedFiles.map { Printable.escaped($0) }
        StandardStreams.err("watching \(watched.isEmpty ? "nothing (a built-in clip)" : watched.joined(separator: ", ")); Ctrl-C to stop\n")
        // The server runs on threads of its own; this one waits for Ctrl-C (or SIGTERM)
        // and ends with 130 (or 143), as `render` does.
        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        StandardStreams.err("stopped\n")
        throw ExitCode(128 + received)
    }
}

// The fast PNG writer: canvas ─► filtered scanlines ─► deflate ─► PNG bytes, in stripes.
//
// The image is cut into stripes of `stripeRows` rows (a constant, never derived from the thread
// count). Each stripe is filtered and deflated on its own (CPNGFast: SIMD row kernels, then the
// project's run-and-copy coder or ISA-L's one-shot deflate), ending in a FULL flush so its blocks
// are byte-aligned and refer to nothing before them; the stripes' outputs, in order, are then
// one valid deflate stream, like pigz's.
// The zlib wrapper needs the Adler-32 of all scanlines: each stripe's Adler-32 is joined with
// adler32Combine (PNGContainer.swift). So one image can be deflated on any number of threads and
// the bytes are the same for every count; a frame sequence uses one thread per frame instead.
//
// Opaque canvases (the usual full-screen frame) are written RGB. Rather than scan the canvas
// for opacity first (a whole extra pass over 12 MB), the RGB kernels AND the pixels as they read
// them and report a non-opaque pixel; the encode then starts over as RGBA. The first and last
// rows are checked up front, which catches most translucent canvases before any work.
//
// Settings were chosen by measurement (FastPNGMeasurement in HoloPNGTests; table in README
// "PNG encoding").

import CPNGFast
import Dispatch
import HoloPixels
import HoloGeometry
import Synchronization

/// How the fast writer filters and deflates. `.standard` is what the `fast` profile uses.
public struct FastPNGSettings: Sendable, Hashable, CustomStringConvertible {
    public enum Filter: Int32, Sendable, Hashable, CaseIterable {
        case none = 0, sub = 1, up = 2, paeth = 4
        /// Per row, NONE, SUB or UP by the smallest sum of |filtered bytes|, estimated before filtering once.
        case minSum = 6
        /// Per row, NONE, SUB or UP by the most zero bytes after filtering, counted with SIMD.
        case mostZeros = 7
        /// Per row, NONE, SUB, UP or PAETH by the most zero bytes after filtering.
        case mostZerosPaeth = 8
    }
    /// Which deflate compresses the filtered scanlines.
    public enum Deflater: Sendable, Hashable {
        /// Intel's ISA-L, one-shot, at `level` 0…3 (0 is still compression: a small hash table;
        /// 3 the most thorough). Kept for the measurement table; no profile uses it.
        case isal(level: Int32)
        /// The project's own coder (CPNGFast/deflate.c): zero runs, copies of the row above one
        /// pixel left, straight up or one pixel right, literals, one dynamic Huffman block a stripe.
        case runsAndCopies
    }
    public var deflater: Deflater
    public var filter: Filter
    /// Rows per independently deflated stripe: a constant of the format, not of the machine.
    public var stripeRows: Int

    /// Every field named: the one choice a profile makes is `.standard`, and nothing else stands in
    /// for it by default.
    public init(deflater: Deflater, filter: Filter, stripeRows: Int) {
        self.deflater = deflater; self.filter = filter; self.stripeRows = stripeRows
    }

    /// The measured choice (README "PNG encoding"; FastPNGMeasurement, thread CPU time on one
    /// core, demo / titles / reveal / waveform at 1170×2532, size against libpng's defaults, one
    /// run on 2026-11-24 at 12:40 UTC):
    ///   runs and copies, MOST_ZEROS, 512 rows        2.3–3.7 ms  1.09–1.19× ←
    ///   runs and copies, MOST_ZEROS, 256 rows        2.4–3.8 ms  1.07–1.17×
    ///   runs and copies, MOST_ZEROS_PAETH, 64 rows   3.6–5.3 ms  1.02–1.07×   (PAETH's count costs more than it saves)
    ///   runs and copies, SUB, 64 rows                2.6–4.3 ms  1.15–1.39×   (too near the 1.4× bound)
    ///   ISA-L level 1, MOST_ZEROS_PAETH, 64 rows     4.2–6.0 ms  1.19–1.39×   (the choice before this coder)
    /// Longer stripes cost fewer Huffman tables and block headers (512 rows: 2–7 % faster than 256
    /// in that run, 5–9 % in the one before; 1024 no faster than 512 in a C probe) for files 1–2 %
    /// larger. The project's coder (deflate.c) codes the zero runs and row-above copies that
    /// filtered UI frames are made of and spends no time hashing; its files are a fifth smaller
    /// than ISA-L level 1's, and its bytes depend only on the pixels (ISA-L's did not, across
    /// processes).
    public static let standard = FastPNGSettings(deflater: .runsAndCopies, filter: .mostZeros, stripeRows: 512)

    /// ISA-L's level when `deflater` is `.isal`, else nil.
    var isalLevel: Int32? {
        if case .isal(let level) = deflater { level } else { nil }
    }

    public var description: String {
        switch deflater {
        case .isal(let level): "ISA-L level \(level), \(filter), \(stripeRows)-row stripes"
        case .runsAndCopies: "runs and copies, \(filter), \(stripeRows)-row stripes"
        }
    }
}

public enum FastPNG {
    /// PNG bytes for the canvas: RGB when every pixel is opaque, else straight-alpha RGBA.
    /// `threads` workers share the stripes; the result does not depend on it.
    public static func encode(_ canvas: Canvas, settings: FastPNGSettings = .standard, threads: Int = 1) throws -> [UInt8] {
        let width = canvas.width, height = canvas.height
        guard width > 0, height > 0 else {
            throw PNGError.invalidArgument("cannot encode an empty \(width)×\(height) canvas")
        }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PNGError.invalidArgument("canvas of \(width)×\(height) is too large for PNG")
        }
        guard settings.isalLevel.map({ (0...3).contains($0) }) ?? true, settings.stripeRows > 0 else {
            throw PNGError.invalidArgument("fast PNG settings out of range: \(settings)")
        }
        // ISA-L takes 32-bit lengths: a stripe's scanlines must stay under 2^31 bytes.
        guard (1 + 4 * width) * min(settings.stripeRows, height) < Int(Int32.max) else {
            throw PNGError.invalidArgument("a \(width)-pixel-wide canvas is too wide for the fast PNG writer; use the small profile")
        }
        return try canvas.withBytes { pixels in
            precondition(pixels.count == width * height * 4, "canvas pixel buffer does not match its size")
            return try unpremultiplyTable.withUnsafeBufferPointer { table in
                let job = Job(pixels: pixels.baseAddress!, table: table.baseAddress!, width: width, height: height,
                              settings: settings)
                if job.edgeRowsOpaque(), let bytes = try job.run(channels: 3, threads: threads) { return bytes }
                return try job.run(channels: 4, threads: threads)!
            }
        }
    }

    /// One stripe's result: its deflate blocks, the Adler-32 and length of its scanlines.
    struct Stripe {
        var deflated: [UInt8]
        var adler: UInt32
        var scanlineBytes: Int
    }

    /// What the worker threads share; each stripe slot is written by exactly one worker.
    final class Job: @unchecked Sendable {
        let pixels: UnsafePointer<UInt8>
        let table: UnsafePointer<UInt8>
        let width: Int, height: Int
        let settings: FastPNGSettings

        init(pixels: UnsafePointer<UInt8>, table: UnsafePointer<UInt8>, width: Int, height: Int, settings: FastPNGSettings) {
            self.pixels = pixels; self.table = table; self.width = width; self.height = height; self.settings = settings
        }

        /// Alpha 255 along the first and last rows (a cheap first guess at opacity).
        func edgeRowsOpaque() -> Bool {
            for y in Set([0, height - 1]) {
                let row = pixels + y * width * 4
                for x in 0..<width where row[4 * x + 3] != 255 { return false }
            }
            return true
        }

        /// The whole PNG with 3 or 4 channels; nil when channels is 3 and a pixel is not opaque.
        func run(channels: Int, threads: Int) throws -> [UInt8]? {
            let stripeCount = (height + settings.stripeRows - 1) / settings.stripeRows
            let workers = max(1, min(threads, stripeCount))
            let results = Results(count: stripeCount)
            let work: @Sendable (Int) -> Void = { worker in
                do {
                    try self.deflateStripes(worker: worker, of: workers, count: stripeCount, channels: channels, into: results)
                } catch let error as PNGError {
                    results.failure.withLock { if $0 == nil { $0 = error } }
                } catch {
                    results.failure.withLock { if $0 == nil { $0 = .encodeFailed("\(error)") } }
                }
            }
            if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
            if let error = results.failure.withLock({ $0 }) { throw error }
            if results.notOpaque.load(ordering: .relaxed) { return nil }
            return assemble(UnsafeBufferPointer(start: results.slots, count: stripeCount), channels: channels)
        }

        /// The stripes' results; slot i is written by the one worker that deflates stripe i.
        final class Results: @unchecked Sendable {
            let slots: UnsafeMutablePointer<Stripe?>
            let count: Int
            let notOpaque = Atomic<Bool>(false)
            let failure = Locked<PNGError?>(nil)
            init(count: Int) {
                self.count = count
                slots = .allocate(capacity: count)
                slots.initialize(repeating: nil, count: count)
            }
            deinit { slots.deinitialize(count: count); slots.deallocate() }
        }

        /// Worker `worker` of `workers` takes stripes worker, worker + workers, … with its own buffers.
        private func deflateStripes(worker: Int, of workers: Int, count: Int, channels: Int,
                                    into results: Results) throws {
            let lineBytes = 1 + width * channels
            let maxScanlines = lineBytes * min(settings.stripeRows, height)
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: hf_fast_scratch_size(UInt32(width)))
            let scanlines = UnsafeMutablePointer<UInt8>.allocate(capacity: maxScanlines + 16)
            let level = settings.isalLevel ?? 0, own = settings.isalLevel == nil
            // The deflater's working memory: the coder's tokens, or ISA-L's level buffer.
            let workSize = own ? hf_fast_deflate_scratch_size(maxScanlines) : hf_isal_level_buffer_size(level)
            let work = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, workSize))
            var capacity = maxScanlines + maxScanlines / 8 + 1024
            var deflated = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            defer {
                scratch.deallocate(); scanlines.deallocate(); work.deallocate(); deflated.deallocate()
            }
            let deflate = { (length: Int, last: Int32) -> Int in
                own ? hf_fast_deflate_stripe(scanlines, length, lineBytes, Int32(channels), last, work, deflated, capacity)
                    : hf_isal_deflate_stripe(scanlines, length, level, last, work, workSize, deflated, capacity)
            }
            var stripe = worker
            while stripe < count {
                if results.notOpaque.load(ordering: .relaxed) { return }
                let y0 = stripe * settings.stripeRows, y1 = min(height, y0 + settings.stripeRows)
                let opaque = hf_fast_filter_rows(pixels, UInt32(width), UInt32(y0), UInt32(y1), Int32(channels),
                                                 settings.filter.rawValue, table, scratch, scanlines)
                if opaque == 0 { results.notOpaque.store(true, ordering: .relaxed); return }
                let length = (y1 - y0) * lineBytes
                let last: Int32 = stripe == count - 1 ? 1 : 0
                var written = deflate(length, last)
                while written == -1 {  // incompressible beyond the estimate: grow and retry
                    deflated.deallocate()
                    capacity *= 2
                    deflated = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                    written = deflate(length, last)
                }
                guard written >= 0 else { throw PNGError.encodeFailed("deflate failed (status \(written))") }
                results.slots[stripe] = Stripe(deflated: Array(UnsafeBufferPointer(start: deflated, count: written)),
                                       adler: PNGContainer.adler32(UnsafeRawBufferPointer(start: scanlines, count: length)),
                                       scanlineBytes: length)
                stripe += workers
            }
        }

        /// Signature, IHDR, one IDAT per stripe (the zlib header in the first, Adler-32 after the last), IEND.
        private func assemble(_ stripes: UnsafeBufferPointer<Stripe?>, channels: Int) -> [UInt8] {
            let total = stripes.reduce(0) { $0 + $1!.deflated.count + 12 } + 8 + 25 + 2 + 4 + 12
            var out: [UInt8] = []
            out.reserveCapacity(total)
            out.append(contentsOf: PNGContainer.signature)
            PNGContainer.appendHeader(width: width, height: height, channels: channels, to: &out)
            var adler: UInt32 = 1
            for (i, slot) in stripes.enumerated() {
                let stripe = slot!
                adler = PNGContainer.adler32Combine(adler, stripe.adler, secondLength: stripe.scanlineBytes)
                PNGContainer.appendChunk("IDAT", to: &out) { data in
                    if i == 0 { data.append(contentsOf: PNGContainer.zlibHeader) }
                    data.append(contentsOf: stripe.deflated)
                    if i == stripes.count - 1 { PNGContainer.appendBigEndian(adler, to: &data) }
                }
            }
            PNGContainer.appendChunk("IEND", to: &out) { _ in }
            return out
        }
    }
}

// RGBA8 buffers are arrays of 32-bit words; this is where they are seen as bytes.
//
// The canvas and the blur planes keep their 8-bit samples in `[UInt32]`: a canvas one word per
// pixel (PremultipliedRGBA8.word: r | g<<8 | b<<16 | a<<24), an RGBA blur plane the same (so a
// canvas's words become a plane and come back with no copy), a one-channel mask plane four
// samples a word. The word kernels (blending, compositing, tilt, blur rows) use the words as they
// are. The byte readers (libpng, the fast PNG row kernels, the golden comparer, the channel loops
// of the blur) borrow them here: on a little-endian machine a word's memory is its bytes low to
// high, so pixel i is bytes 4i…4i+3 = R, G, B, A. This pair is the only place in the package that
// rebinds pixel memory, and only for the duration of the closure.

#if _endian(big)
#error("RGBA8 words are read as bytes R, G, B, A in memory, which assumes a little-endian machine")
#endif

extension Array where Element == UInt32 {
    /// The first `count` bytes of the words (at most 4 × the word count), borrowed for `body`.
    @inlinable @inline(__always)
    package func withSampleBytes<R>(count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(count >= 0 && count <= self.count * 4, "more bytes than the words hold")
        return try withUnsafeBufferPointer { words in
            try words.withMemoryRebound(to: UInt8.self) { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// The first `count` bytes of the words, borrowed for writing for `body`.
    @inlinable @inline(__always)
    package mutating func withMutableSampleBytes<R>(count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(count >= 0 && count <= self.count * 4, "more bytes than the words hold")
        return try withUnsafeMutableBufferPointer { words in
            try words.withMemoryRebound(to: UInt8.self) { try body(UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// Words holding a copy of `bytes` (the last word zero-padded).
    @inlinable @inline(__always)
    package init(copyingSampleBytes bytes: [UInt8]) {
        let count = (bytes.count + 3) / 4
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            bytes.withUnsafeBytes { raw.copyMemory(from: $0) }
            if bytes.count % 4 != 0 {
                for i in bytes.count..<(count * 4) { raw[i] = 0 }
            }
            initialized = count
        }
    }

    /// A copy of the first `count` bytes of the words.
    @inlinable @inline(__always)
    package func sampleBytes(count: Int) -> [UInt8] {
        precondition(count >= 0 && count <= self.count * 4, "more bytes than the words hold")
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            initialized = count
        }
    }
}

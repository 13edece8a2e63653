// HoloPNG: PNG files for canvases.
//
// Two writers (PNGProfile): the project's own fast one (FastPNG.swift: its own deflate, chunks and
// checksums written here) and libpng (`small`, and any explicit PNGOptions). libpng reads every
// PNG. Why libpng behind a C shim: it is the reference codec and present on every Linux CI image;
// its longjmp error model is confined to CPNGShim so Swift only sees status codes. Canvases are premultiplied, PNG is straight alpha: the encoder converts one
// way (HoloRaster's straightRGBA) and the decoder the other, and for every premultiplied
// value a canvas can hold the round trip is exact (tested exhaustively in HoloPNGTests).

import HoloPixels

public enum PNG {
    /// Encodes through libpng with explicit settings and writes atomically: the file at `path` is
    /// either the complete new PNG or untouched.
    public static func write(_ canvas: Canvas, to path: String, options: PNGOptions) throws {
        try AtomicFile.write(try encode(canvas, options: options), to: path)
    }

    /// Reads and decodes a PNG file; errors name the path. Only a regular file of at most
    /// `maxBytes` is read (InputFileError otherwise), and only `maxPixels` are decoded.
    public static func read(contentsOf path: String, maxPixels: Int = 64_000_000,
                            maxBytes: Int = InputFile.defaultMaxBytes) throws -> Canvas {
        let bytes = try InputFile.read(path, maxBytes: maxBytes)
        do {
            return try decode(bytes, maxPixels: maxPixels)
        } catch let error as PNGError {
            throw PNGError.file(path: path, error)
        }
    }
}

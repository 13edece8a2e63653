// What can go wrong reading or writing PNGs. Every case carries the text a person needs to act:
// libpng's own message, the file path, or the system's errno text.

public enum PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The bytes are not a PNG at all (no PNG signature).
    case notPNG(String)
    /// libpng rejected the data (corrupt chunk, bad CRC, truncated stream, …); its message.
    case invalidImage(String)
    /// The header claims more pixels than allowed; refused before any pixel memory was allocated.
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// Encoding failed inside libpng; its message.
    case encodeFailed(String)
    /// A caller error (empty canvas, bad option).
    case invalidArgument(String)
    case outOfMemory(String)
    /// Decoding was stopped (its frame's deadline, --max-time, a signal: HoloStop's FrameWatch).
    case stopped
    /// A file-system call failed: which path, which operation, errno and its text.
    case io(path: String, operation: String, errno: Int32, message: String)
    /// A decode error for a file on disk: the path and what went wrong.
    indirect case file(path: String, PNGError)

    public var description: String {
        switch self {
        case .notPNG(let message): "not a PNG: \(message)"
        case .invalidImage(let message): "invalid PNG: \(message)"
        case .tooLarge(let width, let height, let maxPixels):
            "PNG of \(width)×\(height) pixels exceeds the limit of \(maxPixels) pixels"
        case .encodeFailed(let message): "PNG encoding failed: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        case .outOfMemory(let message): "out of memory: \(message)"
        case .stopped: "decoding was stopped (a time limit or a signal)"
        case .io(let path, let operation, let code, let message): "\(path): \(operation) failed: \(message) (errno \(code))"
        case .file(let path, let error): "\(path): \(error)"
        }
    }
}

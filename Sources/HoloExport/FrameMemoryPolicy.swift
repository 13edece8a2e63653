// Malloc's policy for a process that renders many frames. A full frame is 12 MB (1170×2532×4).
// glibc hands a freed block that size back to the kernel, and the next frame faults every page in
// again and has the kernel zero it: page faults, zeroing and unmapping measured about a quarter of
// a demo frame. `FrameMemory.keepFreedFrames()` asks malloc to keep freed memory up to 256 MB in
// the process (mmap only above 64 MB). It changes malloc for the whole process, so it is the
// program's choice, made once where the program starts: the `holoframe` CLI does at startup, for
// `render`, `bench` and `studio` alike; a test suite that times frames does in its own setup.

#if canImport(Glibc)
import Glibc
#endif
import HoloRaster

extension FrameMemory {
    /// Keeps freed frames in the process, for every frame after the first; idempotent.
    public static func keepFreedFrames() { _ = tuned }

    static let tuned: Bool = {
        #if canImport(Glibc)
        // <malloc.h> is not in Swift's Glibc module: look mallopt up (M_TRIM_THRESHOLD = −1,
        // M_MMAP_THRESHOLD = −3 in glibc's malloc.h).
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(nil, "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(-3, 64 << 20)
            _ = mallopt(-1, 256 << 20)
            // M_ARENA_MAX = −8: at most 2 malloc arenas. With one arena per worker thread each
            // kept its own freed frames, and a 10-minute export's peak grew to 2.1× a 10-second one's.
            _ = mallopt(-8, 2)
        }
        #endif
        return true
    }()
}

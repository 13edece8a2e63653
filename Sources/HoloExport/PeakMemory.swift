// Peak resident memory of one stretch of work (for `bench --export`), on Linux.
//
// The kernel keeps a process's peak resident set (VmHWM in /proc/self/status) and lets the
// process reset it to the current RSS by writing "5" to /proc/self/clear_refs. So: reset, run,
// read VmHWM: the peak of that stretch alone, not of the timing pass before it. Where the reset
// is not allowed, a thread samples VmRSS every 2 ms instead (it can miss a spike shorter than that).

import Dispatch
import Foundation
import Synchronization

public enum PeakMemory {
    public struct Measurement: Sendable {
        /// Peak resident bytes of the process while the work ran.
        public var peakBytes: Int
        /// "VmHWM" (exact, after a reset) or "sampled VmRSS".
        public var method: String
    }

    public static func measure<T>(_ work: () throws -> T) rethrows -> (T, Measurement) {
        let reset = resetPeak()
        let sampled = Atomic<Int>(residentBytes(field: "VmRSS:") ?? 0)
        let stop = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        if !reset {
            Thread.detachNewThread {
                while !stop.load(ordering: .relaxed) {
                    if let rss = residentBytes(field: "VmRSS:") { sampled.max(rss, ordering: .relaxed) }
                    usleep(2000)
                }
                finished.signal()
            }
        }
        defer { if !reset { stop.store(true, ordering: .relaxed); finished.wait() } }
        let result = try work()
        if reset, let peak = residentBytes(field: "VmHWM:") {
            return (result, Measurement(peakBytes: peak, method: "VmHWM"))
        }
        if let rss = residentBytes(field: "VmRSS:") { sampled.max(rss, ordering: .relaxed) }
        return (result, Measurement(peakBytes: sampled.load(ordering: .relaxed), method: "sampled VmRSS"))
    }

    /// Resets VmHWM to the current RSS; false where the kernel or sandbox refuses.
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// A "kB" line of /proc/self/status, in bytes.
    static func residentBytes(field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.dropFirst(field.count).filter { $0.isNumber }
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}

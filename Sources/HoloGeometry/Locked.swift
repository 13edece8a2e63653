// One lock type for the whole package: a value behind a pthread mutex.
//
// Why not Synchronization.Mutex: on Linux, ThreadSanitizer reports "Swift access race" on every
// `Mutex.withLock` used from two threads (its storage is a `_Cell` whose inout accesses TSAN sees
// as unsynchronised; reproduced with a two-thread probe under `swift test --sanitize=thread`). A
// pthread mutex is something TSAN models, so `.ci/run`'s TSAN step reports only real races. The
// cost is the same uncontended lock/unlock pair; the storage is a class so the mutex has a stable
// address (a pthread_mutex_t must never move).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value only ever read or changed while its mutex is held.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; nothing else sees the value meanwhile.
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Live reload without inotify: the studio polls the files a clip was made from (the clip file,
// the images and .metal shaders it names) every quarter second. A stamp is what stat(2) says of a
// file's identity, size and modification time, so an editor that saves in place, one that writes
// a new file and renames it over the old (a new inode), and a deletion all count as a change.
// Polling a handful of files four times a second costs microseconds.

import Foundation

/// What stat(2) says of one file, or `missing`.
public struct FileStamp: Hashable, Sendable {
    var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = -1
    var seconds: Int = 0, nanoseconds: Int = 0

    public static let missing = FileStamp()

    public init(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { self = .missing; return }
        device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
    }

    private init() {}
}

/// The stamps of a set of files, taken once and compared later.
public struct FileStamps: Sendable, Equatable {
    public let paths: [String]
    private var stamps: [FileStamp]

    public init(_ paths: [String]) {
        self.paths = Array(Set(paths)).sorted()
        stamps = self.paths.map(FileStamp.init(path:))
    }

    /// The files whose stamp is not the one taken (changed, replaced, deleted or created).
    public func changed() -> [String] {
        zip(paths, stamps).filter { FileStamp(path: $0.0) != $0.1 }.map(\.0)
    }
}

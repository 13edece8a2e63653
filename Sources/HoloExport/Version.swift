// The package version, kept here only: `holoframe --version` prints it and tools that link the
// library can read it. Change it in the commit that tags a release.
//
// The build identity beside it (`HoloframeVersion.build`) changes with the code, which the
// version does not: a golden records it, so a verify can say the goldens were drawn by another
// build. What it is, and why:
//   - the ELF build ID of the running program (the linker's `--build-id`, a SHA-1 of the linked
//     output, which Swift's toolchain asks for on Linux), read from the note segment of
//     /proc/self/exe: it changes with any change to the code that is linked in, the compiler or
//     its flags (a debug and a release build differ), and reading it costs a few hundred bytes;
//   - not the git commit: SwiftPM can record it at build time only through a build plugin, and a
//     commit says nothing of uncommitted edits;
//   - not a digest of Sources/ kept in a file: it would be stale whenever someone forgot to
//     refresh it, and a test that forced the refresh would fail every other commit.
// The program is the whole binary: `holoframe` and a test bundle that links the library have
// different build IDs even from the same sources. On a platform without ELF notes (macOS has
// LC_UUID instead; not read here, nothing has been built on macOS) it is nil.

#if canImport(Glibc)
import Glibc
#endif

public enum HoloframeVersion {
    /// Semantic version of this package (no release is tagged yet, hence 0.x).
    public static let current = "0.1.0"

    /// The running program's build ID in hex (40 digits for SHA-1), or nil where there is none.
    public static let build: String? = programBuildID()

    /// "holoframe 0.1.0, build 1a2b3c4d5e6f" (the build ID's first 12 digits), or without the
    /// build where there is none.
    public static var description: String {
        "holoframe \(current)" + (build.map { ", build \($0.prefix(12))" } ?? "")
    }
}

#if os(Linux)
/// The NT_GNU_BUILD_ID note of the running program, read from /proc/self/exe: the ELF header, its
/// program headers, and each PT_NOTE segment's notes (a few hundred bytes; the file is not hashed).
private func programBuildID() -> String? {
    let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    func read(_ count: Int, at offset: Int) -> [UInt8]? {
        guard count > 0, count <= 1 << 16 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        return pread(descriptor, &bytes, count, off_t(offset)) == count ? bytes : nil
    }
    func little(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
        (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    // ELF64, little-endian (x86_64 and arm64 Linux): e_phoff at 0x20, e_phentsize at 0x36, e_phnum at 0x38.
    guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
    let tableOffset = little(header, 0x20, 8), entrySize = little(header, 0x36, 2), count = little(header, 0x38, 2)
    guard entrySize >= 56, let table = read(entrySize * count, at: tableOffset) else { return nil }
    // Elf64_Phdr: p_type (4 bytes), p_flags (4), p_offset (8, at 8), …, p_filesz (8, at 32).
    for i in 0..<count where little(table, i * entrySize, 4) == 4 {   // PT_NOTE
        let base = i * entrySize
        guard let notes = read(little(table, base + 32, 8), at: little(table, base + 8, 8)) else { continue }
        // Notes: namesz, descsz, type (4 bytes each), then the name and the descriptor, each padded to 4.
        var at = 0
        while at + 12 <= notes.count {
            let nameSize = little(notes, at, 4), descSize = little(notes, at + 4, 4), type = little(notes, at + 8, 4)
            let name = at + 12, desc = name + (nameSize + 3) & ~3
            guard desc + descSize <= notes.count else { break }
            // NT_GNU_BUILD_ID = 3, owner "GNU\0".
            if type == 3, notes[name..<name + nameSize] == [0x47, 0x4E, 0x55, 0] {
                return notes[desc..<desc + descSize].map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
            }
            at = desc + (descSize + 3) & ~3
        }
    }
    return nil
}
#else
private func programBuildID() -> String? { nil }
#endif

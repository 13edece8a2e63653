// A clone must work on a case-insensitive file system (a Mac's default, and Windows'): no two
// tracked paths, and no two of Package.swift's target names (each is a Sources/ folder and a set
// of build products, `X.build`, `X.swiftmodule`), may be equal ignoring case. `Sources/holoframe`
// beside `Sources/Holoframe` was one folder there, and both held Bench.swift.

import Foundation
import Testing

@Suite struct CaseInsensitiveNamesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Tracked files (`git ls-files`), or where git is not there, every file under the repository
    /// except build folders (.build*) and .git.
    static func trackedFiles() throws -> [String] {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repository, "ls-files", "-z"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            git.waitUntilExit()
            if git.terminationStatus == 0 {
                return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
            }
        }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: repository)
        while let path = enumerator?.nextObject() as? String {
            let first = path.split(separator: "/").first.map(String.init) ?? path
            if first.hasPrefix(".build") || first == ".git" { enumerator?.skipDescendants(); continue }
            files.append(path)
        }
        return files
    }

    /// Each group of two or more spellings that are one name ignoring case.
    static func clashes(_ names: [String]) -> [[String]] {
        Dictionary(grouping: Set(names), by: { $0.lowercased() }).values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Every file and every folder above it.
    static func pathsAndFolders(_ files: [String]) -> [String] {
        var all = Set(files)
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty { all.insert(parts.joined(separator: "/")); parts = parts.dropLast() }
        }
        return Array(all)
    }

    @Test func noTwoTrackedPathsDifferOnlyInCase() throws {
        let files = try Self.trackedFiles()
        #expect(files.contains("Package.swift"), "the repository was not found at \(Self.repository)")
        #expect(Self.clashes(Self.pathsAndFolders(files)).isEmpty, "\(Self.clashes(Self.pathsAndFolders(files)))")
    }

    @Test func noTwoTargetsDifferOnlyInCase() throws {
        let manifest = try String(contentsOfFile: Self.repository + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)""#)
        let names = pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
            String(manifest[Range($0.range(at: 1), in: manifest)!])
        }
        #expect(names.contains("Holoframe") && names.contains("HoloframeCLI"), "\(names)")
        #expect(Self.clashes(names).isEmpty, "\(Self.clashes(names))")
    }

    /// The check itself: the layout before the rename is caught, folders included.
    @Test func theCheckCatchesTheOldLayout() {
        let old = ["Sources/Holoframe/Bench.swift", "Sources/holoframe/Bench.swift", "Sources/holoframe/Golden.swift"]
        #expect(Self.clashes(Self.pathsAndFolders(old)) == [["Sources/Holoframe", "Sources/holoframe"],
                                                            ["Sources/Holoframe/Bench.swift", "Sources/holoframe/Bench.swift"]])
        #expect(Self.clashes(["Holoframe", "holoframe", "HoloGolden"]) == [["Holoframe", "holoframe"]])
    }
}

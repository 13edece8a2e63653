// A clip file's document before it is decoded: its JSON with `extends` resolved.

import HoloGeometry

package enum ClipFileDocument {
    /// A clip file's bytes as JSON (JSON5 accepted); a syntax error names the file and where.
    package static func parse(_ bytes: [UInt8], fileName: String) throws -> JSONValue {
        do { return try JSONValue.parse(bytes) } catch {
            throw ClipFileError(fileName: fileName, path: error.path.isEmpty ? "(top level)" : error.path, reason: "not valid JSON: \(error)")
        }
    }

    /// Most files one `extends` chain may hold.
    package static let maximumExtends = 4

    /// A clip file's document with its `extends` resolved: `{"extends": "list.json", "environment":
    /// {"colorScheme": "dark"}}` is list.json with this file's fields over it (`environment` and
    /// `variant` member by member), so one scene gets a clip per environment without a copy. The
    /// path is relative to the extending file's folder; image and shader paths stay relative to the
    /// file being rendered, so keep the two in one folder.
    /// `readFile` reads a path, saying what it is ("the clip file", "the clip file … extends") for
    /// its errors and records; the format itself reads no files.
    package static func read(_ path: String, chain: [String] = [],
                             readFile: (_ path: String, _ what: String) throws -> [UInt8]) throws -> JSONValue {
        let name = PathSplit(path).name
        let root = try parse(try readFile(path, chain.isEmpty ? "the clip file" : "the clip file \(chain.last!) extends"), fileName: name)
        guard case .object(var fields) = root, let ext = fields["extends"] else { return root }
        guard case .string(let relative) = ext, !relative.isEmpty else {
            throw ClipFileError(fileName: name, path: "extends", reason: "expected the path of a clip file, got \(ext.shown)")
        }
        let basePath = ClipFilePaths.join(PathSplit(path).folder, relative)
        guard !chain.contains(ClipFilePaths.absolute(basePath)), ClipFilePaths.absolute(basePath) != ClipFilePaths.absolute(path) else {
            throw ClipFileError(fileName: name, path: "extends", reason: "\"\(relative)\" extends itself (a cycle)")
        }
        guard chain.count + 1 < maximumExtends else {
            throw ClipFileError(fileName: name, path: "extends", reason: "more than \(maximumExtends) files extend one another; extend the base file directly")
        }
        guard case .object(let base) = try read(basePath, chain: chain + [ClipFilePaths.absolute(path)], readFile: readFile) else {
            throw ClipFileError(fileName: PathSplit(relative).name, path: "(top level)", reason: "expected a clip file (an object)")
        }
        fields["extends"] = nil
        var merged = base
        for (key, value) in fields {
            if ["environment", "variant"].contains(key), case .object(let over) = value, case .object(var under)? = base[key] {
                for (k, v) in over { under[k] = v }
                merged[key] = .object(under)
            } else {
                merged[key] = value
            }
        }
        return .object(merged)
    }
}

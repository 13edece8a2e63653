// The one place a file path is split into its folder and its last component. Foundation's
// `NSString.deletingLastPathComponent` traps on any one-character path ("G", "s"), and
// `URL.deletingLastPathComponent` resolves against the current directory; this is POSIX's
// dirname/basename on the text alone, with no file system access:
//
//   path     folder  name
//   "a"      "."     "a"
//   "a/b"    "a"     "b"
//   "a/b/"   "a"     "b"      (trailing slashes ignored)
//   "./a"    "."     "a"
//   "/a"     "/"     "a"
//   "/"      "/"     ""       (the root has no last component)
//   ".."     "."     ".."
//   ""       "."     ""

public struct PathSplit: Equatable, Sendable {
    /// The folder holding the last component: "." when the path has no slash, "/" for the root.
    public let folder: String
    /// The last component, trailing slashes left out; "" for "/" and "".
    public let name: String

    public init(_ path: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { folder = "/"; name = ""; return }
        guard let slash = trimmed.lastIndex(of: "/") else { folder = "."; name = String(trimmed); return }
        name = String(trimmed[trimmed.index(after: slash)...])
        var head = trimmed[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        folder = head.isEmpty ? "/" : String(head)
    }

    /// The last component without its extension ("clip" for "a/clip.json"; ".hidden" stays whole).
    public var stem: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

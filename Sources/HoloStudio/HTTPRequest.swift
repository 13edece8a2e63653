// One HTTP/1.1 request, read within stated bounds in time linear in the bytes read.
//
// FlyingFox 0.27.1, which served the studio before, had no cap on the request line, the headers,
// the body or the connections and no read timeout, and its line decoder was internal: a 200 KiB
// request line cost 18.5 s of CPU (16 KiB 0.1 s, 64 KiB 1.8 s, 256 KiB 28 s: quadratic), and a
// 1 GB POST body was read whole into memory. So the studio reads its requests itself:
//  - the head goes into one buffer and each byte is looked at once (`HeadScanner`), which finds
//    the end of every line and the blank line that ends the head;
//  - a request line longer than `maxRequestLine` is answered 414 as soon as that many bytes came
//    without its end; a head past `maxHeaderBytes` or `maxHeaderCount` lines, 431;
//  - a body is read only when Content-Length announces it and only up to `maxBody` (413 before a
//    byte of it is read); a chunked body is refused (411): the page sends small JSON with a length;
//  - the request (head and body) must arrive within `requestTimeout` of the connection's accept
//    (408), however slowly its bytes trickle in.
// A refusal is an HTTPRefusal carrying the status and a one-line reason; the server writes it
// back and closes the connection.

import Foundation

/// The bounds a connection and its one request are held to.
public struct HTTPLimits: Sendable {
    /// Bytes of the request line (`GET /frame?n=7 HTTP/1.1`) before its CR LF: over is 414.
    public var maxRequestLine = 8 << 10
    /// Bytes of the header lines together: over is 431.
    public var maxHeaderBytes = 32 << 10
    /// Header lines: over is 431.
    public var maxHeaderCount = 100
    /// Bytes of a body (the page's POSTs send a few dozen): over is 413, answered unread.
    public var maxBody = 64 << 10
    /// Connections open at once. A new one past it takes the place of the oldest that has not yet
    /// sent its whole request; when every one is being answered, the new one is answered 503.
    public var maxConnections = 64
    /// Event streams (`GET /events`) open at once: past it, 503.
    public var maxEventStreams = 8
    /// Seconds from a connection's accept to its whole request read: past it, 408.
    public var requestTimeout = 10.0
    /// Seconds a write may wait for a client that does not read: past it the connection is dropped.
    public var writeTimeout = 30.0
    public init() {}
}

/// A request refused while it was read or checked: the status to answer and why.
public struct HTTPRefusal: Error, Equatable, CustomStringConvertible {
    public var status: Int
    public var reason: String
    public init(_ status: Int, _ reason: String) { self.status = status; self.reason = reason }
    public var description: String { "\(status) \(reason)" }
}

/// One request: its method, its path and query (percent-decoded), its headers (names lower-cased)
/// and its body.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    public var body: [UInt8]

    /// Headers a request may carry only once: a second Host, Origin or length is a request smuggled
    /// past a check, so it is refused (400) rather than joined.
    static let single: Set<String> = ["host", "origin", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest",
                                      "content-length", "transfer-encoding"]

    /// Parses a complete head (the request line and header lines, each ending in CR LF, without the
    /// blank line). Throws 400 for anything malformed, 505 for a version other than HTTP/1.x.
    static func parse(head: ArraySlice<UInt8>) throws(HTTPRefusal) -> HTTPRequest {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.dropLast() }  // each ends in CR
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw HTTPRefusal(400, "no request line") }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isToken) else {
            throw HTTPRefusal(400, "the request line is not METHOD TARGET HTTP/1.1")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version.hasPrefix("HTTP/") else { throw HTTPRefusal(400, "the request line is not METHOD TARGET HTTP/1.1") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw HTTPRefusal(505, "only HTTP/1.1 is spoken here") }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/") else { throw HTTPRefusal(400, "the target must be a path (/frame?n=0)") }
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        var request = HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), path: String(target[..<pathEnd]),
                                  query: [:], headers: [:], body: [])
        if pathEnd < target.endIndex {
            for pair in target[target.index(after: pathEnd)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decoded(_ s: Substring) -> String? { String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
                guard let key = decoded(kv[0]), let value = kv.count > 1 ? decoded(kv[1]) : "" else {
                    throw HTTPRefusal(400, "the query is not percent-encoded")
                }
                if request.query[key] == nil { request.query[key] = value }
            }
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex, line[..<colon].allSatisfy(isToken) else {
                throw HTTPRefusal(400, "a header line is not NAME: VALUE")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if let old = request.headers[name] {
                if single.contains(name) { throw HTTPRefusal(400, "the \(name) header is given twice") }
                request.headers[name] = old + ", " + value
            } else {
                request.headers[name] = value
            }
        }
        return request
    }

    /// RFC 9110's token characters (a method, a header's name).
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): return true
        default: return false
        }
    }

    /// The body's length from Content-Length (0 without one): 413 past `limits.maxBody`, 411 for a
    /// chunked body, 400 for a length that is not a number.
    func bodyLength(_ limits: HTTPLimits) throws(HTTPRefusal) -> Int {
        if headers["transfer-encoding"] != nil {
            throw HTTPRefusal(411, "send the body with Content-Length (a chunked body is not read)")
        }
        guard let text = headers["content-length"] else { return 0 }
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(text) else {
            throw HTTPRefusal(400, "Content-Length is not a number")
        }
        guard length <= limits.maxBody else {
            throw HTTPRefusal(413, "a body of \(length) bytes is over the studio's \(limits.maxBody)")
        }
        return length
    }
}

/// Finds the end of a request's head as its bytes arrive, looking at each byte once.
struct HeadScanner {
    let limits: HTTPLimits
    /// Every byte received so far (the head, and any body bytes that came with it).
    private(set) var bytes: [UInt8] = []
    /// Bytes looked at so far; where the current line starts; the request line's length once known.
    private var scanned = 0, lineStart = 0, requestLine: Int?
    private var headerLines = 0

    init(limits: HTTPLimits) { self.limits = limits }

    /// The most bytes the head may take: the request line, the header lines and their line ends.
    var maxHead: Int { limits.maxRequestLine + 2 + limits.maxHeaderBytes + 2 }

    /// Takes the next bytes received; answers the head's length (through its blank line) once it
    /// is complete, nil while more is needed. Throws 414, 431 or 400.
    mutating func append(_ chunk: ArraySlice<UInt8>) throws(HTTPRefusal) -> Int? {
        bytes += chunk
        while scanned < bytes.count {
            let i = scanned
            scanned += 1
            guard bytes[i] == 0x0A else { continue }
            guard i > lineStart, bytes[i - 1] == 0x0D else { throw HTTPRefusal(400, "lines must end in CR LF") }
            let length = i - 1 - lineStart
            lineStart = i + 1
            if requestLine == nil {
                guard length <= limits.maxRequestLine else { throw Self.uriTooLong(limits) }
                requestLine = length
                continue
            }
            try checkHeaderBytes(upTo: i + 1)
            if length == 0 {
                return i + 1
            } else {
                headerLines += 1
                guard headerLines <= limits.maxHeaderCount else {
                    throw HTTPRefusal(431, "more than \(limits.maxHeaderCount) header lines")
                }
            }
        }
        if requestLine != nil {
            try checkHeaderBytes(upTo: bytes.count)
        } else if bytes.count > limits.maxRequestLine + 1 {
            throw Self.uriTooLong(limits)
        }
        return nil
    }

    /// 431 when the header lines up to `end` (with their line ends and the blank line's) pass the cap.
    private func checkHeaderBytes(upTo end: Int) throws(HTTPRefusal) {
        guard let requestLine, end - (requestLine + 2) > limits.maxHeaderBytes + 2 else { return }
        throw HTTPRefusal(431, "headers of more than \(limits.maxHeaderBytes) bytes")
    }

    static func uriTooLong(_ limits: HTTPLimits) -> HTTPRefusal {
        HTTPRefusal(414, "a request line of more than \(limits.maxRequestLine) bytes")
    }
}

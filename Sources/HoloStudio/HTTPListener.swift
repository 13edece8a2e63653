// The studio's HTTP/1.1 server: POSIX sockets, one thread per connection, one request per
// connection (every answer says `Connection: close`), every bound of HTTPLimits held.
//
// Why its own and not FlyingFox's or swift-nio's: docs/studio.md, "Why its own server". In short,
// FlyingFox 0.27.1 offers none of the bounds the studio needs and its decoder is internal, and the
// studio serves one user's page a few requests a second, which a thread per connection carries.
//
//  - Accepting: one thread. An accept that fails for want of descriptors or memory (EMFILE,
//    ENFILE, ENOBUFS, ENOMEM) ends the oldest connection still sending its request, to give a
//    descriptor back, and is retried after a pause that doubles from 10 ms to 1 s and resets on
//    the next success: the server keeps listening (FlyingFox's loop ended for good there).
//  - Connections: at most `maxConnections`. Past it, the newest connection takes the place of the
//    oldest one still sending its request (shut down, so its thread ends at once): 1,100 idle
//    connections cannot keep out the page's next request. When every connection is being
//    answered, the new one gets 503.
//  - Reading: HTTPRequest.swift, within `requestTimeout` of the accept.
//  - Writing: `send` with MSG_NOSIGNAL (a closed page is an error, never SIGPIPE), each wait for
//    room bounded by `writeTimeout`. After an answer the connection is shut for writing and what
//    the client still sends is read and dropped (at most 1 MiB, 1 s) before the close, so a client
//    sending a refused body reads the 413 instead of a reset.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a handler answers: a status, headers, and a body sent whole or written as it comes.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Written by the closure until it returns (an event stream); the connection is the closure's
        /// until then. Sent without Content-Length.
        case stream(@Sendable (HTTPConnection) -> Void)
    }
    public var status: Int
    public var headers: [(String, String)]
    public var body: Body

    public init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([])) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// Every answer carries these: never cached, never sniffed as another type, never framed by
    /// another page, and the connection closes after it.
    static let common = [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                         ("X-Frame-Options", "DENY"), ("Content-Security-Policy", "frame-ancestors 'none'"),
                         ("Connection", "close")]

    func head() -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers + Self.common { text += "\(name): \(value)\r\n" }
        if case .bytes(let bytes) = body { text += "Content-Length: \(bytes.count)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

/// One accepted connection: its socket and the address it was accepted on.
public final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    let limits: HTTPLimits
    /// When it was accepted (FrameWatch.now's clock: uptime nanoseconds).
    let accepted: UInt64
    /// The local address the client reached, as a Host header names it: `127.0.0.1`, `[::1]`.
    public let localHost: String
    /// The port the server listens on.
    public let port: UInt16

    init(fd: Int32, limits: HTTPLimits, localHost: String, port: UInt16) {
        self.fd = fd; self.limits = limits; self.localHost = localHost; self.port = port
        accepted = DispatchTime.now().uptimeNanoseconds
    }

    /// Reads the request, within every bound of `limits` (HTTPRequest.swift).
    func readRequest() throws(HTTPRefusal) -> HTTPRequest {
        let deadline = accepted &+ UInt64(limits.requestTimeout * 1e9)
        var scanner = HeadScanner(limits: limits)
        var headEnd: Int?
        while headEnd == nil {
            let chunk = try receive(upTo: 16 << 10, deadline: deadline)
            guard !chunk.isEmpty else { throw HTTPRefusal(400, "the connection closed before the request's end") }
            headEnd = try scanner.append(chunk[...])
        }
        var request = try HTTPRequest.parse(head: scanner.bytes[..<(headEnd! - 2)])
        let length = try request.bodyLength(limits)
        var body = Array(scanner.bytes[headEnd!...].prefix(length))
        while body.count < length {
            let chunk = try receive(upTo: min(16 << 10, length - body.count), deadline: deadline)
            guard !chunk.isEmpty else { throw HTTPRefusal(400, "the connection closed before the body's end") }
            body += chunk
        }
        request.body = body
        return request
    }

    /// Waits until bytes arrive or `deadline` passes (408), then reads at most `count`: empty at the end.
    func receive(upTo count: Int, deadline: UInt64) throws(HTTPRefusal) -> [UInt8] {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw HTTPRefusal(408, "the request did not arrive within \(String(format: "%g", limits.requestTimeout)) s")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            if ready < 0 && errno != EINTR { throw HTTPRefusal(400, "the connection failed") }
            if ready <= 0 { continue }
            var buffer = [UInt8](repeating: 0, count: count)
            let n = recv(fd, &buffer, count, 0)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return []
            }
            return Array(buffer[..<n])
        }
    }

    /// Sends all of `bytes`; false when the client is gone or did not make room within `writeTimeout`.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(limits.writeTimeout * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// Writes `response` and ends the connection's output, then drops what the client still sends
    /// (at most 1 MiB or 1 s) so that it reads the answer rather than a reset.
    func answer(_ response: HTTPResponse) {
        guard send(response.head()) else { return }
        switch response.body {
        case .bytes(let bytes): send(bytes)
        case .stream(let write): write(self)
        }
        shutdown(fd, Int32(SHUT_WR))
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        var dropped = 0
        while dropped < 1 << 20, let chunk = try? receive(upTo: 64 << 10, deadline: deadline), !chunk.isEmpty {
            dropped += chunk.count
        }
    }
}

/// A listening socket and the threads that serve it.
public final class HTTPListener: @unchecked Sendable {
    public let limits: HTTPLimits
    let handler: @Sendable (HTTPRequest, HTTPConnection) -> HTTPResponse
    private let listening: Int32
    /// The port listened on (the one chosen when 0 was asked for).
    public let port: UInt16

    private enum Phase { case reading, answering }
    private struct Open { var connection: HTTPConnection; var phase: Phase }
    private let lock = NSLock()
    private var open: [ObjectIdentifier: Open] = [:]
    private var streams = 0
    private var stopped = false

    /// Binds `host` (an IPv4 or IPv6 address; StudioHostError when it is not one) and `port`, and
    /// listens; `start` begins accepting.
    public init(host: String, port: UInt16, limits: HTTPLimits = HTTPLimits(),
                handler: @escaping @Sendable (HTTPRequest, HTTPConnection) -> HTTPResponse) throws {
        self.limits = limits
        self.handler = handler
        guard let address = SocketAddress(host: host, port: port) else { throw StudioHostError(host: host) }
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard address.bind(fd) == 0, listen(fd, 128) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(fd)
            throw POSIXError(code)
        }
        listening = fd
        self.port = SocketAddress.local(of: fd)?.port ?? port
    }

    /// Starts the accept thread.
    public func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "holoframe.studio.accept"
        thread.start()
    }

    /// Stops accepting and ends every connection (their threads finish what they write).
    public func stop() {
        lock.withLock {
            stopped = true
            // Under the lock: a connection leaves the table before its descriptor is closed.
            for entry in open.values { shutdown(entry.connection.fd, Int32(SHUT_RDWR)) }
        }
        shutdown(listening, Int32(SHUT_RDWR))
    }

    public var isStopped: Bool { lock.withLock { stopped } }

    /// Connections open now.
    public var openConnections: Int { lock.withLock { open.count } }

    private func acceptLoop() {
        var pause = 0.01
        while !isStopped {
            let fd = accept(listening, nil, nil)
            if fd < 0 {
                let error = errno
                if isStopped { break }
                if error == EINTR || error == ECONNABORTED || error == EAGAIN { continue }
                // EMFILE, ENFILE, ENOBUFS, ENOMEM, or anything else: the listening socket is fine, so
                // give back the descriptor of the oldest connection still sending its request, wait and retry.
                _ = lock.withLock { evictOldestReading() }
                Thread.sleep(forTimeInterval: pause)
                pause = min(1, pause * 2)
                continue
            }
            pause = 0.01
            let local = SocketAddress.local(of: fd)?.hostHeaderName ?? ""
            admit(HTTPConnection(fd: fd, limits: limits, localHost: local, port: port))
        }
        close(listening)
    }

    /// Makes room for `connection` under `maxConnections` and starts its thread, or answers 503.
    private func admit(_ connection: HTTPConnection) {
        let admitted: Bool = lock.withLock {
            if open.count >= limits.maxConnections, !evictOldestReading() { return false }
            open[ObjectIdentifier(connection)] = Open(connection: connection, phase: .reading)
            return true
        }
        guard admitted else {
            // Not `answer`: the accept thread does not wait for this client.
            let busy = Array("every connection is being answered; try again\n".utf8)
            _ = connection.send(HTTPResponse(status: 503, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                             body: .bytes(busy)).head() + busy)
            close(connection.fd)
            return
        }
        let thread = Thread { [self] in serve(connection) }
        thread.name = "holoframe.studio.connection"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Ends the oldest connection still sending its request (its thread sees the end and closes
    /// it); false when every connection is being answered. Called with the lock held.
    @discardableResult
    private func evictOldestReading() -> Bool {
        guard let oldest = open.filter({ $0.value.phase == .reading })
            .min(by: { $0.value.connection.accepted < $1.value.connection.accepted }) else { return false }
        open.removeValue(forKey: oldest.key)
        shutdown(oldest.value.connection.fd, Int32(SHUT_RDWR))
        return true
    }

    private func serve(_ connection: HTTPConnection) {
        let id = ObjectIdentifier(connection)
        defer {
            // Out of the table before the close, so an eviction never shuts a reused descriptor.
            lock.withLock { _ = open.removeValue(forKey: id) }
            close(connection.fd)
        }
        let response: HTTPResponse
        do throws(HTTPRefusal) {
            let request = try connection.readRequest()
            let stillOpen = lock.withLock {
                guard open[id] != nil else { return false }
                open[id]?.phase = .answering
                return true
            }
            guard stillOpen else { return }
            response = handler(request, connection)
        } catch {
            response = Self.refusal(error)
        }
        if case .stream = response.body {
            let allowed = lock.withLock {
                guard streams < limits.maxEventStreams else { return false }
                streams += 1
                return true
            }
            guard allowed else {
                connection.answer(Self.refusal(HTTPRefusal(503, "more than \(limits.maxEventStreams) event streams open")))
                return
            }
            defer { lock.withLock { streams -= 1 } }
            connection.answer(response)
        } else {
            connection.answer(response)
        }
    }

    /// A plain-text answer for a refused request.
    public static func refusal(_ refusal: HTTPRefusal) -> HTTPResponse {
        HTTPResponse(status: refusal.status, headers: [("Content-Type", "text/plain; charset=utf-8")],
                     body: .bytes(Array((refusal.reason + "\n").utf8)))
    }
}

/// An IPv4 or IPv6 socket address.
struct SocketAddress {
    var storage = sockaddr_storage()
    var family: Int32 { Int32(storage.ss_family) }

    init?(host: String, port: UInt16) {
        if host.contains(":") {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &a.sin6_addr) == 1 else { return nil }
            withUnsafeBytes(of: a) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &a.sin_addr) == 1 else { return nil }
            withUnsafeBytes(of: a) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        }
    }

    private init(storage: sockaddr_storage) { self.storage = storage }

    /// The address `fd` is bound to (or, for an accepted socket, the one the client reached).
    static func local(of fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        return ok ? SocketAddress(storage: storage) : nil
    }

    func bind(_ fd: Int32) -> Int32 {
        var copy = storage
        let length = family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        return withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(length)) }
        }
    }

    var port: UInt16 {
        withUnsafeBytes(of: storage) { raw in
            family == AF_INET6 ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                               : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    /// The address as a Host header writes it: `127.0.0.1`, `[::1]`; an IPv4 address reached
    /// through an IPv6 socket (`::ffff:127.0.0.1`) as IPv4.
    var hostHeaderName: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let size = socklen_t(text.count)
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET6 {
                var a = raw.load(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &a, &text, size)
            } else {
                var a = raw.load(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &a, &text, size)
            }
        }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard family == AF_INET6 else { return name }
        if name.hasPrefix("::ffff:"), name.contains(".") { return String(name.dropFirst(7)) }
        return "[\(name)]"
    }
}

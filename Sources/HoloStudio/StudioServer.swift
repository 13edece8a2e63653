// The studio's HTTP server: FlyingFox (swhitty/FlyingFox 0.27.1), an async HTTP/1.1 server with
// no dependencies of its own. Chosen over swift-nio's HTTP/1 support by measuring what each adds
// to a fresh release build of a one-route server on this 2-core machine (docs/studio.md): the
// page asks for a handful of frames a second, far from what either is built for.
//
// Routes (all answers are `Cache-Control: no-store`; a frame's version is in its headers):
//   GET  /                  the page (StudioPage.swift)
//   GET  /clip              the version shown, its inputs and environment, the last error (JSON)
//   GET  /frame?n=K         frame K as PNG; X-Frame, X-Version, X-Raster-Ms, X-Scale, X-Cached
//   GET  /state?n=K         frame K's simulated state: the line `render --state` writes
//   GET  /events            server-sent events: `status` {version, error} now and on every change
//   POST /environment       {"colorScheme", "dynamicTypeSize", "reduceMotion", "device"}: reload
//   POST /bench?first=A&last=B   frames A…B timed at the device's scale as `bench` does (JSON)
// Anything else is 404; a bad frame number 400; a frame outside the clip 404. A Host that is a
// domain name, or a POST from another page's Origin, is 403 (see `refusal`).

import FlyingFox
import FlyingSocks
import Foundation
import Holoframe
import HoloGeometry
import Synchronization

/// Where the server listens.
public struct StudioAddress: Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    /// The address to open in a browser: http://127.0.0.1:8741/ (IPv6 in brackets).
    public var description: String { host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/" }
}

/// A --host that is not an IP address.
public struct StudioHostError: Error, CustomStringConvertible {
    public var host: String
    public var description: String {
        "--host \(host): give an IP address to listen on (127.0.0.1, ::1, or 0.0.0.0 / :: for every network interface)"
    }
}

/// The server did not start listening within 60 s (it takes milliseconds; the bound is for a machine
/// whose every thread is busy, as in a parallel test run, where the listening task waits its turn).
public struct StudioListenTimeout: Error, CustomStringConvertible {
    public var description: String { "the server did not start listening within 60 s" }
}

public final class StudioServer: Sendable {
    public let session: StudioSession
    let server: HTTPServer
    let host: String

    /// A server for `session` on `host` (an IPv4 or IPv6 address) and `port` (0: any free port).
    public init(session: StudioSession, host: String = "127.0.0.1", port: UInt16 = 0) throws {
        self.session = session
        self.host = host
        let address: any SocketAddress
        if host.contains(":") {
            guard let a = try? sockaddr_in6.inet6(ip6: host, port: port) else { throw StudioHostError(host: host) }
            address = a
        } else {
            guard let a = try? sockaddr_in.inet(ip4: host, port: port) else { throw StudioHostError(host: host) }
            address = a
        }
        // The timeout bounds how long an answer may take to start: a bench of a long range at 3×.
        server = HTTPServer(config: .init(address: address, timeout: 600, logger: .disabled))
    }

    /// Starts listening and answers with the address (the port chosen when 0 was asked for).
    public func start() async throws -> StudioAddress {
        await addRoutes()
        let server = self.server
        // run() serves until stopped; a failure to listen (a port in use) ends it at once, and
        // is what start() throws.
        let failure = Locked<Error?>(nil)
        Task { do { try await server.run() } catch { failure.withLock { $0 = error } } }
        let deadline = ContinuousClock.now + .seconds(60)
        while await !server.isListening {
            if let error = failure.withLock({ $0 }) { throw error }
            if ContinuousClock.now > deadline { throw StudioListenTimeout() }
            try await Task.sleep(for: .milliseconds(10))
        }
        var port: UInt16 = 0
        if case .ip4(_, let p)? = await server.listeningAddress { port = p }
        if case .ip6(_, let p)? = await server.listeningAddress { port = p }
        return StudioAddress(host: host, port: port)
    }

    public func stop() async { await server.stop() }

    func addRoutes() async {
        let session = self.session
        await server.appendRoute("GET /") { request in
            if let refused = Self.refusal(request) { return refused }
            return Self.answer(.ok, type: "text/html; charset=utf-8", Data(StudioPage.html.utf8))
        }
        await server.appendRoute("GET /clip") { request in
            if let refused = Self.refusal(request) { return refused }
            return Self.json(ClipDescription.json(session.current, status: session.status, watched: session.watchedFiles))
        }
        await server.appendRoute("GET /frame") { request in
            if let refused = Self.refusal(request) { return refused }
            guard let n = request.query["n"].flatMap(Int.init) else { return Self.text(.badRequest, "give the frame as ?n=K") }
            do {
                let frame = try await session.frame(n)
                var response = Self.answer(.ok, type: "image/png", Data(frame.entry.png))
                response.headers[HTTPHeader("X-Frame")] = "\(frame.index)"
                response.headers[HTTPHeader("X-Version")] = "\(frame.version)"
                response.headers[HTTPHeader("X-Raster-Ms")] = String(format: "%.3f", frame.entry.rasterMs)
                response.headers[HTTPHeader("X-Scale")] = "\(frame.entry.scale)"
                response.headers[HTTPHeader("X-Cached")] = frame.cached ? "1" : "0"
                return response
            } catch {
                return Self.failure(error, session)
            }
        }
        await server.appendRoute("GET /state") { request in
            if let refused = Self.refusal(request) { return refused }
            guard let n = request.query["n"].flatMap(Int.init) else { return Self.text(.badRequest, "give the frame as ?n=K") }
            do { return Self.answer(.ok, type: "application/json", Data(try session.state(n).utf8)) } catch { return Self.failure(error, session) }
        }
        await server.appendRoute("GET /events") { request in
            if let refused = Self.refusal(request) { return refused }
            return Self.answer(.ok, type: "text/event-stream", body: HTTPBodySequence(from: StatusEvents(session: session)))
        }
        await server.appendRoute("POST /environment") { request in
            if let refused = Self.refusal(request) { return refused }
            let body = try await request.bodyData
            guard let fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
                return Self.text(.badRequest, "send a JSON object")
            }
            var scheme: ColorScheme?, size: DynamicTypeSize?, device: String?
            if let s = fields["colorScheme"] as? String {
                guard let v = ColorScheme(rawValue: s) else { return Self.text(.badRequest, "colorScheme: light or dark") }
                scheme = v
            }
            if let s = fields["dynamicTypeSize"] as? String {
                guard let v = DynamicTypeSize(rawValue: s) else { return Self.text(.badRequest, "dynamicTypeSize: one of \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))") }
                size = v
            }
            if let s = fields["device"] as? String {
                guard Device.named(s) != nil else { return Self.text(.badRequest, "device: a preset (holoframe list --devices) or WxH@S") }
                device = s
            }
            let status = session.setEnvironment(colorScheme: scheme, dynamicTypeSize: size,
                                                reduceMotion: fields["reduceMotion"] as? Bool, device: device)
            return Self.json(["version": status.version, "error": status.error as Any? ?? NSNull()])
        }
        await server.appendRoute("POST /bench") { request in
            if let refused = Self.refusal(request) { return refused }
            guard let first = request.query["first"].flatMap(Int.init), let last = request.query["last"].flatMap(Int.init),
                  first >= 0, last >= first else { return Self.text(.badRequest, "give the frames as ?first=A&last=B") }
            do {
                let bench = try await session.bench(FrameRange(first: first, last: last))
                return Self.json([
                    "device": bench.device, "scale": session.current.deviceScale, "budgetMs": bench.budgetMs,
                    "frames": bench.frames.map { ["frame": $0.frame, "rasterMs": $0.rasterMs, "totalMs": $0.totalMs] },
                ])
            } catch { return Self.failure(error, session) }
        }
    }

    /// Requests a page on another site could make through the user's browser are refused (403):
    ///  - a Host that is a name other than localhost: a DNS-rebinding page reaches 127.0.0.1
    ///    under its own domain name, never under an IP address;
    ///  - a POST whose Origin is not this server (a form or script on another site).
    static func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers[.host], isAddressOrLocalhost(host) else {
            return text(.forbidden, "this server answers to http://127.0.0.1:PORT/ (or localhost, or an IP address) only")
        }
        if request.method == .POST, let origin = request.headers[HTTPHeader("Origin")],
           origin != "http://\(host)" {
            return text(.forbidden, "a request from another page (\(origin)) is refused")
        }
        return nil
    }

    /// `localhost`, an IPv4 address or a bracketed IPv6 address, with or without `:port`.
    static func isAddressOrLocalhost(_ host: String) -> Bool {
        if host.hasPrefix("[") { return host.contains("]") }
        let name = host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    static func answer(_ status: HTTPStatusCode, type: String, _ body: Data) -> HTTPResponse {
        answer(status, type: type, body: HTTPBodySequence(data: body))
    }

    static func answer(_ status: HTTPStatusCode, type: String, body: HTTPBodySequence) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: type, .cacheControl: "no-store"], body: body)
    }

    static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        answer(status, type: "text/plain; charset=utf-8", Data((message + "\n").utf8))
    }

    static func json(_ object: Any) -> HTTPResponse {
        answer(.ok, type: "application/json", ClipDescription.data(object))
    }

    static func failure(_ error: Error, _ session: StudioSession) -> HTTPResponse {
        if error is FrameOutOfRange { return text(.notFound, "\(error)") }
        return text(.internalServerError, session.describe(error))
    }
}

/// The body of GET /events: `status` events (JSON {version, error}) as they happen, the current
/// one first, and a comment line every 15 s so a closed page is noticed and its listener dropped.
struct StatusEvents: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let session: StudioSession

    static func event(_ status: StudioStatus) -> [UInt8] {
        let data = ClipDescription.data(["version": status.version, "error": status.error as Any? ?? NSNull()])
        return Array("retry: 1000\nevent: status\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }

    func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = session.addListener { continuation.yield(Self.event($0)) }
        let ping = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                continuation.yield(Array(": ping\n\n".utf8))
            }
        }
        continuation.onTermination = { [session] _ in session.removeListener(id); ping.cancel() }
        continuation.yield(Self.event(session.status))
        return Iterator(chunks: stream.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []

        mutating func next() async -> UInt8? {
            guard let first = await nextBuffer(suggested: 1) else { return nil }
            return first.first
        }

        mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
            if pending.isEmpty {
                guard let chunk = await chunks.next() else { return nil }
                pending = chunk
            }
            let n = Swift.min(Swift.max(1, count), pending.count)
            defer { pending.removeFirst(n) }
            return Array(pending.prefix(n))
        }
    }
}

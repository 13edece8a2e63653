// The studio's HTTP routes, on its own bounded HTTP/1.1 server (HTTPListener.swift; why not
// FlyingFox or swift-nio: docs/studio.md, "Why its own server").
//
// Routes (all answers are `Cache-Control: no-store`; a frame's version is in its headers):
//   GET  /                  the page (StudioPage.swift, Resources/studio.html)
//   GET  /clip              the version shown, its inputs and environment, the last error (JSON)
//   GET  /frame?n=K         frame K as PNG; X-Frame, X-Version, X-Raster-Ms, X-Scale, X-Cached
//   GET  /state?n=K         frame K's simulated state: the line `render --state` writes
//   GET  /events            server-sent events: `status` {version, error} now and on every change
//   POST /environment       {"colorScheme", "dynamicTypeSize", "reduceMotion", "device"}: reload
//   POST /bench?first=A&last=B   frames A…B timed at the device's scale as `bench` does (JSON)
// Anything else is 404 (405 for a known path with another method); a bad frame number 400; a
// frame outside the clip 404; a frame over a limit 422 and one stopped at its deadline 503, with
// the CLI's message. What another site could make the user's browser ask is 403 (`refusal`).

import Foundation
import Holoframe
import HoloGeometry

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
        "--host \(Printable.escaped(host)): give an IP address to listen on (127.0.0.1, ::1, or 0.0.0.0 / :: for every network interface)"
    }
}

public final class StudioServer: Sendable {
    public let session: StudioSession
    let listener: HTTPListener
    let host: String

    /// A server for `session` on `host` (an IPv4 or IPv6 address) and `port` (0: any free port),
    /// bound at once (a port in use throws here) and answering once `start` is called.
    public init(session: StudioSession, host: String = "127.0.0.1", port: UInt16 = 0, limits: HTTPLimits = HTTPLimits()) throws {
        self.session = session
        self.host = host
        listener = try HTTPListener(host: host, port: port, limits: limits) { request, connection in
            if let refused = Self.refusal(request, connection) { return refused }
            return Self.route(request, session)
        }
    }

    /// Starts answering; answers with the address (the port chosen when 0 was asked for).
    @discardableResult
    public func start() -> StudioAddress {
        listener.start()
        return StudioAddress(host: host, port: listener.port)
    }

    public func stop() { listener.stop() }

    static let routes: [String: String] = ["/": "GET", "/clip": "GET", "/frame": "GET", "/state": "GET", "/events": "GET",
                                           "/environment": "POST", "/bench": "POST"]

    static func route(_ request: HTTPRequest, _ session: StudioSession) -> HTTPResponse {
        guard let method = routes[request.path] else { return text(404, "no such page") }
        guard request.method == method else { return text(405, "\(request.path) takes \(method)") }
        switch request.path {
        case "/":
            return answer(200, type: "text/html; charset=utf-8", Array(StudioPage.html.utf8))
        case "/clip":
            return json(ClipDescription.json(session.current, status: session.status, watched: session.watchedFiles))
        case "/frame":
            guard let n = request.query["n"].flatMap(Int.init) else { return text(400, "give the frame as ?n=K") }
            do {
                let frame = try session.frame(n)
                var response = answer(200, type: "image/png", frame.entry.png)
                response.headers += [("X-Frame", "\(frame.index)"), ("X-Version", "\(frame.version)"),
                                     ("X-Raster-Ms", String(format: "%.3f", frame.entry.rasterMs)),
                                     ("X-Scale", "\(frame.entry.scale)"), ("X-Cached", frame.cached ? "1" : "0")]
                return response
            } catch {
                return failure(error, session)
            }
        case "/state":
            guard let n = request.query["n"].flatMap(Int.init) else { return text(400, "give the frame as ?n=K") }
            do { return answer(200, type: "application/json", Array(try session.state(n).utf8)) } catch { return failure(error, session) }
        case "/events":
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")],
                                body: .stream { StatusEvents(session: session).write(to: $0) })
        case "/environment":
            return environment(request.body, session)
        default:
            guard let first = request.query["first"].flatMap(Int.init), let last = request.query["last"].flatMap(Int.init),
                  first >= 0, last >= first else { return text(400, "give the frames as ?first=A&last=B") }
            do {
                let bench = try session.bench(FrameRange(first: first, last: last))
                return json([
                    "device": bench.device, "scale": session.current.deviceScale, "budgetMs": bench.budgetMs,
                    "frames": bench.frames.map { ["frame": $0.frame, "rasterMs": $0.rasterMs, "totalMs": $0.totalMs] },
                ])
            } catch { return failure(error, session) }
        }
    }

    /// POST /environment: the page's switches, then a reload.
    static func environment(_ body: [UInt8], _ session: StudioSession) -> HTTPResponse {
        guard let fields = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return text(400, "send a JSON object")
        }
        var scheme: ColorScheme?, size: DynamicTypeSize?, device: String?
        if let s = fields["colorScheme"] as? String {
            guard let v = ColorScheme(rawValue: s) else { return text(400, "colorScheme: light or dark") }
            scheme = v
        }
        if let s = fields["dynamicTypeSize"] as? String {
            guard let v = DynamicTypeSize(rawValue: s) else { return text(400, "dynamicTypeSize: one of \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))") }
            size = v
        }
        if let s = fields["device"] as? String {
            guard Device.named(s) != nil else { return text(400, "device: a preset (holoframe list --devices) or WxH@S") }
            device = s
        }
        let status = session.setEnvironment(colorScheme: scheme, dynamicTypeSize: size,
                                            reduceMotion: fields["reduceMotion"] as? Bool, device: device)
        return json(["version": status.version, "error": status.error as Any? ?? NSNull()])
    }

    /// What a page on another site could make the user's browser ask is refused (403), on every route:
    ///  - a Host other than 127.0.0.1, [::1], localhost or the address the connection reached, with
    ///    the served port or none: a DNS-rebinding page reaches 127.0.0.1 under its own name;
    ///  - an Origin other than this server's own (`http://` and the Host): another page's script or form;
    ///  - `Sec-Fetch-Site` other than `same-origin` or `none` (a browser's own address bar, a
    ///    bookmark): another site's `<img>`, `<script>` or fetch, which send no Origin on a GET.
    ///    A request without it (curl, a test) passes. The page itself may also be opened from a
    ///    link on another site (a top-level navigation: `Sec-Fetch-Dest: document`), never framed.
    static func refusal(_ request: HTTPRequest, _ connection: HTTPConnection) -> HTTPResponse? {
        guard let host = request.headers["host"]?.lowercased(), allowedHosts(connection).contains(host) else {
            return text(403, "this server answers to http://127.0.0.1:\(connection.port)/ (or localhost, or the address it listens on) only")
        }
        if let origin = request.headers["origin"], origin.lowercased() != "http://" + host {
            return text(403, "a request from another page (\(Printable.escaped(origin))) is refused")
        }
        if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none",
           !(request.path == "/" && request.method == "GET" && request.headers["sec-fetch-dest"] == "document") {
            return text(403, "a request another site's page made (Sec-Fetch-Site: \(Printable.escaped(site))) is refused")
        }
        return nil
    }

    /// Host headers this connection answers to: each name alone and with the served port.
    static func allowedHosts(_ connection: HTTPConnection) -> Set<String> {
        let names = ["127.0.0.1", "[::1]", "localhost", connection.localHost.lowercased()].filter { !$0.isEmpty }
        return Set(names + names.map { "\($0):\(connection.port)" })
    }

    static func answer(_ status: Int, type: String, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: .bytes(body))
    }

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        answer(status, type: "text/plain; charset=utf-8", Array((message + "\n").utf8))
    }

    static func json(_ object: Any) -> HTTPResponse {
        answer(200, type: "application/json", Array(ClipDescription.data(object)))
    }

    static func failure(_ error: Error, _ session: StudioSession) -> HTTPResponse {
        switch error {
        case is FrameOutOfRange: return text(404, "\(error)")
        case is LimitError: return text(422, session.describe(error))
        case is TimeLimitExceeded, is RequestTimeLimit: return text(503, session.describe(error))
        default: return text(500, session.describe(error))
        }
    }
}

/// The body of GET /events: `status` events (JSON {version, error}) as they happen, the current
/// one first, and a comment line every 15 s so a closed page is noticed and its listener dropped.
struct StatusEvents {
    let session: StudioSession

    static func event(_ status: StudioStatus) -> [UInt8] {
        let data = ClipDescription.data(["version": status.version, "error": status.error as Any? ?? NSNull()])
        return Array("retry: 1000\nevent: status\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }

    /// Writes events to `connection` until a write fails (the page closed, or the server stopped).
    func write(to connection: HTTPConnection) {
        let queue = EventQueue()
        let id = session.addListener { queue.push(Self.event($0)) }
        defer { session.removeListener(id) }
        var next = Self.event(session.status)
        while connection.send(next) { next = queue.next(within: 15) ?? Array(": ping\n\n".utf8) }
    }
}

/// Events waiting for an event stream's thread (the newest 16; older ones are superseded anyway).
final class EventQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [[UInt8]] = []

    func push(_ event: [UInt8]) {
        condition.withLock {
            events.append(event)
            if events.count > 16 { events.removeFirst() }
            condition.signal()
        }
    }

    /// Every event waiting, as one write; nil when none came within `seconds`.
    func next(within seconds: Double) -> [UInt8]? {
        condition.withLock {
            if events.isEmpty { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
            defer { events.removeAll() }
            return events.isEmpty ? nil : Array(events.joined())
        }
    }
}

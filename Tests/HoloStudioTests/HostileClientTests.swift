import Foundation
import Testing
@testable import HoloStudio
import Holoframe

/// A raw TCP connection to the server on 127.0.0.1: bytes go out as given, and the answer is read
/// until the server closes or `timeout` passes.
final class RawClient: @unchecked Sendable {
    let fd: Int32
    /// When it connected: timings are taken on the client's own thread, not after an await
    /// (a test resumed late by a busy pool would count the wait).
    let connected = ContinuousClock.now

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    /// Sends what it can of `bytes` (a refused request may be cut off by the server: no error).
    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// True once the server has answered (or closed).
    var answered: Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// The answer's status (nil when none came), its text, and the time from the connect to
    /// the close (or `timeout`).
    func answer(timeout: Double = 30) -> (status: Int?, text: String, took: Duration) {
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            raw += buffer[..<n]
        }
        let text = String(decoding: raw, as: UTF8.self)
        let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
        return (status, text, ContinuousClock.now - connected)
    }
}

/// Runs `body` on a thread of its own (its socket calls block) and waits for it.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A studio on a small clip, listening on a free port of 127.0.0.1 with `limits`.
func hostileStudio(_ limits: HTTPLimits = HTTPLimits(), name: String = #function) throws -> (StudioServer, UInt16, String) {
    let folder = studioFolder(name)
    try write(smallClip(), to: folder + "/clip.json")
    let server = try StudioServer(session: try session(for: folder + "/clip.json"), port: 0, limits: limits)
    return (server, server.start().port, folder)
}

/// Issue 41: the server holds against a page on another site and against a client that sends too
/// much, too slowly or too often. Each of these was seen failing against the FlyingFox server.
@Suite struct HostileClientTests {
    @Test func onlyTheLoopbackNamesAndTheServedPortAreHosts() async throws {
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // FlyingFox's check passed any bracketed name and any `localhost:` prefix.
        for host in ["[evil.example]", "[evil.example]:1", "localhost:evil.example", "evil.example:\(port)",
                     "127.0.0.1:\(port + 1)", "localhost.evil.example", "127.0.0.2:\(port)", "[::2]:\(port)", ""] {
            #expect(try await exchange(port, "GET", "/state?n=0", host: host).status == 403, "Host: \(host)")
        }
        for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "LOCALHOST:\(port)", "[::1]:\(port)", "[::1]"] {
            #expect(try await exchange(port, "GET", "/state?n=0", host: host).status == 200, "Host: \(host)")
        }
    }

    @Test func anotherSitesRequestIsRefusedOnEveryRoute() async throws {
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // What another site's <img>, <script> or fetch sends: a GET with Sec-Fetch-Site and no Origin.
        for target in ["/state?n=29", "/frame?n=0", "/clip", "/events", "/"] {
            for site in ["cross-site", "same-site"] {
                let answer = try await exchange(port, "GET", target, until: "\r\n\r\n", extra: "Sec-Fetch-Site: \(site)\r\n")
                #expect(answer.status == 403, "GET \(target) with Sec-Fetch-Site: \(site)")
            }
            let foreign = try await exchange(port, "GET", target, until: "\r\n\r\n", extra: "Origin: http://evil.example\r\n")
            #expect(foreign.status == 403, "GET \(target) with a foreign Origin")
        }
        // The page's own requests, the address bar, curl.
        for extra in ["Sec-Fetch-Site: same-origin\r\n", "Sec-Fetch-Site: none\r\n", "", "Origin: http://127.0.0.1:\(port)\r\n"] {
            #expect(try await exchange(port, "GET", "/state?n=1", extra: extra).status == 200, "\(extra)")
        }
        // A link on another site may open the page itself, never frame it.
        let link = try await exchange(port, "GET", "/", extra: "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Dest: document\r\n")
        #expect(link.status == 200 && link.headers["x-frame-options"] == "DENY")
        #expect(try await exchange(port, "GET", "/", extra: "Sec-Fetch-Site: cross-site\r\nSec-Fetch-Dest: iframe\r\n").status == 403)
        // Two Host headers: the second would pass a check the first failed.
        #expect(try await exchange(port, "GET", "/clip", host: "evil.example", extra: "Host: 127.0.0.1\r\n").status == 400)
    }

    @Test func aLongRequestLineIsRefusedAtOnce() async throws {
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // 200 KiB: FlyingFox spent 18.5 s of CPU on it.
        let answer = try await onThread {
            let client = try RawClient(port: port)
            client.send("GET /state?n=" + String(repeating: "0", count: 200 << 10) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return client.answer()
        }
        #expect(answer.status == 414)
        #expect(answer.took < .seconds(2))
    }

    @Test func headersPastTheirCapAre431() async throws {
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        let big = try await exchange(port, "GET", "/clip", extra: "X-Pad: " + String(repeating: "a", count: 40 << 10) + "\r\n")
        #expect(big.status == 431)
        let many = try await exchange(port, "GET", "/clip", extra: (0..<120).map { "X-\($0): 1\r\n" }.joined())
        #expect(many.status == 431)
    }

    @Test func aBodyPastItsCapIs413WithoutBeingRead() async throws {
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // Only the head is sent: an answer at all shows the 10 MB were not waited for (that would
        // be a 408 after the request timeout).
        let answer = try await onThread {
            let client = try RawClient(port: port)
            client.send("POST /environment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n")
            return client.answer(timeout: 5)
        }
        #expect(answer.status == 413)
        #expect(answer.took < .seconds(3))
        // A client that goes on sending the body still reads the 413.
        let sending = try await onThread {
            let client = try RawClient(port: port)
            client.send("POST /environment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n")
            client.send([UInt8](repeating: 0x7B, count: 10_000_000))
            return client.answer(timeout: 5)
        }
        #expect(sending.status == 413)
        let chunked = try await onThread {
            let client = try RawClient(port: port)
            client.send("POST /environment HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
            return client.answer(timeout: 5)
        }
        #expect(chunked.status == 411)
    }

    @Test func aRequestTooSlowToArriveIs408() async throws {
        var limits = HTTPLimits()
        limits.requestTimeout = 1
        let (server, port, folder) = try hostileStudio(limits)
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        // A byte every 0.2 s: each read is quick, the request never ends.
        let answer = try await onThread {
            let client = try RawClient(port: port)
            client.send("GET /clip HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            for _ in 0..<25 where !client.answered { Thread.sleep(forTimeInterval: 0.2); client.send("a") }
            return client.answer(timeout: 5)
        }
        #expect(answer.status == 408)
        #expect(answer.took < .seconds(3))
    }

    @Test func manyIdleConnectionsDoNotKeepARequestOut() async throws {
        // 1,100 client sockets in this process besides the server's own.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096 { limit.rlim_cur = min(4096, limit.rlim_max); setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) }
        let (server, port, folder) = try hostileStudio()
        defer { server.stop(); try? FileManager.default.removeItem(atPath: folder) }
        let idle = try await onThread { try (0..<1100).map { _ in try RawClient(port: port) } }
        // The accept thread works through them; the last ones in stay open.
        try await Task.sleep(for: .seconds(1))
        let answer = try await exchange(port, "GET", "/clip")
        #expect(answer.status == 200)
        #expect(server.listener.openConnections <= server.listener.limits.maxConnections)
        withExtendedLifetime(idle) {}
    }
}

/// Issue 41: the studio holds the limits the user sets on every frame it draws.
@Suite struct StudioDrawLimitTests {
    func studio(_ clip: String, _ limits: Limits, name: String = #function) throws -> (StudioSession, String) {
        let folder = studioFolder(name)
        try write(clip, to: folder + "/clip.json")
        if clip == Self.slowClip { try write(Self.slowShader, to: folder + "/slow.metal") }
        let session = try StudioSession(source: StudioClipSource(argument: folder + "/clip.json"),
                                        pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20, limits: limits)
        return (session, folder)
    }

    @Test func maxNodesRefusesAFrameOverIt() async throws {
        var limits = Limits()
        limits.work.maxNodes = 10
        // A group of 50 rectangles: 51 nodes.
        let rects = (0..<50).map { ##"{"type": "rect", "frame": {"x": \##($0), "width": 2, "height": 2}, "fill": "#FF0000"}"## }
        let clip = #"{"design": "custom", "duration": 0.5, "device": "120x80@1", "scene": {"type": "group", "children": ["# +
            rects.joined(separator: ",") + "]}}"
        let (session, folder) = try studio(clip, limits)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect { try session.frame(0) } throws: { "\($0)".contains("51 nodes") && "\($0)".contains("--max-nodes") }
        let server = try StudioServer(session: session, port: 0)
        let port = server.start().port
        defer { server.stop() }
        let answer = try await exchange(port, "GET", "/frame?n=0")
        #expect(answer.status == 422 && answer.text.contains("--max-nodes"))
    }

    /// A frame that takes minutes in any build: a shader whose loops the static check sees (10⁶
    /// trips a pixel, allowed by raising `maxShaderOperations`) over the whole 200×100 screen; its
    /// loops poll the frame's deadline, so a time limit stops it inside the frame.
    static let slowClip = #"{"design": "custom", "duration": 0.5, "device": "200x100@1", "scene": {"type": "group", "children": ["# +
        #"{"type": "shaderFill", "shape": {"type": "rect", "frame": {"x": 0, "y": 0, "width": 200, "height": 100}}, "# +
        #""shader": {"source": "slow.metal", "function": "slow"}, "arguments": []}]}}"#
    static let slowShader = """
        [[ stitchable ]] half4 slow(float2 position, half4 color) {
            float h = 0.0;
            for (int i = 0; i < 1000; i++) { for (int j = 0; j < 1000; j++) { h = fract(h + 0.37); } }
            return half4(h, h, h, 1.0);
        }
        """
    /// Limits that let the slow shader run (`--max-shader-work 1e30`).
    static func slowLimits() -> Limits {
        var limits = Limits()
        limits.work.maxShaderOperations = 1e30
        return limits
    }

    @Test func aSlowFrameStopsAtTheFrameTimeout() throws {
        var limits = Self.slowLimits()
        limits.frameTimeout = 0.3
        let (session, folder) = try studio(Self.slowClip, limits)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = ContinuousClock.now
        #expect { try session.frame(1) } throws: { ($0 as? TimeLimitExceeded)?.flag == "--frame-timeout" }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func maxTimeIsADeadlineForEachRequest() throws {
        var limits = Self.slowLimits()
        limits.frameTimeout = nil
        limits.maxTime = 0.3
        let loading = ContinuousClock.now
        let (session, folder) = try studio(Self.slowClip, limits)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The load's warm-up draw of frame 0 is held to --max-time too, or the studio never starts.
        #expect(ContinuousClock.now - loading < .seconds(2))
        for n in [1, 2] {   // the second request has a deadline of its own
            let started = ContinuousClock.now
            #expect { try session.frame(n) } throws: { $0 is RequestTimeLimit && "\($0)".contains("--max-time of 0.3 s") }
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    /// A bench of the slow clip's frames (3 runs of each, at the device's 2×) is stopped at the
    /// request's --max-time inside a frame, not after the whole range.
    @Test func aBenchIsHeldToMaxTime() throws {
        var limits = Self.slowLimits()
        limits.frameTimeout = nil
        limits.maxTime = 0.3
        let (session, folder) = try studio(Self.slowClip, limits)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = ContinuousClock.now
        #expect { try session.bench(FrameRange(first: 0, last: 5)) } throws: { $0 is RequestTimeLimit && "\($0)".contains("--max-time of 0.3 s") }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aBenchIsHeldToMaxPixelsAtTheDeviceScale() throws {
        var limits = Limits()
        limits.maxPixelsPerFrame = 1_000_000
        // Previewed at 0.25× (250×250), measured at the device's 4× (4000×4000).
        let folder = studioFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(smallClip().replacingOccurrences(of: #""device": "120x80@1""#, with: #""device": "1000x1000@4""#), to: folder + "/clip.json")
        let session = try StudioSession(source: StudioClipSource(argument: folder + "/clip.json", overrides: ClipOverrides(scale: 0.25)),
                                        pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20, limits: limits)
        #expect(try session.frame(0).entry.scale == 0.25)
        #expect { try session.bench(FrameRange(first: 0, last: 1)) } throws: { "\($0)".contains("4000×4000") && "\($0)".contains("--max-pixels") }
    }
}

/// The request reader on its own: each byte looked at once, whatever the chunks.
@Suite struct HeadScannerTests {
    @Test func aHeadArrivingAByteAtATimeCostsItsLength() throws {
        var limits = HTTPLimits()
        limits.maxHeaderBytes = 1 << 20
        var scanner = HeadScanner(limits: limits)
        let head = Array(("GET /clip HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 64 << 10) + "\r\n\r\n").utf8)
        let clock = ContinuousClock()
        var end: Int?
        let took = try clock.measure {
            for i in head.indices where end == nil { end = try scanner.append(head[i...i]) }
        }
        #expect(end == head.count)
        // Linear: well under a second in a debug build (a rescan per byte would be 2·10⁹ steps).
        #expect(took < .seconds(2), "\(took)")
        let request = try HTTPRequest.parse(head: scanner.bytes[..<(end! - 2)])
        #expect(request.method == "GET" && request.path == "/clip" && request.headers["x-long"]?.count == 64 << 10)
    }

    @Test func eachBoundIsItsOwnStatus() {
        func status(_ text: String, _ limits: HTTPLimits = HTTPLimits()) -> Int? {
            var scanner = HeadScanner(limits: limits)
            do { _ = try scanner.append(Array(text.utf8)[...]); return nil } catch { return error.status }
        }
        #expect(status("GET /" + String(repeating: "a", count: 9000)) == 414)
        #expect(status("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 40 << 10)) == 431)
        #expect(status("GET / HTTP/1.1\nHost: x\n\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == nil)
    }
}

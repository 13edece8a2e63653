import Foundation
import Testing
@testable import HoloStudio
import Holoframe

/// One HTTP/1.1 exchange over a real TCP socket: the status, the headers (lower-cased names) and
/// the body, read until the server closes or `until` appears in what was read.
struct Exchange {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    init(port: UInt16, _ method: String, _ target: String, body: String = "", until marker: String? = nil,
         host: String? = nil, extra: String = "") throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // 60 s: on a loaded 2-core machine (the whole suite beside two builds) the first answer, a
        // debug-build render, was seen to take over 20 s, and the exchange failed with no response.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\(extra)" +
            "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        // An event stream never ends and pings every 15 s: stop after 60 s whatever arrives.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            raw += buffer[0..<n]
            if let marker, String(decoding: raw, as: UTF8.self).contains(marker) { break }
        }
        guard let split = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let head = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(head[0].split(separator: " ")[1])!
        headers = Dictionary(head.dropFirst().map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (parts[0].lowercased(), parts[1].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { a, _ in a })
        self.body = Array(raw[split.upperBound...])
    }
}

/// An exchange on a thread of its own: the socket calls block, and a blocked thread of Swift
/// concurrency's small pool could be the one the server needs to answer.
func exchange(_ port: UInt16, _ method: String, _ target: String, body: String = "", until marker: String? = nil,
              host: String? = nil, extra: String = "") async throws -> Exchange {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result {
            try Exchange(port: port, method, target, body: body, until: marker, host: host, extra: extra)
        }) }.start()
    }
}

/// A studio on `smallClip()` in a fresh folder named for the test, served on a free port.
struct ServedStudio {
    let folder: String, path: String
    let studio: StudioSession
    let server: StudioServer
    let address: StudioAddress
    var port: UInt16 { address.port }

    init(_ name: String = #function) throws {
        folder = studioFolder(name)
        path = folder + "/clip.json"
        try write(smallClip(), to: path)
        studio = try session(for: path)
        server = try StudioServer(session: studio, port: 0)
        address = server.start()
    }

    /// Stops the server and removes the folder.
    func close() {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

@Suite struct StudioServerTests {
    @Test func answersOnARealSocket() async throws {
        let served = try ServedStudio(); defer { served.close() }
        let (studio, path, address) = (served.studio, served.path, served.address)
        #expect(address.host == "127.0.0.1" && address.port != 0)
        let port = address.port

        let page = try await exchange(port, "GET", "/")
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("id=\"scrubber\"") && page.text.contains("type=\"range\""))
        // The page served is the resource file as built into the binary, whole.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/HoloStudio/Resources/studio.html").standardized
        #expect(page.body == Array(try Data(contentsOf: file)) && page.text.hasSuffix("</html>\n"))

        let clip = try await exchange(port, "GET", "/clip")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(clip.body)) as? [String: Any])
        #expect(info["frameCount"] as? Int == 30 && info["version"] as? Int == 1 && info["name"] as? String == "clip")
        #expect((info["preparationMs"] as? Double).map { $0 > 0 } == true, "GET /clip gives the load's preparation time")

        let frame = try await exchange(port, "GET", "/frame?n=7")
        #expect(frame.status == 200 && frame.headers["content-type"] == "image/png")
        #expect(frame.headers["x-frame"] == "7" && frame.headers["x-version"] == "1" && frame.headers["x-scale"] == "1.0")
        #expect(Double(frame.headers["x-raster-ms"] ?? "") != nil)
        let alone = try PNG.encode(RenderPipeline(fonts: FontLibrary.shared).renderFrame(7, of: ClipResolver.resolve(path)), profile: .fast)
        #expect(frame.body == alone)

        #expect(try await exchange(port, "GET", "/frame?n=x").status == 400)
        #expect(try await exchange(port, "GET", "/frame?n=30").status == 404)
        #expect(try await exchange(port, "GET", "/etc/passwd").status == 404)

        let state = try await exchange(port, "GET", "/state?n=7")
        #expect(state.text == (try studio.state(7)))

        let events = try await exchange(port, "GET", "/events", until: "\n\n")
        #expect(events.headers["content-type"] == "text/event-stream")
        #expect(events.text.contains("event: status") && events.text.contains(#"{"error":null,"version":1}"#))

        let switched = try await exchange(port, "POST", "/environment", body: #"{"colorScheme": "dark"}"#)
        #expect(switched.text == #"{"error":null,"version":2}"#)
        #expect(studio.current.spec.environment.colorScheme == .dark)
        #expect(try await exchange(port, "POST", "/environment", body: #"{"colorScheme": "sepia"}"#).status == 400)

        let bench = try await exchange(port, "POST", "/bench?first=0&last=4")
        let measured = try #require(try JSONSerialization.jsonObject(with: Data(bench.body)) as? [String: Any])
        #expect((measured["frames"] as? [Any])?.count == 5 && measured["scale"] as? Double == 1)
    }

    @Test func aNewVersionIsPushedToTheEventStream() async throws {
        let served = try ServedStudio(); defer { served.close() }
        let (studio, path, port) = (served.studio, served.path, served.port)
        // The edit lands while the stream is open: the second event is the broken edit's error.
        // On a dispatch queue, not a Task: with the test's blocking reads on the cooperative pool
        // (2 threads here) a Task could wait the whole exchange out (seen: 300 s in a full run).
        let edited = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
            try? write("{\"design\": \"custom\",,}", to: path)
            studio.checkForChanges()
            edited.signal()
        }
        let events = try await exchange(port, "GET", "/events", until: "line 1")
        edited.wait()
        #expect(events.text.contains(#""version":1"#) && events.text.contains("line 1, column 21"))
    }

    @Test func refusesRequestsAnotherSiteCouldMake() async throws {
        let served = try ServedStudio(); defer { served.close() }
        let (studio, port) = (served.studio, served.port)
        // DNS rebinding: the browser sends the attacker's domain name as Host.
        #expect(try await exchange(port, "GET", "/frame?n=0", host: "evil.example:\(port)").status == 403)
        #expect(try await exchange(port, "GET", "/frame?n=0", host: "localhost:\(port)").status == 200)
        // A POST from another page's script or form.
        let other = try await exchange(port, "POST", "/environment", body: #"{"colorScheme": "dark"}"#,
                                       extra: "Origin: http://evil.example\r\n")
        #expect(other.status == 403 && studio.status.version == 1)
        let same = try await exchange(port, "POST", "/environment", body: #"{"colorScheme": "dark"}"#,
                                      extra: "Origin: http://127.0.0.1:\(port)\r\n")
        #expect(same.status == 200 && studio.status.version == 2)
    }

    @Test func refusesAHostThatIsNotAnAddress() throws {
        let studio = try StudioSession(source: StudioClipSource(argument: "demo", overrides: ClipOverrides(scale: 0.25)),
                                       pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20)
        #expect(throws: StudioHostError.self) { try StudioServer(session: studio, host: "example.com", port: 0) }
    }
}

@Suite struct StudioPortTests {
    @Test func aPortInUseIsAnErrorNotAWait() throws {
        let studio = try StudioSession(source: StudioClipSource(argument: "demo", overrides: ClipOverrides(scale: 0.25)),
                                       pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20)
        let first = try StudioServer(session: studio, port: 0)
        let port = first.start().port
        defer { first.stop() }
        #expect(throws: (any Error).self) { _ = try StudioServer(session: studio, port: port) }
    }
}

// `holoframe studio` as a user starts it: the usage errors (exit 2 before listening), the address
// printed on start, the end on SIGTERM (143, as `render`), and the help's warning about --host.

import Foundation
import Testing

@Suite struct StudioCLITests {
    @Test(arguments: [["--port", "70000"], ["--cache-mb", "0"], ["--host", "example.com"], ["--max-pixels", "100"]])
    func badOptionsAreUsageErrors(_ options: [String]) throws {
        let run = try holoframe(["studio", "demo", "--port", "0"] + options)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(options[0]), "\(run.stderr)")
    }

    @Test func aBrokenClipFileIsAUsageErrorWithItsLineAndColumn() throws {
        let dir = scratchFolder("studio"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{\"design\": \"custom\",,}".write(toFile: "\(dir)/clip.json", atomically: true, encoding: .utf8)
        let run = try holoframe(["studio", "\(dir)/clip.json", "--port", "0"])
        #expect(run.status == 2 && run.stderr.contains("line 1, column 21"), "\(run.stderr)")
    }

    @Test func printsItsAddressAndStopsOnSIGTERM() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: holoframeBinary)
        process.arguments = ["studio", "demo", "--port", "0", "--scale", "0.25"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        process.terminate()
        process.waitUntilExit()
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix("holoframe studio: demo at http://127.0.0.1:"), "\(text)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 143)
    }

    @Test func theHelpWarnsAboutSharingOnANetwork() throws {
        let run = try holoframe("studio", "--help")
        #expect(run.status == 0)
        let help = run.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("--host") && help.contains("with anyone on that network"), "\(run.stdout)")
        #expect(help.contains("--cache-mb") && help.contains("--port") && help.contains("--scale"))
    }
}

// $HOLOFRAME_FONT_DIR holding a FIFO hung `render` (fontconfig's folder scan opened it for
// reading; issue 41): Holoframe lists the folder and adds regular files only. Bounded: a hang is
// killed after 60 s and fails.

import Foundation
import Testing

@Suite(.serialized) struct FontFolderCLITests {
    @Test func aFIFOInTheFontFolderDoesNotHangARender() throws {
        let dir = scratchFolder("font-fifo"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/fonts", withIntermediateDirectories: true)
        #expect(mkfifo("\(dir)/fonts/a.ttf", 0o644) == 0)
        let run = try holoframeBounded(["render", "demo", "--frames", "0", "--scale", "0.25", "--out", "\(dir)/out"], seconds: 60,
                                       environment: ["HOLOFRAME_FONT_DIR": "\(dir)/fonts"])
        #expect(!run.timedOut, "the render hung on the FIFO")
        #expect(run.status == 0, "\(run.stderr)")
    }
}

// The golden review page (`holoframe golden verify … --report DIR`): a summary, then every failure
// with its expected, actual and diff images in three views (side by side, a slider wiping between
// expected and actual, the diff alone), the tolerance that applied and the one command that
// records the new picture for that golden and no other. Passes are listed, collapsed.
//
// The images are the failure artifacts GoldenStore already wrote; the page copies them beside
// index.html as images/NNN-expected|actual|diff.png (numbered, so no clip name reaches a URL).

import Foundation
import HoloExport
import HoloGolden

public struct GoldenReviewPage: Sendable {
    public enum Outcome: String, Sendable { case passed, failed, missing }
    public enum ImageKind: String, Sendable, CaseIterable { case expected, actual, diff }

    public struct Entry: Sendable {
        /// `demo/00000-iphone-12@1x.png`, or a stray file's path.
        public var name: String
        public var outcome: Outcome
        /// The verdict's own words (paths, counts, errors).
        public var message: String
        public var differingPixels: Int?
        public var largestChannelDelta: Int?
        public var excusedAntialiasedPixels: Int?
        public var sizeMismatch: String?
        /// The tolerance that applied, in words, with its reason.
        public var tolerance: String
        /// The command that rewrites this golden and no other; nil when there is none (a stray file).
        public var recordCommand: [String]?
        /// Where each image is now (failure artifacts); copied into the report.
        public var images: [ImageKind: String]

        public init(name: String, outcome: Outcome, message: String, differingPixels: Int? = nil, largestChannelDelta: Int? = nil,
                    excusedAntialiasedPixels: Int? = nil, sizeMismatch: String? = nil, tolerance: String,
                    recordCommand: [String]?, images: [ImageKind: String] = [:]) {
            self.name = name; self.outcome = outcome; self.message = message
            self.differingPixels = differingPixels; self.largestChannelDelta = largestChannelDelta
            self.excusedAntialiasedPixels = excusedAntialiasedPixels; self.sizeMismatch = sizeMismatch
            self.tolerance = tolerance; self.recordCommand = recordCommand; self.images = images
        }
    }

    public var entries: [Entry]
    /// The command that made the page, as typed.
    public var command: [String]

    public init(entries: [Entry], command: [String]) { self.entries = entries; self.command = command }

    public var failures: [Entry] { entries.filter { $0.outcome != .passed } }
    public func count(_ outcome: Outcome) -> Int { entries.filter { $0.outcome == outcome }.count }

    /// Image `kind` of the `number`-th failure (1-based), relative to index.html.
    public static func imagePath(failure number: Int, _ kind: ImageKind) -> String {
        let n = String(number)
        return "images/" + String(repeating: "0", count: max(0, 3 - n.count)) + n + "-\(kind.rawValue).png"
    }

    /// Writes DIR/index.html and DIR/images/ (see ReportFolder for when an existing DIR is replaced).
    public func write(to directory: String, force: Bool) throws {
        try ReportFolder.write(directory, force: force, kind: "golden") { staging in
            try FileManager.default.createDirectory(atPath: "\(staging)/images", withIntermediateDirectories: false)
            for (i, entry) in failures.enumerated() {
                for kind in ImageKind.allCases {
                    guard let source = entry.images[kind] else { continue }
                    try ReportFolder.copy(source, to: "\(staging)/\(Self.imagePath(failure: i + 1, kind))")
                }
            }
            try Data(html().utf8).write(to: URL(fileURLWithPath: "\(staging)/index.html"))
        }
    }

    public func html() -> String {
        let failed = count(.failed), missing = count(.missing), passed = count(.passed)
        var body = """
            <header>
            <h1>Golden review</h1>
            <div class="command"><code>\(HTMLText.escape(ShellWords.join(command)))</code></div>
            <ul class="summary" id="summary">
            <li class="failed"><span class="count" data-count="failed">\(failed)</span>failed</li>
            <li class="missing"><span class="count" data-count="missing">\(missing)</span>missing</li>
            <li class="passed"><span class="count" data-count="passed">\(passed)</span>passed</li>
            </ul>

            """
        if failures.isEmpty {
            body += "<p class=\"hint\">Every golden matches.</p>\n</header>\n"
        } else {
            body += """
                <p class="hint">Keys: <kbd>j</kbd> or <kbd>n</kbd> next failure, <kbd>k</kbd> or <kbd>p</kbd> previous;
                <kbd>1</kbd> side by side, <kbd>2</kbd> slider, <kbd>3</kbd> diff for the current one.</p>
                </header>
                <main>

                """
            for (i, entry) in failures.enumerated() { body += failureSection(entry, number: i + 1) }
            body += "</main>\n"
        }
        let passes = entries.filter { $0.outcome == .passed }
        body += "<details class=\"passes\" id=\"passes\"><summary>\(passes.count) passed</summary>\n<ul>\n"
        for entry in passes { body += "<li><code>\(HTMLText.escape(entry.name))</code></li>\n" }
        body += "</ul>\n</details>\n"
        return ReportPage.document(title: "Golden review: \(failed) failed, \(missing) missing, \(passed) passed",
                                   body: body, script: failures.isEmpty ? "" : Self.script)
    }

    func failureSection(_ entry: Entry, number: Int) -> String {
        let id = "failure-\(number)"
        var facts = ""
        if let sizeMismatch = entry.sizeMismatch {
            facts += "<dt>size</dt><dd class=\"size-mismatch\">\(HTMLText.escape(sizeMismatch))</dd>\n"
        } else if let differing = entry.differingPixels {
            facts += "<dt>differing pixels</dt><dd class=\"differing\">\(differing)</dd>\n"
            if let delta = entry.largestChannelDelta { facts += "<dt>largest delta</dt><dd class=\"delta\">\(delta) of 255</dd>\n" }
            if let excused = entry.excusedAntialiasedPixels, excused > 0 {
                facts += "<dt>excused</dt><dd>\(excused) anti-aliased pixels (yellow in the diff)</dd>\n"
            }
        }
        facts += "<dt>tolerance</dt><dd class=\"tolerance\">\(HTMLText.escape(entry.tolerance))</dd>\n"
        var out = """
            <section class="card failure" id="\(id)" data-outcome="\(entry.outcome.rawValue)">
            <h2><span class="badge \(entry.outcome.rawValue)">\(entry.outcome.rawValue)</span>\(number). \(HTMLText.escape(entry.name))</h2>
            <dl class="facts">
            \(facts)</dl>

            """
        if let record = entry.recordCommand {
            out += """
                <div class="record"><p>If the new picture is right, record it (this golden only), look at it, and commit it saying why:</p>
                <code>\(HTMLText.escape(ShellWords.join(record)))</code></div>

                """
        }
        let has = { (kind: ImageKind) in entry.images[kind] != nil }
        let img = { (kind: ImageKind, cls: String) in
            "<img class=\"\(cls)\" src=\"\(Self.imagePath(failure: number, kind))\" alt=\"\(kind.rawValue): \(HTMLText.escape(entry.name))\"/>"
        }
        if has(.expected) || has(.actual) || has(.diff) {
            let views: [(String, String)] = [("side", "Side by side"), ("slider", "Slider"), ("diff", "Diff")]
                .filter { $0.0 != "slider" || (has(.expected) && has(.actual)) }.filter { $0.0 != "diff" || has(.diff) }
            out += "<div class=\"tabs\" role=\"tablist\">"
            for (i, view) in views.enumerated() {
                out += "<button type=\"button\" role=\"tab\" data-view=\"\(view.0)\" aria-selected=\"\(i == 0)\">\(view.1)</button>"
            }
            out += "</div>\n<div class=\"view side\" data-view=\"side\">\n"
            for kind in ImageKind.allCases where has(kind) {
                out += "<figure>\(img(kind, "shot \(kind.rawValue)"))<figcaption>\(kind.rawValue)</figcaption></figure>\n"
            }
            out += "</div>\n"
            if has(.expected) && has(.actual) {
                out += """
                    <div class="view slider" data-view="slider" hidden="hidden">
                    <div class="wipe">\(img(.expected, "shot expected"))<div class="top">\(img(.actual, "actual"))</div><div class="edge"></div></div>
                    <div class="wipe-control"><span>actual</span><input type="range" min="0" max="100" value="50" aria-label="wipe between actual (left) and expected (right)"/><span>expected</span></div>
                    </div>

                    """
            }
            if has(.diff) {
                out += """
                    <div class="view diff" data-view="diff" hidden="hidden">
                    <figure>\(img(.diff, "shot diff"))<figcaption>\(entry.differingPixels.map { "\($0) differing pixels in red" } ?? "diff")\(entry.largestChannelDelta.map { ", largest channel delta \($0)" } ?? ""), over a faded copy of the expected</figcaption></figure>
                    </div>

                    """
            }
        }
        out += "<pre class=\"message\">\(HTMLText.escape(entry.message))</pre>\n</section>\n"
        return out
    }

    /// Views per failure, the wipe slider, and keys: j/n next, k/p previous, 1/2/3 a view.
    static let script = """
        (function () {
          var failures = Array.prototype.slice.call(document.querySelectorAll('section.failure'));
          var current = -1;
          function show(section, view) {
            section.querySelectorAll('.tabs button').forEach(function (b) {
              b.setAttribute('aria-selected', String(b.dataset.view === view));
            });
            section.querySelectorAll('div.view').forEach(function (v) { v.hidden = v.dataset.view !== view; });
          }
          function go(index) {
            if (failures.length === 0) { return; }
            current = Math.max(0, Math.min(failures.length - 1, index));
            failures.forEach(function (f, i) { f.classList.toggle('current', i === current); });
            failures[current].scrollIntoView({block: 'start'});
            history.replaceState(null, '', '#' + failures[current].id);
          }
          failures.forEach(function (section) {
            section.querySelectorAll('.tabs button').forEach(function (b) {
              b.addEventListener('click', function () { show(section, b.dataset.view); });
            });
            var range = section.querySelector('.wipe-control input');
            if (range) {
              var wipe = section.querySelector('.wipe');
              var update = function () { wipe.style.setProperty('--pos', range.value + '%'); };
              range.addEventListener('input', update);
              update();
              // Sizes that differ keep their proportion: the actual is drawn at the expected's scale.
              var base = wipe.querySelector('img'), over = wipe.querySelector('.top img');
              var fit = function () {
                if (base.naturalWidth && over.naturalWidth) { over.style.width = (100 * over.naturalWidth / base.naturalWidth) + '%'; }
              };
              base.addEventListener('load', fit); over.addEventListener('load', fit); fit();
            }
          });
          document.addEventListener('keydown', function (e) {
            if (e.altKey || e.ctrlKey || e.metaKey) { return; }
            if (e.key === 'j' || e.key === 'n') { go(current + 1); e.preventDefault(); }
            else if (e.key === 'k' || e.key === 'p') { go(current - 1); e.preventDefault(); }
            else if (current >= 0 && (e.key === '1' || e.key === '2' || e.key === '3')) {
              var view = ['side', 'slider', 'diff'][Number(e.key) - 1];
              if (failures[current].querySelector('div.view[data-view="' + view + '"]')) { show(failures[current], view); }
            }
          });
          var start = failures.findIndex(function (f) { return '#' + f.id === location.hash; });
          if (start >= 0) { go(start); }
        })();
        """
}

// The symbol library (HoloScene/Symbols.swift): every symbol draws, inside its em box, centred,
// and heavier weights draw more ink.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct SymbolTests {
    /// Ink (summed alpha, in pixels) and its bounding box, for a symbol of `size` pt drawn at 2×
    /// centred on (32, 32) pt.
    static func ink(_ name: String, size: Double = 40, weight: SymbolWeight = .regular) throws -> (amount: Double, box: Rect) {
        guard let node = Symbol.node(name, size: size, weight: weight, center: Point(32, 32), paint: .solid(.black)) else {
            throw SymbolMissing(name: name)
        }
        let canvas = try SceneRenderer(fonts: .shared).render(Scene(size: Size(64, 64), background: .clear, root: [node]), scale: 2)
        var amount = 0.0, x0 = 999, y0 = 999, x1 = -1, y1 = -1
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let a = canvas[x, y].a
                guard a > 0 else { continue }
                amount += Double(a) / 255
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return (amount, Rect(x: Double(x0) / 2, y: Double(y0) / 2, width: Double(x1 + 1 - x0) / 2, height: Double(y1 + 1 - y0) / 2))
    }
    struct SymbolMissing: Error { var name: String }

    @Test(arguments: Symbol.names)
    func symbolDrawsCentredInsideItsBox(_ name: String) throws {
        let (amount, box) = try Self.ink(name)
        #expect(amount > 40, "\(name) draws almost nothing")
        // Within the 40-pt em box round (32, 32), and centred in it to within a tenth of an em.
        #expect(box.minX >= 12 && box.maxX <= 52 && box.minY >= 12 && box.maxY <= 52, "\(name): \(box)")
        #expect(abs(box.midX - 32) <= 4 && abs(box.midY - 32) <= 4, "\(name): \(box)")
    }

    @Test func heavierWeightsDrawMoreInk() throws {
        for name in ["chevron.right", "xmark", "heart", "gear"] {
            let inks = try SymbolWeight.allCases.map { try Self.ink(name, weight: $0).amount }
            #expect(inks == inks.sorted() && Set(inks).count == inks.count, "\(name): \(inks)")
        }
        // Text weights map to the symbol weight of the same name.
        #expect(SymbolWeight(FontWeight.semibold) == .semibold && SymbolWeight(FontWeight.bold) == .bold)
        #expect(Symbol.node("no.such.symbol", size: 17, weight: .regular, center: .zero, paint: .solid(.black)) == nil)
    }

    @Test func fillVariantsAreTheOutlineFilled() throws {
        // heart.fill covers what heart outlines (same box) and more ink inside it.
        let outline = try Self.ink("heart"), filled = try Self.ink("heart.fill")
        #expect(outline.box == filled.box)
        #expect(filled.amount > outline.amount * 1.5)
        // The check of checkmark.circle.fill is cut out (even-odd): less ink than the plain disc.
        let disc = Double.pi * 16 * 16 * 4   // radius 0.4 em = 16 pt, at 2×
        let check = try Self.ink("checkmark.circle.fill")
        #expect(check.amount < disc * 0.9 && check.amount > disc * 0.6, "\(check.amount) of \(disc)")
    }
}

/// The symbols the built-in designs' views and the clips' icons use, drawn by the fast renderer and the
/// reference renderer (ReferencePath: curves evaluated directly, 16 × 16 samples a pixel) to within
/// the scene-level bound (mean |Δ| ≤ 0.5 level, ≤ 1 % of channel values over 24 apart), at the
/// weights they are drawn at beside text. A symbol whose path data drew wrongly in one rasterizer
/// (a lost arc, a fill rule read differently for a cut-out) moves whole regions, far past this.
@Suite struct SymbolReferenceTests {
    static let added = ["person.circle", "person.fill", "person.2.fill", "message.fill", "message.circle.fill", "camera.fill",
                        "photo.on.rectangle.angled", "house.fill", "dumbbell.fill", "calendar", "clock", "bell.fill", "tray.fill",
                        "airplane", "wifi", "antenna.radiowaves.left.and.right", "link", "speaker.wave.2.fill", "moon.fill",
                        "hourglass", "sun.max.fill", "square.grid.2x2.fill", "slider.horizontal.3", "lock.fill", "faceid",
                        "battery.100", "bag.fill", "creditcard", "key", "envelope", "square.and.arrow.up", "arrow.down.circle",
                        "info.circle", "music.note.list", "line.3.horizontal.decrease"]

    @Test(arguments: added)
    func symbolMatchesTheReferenceRasterizer(_ name: String) throws {
        #expect(Symbol.names.contains(name))
        var root: [Node] = []
        for (i, weight) in [SymbolWeight.regular, .semibold, .bold].enumerated() {
            root.append(try #require(Symbol.node(name, size: 28, weight: weight, center: Point(18 + 32 * Double(i), 18), paint: .solid(.black))))
        }
        let scene = Scene(size: Size(96, 36), background: .white, root: root)
        let fast = try SceneRenderer(fonts: .shared).render(scene, scale: 2)
        let slow = try ReferenceRenderer(fonts: .shared).render(scene, scale: 2)
        let d = ReferenceDifference(fast, slow)
        #expect(d.meanDelta <= 0.5 && d.shareOverLargeDelta <= 0.01, "\(name): \(d)")
    }

    /// The cut-outs are holes: the centre of message.circle.fill's bubble and camera.fill's lens
    /// are background, the disc and body around them ink.
    @Test func cutOutsAreHoles() throws {
        for (name, hole, ink) in [("message.circle.fill", Point(50, 47), Point(50, 16)), ("camera.fill", Point(50, 56), Point(22, 40))] {
            let node = try #require(Symbol.node(name, size: 100, weight: .regular, center: Point(50, 50), paint: .solid(.black)))
            let canvas = try ReferenceRenderer(fonts: .shared).render(Scene(size: Size(100, 100), background: .white, root: [node]), scale: 1)
            #expect(canvas[Int(hole.x), Int(hole.y)].r == 255, "\(name): hole \(canvas[Int(hole.x), Int(hole.y)])")
            #expect(canvas[Int(ink.x), Int(ink.y)].r == 0, "\(name): ink \(canvas[Int(ink.x), Int(ink.y)])")
        }
    }
}

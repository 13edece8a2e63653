// Issue 31, Icons: the built-in clips draw the seeds' icons as path-drawn symbols, not placeholder
// shapes. Every symbol name the families ask for is in the library (a typo would draw nothing),
// and each family's frame 0, without the device chrome, holds the symbols its views show: the
// clip's scene contains the very group `Symbol.node` builds for them (found anywhere in the tree,
// translated or not), so a family that went back to circles and boxes fails here.

import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct ClipIconTests {
    @Test func everySymbolTheClipsUseExists() {
        let used = Array(FlowingSettingsList.symbols.values) + Array(TitlesChrome.tabSymbols.values) + WaveformFeedViews.tabs.map(\.systemImage)
            + RevealScene.actionSymbols + ["line.3.horizontal.decrease", "person.circle", "chevron.right", "chevron.up", "magnifyingglass", "plus", "dumbbell.fill"]
        for name in used { #expect(Symbol.names.contains(name), "\(name)") }
    }

    /// Leaves of every symbol group in a tree: a symbol is a group whose children are all path
    /// fills and round-capped path strokes.
    static func symbolGroups(_ nodes: [Node]) -> [[Node]] {
        var found: [[Node]] = []
        for node in nodes {
            guard case .group(let g) = node else { continue }
            let allPaths = !g.children.isEmpty && g.children.allSatisfy {
                switch $0 {
                case .fill(.path, _): return true
                case .styledStroke(.path, _, let style): return style.lineCap == .round
                default: return false
                }
            }
            if allPaths { found.append(g.children) } else { found += symbolGroups(g.children) }
        }
        return found
    }

    /// frame 0 without chrome, and how many symbols it shows at least.
    @Test(arguments: [("flowing", 10), ("titles-home", 8), ("titles-exercises", 7), ("waveform", 3), ("reveal", 1)])
    func familiesDrawTheirIconsAsSymbols(_ name: String, _ atLeast: Int) throws {
        var spec = try #require(ClipCatalog.named(name)).defaults()
        spec.chrome = false
        let clip = try ClipCatalog.clip(for: spec)
        let scene = clip.frames().scene(0, fps: clip.fps).scene
        let symbols = Self.symbolGroups(scene.root)
        #expect(symbols.count >= atLeast, "\(name): \(symbols.count) symbols")
    }

    /// The group `Symbol.node` builds is what the finder above finds (so the count is of symbols).
    @Test func theFinderFindsSymbols() throws {
        let node = try #require(Symbol.node("house.fill", size: 26, weight: .semibold, center: .zero, paint: .solid(.black)))
        #expect(Self.symbolGroups([.group([node, .fill(.circle(center: .zero, radius: 3), .solid(.black))])]).count == 1)
        #expect(Self.symbolGroups([.fill(.circle(center: .zero, radius: 3), .solid(.black))]).isEmpty)
    }
}

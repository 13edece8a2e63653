// Issue 31, Icons: the built-in clips draw their designs' icons as path-drawn symbols, not placeholder
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

    /// A symbol's leaf: a path fill or a round-capped path stroke.
    static func isSymbolPath(_ node: Node) -> Bool {
        switch node {
        case .fill(.path, _): return true
        case .styledStroke(.path, _, let style): return style.lineCap == .round
        default: return false
        }
    }

    /// Leaves of every symbol in a tree: a group whose children are all symbol paths (what
    /// `Symbol.node` builds), or, inside any other group, a run of consecutive symbol paths (the
    /// layout kit draws a symbol view's paths straight into its parent). Two symbols drawn with
    /// nothing between them count as one, so the count is a lower bound.
    static func symbolGroups(_ nodes: [Node]) -> [[Node]] {
        var found: [[Node]] = []
        var run: [Node] = []
        for node in nodes {
            if isSymbolPath(node) { run.append(node); continue }
            if !run.isEmpty { found.append(run); run = [] }
            guard case .group(let g) = node else { continue }
            if !g.children.isEmpty && g.children.allSatisfy(isSymbolPath) { found.append(g.children) } else { found += symbolGroups(g.children) }
        }
        if !run.isEmpty { found.append(run) }
        return found
    }

    /// frame 0 without chrome, and how many symbols it shows at least.
    @Test(arguments: [("flowing", 10), ("titles-home", 8), ("titles-exercises", 7), ("waveform", 3), ("reveal", 1)])
    func familiesDrawTheirIconsAsSymbols(_ name: String, _ atLeast: Int) throws {
        var spec = try #require(ClipCatalog.named(name)).defaults()
        spec.chrome = false
        let clip = try ClipCatalog.clip(for: spec)
        let scene = clip.frames().scene(0).scene
        let symbols = Self.symbolGroups(scene.root)
        #expect(symbols.count >= atLeast, "\(name): \(symbols.count) symbols")
    }

    /// The group `Symbol.node` builds is what the finder above finds (so the count is of symbols).
    @Test func theFinderFindsSymbols() throws {
        let node = try #require(Symbol.node("house.fill", size: 26, weight: .semibold, center: .zero, paint: .solid(.black)))
        #expect(Self.symbolGroups([.group([node, .fill(.circle(center: .zero, radius: 3), .solid(.black))])]).count == 1)
        #expect(Self.symbolGroups([.fill(.circle(center: .zero, radius: 3), .solid(.black))]).isEmpty)
        // Drawn into a parent: each run of paths between other nodes is one symbol.
        guard case .group(let g) = node else { Issue.record("Symbol.node is a group"); return }
        let dot = Node.fill(.circle(center: .zero, radius: 3), .solid(.black))
        #expect(Self.symbolGroups([.group([dot] + g.children + [dot] + g.children)]).count == 2)
    }
}

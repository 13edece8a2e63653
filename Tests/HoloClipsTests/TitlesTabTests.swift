// Tab switching, per-page state and the clip's variants.

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
@testable import HoloClips

@Suite("Titles tabs and variants")
struct TitlesTabTests {
    func page(_ s: TitlesState, _ p: TitlesPage) -> TitlesPageState { s.pages.first { $0.page == p }! }

    @Test func scheduleClocks() throws {
        let s = try TabSchedule(initial: .home, taps: [Tap(time: 1, target: "tab:history"), Tap(time: 1.5, target: "tab:home")])
        #expect(s.page(at: 0.99) == .home && s.page(at: 1) == .history && s.page(at: 1.5) == .home)
        #expect(s.pageTime(.home, at: 2) == 1.5)
        #expect(s.pageTime(.history, at: 2) == 0.5)
        #expect(s.pageTime(.profile, at: 2) == 0)
    }

    @Test func tabSwitchPreservesEachPagesScrollAndHeader() throws {
        // The tour: Home scrolled and revealed, Exercises from 2.6 s (scrolled, collapsed), Home at 4.4 s.
        let states = try titlesStates(Titles.tourSpec(), through: 4.8)
        let beforeLeaving = states[155]        // t = 2.583, Home still on screen
        let onExercises = states[250]          // t = 4.167
        let back = states[270]                 // t = 4.5, Home again
        #expect(beforeLeaving.page == .home && onExercises.page == .exercises && back.page == .home)
        // Home froze while hidden and came back as it was left.
        #expect(back.scroll.offset == beforeLeaving.scroll.offset)
        #expect(back.headerVisible == beforeLeaving.headerVisible)
        #expect(back.accumulatedScrollUp == beforeLeaving.accumulatedScrollUp)
        #expect(page(onExercises, .home).scrollOffset == beforeLeaving.scroll.offset)
        // Exercises started at its own top and has its own header state.
        #expect(states[157].page == .exercises && states[157].scroll.offset == 0 && states[157].headerVisible)
        #expect(onExercises.scroll.offset > 100 && onExercises.headerVisible == false)
        // …and is frozen once Home is back.
        #expect(page(states[270], .exercises) == page(states[288], .exercises))
        #expect(page(states[270], .exercises).headerVisible == false)
        // Pages never shown keep their initial state.
        #expect(page(back, .history).scrollOffset == 0 && page(back, .history).pageTime == 0)
    }

    @Test func exercisesSearchFieldStaysWhenTheTitleHides() throws {
        let states = try titlesStates(Titles.pageSpec(.exercises, design: "titles-exercises"), through: 1.2)
        let hidden = states.last!
        #expect(hidden.headerVisible == false && hidden.headerOpacity == 0)
        let sim = try Titles.simulation(Titles.pageSpec(.exercises, design: "titles-exercises"))
        let scene = sim.scene(for: hidden)
        // The material bar is still drawn, ending under the search row at the status bar.
        let layout = TitlesLayout(size: Device.iPhone12.size)
        let bars = scene.root.compactMap { node -> Rect? in
            if case .material(.rect(let r), .ultraThin, _) = node { return r } else { return nil }
        }
        #expect(bars == [Rect(x: 0, y: 0, width: 390, height: layout.safeTop + TitlesLayout.searchRowHeight)])
    }

    @Test func variantPageAndErrorsNameTheCulprit() throws {
        var spec = ClipSpec(design: "titles", variant: ["page": .string("history")])
        var sim = try Titles.simulation(spec)
        #expect(sim.advance(to: 0).page == .history)
        spec.variant = ["pgae": .string("history")]
        #expect { try Titles.simulation(spec) } throws: { "\($0)".contains("\"pgae\"") }
        spec.variant = ["page": .string("settings")]
        #expect { try Titles.simulation(spec) } throws: { "\($0)".contains("settings") }
        spec.variant = ["accentHue": .number(2)]
        #expect { try Titles.simulation(spec) } throws: { "\($0)".contains("accentHue") }
        spec.variant = [:]
        spec.taps = [Tap(time: 1, target: "tab:settings")]
        #expect { try Titles.simulation(spec) } throws: { "\($0)".contains("tab:settings") }
    }

    @Test func clipFileSelectsPageTabsAndEnvironment() throws {
        let json = """
        {"design": "titles", "variant": {"page": "programs"}, "environment": {"reduceMotion": true},
         "taps": [{"time": 0.5, "target": "tab:history"}]}
        """
        let spec = try ClipSpec.decode(Data(json.utf8), fileName: "t.json")
        let clip = try ClipCatalog.clip(for: spec)
        #expect(clip.name == "titles")
        var sim = try Titles.simulation(spec)
        let a = sim.advance(to: 0.25), b = sim.advance(to: 0.75)
        #expect(a.page == .programs && b.page == .history)
        #expect(a.reduceMotion && a.titleTime == 0)
    }

    @Test func everyBuiltInBuildsAndIsInTheCatalog() throws {
        let names = Titles.builtIns.map(\.name)
        #expect(names.contains("titles") && names.contains("titles-reduce-motion"))
        for p in TitlesPage.allCases { #expect(names.contains("titles-\(p.rawValue)")) }
        for b in Titles.builtIns {
            #expect(ClipCatalog.named(b.name) != nil)
            let clip = try b.make(b.defaults())
            #expect(clip.frameCount > 0)
        }
    }

    @Test func layoutFollowsTheDevice() throws {
        // iPhone SE: no notch, so a 20-pt status bar and no home-indicator inset.
        var spec = Titles.pageSpec(.home, design: "titles-home")
        spec.device = .iPhoneSE
        let sim = try Titles.simulation(spec)
        #expect(sim.scene.layout.safeTop == 20 && sim.scene.layout.tabBarTop == 667 - 49)
        #expect(TitlesLayout(size: Device.iPhone12.size).safeTop == 47)
    }
}

// The activity list (CardDesign/ActivityList.swift) on three phones, in dark mode and at
// accessibility3, each a golden beside this file (__Goldens__/ActivityListTests/). A file that
// uses HoloframeUI's views imports HoloframeUI alone: it brings HoloframeTesting's expectations,
// and its Color, Font and Animation are the ones the file sees (docs/layout.md, "The Swift module").

import CardDesign
import HoloframeUI
import Testing

@Suite struct ActivityListTests {
    @Test(arguments: ["iphone-12", "iphone-se", "iphone-16-pro-max"])
    func onEachPhone(_ device: String) throws {
        let phone = try #require(Device.named(device))
        expectGolden(.view(name: "activity-list-\(device)", device: phone) { ActivityList() }, scale: 0.5)
    }

    @Test func inDarkModeAndAtAccessibility3() {
        expectGolden(.view(name: "activity-list-dark", environment: ClipEnvironment(colorScheme: .dark)) { ActivityList() }, scale: 0.5)
        expectGolden(.view(name: "activity-list-accessibility3", environment: ClipEnvironment(dynamicTypeSize: .accessibility3)) { ActivityList() },
                     scale: 0.5)
    }
}

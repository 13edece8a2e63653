// Public initialisers for the view document, so a view tree can be written in Swift as well as
// read from a clip file (HoloframeUI builds these from SwiftUI-shaped views), and the one entry that
// lays such a tree out and draws it: the same `LayoutRootSpec.build` a clip file's layout root
// goes through each frame (ViewBuilding.swift), so both routes give the same nodes.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

extension LayoutRootSpec {
    /// The root laid out in `environment` and drawn at the values `drivers` gives its expressions
    /// (none: every number a constant): the group a clip file's layout root draws as, with its
    /// scroll view (if any) scrolled by `scroll` points.
    public func node(in environment: ViewEnvironment, drivers: DriverSlots = DriverSlots(values: []), scroll: Double = 0) -> Node {
        build(drivers, environment, scroll: scroll, layout: nil)
    }
}

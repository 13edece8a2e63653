// The entry that lays out and draws a view tree built in Swift (HoloframeUI makes these trees from
// SwiftUI-shaped views with the specs' public initialisers): the same layout and drawing a clip
// file's layout root goes through each frame (ViewBuilding.swift), so both routes give the same nodes.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

extension LayoutRootSpec {
    /// The root laid out in `environment` and drawn at the values `drivers` gives its expressions
    /// (none: every number a constant): the nodes a clip file's layout root puts at the top of the
    /// scene (UserScene.scene splices its group's children there), with its scroll view (if any)
    /// scrolled by `scroll` points.
    public func nodes(in environment: ViewEnvironment, drivers: DriverSlots = DriverSlots(values: []), scroll: Double = 0) -> [Node] {
        view.build(layout(drivers, environment), drivers, environment, scroll: scroll)
    }
}

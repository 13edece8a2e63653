// The same design through swift-snapshot-testing: the press as one contact sheet, stored in
// __Snapshots__/PressedCardSnapshotTests/ and diffed by Holoframe. Record with
// SNAPSHOT_TESTING_RECORD=missing (swift-snapshot-testing's own switch), then look at it.

import CardDesign
import HoloframeSnapshotTesting
import SnapshotTesting
import Testing

@Suite struct PressedCardSnapshotTests {
    @Test func pressAsAContactSheet() {
        assertSnapshot(of: PressedCard.clip, as: .frames([0, 15, 30, 45, 59], columns: 5))
    }
}

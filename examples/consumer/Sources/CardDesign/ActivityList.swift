// examples/activity-list.json's screen written in Swift, as SwiftUI writes it: a NavigationStack whose
// large title collapses into its bar over a scroll view of eight cards. The same screen as the clip
// file (Tests/HoloframeUITests/SameScreenTests draws both to the same bytes).

import HoloframeUI

public struct Activity: Identifiable, Sendable {
    public var id: String { title }
    public let title: String
    public let subtitle: String

    public static let all = [
        Activity(title: "Morning Run", subtitle: "5.2 km · 28 min · 184 kcal"),
        Activity(title: "Strength Training", subtitle: "Upper body · 45 min"),
        Activity(title: "Evening Walk", subtitle: "3.1 km · 38 min"),
        Activity(title: "Yoga Flow", subtitle: "Vinyasa · 30 min · calm"),
        Activity(title: "Cycling", subtitle: "21.4 km · 52 min · 612 kcal"),
        Activity(title: "Swimming", subtitle: "1,500 m · 34 min"),
        Activity(title: "Hiking", subtitle: "Mount Tam loop · 9.8 km"),
        Activity(title: "Rowing", subtitle: "Intervals · 6 × 500 m"),
    ]
}

public struct ActivityList: View {
    var items = Activity.all
    var spacing = 12.0

    public init() {}

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: spacing) {
                    ForEach(items) { item in
                        HStack {
                            VStack(alignment: .leading, spacing: 2) {
                                Text(item.title).font(.headline).lineLimit(1)
                                Text(item.subtitle).font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
                            }
                            Spacer()
                            Image(systemName: "chevron.right").fontWeight(.semibold).foregroundStyle(.tertiary)
                        }
                        .padding()
                        .background(Color.secondarySystemGroupedBackground, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
                    }
                }
                .padding(EdgeInsets(top: 0, leading: 16, bottom: 16, trailing: 16))
            }
            .background(Color.systemGroupedBackground)
            .navigationTitle("Activity")
            .toolbar { Button("Add", systemImage: "plus") {} }
        }
    }
}

// examples/activity-list.json's screen written in Swift, as its comment writes it (the clip file
// writes the chevron's semibold weight, which its comment leaves out).

import HoloframeUI

struct Activity: Identifiable {
    var id: String { title }
    let title: String
    let subtitle: String

    static let all = [
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

struct ActivityList: View {
    var items = Activity.all
    var spacing = 12.0

    var body: some View {
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
            .navigationTitle("Activity")
            .toolbar { Button("Add", systemImage: "plus") {} }
        }
    }
}

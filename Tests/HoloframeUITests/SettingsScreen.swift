// examples/settings-list.json's screen written in Swift, as its comment writes it: a tab view of two
// navigation stacks, a grouped list of labels and rows, and a profile page.

import HoloframeUI

struct SettingsScreen: View {
    var tab = "settings"

    static let device: [(title: String, symbol: String)] = [
        ("General", "gear"), ("Display & Brightness", "sun.max.fill"), ("Home Screen", "square.grid.2x2.fill"),
        ("Accessibility", "person.circle"), ("Wallpaper", "photo.on.rectangle.angled"), ("Battery", "battery.100"),
        ("Privacy & Security", "lock.fill"),
    ]

    var body: some View {
        TabView(selection: .constant(tab)) {
            NavigationStack {
                List {
                    Section {
                        Label("Airplane Mode", systemImage: "airplane")
                        Label("Wi-Fi", systemImage: "wifi")
                        Label("Cellular", systemImage: "antenna.radiowaves.left.and.right")
                        Label("Personal Hotspot", systemImage: "link")
                    }
                    Section {
                        Label("Notifications", systemImage: "bell.fill")
                        Label("Sounds & Haptics", systemImage: "speaker.wave.2.fill")
                        Label("Focus", systemImage: "moon.fill")
                        Label("Screen Time", systemImage: "hourglass")
                    } header: {
                        Text("Notifications")
                    } footer: {
                        Text("Scheduled summaries arrive at 8:00 and 18:00.")
                    }
                    Section("Device") {
                        ForEach(Self.device, id: \.title) { row in Label(row.title, systemImage: row.symbol) }
                    }
                    Section("Accounts") {
                        HStack {
                            Text("Mail").font(.body)
                            Spacer()
                            Text("3 accounts").font(.body).foregroundStyle(.secondary)
                            Image(systemName: "chevron.right").font(.footnote).fontWeight(.semibold).foregroundStyle(.tertiary)
                        }
                        HStack {
                            Text("Passwords").font(.body)
                            Spacer()
                            Image(systemName: "chevron.right").font(.footnote).fontWeight(.semibold).foregroundStyle(.tertiary)
                        }
                    }
                }
                .listStyle(.insetGrouped)
                .navigationTitle("Settings")
            }
            .tabItem { Label("Settings", systemImage: "gear") }
            .tag("settings")

            NavigationStack {
                VStack(spacing: 12) {
                    Image(systemName: "person.circle").font(.system(size: 72)).foregroundStyle(.gray)
                    Text("Alex Appleseed").font(.title2).bold()
                    Text("alex@example.com").font(.subheadline).foregroundStyle(.secondary)
                }
                .padding(.top, 24)
                .frame(maxHeight: .infinity, alignment: .top)
                .navigationTitle("Profile")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar { Button("Edit") {} }
            }
            .tabItem { Label("Profile", systemImage: "person.fill") }
            .tag("profile")
        }
    }
}

// The modifiers and shapes one by one: a screen using each, written in Swift and as a clip file,
// gives the same scene (so each Swift name reaches the clip files' modifier of the same meaning,
// in the same order, with the same defaults).

import Foundation
import HoloframeUI
import Testing

private struct Sampler: View {
    var body: some View {
        VStack(spacing: 10) {
            Text("Modifiers").font(.title2).fontWeight(.semibold).foregroundStyle(.blue)
            HStack(alignment: .top, spacing: 8) {
                Capsule().fill(LinearGradient(colors: [.red, .orange], startPoint: .leading, endPoint: .trailing))
                    .frame(width: 80, height: 30)
                    .shadow(color: Color(white: 0, opacity: 85.0 / 255), radius: 4, y: 2)
                Ellipse().stroke(Color.green, lineWidth: 3).frame(width: 60, height: 40).rotationEffect(.degrees(20))
                Circle().frame(width: 30, height: 30).blur(radius: 2).opacity(0.5)
            }
            HStack(alignment: .firstTextBaseline) {
                Text("Reps").font(.largeTitle)
                Text("Mar 10").font(.subheadline)
            }
            Rectangle().fill(Color.indigo).frame(width: 120, height: 40)
                .overlay(alignment: .bottomTrailing) { Text("tag").font(.caption).padding(4) }
                .clipShape(RoundedRectangle(cornerRadius: 8, style: .continuous))
                .offset(x: 10, y: -4)
                .scaleEffect(0.9, anchor: .topLeading)
            Text("A long line that is allowed to wrap onto two lines at most").lineLimit(2).frame(width: 200).layoutPriority(1)
            Spacer(minLength: 20)
            Divider()
        }
        .padding(.horizontal, 20)
        .background(Color.systemGray6)
        .id("card")
    }
}

private let samplerJSON = """
{"design": "custom", "duration": 1, "scene":
  {"type": "vstack", "spacing": 10, "id": "card", "children": [
    {"type": "text", "string": "Modifiers", "font": "title2", "weight": "semibold", "fill": "blue"},
    {"type": "hstack", "spacing": 8, "alignment": "top", "children": [
      {"type": "capsule", "fill": {"linearGradient": {"stops": ["red", "orange"], "start": {"x": 0, "y": 0.5}, "end": {"x": 1, "y": 0.5}}},
       "modifiers": [{"frame": {"width": 80, "height": 30}}, {"shadow": {"color": "#00000055", "radius": 4, "y": 2}}]},
      {"type": "ellipse", "stroke": {"paint": "green", "width": 3}, "modifiers": [{"frame": {"width": 60, "height": 40}}, {"rotation": 20}]},
      {"type": "circle", "modifiers": [{"frame": {"width": 30, "height": 30}}, {"blur": 2}, {"opacity": 0.5}]}
    ]},
    {"type": "hstack", "alignment": "firstTextBaseline", "children": [
      {"type": "text", "string": "Reps", "font": "largeTitle"}, {"type": "text", "string": "Mar 10", "font": "subheadline"}]},
    {"type": "rect", "fill": "indigo", "modifiers": [
      {"frame": {"width": 120, "height": 40}},
      {"overlay": {"content": {"type": "text", "string": "tag", "font": "caption", "padding": 4}, "alignment": "bottomTrailing"}},
      {"clip": {"type": "roundedRect", "cornerRadius": 8}},
      {"offset": {"x": 10, "y": -4}},
      {"scale": 0.9, "anchor": "topLeading"}
    ]},
    {"type": "text", "string": "A long line that is allowed to wrap onto two lines at most", "lineLimit": 2, "frame": {"width": 200}, "layoutPriority": 1},
    {"type": "spacer", "minLength": 20},
    {"type": "divider"}
  ],
  "modifiers": [{"padding": {"horizontal": 20}}, {"background": {"type": "rect", "fill": "systemGray6", "ignoresSafeArea": true}}]}
}
"""

@Suite struct ModifierTests {
    @Test func eachModifierIsTheClipFilesModifier() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("holoframeui-sampler-\(getpid()).json")
        try Data(samplerJSON.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let json = try ClipResolver.resolve(file.path)
        let swift = Clip.view(name: "sampler", device: .iPhone12, duration: 1) { _ in Sampler() }
        let a = json.frames().frame(0).scene, b = swift.frames().frame(0).scene
        #expect(a == b)
        let renderer = SceneRenderer(fonts: .shared)
        #expect(try renderer.render(a, scale: 1).bytes == renderer.render(b, scale: 1).bytes)
    }
}

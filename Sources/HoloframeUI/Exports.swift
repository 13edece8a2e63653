// One import for views and their expectations: `import HoloframeUI` brings HoloframeTesting (and
// through it Holoframe), and this module's SwiftUI names (Color, Font, Animation, Group, Shape,
// EdgeInsets, …) shadow Holoframe's of the same name in the importing file, because Swift prefers a
// declaration in a module over one in a module it re-exports. A file that imports HoloframeTesting
// or Holoframe *beside* HoloframeUI sees both sets at once and those names are ambiguous: import
// HoloframeUI alone (docs/layout.md, "The Swift module").
@_exported import HoloframeTesting

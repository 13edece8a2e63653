// HolographicTextSource: the shipped HolographicText.metal, embedded in the program at build time
// (SwiftPM's `.embedInCode` resource), so it can be run through HoloMSL and held against this
// folder's hand port without the source tree at run time.

public enum HolographicTextSource {
    /// The text of Shaders/HolographicText.metal.
    public static let metal = String(decoding: PackageResources.HolographicText_metal, as: UTF8.self)
    /// The name error messages give it.
    public static let fileName = "HolographicText.metal"
}

// The package version, kept here only: `holoframe --version` prints it and tools that link the
// library can read it. Change it in the commit that tags a release.

public enum HoloframeVersion {
    /// Semantic version of this package (no release is tagged yet, hence 0.x).
    public static let current = "0.1.0"
}

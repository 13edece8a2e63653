// SplitMix64 (Steele, Lea and Flood 2014): a seeded generator, so random test content and fuzz
// inputs are the same on every run and machine. The package's only one: the tests of every target
// draw from it (HoloGeometry is the one module they all see).
//
//   state ← state + 0x9E3779B97F4A7C15
//   z ← (z ⊕ z≫30)·0xBF58476D1CE4E5B9;  z ← (z ⊕ z≫27)·0x94D049BB133111EB;  out = z ⊕ z≫31

public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

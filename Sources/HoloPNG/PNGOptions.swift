// libpng encoder settings. `.small` is the `small` profile (files kept for long: goldens); the
// fast profile does not use libpng at all (FastPNG.swift).

import CPNGShim

/// The PNG row filter: one fixed filter for every row, or libpng's per-row adaptive choice.
@frozen
public enum PNGFilter: Sendable, Hashable, CaseIterable {
    case none, sub, up, average, paeth, adaptive

    @usableFromInline var mask: Int32 {
        switch self {
        case .none: Int32(HF_PNG_FILTER_NONE)
        case .sub: Int32(HF_PNG_FILTER_SUB)
        case .up: Int32(HF_PNG_FILTER_UP)
        case .average: Int32(HF_PNG_FILTER_AVG)
        case .paeth: Int32(HF_PNG_FILTER_PAETH)
        case .adaptive: Int32(HF_PNG_FILTER_ALL)
        }
    }
}

/// The zlib strategy; `.libpngChoice` lets libpng pick (Z_FILTERED for filtered rows).
@frozen
public enum PNGStrategy: Sendable, Hashable, CaseIterable {
    case libpngChoice, standard, filtered, huffmanOnly, rle

    @usableFromInline var zlibValue: Int32 {
        switch self {
        case .libpngChoice: Int32(HF_ZLIB_LIBPNG_CHOICE)
        case .standard: Int32(HF_ZLIB_DEFAULT_STRATEGY)
        case .filtered: Int32(HF_ZLIB_FILTERED)
        case .huffmanOnly: Int32(HF_ZLIB_HUFFMAN_ONLY)
        case .rle: Int32(HF_ZLIB_RLE)
        }
    }
}

@frozen
public struct PNGOptions: Sendable, Hashable {
    /// zlib level 0 (store) … 9 (smallest).
    public var compressionLevel: Int32
    public var filter: PNGFilter
    public var strategy: PNGStrategy

    public init(compressionLevel: Int32 = 6, filter: PNGFilter = .adaptive, strategy: PNGStrategy = .libpngChoice) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
    }

    /// What libpng does when not told otherwise: level 6, adaptive filters, Z_FILTERED.
    public static let libpngDefault = PNGOptions()
    /// The fastest libpng setting within 1.3× of the default size (measurements in PNGEncoder.swift);
    /// the fast profile's writer is ~8× faster still.
    public static let level1Up = PNGOptions(compressionLevel: 1, filter: .up, strategy: .libpngChoice)
    /// For files kept for long: level 9 with adaptive filters.
    public static let small = PNGOptions(compressionLevel: 9, filter: .adaptive, strategy: .libpngChoice)
}

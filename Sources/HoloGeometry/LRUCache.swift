// Values by key with a byte cost each, in order of last use (Skia's SkLRUCache): a dictionary from
// key to slot, and the slots linked newest to oldest through their indices (an intrusive doubly
// linked list in one array, freed slots reused), so finding, using, adding and removing an entry
// and taking the oldest are each O(1) amortised, however many entries are kept.
//
// It holds no budget and no lock of its own: the owner decides when to take the oldest and guards
// it (the compositor's LayerCache, the studio's FrameCache).

/// Values by key, least recently used first out.
public struct LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value?
        var bytes: Int
        /// The neighbours in order of use (slot indices; −1 at either end).
        var older: Int
        var newer: Int
    }
    private var slots: [Slot] = []
    private var vacant: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest = -1, oldest = -1
    /// The kept values' costs together.
    public private(set) var bytes = 0

    public init() {}

    public var count: Int { index.count }

    /// The value kept for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        linkNewest(i)
        return slots[i].value
    }

    /// Keeps `value` for `key` as the most recently used (in place of any value kept for it).
    public mutating func insert(_ value: Value, for key: Key, bytes: Int) {
        removeValue(forKey: key)
        let slot = Slot(key: key, value: value, bytes: bytes, older: -1, newer: -1)
        let i: Int
        if let free = vacant.popLast() { slots[free] = slot; i = free } else { slots.append(slot); i = slots.count - 1 }
        index[key] = i
        linkNewest(i)
        self.bytes += bytes
    }

    /// Takes the value kept for `key` out (the caller then holds its only reference).
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let i = index.removeValue(forKey: key) else { return nil }
        return release(i)
    }

    /// Takes the least recently used entry out; nil when empty.
    public mutating func removeOldest() -> (key: Key, value: Value)? {
        guard oldest >= 0 else { return nil }
        let i = oldest, key = slots[i].key
        index.removeValue(forKey: key)
        return (key, release(i)!)
    }

    public mutating func removeAll() {
        slots.removeAll(); vacant.removeAll(); index.removeAll()
        newest = -1; oldest = -1; bytes = 0
    }

    private mutating func release(_ i: Int) -> Value? {
        unlink(i)
        bytes -= slots[i].bytes
        let value = slots[i].value
        slots[i].value = nil
        vacant.append(i)
        return value
    }

    private mutating func unlink(_ i: Int) {
        let older = slots[i].older, newer = slots[i].newer
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else { newest = older }
    }

    private mutating func linkNewest(_ i: Int) {
        slots[i].older = newest
        slots[i].newer = -1
        if newest >= 0 { slots[newest].newer = i } else { oldest = i }
        newest = i
    }
}

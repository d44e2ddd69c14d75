/// A handful of recently added keys with their values, looked up by comparing with each in turn.
///
/// An import's samples come in runs of one type, or with a few types, devices and hours taking turns; comparing with a
/// few recent keys (short strings compare by their bits) costs less than hashing the key for every sample, which
/// showed in profiles of the writing thread. When full, the key added first makes room and is handed back.
struct RecentKeys<Key: Equatable, Value> {
    private(set) var entries: [(key: Key, value: Value)] = []
    let capacity: Int

    init(capacity: Int = 8) {
        precondition(capacity > 0)
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// The position of `key`, the latest added searched first.
    func index(of key: Key) -> Int? {
        entries.lastIndex { $0.key == key }
    }

    /// Read and changed in place: a value handed out by `get` would be a copy, which for a value holding text (the
    /// rollup deferral's open hours) is a retain and a release at every look.
    subscript(index: Int) -> Value {
        _read { yield entries[index].value }
        _modify { yield &entries[index].value }
    }

    /// Adds `key`, which must not be here yet; answers the entry that made room for it, if one had to.
    mutating func add(_ key: Key, _ value: Value) -> (key: Key, value: Value)? {
        let evicted = entries.count == capacity ? entries.removeFirst() : nil
        entries.append((key, value))
        return evicted
    }

    /// The position of `key`, added with `value` first when it is not here; the entry that made room for it, if one
    /// had to, goes to `evicted`.
    mutating func index(of key: Key, addingIfAbsent value: @autoclosure () -> Value, evicted: ((key: Key, value: Value)) -> Void) -> Int {
        if let index = index(of: key) { return index }
        if let entry = add(key, value()) { evicted(entry) }
        return entries.count - 1
    }

    /// Takes every entry out, oldest first.
    mutating func removeAll() -> [(key: Key, value: Value)] {
        defer { entries.removeAll(keepingCapacity: true) }
        return entries
    }
}

extension RecentKeys: Sendable where Key: Sendable, Value: Sendable {}

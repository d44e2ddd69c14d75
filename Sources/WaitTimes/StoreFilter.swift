import Foundation

/// The design's `FilterCriteria` (maxWaitTime, openOnly, region, search) plus nearest-first ordering.
public struct StoreFilter: Sendable, Hashable {
    /// Only stores taking numbers with a known wait of at most this many minutes.
    public var maxWaitTime: Int?
    /// Only stores open now (before last order).
    public var openOnly: Bool
    public var region: Region?
    /// Part of the store's name, its reading in kana or its city's English name; case, width and the chain prefix are ignored.
    public var query: String
    /// Sort nearest first from here instead of by wait.
    public var near: Coordinate?

    public init(maxWaitTime: Int? = nil, openOnly: Bool = false, region: Region? = nil, query: String = "", near: Coordinate? = nil) {
        self.maxWaitTime = maxWaitTime
        self.openOnly = openOnly
        self.region = region
        self.query = query
        self.near = near
    }

    /// True when nothing narrows the list: every store is shown.
    public var isEmpty: Bool { maxWaitTime == nil && !openOnly && region == nil && Self.normalize(query).isEmpty }

    public func matches(_ snapshot: StoreSnapshot) -> Bool {
        if let region, snapshot.store.region != region { return false }
        if openOnly, !snapshot.opening.isOpen { return false }
        if let maxWaitTime {
            guard snapshot.wait.status == .available, let minutes = snapshot.wait.minutes, minutes <= maxWaitTime else { return false }
        }
        let wanted = Self.normalize(query)
        if !wanted.isEmpty {
            // The English city name too, so an English page's "Hamamatsu" finds the stores in 浜松市.
            let names = [snapshot.store.name, snapshot.store.id, snapshot.store.reading] + snapshot.store.aliases
                + [snapshot.store.municipalityEnglishName].compactMap { $0 }
            if !names.contains(where: { Self.normalize($0).contains(wanted) }) { return false }
        }
        return true
    }

    /// Filters and orders: nearest first when `near` is set (stores without coordinates last), otherwise shortest
    /// known wait first, then stores without a figure, then closed ones; ties keep directory order.
    public func apply(to snapshots: [StoreSnapshot]) -> [StoreSnapshot] {
        let kept = snapshots.enumerated().filter { matches($0.element) }
        let sorted = kept.sorted { lhs, rhs in
            let left = sortKey(lhs.element), right = sortKey(rhs.element)
            if left.0 != right.0 { return left.0 < right.0 }
            if left.1 != right.1 { return left.1 < right.1 }
            return lhs.offset < rhs.offset
        }
        return sorted.map(\.element)
    }

    private func sortKey(_ snapshot: StoreSnapshot) -> (Int, Double) {
        if near != nil {
            guard let distance = snapshot.distance else { return (1, 0) }
            return (0, distance)
        }
        switch snapshot.wait.status {
        case .available: return (0, Double(snapshot.wait.minutes ?? 0))
        case .unavailable: return (1, 0)
        case .closed: return (2, 0)
        }
    }

    /// Folds width (ｻﾜﾔｶ, ＡＢＣ), case and hiragana/katakana, drops spaces and the chain's name.
    public static func normalize(_ text: String) -> String {
        var folded = text.applyingTransform(.fullwidthToHalfwidth, reverse: false) ?? text
        folded = folded.applyingTransform(.hiraganaToKatakana, reverse: false) ?? folded
        folded = folded.applyingTransform(.fullwidthToHalfwidth, reverse: true) ?? folded
        folded = folded.lowercased().replacingOccurrences(of: "サワヤカ", with: "")
        return folded.filter { !$0.isWhitespace }
    }
}

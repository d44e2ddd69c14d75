import Foundation
import Health

/// Checking a new store directory (from `kiroku stores load`) and what loading it would change.
public struct StoreDirectoryChange: Sendable, Equatable {
    public var added: [String]
    public var removed: [String]
    public var changed: [String]
    public var unchanged: Int

    public init(from old: [Store], to new: [Store]) {
        let oldById = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIds = Set(new.map(\.id))
        added = new.filter { oldById[$0.id] == nil }.map(\.id)
        removed = old.filter { !newIds.contains($0.id) }.map(\.id)
        changed = new.filter { store in oldById[store.id].map { $0 != store } ?? false }.map(\.id)
        unchanged = new.count - added.count - changed.count
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// Problems that make a directory unusable; empty when it can be loaded.
    public static func problems(in stores: [Store]) -> [LocalizedText] {
        var problems: [LocalizedText] = []
        if stores.isEmpty { problems.append(.init(ja: "店舗が1件もありません。", en: "The file lists no stores.")) }
        var seen = Set<String>()
        for (index, store) in stores.enumerated() {
            let label = "[\(index)] \(store.id)"
            if !seen.insert(store.id).inserted {
                problems.append(.init(ja: "\(label): ID が重複しています。", en: "\(label): duplicate id."))
            }
            if store.id.isEmpty || store.id.count > 64 || !store.id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
                problems.append(.init(ja: "\(label): ID は英小文字・数字・ハイフン（64文字以内）にしてください。", en: "\(label): ids use a–z, 0–9 and hyphens (at most 64)."))
            }
            if store.name.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(.init(ja: "\(label): 店名が空です。", en: "\(label): the name is empty."))
            }
            if HoursRule.named[store.hours] == nil {
                let names = HoursRule.named.keys.sorted().joined(separator: ", ")
                problems.append(.init(ja: "\(label): 営業時間「\(store.hours)」は不明です（\(names)）。", en: "\(label): unknown hours “\(store.hours)” (\(names))."))
            }
            if let coordinate = store.coordinate, !coordinate.isValid {
                problems.append(.init(ja: "\(label): 座標が範囲外です。", en: "\(label): the coordinate is out of range."))
            }
        }
        return problems
    }
}

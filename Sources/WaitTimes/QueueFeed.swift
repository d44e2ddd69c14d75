import Foundation

/// Reads a JSON feed shaped like the chain's queue service: `{"storeList": [{"storeName", "storeWaitTime",
/// "storeWaitCount", "isOpen", "isTemporaryStopped", "isOverFlg", ...}]}`, and turns it into observations for the
/// stores of a directory. Numbers may arrive as numbers or strings, and missing flags mean "no".
public struct QueueFeed: Sendable {
    public struct Entry: Sendable, Hashable, Decodable {
        public var storeName: String
        public var storeNo: String?
        public var storeWaitTime: Int?
        public var storeWaitCount: Int?
        public var displayWaitTime: String?
        public var isOpen: Bool
        public var isTemporaryStopped: Bool
        public var isOverFlg: Bool

        enum CodingKeys: String, CodingKey {
            case storeName, storeNo, storeWaitTime, storeWaitCount, displayWaitTime, isOpen, isTemporaryStopped, isOverFlg
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            storeName = try container.decode(String.self, forKey: .storeName)
            storeNo = Self.lenientString(container, .storeNo)
            storeWaitTime = Self.lenientInt(container, .storeWaitTime)
            storeWaitCount = Self.lenientInt(container, .storeWaitCount)
            displayWaitTime = Self.lenientString(container, .displayWaitTime)
            isOpen = Self.lenientBool(container, .isOpen) ?? true
            isTemporaryStopped = Self.lenientBool(container, .isTemporaryStopped) ?? false
            isOverFlg = Self.lenientBool(container, .isOverFlg) ?? false
        }

        static func lenientInt(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Int? {
            if let value = try? container.decodeIfPresent(Int.self, forKey: key) { return value }
            if let text = try? container.decodeIfPresent(String.self, forKey: key) {
                return Int(text.trimmingCharacters(in: .whitespaces))
            }
            return nil
        }

        static func lenientString(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
            if let text = try? container.decodeIfPresent(String.self, forKey: key) { return text }
            return (try? container.decodeIfPresent(Int.self, forKey: key)).flatMap { $0.map(String.init) }
        }

        static func lenientBool(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Bool? {
            if let value = try? container.decodeIfPresent(Bool.self, forKey: key) { return value }
            if let number = try? container.decodeIfPresent(Int.self, forKey: key) { return number != 0 }
            if let text = try? container.decodeIfPresent(String.self, forKey: key) {
                return ["1", "true", "yes"].contains(text.lowercased())
            }
            return nil
        }
    }

    struct Document: Decodable {
        let storeList: [Entry]
    }

    /// What one feed document yielded.
    public struct Result: Sendable {
        public var observations: [WaitObservation]
        /// Feed names that match no store in the directory (a new store, a renamed one): reported, never guessed.
        public var unknownNames: [String]
    }

    public enum Failure: Error, Sendable, Equatable {
        case notAFeed(String)
    }

    public let stores: [Store]

    public init(stores: [Store]) {
        self.stores = stores
    }

    /// Parses `data` observed at `observedAt`.
    public func parse(_ data: Data, observedAt: Date) throws -> Result {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw Failure.notAFeed(String(describing: error))
        }
        var observations: [WaitObservation] = []
        var unknown: [String] = []
        var seen = Set<String>()
        for entry in document.storeList {
            guard let store = store(named: entry.storeName) else {
                unknown.append(entry.storeName)
                continue
            }
            guard seen.insert(store.id).inserted else { continue }
            observations.append(observation(entry, storeId: store.id, at: observedAt))
        }
        return Result(observations: observations, unknownNames: unknown)
    }

    /// The store a feed name means: the name or an alias, ignoring the chain prefix, width and spacing.
    public func store(named name: String) -> Store? {
        let wanted = StoreFilter.normalize(name)
        guard !wanted.isEmpty else { return nil }
        return stores.first { store in
            ([store.name] + store.aliases).contains { StoreFilter.normalize($0) == wanted }
        }
    }

    func observation(_ entry: Entry, storeId: String, at date: Date) -> WaitObservation {
        let status: WaitObservation.Status
        if !entry.isOpen {
            status = .closed
        } else if entry.isTemporaryStopped {
            status = .closed
        } else if entry.isOverFlg {
            status = .receptionClosed
        } else if entry.storeWaitTime == nil {
            status = .unavailable
        } else {
            status = .available
        }
        let minutes = status == .available ? entry.storeWaitTime.map { min(max($0, 0), WaitObservation.maxMinutes) } : nil
        let groups = entry.storeWaitCount.map { min(max($0, 0), 10_000) }
        return WaitObservation(storeId: storeId, observedAt: date, minutes: minutes, groups: status == .closed ? nil : groups, status: status, source: "feed")
    }
}

import Foundation
import GRDB
import WaitTimes

/// A directory row: the store as JSON plus its place in the list.
struct StoredStore: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "waitStore"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let position = Column(CodingKeys.position)
        static let definition = Column(CodingKeys.definition)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    var id: String
    var position: Int
    var definition: String
    var updatedAt: Date

    func store() throws -> Store {
        try JSONDecoder().decode(Store.self, from: Data(definition.utf8))
    }

    /// The store, or nil (logged) when its definition cannot be read: the rest of the directory still shows.
    var readableStore: Store? {
        do {
            return try store()
        } catch {
            ReadableRows.report(error, table: Self.databaseTableName, id: id)
            return nil
        }
    }

    /// Makes the directory exactly `stores`, in their order; rows that did not change keep their `updatedAt`.
    static func replaceAll(with stores: [Store], db: Database, now: Date) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let existing = Dictionary(try StoredStore.all().fetchReadable(db).map { ($0.id, $0) }) { first, _ in first }
        try StoredStore.filter { !stores.map(\.id).contains($0.id) }.deleteAll(db)
        for (position, store) in stores.enumerated() {
            let definition = String(decoding: try encoder.encode(store), as: UTF8.self)
            let unchangedSince = existing[store.id].flatMap { $0.definition == definition ? $0.updatedAt : nil }
            try StoredStore(id: store.id, position: position, definition: definition, updatedAt: unchangedSince ?? now).save(db)
        }
    }
}

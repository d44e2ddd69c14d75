import Foundation
import GRDB
import WaitTimes

/// A directory row: the store as JSON plus its place in the list.
struct StoredStore: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "waitStore"

    var id: String
    var position: Int
    var definition: String
    var updatedAt: Date

    func store() throws -> Store {
        try JSONDecoder().decode(Store.self, from: Data(definition.utf8))
    }

    /// Makes the directory exactly `stores`, in their order; rows that did not change keep their `updatedAt`.
    static func replaceAll(with stores: [Store], db: Database, now: Date) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let existing = Dictionary(uniqueKeysWithValues: try StoredStore.fetchAll(db).map { ($0.id, $0) })
        try StoredStore.filter(!stores.map(\.id).contains(Column("id"))).deleteAll(db)
        for (position, store) in stores.enumerated() {
            let definition = String(decoding: try encoder.encode(store), as: UTF8.self)
            let unchanged = existing[store.id]?.definition == definition
            try StoredStore(id: store.id, position: position, definition: definition, updatedAt: unchanged ? existing[store.id]!.updatedAt : now).save(db)
        }
    }
}

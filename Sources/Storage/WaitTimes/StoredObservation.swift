import Foundation
import GRDB
import WaitTimes

/// A `waitObservation` row.
struct StoredObservation: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "waitObservation"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let storeId = Column(CodingKeys.storeId)
        static let observedAt = Column(CodingKeys.observedAt)
        static let minutes = Column(CodingKeys.minutes)
        static let groups = Column(CodingKeys.groups)
        static let status = Column(CodingKeys.status)
        static let source = Column(CodingKeys.source)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    var id: Int64?
    var storeId: String
    var observedAt: Date
    var minutes: Int?
    var groups: Int?
    var status: String
    var source: String
    var createdAt: Date

    init(_ observation: WaitObservation, createdAt: Date) {
        storeId = observation.storeId
        observedAt = observation.observedAt
        minutes = observation.minutes
        groups = observation.groups
        status = observation.status.rawValue
        source = observation.source
        self.createdAt = createdAt
    }

    var observation: WaitObservation {
        WaitObservation(storeId: storeId, observedAt: observedAt, minutes: minutes, groups: groups, status: .init(rawValue: status) ?? .unavailable, source: source)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

import Foundation
import Health

/// A record with the text SQLite stores for it (dates, metadata JSON) and, for the gateway, its outbox message
/// already written. Batches are prepared before they reach the one writer, so the writer's turn, which every
/// concurrent batch waits for, holds only SQLite's own work.
struct PreparedHealthRecord: Sendable {
    let record: HealthRecord
    let startText: String
    /// The start as `DatabaseDateText.milliseconds`: the hourly rollups key and order by it.
    let startMilliseconds: Int64
    let endText: String
    let createdText: String
    let updatedText: String
    let metadataText: String?
    /// The outbox row to write if the record is new.
    let message: OutboxMessage?

    init(_ record: HealthRecord, message: OutboxMessage? = nil) {
        self.record = record
        startMilliseconds = DatabaseDateText.milliseconds(record.startAt)
        startText = DatabaseDateText.string(milliseconds: startMilliseconds)
        endText = DatabaseDateText.string(record.endAt)
        createdText = DatabaseDateText.string(record.createdAt)
        updatedText = record.updatedAt == record.createdAt ? createdText : DatabaseDateText.string(record.updatedAt)
        metadataText = record.metadata.map(ImportJSON.object)
        self.message = message
    }
}

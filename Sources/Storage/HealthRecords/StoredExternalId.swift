import GRDB
import Health

/// Finds the record a client id already made, through the index that holds it (see
/// `Migrations.gatewaySampleHours`). Both indexes are partial, and SQLite uses a partial index only when the query
/// repeats its condition, so the conditions below are written out as the indexes have them.
enum StoredExternalId {
    /// The condition of the index that holds every source's client ids but the gateway's.
    static let otherSources = "source <> 'gateway'"

    /// `startText` is the record's start as stored (`DatabaseDateText`); a gateway sample id is looked up in its hour.
    static func filter(source: String, externalId: String?, startText: String) -> SQL {
        if source == RecordSource.gateway.rawValue {
            return SQL("source = 'gateway' AND substr(startAt, 1, 13) = \(String(startText.prefix(13))) AND externalId = \(externalId)")
        }
        return SQL(sql: "source = ? AND \(otherSources) AND externalId = ?", arguments: [source, externalId])
    }
}

import Foundation

/// A stored row that does not hold what Kiroku writes there: a day that is not a date, an id that is not a UUID, a
/// record used as saved that never was. Only an outside edit of the database or an old bug leaves such a row; reads
/// skip it (see `fetchReadable`), and code that meets one anyway reports this error instead of stopping the server.
/// It names the table, the column and the row's id, never the value: rows hold personal data.
public struct StoredRowError: Error, Sendable, Equatable, CustomStringConvertible {
    public let table: String
    public let column: String
    /// The row's id, nil for a record that was never saved.
    public let id: String?

    public init(table: String, column: String, id: String?) {
        self.table = table
        self.column = column
        self.id = id
    }

    public var description: String {
        "\(table) row \(id ?? "(not saved)"): \(column) does not hold a valid value"
    }
}

import Foundation
import GRDB

/// Every motivation row a user owns, table by table, column by column: what the data export carries.
public struct MotivationExport: Encodable, Sendable {
    /// Table name → rows (column → value), oldest row first.
    public let tables: [String: [[String: Value]]]

    public enum Value: Encodable, Sendable, Equatable {
        case null, integer(Int64), real(Double), text(String)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case let .integer(value): try container.encode(value)
            case let .real(value): try container.encode(value)
            case let .text(value): try container.encode(value)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try tables.encode(to: encoder)
    }

    /// The export with one text column of one table rewritten (a sealed secret opened for its owner); a value
    /// `transform` cannot read becomes null.
    public func replacingText(table: String, column: String, _ transform: (String) -> String?) -> MotivationExport {
        var tables = tables
        tables[table] = tables[table]?.map { row in
            var row = row
            if case let .text(value)? = row[column] { row[column] = transform(value).map(Value.text) ?? .null }
            return row
        }
        return MotivationExport(tables: tables)
    }

    /// The motivation tables: each has a `userId` column (ON DELETE CASCADE), so account deletion removes them.
    public static let tableNames = ["badgeAward", "motivationPause", "goal", "goalHistory", "goalSuggestionDismissal", "reminderLog", "reminderSetting", "shareLink", "stepTargetSuggestion", "weightPlanSetting"]
}

extension AppDatabase {
    public func motivationExport(userId: Int64) async throws -> MotivationExport {
        try await reader.read { db in
            var tables: [String: [[String: MotivationExport.Value]]] = [:]
            for table in MotivationExport.tableNames {
                // Table names are the constants above, never input.
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table) WHERE userId = ? ORDER BY rowid", arguments: [userId])
                tables[table] = rows.map { row in
                    var values: [String: MotivationExport.Value] = [:]
                    for (column, value) in row {
                        switch value.storage {
                        case .null: values[column] = .null
                        case let .int64(number): values[column] = .integer(number)
                        case let .double(number): values[column] = .real(number)
                        case let .string(text): values[column] = .text(text)
                        case .blob: values[column] = .null
                        }
                    }
                    return values
                }
            }
            return MotivationExport(tables: tables)
        }
    }
}

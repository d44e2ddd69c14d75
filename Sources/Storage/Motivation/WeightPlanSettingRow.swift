import Foundation
import GRDB

/// The pace a user chose for their weight plan, as a share of body weight a week. No row: the default pace.
public struct WeightPlanSettingRow: Codable, Sendable, Equatable {
    public var userId: Int64
    public var percentPerWeek: Double
    public var updatedAt: Date

    public init(userId: Int64, percentPerWeek: Double, updatedAt: Date) {
        self.userId = userId
        self.percentPerWeek = percentPerWeek
        self.updatedAt = updatedAt
    }
}

extension WeightPlanSettingRow: FetchableRecord, PersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "weightPlanSetting"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
    }
}

extension AppDatabase {
    public func weightPlanSetting(userId: Int64) async throws -> WeightPlanSettingRow? {
        try await reader.read { db in try WeightPlanSettingRow.owned(by: userId).fetchOne(db) }
    }

    public func saveWeightPlanSetting(_ setting: WeightPlanSettingRow) async throws {
        try await writer.write { db in try setting.save(db) }
    }
}

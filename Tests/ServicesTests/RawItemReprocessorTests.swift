import Foundation
import Health
import Services
import Storage
import Testing

/// Rows an older Kiroku kept raw become samples once the catalog maps them; the rest stay raw with their reason,
/// and a second run changes nothing.
@Suite struct RawItemReprocessorTests {
    static let start = Date(timeIntervalSince1970: 1_705_300_000)

    static func raw(element: String, type: String, value: String, unit: String, source: String, reason: KeptRawReason, metadata: [String: String] = [:], key: String) -> ImportedRawItem {
        var naturalKey = NaturalKey()
        naturalKey.add(key)
        return ImportedRawItem(
            element: element, type: type, value: value, unit: unit, startAt: start, endAt: start, utcOffsetSeconds: 32_400,
            sourceName: source, attributes: [:], metadata: metadata, naturalKey: naturalKey, reason: reason
        )
    }

    /// Read a page at a time: pages of one, two or all rows give the same result.
    @Test(arguments: [1, 2, 5_000])
    func understoodRowsArePromotedOnceAndTheRestStayRawWithTheirReason(itemsPerPage: Int) async throws {
        let database = try AppDatabase.temporary()
        let userId = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let now = Date()
        let items = [
            // Kept raw by a version that did not know the spelling; today's catalog converts it.
            Self.raw(element: "Record", type: "HKQuantityTypeIdentifierBodyMass", value: "154.3", unit: "lb", source: "Scale", reason: .unknownUnit, key: "a"),
            Self.raw(element: "GatewaySample", type: "bodyMass", value: "70", unit: "kg", source: "com.apple.health", reason: .unknownUnit,
                     metadata: ["sampleId": "123e4567-e89b-12d3-a456-426614174000", "gatewayUserId": "user123"], key: "b"),
            // Still unknown.
            Self.raw(element: "Record", type: "HKQuantityTypeIdentifierBodyMass", value: "11", unit: "furlongs", source: "Scale", reason: .unknownUnit, key: "c"),
            Self.raw(element: "HealthAutoExport", type: "walking_speed", value: "4.2", unit: "km/hr", source: "Watch", reason: .unknownType, key: "d"),
        ]
        #expect(try await database.insertHealthAutoExportRaw(userId: userId, items: items, now: now) == 4)
        // A raw element by nature is neither promoted nor counted.
        var summaryItem = Self.raw(element: "ActivitySummary", type: "ActivitySummary", value: "1", unit: "kcal", source: "", reason: .unknownType, key: "e")
        summaryItem.reason = nil
        _ = try await database.insertHealthAutoExportRaw(userId: userId, items: [summaryItem], now: now)

        var reprocessor = RawItemReprocessor(database: database)
        reprocessor.itemsPerPage = itemsPerPage
        let first = try await reprocessor.run(userId: userId, now: now)
        #expect(first.promoted == 2)
        #expect(first.stillRaw == ["unknown_unit": 1, "unknown_type": 1])
        let records = try await database.allRecords(userId: userId).sorted { $0.source < $1.source }
        #expect(records.map(\.metric) == ["bodyMass", "bodyMass"])
        #expect(records.map(\.source) == ["gateway", "import"])
        #expect(records.first { $0.source == "import" }.map { ($0.value * 10).rounded() / 10 } == 70)
        #expect(records.first { $0.source == "gateway" }?.externalId == "123e4567-e89b-12d3-a456-426614174000", "an app retry still matches it")
        #expect(records.allSatisfy { $0.metadata?[KeptRawReason.metadataKey] == nil })
        #expect(try await database.rawItems(userId: userId).count == 3)

        let again = try await reprocessor.run(userId: userId, now: now)
        #expect(again.promoted == 0)
        #expect(again.stillRaw == ["unknown_unit": 1, "unknown_type": 1])
        #expect(try await database.allRecords(userId: userId).count == 2)
    }
}

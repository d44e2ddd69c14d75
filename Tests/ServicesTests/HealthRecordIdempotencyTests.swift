import Foundation
import Health
import Services
import Storage
import Testing

/// The records service decides whether a `clientId` used again is a retry: over a real SQLite file, a retry of the
/// same record is answered with the stored one, another record is refused naming the key, and a refused batch
/// leaves nothing behind.
@Suite struct HealthRecordIdempotencyTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func makeService() async throws -> (HealthRecordService, Int64) {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        return (HealthRecordService(database: database), try user.savedId)
    }

    /// Sub-millisecond times and a value converted from pounds: stored rounded and converted, then matched again.
    var weighIn: RecordInput {
        RecordInput(
            metric: "weight", value: 154.321, unit: "lb", start: now.addingTimeInterval(-3_600.000_4), utcOffsetSeconds: 32_400,
            metadata: ["note": "朝"], clientId: "weigh-in-1"
        )
    }

    @Test func aRetryOfTheSameRecordIsAnsweredWithTheStoredOne() async throws {
        let (service, userId) = try await makeService()
        let first = try await service.add([weighIn], userId: userId, now: now)
        let retry = try await service.add([weighIn], userId: userId, now: now.addingTimeInterval(30))
        #expect(first[0].created && !retry[0].created)
        #expect(retry[0].record.id == first[0].record.id)
        #expect(try await service.database.recordCount(userId: userId) == 1)
    }

    @Test func anotherRecordUnderTheKeyIsRefusedNamingItsPlaceAndStoresNothing() async throws {
        let (service, userId) = try await makeService()
        _ = try await service.add([weighIn], userId: userId, now: now)
        var heavier = weighIn
        heavier.value = 154.33
        await #expect(throws: IdempotencyKeyReused(field: "clientId")) {
            try await service.add([heavier], userId: userId, now: now)
        }
        let fresh = RecordInput(metric: "stepCount", value: 500, start: now.addingTimeInterval(-60), clientId: "steps-1")
        await #expect(throws: IdempotencyKeyReused(field: "records[1].clientId")) {
            try await service.add([fresh, heavier], userId: userId, now: now)
        }
        let stored = try await service.database.allRecords(userId: userId)
        #expect(stored.map(\.externalId) == ["weigh-in-1"], "the batch's new record was rolled back with it")
        #expect(stored.map(\.originalValue) == [154.321])
    }

    @Test func numbersAndTimesCompareAsStored() {
        let pounds = UnitConversion(symbol: "lb", factor: 0.453_592_37)
        #expect(IdempotentRetry.sameNumber(pounds.fromCanonical(pounds.toCanonical(154.32)), 154.32))
        #expect(!IdempotentRetry.sameNumber(154.32, 154.33))
        #expect(IdempotentRetry.sameNumber(nil, nil) && !IdempotentRetry.sameNumber(8.5, nil))
        #expect(IdempotentRetry.sameInstant(now, now.addingTimeInterval(0.000_4)))
        #expect(!IdempotentRetry.sameInstant(now, now.addingTimeInterval(0.01)))
    }
}

import Foundation
import GRDB
import Health
@testable import Storage
import Testing

/// One outbox row per gateway batch (migration `v10-outbox-batches`): the relay still sees one message per sample,
/// numbered without gaps or repeats, and every removal it makes — a whole batch, part of one, single messages — leaves
/// exactly the other messages waiting, under the numbers they had.
@Suite struct OutboxBatchesTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    func batch(_ userId: Int64, count: Int, from minute: Int = 0) -> [HealthRecord] {
        (0..<count).map { index in
            Fixtures.record(userId: userId, value: Double(index), externalId: UUID().uuidString.lowercased(), at: start.addingTimeInterval(Double(minute + index) * 60))
        }
    }

    /// The message names its sample, so a test can tell which sample each waiting message is.
    static func message(_ record: HealthRecord) -> OutboxMessage {
        OutboxMessage(userId: record.userId, messageKey: "key-\(record.userId)", payload: Data("{\"id\":\"\(record.externalId ?? "")\"}".utf8), createdAt: record.createdAt)
    }

    func rows(_ database: AppDatabase) async throws -> [(id: Int64, count: Int)] {
        try await database.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT id, messageCount FROM gatewayOutbox ORDER BY id").map { ($0["id"], $0["messageCount"]) }
        }
    }

    func sampleIds(_ messages: [PendingOutboxMessage]) -> [String] {
        messages.map { String(decoding: $0.payload, as: UTF8.self).dropFirst(7).dropLast(2) }.map(String.init)
    }

    @Test func aBatchIsOneRowAndTheRelayStillSeesOneNumberedMessagePerNewSample() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        let first = batch(alice.id!, count: 100)
        _ = try await database.ingestGatewayBatch(first, message: { Self.message($0) })
        // A retry with three new samples writes a row of three.
        let retry = first + batch(alice.id!, count: 3, from: 500)
        let outcome = try await database.ingestGatewayBatch(retry.shuffled(), message: { Self.message($0) })
        #expect(outcome.filter(\.inserted).count == 3)
        #expect(try await rows(database).map { $0.count } == [100, 3])
        let pending = try await database.pendingOutbox(limit: 1_000)
        #expect(pending.map(\.id) == Array(1...103))
        #expect(Array(sampleIds(pending).prefix(100)) == first.compactMap(\.externalId))
        #expect(Set(sampleIds(pending).suffix(3)) == Set(retry.suffix(3).compactMap(\.externalId)))
        #expect(pending.allSatisfy { $0.key == "key-\(alice.id!)" })
        #expect(try await database.outboxState().depth == 103)
    }

    @Test func rowsAreReadWholeUpToTheLimitAndFromTheMiddleOfOne() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        for index in 0..<3 {
            _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 40, from: index * 100), message: { Self.message($0) })
        }
        #expect(try await database.pendingOutbox(limit: 100).map(\.id) == Array(1...80))
        // The first row is taken even when it alone holds more than the limit.
        #expect(try await database.pendingOutbox(limit: 10).map(\.id) == Array(1...40))
        #expect(try await database.pendingOutbox(after: 25, limit: 30).map(\.id) == Array(26...40))
        #expect(try await database.pendingOutbox(after: 25, limit: 60).map(\.id) == Array(26...80))
    }

    @Test func removingSingleMessagesKeepsTheRestOfTheirBatchUnderTheSameNumbers() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 10), message: { Self.message($0) })
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 5, from: 100), message: { Self.message($0) })
        let before = try await database.pendingOutbox(limit: 100)
        try await database.deleteOutbox(ids: [1, 4, 5, 10, 12, 99])
        let after = try await database.pendingOutbox(limit: 100)
        let kept: Set<Int64> = [2, 3, 6, 7, 8, 9, 11, 13, 14, 15]
        #expect(after.map(\.id) == kept.sorted())
        #expect(after == before.filter { kept.contains($0.id) })
        #expect(try await rows(database).map { $0.id } == [3, 9, 11, 15])
        #expect(try await database.outboxState().depth == 10)
        // Numbering goes on after the largest number ever given, not after what is left.
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 2, from: 200), message: { Self.message($0) })
        #expect(try await database.pendingOutbox(after: 15, limit: 100).map(\.id) == [16, 17])
    }

    @Test func removingThroughTheMiddleOfABatchKeepsItsLaterMessages() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 10), message: { Self.message($0) })
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 10, from: 100), message: { Self.message($0) })
        let before = try await database.pendingOutbox(limit: 100)
        try await database.deleteOutbox(through: 14)
        #expect(try await database.pendingOutbox(limit: 100) == Array(before.suffix(6)))
        try await database.deleteOutbox(through: 20)
        #expect(try await database.pendingOutbox(limit: 100).isEmpty)
        #expect(try await database.outboxState().depth == 0)
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 1, from: 300), message: { Self.message($0) })
        #expect(try await database.pendingOutbox(limit: 100).map(\.id) == [21])
    }

    @Test func theLimitCountsMessagesNotRows() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        _ = try await database.ingestGatewayBatch(batch(alice.id!, count: 60), outboxLimit: 100, message: { Self.message($0) })
        await #expect(throws: OutboxFull(depth: 60)) {
            _ = try await database.ingestGatewayBatch(self.batch(alice.id!, count: 41, from: 100), outboxLimit: 100, message: { Self.message($0) })
        }
        try await database.deleteOutbox(ids: Array(2...59))
        let fits = try await database.ingestGatewayBatch(batch(alice.id!, count: 98, from: 200), outboxLimit: 100, message: { Self.message($0) })
        #expect(fits.allSatisfy { $0.inserted })
        #expect(try await database.outboxState().depth == 100)
    }

    @Test func rowsWrittenOnePerSampleBeforeTheMigrationAreReadAndNumberedOn() async throws {
        let old = try AppDatabase.temporary()
        let alice = try await old.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        let records = batch(alice.id!, count: 4)
        // Put the outbox back as v9 left it, with one row per sample.
        try await old.writer.write { db in
            try db.execute(sql: """
                DROP TABLE gatewayOutbox;
                CREATE TABLE gatewayOutbox (id INTEGER PRIMARY KEY AUTOINCREMENT, userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    messageKey TEXT NOT NULL, payload BLOB NOT NULL, createdAt DATETIME NOT NULL);
                DELETE FROM grdb_migrations WHERE identifier = 'v10-outbox-batches';
                """)
            for record in records {
                let message = Self.message(record)
                try db.execute(sql: "INSERT INTO gatewayOutbox (userId, messageKey, payload, createdAt) VALUES (?, ?, ?, ?)", arguments: [message.userId, message.messageKey, message.payload, message.createdAt])
            }
        }
        let migrated = try AppDatabase.open(path: old.writer.path)
        #expect(sampleIds(try await migrated.pendingOutbox(limit: 10)) == records.compactMap(\.externalId))
        _ = try await migrated.ingestGatewayBatch(batch(alice.id!, count: 3, from: 100), message: { Self.message($0) })
        #expect(try await migrated.pendingOutbox(limit: 10).map(\.id) == Array(1...7))
        try await migrated.deleteOutbox(through: 5)
        #expect(try await migrated.pendingOutbox(limit: 10).map(\.id) == [6, 7])
    }

    @Test func aPayloadThatDoesNotFrameItsMessagesIsReportedNotMisread() throws {
        let messages = [Data("a".utf8), Data(), Data(repeating: 7, count: 70_000)]
        let payload = OutboxFraming.payload(of: messages)
        #expect(try OutboxFraming.messages(in: payload, count: 3, id: 9) == messages)
        #expect(throws: StoredRowError.self) { try OutboxFraming.messages(in: payload, count: 2, id: 9) }
        #expect(throws: StoredRowError.self) { try OutboxFraming.messages(in: payload.dropLast(), count: 3, id: 9) }
        #expect(throws: StoredRowError.self) { try OutboxFraming.messages(in: payload, count: 0, id: 9) }
        #expect(OutboxFraming.payload(of: [Data("only".utf8)]) == Data("only".utf8))
    }
}

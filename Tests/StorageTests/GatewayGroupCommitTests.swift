import Foundation
import GRDB
import Health
@testable import Storage
import Testing
import TestSupport

/// Concurrent gateway batches share commits; each must still be stored or refused whole, on its own.
@Suite struct GatewayGroupCommitTests {
    static func batch(userId: Int64, size: Int) -> [HealthRecord] {
        (0..<size).map { index in
            var record = Fixtures.record(userId: userId, value: Double(index), externalId: UUID().uuidString.lowercased(), at: Date(timeIntervalSince1970: 1_767_225_600 + Double(index) * 60))
            record.createdAt = Date(timeIntervalSince1970: 1_767_300_000)
            record.updatedAt = record.createdAt
            return record
        }
    }

    static func message(_ record: HealthRecord) -> OutboxMessage {
        OutboxMessage(userId: record.userId, messageKey: "k", payload: Data((record.externalId ?? "").utf8), createdAt: record.createdAt)
    }

    @Test func concurrentBatchesAreEachStoredWholeWithOneOutboxRowPerNewRecordOrRefusedWholeWhenTheOutboxIsFull() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-group-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("kiroku.sqlite").path, durableCommits: true)
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let batches = (0..<24).map { _ in Self.batch(userId: alice.id!, size: 10) }
        // Room for 15 batches of 10: the rest must be refused, each alone, whichever commit they share.
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, batch) in batches.enumerated() {
                group.addTask {
                    do {
                        let stored = try await database.ingestGatewayBatch(batch, outboxLimit: 150, message: { Self.message($0) })
                        return (index, stored.allSatisfy(\.inserted))
                    } catch {
                        return (index, false)
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        let accepted = outcomes.filter(\.value).map(\.key)
        #expect(accepted.count == 15)
        let stored = Set(try await database.allRecords(userId: alice.id!).compactMap(\.externalId))
        let expected = Set(accepted.flatMap { batches[$0].compactMap(\.externalId) })
        #expect(stored == expected)
        let outbox = try await database.pendingOutbox(limit: 1_000)
        #expect(Set(outbox.map { String(decoding: $0.payload, as: UTF8.self) }) == expected)
        #expect(try await database.recordCount(userId: alice.id!) == 150)
    }

    @Test func aRetriedBatchAddsNeitherRecordsNorOutboxRowsAndAnswersTheStoredRecords() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        var batch = Self.batch(userId: alice.id!, size: 5)
        batch[0].metadata = ["device": "iPhone", "note/日本": "a \"quoted\" value"]
        batch[1].utcOffsetSeconds = 32_400
        let first = try await database.ingestGatewayBatch(batch, outboxLimit: 100, message: { Self.message($0) })
        let retry = try await database.ingestGatewayBatch(batch + Self.batch(userId: alice.id!, size: 1), outboxLimit: 100, message: { Self.message($0) })
        #expect(first.allSatisfy { $0.inserted })
        #expect(retry.map(\.inserted) == [false, false, false, false, false, true])
        #expect(retry.prefix(5).map(\.record.id) == first.map(\.record.id))
        #expect(try await database.pendingOutbox(limit: 100).count == 6)
        // Read back as stored: every field of the first five as they were sent.
        let stored = try await database.allRecords(userId: alice.id!).filter { $0.id != retry[5].record.id }
        #expect(stored.map { record in var copy = record; copy.id = nil; return copy } == batch)
    }
}

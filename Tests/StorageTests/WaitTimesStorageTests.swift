import Foundation
import GRDB
import Health
import Storage
import Testing
import WaitTimes

@Suite struct WaitTimesStorageTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let sunday = LocalDay("2026-11-22")!
    static func at(_ hour: Int, _ minute: Int = 0) -> Date {
        sunday.start(in: tokyo).addingTimeInterval(Double(hour * 3600 + minute * 60))
    }
    static let message: @Sendable (WaitAlert, WaitObservation, Store?) -> (title: LocalizedText, body: LocalizedText) = { _, observation, _ in
        (.init(ja: "空いてきました", en: "Wait dropped"), .init(ja: "\(observation.minutes ?? 0)分", en: "\(observation.minutes ?? 0) min"))
    }

    @Test func theMigrationShipsTheDirectoryAndLoadingReportsChanges() async throws {
        let database = try AppDatabase.temporary()
        let stores = try await database.stores()
        #expect(stores == StoreDirectory.shipped)
        var edited = Array(stores.dropLast())
        edited[0].phone = "053-000-0000"
        edited.append(Store(id: "izunokuni", name: "伊豆の国店", region: .tobu, municipality: "伊豆の国市"))
        let change = try await database.replaceStores(with: edited, now: Date())
        #expect(change.added == ["izunokuni"])
        #expect(change.removed == ["fuji-nishiki"])
        #expect(change.changed == ["sasagase"])
        #expect(change.unchanged == 33)
        #expect(try await database.store(id: "sasagase")?.phone == "053-000-0000")
        #expect(try await database.store(id: "fuji-nishiki") == nil)
        #expect(try await database.stores().last?.id == "izunokuni")
    }

    /// "v2-wait-times" seeds from a frozen snapshot, not from `StoreDirectory.shipped`: a fresh database must still get
    /// exactly the rows the migration wrote when it did (definitions byte for byte, as `.sortedKeys` encodes them).
    @Test func theFrozenV2SeedIsTheShippedDirectoryByteForByte() async throws {
        let database = try AppDatabase.temporary()
        let rows = try await database.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT id, position, definition, updatedAt FROM waitStore ORDER BY position").map {
                (id: $0["id"] as String, position: $0["position"] as Int, definition: $0["definition"] as String, updatedAt: $0["updatedAt"] as String)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try StoreDirectory.shipped.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        #expect(rows.map(\.id) == StoreDirectory.shipped.map(\.id))
        #expect(rows.map(\.position) == Array(StoreDirectory.shipped.indices))
        #expect(rows.map(\.definition) == expected)
        #expect(Set(rows.map(\.updatedAt)).count == 1, "one seeding instant, as before")
        #expect(try await database.stores() == StoreDirectory.shipped)
    }

    /// GRDB's migration guide: a shipped migration must not use application types, which change after it ships.
    @Test func theWaitTimesMigrationUsesNoWaitTimesTypes() throws {
        let storage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Storage/WaitTimes")
        for file in ["Migrations+WaitTimes.swift", "V2StoreSeed.swift"] {
            let source = try String(contentsOf: storage.appendingPathComponent(file), encoding: .utf8)
            #expect(!source.contains("import WaitTimes"), "\(file)")
        }
        let migration = try String(contentsOf: storage.appendingPathComponent("Migrations+WaitTimes.swift"), encoding: .utf8)
        for name in ["StoreDirectory", "StoredStore", "Store("] {
            #expect(!migration.contains(name), "the migration names \(name)")
        }
        #expect(migration.contains("V2StoreSeed.rows()"))
    }

    @Test func observationsAreKeptAndARetryIsANoOp() async throws {
        let database = try AppDatabase.temporary()
        let first = WaitObservation(storeId: "gotemba-ic", observedAt: Self.at(11), minutes: 120, groups: 40, status: .available, source: "operator")
        let second = WaitObservation(storeId: "gotemba-ic", observedAt: Self.at(11, 10), minutes: 130, status: .available, source: "operator")
        _ = try await database.addObservations([first, second], timeZone: Self.tokyo, now: Date(), alertMessage: Self.message)
        let retry = try await database.addObservations([second], timeZone: Self.tokyo, now: Date(), alertMessage: Self.message)
        #expect(retry.inserted == 0)
        #expect(try await database.observationCount() == 2)
        #expect(try await database.latestObservation(storeId: "gotemba-ic")?.minutes == 130)
        #expect(try await database.latestObservations()["gotemba-ic"]?.minutes == 130)
        #expect(try await database.observations(storeId: "gotemba-ic", since: Self.at(0)).map(\.minutes) == [120, 130])
    }

    @Test func anAlertFiresExactlyOnceIntoItsOwnersInboxAndDiesWithTheAccount() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Date()))
        let request = WaitAlert(userId: alice.id!, storeId: "gotemba-ic", maxMinutes: 30, day: Self.sunday, fromTime: TimeOfDay(14, 0), createdAt: Date())
        let alert = try await database.insertAlert(request).alert
        let twice = try await database.insertAlert(request)
        #expect(!twice.inserted, "the same alert sent again is stored once")
        #expect(twice.alert.id == alert.id)
        var firedCount = 0
        for (index, minutes) in [90, 40, 30, 20, 10].enumerated() {
            let observation = WaitObservation(storeId: "gotemba-ic", observedAt: Self.at(14, index * 10), minutes: minutes, status: .available, source: "feed")
            firedCount += try await database.addObservations([observation], timeZone: Self.tokyo, now: Self.at(14, index * 10), alertMessage: Self.message).fired.count
        }
        #expect(firedCount == 1)
        let inbox = try await database.inbox(userId: alice.id!)
        #expect(inbox.count == 1)
        #expect(inbox.first?.bodyJa == "30分")
        #expect(try await database.inbox(userId: bob.id!).isEmpty)
        #expect(try await database.alerts(userId: alice.id!).first?.firedAt == Self.at(14, 20))
        #expect(try await database.deleteAlert(id: alert.id!, userId: bob.id!) == false, "someone else's alert")
        #expect(try await database.unreadInboxCount(userId: alice.id!) == 1)
        try await database.markInboxRead(userId: alice.id!, now: Date())
        #expect(try await database.unreadInboxCount(userId: alice.id!) == 0)

        try await database.deleteUser(id: alice.id!)
        let left = try await database.reader.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM waitAlert") ?? -1, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM inboxMessage") ?? -1)
        }
        #expect(left == (0, 0))
    }

    @Test func operatorTokensAreFoundByHashAndMarkedUsed() async throws {
        let database = try AppDatabase.temporary()
        _ = try await database.insertOperatorToken(OperatorToken(name: "feed", tokenHash: "abc", prefix: "kop_", createdAt: Date()))
        #expect(try await database.useOperatorToken(hash: "nope", now: Date()) == nil)
        let used = try await database.useOperatorToken(hash: "abc", now: Date())
        #expect(used?.lastUsedAt != nil)
        #expect(try await database.revokeOperatorToken(id: used!.id!))
        #expect(try await database.operatorTokens().isEmpty)
    }
}

import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

/// Every list that can grow pages the same way: `limit` and `cursor` in, `nextCursor` out. Rows added while a person
/// pages must neither repeat nor shift a page (what an offset would do), and another user's rows never appear.
@Suite struct KeysetPaginationTests {
    /// Walks a list with `limit`, calling `between` after the first page, and returns every id seen in order.
    static func walk(
        _ client: any TestClientProtocol, path: String, key: String, token: String, limit: Int,
        between: @Sendable () async throws -> Void = {}
    ) async throws -> [Int] {
        var seen: [Int] = []
        var cursor: String?
        var pages = 0
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let uri = path + separator + "limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let response = try await client.execute(uri: uri, method: .get, headers: .bearer(token))
            #expect(response.status == .ok)
            let body = try response.json()
            let items = try #require(body[key] as? [[String: Any]])
            #expect(items.count <= limit)
            seen += items.compactMap { $0["id"] as? Int }
            cursor = body["nextCursor"] as? String
            pages += 1
            if pages == 1 { try await between() }
        } while cursor != nil && pages < 100
        return seen
    }

    @Test func theInboxPagesNewestFirstAndANewMessageShiftsNothing() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let (bob, _) = try await server.user("bob")
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        @Sendable func message(_ userId: Int64, _ minute: Int) -> InboxMessage {
            InboxMessage(userId: userId, createdAt: base.addingTimeInterval(Double(minute) * 60), kind: "note", title: .init(ja: "t\(minute)", en: "t\(minute)"), body: .init(ja: "b", en: "b"))
        }
        var expected: [Int] = []
        for minute in 0..<12 { expected.append(Int(try await server.database.insertInboxMessage(message(alice.id!, minute)).id!)) }
        _ = try await server.database.insertInboxMessage(message(bob.id!, 5))
        let database = server.database
        let aliceId = alice.id!
        let newestFirst = Array(expected.reversed())
        try await server.test { client in
            let seen = try await Self.walk(client, path: "/api/v1/inbox", key: "messages", token: token, limit: 5) {
                // A message arriving mid-walk is newer than every page: it must not push an old one onto the next page twice.
                _ = try await database.insertInboxMessage(message(aliceId, 60))
            }
            #expect(seen == newestFirst)
            let bad = try await client.execute(uri: "/api/v1/inbox?cursor=not-a-cursor", method: .get, headers: .bearer(token))
            #expect(bad.status == .badRequest)
            let tooMany = try await client.execute(uri: "/api/v1/inbox?limit=0", method: .get, headers: .bearer(token))
            #expect(tooMany.status == .badRequest)
        }
    }

    @Test func importJobsAndAlertsPageTheSameWay() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var jobs: [Int] = []
        for index in 0..<7 {
            let job = ImportJob(userId: alice.id!, kind: .csv, fileName: "f\(index).csv", fileSize: 10, fingerprint: "fp\(index)", createdAt: base.addingTimeInterval(Double(index)))
            jobs.append(Int(try await server.database.insertImportJob(job).id!))
        }
        let newestJobsFirst = Array(jobs.reversed())
        try await server.test { client in
            #expect(try await Self.walk(client, path: "/api/v1/imports", key: "imports", token: token, limit: 3) == newestJobsFirst)
            var alerts: [Int] = []
            for minutes in [10, 20, 30, 40, 50] {
                let created = try await client.execute(
                    uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(token), body: jsonBody(["storeId": "gotemba-ic", "maxMinutes": minutes])
                )
                #expect(created.status == .created)
                alerts.append(try #require(try created.json()["id"] as? Int))
            }
            let walked = try await Self.walk(client, path: "/api/v1/wait-alerts", key: "alerts", token: token, limit: 2)
            #expect(Set(walked) == Set(alerts))
            #expect(walked.count == alerts.count, "no alert shown twice")
        }
    }

    @Test func tasksPageInListOrderWithinAFilter() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            var ids: [Int] = []
            for index in 0..<9 {
                let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "task \(index)"]))
                ids.append(try #require(try created.json()["id"] as? Int))
            }
            #expect(try await Self.walk(client, path: "/api/v1/tasks?filter=all", key: "tasks", token: token, limit: 4) == ids)
        }
    }
}

import APIModels
import Foundation
import Health
import KirokuClient
import Storage
import Testing
import TestSupport

@Suite struct OfflineSetQueueTests {
    let fastRetry = Backoff(retries: 0, baseDelay: .seconds(2), maxDelay: .seconds(60))
    static let bench = "6b1d0000-0000-4000-8000-000000000001"

    @Test func setsLoggedOfflineGetTemporaryIdsAndReachTheServerOnceWhenOnline() async throws {
        let server = try WorkoutsLiveServer()
        let clock = WorkoutsTestClock()
        let queueFile = TestFiles.directory.appendingPathComponent("queue-\(UUID().uuidString).json")
        let deviceId = UUID().uuidString
        let retry = fastRetry

        // Offline: logging answers at once with temporary ids; a flush fails and backs off 2 s, then 4 s.
        let offline = BulkTrackAPI(baseURL: WorkoutsLiveServer.offline, deviceId: deviceId, retry: retry, now: { clock.now })
        let queue = OfflineSetQueue(api: offline, retry: retry, file: queueFile, now: { clock.now })
        let first = await queue.enqueue(NewSet(exerciseId: Self.bench, weight: 80, reps: 5, performedAt: clock.now))
        let second = await queue.enqueue(NewSet(exerciseId: Self.bench, weight: 82.5, reps: 5, rpe: 9, performedAt: clock.now.addingTimeInterval(120)))
        #expect(first.hasPrefix("tmp-") && second.hasPrefix("tmp-") && first != second)
        let attempt = await queue.flush()
        #expect(attempt.acknowledged.isEmpty)
        #expect(attempt.waiting[first] == clock.now.addingTimeInterval(2))
        #expect(await queue.flush().acknowledged.isEmpty, "not due yet: nothing is sent")
        clock.advance(by: 2)
        _ = await queue.flush()
        #expect(await queue.pending.first?.failures == 2)
        #expect(await queue.pending.first?.nextAttemptAt == clock.now.addingTimeInterval(4))
        #expect(await queue.serverId(for: first) == nil)

        // The app is reopened online: the saved queue is sent, in order, and temporary ids become server ids.
        clock.advance(by: 4)
        let report = try await server.run { url in
            let online = BulkTrackAPI(baseURL: url, deviceId: deviceId, retry: retry, now: { clock.now })
            let reopened = OfflineSetQueue(api: online, retry: retry, file: queueFile, now: { clock.now })
            #expect(await reopened.pending.count == 2)
            let report = await reopened.flush()
            #expect(await reopened.pending.isEmpty)
            #expect(await reopened.serverId(for: first) == report.acknowledged[first])
            #expect(await reopened.flush() == OfflineSetQueue.FlushReport(), "nothing left to send")
            let stored = try await online.sets()
            #expect(stored.map(\.weight) == [82.5, 80])
            #expect(stored.map(\.setNumber) == [2, 1])
            return report
        }
        #expect(report.acknowledged.count == 2)
        #expect(report.acknowledged.values.allSatisfy { UUID(uuidString: $0) != nil })
    }

    @Test func aRetryAfterALostAnswerStoresTheSetOnce() async throws {
        let server = try WorkoutsLiveServer()
        let retry = fastRetry
        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: UUID().uuidString, retry: retry)
            let set = NewSet(exerciseId: Self.bench, weight: 100, reps: 3, performedAt: Date())
            // The phone sent it, the answer never arrived, it sends it again with the same key.
            let sent = try await api.createSet(set, idempotencyKey: "queue-key-1")
            let resent = try await api.createSet(set, idempotencyKey: "queue-key-1")
            #expect(sent.id == resent.id)
            #expect(try await api.sets().count == 1)
        }
    }

    @Test func aSetTheServerRefusesIsDroppedWithItsMessage() async throws {
        let server = try WorkoutsLiveServer()
        let retry = fastRetry
        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: UUID().uuidString, language: "en", retry: retry)
            let queue = OfflineSetQueue(api: api, retry: retry)
            let bad = await queue.enqueue(NewSet(exerciseId: Self.bench, weight: 2000, reps: 5, performedAt: Date()))
            let good = await queue.enqueue(NewSet(exerciseId: Self.bench, weight: 60, reps: 5, performedAt: Date()))
            let report = await queue.flush()
            #expect(report.rejected[bad]?.contains("between 0 and 1000 kg") == true)
            #expect(report.acknowledged[good] != nil)
            #expect(await queue.pending.isEmpty)
        }
    }

    @Test func backoffDoublesUpToItsCap() {
        let policy = Backoff(retries: 3, baseDelay: .seconds(1), maxDelay: .seconds(60))
        #expect((1...8).map { policy.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
    }
}

import APIModels
import Foundation
import Health
import KirokuClient
import Testing
import TestSupport

@Suite struct ExerciseRepositoryTests {
    let fastRetry = Backoff(retries: 1, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20))

    @Test func cacheFirstForADayThenStaleWhenTheServerIsDownAndInvalidatedByACustomExercise() async throws {
        let server = try WorkoutsLiveServer()
        let clock = WorkoutsTestClock()
        let cacheFile = TestFiles.directory.appendingPathComponent("exercises-\(UUID().uuidString).json")
        let deviceId = UUID().uuidString
        let retry = fastRetry

        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: deviceId, language: "en", retry: retry, now: { clock.now })
            let repository = ExerciseRepository(api: api, file: cacheFile, now: { clock.now })
            let first = try await repository.exercises()
            #expect(first.source == .network)
            #expect(first.exercises.count >= 60)
            #expect(first.exercises.contains { $0.name == "Bench Press" && $0.isOfficial })
            clock.advance(by: 23 * 3600)
            #expect(try await repository.exercises().source == .cache)

            // A custom exercise invalidates the cache: the next read asks the server and sees it.
            let custom = try await repository.createCustomExercise(name: "Zercher Squat")
            #expect(!custom.isOfficial)
            let refreshed = try await repository.exercises()
            #expect(refreshed.source == .network)
            #expect(refreshed.exercises.contains { $0.id == custom.id })
        }

        // The server is gone. A day later the cache has expired: the stale list is served, custom exercise included.
        clock.advance(by: 25 * 3600)
        let offlineAPI = BulkTrackAPI(baseURL: WorkoutsLiveServer.offline, deviceId: deviceId, language: "en", retry: retry, now: { clock.now })
        let reopened = ExerciseRepository(api: offlineAPI, file: cacheFile, now: { clock.now })
        let stale = try await reopened.exercises()
        #expect(stale.source == .staleCache)
        #expect(stale.exercises.contains { $0.name == "Zercher Squat" })

        // Without any cache, offline is an error the app can show.
        let empty = ExerciseRepository(api: offlineAPI, now: { clock.now })
        await #expect(throws: BulkTrackClientError.self) { try await empty.exercises() }
    }

    @Test func namesComeInTheAppsLanguage() async throws {
        let server = try WorkoutsLiveServer()
        let retry = fastRetry
        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: UUID().uuidString, language: "ja", retry: retry)
            let names = try await ExerciseRepository(api: api).exercises().exercises.map(\.name)
            #expect(names.contains("ベンチプレス"))
        }
    }
}

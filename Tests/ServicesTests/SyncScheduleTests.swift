import Foundation
import Health
import Services
import Storage
import Testing

/// When the server's scheduler pushes on its own: only with records waiting, never for "manual", no sooner than the
/// frequency allows after the last attempt, and not again for a minute after a failed one.
@Suite struct SyncScheduleTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func attempt(endedSecondsAgo seconds: TimeInterval, status: String = "success") -> SyncAttemptRecord {
        SyncAttemptRecord(
            userId: 1, startedAt: now.addingTimeInterval(-seconds - 2), duration: 2, status: status, sent: 3, rejected: 0, retries: 0,
            httpStatus: status == "failed" ? 503 : nil, error: nil
        )
    }

    @Test func manualNeverRunsOnItsOwn() {
        #expect(!SyncScheduler.isDue(.manual, waiting: 500, lastAttempt: nil, now: now))
    }

    @Test func nothingWaitingMeansNoRunWhateverTheFrequency() {
        for frequency in SyncFrequency.allCases {
            #expect(!SyncScheduler.isDue(frequency, waiting: 0, lastAttempt: nil, now: now), "\(frequency)")
        }
    }

    @Test func realTimeRunsAsSoonAsARecordWaits() {
        #expect(SyncScheduler.isDue(.realtime, waiting: 1, lastAttempt: attempt(endedSecondsAgo: 1), now: now))
    }

    @Test func hourlyAndDailyWaitTheirIntervalAfterTheLastRun() {
        #expect(!SyncScheduler.isDue(.hourly, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 59 * 60), now: now))
        #expect(SyncScheduler.isDue(.hourly, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 60 * 60), now: now))
        #expect(!SyncScheduler.isDue(.daily, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 23 * 3600), now: now))
        #expect(SyncScheduler.isDue(.daily, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 24 * 3600), now: now))
        #expect(SyncScheduler.isDue(.daily, waiting: 4, lastAttempt: nil, now: now), "a first run does not wait a day")
    }

    @Test func aFailedRunIsNotRepeatedForAMinuteEvenInRealTime() {
        #expect(!SyncScheduler.isDue(.realtime, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 30, status: "failed"), now: now))
        #expect(SyncScheduler.isDue(.realtime, waiting: 4, lastAttempt: attempt(endedSecondsAgo: 61, status: "failed"), now: now))
    }
}

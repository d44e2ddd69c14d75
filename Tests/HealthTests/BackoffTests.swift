import Health
import Testing

@Suite struct BackoffTests {
    @Test func theGatewaySyncWaitsOneTwoFourEightSixteenSecondsThenGivesUp() {
        #expect(Backoff.gatewaySync.delays == [1, 2, 4, 8, 16].map { Duration.seconds($0) })
    }

    @Test func delaysDoubleUpToTheCapAndNeverOverflow() {
        let backoff = Backoff(retries: 3, baseDelay: .milliseconds(250), maxDelay: .seconds(30))
        #expect(backoff.delay(afterFailures: 1) == .milliseconds(250))
        #expect(backoff.delay(afterFailures: 4) == .seconds(2))
        #expect(backoff.delay(afterFailures: 1_000) == .seconds(30))
        #expect(backoff.delay(afterFailures: 0) == .milliseconds(250))
    }

    @Test func noRetriesMeansNoWaits() {
        #expect(Backoff(retries: 0, baseDelay: .seconds(1), maxDelay: .seconds(1)).delays.isEmpty)
    }
}

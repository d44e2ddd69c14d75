import Foundation
import Services
import Testing

@Suite struct LoginRateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let attacker = "203.0.113.7"
    let home = "198.51.100.2"

    @Test func afterFiveFailuresThePairWaitsOneTwoFourSecondsAndSoOn() async {
        let limiter = LoginRateLimiter()
        var now = start
        for _ in 0..<5 {
            #expect(await limiter.check(account: "hanako", address: attacker, now: now) == .allowed)
            await limiter.recordFailure(account: "hanako", address: attacker, now: now)
        }
        for expected in [1, 2, 4, 8, 16] {
            #expect(await limiter.check(account: "hanako", address: attacker, now: now) == .retryAfter(expected))
            now += TimeInterval(expected)
            #expect(await limiter.check(account: "hanako", address: attacker, now: now) == .allowed)
            await limiter.recordFailure(account: "hanako", address: attacker, now: now)
        }
    }

    @Test func theDelayStopsGrowingAtFifteenMinutes() async {
        let limiter = LoginRateLimiter()
        for _ in 0..<40 { await limiter.recordFailure(account: "hanako", address: attacker, now: start) }
        #expect(await limiter.check(account: "hanako", address: attacker, now: start) == .retryAfter(900))
    }

    @Test func theOwnerFromAnotherAddressIsNeverHeldBack() async {
        let limiter = LoginRateLimiter()
        for _ in 0..<12 { await limiter.recordFailure(account: "hanako", address: attacker, now: start) }
        #expect(await limiter.check(account: "HANAKO", address: attacker, now: start) != .allowed, "accounts match without case")
        #expect(await limiter.check(account: "hanako", address: home, now: start) == .allowed)
    }

    @Test func oneAddressSprayingManyAccountsIsSlowedOnlyThere() async {
        let limiter = LoginRateLimiter()
        for index in 0..<20 {
            #expect(await limiter.check(account: "user\(index)", address: attacker, now: start) == .allowed)
            await limiter.recordFailure(account: "user\(index)", address: attacker, now: start)
        }
        #expect(await limiter.check(account: "user99", address: attacker, now: start) == .retryAfter(1), "a fresh account from the spraying address waits")
        for index in 0..<20 {
            #expect(await limiter.check(account: "user\(index)", address: home, now: start) == .allowed, "owners elsewhere are untouched")
        }
    }

    @Test func successClearsThePairButNotTheAddressAndQuietPairsAreForgotten() async {
        let limiter = LoginRateLimiter(limits: .init(freeFailures: 2, freeFailuresPerAddress: 100, quietPeriod: 600))
        await limiter.recordFailure(account: "taro", address: attacker, now: start)
        await limiter.recordFailure(account: "taro", address: attacker, now: start)
        #expect(await limiter.check(account: "taro", address: attacker, now: start) == .retryAfter(1))
        await limiter.recordSuccess(account: "taro", address: attacker)
        #expect(await limiter.check(account: "taro", address: attacker, now: start) == .allowed)

        for _ in 0..<4 { await limiter.recordFailure(account: "jiro", address: attacker, now: start) }
        #expect(await limiter.check(account: "jiro", address: attacker, now: start) == .retryAfter(4))
        // Quiet for the delay and the quiet period: the count starts again from nothing.
        let later = start + 4 + 600
        await limiter.recordFailure(account: "jiro", address: attacker, now: later)
        #expect(await limiter.check(account: "jiro", address: attacker, now: later) == .allowed)
    }
}

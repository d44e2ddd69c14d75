import Foundation
import Server
import Testing

@Suite struct LoginRateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func oneAddressGuessingManyAccountsIsStopped() async {
        let limiter = LoginRateLimiter(limits: .init(perAccount: 5, perAddress: 3, window: 900))
        for account in ["a", "b", "c"] {
            #expect(await limiter.allows(account: account, address: "203.0.113.7", now: start))
            await limiter.recordFailure(account: account, address: "203.0.113.7", now: start)
        }
        #expect(await !limiter.allows(account: "d", address: "203.0.113.7", now: start))
        #expect(await limiter.allows(account: "d", address: "198.51.100.2", now: start), "other addresses are not punished")
    }

    @Test func failuresAgeOutOfTheWindowAndSuccessClearsTheAccount() async {
        let limiter = LoginRateLimiter(limits: .init(perAccount: 2, perAddress: 100, window: 900))
        await limiter.recordFailure(account: "Hanako", address: "x", now: start)
        await limiter.recordFailure(account: "hanako", address: "x", now: start)
        #expect(await !limiter.allows(account: "HANAKO", address: "y", now: start), "accounts match without case")
        #expect(await limiter.allows(account: "hanako", address: "y", now: start.addingTimeInterval(901)))
        await limiter.recordFailure(account: "taro", address: "x", now: start)
        await limiter.recordSuccess(account: "taro")
        await limiter.recordFailure(account: "taro", address: "x", now: start)
        #expect(await limiter.allows(account: "taro", address: "x", now: start))
    }
}

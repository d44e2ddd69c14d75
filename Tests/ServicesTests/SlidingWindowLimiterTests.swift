import Foundation
import Services
import Testing

@Suite struct SlidingWindowLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func admitsTheLimitPerWindowAndSaysWhenTheNextIsAllowed() async {
        let limiter = SlidingWindowLimiter(limit: 3, window: 60)
        for second in 0..<3 {
            #expect(limiter.admit("key", now: start.addingTimeInterval(Double(second))) == .allowed)
        }
        // The oldest of the three leaves the window 60 s after it came: 50 s from now at second 10.
        #expect(limiter.admit("key", now: start.addingTimeInterval(10)) == .retryAfter(50))
        #expect(limiter.admit("key", now: start.addingTimeInterval(60.5)) == .allowed)
    }

    @Test func keysAreCountedApart() async {
        let limiter = SlidingWindowLimiter(limit: 1, window: 3600)
        #expect(limiter.admit("198.51.100.2", now: start) == .allowed)
        #expect(limiter.admit("203.0.113.7", now: start) == .allowed)
        #expect(limiter.admit("198.51.100.2", now: start.addingTimeInterval(1)) == .retryAfter(3599))
    }

    @Test func aRefusedEventIsNotCounted() async {
        let limiter = SlidingWindowLimiter(limit: 1, window: 10)
        #expect(limiter.admit("key", now: start) == .allowed)
        for second in 1..<10 { _ = limiter.admit("key", now: start.addingTimeInterval(Double(second))) }
        // Refusals at 1…9 s did not move the window: the first event leaves it at 10 s.
        #expect(limiter.admit("key", now: start.addingTimeInterval(10.5)) == .allowed)
    }

    @Test func quietKeysAreForgottenOncePastTheKeyLimit() async {
        let limiter = SlidingWindowLimiter(limit: 1, window: 10, maxKeys: 2)
        #expect(limiter.admit("a", now: start) == .allowed)
        #expect(limiter.admit("b", now: start) == .allowed)
        #expect(limiter.admit("c", now: start.addingTimeInterval(20)) == .allowed)
        // "a" and "b" were dropped with nothing left in their windows; each may act again at once.
        #expect(limiter.admit("a", now: start.addingTimeInterval(20)) == .allowed)
    }
}

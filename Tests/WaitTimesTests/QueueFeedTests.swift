import Foundation
import Testing
@testable import WaitTimes

@Suite struct QueueFeedTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)"))
    }

    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func parsesEveryKnownStoreWithItsFlags() throws {
        let result = try QueueFeed(stores: StoreDirectory.shipped).parse(Self.fixture("queue-open.json"), observedAt: Self.now)
        let byStore = Dictionary(uniqueKeysWithValues: result.observations.map { ($0.storeId, $0) })
        #expect(byStore["sasagase"]?.status == .available)
        #expect(byStore["sasagase"]?.minutes == 25)
        #expect(byStore["sasagase"]?.groups == 8)
        #expect(byStore["gotemba-ic"]?.minutes == 180, "numbers sent as strings are read")
        #expect(byStore["gotemba-ic"]?.groups == 64)
        #expect(byStore["gotemba-outlet"]?.status == .receptionClosed, "isOverFlg: the day's tickets are gone")
        #expect(byStore["gotemba-outlet"]?.groups == 120)
        #expect(byStore["cenova"]?.status == .closed, "isOpen false")
        #expect(byStore["cenova"]?.minutes == nil)
        #expect(byStore["kakegawa"]?.status == .closed, "isTemporaryStopped (as 1)")
        #expect(byStore["hamamatsu-nishi-ic"]?.minutes == 15, "the predecessor's name maps to the new store")
        #expect(byStore["yaizu"]?.status == .unavailable, "an empty wait is not zero")
        #expect(result.observations.allSatisfy { $0.observedAt == Self.now && $0.source == "feed" })
    }

    @Test func unknownNamesAreReportedNotGuessed() throws {
        let result = try QueueFeed(stores: StoreDirectory.shipped).parse(Self.fixture("queue-open.json"), observedAt: Self.now)
        #expect(result.unknownNames == ["さわやか 伊豆の国店"])
        #expect(result.observations.count == 7)
    }

    @Test func somethingElseIsRefused() {
        #expect(throws: QueueFeed.Failure.self) {
            try QueueFeed(stores: StoreDirectory.shipped).parse(Data("<html>maintenance</html>".utf8), observedAt: Self.now)
        }
        #expect(throws: QueueFeed.Failure.self) {
            try QueueFeed(stores: StoreDirectory.shipped).parse(Data(#"{"stores": []}"#.utf8), observedAt: Self.now)
        }
    }
}

@testable import Storage
import Testing

@Suite struct RecentKeysTests {
    @Test func keepsTheLatestKeysAndHandsBackTheOldestToMakeRoom() throws {
        var recent = RecentKeys<String, Int>(capacity: 2)
        #expect(recent.add("heartRate", 1) == nil)
        #expect(recent.add("stepCount", 2) == nil)
        let evicted = recent.add("bodyMass", 3)
        #expect(evicted?.key == "heartRate" && evicted?.value == 1)
        #expect(recent.index(of: "heartRate") == nil)
        let steps = try #require(recent.index(of: "stepCount"))
        recent[steps] += 40
        #expect(recent.removeAll().map { "\($0.key)=\($0.value)" } == ["stepCount=42", "bodyMass=3"])
        #expect(recent.entries.isEmpty)
    }

    @Test func findsOrAddsAKeyAndHandsOverWhatMadeRoom() {
        var recent = RecentKeys<String, Int>(capacity: 1)
        var evicted: [String] = []
        #expect(recent.index(of: "heartRate", addingIfAbsent: 1) { evicted.append($0.key) } == 0)
        #expect(recent.index(of: "heartRate", addingIfAbsent: 99) { evicted.append($0.key) } == 0)
        #expect(recent[0] == 1, "a key already here keeps its value")
        #expect(recent.index(of: "stepCount", addingIfAbsent: 2) { evicted.append($0.key) } == 0)
        #expect(evicted == ["heartRate"])
        #expect(recent[0] == 2)
    }

    /// Equal text in separate storage is the same key (an export's reader makes a new string for every attribute).
    @Test func keysCompareByTheirTextNotTheirStorage() {
        var recent = RecentKeys<String, Int>()
        let device = "<<HKDevice: 0x283f7d0e0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2>"
        _ = recent.add(device, 7)
        let copy = String(decoding: Array(device.utf8), as: UTF8.self)
        #expect(recent.index(of: copy).map { recent[$0] } == 7)
    }
}

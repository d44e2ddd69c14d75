import Foundation
import Health
import Testing
@testable import WaitTimes

@Suite struct StoreFilterTests {
    static let tokyo = OpeningHoursTests.tokyo
    static let noon = OpeningHoursTests.at("2026-11-20 12:00")

    /// Every shipped store; a few with waits (Hamamatsu 20 and 45 min, Gotemba 120 min), Cenova reception closed.
    static func snapshots(near: Coordinate? = nil) -> [StoreSnapshot] {
        let waits: [String: (Int?, WaitObservation.Status)] = [
            "sasagase": (20, .available), "wago": (45, .available), "gotemba-ic": (120, .available), "cenova": (nil, .receptionClosed),
            "kikugawa": (30, .available),
        ]
        return StoreDirectory.shipped.map { store in
            let latest = waits[store.id].map {
                WaitObservation(storeId: store.id, observedAt: noon.addingTimeInterval(-300), minutes: $0.0, status: $0.1, source: "t")
            }
            return StoreSnapshot(store: store, latest: latest, now: noon, timeZone: tokyo, from: near)
        }
    }

    static func ids(_ filter: StoreFilter, near: Coordinate? = nil) -> [String] {
        filter.apply(to: snapshots(near: near)).map(\.store.id)
    }

    @Test func noFilterListsEveryStoreShortestWaitFirst() {
        let ids = Self.ids(StoreFilter())
        #expect(ids.count == 35)
        #expect(Array(ids.prefix(4)) == ["sasagase", "kikugawa", "wago", "gotemba-ic"])
    }

    @Test func maxWaitKeepsOnlyKnownWaitsWithinTheLimit() {
        #expect(Self.ids(StoreFilter(maxWaitTime: 30)) == ["sasagase", "kikugawa"])
        #expect(Self.ids(StoreFilter(maxWaitTime: 29)) == ["sasagase"])
    }

    @Test func regionAndQueryAndTheirCombination() {
        #expect(Self.ids(StoreFilter(region: .hamamatsu)).count == 12)
        #expect(Self.ids(StoreFilter(query: "御殿場")) == ["gotemba-ic", "gotemba-outlet"])
        #expect(Self.ids(StoreFilter(query: "さわやか 御殿場インター")) == ["gotemba-ic"])
        #expect(Self.ids(StoreFilter(maxWaitTime: 60, region: .hamamatsu)) == ["sasagase", "wago"])
        #expect(Self.ids(StoreFilter(maxWaitTime: 60, region: .hamamatsu, query: "和合")) == ["wago"])
        #expect(Self.ids(StoreFilter(region: .tobu, query: "浜松")).isEmpty)
    }

    @Test func openOnlyDropsClosedDaysAndLastOrder() {
        let thursday = OpeningHoursTests.at("2026-11-19 12:00")
        let snapshots = StoreDirectory.shipped.map { StoreSnapshot(store: $0, latest: nil, now: thursday, timeZone: Self.tokyo) }
        #expect(StoreFilter(openOnly: true).apply(to: snapshots).isEmpty, "Thursday: the whole chain rests")
        let fridayNoon = StoreFilter(openOnly: true).apply(to: Self.snapshots())
        #expect(fridayNoon.count == 35, "Friday noon: every store serves")
        let fridayEvening = StoreFilter(openOnly: true).apply(to: StoreDirectory.shipped.map {
            StoreSnapshot(store: $0, latest: nil, now: OpeningHoursTests.at("2026-11-20 20:30"), timeZone: Self.tokyo)
        })
        #expect(!fridayEvening.map(\.store.id).contains("cenova"), "past the facility's last order")
        #expect(fridayEvening.map(\.store.id).contains("sasagase"))
    }

    @Test func clearingFiltersRestoresEveryStore() {
        var filter = StoreFilter(maxWaitTime: 30, openOnly: true, region: .chuen, query: "菊川")
        #expect(!filter.isEmpty)
        filter = StoreFilter()
        #expect(filter.isEmpty)
        #expect(Self.ids(filter).count == 35)
    }

    @Test func nearestFirstWithDistanceAndStoresWithoutCoordinatesLast() {
        // Standing at Gotemba station.
        let here = Coordinate(latitude: 35.2990, longitude: 138.9340)
        let sorted = StoreFilter(near: here).apply(to: Self.snapshots(near: here))
        #expect(sorted.first?.store.id == "gotemba-ic")
        #expect((sorted.first?.distance ?? 0) < 1000)
        #expect(sorted.suffix(3).allSatisfy { $0.distance == nil })
        let distances = sorted.compactMap(\.distance)
        #expect(distances == distances.sorted())
    }

    @Test func searchFoldsKanaAndWidth() {
        #expect(StoreFilter.normalize("ｻﾜﾔｶ 浜松") == StoreFilter.normalize("さわやか浜松"))
        #expect(StoreFilter.normalize("ＡＢＣ") == StoreFilter.normalize("abc"))
    }

    /// A phone's keyboard gives kana before conversion: the reading finds the store, in hiragana or katakana.
    @Test func searchByReadingInKana() {
        #expect(Self.ids(StoreFilter(query: "ごてんば")) == ["gotemba-ic", "gotemba-outlet"])
        #expect(Self.ids(StoreFilter(query: "ゴテンバインター")) == ["gotemba-ic"])
        #expect(Self.ids(StoreFilter(query: "わごう")) == ["wago"])
        #expect(Self.ids(StoreFilter(query: "しんしずおか")) == ["cenova"])
        #expect(Self.ids(StoreFilter(query: "ぬまづ")).count == 1)
        #expect(Self.ids(StoreFilter(query: "はままつ")).count >= 10)
    }
}

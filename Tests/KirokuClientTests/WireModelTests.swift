import APIModels
import Foundation
import Testing
import WaitTimes

/// The wire types are declared once (APIModels) and used by both sides, so what the server writes is what the client
/// reads; and the client still reads the design's own, smaller JSON from servers that are not Kiroku.
@Suite struct WireModelTests {
    @Test func aStoreTheServerWritesReadsBackUnchangedWithEveryKeyPresent() throws {
        let hours = BusinessHours(weekday: "10:45-22:00", weekend: "10:30-22:00", holiday: "10:30-22:00", lastOrder: "21:30", closedOnThursdays: false, followsFacility: false)
        let wait = WaitTime(minutes: nil, status: .closed, lastUpdated: Date(timeIntervalSince1970: 1_763_600_000), groups: nil, band: .green, stale: true, receptionClosed: false)
        let store = StoreBody(
            id: "a", name: "さわやか テスト店", address: "", phoneNumber: "", coordinate: nil, businessHours: hours, waitTime: wait,
            region: "浜松", regionId: "hamamatsu", municipality: "浜松市", postalCode: nil, facility: nil, openedOn: nil,
            openingStatus: "closed", nextOpening: nil, distance: nil
        )
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(store)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["coordinate", "postalCode", "facility", "openedOn", "nextOpening", "distance"] {
            #expect(object[key] is NSNull, "\(key) is written as null, not left out")
        }
        #expect((object["waitTime"] as? [String: Any])?["minutes"] is NSNull)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(StoreBody.self, from: data) == store)
    }

    @Test func theDesignsOwnStoreJSONStillDecodes() throws {
        let json = #"{"id":"a","name":"n","address":"","phoneNumber":"","coordinate":null,"businessHours":{"weekday":"10:45-22:00","weekend":"10:30-22:00","holiday":null},"waitTime":{"minutes":20,"status":"available","lastUpdated":"2026-11-20T03:00:00Z"},"region":"浜松"}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let store = try decoder.decode(StoreBody.self, from: Data(json.utf8))
        #expect(store.waitTime.minutes == 20)
        #expect(store.waitTime.band == nil)
        #expect(store.regionId == nil)
        #expect(store.businessHours.holiday == nil)
    }
}

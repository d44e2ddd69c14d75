import Foundation
import Health
import WaitTimes

/// A store as `/api/stores` sends it: the design's `Store` JSON (id, name, address, phoneNumber, coordinate,
/// businessHours, waitTime, region) plus what Kiroku adds. The server encodes it and `KirokuClient` decodes it, so the
/// shape is declared once. Unknown address and phone are empty strings, unknown values `null`: never left out.
public struct StoreBody: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var address: String
    public var phoneNumber: String
    @ExplicitNull public var coordinate: Coordinate?
    public var businessHours: BusinessHours
    public var waitTime: WaitTime
    public var region: String
    // Kiroku's additions: always sent, optional when read, so a client still reads the design's own `Store` JSON.
    @ExplicitNull public var regionId: String?
    @ExplicitNull public var municipality: String?
    @ExplicitNull public var postalCode: String?
    @ExplicitNull public var facility: String?
    @ExplicitNull public var openedOn: LocalDay?
    /// `OpeningStatus.State`'s raw value: open, closed, lastOrderPassed, ….
    @ExplicitNull public var openingStatus: String?
    @ExplicitNull public var nextOpening: Date?
    /// Metres from the `lat`/`lon` of the request.
    @ExplicitNull public var distance: Int?

    public init(
        id: String, name: String, address: String, phoneNumber: String, coordinate: Coordinate?, businessHours: BusinessHours,
        waitTime: WaitTime, region: String, regionId: String?, municipality: String?, postalCode: String?, facility: String?,
        openedOn: LocalDay?, openingStatus: String?, nextOpening: Date?, distance: Int?
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.phoneNumber = phoneNumber
        self.coordinate = coordinate
        self.businessHours = businessHours
        self.waitTime = waitTime
        self.region = region
        self.regionId = regionId
        self.municipality = municipality
        self.postalCode = postalCode
        self.facility = facility
        self.openedOn = openedOn
        self.openingStatus = openingStatus
        self.nextOpening = nextOpening
        self.distance = distance
    }
}

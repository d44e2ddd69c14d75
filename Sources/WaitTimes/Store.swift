import Foundation
import Health

/// One さわやか store as the directory knows it. Facts that were not confirmed stay nil and are shown as "—".
public struct Store: Sendable, Hashable, Codable, Identifiable {
    /// Stable slug, used in URLs and by the API (the official page's slug where one is known).
    public var id: String
    /// The store's Japanese name without the chain name, e.g. "浜松篠ケ瀬店".
    public var name: String
    public var region: Region
    public var municipality: String
    public var postalCode: String?
    public var address: String?
    public var phone: String?
    public var coordinate: Coordinate?
    /// A named rule from `HoursRule.named` ("chain", "facility", "outlet").
    public var hours: String
    /// The mall or department store the shop is inside, if any.
    public var facility: String?
    public var openedOn: LocalDay?
    public var seats: Int?
    /// Other names a feed may use for this store (a predecessor's name, the facility's name).
    public var aliases: [String]

    public init(
        id: String, name: String, region: Region, municipality: String, postalCode: String? = nil, address: String? = nil,
        phone: String? = nil, coordinate: Coordinate? = nil, hours: String = "chain", facility: String? = nil, openedOn: LocalDay? = nil,
        seats: Int? = nil, aliases: [String] = []
    ) {
        self.id = id
        self.name = name
        self.region = region
        self.municipality = municipality
        self.postalCode = postalCode
        self.address = address
        self.phone = phone
        self.coordinate = coordinate
        self.hours = hours
        self.facility = facility
        self.openedOn = openedOn
        self.seats = seats
        self.aliases = aliases
    }

    /// "さわやか 浜松篠ケ瀬店", the design's display name.
    public var displayName: String { "さわやか " + name }

    public var hoursRule: HoursRule { HoursRule.named[hours] ?? .chain }

    /// The hours on `day`; nil when closed, including days before the store opened.
    public func hours(on day: LocalDay) -> DailyHours? {
        if let openedOn, day < openedOn { return nil }
        return hoursRule.hours(on: day)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, region, municipality, postalCode, address, phone, coordinate, hours, facility, openedOn, seats, aliases
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        region = try container.decode(Region.self, forKey: .region)
        municipality = try container.decode(String.self, forKey: .municipality)
        postalCode = try container.decodeIfPresent(String.self, forKey: .postalCode)
        address = try container.decodeIfPresent(String.self, forKey: .address)
        phone = try container.decodeIfPresent(String.self, forKey: .phone)
        coordinate = try container.decodeIfPresent(Coordinate.self, forKey: .coordinate)
        hours = try container.decodeIfPresent(String.self, forKey: .hours) ?? "chain"
        facility = try container.decodeIfPresent(String.self, forKey: .facility)
        openedOn = try container.decodeIfPresent(LocalDay.self, forKey: .openedOn)
        seats = try container.decodeIfPresent(Int.self, forKey: .seats)
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
    }
}

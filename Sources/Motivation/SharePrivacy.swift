import Foundation

/// What the user allowed a share card to show. Everything personal is off until ticked, one by one: a card
/// posted publicly should never reveal a weight, a name or when and where the user was, by default.
public struct SharePrivacy: Sendable, Hashable, Codable {
    public var showsWeight: Bool
    public var showsBMI: Bool
    public var showsName: Bool
    public var showsDates: Bool
    public var showsLocation: Bool

    public init(showsWeight: Bool = false, showsBMI: Bool = false, showsName: Bool = false, showsDates: Bool = false, showsLocation: Bool = false) {
        self.showsWeight = showsWeight
        self.showsBMI = showsBMI
        self.showsName = showsName
        self.showsDates = showsDates
        self.showsLocation = showsLocation
    }

    /// Nothing personal: the default.
    public static let nothingPersonal = SharePrivacy()
}

import Foundation

/// Something odd about an accepted entry. Warnings never block a save: the person may really have walked
/// 60,000 steps, and refusing true data is worse than asking them to double-check.
public struct ValidationWarning: Sendable, Equatable, Codable {
    /// Stable for clients: "unusually_high", "unusually_low", "possible_duplicate".
    public let code: String
    public let message: LocalizedText

    public init(code: String, message: LocalizedText) {
        self.code = code
        self.message = message
    }
}

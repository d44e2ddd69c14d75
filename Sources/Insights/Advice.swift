import Foundation
import Health

/// One suggested next step, derived by an explicit rule from the person's own data. Never a medical claim:
/// it points at the data and suggests looking, carrying, or reviewing.
public struct Advice: Sendable, Equatable, Identifiable {
    /// The rule's stable id, e.g. "weightPlateau".
    public let id: String
    public let text: LocalizedText
    /// The metric page the advice links to.
    public let metricID: String

    public init(id: String, text: LocalizedText, metricID: String) {
        self.id = id
        self.text = text
        self.metricID = metricID
    }
}

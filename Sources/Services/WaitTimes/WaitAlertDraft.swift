import Foundation
import Health
import Storage
import WaitTimes

/// A wait alert as a person typed it (the page's form or the API's JSON): text fields, checked by
/// `WaitTimeService.createAlert` before anything is stored.
public struct WaitAlertDraft: Sendable, Equatable {
    public var maxMinutes: String?
    public var from: String?
    public var until: String?
    public var webhookURL: String?
    public var webhookFormat: String?

    public init(maxMinutes: String?, from: String? = nil, until: String? = nil, webhookURL: String? = nil, webhookFormat: String? = nil) {
        self.maxMinutes = maxMinutes
        self.from = from
        self.until = until
        self.webhookURL = webhookURL
        self.webhookFormat = webhookFormat
    }

    /// The alert for today in the stores' time zone; any bad field is refused with a ja/en message.
    func alert(userId: Int64, storeId: String, checkedWebhook: String?, now: Date) throws -> WaitAlert {
        guard let text = Self.trimmed(maxMinutes), let minutes = Int(text), (0...WaitObservation.maxMinutes).contains(minutes) else {
            throw LocalizedProblem.minutesOutOfRange
        }
        let from = try Self.time(from, field: "from")
        let until = try Self.time(until, field: "until")
        if let from, let until, until < from { throw ServiceError.reversedRange(start: "from", end: "until") }
        return WaitAlert(
            userId: userId, storeId: storeId, maxMinutes: minutes, day: LocalDay(now, in: WaitTimeService.timeZone),
            fromTime: from, untilTime: until, webhookURL: checkedWebhook,
            webhookFormat: try UnknownWebhookFormat.parse(webhookFormat), createdAt: now
        )
    }

    var trimmedWebhookURL: String? { Self.trimmed(webhookURL) }

    static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }

    static func time(_ text: String?, field: String) throws -> TimeOfDay? {
        guard let text = trimmed(text) else { return nil }
        guard let time = TimeOfDay(text) else { throw ServiceError.invalidParameter(field, expected: .timeOfDay) }
        return time
    }
}

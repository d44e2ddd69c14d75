import Foundation
import Health

/// The phone app's dates in every ISO 8601 form (reference/gateway-protocol.md: "accept all ISO 8601 forms"): the
/// API's RFC 3339 first, then `ISO8601AnyForm`, a local time taking its offset from the sample's own `timezoneOffset`
/// (minutes) or `timezone`. A date in none of these forms keeps the API's reason.
enum GatewayDateReader {
    static func instant(_ text: String, timezoneOffset: Int?, timezone: String?) throws(DateInputError) -> Instant {
        do throws(DateInputError) {
            return try Instant.parse(text)
        } catch {
            guard let instant = iso8601(text, timezoneOffset: timezoneOffset, timezone: timezone) else { throw error }
            return instant
        }
    }

    /// Any ISO 8601 date and time of day, nil when the text is not one (or has no offset and the sample gives none).
    static func iso8601(_ text: String, timezoneOffset: Int?, timezone: String?) -> Instant? {
        ISO8601AnyForm.instant(text) { localMilliseconds in
            if let timezoneOffset, abs(timezoneOffset) <= 18 * 60 { return timezoneOffset * 60 }
            guard let timezone, let zone = TimeZone(identifier: timezone) else { return nil }
            // The zone's offset at that wall-clock time (taken at the instant the wall clock would be in UTC, then
            // corrected once, which is right outside the hour a clock change repeats or skips).
            let guess = Date(timeIntervalSince1970: Double(localMilliseconds) / 1000)
            let first = zone.secondsFromGMT(for: guess)
            return zone.secondsFromGMT(for: guess.addingTimeInterval(-Double(first)))
        }
    }
}

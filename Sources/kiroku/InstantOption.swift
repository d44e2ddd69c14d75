import Foundation
import Health

/// An instant given on the command line (`--at`), read by the same parser as the API's bodies.
enum InstantOption {
    /// The instant `text` names, or `now` when the option was left out.
    static func value(_ text: String?, option: String, now: Date) throws -> Date {
        guard let text else { return now }
        do throws(DateInputError) {
            return try Instant.parse(text).date
        } catch {
            throw CLIError(error.named(option).message)
        }
    }
}

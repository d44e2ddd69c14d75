import Foundation
import Health

/// JSON as the Kiroku server speaks it: instants read and written by `Instant`, the server's own date parser,
/// so a date the calendar lacks is refused and milliseconds survive the round trip.
enum ClientJSON {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .instant
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .instant
        return encoder
    }

    /// For the files the client keeps for itself (the offline queue, the exercise cache): dates exact to the bit, as
    /// numbers, so a retry time read back is never a fraction of a millisecond later than the one saved. Text dates
    /// that earlier versions wrote still read.
    static func fileDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            return try Instant.parse(container.decode(String.self), at: decoder.codingPath).date
        }
        return decoder
    }

    static func fileEncoder() -> JSONEncoder {
        JSONEncoder()
    }
}

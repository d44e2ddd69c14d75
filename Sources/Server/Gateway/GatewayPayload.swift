import Foundation

/// The batch the gateway phone app posts (reference/gateway-protocol.md), decoded leniently: a sample that
/// can't be read is reported by index instead of failing the whole batch, so the valid ones are kept.
struct GatewayPayload: Decodable {
    let deviceId: String
    let userId: String
    let timestamp: String?
    let appVersion: String?
    let samples: [Lenient<GatewaySample>]
}

/// The app's `HealthDataSample`, exactly as sent; re-encoded unchanged into the Kafka message.
struct GatewaySample: Codable, Sendable, Equatable {
    let id: String
    let type: String
    let value: Double
    let unit: String
    let startDate: String
    let endDate: String
    let sourceBundle: String?
    let metadata: [String: String]?
    let isSynced: Bool?
    let createdAt: String?
    let timezone: String?
    /// Minutes east of UTC.
    let timezoneOffset: Int?
}

/// A value that decodes to either itself or the reason it couldn't.
enum Lenient<Value: Decodable>: Decodable {
    case value(Value)
    case failure(String)

    init(from decoder: any Decoder) throws {
        do {
            self = .value(try Value(from: decoder))
        } catch let DecodingError.keyNotFound(key, _) {
            self = .failure("missing field \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            self = .failure("wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\"")
        } catch {
            self = .failure("unreadable sample")
        }
    }
}

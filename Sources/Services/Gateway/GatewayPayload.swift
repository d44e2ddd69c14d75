import Foundation

/// The batch the gateway phone app posts (reference/gateway-protocol.md), decoded leniently: a sample that
/// can't be read is reported by index instead of failing the whole batch, so the valid ones are kept.
public struct GatewayPayload: Decodable {
    public let deviceId: String
    public let userId: String
    public let timestamp: String?
    public let appVersion: String?
    public let samples: [Lenient<GatewaySample>]
}

/// The app's `HealthDataSample`, exactly as sent; re-encoded unchanged into the Kafka message.
public struct GatewaySample: Codable, Sendable, Equatable {
    public let id: String
    public let type: String
    public let value: Double
    public let unit: String
    public let startDate: String
    public let endDate: String
    public let sourceBundle: String?
    public let metadata: [String: String]?
    public let isSynced: Bool?
    public let createdAt: String?
    public let timezone: String?
    /// Minutes east of UTC.
    public let timezoneOffset: Int?
}

/// A value that decodes to either itself or the reason it couldn't.
public enum Lenient<Value: Decodable>: Decodable {
    case value(Value)
    case failure(String)

    public init(from decoder: any Decoder) throws {
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

import Foundation

/// The batch the gateway phone app posts (reference/gateway-protocol.md), decoded leniently: a sample that
/// can't be read is reported by index instead of failing the whole batch, so the valid ones are kept.
public struct GatewayPayload: Decodable {
    public let deviceId: String
    public let userId: String
    public let timestamp: String?
    public let appVersion: String?
    public let samples: [Lenient<GatewaySample>]
    /// Members of a sample this Kiroku does not know (a later app version's), by the sample's index: name → the
    /// value's text (a string as it reads, anything else as its JSON). Kept with the record, so nothing the phone
    /// sent is dropped without a trace.
    public let unknownSampleFields: [Int: [String: String]]
    /// Each sample's JSON as received, for the Kafka message; empty for a batch JSONDecoder read (not strict JSON).
    public let receivedSamples: GatewayReceivedSamples

    public init(
        deviceId: String, userId: String, timestamp: String?, appVersion: String?, samples: [Lenient<GatewaySample>],
        unknownSampleFields: [Int: [String: String]] = [:], receivedSamples: GatewayReceivedSamples = .init()
    ) {
        self.deviceId = deviceId
        self.userId = userId
        self.timestamp = timestamp
        self.appVersion = appVersion
        self.samples = samples
        self.unknownSampleFields = unknownSampleFields
        self.receivedSamples = receivedSamples
    }

    /// The JSON the Kafka message carries for sample `index`: the sample as received, or — read by JSONDecoder, or
    /// with a member name that is not UTF-8 — written from the fields Kiroku knows. Nil for a sample not read.
    public func sampleJSON(at index: Int) -> Data? {
        if let received = receivedSamples[index] { return received }
        guard samples.indices.contains(index), case .value(let sample) = samples[index] else { return nil }
        return GatewayKafkaMessageWriter.json(for: sample)
    }

    private enum CodingKeys: String, CodingKey {
        case deviceId, userId, timestamp, appVersion, samples
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            deviceId: try container.decode(String.self, forKey: .deviceId), userId: try container.decode(String.self, forKey: .userId),
            timestamp: try container.decodeIfPresent(String.self, forKey: .timestamp),
            appVersion: try container.decodeIfPresent(String.self, forKey: .appVersion),
            samples: try container.decode([Lenient<GatewaySample>].self, forKey: .samples)
        )
    }
}

/// The app's `HealthDataSample`: the fields Kiroku reads. The Kafka message carries the sample's JSON as received
/// (`GatewayPayload.receivedSamples`), members Kiroku does not know included.
public struct GatewaySample: Codable, Sendable, Equatable {
    public let id: String
    public let type: String
    public let value: Double
    public let unit: String
    public let startDate: String
    public let endDate: String
    public let sourceBundle: String?
    /// The app's schema says string → string, but HealthKit metadata holds numbers and booleans too, and clients
    /// send nested values: any JSON value is read (and stored as text); re-encoding writes each value back as the
    /// kind it came as.
    public let metadata: [String: GatewayMetadataValue]?
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


import Foundation

/// One local record in the phone app's wire format (`HealthDataSample`).
public struct SyncSample: Codable, Sendable, Equatable {
    /// A UUID that stays the same for this record on every attempt: the gateway's idempotency key.
    public let id: String
    public let type: String
    public let value: Double
    public let unit: String
    public let startDate: Date
    public let endDate: Date
    public let sourceBundle: String?
    public let metadata: [String: String]?
    public let timezoneOffset: Int?

    public init(id: String, type: String, value: Double, unit: String, startDate: Date, endDate: Date, sourceBundle: String? = nil, metadata: [String: String]? = nil, timezoneOffset: Int? = nil) {
        self.id = id
        self.type = type
        self.value = value
        self.unit = unit
        self.startDate = startDate
        self.endDate = endDate
        self.sourceBundle = sourceBundle
        self.metadata = metadata
        self.timezoneOffset = timezoneOffset
    }
}

/// A record waiting to be confirmed by the gateway, with the local id it is confirmed under.
public struct PendingRecord: Sendable, Equatable {
    public let localId: Int64
    public let sample: SyncSample

    public init(localId: Int64, sample: SyncSample) {
        self.localId = localId
        self.sample = sample
    }
}

/// The phone app's batch (`HealthDataPayload`).
struct SyncPayload: Encodable {
    let deviceId: String
    let userId: String
    let timestamp: Date
    let appVersion: String
    let samples: [SyncSample]
}

/// The fields of the gateway's answer the agent needs (both of the app's response shapes are accepted).
struct GatewayAnswer: Decodable {
    let success: Bool?
    let status: String?
    let syncedCount: Int?
    let failedCount: Int?
    let message: String?
}

import Foundation
import Health

/// One record as a client sends it. `unit` defaults to the metric's canonical unit, `start` to now,
/// `end` to `start`; `clientId` makes a retried create harmless.
public struct RecordInput: Codable, Sendable {
    public var metric: String
    public var value: Double
    public var unit: String?
    public var start: Date?
    public var end: Date?
    public var utcOffsetSeconds: Int?
    public var sourceName: String?
    public var device: String?
    public var metadata: [String: String]?
    public var clientId: String?

    public init(
        metric: String, value: Double, unit: String? = nil, start: Date? = nil, end: Date? = nil,
        utcOffsetSeconds: Int? = nil, sourceName: String? = nil, device: String? = nil,
        metadata: [String: String]? = nil, clientId: String? = nil
    ) {
        self.metric = metric
        self.value = value
        self.unit = unit
        self.start = start
        self.end = end
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sourceName = sourceName
        self.device = device
        self.metadata = metadata
        self.clientId = clientId
    }
}

/// A change to a manual record; nil leaves a field as it is. A unit sent without a value shows the same quantity in
/// that unit (70 kg becomes 154.32… lb), it does not relabel the number.
public struct RecordPatch: Codable, Sendable {
    public var value: Double?
    public var unit: String?
    public var start: Date?
    public var end: Date?
    public var metadata: [String: String]?

    /// Public and listable so the API can refuse a member that is none of these.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case value, unit, start, end, metadata
    }
}

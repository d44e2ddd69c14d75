import Foundation

/// Writes `GatewayKafkaMessage`s for one batch without `JSONEncoder`: the fields every message of the batch
/// shares are written once, and each sample's JSON — as received (`GatewayReceivedSamples`) — is put between them.
/// At a hundred samples per request the encoder's per-value boxing and key sorting cost more than storing the sample
/// did. The batch's keys are sorted, slashes unescaped, absent optionals left out; the message decodes with
/// `JSONDecoder` into a `GatewayKafkaMessage`.
public struct GatewayKafkaMessageWriter: Sendable {
    /// `{"accountId":…,"appVersion":…,"deviceId":…,"owner":…,"sample":`: the keys sorting before `sample`.
    private let head: [UInt8]
    /// `,"timestamp":…,"userId":…}`: the keys sorting after it.
    private let tail: [UInt8]

    public init(deviceId: String, userId: String, timestamp: String?, appVersion: String?, accountId: Int64? = nil, owner: String? = nil) {
        var head = JSONBytes()
        head.openObject()
        if let accountId { head.key("accountId"); head.integer(accountId) }
        if let appVersion { head.key("appVersion", first: accountId == nil); head.string(appVersion) }
        head.key("deviceId", first: accountId == nil && appVersion == nil); head.string(deviceId)
        if let owner { head.key("owner", first: false); head.string(owner) }
        head.key("sample", first: false)
        var tail = JSONBytes()
        if let timestamp { tail.key("timestamp", first: false); tail.string(timestamp) }
        tail.key("userId", first: false); tail.string(userId)
        tail.closeObject()
        self.head = head.bytes
        self.tail = tail.bytes
    }

    /// The message for the sample whose JSON is `sampleJSON`, put in as it is.
    public func message(sampleJSON: Data) -> Data {
        var out = Data(capacity: head.count + sampleJSON.count + tail.count)
        out.append(contentsOf: head)
        out.append(sampleJSON)
        out.append(contentsOf: tail)
        return out
    }

    /// The message for a sample written from its fields: outbox rows of the previous version hold only these.
    public func message(for sample: GatewaySample) -> Data {
        message(sampleJSON: Self.json(for: sample))
    }

    /// A sample's JSON from the fields Kiroku knows, for when its text as received is not at hand.
    public static func json(for sample: GatewaySample) -> Data {
        var out = JSONBytes(capacity: 512)
        append(sample, to: &out)
        return Data(out.bytes)
    }

    /// The sample's own keys, sorted as the encoder sorts them.
    private static func append(_ sample: GatewaySample, to out: inout JSONBytes) {
        out.openObject()
        var first = true
        func field(_ name: String) {
            out.key(name, first: first)
            first = false
        }
        if let createdAt = sample.createdAt { field("createdAt"); out.string(createdAt) }
        field("endDate"); out.string(sample.endDate)
        field("id"); out.string(sample.id)
        if let isSynced = sample.isSynced { field("isSynced"); out.bool(isSynced) }
        if let metadata = sample.metadata {
            field("metadata")
            GatewayMetadataValue.object(metadata).write(to: &out)
        }
        if let sourceBundle = sample.sourceBundle { field("sourceBundle"); out.string(sourceBundle) }
        field("startDate"); out.string(sample.startDate)
        if let timezone = sample.timezone { field("timezone"); out.string(timezone) }
        if let offset = sample.timezoneOffset { field("timezoneOffset"); out.integer(Int64(offset)) }
        field("type"); out.string(sample.type)
        field("unit"); out.string(sample.unit)
        field("value"); out.number(sample.value)
        out.closeObject()
    }
}

import Foundation

/// Reads a `GatewayKafkaMessage` for `kiroku ingest --from-kafka` with the storing gateway's reader, so a sample sent
/// through a stateless gateway is stored as the storing gateway stores it: members Kiroku does not know kept as
/// `gatewayField.<name>`, a 20-digit integer in metadata as its digits. JSONDecoder dropped the first and rounded the
/// second to a Double. The batch fields around the sample are read as JSONDecoder read them; a message that is not
/// strict JSON (none of Kiroku's writers makes one) gets JSONDecoder's verdict, as a batch does.
enum GatewayKafkaMessageReader {
    /// A message as read: its fields and its one sample as a batch of one (so the gateway's mapper takes it whole),
    /// and the owner the stateless gateway named.
    struct Message {
        let payload: GatewayPayload
        let owner: String?
    }

    /// Nil for a message that cannot be read: not JSON, or a field of the envelope missing or of the wrong type. A
    /// sample that cannot be read is the payload's `Lenient.failure`, with the reason the gateway gives.
    static func read(_ value: Data) -> Message? {
        value.withUnsafeBytes(strict) ?? decoded(value)
    }

    private typealias Field = GatewayPayloadReader.Field

    private static func strict(_ bytes: UnsafeRawBufferPointer) -> Message? {
        var sample = Field<Lenient<GatewaySample>>.absent, owner = Field<String>.absent, accountId = Field<Int>.absent
        var unknown: [Int: [String: String]] = [:]
        let fields = GatewayPayloadReader.batchFields(bytes) { (reader: inout JSONByteReader, name) throws(JSONSyntaxError) in
            if name.matches("sample") {
                try GatewayPayloadReader.first(&sample, &reader) { (reader: inout JSONByteReader) throws(JSONSyntaxError) in
                    if try reader.null() { return .null }
                    return .value(try GatewayPayloadReader.sample(&reader, index: 0, path: "sample", unknown: &unknown))
                }
            }
            else if name.matches("owner") { try GatewayPayloadReader.first(&owner, &reader, GatewayPayloadReader.string) }
            // Not used here (the storing gateway stores its own samples), but checked as JSONDecoder checked it.
            else if name.matches("accountId") { try GatewayPayloadReader.first(&accountId, &reader, GatewayPayloadReader.integer) }
            else { try reader.skipValue() }
        }
        guard let fields, case .value(let sample) = sample,
              case .success(let owner) = owner.optional("owner", at: ""),
              case .success(_) = accountId.optional("accountId", at: "")
        else { return nil }
        let payload = GatewayPayload(
            deviceId: fields.deviceId, userId: fields.userId, timestamp: fields.timestamp, appVersion: fields.appVersion, samples: [sample],
            unknownSampleFields: unknown
        )
        return Message(payload: payload, owner: owner)
    }

    /// JSONDecoder's reading, for text the strict reader refuses: the fields Kiroku knows.
    private static func decoded(_ value: Data) -> Message? {
        guard let message = try? JSONDecoder().decode(GatewayKafkaMessage.self, from: value) else { return nil }
        let payload = GatewayPayload(
            deviceId: message.deviceId, userId: message.userId, timestamp: message.timestamp, appVersion: message.appVersion, samples: [.value(message.sample)]
        )
        return Message(payload: payload, owner: message.owner)
    }
}

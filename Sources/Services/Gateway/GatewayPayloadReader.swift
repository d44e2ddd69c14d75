import Foundation

/// Reads a gateway batch straight from its bytes into `GatewayPayload`, with JSONDecoder's verdicts: the batch is
/// unreadable (nil) when it is not JSON or a batch field is missing or of the wrong type; one sample that is not an
/// object, lacks a field or has one of the wrong type is `Lenient.failure` with the same reason JSONDecoder's
/// errors give (`missing field "value"`, `wrong type at "samples.Index 2.value"`), the first in the sample's
/// declaration order. JSONDecoder took about 30 µs per sample, more than storing it; this reads each field once.
enum GatewayPayloadReader {
    static func read(_ body: UnsafeRawBufferPointer) -> GatewayPayload? {
        var samples = Field<[Lenient<GatewaySample>]>.absent
        var unknown: [Int: [String: String]] = [:]
        var received = GatewayReceivedSamples()
        let fields = batchFields(body) { (reader: inout JSONByteReader, name) throws(JSONSyntaxError) in
            if name.matches("samples") {
                try first(&samples, &reader) { (reader: inout JSONByteReader) throws(JSONSyntaxError) in try sampleArray(&reader, unknown: &unknown, received: &received) }
            }
            else { try reader.skipValue() }
        }
        guard let fields, case .value(let samples) = samples else { return nil }
        return GatewayPayload(
            deviceId: fields.deviceId, userId: fields.userId, timestamp: fields.timestamp, appVersion: fields.appVersion, samples: samples,
            unknownSampleFields: unknown, receivedSamples: received
        )
    }

    /// The fields a batch and a Kafka message share.
    struct BatchFields {
        let deviceId: String
        let userId: String
        let timestamp: String?
        let appVersion: String?
    }

    /// Reads the object that is the whole of `bytes`: its batch fields here, every other member by `member`, which
    /// must read or skip it. Nil when the text is not JSON or a batch field is missing or of the wrong type.
    static func batchFields(
        _ bytes: UnsafeRawBufferPointer, other member: (inout JSONByteReader, JSONByteReader.MemberName) throws(JSONSyntaxError) -> Void
    ) -> BatchFields? {
        var reader = JSONByteReader(bytes)
        var deviceId = Field<String>.absent, userId = Field<String>.absent, timestamp = Field<String>.absent, appVersion = Field<String>.absent
        do throws(JSONSyntaxError) {
            try reader.object { (reader: inout JSONByteReader, name) throws(JSONSyntaxError) in
                if name.matches("deviceId") { try first(&deviceId, &reader, string) }
                else if name.matches("userId") { try first(&userId, &reader, string) }
                else if name.matches("timestamp") { try first(&timestamp, &reader, string) }
                else if name.matches("appVersion") { try first(&appVersion, &reader, string) }
                else { try member(&reader, name) }
            }
            try reader.expectEnd()
        } catch {
            return nil
        }
        guard case .value(let deviceId) = deviceId, case .value(let userId) = userId,
              case .success(let timestamp) = timestamp.optional("timestamp", at: ""),
              case .success(let appVersion) = appVersion.optional("appVersion", at: "")
        else { return nil }
        return BatchFields(deviceId: deviceId, userId: userId, timestamp: timestamp, appVersion: appVersion)
    }

    /// JSONDecoder keeps the first value of a name given twice, so a repeat is read past. (Requests with repeated
    /// names are refused before they get here; this keeps the reader's verdict JSONDecoder's for any body.)
    static func first<Value>(
        _ field: inout Field<Value>, _ reader: inout JSONByteReader, _ read: (inout JSONByteReader) throws(JSONSyntaxError) -> Field<Value>
    ) throws(JSONSyntaxError) {
        guard case .absent = field else { return try reader.skipValue() }
        field = try read(&reader)
    }

    private static func sampleArray(
        _ reader: inout JSONByteReader, unknown: inout [Int: [String: String]], received: inout GatewayReceivedSamples
    ) throws(JSONSyntaxError) -> Field<[Lenient<GatewaySample>]> {
        if try reader.null() { return .null }
        guard reader.peek() == UInt8(ascii: "[") else {
            try reader.skipValue()
            return .wrongType("")
        }
        var samples: [Lenient<GatewaySample>] = []
        try reader.array { (reader: inout JSONByteReader, index) throws(JSONSyntaxError) in
            _ = reader.peek()
            let start = reader.index
            samples.append(try sample(&reader, index: index, path: "samples.Index \(index)", unknown: &unknown))
            received.append(UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index]))
        }
        return .value(samples)
    }

    /// The text of a member this reader does not know: a string as it reads, any other value as its JSON without the
    /// whitespace between tokens, as the Kafka message carries it.
    private static func unknownValue(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> String {
        if reader.peek() == UInt8(ascii: "\"") { return try reader.string() }
        let start = reader.index
        try reader.skipValue()
        var compact: [UInt8] = []
        GatewayReceivedSamples.appendCompact(UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index]), to: &compact)
        return String(decoding: compact, as: UTF8.self)
    }

    /// One field of a sample as read: absent, null, a value, of the wrong type (the path below the field), or a
    /// number no Swift number holds (JSONDecoder's `dataCorrupted`, which the batch reports as "unreadable sample").
    enum Field<Value> {
        case absent
        case null
        case value(Value)
        case wrongType(String)
        case unreadable

        /// A required field: its value, or the reason the sample cannot be read.
        func required(_ name: String, at path: String) -> Result<Value, SampleProblem> {
            switch self {
            case .value(let value): .success(value)
            case .absent: .failure(SampleProblem(reason: "missing field \"\(name)\""))
            case .null: .failure(SampleProblem(reason: "wrong type at \"\(path).\(name)\""))
            case .wrongType(let below): .failure(SampleProblem(reason: "wrong type at \"\(path).\(name)\(below)\""))
            case .unreadable: .failure(SampleProblem(reason: "unreadable sample"))
            }
        }

        func optional(_ name: String, at path: String) -> Result<Value?, SampleProblem> {
            switch self {
            case .value(let value): .success(value)
            case .absent, .null: .success(nil)
            case .wrongType(let below): .failure(SampleProblem(reason: "wrong type at \"\(path).\(name)\(below)\""))
            case .unreadable: .failure(SampleProblem(reason: "unreadable sample"))
            }
        }
    }

    struct SampleProblem: Error {
        let reason: String
    }

    static func string(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Field<String> {
        if reader.peek() == UInt8(ascii: "\"") { return .value(try reader.string()) }
        if try reader.null() { return .null }
        try reader.skipValue()
        return .wrongType("")
    }

    private static func number(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Field<Double> {
        if let number = try reader.number() { return number.isFinite ? .value(number) : .unreadable }
        if try reader.null() { return .null }
        try reader.skipValue()
        return .wrongType("")
    }

    private static func bool(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Field<Bool> {
        if let flag = try reader.bool() { return .value(flag) }
        if try reader.null() { return .null }
        try reader.skipValue()
        return .wrongType("")
    }

    /// A whole number (as JSONDecoder reads an Int: `540`, also `540.0`; `540.5` is unreadable).
    static func integer(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Field<Int> {
        switch try number(&reader) {
        case .value(let number):
            guard number == number.rounded(), abs(number) < 9.0e15 else { return .unreadable }
            return .value(Int(number))
        case .null: return .null
        case .absent: return .absent
        case .wrongType(let below): return .wrongType(below)
        case .unreadable: return .unreadable
        }
    }

    /// Metadata: an object of strings, numbers, booleans, nulls, and arrays and objects of those (kept as sent, not
    /// refused: the protocol says string → string, but clients nest values).
    private static func metadata(_ reader: inout JSONByteReader) throws(JSONSyntaxError) -> Field<[String: GatewayMetadataValue]> {
        if try reader.null() { return .null }
        guard reader.peek() == UInt8(ascii: "{") else {
            try reader.skipValue()
            return .wrongType("")
        }
        var wrong: String?
        let values = try metadataObject(&reader, depth: 1, path: "", wrong: &wrong)
        if let wrong { return .wrongType(wrong) }
        return .value(values)
    }

    /// The members of the object starting here; the first name given twice wins, as in JSONDecoder.
    private static func metadataObject(
        _ reader: inout JSONByteReader, depth: Int, path: String, wrong: inout String?
    ) throws(JSONSyntaxError) -> [String: GatewayMetadataValue] {
        var values: [String: GatewayMetadataValue] = [:]
        var seen: Set<String> = []
        try reader.object { (reader: inout JSONByteReader, name) throws(JSONSyntaxError) in
            let key = name.text
            guard seen.insert(key).inserted else { return try reader.skipValue(depth: depth) }
            if let value = try metadataValue(&reader, depth: depth, path: path + "." + key, wrong: &wrong) { values[key] = value }
        }
        return values
    }

    /// One value, nested as deep as JSONDecoder reads. A number no Double holds (1e400: JSONDecoder reads none) makes
    /// the sample's metadata of the wrong type at its path, as before; nil then.
    private static func metadataValue(
        _ reader: inout JSONByteReader, depth: Int, path: String, wrong: inout String?
    ) throws(JSONSyntaxError) -> GatewayMetadataValue? {
        guard depth < JSONByteReader.maxDepth else { throw JSONSyntaxError() }
        switch reader.peek() {
        case UInt8(ascii: "\""): return .string(try reader.string())
        case UInt8(ascii: "{"): return .object(try metadataObject(&reader, depth: depth + 1, path: path, wrong: &wrong))
        case UInt8(ascii: "["):
            var values: [GatewayMetadataValue] = []
            try reader.array { (reader: inout JSONByteReader, index) throws(JSONSyntaxError) in
                if let value = try metadataValue(&reader, depth: depth + 1, path: path + ".Index \(index)", wrong: &wrong) { values.append(value) }
            }
            return .array(values)
        default:
            let start = reader.index
            if let number = try reader.number() {
                if number.isFinite { return GatewayMetadataValue.number(number, text: UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index])) }
                if wrong == nil { wrong = path }
                return nil
            }
            if let flag = try reader.bool() { return .bool(flag) }
            guard try reader.null() else { throw JSONSyntaxError() }
            return .null
        }
    }

    /// One sample, found at `path` (a batch's `samples.Index 2`, a Kafka message's `sample`); the members it does not
    /// know go to `unknown[index]`.
    static func sample(
        _ reader: inout JSONByteReader, index: Int, path: String, unknown: inout [Int: [String: String]]
    ) throws(JSONSyntaxError) -> Lenient<GatewaySample> {
        guard reader.peek() == UInt8(ascii: "{") else {
            try reader.skipValue()
            return .failure("wrong type at \"\(path)\"")
        }
        var id = Field<String>.absent, type = Field<String>.absent, value = Field<Double>.absent, unit = Field<String>.absent
        var startDate = Field<String>.absent, endDate = Field<String>.absent, sourceBundle = Field<String>.absent
        var metadata = Field<[String: GatewayMetadataValue]>.absent, isSynced = Field<Bool>.absent
        var createdAt = Field<String>.absent, timezone = Field<String>.absent, timezoneOffset = Field<Int>.absent
        try reader.object { (reader: inout JSONByteReader, name) throws(JSONSyntaxError) in
            if name.matches("id") { try first(&id, &reader, string) }
            else if name.matches("type") { try first(&type, &reader, string) }
            else if name.matches("value") { try first(&value, &reader, number) }
            else if name.matches("unit") { try first(&unit, &reader, string) }
            else if name.matches("startDate") { try first(&startDate, &reader, string) }
            else if name.matches("endDate") { try first(&endDate, &reader, string) }
            else if name.matches("sourceBundle") { try first(&sourceBundle, &reader, string) }
            else if name.matches("metadata") { try first(&metadata, &reader, Self.metadata) }
            else if name.matches("isSynced") { try first(&isSynced, &reader, bool) }
            else if name.matches("createdAt") { try first(&createdAt, &reader, string) }
            else if name.matches("timezone") { try first(&timezone, &reader, string) }
            else if name.matches("timezoneOffset") { try first(&timezoneOffset, &reader, integer) }
            else {
                let key = name.text
                let value = try unknownValue(&reader)
                if unknown[index]?[key] == nil { unknown[index, default: [:]][key] = value }
            }
        }
        // In declaration order, so the first problem named is the one JSONDecoder would name.
        do throws(SampleProblem) {
            return .value(GatewaySample(
                id: try id.required("id", at: path).get(),
                type: try type.required("type", at: path).get(),
                value: try value.required("value", at: path).get(),
                unit: try unit.required("unit", at: path).get(),
                startDate: try startDate.required("startDate", at: path).get(),
                endDate: try endDate.required("endDate", at: path).get(),
                sourceBundle: try sourceBundle.optional("sourceBundle", at: path).get(),
                metadata: try metadata.optional("metadata", at: path).get(),
                isSynced: try isSynced.optional("isSynced", at: path).get(),
                createdAt: try createdAt.optional("createdAt", at: path).get(),
                timezone: try timezone.optional("timezone", at: path).get(),
                timezoneOffset: try timezoneOffset.optional("timezoneOffset", at: path).get()
            ))
        } catch {
            return .failure(error.reason)
        }
    }
}

import Foundation

/// How the storing gateway keeps its Kafka messages in the outbox: the batch's fields once per row (the row's header)
/// and each sample's JSON as received. The relay puts them together with `GatewayKafkaMessageWriter` when it
/// publishes.
///
/// Every outbox byte is written to the log, copied into the database by a checkpoint and freed again within about a
/// second; as whole messages the rows were about as many bytes as the records themselves (BENCHMARKS.md), and a third
/// of each message was the batch's fields repeated.
///
/// Rows written before samples were kept as received hold each sample's known fields as length-prefixed bytes (version
/// 1); they are still read, and published as they were then. A sample's JSON starts with `{`, never that version byte.
enum GatewayOutboxCodec {
    /// The first byte of every header and of a version-1 sample, so that a later format can be told apart.
    private static let version: UInt8 = 1

    private enum Present {
        static let sourceBundle: UInt8 = 1 << 0
        static let metadata: UInt8 = 1 << 1
        static let isSynced: UInt8 = 1 << 2
        static let synced: UInt8 = 1 << 3
        static let createdAt: UInt8 = 1 << 4
        static let timezone: UInt8 = 1 << 5
        static let timezoneOffset: UInt8 = 1 << 6
    }

    static func header(_ header: GatewayIngestService.PayloadHeader, accountId: Int64) -> Data {
        var out = Writer()
        out.byte(version)
        out.integer(accountId)
        out.string(header.deviceId)
        out.string(header.userId)
        out.optional(header.timestamp)
        out.optional(header.appVersion)
        return Data(out.bytes)
    }

    /// The message writer for the rows that carry `header`.
    static func writer(fromHeader header: Data) throws(Damaged) -> GatewayKafkaMessageWriter {
        try Reader.read(header) { input throws(Damaged) in
            let accountId = try input.integer()
            let deviceId = try input.string()
            let userId = try input.string()
            let timestamp = try input.optional()
            let appVersion = try input.optional()
            return GatewayKafkaMessageWriter(deviceId: deviceId, userId: userId, timestamp: timestamp, appVersion: appVersion, accountId: accountId)
        }
    }

    /// The JSON of a stored sample: a row's own, or one written from a version-1 row's fields. Throws `Damaged` for
    /// bytes that are neither.
    static func sampleJSON(from data: Data) throws(Damaged) -> Data {
        guard data.first == UInt8(ascii: "{") else { return GatewayKafkaMessageWriter.json(for: try sample(from: data)) }
        let valid = data.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            return (try? reader.skipValue()) != nil && (try? reader.expectEnd()) != nil
        }
        guard valid else { throw Damaged() }
        return data
    }

    /// A sample in the version-1 form, as the previous version wrote it (for tests of rows it left behind).
    static func sample(_ sample: GatewaySample) -> Data {
        var out = Writer()
        out.byte(version)
        var present: UInt8 = 0
        if sample.sourceBundle != nil { present |= Present.sourceBundle }
        if sample.metadata != nil { present |= Present.metadata }
        if let synced = sample.isSynced { present |= Present.isSynced | (synced ? Present.synced : 0) }
        if sample.createdAt != nil { present |= Present.createdAt }
        if sample.timezone != nil { present |= Present.timezone }
        if sample.timezoneOffset != nil { present |= Present.timezoneOffset }
        out.byte(present)
        out.string(sample.id)
        out.string(sample.type)
        out.double(sample.value)
        out.string(sample.unit)
        out.string(sample.startDate)
        out.string(sample.endDate)
        if let sourceBundle = sample.sourceBundle { out.string(sourceBundle) }
        if let metadata = sample.metadata { out.members(metadata) }
        if let createdAt = sample.createdAt { out.string(createdAt) }
        if let timezone = sample.timezone { out.string(timezone) }
        if let offset = sample.timezoneOffset { out.integer(Int64(offset)) }
        return Data(out.bytes)
    }

    static func sample(from data: Data) throws(Damaged) -> GatewaySample {
        try Reader.read(data) { input throws(Damaged) in
            let present = try input.byte()
            let id = try input.string()
            let type = try input.string()
            let value = try input.double()
            let unit = try input.string()
            let startDate = try input.string()
            let endDate = try input.string()
            let sourceBundle = present & Present.sourceBundle != 0 ? try input.string() : nil
            let metadata = present & Present.metadata != 0 ? try input.members(depth: 0) : nil
            let isSynced = present & Present.isSynced != 0 ? present & Present.synced != 0 : nil
            let createdAt = present & Present.createdAt != 0 ? try input.string() : nil
            let timezone = present & Present.timezone != 0 ? try input.string() : nil
            let timezoneOffset = present & Present.timezoneOffset != 0 ? Int(try input.integer()) : nil
            return GatewaySample(
                id: id, type: type, value: value, unit: unit, startDate: startDate, endDate: endDate, sourceBundle: sourceBundle,
                metadata: metadata, isSynced: isSynced, createdAt: createdAt, timezone: timezone, timezoneOffset: timezoneOffset
            )
        }
    }

    /// Bytes that are not a header or a sample of this format: only damage to the database file leaves them.
    struct Damaged: Error {}

    private struct Writer {
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(256)
        }

        mutating func byte(_ value: UInt8) {
            bytes.append(value)
        }

        /// Eight bytes, little-endian.
        mutating func integer(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func double(_ value: Double) {
            integer(Int64(bitPattern: value.bitPattern))
        }

        /// Its UTF-8 length (four bytes) and bytes.
        mutating func string(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optional(_ text: String?) {
            if let text {
                byte(1)
                string(text)
            } else {
                byte(0)
            }
        }

        /// Metadata members: their count, then each key and value.
        mutating func members(_ values: [String: GatewayMetadataValue]) {
            integer(Int64(values.count))
            for (key, value) in values {
                string(key)
                metadata(value)
            }
        }

        /// A tag byte, then what the kind needs; arrays and objects (tags 5 and 6, added after 0–4 had shipped, so
        /// rows written before read as they did) hold their elements the same way.
        mutating func metadata(_ value: GatewayMetadataValue) {
            switch value {
            case .string(let text): byte(0); string(text)
            case .number(let number): byte(1); double(number)
            case .integer(let digits): byte(1); double(Double(digits) ?? 0)
            case .bool(let flag): byte(flag ? 3 : 2)
            case .null: byte(4)
            case .array(let values):
                byte(5)
                integer(Int64(values.count))
                for value in values { metadata(value) }
            case .object(let values): byte(6); members(values)
            }
        }
    }

    /// Reads the bytes in place: the relay decodes every stored sample once, thousands a second, so nothing here
    /// copies or goes through `Data`'s index checks per byte.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        /// Runs `body` over `data`'s bytes after their version byte; `body` must read them to the end.
        static func read<Value>(_ data: Data, _ body: (inout Reader) throws(Damaged) -> Value) throws(Damaged) -> Value {
            let result: Result<Value, Damaged> = data.withUnsafeBytes { bytes in
                var reader = Reader(bytes: bytes)
                return Result { () throws(Damaged) -> Value in
                    guard try reader.byte() == version else { throw Damaged() }
                    let value = try body(&reader)
                    guard reader.offset == bytes.count else { throw Damaged() }
                    return value
                }
            }
            return try result.get()
        }

        mutating func take(_ count: Int) throws(Damaged) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        mutating func byte() throws(Damaged) -> UInt8 {
            try take(1)[0]
        }

        mutating func integer() throws(Damaged) -> Int64 {
            Int64(littleEndian: try take(8).loadUnaligned(as: Int64.self))
        }

        mutating func double() throws(Damaged) -> Double {
            Double(bitPattern: UInt64(bitPattern: try integer()))
        }

        mutating func string() throws(Damaged) -> String {
            let length = Int(UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self)))
            guard let text = UTF8Text.string(try take(length)) else { throw Damaged() }
            return text
        }

        mutating func optional() throws(Damaged) -> String? {
            switch try byte() {
            case 0: nil
            case 1: try string()
            default: throw Damaged()
            }
        }

        /// A count no larger than the bytes left could hold, so damage cannot ask for a huge allocation.
        mutating func count() throws(Damaged) -> Int {
            let count = try integer()
            guard count >= 0, count <= bytes.count - offset else { throw Damaged() }
            return Int(count)
        }

        mutating func members(depth: Int) throws(Damaged) -> [String: GatewayMetadataValue] {
            var values: [String: GatewayMetadataValue] = [:]
            for _ in 0..<(try count()) {
                let key = try string()
                values[key] = try metadata(depth: depth)
            }
            return values
        }

        /// Nested no deeper than the reader accepts from a phone, so damaged bytes cannot exhaust the stack.
        mutating func metadata(depth: Int) throws(Damaged) -> GatewayMetadataValue {
            guard depth < JSONByteReader.maxDepth else { throw Damaged() }
            switch try byte() {
            case 0: return .string(try string())
            case 1: return .number(try double())
            case 2: return .bool(false)
            case 3: return .bool(true)
            case 4: return .null
            case 5:
                var values: [GatewayMetadataValue] = []
                for _ in 0..<(try count()) { values.append(try metadata(depth: depth + 1)) }
                return .array(values)
            case 6: return .object(try members(depth: depth + 1))
            default: throw Damaged()
            }
        }
    }
}

import Foundation

extension RecordResponse {
    /// `{"nextCursor":…,"records":[…]}` (no `nextCursor` when nil), meaning what `APIJSON.makeEncoder()` writes for
    /// the same list: the same keys, sorted, absent optionals left out, instants as `APIJSON.formatDate`. Nil when a
    /// number is not finite, which the encoder refuses.
    public static func listJSON(_ records: [RecordResponse], nextCursor: String? = nil) -> Data? {
        var out = JSONBytes(capacity: 64 + records.count * 420)
        out.openObject()
        if let nextCursor {
            out.key("nextCursor")
            out.string(nextCursor)
        }
        out.key("records", first: nextCursor == nil)
        out.bytes.append(UInt8(ascii: "["))
        for (index, record) in records.enumerated() {
            guard record.value.isFinite, record.originalValue.isFinite else { return nil }
            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
            record.write(to: &out)
        }
        out.bytes.append(UInt8(ascii: "]"))
        out.closeObject()
        return Data(out.bytes)
    }

    private func write(to out: inout JSONBytes) {
        out.openObject()
        var first = true
        func key(_ name: String) {
            out.key(name, first: first)
            first = false
        }
        if let clientId { key("clientId"); out.string(clientId) }
        key("createdAt"); out.string(APIJSON.formatDate(createdAt))
        if let device { key("device"); out.string(device) }
        key("end"); out.string(APIJSON.formatDate(end))
        key("id"); out.integer(id)
        if let metadata {
            key("metadata")
            out.openObject()
            for (index, entry) in metadata.sorted(by: { $0.key < $1.key }).enumerated() {
                out.key(entry.key, first: index == 0)
                out.string(entry.value)
            }
            out.closeObject()
        }
        key("metric"); out.string(metric)
        key("originalUnit"); out.string(originalUnit)
        key("originalValue"); out.number(originalValue)
        key("source"); out.string(source)
        if let sourceCreatedAt { key("sourceCreatedAt"); out.string(APIJSON.formatDate(sourceCreatedAt)) }
        if let sourceName { key("sourceName"); out.string(sourceName) }
        if let sourceVersion { key("sourceVersion"); out.string(sourceVersion) }
        key("start"); out.string(APIJSON.formatDate(start))
        key("unit"); out.string(unit)
        key("updatedAt"); out.string(APIJSON.formatDate(updatedAt))
        if let utcOffsetSeconds { key("utcOffsetSeconds"); out.integer(Int64(utcOffsetSeconds)) }
        key("value"); out.number(value)
        if let warnings {
            key("warnings")
            out.bytes.append(UInt8(ascii: "["))
            for (index, warning) in warnings.enumerated() {
                if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
                out.openObject()
                out.key("code")
                out.string(warning.code)
                out.key("message", first: false)
                out.string(warning.message)
                out.closeObject()
            }
            out.bytes.append(UInt8(ascii: "]"))
        }
        out.closeObject()
    }
}

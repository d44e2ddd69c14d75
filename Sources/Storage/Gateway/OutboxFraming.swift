import Foundation

/// How one outbox row holds the Kafka messages of one gateway batch. A single message is stored as itself, so every
/// row written before rows held batches (migration `v10-outbox-batches`) reads unchanged. Several are stored one
/// after another, each after its length in four bytes, big-endian.
enum OutboxFraming {
    static func payload(of messages: [Data]) -> Data {
        if messages.count == 1 { return messages[0] }
        var payload = Data(capacity: messages.reduce(0) { $0 + 4 + $1.count })
        for message in messages {
            let length = UInt32(message.count)
            payload.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
            payload.append(message)
        }
        return payload
    }

    /// The `count` messages of row `id`, in order. Throws `StoredRowError` for a payload that does not hold exactly
    /// them, which only damage to the file can cause.
    static func messages(in payload: Data, count: Int, id: Int64) throws -> [Data] {
        guard count > 1 else {
            guard count == 1 else { throw damaged(id) }
            return [payload]
        }
        return try payload.withUnsafeBytes { bytes in
            var messages: [Data] = []
            messages.reserveCapacity(count)
            var offset = 0
            while offset < bytes.count {
                guard offset + 4 <= bytes.count else { throw damaged(id) }
                let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                offset += 4
                guard length <= bytes.count - offset else { throw damaged(id) }
                messages.append(Data(bytes[offset..<(offset + length)]))
                offset += length
            }
            guard messages.count == count else { throw damaged(id) }
            return messages
        }
    }

    private static func damaged(_ id: Int64) -> StoredRowError {
        StoredRowError(table: OutboxMessage.databaseTableName, column: "payload", id: "\(id)")
    }
}

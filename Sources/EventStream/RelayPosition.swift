import Foundation

/// How far the outbox relay has published: every outbox entry up to `outboxId` is in Kafka, and the data topic's
/// partitions hold nothing of this relay's past `offsets` (partition → next offset) that a later transaction has
/// not yet accounted for. Written to the position topic inside the transaction that published those entries, so
/// the two are committed (or aborted) together.
struct RelayPosition: Sendable, Equatable {
    var outboxId: Int64
    var offsets: [Int32: Int64]

    static let start = RelayPosition(outboxId: 0, offsets: [:])

    func encoded() -> Data {
        // Plain keys make the record readable with kcat: {"offsets":{"0":120},"outboxId":5012}
        let object = Wire(outboxId: outboxId, offsets: Dictionary(uniqueKeysWithValues: offsets.map { ("\($0.key)", $0.value) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(object)) ?? Data()
    }

    init(outboxId: Int64, offsets: [Int32: Int64]) {
        self.outboxId = outboxId
        self.offsets = offsets
    }

    /// nil for a record this relay did not write (or cannot read).
    init?(decoding data: Data) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: data), wire.outboxId >= 0 else { return nil }
        var offsets: [Int32: Int64] = [:]
        for (partition, offset) in wire.offsets {
            guard let id = Int32(partition), offset >= 0 else { return nil }
            offsets[id] = offset
        }
        self.init(outboxId: wire.outboxId, offsets: offsets)
    }

    /// Moves the offsets past messages known to be in the topic.
    mutating func advance(past partition: Int32, offset: Int64) {
        offsets[partition] = max(offsets[partition] ?? 0, offset + 1)
    }

    private struct Wire: Codable {
        let outboxId: Int64
        let offsets: [String: Int64]
    }
}

import Foundation

/// The outbox relay's Kafka transactional id, kept in the data directory: every start of the same server uses the
/// same id (so the new instance fences the killed one and aborts the transaction it left open, and finds its own
/// position record), and two servers with their own data directories never share one.
enum KafkaTransactionalId {
    static func load(dataDirectory: URL) throws -> String {
        let file = dataDirectory.appendingPathComponent("kafka-transactional-id")
        if let stored = try? String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), !stored.isEmpty {
            return stored
        }
        let id = "kiroku-" + UUID().uuidString.lowercased()
        try Data((id + "\n").utf8).write(to: file, options: .atomic)
        return id
    }
}

import Foundation

/// The store directory kept between launches (a phone app's cache folder): the stores and when they were fetched.
/// Waits are never written here.
public struct DirectoryCache: Sendable {
    struct Snapshot: Codable {
        let fetchedAt: Date
        let stores: [StoreInfo]
    }

    /// Where the cache lives; nil keeps it in memory only.
    public let file: URL?

    public init(file: URL?) {
        self.file = file
    }

    func load() -> (fetchedAt: Date, stores: [StoreInfo])? {
        guard let file, let data = try? Data(contentsOf: file) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let snapshot = try? decoder.decode(Snapshot.self, from: data) else { return nil }
        return (snapshot.fetchedAt, snapshot.stores)
    }

    func save(_ stores: [StoreInfo], fetchedAt: Date) {
        guard let file else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(Snapshot(fetchedAt: fetchedAt, stores: stores)) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}

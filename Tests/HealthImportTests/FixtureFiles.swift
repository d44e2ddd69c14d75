import Foundation
import Health
import HealthImport

/// The hand-written fixtures and a helper that reads one into items.
enum FixtureFiles {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }

    static func items(_ name: String, chunkSize: Int = 1 << 20) throws -> [ExportItem] {
        var reader = HealthExportReader(url: url(name))
        reader.chunkSize = chunkSize
        var items: [ExportItem] = []
        try reader.read { items.append($0) }
        return items
    }

    static func mapped(_ name: String) throws -> [MappedItem] {
        var mapper = HealthKitMapper(now: Date())
        return try items(name).map { mapper.map($0) }
    }

    /// Every catalog sample, top-level and inside correlations.
    static func samples(_ items: [MappedItem]) -> [ImportedSample] {
        items.flatMap { item -> [ImportedSample] in
            switch item {
            case let .record(.sample(sample)): [sample]
            case let .correlation(correlation): correlation.members.compactMap {
                if case let .sample(sample) = $0 { sample } else { nil }
            }
            default: []
            }
        }
    }
}

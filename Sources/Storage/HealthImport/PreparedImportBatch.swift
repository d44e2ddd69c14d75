import Foundation
import Health

/// An import batch with the text SQLite stores for each top-level sample (two dates and the metadata's JSON) already
/// written, as `PreparedHealthRecord` does for the gateway's batches.
///
/// An import reads and maps on one thread and writes on another, and the writer is the slower one. Preparing a batch
/// on the reading thread takes two dates' text, their allocations and the JSON off the writer for every sample.
public struct PreparedImportBatch: Sendable {
    public let items: [MappedItem]
    /// For each item, in the same order: its text when it is a top-level sample, nil otherwise.
    let sampleTexts: [ImportedSampleText?]

    public init(_ items: [MappedItem]) {
        self.items = items
        sampleTexts = items.map { item in
            guard case let .record(.sample(sample)) = item else { return nil }
            return ImportedSampleText(sample)
        }
    }
}

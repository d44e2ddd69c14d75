import Foundation
import Health

/// An import batch with its top-level samples set out on their own, each with the text SQLite stores for it (its three
/// dates — start, end, the source's creation — and the metadata's JSON) already written, as `PreparedHealthRecord` does for the gateway's batches.
///
/// An import reads and maps on one thread and writes on another, and the writer is the slower one. Preparing a batch
/// on the reading thread takes the dates' text, their allocations and the JSON off the writer for every sample; and
/// with the samples in an array of their own, the writer hands them to its statements where they are, instead of
/// copying each out of its item (a retain and a release of every text it holds).
public struct PreparedImportBatch: Sendable {
    /// Every item, in order; a top-level sample's item is there too, and the writer takes it from `samples`.
    let items: [MappedItem]
    /// The top-level samples (`.record(.sample)` items), in order.
    let samples: [ImportedSample]
    /// Each sample's text, in the same order.
    let sampleTexts: [ImportedSampleText]

    public init(_ items: [MappedItem]) {
        self.items = items
        var samples: [ImportedSample] = []
        var texts: [ImportedSampleText] = []
        samples.reserveCapacity(items.count)
        texts.reserveCapacity(items.count)
        for item in items {
            guard case let .record(.sample(sample)) = item else { continue }
            samples.append(sample)
            texts.append(ImportedSampleText(sample))
        }
        self.samples = samples
        sampleTexts = texts
    }

    /// How many items the batch holds.
    public var count: Int { items.count }

    /// Whether `item` is one of `samples`.
    static func isTopLevelSample(_ item: MappedItem) -> Bool {
        if case .record(.sample) = item { return true }
        return false
    }
}

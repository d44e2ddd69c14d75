import Foundation
import Health

/// What a sample's row stores as text, written once.
struct ImportedSampleText: Sendable {
    let startText: String
    /// The start as `DatabaseDateText.milliseconds`: the hourly rollups key and order by it.
    let startMilliseconds: Int64
    let endText: String
    let metadataText: String?
    /// `sourceCreatedAt` as stored, nil when the sample has none (written here, on the reading thread for an export's
    /// top-level samples, so the writer only binds it).
    let sourceCreatedText: String?

    init(_ sample: ImportedSample) {
        self.init(sample, metadataText: sample.metadata.map(ImportJSON.object))
    }

    /// `metadataText`: the JSON stored for the metadata, when the writer has its own (Health Auto Export's).
    init(_ sample: ImportedSample, metadataText: String?) {
        let milliseconds = DatabaseDateText.milliseconds(sample.startAt)
        let start = DatabaseDateText.string(milliseconds: milliseconds)
        let end = sample.endAt == sample.startAt ? start : DatabaseDateText.string(sample.endAt)
        startMilliseconds = milliseconds
        startText = start
        endText = end
        self.metadataText = metadataText
        // Most creation dates are the sample's end (or start): that text is shared, not written again.
        sourceCreatedText = sample.sourceCreatedAt.map { created in
            created == sample.endAt ? end : created == sample.startAt ? start : DatabaseDateText.string(created)
        }
    }
}

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
        startMilliseconds = DatabaseDateText.milliseconds(sample.startAt)
        startText = DatabaseDateText.string(milliseconds: startMilliseconds)
        endText = sample.endAt == sample.startAt ? startText : DatabaseDateText.string(sample.endAt)
        self.metadataText = metadataText
        sourceCreatedText = sample.sourceCreatedAt.map(DatabaseDateText.string)
    }
}

import Foundation
import Health
import HealthImport
import Storage

/// An import job as the API shows it: state, progress, per-type counts, and the error when it failed.
public struct ImportJobResponse: Codable, Sendable {
    public struct ErrorDetail: Codable, Sendable {
        public let code: String
        public let message: String
    }

    public let id: Int64
    public let kind: String
    public let state: String
    public let fileName: String
    public let fileSize: Int
    public let bytesProcessed: Int
    public let bytesTotal: Int
    /// 0–1, by bytes of the export read.
    public let progress: Double
    public let itemsCommitted: Int
    public let counts: [String: ImportTally]
    public let total: ImportTally
    public let skippedReasons: [String: Int]
    /// Records kept raw instead of becoming samples, per reason (unknown_unit, bad_value, unknown_type, …).
    public let keptRawReasons: [String: Int]
    /// Profile fields filled from the export's `<Me>`.
    public let profileFilled: [ProfileCharacteristic]
    /// When the phone wrote the export (Apple Health's `<ExportDate>`), and the offset it was written in.
    public let exportedAt: Date?
    public let exportedAtUtcOffsetSeconds: Int?
    public let error: ErrorDetail?
    public let fileKept: Bool
    public let createdAt: Date
    public let startedAt: Date?
    public let finishedAt: Date?
    public let durationSeconds: Double?

    public init(_ job: ImportJob, language: Language) throws(StoredRowError) {
        id = try job.savedId
        kind = job.kind.rawValue
        state = job.state.rawValue
        fileName = job.fileName
        fileSize = job.fileSize
        bytesProcessed = job.bytesProcessed
        bytesTotal = job.bytesTotal
        progress = job.state == .succeeded ? 1 : (job.bytesTotal > 0 ? min(1, Double(job.bytesProcessed) / Double(job.bytesTotal)) : 0)
        itemsCommitted = job.itemsCommitted
        counts = job.counts
        total = job.total
        skippedReasons = job.skippedReasons
        keptRawReasons = job.keptRawReasons
        profileFilled = job.profileFilled
        exportedAt = job.exportedAt
        exportedAtUtcOffsetSeconds = job.exportedAt == nil ? nil : job.exportedAtUtcOffsetSeconds
        if let code = job.errorCode {
            let message = LocalizedText(ja: job.errorMessageJa ?? code, en: job.errorMessageEn ?? code)
            error = ErrorDetail(code: code, message: message.text(in: language))
        } else {
            error = nil
        }
        fileKept = job.keepFile
        createdAt = job.createdAt
        startedAt = job.startedAt
        finishedAt = job.finishedAt
        durationSeconds = job.durationSeconds
    }
}

import Foundation
import Health
import HealthImport
import Hummingbird
import Storage

/// An import job as the API shows it: state, progress, per-type counts, and the error when it failed.
struct ImportJobResponse: Codable, Sendable {
    struct ErrorDetail: Codable, Sendable {
        let code: String
        let message: String
    }

    let id: Int64
    let kind: String
    let state: String
    let fileName: String
    let fileSize: Int
    let bytesProcessed: Int
    let bytesTotal: Int
    /// 0–1, by bytes of the export read.
    let progress: Double
    let itemsCommitted: Int
    let counts: [String: ImportTally]
    let total: ImportTally
    let skippedReasons: [String: Int]
    /// Profile fields filled from the export's `<Me>`.
    let profileFilled: [ProfileCharacteristic]
    let error: ErrorDetail?
    let fileKept: Bool
    let createdAt: Date
    let startedAt: Date?
    let finishedAt: Date?
    let durationSeconds: Double?

    init(_ job: ImportJob, language: Language) throws(StoredRowError) {
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
        profileFilled = job.profileFilled
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

extension ImportJobResponse: ResponseEncodable {}

import Foundation
import Health

/// Why an import stopped. Every case names where in the file it happened, so a person can look.
public enum ImportError: Error, Sendable, Equatable {
    /// The XML is broken at this byte offset (0-based) and line (1-based).
    case malformedXML(reason: String, byteOffset: Int, line: Int)
    /// The file ended before the document was complete: a truncated download or copy.
    case truncated(byteOffset: Int, line: Int)
    /// The zip holds no Apple Health export (`<HealthData` in the first kilobytes of an entry).
    case noHealthExport
    /// A file that is not a zip holds no Apple Health export: other XML, text, an image…
    case notHealthExport
    /// The zip cannot be opened or one of its entries cannot be read (damaged, or cut off mid-copy).
    case brokenZip
    /// The file is neither a zip nor XML.
    case unreadable(String)

    /// A stable code for APIs and logs.
    public var code: String {
        switch self {
        case .malformedXML: "import_malformed_xml"
        case .truncated: "import_truncated"
        case .noHealthExport: "import_no_health_export"
        case .notHealthExport: "import_not_health_export"
        case .brokenZip: "import_broken_zip"
        case .unreadable: "import_unreadable"
        }
    }

    /// What a person reads, in Japanese and English.
    public var message: LocalizedText {
        switch self {
        case let .malformedXML(reason, offset, line):
            LocalizedText(
                ja: "XML が壊れています（\(line) 行目、\(offset) バイト目）。書き出しをやり直してください。",
                en: "The XML is malformed at line \(line), byte \(offset): \(reason)"
            )
        case let .truncated(offset, line):
            LocalizedText(
                ja: "ファイルが途中で切れています（\(line) 行目、\(offset) バイト目で終了）。書き出しをやり直してください。",
                en: "The file is truncated: it ends at line \(line), byte \(offset) before the export is complete. Export it again."
            )
        case .noHealthExport:
            LocalizedText(
                ja: "zip の中にヘルスケアの書き出し（HealthData）が見つかりません。",
                en: "The zip holds no Apple Health export (no HealthData document)."
            )
        case .notHealthExport:
            LocalizedText(
                ja: "このファイルはヘルスケアの書き出しではありません（export.zip、export.xml、CSV のいずれかを選んでください）。",
                en: "This file is not an Apple Health export (choose the export.zip, an export.xml or a CSV)."
            )
        case .brokenZip:
            LocalizedText(
                ja: "zip ファイルが壊れているか途中で切れているため読めません。書き出しをやり直すか、もう一度コピーしてください。",
                en: "The zip is damaged or incomplete and cannot be read. Export or copy it again."
            )
        case let .unreadable(detail):
            LocalizedText(
                ja: "ファイルを読めません: \(detail)",
                en: "The file cannot be read: \(detail)"
            )
        }
    }
}

import Foundation

/// Where a record came from. Kept with every record so a user can tell typed-in numbers from device data,
/// and so a re-import can replace its own rows without touching manual entries.
public enum RecordSource: String, Sendable, Codable, CaseIterable {
    case manual
    case `import` = "import"
    case gateway
    case healthAutoExport = "health-auto-export"
    case sync

    public var name: LocalizedText {
        switch self {
        case .manual: LocalizedText(ja: "手入力", en: "Manual entry")
        case .import: LocalizedText(ja: "ヘルスケアから読み込み", en: "Apple Health import")
        case .gateway: LocalizedText(ja: "ゲートウェイ", en: "Gateway")
        case .healthAutoExport: LocalizedText(ja: "Health Auto Export", en: "Health Auto Export")
        case .sync: LocalizedText(ja: "同期", en: "Sync")
        }
    }
}

import Foundation
import Health

/// Why the sync agent refused a setting or stopped, in both languages.
public typealias SyncError = DomainRefusal<SyncDomain>

/// Marks the SyncError refusals.
public enum SyncDomain: Sendable {}

extension DomainRefusal where Domain == SyncDomain {
    public static func invalidURL(_ text: String) -> SyncError {
        SyncError(code: "invalid_url", message: .init(ja: "「\(text)」は URL として読めません（例: https://gateway.example:8443）。", en: "“\(text)” is not a valid URL (for example https://gateway.example:8443)."))
    }

    public static func insecureURL(_ text: String) -> SyncError {
        SyncError(code: "insecure_url", message: .init(
            ja: "「\(text)」は HTTPS ではありません。健康データは暗号化された接続（https://）でのみ送信します。",
            en: "“\(text)” is not HTTPS. Health data is only sent over an encrypted connection (https://)."
        ))
    }

    public static func unknownType(_ name: String) -> SyncError {
        SyncError(code: "unknown_type", message: .init(ja: "データの種類「\(name)」はありません。", en: "There is no data type “\(name)”."))
    }

    public static func unknownCategory(_ name: String) -> SyncError {
        let names = MetricCategory.allCases.map(\.rawValue).joined(separator: ", ")
        return SyncError(code: "unknown_category", message: .init(ja: "カテゴリ「\(name)」はありません（\(names)）。", en: "There is no category “\(name)” (\(names))."))
    }

    public static var notConfigured: SyncError {
        SyncError(code: "not_configured", message: .init(
            ja: "送信先のゲートウェイが設定されていません。先に kiroku sync configure を実行してください。何も送信済みにしていません。",
            en: "No gateway is configured. Run kiroku sync configure first. Nothing was marked as synced."
        ))
    }
}

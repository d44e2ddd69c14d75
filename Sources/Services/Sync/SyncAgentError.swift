import Health

/// Why the sync agent did not run, in words a person can act on.
public enum SyncAgentError: DomainError, Equatable {
    case notConfigured
    case unreadableConfiguration
    case alreadyRunning
    case accessRevoked
    case credentialsMissing
    case invalidStorageRule

    public var code: String {
        switch self {
        case .notConfigured: "sync_not_configured"
        case .unreadableConfiguration: "sync_configuration_unreadable"
        case .alreadyRunning: "sync_running"
        case .accessRevoked: "sync_access_revoked"
        case .credentialsMissing: "sync_credentials_missing"
        case .invalidStorageRule: "sync_storage_rule_invalid"
        }
    }

    public var httpStatus: Int { self == .alreadyRunning ? 409 : 400 }

    public var message: LocalizedText {
        switch self {
        case .notConfigured:
            LocalizedText(
                ja: "送信先のゲートウェイが設定されていません。先に設定してください。何も送信済みにしていません。",
                en: "No gateway is configured. Configure one first. Nothing was marked as synced."
            )
        case .unreadableConfiguration:
            LocalizedText(ja: "同期の設定ファイルを読めません。もう一度設定してください。", en: "Cannot read the sync settings. Configure the gateway again.")
        case .alreadyRunning:
            LocalizedText(ja: "同期はすでに実行中です。終わるまでお待ちください。", en: "A sync is already running. Wait for it to finish.")
        case .credentialsMissing:
            LocalizedText(ja: "API キー、またはユーザー名とパスワードを入力してください。", en: "Enter an API key, or a username and a password.")
        case .invalidStorageRule:
            LocalizedText(
                ja: "空き容量は 500M や 2G のように、件数は 1 以上の整数で入力してください（空欄で無効）。何も保存していません。",
                en: "Enter free space like 500M or 2G, and a record count as a whole number of 1 or more (blank for off). Nothing was saved."
            )
        case .accessRevoked:
            LocalizedText(
                ja: "送信先がアクセスを拒否しました（キーが取り消されたか誤りです）。新しい API キーを設定してください。",
                en: "The gateway refused access (the key was revoked or is wrong). Enter a new API key."
            )
        }
    }
}

import Health

/// Why a backup or a restore stopped. Nothing is changed in the data directory when one of these is thrown.
public enum BackupError: DomainError, Equatable {
    case emptyPassphrase
    case passphraseNeeded
    case wrongPassphrase
    case unreadableManifest
    case checksumMismatch(String)
    case damaged(String)
    case notSealed(String)
    case unsoundDatabase
    case newerSchema([String])
    case serverRunning(String)

    public var code: String {
        switch self {
        case .emptyPassphrase, .passphraseNeeded: "passphrase_required"
        case .wrongPassphrase: "wrong_passphrase"
        case .unreadableManifest, .checksumMismatch, .damaged, .notSealed, .unsoundDatabase: "backup_damaged"
        case .newerSchema: "backup_too_new"
        case .serverRunning: "server_running"
        }
    }

    public var httpStatus: Int { 400 }

    public var message: LocalizedText {
        switch self {
        case .emptyPassphrase:
            LocalizedText(ja: "パスフレーズが空です。", en: "The passphrase is empty.")
        case .passphraseNeeded:
            LocalizedText(ja: "このバックアップは暗号化されています。パスフレーズを入力してください。", en: "This backup is encrypted: give its passphrase.")
        case .wrongPassphrase:
            LocalizedText(ja: "パスフレーズが違います。何も変更していません。", en: "Wrong passphrase. Nothing was changed.")
        case .unreadableManifest:
            LocalizedText(ja: "バックアップの目録 (manifest.json) を読めません。", en: "Cannot read the backup's manifest.json.")
        case .checksumMismatch(let file):
            LocalizedText(ja: "\(file) のチェックサムが一致しません。バックアップが壊れています。", en: "\(file) does not match its checksum: the backup is damaged.")
        case .damaged(let file):
            LocalizedText(ja: "\(file) が壊れているか、途中で切れています。", en: "\(file) is damaged or cut short.")
        case .notSealed(let file):
            LocalizedText(ja: "\(file) は Kiroku の暗号化ファイルではありません。", en: "\(file) is not a file Kiroku sealed.")
        case .unsoundDatabase:
            LocalizedText(ja: "バックアップのデータベースが整合性検査に失敗しました。", en: "The backup's database fails SQLite's integrity check.")
        case .newerSchema(let migrations):
            LocalizedText(
                ja: "このバックアップは新しい版の Kiroku で作られています（\(migrations.joined(separator: ", "))）。Kiroku を更新してから復元してください。",
                en: "This backup comes from a newer Kiroku (\(migrations.joined(separator: ", "))). Update Kiroku, then restore."
            )
        case .serverRunning(let directory):
            LocalizedText(
                ja: "\(directory) は実行中のサーバーが使用しています。停止してから復元してください。",
                en: "A running server uses \(directory). Stop it before restoring."
            )
        }
    }
}

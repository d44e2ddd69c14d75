import Health

extension WebStrings {
    /// The gateway and sync settings page.
    static let gateway: [String: LocalizedText] = [
        "syncNow": .init(ja: "今すぐ同期", en: "Sync now"),
        "syncTest": .init(ja: "接続をテスト", en: "Test connection"),
        "syncConfigure": .init(ja: "送信先の設定", en: "Set the gateway"),
        "syncURL": .init(ja: "ゲートウェイの URL（https のみ）", en: "Gateway URL (https only)"),
        "syncPort": .init(ja: "ポート（URL にない場合）", en: "Port (if not in the URL)"),
        "syncAPIKey": .init(ja: "API キー", en: "API key"),
        "syncOrBasic": .init(ja: "または、ユーザー名とパスワード:", en: "Or a username and password:"),
        "syncCategories": .init(ja: "送るカテゴリ（空欄ならすべて）", en: "Categories to send (none ticked: all)"),
        "syncRunning": .init(ja: "同期を実行中です…", en: "A sync is running…"),
        "syncTitle": .init(ja: "ゲートウェイと同期", en: "Gateway and sync"),
        "syncPushHeading": .init(ja: "このサーバーから送信", en: "Sending from this server"),
        "syncNotConfigured": .init(ja: "送信先はまだ設定されていません。下のフォームで設定するか、サーバーで次のコマンドを実行してください:", en: "No gateway is configured yet. Set it in the form below, or on the server run:"),
        "syncFrequency": .init(ja: "自動で同期する頻度", en: "How often to sync on its own"),
        "syncFrequencyRealtime": .init(ja: "リアルタイム（新しい記録から数秒以内）", en: "Real time (within seconds of a new record)"),
        "syncFrequencyHourly": .init(ja: "1 時間ごと", en: "Hourly"),
        "syncFrequencyDaily": .init(ja: "1 日ごと", en: "Daily"),
        "syncFrequencyManual": .init(ja: "手動のみ（「今すぐ同期」のとき）", en: "Manual only (when you press Sync now)"),
        "syncFrequencySave": .init(ja: "頻度を保存", en: "Save frequency"),
        "syncProgressLabel": .init(ja: "送信済み", en: "Sent"),
        "syncProgressRefresh": .init(ja: "このページは終わるまで 2 秒ごとに更新されます。", en: "This page refreshes every 2 seconds until it finishes."),
        "syncStorageRule": .init(ja: "容量が足りないとき（送信済みの古い記録から削除）", en: "When storage runs short (oldest synced records deleted first)"),
        "syncStorageHint": .init(
            ja: "送信先が受け取りを確認した記録だけを、古いものから削除します。未送信の記録は削除しません。空欄で無効。",
            en: "Only records the gateway has confirmed are deleted, oldest first; an unsent record never is. Blank: off."
        ),
        "syncKeepFree": .init(ja: "ディスクの空きをこれ以上に保つ（例 2G）", en: "Keep at least this much disk free (e.g. 2G)"),
        "syncMaxSynced": .init(ja: "送信済みの記録をこの件数まで残す", en: "Keep at most this many synced records"),
        "syncStorageSave": .init(ja: "ルールを保存", en: "Save rule"),
        "syncTypesPick": .init(ja: "種類ごとに選ぶ（空欄ならカテゴリの指定どおり）", en: "Pick single types (none ticked: as the categories say)"),
        "syncTarget": .init(ja: "送信先", en: "Gateway"),
        "syncLabel": .init(ja: "送信者名 (userId)", en: "Sender label (userId)"),
        "syncTypes": .init(ja: "送信する種類", en: "Types sent"),
        "syncAllTypes": .init(ja: "すべて", en: "All"),
        "syncPrivateCA": .init(ja: "独自の認証局 (CA) で検証", en: "Verified with a private CA"),
        "syncWaiting": .init(ja: "未送信の記録", en: "Records waiting"),
        "syncHistory": .init(ja: "同期の履歴", en: "Sync history"),
        "syncNoHistory": .init(ja: "まだ同期していません。", en: "No sync attempts yet."),
        "syncWhen": .init(ja: "日時", en: "When"),
        "syncResult": .init(ja: "結果", en: "Result"),
        "syncSent": .init(ja: "件数", en: "Sent"),
        "syncSeconds": .init(ja: "秒", en: "s"),
        "syncStatus_success": .init(ja: "成功", en: "Success"),
        "syncStatus_partial": .init(ja: "一部無効", en: "Partial"),
        "syncStatus_failed": .init(ja: "失敗", en: "Failed"),
        "syncStatus_pruned": .init(ja: "古い記録を削除", en: "Oldest synced deleted"),
        "syncStatus_idle": .init(ja: "送信なし", en: "Nothing to send"),
        "syncReceiveHeading": .init(ja: "スマートフォンから受信", en: "Receiving from phones"),
        "syncReceiveHint": .init(
            ja: "ゲートウェイ対応のヘルスケア送信アプリで、このサーバーの URL と API トークン（X-API-Key）を設定してください。送信先パス:",
            en: "In a gateway-compatible health upload app, enter this server's URL and an API token (as X-API-Key). Path:"
        ),
        "syncLink": .init(ja: "ゲートウェイと同期の状態", en: "Gateway and sync status"),
    ]
}

import Health

extension WebStrings {
    /// The import form on the records page and the import status page. Keys start with "imp" (a dot would
    /// read as a Mustache path).
    static let healthImport: [String: LocalizedText] = [
        "impTitle": .init(ja: "ヘルスケアから読み込む", en: "Import from Apple Health"),
        "impHint": .init(
            ja: "iPhone の「ヘルスケア」→ プロフィール →「すべてのヘルスケアデータを書き出す」で作った export.zip（または export.xml、date,metric,value,unit の CSV、Kiroku で書き出した記録の CSV）を選んでください。同じファイルを何度読み込んでも重複しません。",
            en: "Choose the export.zip made in the iPhone Health app (profile → Export All Health Data), an export.xml, a date,metric,value,unit CSV, or a records CSV exported from Kiroku. Importing a file again adds nothing twice."
        ),
        "impFile": .init(ja: "ファイル", en: "File"),
        "impKeep": .init(ja: "読み込み後もファイルをサーバーに残す", en: "Keep the file on the server after the import"),
        "impStart": .init(ja: "読み込む", en: "Import"),
        "impStatus": .init(ja: "読み込みの状況", en: "Import status"),
        "impExportedAt": .init(ja: "書き出し日時", en: "Exported at"),
        "impQueued": .init(ja: "待機中", en: "Waiting"),
        "impRunning": .init(ja: "読み込み中", en: "Importing"),
        "impSucceeded": .init(ja: "完了", en: "Done"),
        "impFailed": .init(ja: "失敗", en: "Failed"),
        "impRefresh": .init(ja: "このページは自動で更新されます。更新されない場合は再読み込みしてください。", en: "This page refreshes by itself; reload it if it does not."),
        "impType": .init(ja: "種類", en: "Type"),
        "impImported": .init(ja: "追加", en: "Imported"),
        "impPresent": .init(ja: "登録済み", en: "Already present"),
        "impSkipped": .init(ja: "スキップ", en: "Skipped"),
        "impSkippedWhy": .init(ja: "スキップした理由", en: "Why items were skipped"),
        "impKeptRaw": .init(ja: "未変換のまま保存（削除はしていません）", en: "Kept raw (nothing dropped)"),
        "impTotal": .init(ja: "合計", en: "Total"),
        "impRecent": .init(ja: "最近の読み込み", en: "Recent imports"),
        "hwTitle": .init(ja: "ワークアウト（ヘルスケア）", en: "Workouts from Apple Health"),
        "hwHint": .init(
            ja: "ヘルスケアの書き出しや Health Auto Export から読み込んだワークアウトです。筋トレのセットは「トレーニング」にあります。",
            en: "Workouts read from Apple Health exports and Health Auto Export. Strength sets you log are under Workouts."
        ),
        "hwNone": .init(ja: "まだワークアウトはありません。ヘルスケアの書き出しを読み込むと表示されます。", en: "No workouts yet. They appear once an Apple Health export is imported."),
        "hwNewer": .init(ja: "最新へ", en: "Newest"),
        "hwTime": .init(ja: "時間", en: "Time"),
        "hwOlder": .init(ja: "古い方へ", en: "Older"),
        "hwDistance": .init(ja: "距離", en: "Distance"),
        "hwActiveEnergy": .init(ja: "アクティブエネルギー", en: "Active energy"),
        "hwTotalEnergy": .init(ja: "総エネルギー", en: "Total energy"),
        "hwHeartRate": .init(ja: "心拍数（平均・最低〜最高）", en: "Heart rate (average, lowest–highest)"),
        "hwRoute": .init(ja: "ルート", en: "Route"),
        "hwRouteMap": .init(ja: "ワークアウトのルート", en: "Workout route"),
        "hwRouteStart": .init(ja: "スタート", en: "Start"),
        "hwRouteEnd": .init(ja: "ゴール", en: "Finish"),
        "hwRouteDistance": .init(ja: "ルートの距離", en: "Route distance"),
        "hwRouteClimb": .init(ja: "上り・下り", en: "Climb and descent"),
        "hwRouteElevation": .init(ja: "標高", en: "Elevation"),
        "hwRoutePoints": .init(ja: "記録された地点", en: "Recorded points"),
        "hwDownloadGPX": .init(ja: "GPX をダウンロード", en: "Download GPX"),
        "hwNoRoute": .init(ja: "このワークアウトには位置の記録がありません。", en: "This workout has no recorded route."),
        "hwLink": .init(ja: "読み込んだワークアウトを見る", en: "See imported workouts"),
        "impBack": .init(ja: "記録へ戻る", en: "Back to records"),
        "impSeeHistory": .init(ja: "ダッシュボードで全期間を見る", en: "See the whole history on the dashboard"),
        "impProgress": .init(ja: "進み具合", en: "Progress"),
        "impFileKept": .init(ja: "ファイルはサーバーに保存されています。", en: "The file is kept on the server."),
        "impFileDeleted": .init(ja: "ファイルは読み込み後に削除されます。", en: "The file is deleted after the import."),
    ]
}

import Health

extension WebStrings {
    /// The Workouts pages' text. Keys start with "wo" (Mustache reads dots as paths, so no "wo.").
    static let workouts: [String: LocalizedText] = [
        "woTitle": .init(ja: "トレーニング", en: "Workouts"),
        "woLogSet": .init(ja: "セットを記録", en: "Log a set"),
        "woRecent": .init(ja: "最近の種目（タップで前回と同じセットを記録）", en: "Recent exercises (tap to repeat the last set)"),
        "woExercise": .init(ja: "種目", en: "Exercise"),
        "woWeight": .init(ja: "重量 (kg)", en: "Weight (kg)"),
        "woReps": .init(ja: "回数", en: "Reps"),
        "woRpe": .init(ja: "RPE（任意）", en: "RPE (optional)"),
        "woNotes": .init(ja: "メモ（任意）", en: "Notes (optional)"),
        "woWhen": .init(ja: "日時（空欄なら今）", en: "When (blank for now)"),
        "woLog": .init(ja: "記録する", en: "Log set"),
        "woToday": .init(ja: "今日のセット", en: "Today's sets"),
        "woNoSetsToday": .init(ja: "今日はまだセットがありません。", en: "No sets yet today."),
        "woLogged": .init(ja: "記録しました。", en: "Set logged."),
        "woDeleted": .init(ja: "セットを削除しました。", en: "Set deleted."),
        "woVolume": .init(ja: "ボリューム", en: "Volume"),
        "woSets": .init(ja: "セット", en: "sets"),
        "woSet": .init(ja: "セット", en: "set"),
        "woWeeklyVolume": .init(ja: "週ごとのボリュームと体重", en: "Weekly volume and body weight"),
        "woBodyWeight": .init(ja: "体重", en: "Body weight"),
        "woE1rmTrend": .init(ja: "推定1RMの推移", en: "Estimated 1RM"),
        "woThisWeek": .init(ja: "今週", en: "This week"),
        "woLastWeek": .init(ja: "先週", en: "Last week"),
        "woHistory": .init(ja: "履歴", en: "History"),
        "woNoHistory": .init(ja: "まだ記録がありません。", en: "Nothing logged yet."),
        "woOlder": .init(ja: "さらに前", en: "Older"),
        "woBack": .init(ja: "トレーニングに戻る", en: "Back to workouts"),
        "woHealthSessions": .init(ja: "Apple ヘルスケアのワークアウト", en: "Workouts from Apple Health"),
        "woFromHealth": .init(ja: "ヘルスケア:", en: "Apple Health:"),
        "woRMPerLift": .init(ja: "推定1RMは種目ごとに下に表示します。", en: "Estimated 1RM is shown per lift below."),
        "woAvgRM": .init(ja: "平均推定1RM", en: "Average e1RM"),
        "woMuscles": .init(ja: "部位別の実効ボリューム", en: "Effective volume by muscle"),
        "woSettings": .init(ja: "トレーニングの設定", en: "Workout settings"),
        "woFormula": .init(ja: "推定1RMの計算式", en: "e1RM formula"),
        "woFormulaSaved": .init(ja: "計算式を保存しました。", en: "Formula saved."),
        "woDevices": .init(ja: "BulkTrack アプリの端末", en: "BulkTrack devices"),
        "woDevicesHint": .init(
            ja: "アプリの端末IDを入力すると、その端末の記録がこのアカウントに移り、以後アプリはこのアカウントとして記録します。まだアプリでログインしていない端末も登録できます。",
            en: "Enter the app's device id: the device's training moves into this account, and the app logs as this account from then on. A device that has not signed in yet can be entered too."
        ),
        "woDeviceId": .init(ja: "端末ID", en: "Device id"),
        "woLinkDevice": .init(ja: "端末をリンク", en: "Link device"),
        "woDeviceLinked": .init(ja: "端末をリンクしました。", en: "Device linked."),
        "woDeviceRegistered": .init(
            ja: "端末IDを登録しました。その端末でアプリを開くと、このアカウントとして記録します。",
            en: "Device id registered: the app on that device logs as this account once it opens."
        ),
        "woNoDevices": .init(ja: "リンクした端末はありません。", en: "No devices linked."),
        "woRemoveDevice": .init(ja: "リンクを解除", en: "Remove"),
        "woRemoveDeviceConfirm": .init(
            ja: "この端末のリンクを解除しますか？ その端末のアプリはログアウトされ、以後このアカウントには記録できません。これまでの記録はこのアカウントに残ります。アプリをまた開くと、新規登録を受け付けているサーバーでは新しい空のアカウントで始まり、受け付けていないサーバーでは断られます。このアカウントに戻すには、端末IDをもう一度リンクしてください。",
            en: "Remove this device? The app on it is signed out and can no longer log to this account. What it logged stays in this account. If the app is opened again, it starts a new, empty account where this server takes sign-ups, and is refused where it does not. To log here again, link its id again."
        ),
        "woRemoveDeviceButton": .init(ja: "この端末のリンクを解除する", en: "Remove this device"),
        "woDeviceRemoved": .init(
            ja: "端末のリンクを解除しました。その端末のアプリはもうこのアカウントに記録できません。アプリをまた開くと別の新しいアカウントになるため、このアカウントに戻すには端末IDをもう一度リンクしてください。",
            en: "Device removed: the app on it can no longer log to this account. Opened again, it becomes another, new account; to log here again, link its id again."
        ),
        "woDeviceNotLinked": .init(
            ja: "その端末はこのアカウントにリンクされていません（すでに解除済みかもしれません）。何も変更していません。",
            en: "That device is not linked to this account (it may have been removed already). Nothing changed."
        ),
        "woImport": .init(ja: "CSV の取り込み（Strong / Hevy）", en: "Import CSV (Strong / Hevy)"),
        "woImportHint": .init(ja: "Strong や Hevy で書き出した CSV ファイルを選んでください（64 MiB まで）。同じ行は二重に取り込まれません。", en: "Choose the CSV file Strong or Hevy exported (up to 64 MiB). Rows imported before are not imported again."),
        "woImportFile": .init(ja: "CSV ファイル", en: "CSV file"),
        "woImportPaste": .init(ja: "または CSV を貼り付ける", en: "Or paste the CSV"),
        "woImportUnit": .init(ja: "Strong の重量単位", en: "Strong weight unit"),
        "woImportButton": .init(ja: "取り込む", en: "Import"),
        "woExport": .init(ja: "CSV で書き出す（Strong 形式）", en: "Export CSV (Strong format)"),
        "woSettingsLink": .init(ja: "トレーニングの設定（計算式・端末リンク・CSV）", en: "Workout settings (formula, devices, CSV)"),
        "woPersonalRecord": .init(ja: "自己ベスト", en: "Personal record"),
        "woLastSet": .init(ja: "前回", en: "Last"),
        "woAddExercise": .init(ja: "種目を追加", en: "Add your own exercise"),
        "woAddExerciseHint": .init(
            ja: "一覧にない種目を自分用に追加します。追加した種目はあなたにだけ表示されます。",
            en: "Add an exercise the list does not have. Only you see the exercises you add."
        ),
        "woExerciseName": .init(ja: "種目名（100文字まで）", en: "Exercise name (up to 100 characters)"),
        "woAdd": .init(ja: "追加する", en: "Add exercise"),
        "woPickExisting": .init(ja: "その種目でセットを記録する", en: "Log a set of that exercise"),
        "woYourExercises": .init(ja: "自分で追加した種目", en: "Exercises you added"),
        "woManageExercises": .init(ja: "名前の変更・削除", en: "Rename or delete"),
        "woManageExercisesHint": .init(
            ja: "自分で追加した種目の名前を変えたり、削除したりできます。セットを記録した種目は削除できません。公式の種目は変更できません。",
            en: "Rename the exercises you added, or delete one that no logged set uses. Official exercises cannot be changed."
        ),
        "woNoCustomExercises": .init(ja: "自分で追加した種目はまだありません。", en: "You have not added any exercises yet."),
        "woRenameExercise": .init(ja: "名前を変更", en: "Rename"),
        "woRenameButton": .init(ja: "名前を保存", en: "Save name"),
        "woDeleteExercise": .init(ja: "削除", en: "Delete"),
        "woDeleteExerciseConfirm": .init(
            ja: "この種目を削除しますか？ 元に戻せません。セットを記録した種目は削除されません。",
            en: "Delete this exercise? This cannot be undone. An exercise with logged sets is not deleted."
        ),
        "woDeleteExerciseButton": .init(ja: "この種目を削除する", en: "Delete this exercise"),
        "woExerciseDeleted": .init(ja: "種目を削除しました。", en: "Exercise deleted."),
    ]
}

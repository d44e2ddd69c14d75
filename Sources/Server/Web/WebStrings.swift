import Health

/// Every piece of text the web pages show, in Japanese and English. Templates read them as `{{t.key}}`.
enum WebStrings {
    /// Each system adds its own table in its folder (`WebStrings+<System>.swift`); keys must be unique across
    /// tables, which a test checks.
    static let tables: [[String: LocalizedText]] = [common, taskSteps, gateway, waitTimes, workouts, healthImport, profileCharacteristics, motivation, insights, offline]

    static let all: [String: LocalizedText] = tables.reduce(into: [:]) { merged, table in
        merged.merge(table) { first, _ in first }
    }

    /// The forms' date-and-time label, also the field a refused date names by default (`parseLocalDateTime`): held
    /// here as a value, so that default is no table lookup that could come back empty.
    static let whenLabel = LocalizedText(ja: "日時", en: "When")

    static let common: [String: LocalizedText] = [
        "appName": .init(ja: "記録 Kiroku", en: "Kiroku 記録"),
        "tagline": .init(ja: "体重・歩数・カロリー・心拍数を、自分のサーバーで記録。", en: "Weight, steps, calories and heart rate, recorded on your own server."),
        "dashboard": .init(ja: "ホーム", en: "Home"),
        "records": .init(ja: "記録", en: "Records"),
        "settings": .init(ja: "設定", en: "Settings"),
        "signIn": .init(ja: "ログイン", en: "Sign in"),
        "signUp": .init(ja: "新規登録", en: "Sign up"),
        "signOut": .init(ja: "ログアウト", en: "Sign out"),
        "username": .init(ja: "ユーザー名", en: "Username"),
        "password": .init(ja: "パスワード", en: "Password"),
        "passwordHint": .init(ja: "10 文字以上", en: "At least 10 characters"),
        "passwordAgain": .init(ja: "パスワード（確認）", en: "Password again"),
        "displayName": .init(ja: "表示名", en: "Display name"),
        "noAccount": .init(ja: "アカウントをお持ちでない方", en: "No account yet?"),
        "haveAccount": .init(ja: "アカウントをお持ちの方", en: "Already have an account?"),
        "today": .init(ja: "今日", en: "Today"),
        "noData": .init(ja: "まだ記録がありません", en: "No records yet"),
        "weightTrend": .init(ja: "体重の推移", en: "Weight trend"),
        "stepsTrend": .init(ja: "歩数（日別）", en: "Steps per day"),
        "movingAverage": .init(ja: "7日移動平均", en: "7-day average"),
        "movingAverageHint": .init(ja: "7日分の記録がそろうと移動平均を表示します。", en: "The moving average appears once 7 days have records."),
        "days30": .init(ja: "30日", en: "30 days"),
        "days90": .init(ja: "90日", en: "90 days"),
        "days365": .init(ja: "1年", en: "1 year"),
        "daysall": .init(ja: "全期間", en: "All"),
        "stepsMonthly": .init(ja: "歩数（月ごとの1日平均）", en: "Steps (average day of each month)"),
        "addRecord": .init(ja: "記録を追加", en: "Add a record"),
        "metric": .init(ja: "項目", en: "Metric"),
        "value": .init(ja: "値", en: "Value"),
        "unit": .init(ja: "単位", en: "Unit"),
        "unitHint": .init(ja: "空欄なら標準の単位", en: "Blank for the standard unit"),
        "when": whenLabel,
        "whenHint": .init(ja: "空欄なら現在時刻", en: "Blank for now"),
        "save": .init(ja: "保存", en: "Save"),
        "delete": .init(ja: "削除", en: "Delete"),
        "source": .init(ja: "取得元", en: "Source"),
        "saved": .init(ja: "保存しました。", en: "Saved."),
        "deleted": .init(ja: "削除しました。", en: "Deleted."),
        "older": .init(ja: "さらに古い記録", en: "Older records"),
        "recentRecords": .init(ja: "最近の記録", en: "Recent records"),
        "allMetrics": .init(ja: "すべての項目", en: "All metrics"),
        "show": .init(ja: "表示", en: "Show"),
        "profile": .init(ja: "プロフィール", en: "Profile"),
        "heightCm": .init(ja: "身長 (cm)", en: "Height (cm)"),
        "targetWeightKg": .init(ja: "目標体重 (kg)", en: "Target weight (kg)"),
        "timeZone": .init(ja: "タイムゾーン", en: "Time zone"),
        "language": .init(ja: "言語", en: "Language"),
        "languageAuto": .init(ja: "ブラウザに合わせる", en: "Follow the browser"),
        "apiTokens": .init(ja: "APIトークン", en: "API tokens"),
        "tokenName": .init(ja: "トークン名", en: "Token name"),
        "createToken": .init(ja: "トークンを作成", en: "Create token"),
        "tokenShownOnce": .init(ja: "このトークンは一度だけ表示されます。今すぐ安全な場所に保存してください。", en: "This token is shown only once. Store it somewhere safe now."),
        "revoke": .init(ja: "無効にする", en: "Revoke"),
        "noTokens": .init(ja: "トークンはありません。", en: "No tokens."),
        "created": .init(ja: "作成", en: "Created"),
        "lastUsed": .init(ja: "最終使用", en: "Last used"),
        "never": .init(ja: "未使用", en: "Never"),
        "export": .init(ja: "データのエクスポート", en: "Export your data"),
        "exportHint": .init(ja: "JSON にはこのアカウントのデータがすべて（記録、タスク、トレーニング、目標、設定、ログイン中のブラウザなど）、CSV には健康記録が入ります（Excel で開けます）。", en: "JSON holds everything this account has (records, tasks, workouts, goals, settings, signed-in browsers and more); CSV holds the health records, for Excel."),
        "deleteAccount": .init(ja: "アカウントの削除", en: "Delete account"),
        "sessions": .init(ja: "ログイン中のブラウザ", en: "Signed-in browsers"),
        "thisBrowser": .init(ja: "このブラウザ", en: "This browser"),
        "endSession": .init(ja: "ログアウトさせる", en: "Sign out"),
        "unknownBrowser": .init(ja: "不明なブラウザ", en: "Unknown browser"),
        "sessionEnded": .init(ja: "そのブラウザをログアウトさせました。", en: "That browser is signed out."),
        "deleteAccountHint": .init(ja: "アカウントとすべての記録を完全に削除します。元に戻せません。", en: "Permanently deletes your account and every record. This cannot be undone."),
        "confirmPassword": .init(ja: "確認のためパスワードを入力", en: "Enter your password to confirm"),
        "deleteForever": .init(ja: "完全に削除する", en: "Delete forever"),
        "warning": .init(ja: "注意", en: "Note"),
        "error": .init(ja: "エラー", en: "Error"),
        "backHome": .init(ja: "ホームへ戻る", en: "Back to home"),
        "profileSaved": .init(ja: "プロフィールを保存しました。", en: "Profile saved."),
        "tokenRevoked": .init(ja: "トークンを無効にしました。", en: "Token revoked."),
        "signedOutNotice": .init(ja: "ログアウトしました。", en: "You have signed out."),
        "accountDeleted": .init(ja: "アカウントとすべてのデータを削除しました。", en: "Your account and all its data have been deleted."),
        "target": .init(ja: "目標", en: "Target"),
        "latest": .init(ja: "最新", en: "Latest"),
        "bmi": .init(ja: "BMI", en: "BMI"),
        "changePassword": .init(ja: "パスワードの変更", en: "Change password"),
        "signOutOthers": .init(ja: "ほかのブラウザをすべてログアウト", en: "Sign out all other browsers"),
        "othersSignedOut": .init(ja: "ほかのブラウザをログアウトしました。", en: "Other browsers have been signed out."),
        "currentPassword": .init(ja: "現在のパスワード", en: "Current password"),
        "newPassword": .init(ja: "新しいパスワード", en: "New password"),
        "newPasswordAgain": .init(ja: "新しいパスワード（確認）", en: "New password again"),
        "passwordNotChanged": .init(
            ja: "パスワードは変更していません。下の「パスワードの変更」の項目を確認してください。",
            en: "The password was not changed. Check the field marked under “Change password” below."
        ),
        "passwordChanged": .init(ja: "パスワードを変更しました。ほかの端末はログアウトされました。", en: "Password changed. Other browsers have been signed out."),
        "targetReached": .init(ja: "目標体重を達成しました！", en: "You have reached your target weight!"),
        "navTabs": .init(ja: "タブ", en: "Tabs"),
        "navMore": .init(ja: "その他", en: "More"),
        // Names of navigation landmarks, read out by screen readers (aria-label).
        "navMain": .init(ja: "メインメニュー", en: "Main menu"),
        "navRange": .init(ja: "表示する期間", en: "Time range"),
        "navFilters": .init(ja: "絞り込み", en: "Filters"),
        "moreTitle": .init(ja: "その他のページ", en: "More pages"),
        "bodyHint": .init(ja: "設定で身長と目標体重を入れると、BMI と目標までの差を表示します。", en: "Add your height and target weight in Settings to see your BMI and how far the target is."),
    ]

    /// The table for one language, shaped for Mustache lookups.
    static func table(_ language: Language) -> [String: String] {
        all.mapValues { $0.text(in: language) }
    }
}

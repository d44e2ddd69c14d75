import Health

extension WebStrings {
    /// Streaks, badges and goals. Keys start with "mo" (no dots: Mustache reads a dot as a path).
    static let motivation: [String: LocalizedText] = [
        "moBadges": .init(ja: "バッジ", en: "Badges"),
        "moBadgesIntro": .init(
            ja: "記録を続けるともらえるバッジです。獲得したものが先、次にもう少しで届くものが並びます。",
            en: "Badges you earn by keeping records. Earned ones come first, then the ones you are closest to."
        ),
        "moEarned": .init(ja: "獲得", en: "Earned"),
        "moEarnedOn": .init(ja: "獲得日", en: "Earned on"),
        "moLocked": .init(ja: "未獲得", en: "Locked"),
        "moProgress": .init(ja: "進み具合", en: "Progress"),
        "moTimes": .init(ja: "回", en: "times"),
        "moEarnedCount": .init(ja: "獲得したバッジ", en: "Badges earned"),
        "moStreak": .init(ja: "連続記録", en: "Streak"),
        "moCurrentStreak": .init(ja: "現在の連続", en: "Current streak"),
        "moLongestStreak": .init(ja: "最長", en: "Longest"),
        "moHabitStrength": .init(ja: "習慣の強さ", en: "Habit strength"),
        "moDays": .init(ja: "日", en: "days"),
        "moDay": .init(ja: "日", en: "day"),
        "moFreezes": .init(ja: "おやすみ券", en: "Streak freezes"),
        "moLast14": .init(ja: "直近14日", en: "Last 14 days"),
        "moStatusDone": .init(ja: "記録あり", en: "Recorded"),
        "moStatusFrozen": .init(ja: "おやすみ券を使用", en: "Freeze used"),
        "moStatusPaused": .init(ja: "一時停止中", en: "Paused"),
        "moStatusMissed": .init(ja: "記録なし", en: "Not recorded"),
        "moStatusPending": .init(ja: "今日（まだ）", en: "Today (not yet)"),
        "moCelebrate": .init(ja: "おめでとうございます！新しいバッジを獲得しました", en: "Congratulations! You earned a new badge"),
        "moSeeBadges": .init(ja: "バッジを見る", en: "See your badges"),
        "moGoals": .init(ja: "目標", en: "Goals"),
        "moShare": .init(ja: "共有カード", en: "Share card"),
        "moShareIntro": .init(
            ja: "バッジと連続記録を画像にして共有できます。体重・BMI・名前・日付は、チェックしたものだけが載ります。",
            en: "Share your badges and streak as an image. Weight, BMI, name and dates appear only if you tick them."
        ),
        "moShareWeight": .init(ja: "体重を載せる", en: "Show my weight"),
        "moShareBMI": .init(ja: "BMIを載せる", en: "Show my BMI"),
        "moShareName": .init(ja: "名前を載せる", en: "Show my name"),
        "moShareDates": .init(ja: "期間を載せる", en: "Show the dates"),
        "moSharePortrait": .init(ja: "縦長", en: "Portrait"),
        "moShareLandscape": .init(ja: "横長", en: "Landscape"),
        "moSharePreview": .init(ja: "プレビュー", en: "Preview"),
        "moShareDownload": .init(ja: "画像をダウンロード", en: "Download the image"),
        "moShareCardAlt": .init(ja: "共有カードのプレビュー", en: "Share card preview"),
        "moReminders": .init(ja: "リマインダーと休止", en: "Reminders and pauses"),
        "moRemindersIntro": .init(
            ja: "記録を1日忘れたら、翌日に1回だけやさしくお知らせします。3回続けて記録がなければ、次に記録するまで止まります。",
            en: "Miss one day and you get one gentle note the next day. After three in a row without a record, they stop until you record again."
        ),
        "moRemindersEnabled": .init(ja: "リマインダーを受け取る", en: "Send me reminders"),
        "moRemindersTime": .init(ja: "お知らせの時刻", en: "Reminder time"),
        "moRemindersTimeHelp": .init(
            ja: "空欄なら、最近14日の記録時刻の中央値を使います。",
            en: "Leave it empty to use your usual time (the median of the last 14 days' entries)."
        ),
        "moRemindersQuiet": .init(ja: "お知らせしない時間帯", en: "Quiet hours"),
        "moRemindersQuietFrom": .init(ja: "開始", en: "From"),
        "moRemindersQuietTo": .init(ja: "終了", en: "To"),
        "moRemindersWebhook": .init(ja: "Webhook または ntfy のアドレス", en: "Webhook or ntfy address"),
        "moRemindersWebhookHelp": .init(
            ja: "空欄にすると送りません。ntfy 形式では通知に「今すぐ記録」ボタンが付きます。",
            en: "Leave it empty to send none. In the ntfy format the notification has a “Record now” button."
        ),
        "moForecast": .init(ja: "今のペースなら", en: "At your pace by"),
        "moWeightPace": .init(ja: "減量のペース", en: "Weight-loss pace"),
        "moWeightPaceHelp": .init(
            ja: "体重の週0.25〜1.0%（標準は0.5%、週1 kgが上限）。体重の提案と目標の見込み日に使います。",
            en: "0.25–1.0 % of your weight a week (0.5 % by default, never more than 1 kg). Used for the weight suggestion and a goal's expected day."
        ),
        "moWeightPacePercent": .init(ja: "週あたり（%）", en: "Per week (%)"),
        "moWeightPaceSave": .init(ja: "ペースを保存", en: "Save the pace"),
        "moRemindersFormat": .init(ja: "形式", en: "Format"),
        "moRemindersFormatJSON": .init(ja: "JSON（Webhook）", en: "JSON (webhook)"),
        "moRemindersFormatNtfy": .init(ja: "ntfy（通知アプリ）", en: "ntfy (notification app)"),
        "moRemindersSave": .init(ja: "保存", en: "Save"),
        "moRemindersCalendar": .init(ja: "カレンダー", en: "Calendar"),
        "moRemindersCalendarHelp": .init(
            ja: "カレンダーアプリでこの非公開アドレスを購読できます。新しいリンクを作ると、前のリンクは使えなくなります。",
            en: "Subscribe to this private address in a calendar app. A new link stops the old one."
        ),
        "moRemindersCalendarNone": .init(ja: "まだリンクはありません。", en: "No link yet."),
        "moRemindersCalendarCopyNow": .init(
            ja: "新しいリンクを作りました。今コピーしてください。このアドレスはもう表示されません。もう一度見るには新しいリンクを作ってください（前のリンクは使えなくなります）。",
            en: "New link made. Copy it now: this address is not shown again. Make a new one to see it again (the old one then stops working)."
        ),
        "moRemindersCalendarExists": .init(
            ja: "非公開のカレンダーリンクがあります。アドレスは作ったときだけ表示されます。もう一度見るには新しいリンクを作ってください。",
            en: "A private calendar link exists. Its address was shown only when it was made; make a new one to see it again."
        ),
        "moRemindersCalendarNew": .init(ja: "新しいリンクを作る", en: "New link"),
        "moPauses": .init(ja: "休止", en: "Pauses"),
        "moPausesHelp": .init(
            ja: "旅行や体調不良のときに（最長90日）。休止中の日は連続記録を途切れさせず、リマインダーも届きません。",
            en: "For a holiday or an illness (up to 90 days): paused days don't break a streak and send no reminders."
        ),
        "moPauseFirst": .init(ja: "開始日", en: "First day"),
        "moPauseLast": .init(ja: "最終日", en: "Last day"),
        "moPauseAdd": .init(ja: "休止を追加", en: "Add a pause"),
        "moPauseDelete": .init(ja: "削除", en: "Remove"),
        "moShareLinks": .init(ja: "公開リンク", en: "Public links"),
        "moShareLinksIntro": .init(
            ja: "リンクを知っている人は誰でも、いまのチェックのとおりのカードを見られます。不要になったら取り消してください。",
            en: "Anyone with a link sees the card with the choices ticked now. Revoke a link when you no longer need it."
        ),
        "moShareLinkCreate": .init(ja: "公開リンクを作る", en: "Make a public link"),
        "moShareLinkCreated": .init(
            ja: "公開リンクを作りました。このアドレスは今回しか表示されません。",
            en: "Your public link is ready. This address is shown only this once."
        ),
        "moShareLinkAddress": .init(ja: "公開リンクのアドレス", en: "Public link address"),
        "moShareLinkRevoke": .init(ja: "取り消す", en: "Revoke"),
        "moShareLinksNone": .init(ja: "公開リンクはありません。", en: "No public links."),
        "moShareLinkNothingPersonal": .init(ja: "個人情報なし", en: "Nothing personal"),
        "moShareLinkTitle": .init(ja: "記録 Kiroku の共有カード", en: "A Kiroku share card"),
        "moGoalsIntro": .init(
            ja: "無理のない目標を、記録から一緒に決めましょう。2週間記録すると提案が届きます。",
            en: "Set goals you can keep, from your own records. After two weeks of records, Kiroku suggests some."
        ),
        "moSuggestions": .init(ja: "提案", en: "Suggestions"),
        "moAccept": .init(ja: "この目標にする", en: "Use this goal"),
        "moDismiss": .init(ja: "今はいい", en: "Not now"),
        "moNoGoals": .init(ja: "まだ目標はありません。", en: "No goals yet."),
        "moNewGoal": .init(ja: "新しい目標", en: "New goal"),
        "moMetric": .init(ja: "項目", en: "Metric"),
        "moDirection": .init(ja: "種類", en: "Kind"),
        "moAtLeast": .init(ja: "以上（歩数など）", en: "At least (steps, …)"),
        "moAtMost": .init(ja: "以下（体重など）", en: "At most (weight, …)"),
        "moWithinRange": .init(ja: "範囲内（維持）", en: "Within a range (maintain)"),
        "moTarget": .init(ja: "目標値", en: "Target"),
        "moLower": .init(ja: "下限", en: "Lower bound"),
        "moUpper": .init(ja: "上限", en: "Upper bound"),
        "moDeadline": .init(ja: "期限（任意）", en: "Deadline (optional)"),
        // A set goal's deadline, beside its progress (the form's label says the field may be left empty).
        "moDeadlineSet": .init(ja: "期限", en: "Deadline"),
        "moCreateGoal": .init(ja: "目標を作成", en: "Create goal"),
        "moCurrent": .init(ja: "現在", en: "Now"),
        "moStopGoal": .init(ja: "やめる", en: "Stop"),
        "moGoalSteps": .init(ja: "ステップに分ける", en: "Break into steps"),
        "moDeleteGoal": .init(ja: "削除", en: "Delete"),
        "moHistory": .init(ja: "履歴", en: "History"),
        "moStopped": .init(ja: "終了", en: "Stopped"),
        "moEventCreated": .init(ja: "作成", en: "Created"),
        "moEventAchieved": .init(ja: "達成", en: "Achieved"),
        "moEventTargetChanged": .init(ja: "目標値を変更", en: "Target changed"),
        "moEventAbandoned": .init(ja: "終了", en: "Stopped"),
        "moEventDeadlinePassed": .init(ja: "期限を過ぎました", en: "Deadline passed"),
        "moGoalProgress": .init(ja: "目標の進み具合", en: "Goal progress"),
    ]
}

import Health

extension WebStrings {
    /// The installable app: its manifest, the offline page and the outbox of records entered without a network.
    static let offline: [String: LocalizedText] = [
        "pwaShortName": .init(ja: "記録", en: "Kiroku"),
        "pwaDescription": .init(ja: "体重・歩数・タスク・筋トレの記録", en: "Your weight, steps, tasks and workouts"),
        "pwaOfflineTitle": .init(ja: "オフラインです", en: "You are offline"),
        "pwaOfflineText": .init(
            ja: "ネットワークにつながっていません。最近開いたページはこの端末に保存されていて、オフラインでも読めます。",
            en: "There is no network. Pages you opened recently are kept on this device and can be read offline."
        ),
        "pwaOfflineCached": .init(ja: "この端末に保存されているページ", en: "Pages kept on this device"),
        "pwaOfflineNone": .init(ja: "保存されているページはまだありません。", en: "No pages are kept yet."),
        "pwaOfflineEntry": .init(
            ja: "記録ページの体重や歩数、トレーニングのセット、タスクのステップは、オフラインでも入力できます。ネットワークが戻ると自動で送信します。",
            en: "A weight or steps on the records page, a workout set and a task step can be entered offline; they are sent when the network returns."
        ),
        "pwaWaiting": .init(ja: "送信待ち", en: "Waiting to send"),
        "pwaQueued": .init(
            ja: "オフラインです。この端末に預かり、ネットワークが戻ると送信します。",
            en: "You are offline: kept on this device, and sent when the network returns."
        ),
        "pwaKeptOnSignOut": .init(
            ja: "ログアウトしても、送信待ちの記録はこの端末に残り、このアカウントで次にログインしたときに送信されます。",
            en: "If you sign out, what waits stays on this device and is sent the next time this account signs in."
        ),
        "pwaKept": .init(
            ja: "この端末に、ログイン中に入力した送信待ちの記録があります。入力したアカウントでログインすると送信され、ほかのアカウントでは送信されません",
            en: "This device keeps entries made while signed in that are waiting to be sent. They are sent when the account they were entered under signs in, never under another account"
        ),
        "pwaKeptDiscard": .init(ja: "この端末から削除する", en: "Remove them from this device"),
        "pwaKeptDiscarded": .init(ja: "送信待ちの記録をこの端末から削除しました。", en: "The waiting entries were removed from this device."),
        "pwaSent": .init(ja: "オフライン中に入力した記録を送信しました。", en: "The records entered offline have been sent."),
        "pwaRejected": .init(
            ja: "オフライン中に入力した記録のうち、保存できなかったものがあります。入力し直してください。",
            en: "A record entered offline could not be saved. Please enter it again."
        ),
    ]
}

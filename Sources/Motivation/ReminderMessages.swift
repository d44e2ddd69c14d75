import Foundation
import Health

/// Kind words for reminders: no guilt, no lost-streak alarm, always a small next step.
enum ReminderMessages {
    static func message(ordinal: Int) -> LocalizedText {
        switch ordinal {
        case 1:
            LocalizedText(
                ja: "昨日はひと休みでしたね。今日の分から、気が向いたときにどうぞ。",
                en: "Yesterday was a day off. Whenever you feel like it, today is a fine place to pick up."
            )
        case 2:
            LocalizedText(
                ja: "体重ひとつ、歩数ひとつだけでも十分です。記録はいつでも待っています。",
                en: "One weight or one step count is plenty. Your log is here whenever you are."
            )
        default:
            LocalizedText(
                ja: "しばらくお知らせはお休みします。また記録したくなったら、いつでも戻ってきてください。",
                en: "We'll stop the nudges for now. Come back any time you want to record again."
            )
        }
    }
}

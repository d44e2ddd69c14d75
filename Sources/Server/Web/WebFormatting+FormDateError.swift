import Health

/// A date and time typed into a web form that Kiroku refuses, said in the form's words: the field by the label the
/// person sees and, for text that is no date at all, the shape the field takes. `DateInputError` speaks to API
/// clients (the JSON key, an RFC 3339 example with `Z`), which means nothing to someone filling in a page.
struct FormDateError: Error, Equatable {
    let message: LocalizedText

    /// The example a form's date-and-time field is written like: what pages print and `datetime-local` sends
    /// (`T` or a space between date and time both read).
    static let formExample = "2026-05-01 07:30"

    init(_ error: DateInputError, field: LocalizedText) {
        switch error.reason {
        case .unreadable(let problem):
            let why: LocalizedText = switch problem {
            // The API's hints (an offset example, "needs Z") describe a shape the form field does not take.
            case .malformed, .missingOffset:
                LocalizedText(ja: "\(Self.formExample) のように入力してください", en: "enter it like \(Self.formExample)")
            default:
                problem.reason
            }
            message = LocalizedText(
                ja: "\(field.ja): 「\(error.text)」は日時として正しくありません（\(why.ja)）",
                en: "\(field.en): “\(error.text)” is not a valid date and time (\(why.en))."
            )
        case .outOfRange(let window):
            message = LocalizedText(
                ja: "\(field.ja): 「\(error.text)」は受け付けられる範囲の外です（\(window.rule.ja)の日時にしてください）",
                en: "\(field.en): “\(error.text)” is out of range (it must be \(window.rule.en))."
            )
        }
    }
}

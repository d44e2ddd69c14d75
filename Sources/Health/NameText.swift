import Foundation

/// The rule for names people give things — display names, task and step titles, tags, exercise names, token names:
/// no control characters (C0 including NUL, tab and newline; DEL; C1). They are invisible, break the CSV and log
/// lines a name is written to, and no one types them on purpose. Every domain checks its names here and refuses with
/// its own error type, so the code and message are the same wherever a name comes in.
public enum NameText {
    /// The first control character in `text`, if any.
    public static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }

    /// `text` unless it holds a control character: then the refusal, in `Domain`'s error type, naming the field and
    /// the character's code point.
    public static func check<Domain>(_ text: String, field: LocalizedText, in domain: Domain.Type) throws(DomainRefusal<Domain>) -> String {
        guard let scalar = controlCharacter(in: text) else { return text }
        throw refusal(field: field, scalar: scalar)
    }

    public static func refusal<Domain>(field: LocalizedText, scalar: Unicode.Scalar) -> DomainRefusal<Domain> {
        let codePoint = "U+" + String(format: "%04X", scalar.value)
        return DomainRefusal(
            code: "control_character",
            message: LocalizedText(
                ja: "\(field.ja)に制御文字（\(codePoint)）は使えません。",
                en: "The \(field.en.lowercased()) cannot contain a control character (\(codePoint))."
            )
        )
    }
}

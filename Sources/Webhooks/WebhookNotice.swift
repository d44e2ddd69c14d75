import Foundation

/// One notification as a user's webhook receives it, whatever the format: a title, a message and, when there is
/// somewhere to go, an absolute address to open ("record now").
public struct WebhookNotice: Sendable, Equatable {
    public struct Action: Sendable, Equatable {
        public var label: String
        /// Absolute: a phone opens it from outside Kiroku.
        public var url: String

        public init(label: String, url: String) {
            self.label = label
            self.url = url
        }
    }

    public var title: String
    public var message: String
    public var action: Action?

    public init(title: String, message: String, action: Action? = nil) {
        self.title = title
        self.message = message
        self.action = action
    }

    /// ntfy's publish form: the message is the body; the title, the address a tap opens (`Click`) and one "view"
    /// button (`Actions`) are headers. HTTP headers are bytes, so non-ASCII text goes as RFC 2047 encoded-words,
    /// which ntfy decodes.
    public var ntfyBody: Data { Data(message.utf8) }

    public var ntfyHeaders: [(name: String, value: String)] {
        var headers = [(name: "Title", value: Self.headerText(title))]
        if let action {
            headers.append((name: "Click", value: action.url))
            headers.append((name: "Actions", value: "view, \(Self.headerText(action.label.replacingOccurrences(of: ",", with: " "))), \(action.url)"))
        }
        return headers
    }

    /// ASCII as it is; anything else as `=?UTF-8?B?…?=` words of at most 45 bytes each (RFC 2047 keeps a word
    /// under 76 characters), never splitting a character.
    static func headerText(_ text: String) -> String {
        let clean = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        guard !clean.unicodeScalars.allSatisfy({ $0.isASCII }) else { return clean }
        var words: [String] = []
        var chunk = ""
        for character in clean {
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: " ")
    }
}

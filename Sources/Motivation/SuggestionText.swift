import Foundation

/// Number formatting for suggestion messages: fixed "." decimals whatever the server's locale.
enum SuggestionText {
    static func kilograms(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func whole(_ value: Double) -> String {
        String(Int(value.rounded()))
    }
}

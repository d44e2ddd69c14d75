import Logging

/// Removes personal data from log metadata (seed 000 R8: no personal data in production logs).
/// Keys are matched by name, case-insensitively, anywhere in nested metadata.
public struct PersonalDataRedactor: Sendable {
    public static let redactedKeys: Set<String> = [
        "name", "username", "displayname", "email", "phone", "address", "user_id", "userid", "user",
        "password", "token", "authorization", "cookie", "session", "api_key", "apikey", "x-api-key",
        "birthdate", "date_of_birth", "value", "body", "refusal",
    ]
    public static let placeholder = "[redacted]"

    public let enabled: Bool

    public init(enabled: Bool = true) {
        self.enabled = enabled
    }

    public func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        guard enabled else { return metadata }
        return metadata.reduce(into: [:]) { result, entry in
            result[entry.key] = Self.isPersonal(entry.key) ? .string(Self.placeholder) : redact(entry.value)
        }
    }

    private func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .dictionary(let dictionary): .dictionary(redact(dictionary))
        case .array(let array): .array(array.map(redact))
        case .string, .stringConvertible: value
        }
    }

    static func isPersonal(_ key: String) -> Bool {
        let key = key.lowercased()
        return redactedKeys.contains(key) || key.hasSuffix("_email") || key.hasSuffix("password") || key.hasSuffix("token")
    }
}

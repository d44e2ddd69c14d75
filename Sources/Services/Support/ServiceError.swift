import Health

/// Refusals every system shares: what was asked for does not exist (or belongs to someone else, which must read
/// the same), or a parameter is not one the operation accepts.
public enum ServiceError: DomainError, Equatable {
    case notFound
    case invalidParameter(String)

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .invalidParameter: "invalid_parameter"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .notFound: 404
        case .invalidParameter: 400
        }
    }

    public var message: LocalizedText {
        switch self {
        case .notFound: LocalizedText(ja: "見つかりません。", en: "Not found.")
        case .invalidParameter(let name): LocalizedText(ja: "パラメータ「\(name)」が正しくありません。", en: "The parameter “\(name)” is invalid.")
        }
    }
}

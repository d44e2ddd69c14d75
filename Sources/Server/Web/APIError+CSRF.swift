import Health
import Hummingbird

extension APIError {
    static let invalidCSRFToken = APIError(
        status: .forbidden, code: "invalid_csrf_token",
        message: .init(
            ja: "フォームの有効期限が切れました。ページを再読み込みしてもう一度お試しください。",
            en: "This form has expired. Reload the page and try again."
        )
    )
}

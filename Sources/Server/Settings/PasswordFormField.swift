import Services

/// The fields of Settings' password form, named as the form and the template name them (`<field>Error` holds a
/// refusal's reason under that field).
enum PasswordFormField: String {
    case currentPassword, newPassword, newPasswordConfirmation

    /// The field a refused change is about; nil for a reason about no one field (too many attempts).
    init?(_ error: any Error) {
        switch error as? AccountError {
        case .wrongCurrentPassword: self = .currentPassword
        case .passwordTooShort, .passwordTooLong: self = .newPassword
        case .passwordsDoNotMatch: self = .newPasswordConfirmation
        default: return nil
        }
    }
}

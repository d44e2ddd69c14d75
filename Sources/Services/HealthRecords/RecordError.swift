import Health

/// Why a stored health record cannot be changed as asked.
public enum RecordError: DomainError, Equatable {
    /// Imported and gateway records are kept as their source sent them.
    case manualOnly

    public var code: String { "not_editable" }
    public var httpStatus: Int { 409 }
    public var message: LocalizedText {
        LocalizedText(ja: "手入力の記録だけが編集できます。", en: "Only manually entered records can be edited.")
    }
}

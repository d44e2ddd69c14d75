import Health

/// An alert asked for a store the directory does not have.
public struct UnknownStoreError: DomainError, Equatable {
    public let storeId: String

    public var code: String { "unknown_store" }
    public var httpStatus: Int { 400 }
    public var message: LocalizedText {
        LocalizedText(ja: "店舗 ID「\(storeId)」は存在しません。", en: "No store with id “\(storeId)”.")
    }
}

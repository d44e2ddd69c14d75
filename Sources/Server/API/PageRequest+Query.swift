import HummingbirdCore
import Storage

extension PageRequest {
    /// Every list that can grow reads the same two parameters: `limit` (1–1,000) and `cursor` (the `nextCursor` of
    /// the previous answer). A value that is not one of them is refused, never silently ignored.
    init(_ parameters: FlatDictionary<Substring, Substring>, defaultLimit: Int) throws {
        var limit = defaultLimit
        if let text = parameters["limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else { throw APIError.invalidParameter("limit") }
            limit = value
        }
        var cursor: PageCursor?
        if let text = parameters["cursor"] {
            guard let value = PageCursor(token: String(text)) else { throw APIError.invalidParameter("cursor") }
            cursor = value
        }
        self.init(limit: limit, cursor: cursor)
    }
}

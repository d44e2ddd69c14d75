import HummingbirdCore
import Services
import Storage

extension PageRequest {
    /// Every list that can grow reads the same two parameters: `limit` (1–1,000) and `cursor` (the `nextCursor` of
    /// the previous answer). A value that is not one of them is refused, never silently ignored.
    init(_ parameters: FlatDictionary<Substring, Substring>, defaultLimit: Int) throws {
        let (limit, cursor) = try Self.limitAndCursor(parameters, defaultLimit: defaultLimit, maxLimit: Self.maxLimit)
        self.init(limit: limit, cursor: cursor)
    }

    /// `limit` (1–`maxLimit`) and `cursor`, read as every paged list reads them; a route's points page with a
    /// larger `maxLimit` than rows do.
    static func limitAndCursor(_ parameters: FlatDictionary<Substring, Substring>, defaultLimit: Int, maxLimit: Int) throws -> (limit: Int, cursor: PageCursor?) {
        var limit = defaultLimit
        if let text = parameters["limit"] {
            guard let value = Int(text), (1...maxLimit).contains(value) else { throw APIError.invalidParameter("limit", expected: .integer(1...maxLimit)) }
            limit = value
        }
        var cursor: PageCursor?
        if let text = parameters["cursor"] {
            guard let value = PageCursor(token: String(text)) else { throw APIError.invalidParameter("cursor", expected: .cursor) }
            cursor = value
        }
        return (limit, cursor)
    }
}

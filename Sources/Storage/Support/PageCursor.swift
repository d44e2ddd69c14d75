import Foundation
import GRDB

/// Where the next page of a list starts: the sort key and id of the last row shown. Every list that can grow (records,
/// inbox, alerts, imports, tasks) pages this way, so rows added while a person pages never shift or repeat a page,
/// as an offset would. The sort key is a time in milliseconds for newest-first lists and a position for ordered ones.
public struct PageCursor: Sendable, Hashable {
    public var sortKey: Int64
    public var id: Int64

    public init(sortKey: Int64, id: Int64) {
        self.sortKey = sortKey
        self.id = id
    }

    /// A newest-first list's cursor: the last row's time, to the millisecond, as it is stored.
    public init(date: Date, id: Int64) {
        self.init(sortKey: Int64((date.timeIntervalSince1970 * 1000).rounded()), id: id)
    }

    public var date: Date { Date(timeIntervalSince1970: Double(sortKey) / 1000) }

    /// The opaque text a client sends back: "<sort key>.<id>" (the records API's format since its first version).
    public init?(token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let sortKey = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
        self.init(sortKey: sortKey, id: id)
    }

    public var token: String { "\(sortKey).\(id)" }
}

/// How much of a list to read: at most `limit` rows (1–1,000) after `cursor`.
public struct PageRequest: Sendable, Hashable {
    public static let maxLimit = 1_000

    public var limit: Int
    public var cursor: PageCursor?

    public init(limit: Int = 100, cursor: PageCursor? = nil) {
        self.limit = min(max(limit, 1), Self.maxLimit)
        self.cursor = cursor
    }
}

/// One page of a list and the cursor of the next, nil on the last page.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: PageCursor?

    public init(items: [Item], nextCursor: PageCursor?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    /// Cuts `rows` read with `limit + 1` to the page, the extra row only telling that another page exists.
    init(rows: [Item], limit: Int, cursor: (Item) throws -> PageCursor) rethrows {
        let items = Array(rows.prefix(limit))
        self.init(items: items, nextCursor: rows.count > limit ? try items.last.map(cursor) : nil)
    }
}

extension Page: Equatable where Item: Equatable {}

extension QueryInterfaceRequest {
    /// Newest first by `date`, then `id`, starting after the page's cursor, with one row more than the page so
    /// `Page(rows:limit:cursor:)` can tell whether another page follows.
    func newestFirst(by date: Column, id: Column, page: PageRequest) -> Self {
        var request = self
        if let cursor = page.cursor {
            let at = cursor.date
            request = request.filter(date < at || (date == at && id < cursor.id))
        }
        return request.order(date.desc, id.desc).limit(page.limit + 1)
    }

    /// Oldest first by `date`, then `id`, `limit` rows after `cursor`: for reading a whole list a page at a time (an
    /// export), where the caller knows the list ended when a page comes back short.
    func oldestFirst(by date: Column, id: Column, after cursor: PageCursor?, limit: Int) -> Self {
        var request = self
        if let cursor {
            let at = cursor.date
            request = request.filter(date > at || (date == at && id > cursor.id))
        }
        return request.order(date, id).limit(limit)
    }
}

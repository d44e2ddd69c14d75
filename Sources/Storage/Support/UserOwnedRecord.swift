import GRDB

/// A record that belongs to one user: its table has a `userId` column pointing at `user` (ON DELETE CASCADE).
///
/// Every query made on a user's behalf starts from `owned(by:)`, so the owner filter is written once, here, and
/// another user's row behaves exactly like a row that does not exist.
protocol UserOwnedRecord: TableRecord {
    /// The column holding the owner's `user.id`: the record's `Columns.userId`.
    static var ownerColumn: Column { get }
}

extension UserOwnedRecord {
    /// The rows that belong to `userId`, and only those.
    static func owned(by userId: Int64) -> QueryInterfaceRequest<Self> {
        all().owned(by: userId)
    }
}

extension QueryInterfaceRequest where RowDecoder: UserOwnedRecord {
    /// This request narrowed to the rows that belong to `userId`.
    func owned(by userId: Int64) -> Self {
        filter(RowDecoder.ownerColumn == userId)
    }
}

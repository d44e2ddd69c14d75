import Foundation
import GRDB
import Health

/// An import's top-level samples, written up to 128 to one `INSERT OR IGNORE` at their home slots.
///
/// One statement per sample opened the table's and its five indexes' cursors, read and wrote the AUTOINCREMENT
/// counter and checked the owner's key for every row; one statement for 128 rows does that once. Measured in C on
/// this schema with 557,037 generated rows shaped like an import's: 3.8–4.2 s of CPU one row a statement, 2.3–2.7 s
/// 128 rows a statement with its journal in memory (`temp_store`, set for the import; BENCHMARKS.md).
///
/// A statement that writes every row tells where each went: home slots, and the consecutive ids ending at the last
/// one inserted (AUTOINCREMENT, inside the writer's transaction). One that writes fewer — an export imported again, a
/// sample listed twice, a collision — is followed by a look at each home slot: a row there with an id above the
/// counter's value before the statement is new (a row left out still takes an id, so the new ones need not be
/// consecutive). The samples it did not write are left to the caller's one-by-one path (`NaturalKeySlots.store`),
/// which tells present from colliding, and which for them reads the slots before it tries an insert. A statement's
/// worth whose first sample is stored already (an export imported again) goes that way whole, without the attempt: a
/// type's samples come in time order, so its neighbours are most likely stored too.
final class ImportedSampleRun {
    /// Rows per statement: a full run is one statement of the first size; what is left when the run is cut short (a
    /// correlation, the end of a batch) goes in statements of the smaller sizes, and fewer than the smallest one by one.
    static let statementSizes = [128, 32, 8]
    static var rowsPerStatement: Int { statementSizes[0] }

    private var statements: [Int: ImportStatement] = [:]
    private let homeRow: Statement
    private let idCounter: Statement
    private let userId: Int64
    private let importJobId: Int64
    private let nowText: String
    private let rollups: HourlyRollupDeferral
    private let devices: HealthDeviceIds
    /// The batch's top-level samples and their texts, read where they are: a sample copied out of its array is a retain
    /// and a release of every text it holds, and on the writing thread those copies were 6 % of its time.
    private let batchSamples: UnsafeBufferPointer<ImportedSample>
    private let batchTexts: UnsafeBufferPointer<ImportedSampleText>
    /// The positions in the batch of the samples waiting to be written: always consecutive, as they are added in order.
    private var pending = 0..<0

    /// `samples` and `texts` must outlive the run.
    init(
        _ db: Database, userId: Int64, importJobId: Int64, now: Date, rollups: HourlyRollupDeferral,
        samples: UnsafeBufferPointer<ImportedSample>, texts: UnsafeBufferPointer<ImportedSampleText>
    ) throws {
        homeRow = try db.cachedStatement(sql: "SELECT id FROM healthRecord WHERE userId = ? AND naturalKey = ?")
        idCounter = try db.cachedStatement(sql: "SELECT seq FROM sqlite_sequence WHERE name = 'healthRecord'")
        self.userId = userId
        self.importJobId = importJobId
        nowText = DatabaseDateText.string(now)
        self.rollups = rollups
        devices = try HealthDeviceIds(db, userId: userId)
        batchSamples = samples
        batchTexts = texts
    }

    var isEmpty: Bool { pending.isEmpty }

    /// Adds the batch's sample at `position`, the one after the last added, to the run; answers whether the run is
    /// full and should be written.
    func append(_ position: Int) -> Bool {
        precondition(pending.isEmpty || position == pending.upperBound, "samples join the run in order")
        pending = (pending.isEmpty ? position : pending.lowerBound)..<(position + 1)
        return pending.count == Self.rowsPerStatement
    }

    /// What became of a sample of the run.
    enum Outcome {
        /// Stored at its home slot by this run.
        case written
        /// Left out by a statement, or in a statement's worth whose first sample is stored already: most likely
        /// stored, so the caller looks before it inserts.
        case refused
        /// In the run's last few, too few for a statement: the caller stores it as any other.
        case untried
    }

    /// Takes the pending samples out of the run and writes what it can of them. Answers them and their texts with, in
    /// the same order, what became of each; the caller stores those not written one by one, from the same texts.
    func write(_ db: Database) throws -> (
        samples: UnsafeBufferPointer<ImportedSample>, texts: UnsafeBufferPointer<ImportedSampleText>, outcomes: [Outcome]
    ) {
        let samples = UnsafeBufferPointer(rebasing: batchSamples[pending])
        let texts = UnsafeBufferPointer(rebasing: batchTexts[pending])
        pending = 0..<0
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(samples.count)
        var start = 0
        while start < samples.count {
            let left = samples.count - start
            guard let size = Self.statementSizes.first(where: { $0 <= left }) else {
                outcomes += repeatElement(.untried, count: left)
                break
            }
            let part = start..<(start + size)
            if let ids = try write(UnsafeBufferPointer(rebasing: samples[part]), texts: UnsafeBufferPointer(rebasing: texts[part]), db: db) {
                outcomes += ids.map { $0 == nil ? .refused : .written }
            } else {
                outcomes += repeatElement(.refused, count: size)
            }
            start += size
        }
        return (samples, texts, outcomes)
    }

    /// Writes `samples` in one statement unless the first is stored already (nil); answers the id of each one's new row.
    private func write(_ samples: UnsafeBufferPointer<ImportedSample>, texts: UnsafeBufferPointer<ImportedSampleText>, db: Database) throws -> [Int64?]? {
        guard let first = samples.first, try storedId(at: NaturalKeySlots.home(of: first.naturalKey)) == nil else {
            return nil
        }
        let lastIdBefore = try Int64.fetchOne(idCounter) ?? 0
        var deviceIds: [Int64?] = []
        deviceIds.reserveCapacity(samples.count)
        for index in samples.indices { deviceIds.append(try devices.id(for: samples[index].device)) }
        _ = try statement(rows: samples.count, db: db).execute(db) { row in
            row.addRunValues(userId: userId, source: .import, nowText: nowText, importJobId: importJobId)
            for index in samples.indices {
                row.addRunRow(
                    samples.baseAddress! + index, text: texts.baseAddress! + index, deviceId: deviceIds[index],
                    slot: NaturalKeySlots.home(of: samples[index].naturalKey)
                )
            }
        }
        let ids = try insertedIds(of: samples, after: lastIdBefore, db: db)
        for index in samples.indices {
            guard let id = ids[index] else { continue }
            rollups.add(
                metric: samples[index].metric, startText: texts[index].startText, startMilliseconds: texts[index].startMilliseconds,
                id: id, value: samples[index].value
            )
        }
        return ids
    }

    private func statement(rows: Int, db: Database) throws -> ImportStatement {
        if let statement = statements[rows] { return statement }
        let statement = try ImportStatement(db, sql: ImportedSampleInsert.runSQL(rows: rows))
        statements[rows] = statement
        return statement
    }

    /// The id of each sample's new row, nil for those the statement did not write.
    private func insertedIds(of samples: UnsafeBufferPointer<ImportedSample>, after lastIdBefore: Int64, db: Database) throws -> [Int64?] {
        let written = db.changesCount
        if written == samples.count {
            let lastId = db.lastInsertedRowID
            return (0..<samples.count).map { lastId - Int64(samples.count - 1 - $0) }
        }
        guard written > 0 else { return Array(repeating: nil, count: samples.count) }
        // Of two samples with one home slot only the first can have written there.
        var claimed: Set<Int64> = []
        return try samples.indices.map { index in
            let home = NaturalKeySlots.home(of: samples[index].naturalKey)
            guard !claimed.contains(home), let id = try storedId(at: home), id > lastIdBefore else {
                return nil
            }
            claimed.insert(home)
            return id
        }
    }

    /// The id of the owner's record at `slot`, if one is there.
    private func storedId(at slot: Int64) throws -> Int64? {
        try Int64.fetchOne(homeRow, arguments: [userId, slot])
    }
}

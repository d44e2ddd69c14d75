import Foundation
import Health

/// What a CSV import file holds, told by its header: samples in the simple `date,metric,value,unit[,source]` shape,
/// or the records of Kiroku's own records export (`id,metric,…,time_zone[,start_utc,…]`), to be put back as they were.
public enum CSVImportFile: Sendable {
    case samples([ImportedSample])
    case restoredRecords([RestoredRecord])

    /// Every row checked; any bad row refuses the whole file, every bad line named.
    public static func parse(_ text: String, now: Date) throws(CSVImportError) -> CSVImportFile {
        if KirokuRecordsCSV.startsWithHeader(text) { return .restoredRecords(try KirokuRecordsCSVParser.parse(text, now: now)) }
        return .samples(try CSVRecordParser.parse(text, now: now))
    }
}

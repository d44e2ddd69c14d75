import Foundation
import Hummingbird
import Services

struct RecordListResponse: ResponseEncodable, HandWrittenJSON {
    let records: [RecordResponse]
    let nextCursor: String?

    func handWrittenJSON() -> Data? { RecordResponse.listJSON(records, nextCursor: nextCursor) }
}

struct CreatedRecordsResponse: ResponseEncodable, HandWrittenJSON {
    let records: [RecordResponse]

    func handWrittenJSON() -> Data? { RecordResponse.listJSON(records) }
}


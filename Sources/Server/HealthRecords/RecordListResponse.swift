import Foundation
import Hummingbird
import Services

struct RecordListResponse: ResponseEncodable {
    let records: [RecordResponse]
    let nextCursor: String?
}

struct CreatedRecordsResponse: ResponseEncodable {
    let records: [RecordResponse]
}


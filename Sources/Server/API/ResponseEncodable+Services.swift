import Hummingbird
import Services

// The application layer's documents, answered as JSON as they are.
extension AccountProfile: ResponseEncodable {}
extension HealthAutoExportResponse: ResponseEncodable {}
extension ImportJobResponse: ResponseEncodable {}
extension RecordResponse: ResponseEncodable {}
extension TaskResponse: ResponseEncodable {}

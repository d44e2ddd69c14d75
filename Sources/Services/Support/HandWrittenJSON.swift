import Foundation

/// A response that writes its own JSON: long lists, where `JSONEncoder`'s boxing of every value cost more than
/// storing the records did (a third of the server's time for 1,000 records posted at once). Nil hands the value
/// back to the encoder.
public protocol HandWrittenJSON {
    func handWrittenJSON() -> Data?
}

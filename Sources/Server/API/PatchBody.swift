import Foundation

/// A PATCH body of Kiroku's own API, read strictly: a member it does not read is refused (400 `unknown_field`,
/// naming it), because a typo such as `{"valeu": 3}` would otherwise answer 200 and change nothing.
///
/// Bodies that third-party apps post (the gateway's HealthKit batches, BulkTrack's sets, Health Auto Export) do not
/// conform: those apps add fields across versions, and refusing them would lose a person's data.
protocol PatchBody: Decodable {
    /// The keys the body decodes with, so the accepted names can never drift from what is read.
    associatedtype Members: CodingKey & CaseIterable
}

extension PatchBody {
    static var memberNames: [String] { Members.allCases.map(\.stringValue) }

    /// The top-level member names of `data` that the body does not read, sorted; empty when the document is not an
    /// object (the decoder then says what is wrong with it).
    static func unknownMembers(in data: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        let accepted = Set(memberNames)
        return object.keys.filter { !accepted.contains($0) }.sorted()
    }
}

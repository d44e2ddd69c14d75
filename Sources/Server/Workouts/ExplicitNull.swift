/// An optional that is written as `null` when absent instead of being left out, as the BulkTrack app expects
/// (synthesized `Encodable` drops nil optionals).
@propertyWrapper
struct ExplicitNull<Value: Encodable & Sendable>: Encodable, Sendable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

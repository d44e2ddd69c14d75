import Foundation
import Health
import Services
import Storage
import Testing

/// Record lists are written by hand for speed; a client must read exactly what `JSONEncoder` would have given it.
@Suite struct RecordListJSONTests {
    static func records() throws -> [RecordResponse] {
        let base = Date(timeIntervalSince1970: 1_767_225_600.123)
        let values: [Double] = [70, 70.5, 0.1, -3.25, 1e-7, 12_345_678.9, 9.5e15, 1e20, 0]
        return try values.enumerated().map { index, value in
            var record = HealthRecord(
                id: Int64(index + 1), userId: 7, metric: index % 2 == 0 ? "weight" : "stepCount", value: value, originalValue: value * 2.20462,
                originalUnit: index % 2 == 0 ? "lb" : "count", startAt: base.addingTimeInterval(Double(index) * 3_600.5),
                endAt: base.addingTimeInterval(Double(index) * 3_600.5 + 59.999), utcOffsetSeconds: index % 3 == 0 ? nil : (index % 2 == 0 ? 32_400 : -18_000),
                source: index % 2 == 0 ? .manual : .gateway, sourceName: index == 4 ? nil : "Kiroku \"体重計\"/scale",
                device: index % 4 == 0 ? "<<HKDevice: 0x1>, name:Apple Watch, model:Watch\\1>" : nil,
                metadata: index % 3 == 1 ? ["b": "line\nbreak\t\u{01}", "a": "日本/🚶", "HKWasUserEntered": "1"] : (index == 6 ? [:] : nil),
                externalId: index % 2 == 0 ? "client-\(index)" : nil, createdAt: base
            )
            record.updatedAt = base.addingTimeInterval(Double(index))
            let warnings = index == 2
                ? [ValidationWarning(code: "unusually_high", message: LocalizedText(ja: "いつもより高い値です", en: "Higher than \"usual\""))]
                : (index == 3 ? [] : nil)
            return try RecordResponse(record, warnings: warnings, language: index % 2 == 0 ? .ja : .en)
        }
    }

    /// What the encoder writes for the value the hand-written text decodes to, against what it writes for the original.
    func expectSameMeaning<Value: Codable>(_ written: Data?, as original: Value, _ type: Value.Type) throws {
        let text = try #require(written)
        let decoded = try APIJSON.makeDecoder().decode(Value.self, from: text)
        #expect(try APIJSON.makeEncoder().encode(decoded) == APIJSON.makeEncoder().encode(original))
    }

    struct Listed: Codable {
        let records: [RecordResponse]
        let nextCursor: String?
    }

    @Test func aListReadsBackAsTheEncoderWritesIt() throws {
        let records = try Self.records()
        try expectSameMeaning(RecordResponse.listJSON(records), as: Listed(records: records, nextCursor: nil), Listed.self)
        try expectSameMeaning(RecordResponse.listJSON(records, nextCursor: "MjAyNi0wMS0wMQ==|12"), as: Listed(records: records, nextCursor: "MjAyNi0wMS0wMQ==|12"), Listed.self)
        try expectSameMeaning(RecordResponse.listJSON([]), as: Listed(records: [], nextCursor: nil), Listed.self)
        let text = try #require(RecordResponse.listJSON(Array(records.prefix(1))).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.hasPrefix(#"{"records":[{"clientId":"client-0","createdAt":"2026-01-01T00:00:00.123Z","device":"#))
        #expect(!text.contains("utcOffsetSeconds"), "an absent optional is left out, as the encoder leaves it out")
    }

    @Test func aNumberThatIsNotFiniteIsLeftToTheEncoder() throws {
        var record = HealthRecord(
            id: 1, userId: 7, metric: "weight", value: .nan, originalValue: 1, originalUnit: "kg", startAt: Date(), endAt: Date(), source: .manual, createdAt: Date()
        )
        #expect(RecordResponse.listJSON([try RecordResponse(record, language: .en)]) == nil)
        record.value = 1
        record.originalValue = .infinity
        #expect(RecordResponse.listJSON([try RecordResponse(record, language: .en)]) == nil)
    }

    /// The byte check accepts exactly what the character check it replaced accepted.
    @Test(arguments: ["a", "client-1", String(repeating: "x", count: 100), String(repeating: "x", count: 101), "", " ", "a b", "a\tb", "a\u{7F}", "é", "日本",
                      "\r\n", "~!@#$%^&*()_+{}|:<>?", "\u{A0}"])
    func clientIdsAreCheckedAsBefore(_ raw: String) {
        let before = (1...ClientId.maxLength).contains(raw.count)
            && raw.allSatisfy { $0.isASCII && !$0.isWhitespace && !$0.isNewline && !$0.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F } }
        #expect(((try? ClientId.validated(raw)) != nil) == before)
    }

    @Test func everyCatalogSpellingFindsWhatItsNormalisedFormFinds() {
        for metric in MetricCatalog.all {
            for name in [metric.id, metric.healthKitIdentifier] + metric.aliases {
                #expect(MetricCatalog.metric(named: name)?.id == MetricCatalog.metric(named: " " + name.uppercased() + " ")?.id, "\(name)")
            }
        }
        #expect(MetricCatalog.metric(named: "HKQuantityTypeIdentifierBodyMass")?.id == "bodyMass")
        #expect(MetricCatalog.metric(named: "body_mass")?.id == MetricCatalog.metric(named: "bodymass")?.id)
    }
}

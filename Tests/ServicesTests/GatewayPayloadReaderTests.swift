import Foundation
import Services
import Testing

/// The gateway reads batches with its own reader and writes Kafka messages with its own writer, for speed; a phone
/// must notice no difference from JSONDecoder and JSONEncoder: the same samples, the same refusals and reasons.
@Suite struct GatewayPayloadReaderTests {
    static let good = #"{"id": "123e4567-e89b-12d3-a456-426614174000", "type": "stepCount", "value": 1500, "unit": "count", "startDate": "2024-01-15T09:00:00Z", "endDate": "2024-01-15T10:00:00+09:00""#

    /// Bodies a phone, an old app version or a broken client might send.
    static let bodies: [String] = [
        #"{"deviceId": "d", "userId": "u", "timestamp": "2024-01-15T10:30:00Z", "appVersion": "1.0.0", "samples": [\#(good), "sourceBundle": "com.apple.health", "metadata": {"device": "iPhone", "n": 3, "x": 2.5, "b": true, "z": null}, "isSynced": false, "createdAt": "2024-01-15T10:30:00Z", "timezone": "Asia/Tokyo", "timezoneOffset": 540}]}"#,
        #"{"deviceId":"d","userId":"u","samples":[]}"#,
        #" { "samples" : [ \#(good) } ] , "userId" : "u" , "deviceId" : "d" , "timestamp" : null , "extra" : {"a": [1, 2, {"b": null}]} } "#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good)}, {"type": "stepCount", "value": 1, "unit": "count", "startDate": "a", "endDate": "b"}, 7, null, [1]]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "value": "1500"}, \#(good), "value": null}, \#(good), "metadata": {"k": [1]}}, \#(good), "metadata": "x"}, \#(good), "isSynced": 1}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "timezoneOffset": 540.5}, \#(good), "timezoneOffset": -300}, \#(good), "value": -1.25e2, "unit": "\u006b\u0067 \"x\" \ud83d\ude00 日本"}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "value": 1e400}, \#(good), "timezoneOffset": 1e300}, \#(good), "metadata": {"k": 1e999}}, \#(good), "timezoneOffset": 540.0}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [{"\u0069d": "x", "type": "t", "value": 0, "unit": "u", "startDate": "s", "endDate": "e"}]}"#,
        #"{"deviceId": 5, "userId": "u", "samples": []}"#,
        #"{"deviceId": null, "userId": "u", "samples": []}"#,
        #"{"userId": "u", "samples": []}"#,
        #"{"deviceId": "d", "userId": "u", "samples": {}}"#,
        #"{"deviceId": "d", "userId": "u", "appVersion": 1, "samples": []}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good)}]"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good)},]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "value": 01}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "value": 1.}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": []} x"#,
        #"[{"deviceId": "d", "userId": "u", "samples": []}]"#,
        #"{"deviceId": "d\x", "userId": "u", "samples": []}"#,
        // Escapes JSONDecoder refuses or reads whole: halves of a surrogate pair alone, NUL, escaped member names.
        #"{"deviceId": "\ud83d", "userId": "u", "samples": []}"#,
        #"{"deviceId": "\ude00\ud83d", "userId": "u", "samples": []}"#,
        #"{"deviceId": "\ud83d\u0041", "userId": "u", "samples": []}"#,
        #"{"deviceId": "\ud83d\ud83d\ude00", "userId": "u", "samples": []}"#,
        #"{"deviceId": "\u12G4", "userId": "u", "samples": []}"#,
        #"{"deviceId": "\u0000\uDBFF\uDFFF\uFFFF\/", "\u0075serId": "u", "samples": []}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "unit": "\ud83d"}]}"#,
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "met\u0061data": {"\u00e9\ud83d\ude00": 1}}]}"#,
        // Nested metadata (clients send it though the protocol says string → string), a repeated name inside it.
        #"{"deviceId": "d", "userId": "u", "samples": [\#(good), "metadata": {"laps": [1, 2.5, [], {"z": true, "a": null, "z": 0}], "zone": {"max": 180, "name": "高\n"}, "s": "x"}}]}"#,
        "",
    ]

    /// One sample as read, or the reason it was refused.
    enum Entry: Equatable {
        case sample(GatewaySample)
        case refused(String)
    }

    /// What a decoded batch holds, comparable: the batch fields and each sample or its refusal reason.
    static func summary(_ payload: GatewayPayload) -> ([String?], [Entry]) {
        ([payload.deviceId, payload.userId, payload.timestamp, payload.appVersion], payload.samples.map { entry in
            switch entry {
            case .value(let sample): .sample(sample)
            case .failure(let reason): .refused(reason)
            }
        })
    }

    @Test(arguments: bodies) func readsEveryBatchAsJSONDecoderDoes(body: String) throws {
        let expected = try? JSONDecoder().decode(GatewayPayload.self, from: Data(body.utf8))
        let read = try? GatewayIngestService.decode(Data(body.utf8), settings: GatewaySettings())
        #expect(read.map(Self.summary)?.0 == expected.map(Self.summary)?.0)
        #expect(read.map(Self.summary)?.1 == expected.map(Self.summary)?.1)
    }

    /// Bytes that are not UTF-8 in a string, alone or beside an escape (an encoded surrogate half among them).
    @Test(arguments: [[0xFF], [0x5C, 0x6E, 0xFF], [0xED, 0xA0, 0x80], [0x5C, 0x6E, 0xC3], [0x5C, 0x6E, 0xC3, 0xA9]] as [[UInt8]])
    func readsStringBytesAsJSONDecoderDoes(inside: [UInt8]) throws {
        let body = Data(Array(#"{"deviceId": ""#.utf8) + inside + Array(#"", "userId": "u", "samples": []}"#.utf8))
        let expected = try? JSONDecoder().decode(GatewayPayload.self, from: body)
        let read = try? GatewayIngestService.decode(body, settings: GatewaySettings())
        #expect(read.map(Self.summary)?.0 == expected.map(Self.summary)?.0)
        #expect((read == nil) == (expected == nil))
    }

    @Test func aSampleIsRefusedWithTheReasonJSONDecoderGives() throws {
        let body = #"{"deviceId": "d", "userId": "u", "samples": [{"type": "stepCount"}, {"id": "x", "type": "t", "value": "x", "unit": "u", "startDate": "s", "endDate": "e"}]}"#
        let read = try GatewayIngestService.decode(Data(body.utf8), settings: GatewaySettings())
        #expect(Self.summary(read).1.suffix(2) == [.refused(#"missing field "id""#), .refused(#"wrong type at "samples.Index 1.value""#)])
    }

    /// A member Kiroku does not know is kept as the Kafka message carries it, without the whitespace between tokens, so
    /// the record's `gatewayField.<name>` is the same whether a storing gateway or the Kafka consumer stored it. Before,
    /// the storing gateway kept the spaces and line breaks as sent.
    @Test func aMemberKirokuDoesNotKnowIsKeptWithoutTheWhitespaceBetweenItsTokens() throws {
        let body = "{\"deviceId\": \"d\", \"userId\": \"u\", \"samples\": [\(Self.good), \"context\": { \"motion\" : \"two  spaces\",\n \"n\": [1, 2.50] }, \"flag\": true }]}"
        let read = try GatewayIngestService.decode(Data(body.utf8), settings: GatewaySettings())
        #expect(read.unknownSampleFields[0] == ["context": #"{"motion":"two  spaces","n":[1,2.50]}"#, "flag": "true"])
        let carried = try #require(read.sampleJSON(at: 0))
        #expect(String(decoding: carried, as: UTF8.self).contains(#""context":{"motion":"two  spaces","n":[1,2.50]}"#))
    }

    @Test func aKafkaMessageReadsBackAsTheSampleSentWithTheBatchFields() throws {
        let types = ["stepCount", #"quote\"\\/\n\u0001 日本"#]
        for (type, value) in zip(types + types, ["1500", "72.35", "1e-7", "-3"]) {
            let text = #"{"id": "x", "type": "\#(type)", "value": \#(value), "unit": "count", "startDate": "s", "endDate": "e", "metadata": {"a/b": 3, "c": 2.5, "d": false, "e": null}, "timezoneOffset": 540}"#
            let sample = try JSONDecoder().decode(GatewaySample.self, from: Data(text.utf8))
            let writer = GatewayKafkaMessageWriter(deviceId: "dev/1", userId: "花子", timestamp: nil, appVersion: "1.0.0", accountId: 7)
            let written = writer.message(for: sample)
            let message = try #require(try? JSONDecoder().decode(GatewayKafkaMessage.self, from: written), "\(String(decoding: written, as: UTF8.self))")
            #expect(message.sample == sample)
            #expect([message.deviceId, message.userId, message.appVersion] == ["dev/1", "花子", "1.0.0"])
            #expect(message.timestamp == nil && message.accountId == 7 && message.owner == nil)
        }
    }
}

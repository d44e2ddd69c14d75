import Foundation
import HTTPTypes

/// Makes requests from the catalog's valid ones: mutated JSON bodies (wrong types, missing and repeated keys, huge
/// numbers, odd dates, deep nesting, control characters), wrong content types and credentials, odd path ids and
/// query values, other methods, unknown paths and oversized bodies. The same seed makes the same requests.
struct FuzzRequestGenerator {
    struct Credentials {
        let apiToken: String
        let deviceToken: String
        let operatorToken: String
    }

    private(set) var random: FuzzRandom
    let credentials: Credentials
    /// Oversized bodies cost a megabyte each; a few are enough.
    private var oversizedLeft = 8
    private var devices = 0

    init(seed: UInt64, credentials: Credentials) {
        random = FuzzRandom(seed: seed)
        self.credentials = credentials
    }

    mutating func next(_ routes: [FuzzRoute], fixture: FuzzFixture) -> FuzzRequest {
        if random.chance(4) { return randomPath() }
        let route = pickWeighted(routes)
        var request = FuzzRequest(method: route.method, uri: path(route, fixture) + query(route), template: route.template)
        if random.chance(4) {
            request.method = random.pick(Self.methods)
            request.template = "\(request.method.rawValue) \(route.path)"
        }
        addCredential(route.credential, to: &request.headers)
        request.headers[.acceptLanguage] = random.chance(90) ? random.pick(["ja", "en"]) : random.pick(FuzzValues.languages)
        if route.path == "/v1/auth/device" {
            devices += 1
            request.headers[HTTPField.Name("X-Device-Id")!] = random.chance(80) ? "fuzz-device-\(devices)" : random.pick(Self.deviceIds)
        }
        if route.path == "/v1/sets", random.chance(30) {
            request.headers[HTTPField.Name("Idempotency-Key")!] = random.chance(50) ? "key-\(random.next() % 20)" : String(repeating: "k", count: 300)
        }
        if random.chance(2) { request.headers[HTTPField.Name("X-Fuzz-Padding")!] = String(repeating: "p", count: 16_000) }
        if let raw = route.rawBody {
            request.headers[.contentType] = random.chance(85) ? raw.contentType : random.pick(Self.uploadTypes)
            request.body = random.chance(70) ? Array(raw.text.utf8) : garbage()
        } else if let json = route.body {
            request.headers[.contentType] = random.chance(88) ? "application/json" : random.pick(FuzzValues.contentTypes)
            request.body = body(from: json)
        } else if random.chance(3) {
            request.body = Array(#"{"unexpected":"body"}"#.utf8)
        }
        return request
    }

    // MARK: - Request line

    private mutating func pickWeighted(_ routes: [FuzzRoute]) -> FuzzRoute {
        var roll = Int.random(in: 0..<routes.reduce(0) { $0 + $1.weight }, using: &random)
        for route in routes {
            if roll < route.weight { return route }
            roll -= route.weight
        }
        return routes[routes.count - 1]
    }

    private mutating func path(_ route: FuzzRoute, _ fixture: FuzzFixture) -> String {
        var path = route.path
        while let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") {
            let placeholder = String(path[path.index(after: open)..<close])
            let valid = fixture.value(for: placeholder) ?? "1"
            path.replaceSubrange(open...close, with: random.chance(85) ? valid : random.pick(FuzzValues.pathSegments))
        }
        if random.chance(2) { path += random.pick(["/", "//", "/extra", "%2F", "?"]) }
        return path
    }

    private mutating func query(_ route: FuzzRoute) -> String {
        var pairs: [String] = []
        for parameter in route.query where random.chance(60) {
            let value: String
            if random.chance(80) {
                value = random.pick(parameter.values).addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? ""
            } else if ["from", "to", "date"].contains(parameter.name), random.chance(60) {
                value = random.pick(FuzzValues.dates).addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? ""
            } else {
                value = random.pick(FuzzValues.queryValues)
            }
            pairs.append(random.chance(3) ? parameter.name : "\(parameter.name)=\(value)")
            if random.chance(3) { pairs.append("\(parameter.name)=\(random.pick(FuzzValues.queryValues))") }
        }
        if random.chance(3) { pairs.append(random.pick(["unknown=1", "=", "&&", "a[]=1", "%ZZ=1"])) }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    private mutating func addCredential(_ credential: FuzzRoute.Credential, to headers: inout HTTPFields) {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 3 { return }
        let wrong = roll < 10
        switch credential {
        case .none:
            if wrong { headers[.authorization] = random.pick(FuzzValues.authorizations) }
        case .apiToken:
            headers[.authorization] = wrong ? random.pick(FuzzValues.authorizations) : "Bearer \(credentials.apiToken)"
        case .device:
            headers[.authorization] = wrong ? random.pick(FuzzValues.authorizations) : "Bearer \(credentials.deviceToken)"
        case .apiKeyHeader:
            headers[HTTPField.Name("X-API-Key")!] = wrong ? "krk_wrong" : credentials.apiToken
        case .healthAutoExportKey:
            headers[HTTPField.Name("api-key")!] = wrong ? "krk_wrong" : credentials.apiToken
        case .operatorToken:
            headers[HTTPField.Name("X-Operator-Token")!] = wrong ? "kop_wrong" : credentials.operatorToken
        }
    }

    /// A path no route has, or a route's path taken apart.
    private mutating func randomPath() -> FuzzRequest {
        var request = FuzzRequest(method: random.pick(Self.methods), uri: random.pick(Self.paths), template: "random path")
        request.headers[.authorization] = "Bearer \(credentials.apiToken)"
        if random.chance(30) {
            request.headers[.contentType] = "application/json"
            request.body = Array(#"{"title":"x"}"#.utf8)
        }
        return request
    }

    // MARK: - Bodies

    private mutating func body(from json: FuzzJSON) -> [UInt8] {
        if oversizedLeft > 0, random.chance(1) {
            oversizedLeft -= 1
            // Past the 1 MB limit of JSON bodies.
            return Array(("{\"records\":[" + String(repeating: "0,", count: 600_000) + "0]}").utf8)
        }
        if random.chance(8) { return random.chance(30) ? garbage() : Array(random.pick(Self.brokenBodies).utf8) }
        // One change at a time finds most (a second one often gets the body refused before the first is read);
        // dates broke the server before (year 0, 10000, February 30th), so a third of the bodies get only an odd one.
        var mutated = json
        if random.chance(35) {
            mutated = oddDate(in: mutated)
        } else {
            for _ in 0..<random.pick([1, 1, 1, 1, 1, 1, 1, 2, 2, 3]) { mutated = mutate(mutated, key: nil) }
        }
        var bytes = Array(mutated.text.utf8)
        if random.chance(3), !bytes.isEmpty { bytes.removeLast(Int.random(in: 1...bytes.count, using: &random)) }
        if random.chance(2), !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = random.pick([0xFF, 0xC3, 0xED, 0x80]) }
        return bytes
    }

    /// One change somewhere in `value`: a member removed, repeated or added, an array emptied or grown past its
    /// limit, or a value replaced by an awkward one.
    private mutating func mutate(_ value: FuzzJSON, key: String?) -> FuzzJSON {
        switch value {
        case .object(var members) where !members.isEmpty && random.chance(75):
            let index = Int.random(in: 0..<members.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: members.remove(at: index)
            case 1: members.append((key: members[index].key, value: replacement(for: members[index].key)))
            case 2: members.append((key: random.pick(Self.extraKeys), value: replacement(for: nil)))
            default: members[index].value = mutate(members[index].value, key: members[index].key)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && random.chance(75):
            let index = Int.random(in: 0..<elements.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return .array([])
            case 1: return .array(Array(repeating: elements[index], count: random.pick([2, 101, 501, 1_001])))
            case 2: elements.remove(at: index)
            default: elements[index] = mutate(elements[index], key: key)
            }
            return .array(elements)
        default:
            return replacement(for: key)
        }
    }

    /// `value` with one of its date members, at any depth, set to an odd date.
    private mutating func oddDate(in value: FuzzJSON) -> FuzzJSON {
        switch value {
        case .object(var members):
            let dates = members.indices.filter { FuzzValues.dateKeys.contains(members[$0].key) }
            if let index = dates.isEmpty ? nil : random.pick(dates), random.chance(70) {
                members[index].value = .string(random.pick(FuzzValues.dates))
            } else if !members.isEmpty {
                let index = Int.random(in: 0..<members.count, using: &random)
                members[index].value = oddDate(in: members[index].value)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty:
            let index = Int.random(in: 0..<elements.count, using: &random)
            elements[index] = oddDate(in: elements[index])
            return .array(elements)
        default:
            return value
        }
    }

    private mutating func replacement(for key: String?) -> FuzzJSON {
        if key == "webhookURL" { return .string(random.pick(Self.webhooks)) }
        if let key, FuzzValues.dateKeys.contains(key), random.chance(60) { return .string(random.pick(FuzzValues.dates)) }
        if let key, FuzzValues.timeKeys.contains(key), random.chance(50) { return .string(random.pick(FuzzValues.times)) }
        switch Int.random(in: 0..<13, using: &random) {
        case 0...2: return .string(random.pick(FuzzValues.strings))
        case 3...5: return .number(random.pick(FuzzValues.numbers))
        case 6: return .raw(random.pick(FuzzValues.invalidNumbers))
        case 7: return .bool(random.chance(50))
        case 8: return .null
        case 9: return .array([.string(random.pick(FuzzValues.strings)), .number(random.pick(FuzzValues.numbers))])
        case 10: return .object([(key: "value", value: .number(random.pick(FuzzValues.numbers)))])
        case 11: return .raw("\"" + random.pick(["\u{0}", "\u{1F}", "\n", "\\x41", "\\u12", "\\uD800", "\\uDC00\\uD800"]) + "\"")
        default:
            let depth = random.pick([64, 600, 10_000])
            return .raw(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
    }

    private mutating func garbage() -> [UInt8] {
        (0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    // MARK: - Vocabulary

    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .head, .options, .trace, HTTPRequest.Method("PROPFIND")!]
    static let queryAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~:")
        return allowed
    }()
    static let deviceIds = ["", " ", String(repeating: "d", count: 129), String(repeating: "d", count: 10_000), "端末", "../x", "%00"]
    static let uploadTypes = ["application/zip", "application/xml", "application/octet-stream", "multipart/form-data", "multipart/form-data; boundary=", "application/json", "text/csv; charset=shift_jis"]
    static let extraKeys = ["id", "userId", "__proto__", "constructor", "", "\u{0}", "owner", String(repeating: "k", count: 2_000)]
    /// Webhook values that reach nobody: a host no resolver knows, loopback forms the server must refuse (nothing
    /// listens on port 9 should one get through), and text that is no fetchable URL.
    static let webhooks = [
        FuzzCatalog.deadWebhook, "", "ftp://127.0.0.1:9/", "javascript:alert(1)", "http://", "http://[::1", "not a url",
        "http://127.1:9/", "http://0x7f000001:9/", "http://[::ffff:127.0.0.1]:9/", "http://0:9/", "file:///etc/passwd",
        "https://kiroku-fuzz.invalid/" + String(repeating: "a", count: 5_000),
    ]
    static let brokenBodies = [
        "", "null", "[]", "{}", "\"text\"", "123", "{", "{\"a\":", "[1,2", "{\"a\":1,}", "{'a':1}", "{\"a\":1}/*c*/", "\u{FEFF}{}",
        "a=1&b=2", "<a/>", "{\"a\":1}{\"b\":2}", "{\"a\" 1}", " \n\t ",
    ]
    static let paths = [
        "/", "/api", "/api/", "/v1", "/v1/", "/api/v2/records", "/api/v1/records/", "/api/v1//records", "/api/v1/records/1/2/3",
        "/%2e%2e/%2e%2e/etc/passwd", "/static/..%2f..%2fPackage.swift", "/static/%00", "/static/kiroku.css", "/lang/xx", "/lang/en",
        "/imports/1", "/sawayaka/kannami", "/sawayaka/nowhere", "/tasks/abc", "/records/workouts", "/settings", "/inbox",
        "/openapi.yaml", "/metrics", "/api/stores/" + String(repeating: "s", count: 3_000), "/v1/sets/not-a-uuid", "/v1/me/workouts/2026-02-30",
        "/v1/me/workouts/0000-01-01", "/api/v1/imports/-1", "/" + String(repeating: "a/", count: 1_000), "/api/v1/records?limit=%", "/v1/nothing",
    ]
}

import Foundation
import Health

/// The languages the gateway answers the phone app in: Kiroku's two, plus Korean, the app's own language.
/// Only the gateway's refusals and batch messages speak Korean; the rest of Kiroku keeps `Language`.
public enum GatewayLanguage: String, Sendable, CaseIterable {
    case ja
    case en
    case ko

    /// The first of ja/en/ko in `Accept-Language` (q-weights honoured). A header that names only other
    /// languages gets English; no header at all gets `fallback` (the account's or Kiroku's default).
    public static func resolve(acceptLanguage header: String?, fallback: Language) -> GatewayLanguage {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return GatewayLanguage(fallback) }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (GatewayLanguage, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased() else { return nil }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = GatewayLanguage(rawValue: primary) else { return nil }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            return weight > 0 ? (language, weight, index) : nil
        }
        return ranked.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.first?.0 ?? .en
    }

    public init(_ language: Language) {
        switch language {
        case .ja: self = .ja
        case .en: self = .en
        }
    }
}

/// A gateway message in Japanese, English and Korean. A text without Korean reads in English to a Korean client.
public struct GatewayText: Sendable, Hashable {
    public let ja: String
    public let en: String
    public let ko: String?

    public init(ja: String, en: String, ko: String?) {
        self.ja = ja
        self.en = en
        self.ko = ko
    }

    public init(_ text: LocalizedText, ko: String?) {
        self.init(ja: text.ja, en: text.en, ko: ko)
    }

    public func text(in language: GatewayLanguage) -> String {
        switch language {
        case .ja: ja
        case .en: en
        case .ko: ko ?? en
        }
    }

    /// The Korean for a refusal the gateway route can answer before reading the batch: its code decides.
    public static func korean(forCode code: String) -> String? {
        switch code {
        case "unauthorized": "인증이 필요합니다. API 키 또는 사용자 이름과 비밀번호를 확인하세요."
        case "unsupported_media_type": "JSON 본문에는 Content-Type: application/json 을 붙여 주세요."
        case "duplicate_key": "JSON 객체 안에 같은 키가 두 번 있습니다. 아무것도 저장하지 않았습니다."
        case "malformed_json": "JSON 을 읽을 수 없습니다. 아무것도 저장하지 않았습니다."
        case "body_too_large": "요청 본문이 너무 큽니다. 아무것도 저장하지 않았습니다."
        case "internal_error": "서버에서 오류가 발생했습니다. 아무것도 저장하지 않았습니다."
        default: nil
        }
    }

    /// Why one sample was refused, in Korean, from the refusal's code and the sample's own fields.
    public static func korean(forSampleRefusal code: String, type: String, unit: String, value: Double) -> String? {
        switch code {
        case "invalid_sample_id": "샘플 ID 가 UUID 가 아닙니다"
        case "invalid_value": "값이 유한한 숫자가 아닙니다"
        case "unknown_metric": "알 수 없는 항목 「\(type)」입니다"
        case "unknown_unit": "「\(type)」의 단위 「\(unit)」를 변환할 수 없습니다"
        case "out_of_range": "「\(type)」의 값 \(value) \(unit) 는 불가능한 값입니다"
        case "invalid_time_range": "종료 시각이 시작 시각보다 앞섭니다"
        case "future_time": "시각이 미래입니다 (현재 시각 + 1일 이후)"
        case "invalid_date": "날짜를 읽을 수 없습니다 (ISO 8601 형식이 필요합니다)"
        case "date_out_of_range": "날짜가 허용 범위(1900-01-01 ~ 현재 + 1일) 밖입니다"
        default: nil
        }
    }
}

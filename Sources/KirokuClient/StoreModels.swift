import APIModels
import Foundation
import WaitTimes

/// A store as the API sends it (seed 001's `Store`), split the way the client caches it: the directory part is kept for
/// 24 hours, the wait never.
public struct StoreInfo: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    public let address: String
    public let phoneNumber: String
    /// Null for the few stores whose location was never confirmed.
    public let coordinate: Coordinate?
    public let businessHours: BusinessHours
    public let region: String
}

/// A store with its wait, as a list shows it.
public struct StoreWithWait: Sendable, Equatable, Identifiable {
    public let store: StoreInfo
    public let waitTime: WaitTime
    public var id: String { store.id }
}

/// The list a screen shows: the last good stores, when they were fetched, and the last error (kept data stays).
public struct StoreListState: Sendable, Equatable {
    public var stores: [StoreWithWait] = []
    public var lastUpdated: Date?
    public var error: KirokuClientError?
}

/// What went wrong, in the design's categories, with text for people in Japanese and English.
public enum KirokuClientError: Error, Sendable, Equatable {
    case networkUnavailable
    case timeout
    case serverError(Int)
    case invalidResponse
    case notFound

    public var message: (ja: String, en: String) {
        switch self {
        case .networkUnavailable: ("ネットワーク接続を確認してください", "Check your network connection")
        case .timeout: ("リクエストがタイムアウトしました", "The request timed out")
        case .serverError(let code): ("サーバーエラー (コード: \(code))", "Server error (code \(code))")
        case .invalidResponse: ("サーバーからの応答が無効です", "The server's answer was not valid")
        case .notFound: ("店舗が見つかりません", "No such store")
        }
    }
}

extension StoreInfo {
    /// The directory part of a store the API sent; its wait is kept apart because it is never cached.
    init(_ body: StoreBody) {
        self.init(
            id: body.id, name: body.name, address: body.address, phoneNumber: body.phoneNumber, coordinate: body.coordinate,
            businessHours: body.businessHours, region: body.region
        )
    }
}

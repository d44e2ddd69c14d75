import AsyncHTTPClient
import Foundation
import Health
import NIOCore
import NIOSSL

/// Why a request never got an answer, told so a person can act on it: the gateway is not listening, cannot be found,
/// took too long, its certificate is not trusted, or the connection dropped. The networking libraries' own
/// descriptions (`SingleConnectionFailure(target: [IPv4]…, error: connection reset (error set): Connection refused)
/// (errno: 111))`) are for programmers; they went straight into the sync history before.
enum TransportFailure {
    case refused
    case unresolved
    /// No connection within the connect timeout: nothing answered the TCP handshake (an address that drops it), or
    /// a listener never finished the TLS one (a process that accepts and hangs).
    case notAccepted
    /// The connection was made, but no answer came before the request timed out.
    case timedOut
    case untrustedCertificate
    case tlsFailed
    case dropped
    case other

    init(_ error: any Error) {
        let text = String(describing: error)
        if let error = error as? HTTPClientError, [.connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout].contains(error) {
            self = .notAccepted
        } else if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
            self = .timedOut
        } else if text.contains("Connection refused") || text.contains("errno: 111") {
            self = .refused
        } else if text.contains("NXDOMAIN") || text.contains("lookup") || text.contains("Name or service not known") || text.contains("resolve") {
            self = .unresolved
        } else if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate") || text.contains("Certificate") {
            self = .untrustedCertificate
        } else if error is NIOSSLError || error is BoringSSLError || text.contains("handshake") {
            self = .tlsFailed
        } else if text.contains("timeout") || text.contains("Timeout") || text.contains("timedOut") {
            self = .timedOut
        } else if text.contains("remoteConnectionClosed") || text.contains("uncleanShutdown") || text.contains("reset") || text.contains("EOF") {
            self = .dropped
        } else {
            self = .other
        }
    }

    /// The gateway could not be reached at all, so retrying this run's batches on the backoff schedule would only
    /// make a person wait: it is down, the address is wrong, or something drops the connection.
    var isUnreachable: Bool {
        switch self {
        case .refused, .unresolved, .notAccepted: true
        case .timedOut, .untrustedCertificate, .tlsFailed, .dropped, .other: false
        }
    }

    /// The gateway's certificate is not trusted: it will not be on the next try either, only a change of settings (the
    /// CA file) or of the gateway's certificate fixes it.
    var needsNewSettings: Bool {
        self == .untrustedCertificate
    }

    /// The reason in words, naming where the request went; the library's description is kept only when none fits.
    /// `caFile` is the CA the certificate was checked against, when not the system's.
    func describe(_ error: any Error, host: String, caFile: String?, connectTimeout: TimeAmount, language: Language) -> String {
        let text: LocalizedText
        switch self {
        case .refused:
            text = LocalizedText(
                ja: "\(host) に接続できません（接続を拒否されました。ゲートウェイが動いていないか、ポートが違います）",
                en: "cannot connect to \(host) (connection refused: the gateway is not running, or the port is wrong)"
            )
        case .unresolved:
            text = LocalizedText(ja: "\(host) のアドレスが見つかりません（ホスト名を確認してください）", en: "cannot find \(host) (check the host name)")
        case .notAccepted:
            let seconds = connectTimeout.nanoseconds / 1_000_000_000
            text = LocalizedText(
                ja: "\(host) が \(seconds) 秒以内に接続を受け付けませんでした（ゲートウェイが止まっているか、アドレスが違うか、途中で遮断されています）",
                en: "\(host) did not accept a connection within \(seconds) s (the gateway is down, the address is wrong, or something drops the connection)"
            )
        case .timedOut:
            text = LocalizedText(ja: "\(host) から時間内に応答がありません", en: "no answer from \(host) in time")
        case .untrustedCertificate:
            if let caFile {
                text = LocalizedText(
                    ja: "\(host) の証明書は CA ファイル \(caFile) の CA で署名されていないため信頼できず、再試行せずに止めました（署名した CA の PEM ファイルを kiroku sync configure --ca-file <ファイル> で指定し直してください）",
                    en: "the certificate of \(host) is not trusted: the CA in \(caFile) did not sign it, so the run stopped without retrying (give the PEM file of the CA that signed it: kiroku sync configure --ca-file <file>)"
                )
            } else {
                text = LocalizedText(
                    ja: "\(host) の証明書はこのシステムで信頼されていないため、再試行せずに止めました（自己署名の証明書や独自の CA なら、その CA の PEM ファイルを kiroku sync configure --ca-file <ファイル> で指定してください）",
                    en: "the certificate of \(host) is not trusted by this system, so the run stopped without retrying (for a self-signed certificate or a private CA, give that CA's PEM file: kiroku sync configure --ca-file <file>)"
                )
            }
        case .tlsFailed:
            text = LocalizedText(ja: "\(host) と暗号化された接続を確立できません（HTTPS のポートか確認してください）", en: "could not set up an encrypted connection to \(host) (is it an HTTPS port?)")
        case .dropped:
            text = LocalizedText(ja: "\(host) との接続が応答の前に切れました", en: "the connection to \(host) closed before an answer")
        case .other:
            text = LocalizedText(ja: "\(host) に送信できません（\(String(describing: error))）", en: "cannot send to \(host) (\(String(describing: error)))")
        }
        return text.text(in: language)
    }
}

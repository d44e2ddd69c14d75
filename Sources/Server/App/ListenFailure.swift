import Foundation
import Health
import NIOCore

/// Why the server could not start listening, in words a person can act on: NIO's own text
/// ("bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)") names a system call, not the fix.
public struct ListenFailure: Error, Sendable {
    public let message: LocalizedText

    /// The failure for a socket error while binding `host:port`, or nil for any other error.
    init?(_ error: any Error, host: String, port: Int) {
        guard let error = error as? IOError else { return nil }
        let address = "\(host):\(port)"
        switch error.errnoCode {
        case EADDRINUSE:
            message = LocalizedText(
                ja: "\(address) は別のプログラムが使っています。そのプログラムを止めるか、--port で別のポートを指定してください。",
                en: "\(address) is already in use by another program; stop it or choose another port with --port."
            )
        case EACCES:
            message = LocalizedText(
                ja: "\(address) で待ち受ける権限がありません（1024 未満のポートには特権が必要です）。--port で 1024 以上を指定してください。",
                en: "No permission to listen on \(address) (ports below 1024 need privileges); choose --port 1024 or above."
            )
        case EADDRNOTAVAIL:
            message = LocalizedText(
                ja: "\(host) はこのマシンのアドレスではありません。--host を確認してください。",
                en: "\(host) is not an address of this machine; check --host."
            )
        default:
            return nil
        }
    }
}

/// Runs `body`, turning a failure to bind `host:port` into a `ListenFailure`.
func translatingListenFailures(host: String, port: Int, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch {
        throw ListenFailure(error, host: host, port: port) ?? error
    }
}

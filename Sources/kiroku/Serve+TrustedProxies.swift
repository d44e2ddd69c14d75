import ArgumentParser
import Foundation
import Server

extension Serve {
    /// `--trusted-proxy`, else KIROKU_TRUSTED_PROXIES (comma-separated): the reverse proxies whose `X-Forwarded-For`
    /// names the client.
    var trustedProxyAddresses: [String] {
        if !trustedProxies.isEmpty { return trustedProxies }
        let environment = ProcessInfo.processInfo.environment["KIROKU_TRUSTED_PROXIES"] ?? ""
        return environment.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Puts the proxies into `configuration`, or refuses the first text that is not an IP address.
    func applyTrustedProxies(to configuration: inout AppConfiguration) throws {
        if let wrong = configuration.trustProxies(trustedProxyAddresses).first {
            throw ValidationError(
                "--trusted-proxy takes an IP address such as 127.0.0.1 or ::1, got “\(wrong)”. / --trusted-proxy には 127.0.0.1 や ::1 のような IP アドレスを指定してください（「\(wrong)」）。"
            )
        }
    }
}

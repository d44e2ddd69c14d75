import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on 127.0.0.1 at a free port, closed when this goes. Bound only, nothing listens there (a connection
/// is refused); listening, the kernel completes TCP handshakes into its backlog but nobody ever accepts, as a hung
/// gateway behaves.
final class LoopbackPort {
    let socket: Int32
    let port: Int

    init(listening: Bool) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && (!listening || listen(socket, 16) == 0) && getsockname(socket, raw, &length) == 0
            }
        }
        guard ready else {
            close(socket)
            throw CocoaError(.fileNoSuchFile)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}

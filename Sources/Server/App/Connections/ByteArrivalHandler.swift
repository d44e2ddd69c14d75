import NIOCore

/// Sits before the HTTP decoder and tells the connection's guard that request bytes arrived — the only way to
/// tell a request whose head trickles in (slowloris) from a connection that sends nothing — and drops input once
/// the guard is closing the connection.
final class ByteArrivalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuardHandler

    init(reportingTo connectionGuard: ConnectionGuardHandler) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !connectionGuard.isClosing else { return }
        connectionGuard.bytesArrived()
        context.fireChannelRead(data)
    }
}

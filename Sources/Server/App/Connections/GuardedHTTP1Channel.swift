import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with Kiroku's connection guard added to every connection's pipeline: the guard
/// between NIO's HTTP decoder and Hummingbird's codec, the byte counter before the decoder (after TLS, when there is TLS).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ConnectionLimits
    let registry: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [limits, registry] value in
            let pipeline = channel.pipeline.syncOperations
            let connectionGuard = ConnectionGuardHandler(limits: limits, registry: registry)
            try pipeline.addHandler(connectionGuard, position: .before(try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)))
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ByteArrivalHandler(reportingTo: connectionGuard), position: .before(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with Kiroku's connection limits.
    static func guardedHTTP1(limits: ConnectionLimits, registry: ConnectionRegistry) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(base: HTTP1Channel(responder: responder), limits: limits, registry: registry)
        }
    }
}

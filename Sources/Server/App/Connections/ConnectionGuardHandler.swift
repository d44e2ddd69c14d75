import Foundation
import Health
import NIOCore
import NIOHTTP1

/// Enforces `ConnectionLimits` on one HTTP/1 connection, between NIO's HTTP decoder and Hummingbird:
/// closes it when a head, a body or an idle spell runs past its timeout, closes it after the answer to an HTTP/1.0
/// or `Connection: close` request, and answers requests the decoder refuses (an 80 KB+ request line or header, a
/// malformed request line) with the API's JSON error instead of an empty 400.
///
/// The JSON message carries both languages: the request's `Accept-Language` was never read. A few refusals cannot be
/// answered at all — the peer resetting the connection, or bytes arriving after the answer while the connection
/// is closing — and those connections are simply closed.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How long a connection that was answered with an error may still send before it is closed: closing at once,
    /// with its bytes unread, would reset the connection and lose the answer on the way.
    static let lingerTime = TimeAmount.seconds(2)

    private var state: ConnectionDeadlines
    private let registry: ConnectionRegistry
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var reportedIdleSince: NIODeadline?
    private var requestVersion = HTTPVersion.http1_1
    /// Set once the connection is being closed: input is dropped from then on.
    private(set) var isClosing = false

    init(limits: ConnectionLimits, registry: ConnectionRegistry) {
        self.state = ConnectionDeadlines(limits: limits, now: .now())
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        reportedIdleSince = state.idleSince
        registry.opened(context.channel, now: .now())
        stateChanged()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop(context)
        context.fireChannelInactive()
    }

    private func stop(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        registry.closed(context.channel)
    }

    /// Raw request bytes arrived (told by `ByteArrivalHandler`, which sees them before the decoder).
    func bytesArrived() {
        state.bytesArrived(now: .now())
        stateChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestVersion = head.version
            state.headReceived(closeAfterAnswer: !head.isKeepAlive || Self.isBeforeHTTP11(head.version), now: .now())
        case .body:
            break
        case .end:
            state.requestEnded(now: .now())
        }
        stateChanged()
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // An HTTP/1.0 client gets an HTTP/1.0 answer: framed by its length or by the close, never chunked.
            if Self.isBeforeHTTP11(requestVersion) { head.version = requestVersion }
            if state.closeWhenAnswered { head.headers.replaceOrAdd(name: "connection", value: "close") }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let close = state.responseEnded(now: .now())
            stateChanged()
            guard close else { return context.write(data, promise: promise) }
            isClosing = true
            // Closed once the answer is on its way: closing earlier would drop what is still queued.
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            let channel = context.channel
            written.futureResult.assumeIsolated().whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        }
    }

    private static func isBeforeHTTP11(_ version: HTTPVersion) -> Bool {
        version.major < 1 || (version.major == 1 && version.minor < 1)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once Hummingbird is answering a request it owns the connection's errors.
        guard let parseError = error as? HTTPParserError, state.pendingResponses == 0, !isClosing else {
            return context.fireErrorCaught(error)
        }
        let refusal = parseError == .headerOverflow ? Self.tooLarge : Self.malformed
        answerAndClose(context, status: refusal.status, code: refusal.code, message: refusal.message)
    }

    // MARK: Deadlines

    private func stateChanged() {
        let idleSince = state.idleSince
        if let context, idleSince != reportedIdleSince {
            reportedIdleSince = idleSince
            registry.setIdle(context.channel, since: idleSince)
        }
        guard let deadline = state.deadline?.at else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        schedule(at: deadline)
    }

    private func schedule(at deadline: NIODeadline) {
        guard let context else { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            timerFired()
        }
    }

    /// Deadlines move while the timer waits; it closes only a connection whose current deadline has passed.
    private func timerFired() {
        guard let context, !isClosing, let due = state.deadline else { return }
        guard due.at <= .now() else { return schedule(at: due.at) }
        if due.reason == .header, state.pendingResponses == 0 {
            answerAndClose(context, status: .requestTimeout, code: Self.headerTimeout.code, message: Self.headerTimeout.message)
        } else {
            isClosing = true
            context.close(promise: nil)
        }
    }

    // MARK: Early answers

    private func answerAndClose(_ context: ChannelHandlerContext, status: HTTPResponseStatus, code: String, message: LocalizedText) {
        isClosing = true
        timer?.cancel()
        let body = Self.errorBody(code: code, message: message)
        let headers = HTTPHeaders([
            ("content-type", "application/json; charset=utf-8"), ("content-length", String(body.readableBytes)), ("connection", "close"),
        ])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            // Stop sending, keep reading (and dropping) for a moment so the client reads the answer, then close.
            channel.close(mode: .output).assumeIsolated().whenComplete { result in
                if case .failure = result { return channel.close(promise: nil) }
                channel.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
            }
        }
    }

    /// `{"error":{"code","message"}}` with the message in Japanese and English.
    static func errorBody(code: String, message: LocalizedText) -> ByteBuffer {
        struct Body: Encodable {
            struct Detail: Encodable {
                let code: String
                let message: String
            }
            let error: Detail
        }
        let data = (try? JSONEncoder().encode(Body(error: .init(code: code, message: message.ja + " / " + message.en)))) ?? Data()
        return ByteBuffer(bytes: data)
    }

    static let tooLarge = (
        status: HTTPResponseStatus.requestHeaderFieldsTooLarge, code: "request_too_large",
        message: LocalizedText(
            ja: "リクエストの URL またはヘッダーが大きすぎます（上限 80 KB）。", en: "The request line or headers are too large (limit 80 KB)."
        )
    )
    static let malformed = (
        status: HTTPResponseStatus.badRequest, code: "malformed_request",
        message: LocalizedText(ja: "HTTP リクエストを読み取れません。", en: "The HTTP request could not be read.")
    )
    static let headerTimeout = (
        code: "request_timeout",
        message: LocalizedText(ja: "リクエストヘッダーの受信に時間がかかりすぎました。", en: "The request headers took too long to arrive.")
    )
}

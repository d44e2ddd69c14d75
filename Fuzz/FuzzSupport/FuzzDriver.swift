import CLibFuzzer
import Foundation

/// Runs libFuzzer over a harness's test function.
///
/// SwiftPM links every executable with its module's entry point as `main`, so libFuzzer's own `main` never runs: the
/// harness's `@main` calls `LLVMFuzzerRunDriver` with the command line instead, which parses the same flags.
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}

/// Stops the run when a harness's invariant does not hold: libFuzzer reports the abort as a crash and writes the input
/// to a crash-… file, exactly as for a trap in the code under test.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("Invariant broken (line \(line)): \(message())\n".utf8))
    abort()
}

/// The input's bytes, and the same bytes cut into the pieces a network or a file read might deliver.
public struct FuzzInput {
    public let bytes: UnsafeRawBufferPointer

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeRawBufferPointer(start: data, count: size)
    }

    /// Chunk boundaries chosen by the input itself (its last byte), so every size pattern is tried, deterministically.
    public var chunks: [UnsafeRawBufferPointer] {
        let sizes = [1, 2, 3, 5, 7, 64, 4096]
        var pattern = UInt32(bytes.last ?? 0)
        var pieces: [UnsafeRawBufferPointer] = []
        var start = 0
        while start < bytes.count {
            pattern = pattern &* 1_103_515_245 &+ 12_345
            let size = sizes[Int(pattern >> 16) % sizes.count]
            let end = min(bytes.count, start + size)
            pieces.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
        return pieces
    }

    /// The input as text, when it is UTF-8 (parsers of text files receive a String).
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// `scan` over the whole input and over the input in pieces: a streaming reader keeps only an unfinished tail
    /// between pieces, so where the input is cut must not change what it reads, nor where it reports an error.
    public func scannedAlike<Scan: Equatable & CustomStringConvertible>(_ scan: (FuzzInput, [UnsafeRawBufferPointer]) -> Scan) -> Scan {
        let whole = scan(self, [bytes])
        let cut = scan(self, chunks)
        invariant(whole == cut, "cutting the input into pieces changed what was read:\n\(whole)\n\(cut)")
        return whole
    }

    /// How many lines the input has (newlines + 1).
    public var lineCount: Int {
        bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

import Foundation

/// A one-line progress bar on standard error, redrawn in place; silent when stderr is not a terminal.
enum ProgressBar {
    static let isTerminal = isatty(STDERR_FILENO) == 1

    static func draw(done: Int, total: Int) {
        guard isTerminal, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(100 * done / total)% (\(done)/\(total))".utf8))
    }

    static func finish() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}

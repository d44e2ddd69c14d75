import Foundation

/// The `import` lines of one Swift file under `Sources/<module>/`.
struct SourceImports {
    let module: String
    let path: String
    let imports: Set<String>

    var fileName: String { (path as NSString).lastPathComponent }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every Swift file of every module in `Sources/`, with what it imports (`@testable`, `@preconcurrency` and
    /// `import struct X.Y` forms included).
    static func read() throws -> [SourceImports] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        var files: [SourceImports] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let directory = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            var any = false
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
                files.append(SourceImports(module: module, path: "Sources/\(module)/\(relative)", imports: imports(in: text)))
                any = true
            }
            // A system-library target (CRdKafka) has no Swift files; it is still a module of the graph.
            if !any { files.append(SourceImports(module: module, path: "Sources/\(module)", imports: [])) }
        }
        return files
    }

    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let target = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            if let module = target.split(separator: ".").first { modules.insert(String(module)) }
        }
        return modules
    }
}

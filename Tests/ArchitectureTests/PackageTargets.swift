import Foundation

/// What each target of Package.swift declares it depends on: local targets by name and products by name (every
/// product Kiroku uses is named after its module).
enum PackageTargets {
    static func read() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: SourceImports.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        // Each `.target(` / `.executableTarget(` / `.systemLibrary(` call up to the next one.
        let starts = try Regex(#"\.(target|executableTarget|systemLibrary|testTarget)\("#)
        let calls = manifest.ranges(of: starts)
        for (index, call) in calls.enumerated() {
            let end = index + 1 < calls.count ? calls[index + 1].lowerBound : manifest.endIndex
            let body = manifest[call.lowerBound..<end]
            guard let name = body.firstMatch(of: #/name: "([^"]+)"/#)?.output.1 else { continue }
            var dependencies: Set<String> = []
            if let list = body.range(of: "dependencies: [") {
                let rest = body[list.upperBound...]
                var depth = 1
                var close = rest.startIndex
                for position in rest.indices {
                    if rest[position] == "[" { depth += 1 }
                    if rest[position] == "]" { depth -= 1; if depth == 0 { close = position; break } }
                }
                let text = rest[rest.startIndex..<close]
                for match in text.matches(of: #/\.product\(name: "([^"]+)"/#) { dependencies.insert(String(match.output.1)) }
                let withoutProducts = text.replacing(#/\.product\([^)]*\)/#, with: "")
                for match in withoutProducts.matches(of: #/"([^"]+)"/#) { dependencies.insert(String(match.output.1)) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }
}

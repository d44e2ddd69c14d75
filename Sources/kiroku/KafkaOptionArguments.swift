import ArgumentParser

/// `--kafka-option key=value` (repeatable), as `serve` and `ingest` take it: any librdkafka property.
enum KafkaOptionArguments {
    static func validate(_ options: [String]) throws {
        for option in options where !option.contains("=") || option.hasPrefix("=") {
            throw ValidationError("--kafka-option takes key=value, got “\(option)”. / --kafka-option は key=value の形で指定してください（「\(option)」）。")
        }
    }

    /// The properties; a key given twice keeps its last value.
    static func properties(_ options: [String]) -> [String: String] {
        Dictionary(options.compactMap { option in
            option.firstIndex(of: "=").map { (String(option[..<$0]), String(option[option.index(after: $0)...])) }
        }, uniquingKeysWith: { _, last in last })
    }
}

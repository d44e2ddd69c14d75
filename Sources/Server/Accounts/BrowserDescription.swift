/// "Chrome · Android" from a User-Agent: enough for a person to recognise their own browsers in Settings. Order
/// matters: Edge and Opera also say Chrome, Chrome also says Safari.
enum BrowserDescription {
    static func of(_ userAgent: String?) -> String? {
        guard let agent = userAgent, !agent.isEmpty else { return nil }
        let browsers: [(marker: String, name: String)] = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari"), ("curl/", "curl"),
        ]
        let systems: [(marker: String, name: String)] = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS X", "macOS"), ("Windows", "Windows"),
            ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        let browser = browsers.first { agent.contains($0.marker) }?.name
        let system = systems.first { agent.contains($0.marker) }?.name
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) · \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        default: return String(agent.prefix(40))
        }
    }
}

/// The phone's bottom tab bar marks one of five tabs as current. Pages say which top-navigation entry they
/// belong to (`navRecords`, `navInbox`, …); everything outside the four main tabs lives under "More".
enum TabBar {
    static let direct: [(nav: String, tab: String)] = [
        ("navDashboard", "tabHome"), ("navTrends", "tabHome"),
        ("navRecords", "tabRecords"), ("navTasks", "tabTasks"), ("navWorkouts", "tabWorkouts"),
    ]
    static let underMore = ["navMore", "navInsights", "navGoals", "navBadges", "navSettings", "navSawayaka", "navInbox", "navShare"]

    /// Adds the current tab's flag to a page's values.
    static func mark(_ values: inout [String: Any]) {
        for (nav, tab) in direct where values[nav] != nil { values[tab] = true }
        if underMore.contains(where: { values[$0] != nil }) { values["tabMore"] = true }
    }
}

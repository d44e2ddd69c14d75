import Foundation
import Testing

/// Step tasks on a phone-sized chromium: plan a task, tick a step with one tap, watch progress move.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TasksEndToEndTests {
    @Test func tickingAStepOnAPhoneMovesTheProgressBar() async throws {
        try await BrowserHarness.run("tasks") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "taro")
            try await browser.open("\(site)/tasks")
            try await browser.type("部屋の片付け", into: "#task-title")
            try await browser.type("机の上\n本棚\nクローゼット", into: "#task-steps")
            try await browser.submit("#create-task")
            #expect(try await browser.currentURL().contains("/tasks/"))
            let before = try await browser.source()
            #expect(before.contains("id=\"task-percent\">0%"))
            #expect(before.contains("aria-valuenow=\"0\""))

            // One tap: the first step's button is the whole form.
            try await browser.submit("#steps li:first-child button.check")
            let after = try await browser.source()
            #expect(after.contains("id=\"task-percent\">33%"))
            #expect(after.contains("aria-valuenow=\"33\""))
            #expect(after.contains("class=\"step is-done\""))
            #expect(!after.contains("完了日時"), "an open task shows no completion time")

            // Drag and drop, the progressive enhancement: drop the last step onto the first one.
            let dragScript = """
                var items = document.querySelectorAll('#steps li');
                var last = items[items.length - 1], first = items[0];
                var box = first.getBoundingClientRect();
                last.dispatchEvent(new DragEvent('dragstart', {bubbles: true}));
                first.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, clientY: box.top + 1}));
                first.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true}));
                return true;
                """
            try await browser.navigating { _ = try await browser.evaluate(dragScript) }
            let dragged = try await browser.source()
            let order = ["クローゼット", "机の上", "本棚"].compactMap { dragged.range(of: "<span class=\"step-title\">\($0)</span>")?.lowerBound }
            #expect(order.count == 3 && order == order.sorted(), "the dropped step is now first, and the order was saved")

            let screenshot = try await browser.screenshot()
            try screenshot.write(to: BrowserHarness.artifacts.appendingPathComponent("task-390x844.png"))
            #expect(PNGSize(screenshot).map { [$0.width, $0.height] } == [390, 844])

            try await browser.open("\(site)/tasks")
            let list = try await browser.source()
            #expect(list.contains("id=\"overall-percent\">33%"))
            #expect(list.contains("id=\"today-count\">1<"))
            #expect(list.contains("kc-activity-calendar"))
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("tasks-390x844.png"))
            // Nothing, the year-wide calendar included, pushes the page sideways on a 390-px screen.
            let fits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(fits == true)
        }
    }
}

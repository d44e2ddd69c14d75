import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// The workouts page's one-tap repeat offers the last set that had reps: a failed set ("150 kg × 0") is no set to
/// repeat. An exercise whose sets all failed gets no repeat button.
@Suite struct QuickRepeatTests {
    @Test func theRepeatButtonSkipsAFailedSet() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("hanako")
            for reps in ["5", "0"] {
                let logged = try await web.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "150", "reps": reps])
                #expect(logged.status == .seeOther)
            }
            let page = try await web.get("/workouts").text
            let recents = try #require(Self.quickLog(in: page))
            #expect(recents.contains("＋ ベンチプレス <span>150 kg × 5</span>"))
            #expect(!recents.contains("× 0"))
            #expect(recents.contains(#"<input type="hidden" name="reps" value="5">"#), "the tap sends the set it shows")

            // Only failed sets: nothing to repeat for that exercise.
            _ = try await web.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.squat, "weight": "200", "reps": "0"])
            let after = try await web.get("/workouts").text
            let quick = try #require(Self.quickLog(in: after))
            #expect(!quick.contains("スクワット"))
            #expect(!quick.contains("× 0"))
            #expect(quick.contains("＋ ベンチプレス <span>150 kg × 5</span>"))
        }
    }

    /// The page's list of one-tap repeat forms.
    static func quickLog(in html: String) -> String? {
        guard let start = html.range(of: #"<ul class="quick-log" id="recents">"#),
              let end = html.range(of: "</ul>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}

import Foundation
import Services
import Testing

/// `UUIDText` takes the `8-4-4-4-12` hexadecimal form in either case and writes it lower-cased, as
/// `UUID(uuidString:)?.uuidString.lowercased()` did for every well-formed id. Malformed ids are refused — including
/// those Foundation on Linux takes through `sscanf` and turns into a different id (a leading space, a short group).
@Suite struct UUIDTextTests {
    @Test func wellFormedIdsComeOutAsFoundationWroteThem() {
        var inputs = ["00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "550E8400-e29b-41D4-A716-446655440000"]
        for _ in 0..<200 {
            let id = UUID().uuidString
            inputs += [id, id.lowercased()]
        }
        for input in inputs {
            #expect(UUIDText.canonical(input) == UUID(uuidString: input)?.uuidString.lowercased(), "\(input)")
            #expect(UUIDText.canonical(input) == input.lowercased())
        }
    }

    @Test func nearMissesAreRefused() {
        var inputs = ["", "-", "550e8400-e29b-41d4-a716-44665544000", "550e8400e29b41d4a716446655440000"]
        for _ in 0..<100 {
            let id = UUID().uuidString
            inputs += [String(id.dropLast()), id + "0", " " + id.dropFirst(), "{" + id.dropFirst(2) + "}", String(id.prefix(8)) + "_" + id.dropFirst(9)]
            var characters = Array(id)
            let position = [0, 5, 8, 10, 13, 20, 23, 35].randomElement() ?? 0
            // A hex digit in a group is still an id; anything else there, or anything but "-" between groups, is not.
            let digitAllowed = ![8, 13, 18, 23].contains(position)
            for replacement in ["g", "G", "0", "é", "\0", " ", "ａ", "-"] where !(digitAllowed && replacement == "0") && !(!digitAllowed && replacement == "-") {
                characters[position] = Character(replacement)
                inputs.append(String(characters))
            }
        }
        for input in inputs {
            #expect(UUIDText.canonical(input) == nil, "\(input.debugDescription)")
        }
    }

    @Test func foundationWouldHaveStoredADifferentIdForAShortGroup() {
        // What the old check let through: the phone's id and the stored one would not have matched.
        let sent = "CA257DAF-C0-7-4528-95D2-82B98798BDC8"
        if let foundation = UUID(uuidString: sent) { #expect(foundation.uuidString != sent) }
        #expect(UUIDText.canonical(sent) == nil)
    }
}

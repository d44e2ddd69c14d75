import Foundation

/// A minimal structural reader for the charts' SVG output. Foundation's XMLParser is not always
/// linked on Linux, and the charts emit a tiny, regular subset of XML (no comments, CDATA or
/// processing instructions), so checking that tags nest and that text holds only known entities
/// is enough to catch markup a browser would mis-render.
struct SVGMarkup {
    struct Element: Equatable {
        let name: String
        let attributes: [String: String]
        var text: String
    }

    let elements: [Element]
    let problems: [String]

    var isWellFormed: Bool { problems.isEmpty }

    init(_ svg: String) {
        var elements: [Element] = []
        var problems: [String] = []
        var openStack: [Int] = []
        var rest = Substring(svg)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                Self.checkText(rest, into: &problems)
                if let index = openStack.last { elements[index].text += Self.unescape(rest) }
                break
            }
            let text = rest[..<open]
            Self.checkText(text, into: &problems)
            if let index = openStack.last { elements[index].text += Self.unescape(text) }
            guard let close = rest[open...].firstIndex(of: ">") else {
                problems.append("unterminated tag")
                break
            }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                guard let index = openStack.popLast(), elements[index].name == name else {
                    problems.append("unexpected </\(name)>")
                    continue
                }
            } else {
                let selfClosing = tag.hasSuffix("/")
                let body = selfClosing ? tag.dropLast() : tag
                let name = String(body.prefix { !$0.isWhitespace })
                guard let attributes = Self.attributes(body.dropFirst(name.count), problems: &problems) else { continue }
                elements.append(Element(name: name, attributes: attributes, text: ""))
                if !selfClosing { openStack.append(elements.count - 1) }
            }
        }
        if !openStack.isEmpty {
            problems.append("unclosed: \(openStack.map { elements[$0].name })")
        }
        self.elements = elements
        self.problems = problems
    }

    func all(_ name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    func all(_ name: String, class className: String) -> [Element] {
        elements.filter { $0.name == name && ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(className)) }
    }

    private static func attributes(_ text: Substring, problems: inout [String]) -> [String: String]? {
        var attributes: [String: String] = [:]
        var rest = text.drop { $0.isWhitespace }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="),
                  rest[rest.index(after: equals)...].first == "\"",
                  let end = rest[rest.index(equals, offsetBy: 2)...].firstIndex(of: "\"")
            else {
                problems.append("bad attributes: \(text)")
                return nil
            }
            let key = String(rest[..<equals])
            let value = rest[rest.index(equals, offsetBy: 2)..<end]
            checkText(value, into: &problems)
            if attributes[key] != nil { problems.append("duplicate attribute \(key)") }
            attributes[key] = unescape(value)
            rest = rest[rest.index(after: end)...].drop { $0.isWhitespace }
        }
        return attributes
    }

    private static let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]

    private static func checkText(_ text: Substring, into problems: inout [String]) {
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            let tail = rest[ampersand...]
            guard entities.keys.contains(where: { tail.hasPrefix($0) }) else {
                problems.append("raw & in \(text)")
                return
            }
            rest = rest[rest.index(after: ampersand)...]
        }
        if text.contains(">") { problems.append("raw > in \(text)") }
    }

    private static func unescape(_ text: Substring) -> String {
        var result = String(text)
        for (entity, character) in entities where entity != "&amp;" {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result.replacingOccurrences(of: "&amp;", with: "&")
    }
}

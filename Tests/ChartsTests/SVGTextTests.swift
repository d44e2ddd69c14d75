import Charts
import Testing

@Suite struct SVGTextTests {
    @Test func escapesMarkupSoLabelsCannotInjectElements() {
        #expect(SVGText.escape("<script>&\"'") == "&lt;script&gt;&amp;&quot;&#39;")
    }
}

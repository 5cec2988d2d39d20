import Foundation
import FrameDraw
import PropertyBased
import Testing

@testable import MovieKitSubtitles

/// Cue text to Pango markup: WebVTT's tags and entities, SRT's font colours, and markup that Pango
/// always accepts whatever the text.
@Suite("Cue text markup", .shrinking(false))
struct CueTextMarkupTests {
    @Test(arguments: [
        ("plain & <b>bold</b>", "plain &amp; <b>bold</b>"),
        ("<i>open", "<i>open</i>"),
        ("stray </b>end", "stray end"),
        ("<c.yellow.bg_blue>x</c>", "<span foreground=\"#FFFF00\" background=\"#0000FF\">x</span>"),
        ("<v Ann>Hi</v> <v.loud Bob>Yo", "<span>Hi</span> <span>Yo</span>"),
        ("a<00:00:01.500>b", "ab"),
        ("&lt;tag&gt; &amp;amp; &nbsp;", "&lt;tag&gt; &amp;amp; \u{A0}"),
        ("<ruby>漢<rt>kan</rt></ruby>", "<span>漢<span size=\"smaller\"> (kan)</span></span>"),
        (
            "<font color=\"#ff8800\">o</font> <font color=red>r</font>",
            "<span foreground=\"#FF8800\">o</span> <span foreground=\"#FF0000\">r</span>"
        ),
        ("<b><i>x</b>y", "<b><i>x</i></b>y"),
        ("<lang en-GB>colour</lang>", "<span lang=\"en-GB\">colour</span>"),
        // As the specification reads it, `< 6 >` is a start tag with no name (shown as nothing).
        ("5 < 6 > 4", "5 <span> 4</span>"),
        ("no end <b", "no end &lt;b")
    ])
    func convertsTagsAndEntities(_ text: String, _ expected: String) {
        #expect(CueTextMarkup.markup(text) == expected)
    }

    static let fragments = [
        "<b>", "</b>", "<i>", "</i>", "<u>", "<c.red>", "</c>", "<v Ann>", "</v>", "<ruby>", "<rt>", "</rt>",
        "<00:01.000>", "&amp;", "&", "<", ">", "x", " ", "é", "🎬", "\n", "<font color='x'>", "</font>", "<lang>", "\"",
        "'", "<c.bg_>", "</", "<.>"
    ]

    @Test func pangoAcceptsTheMarkupOfAnyText() async {
        let style = TextStyle(font: Font(family: "DejaVu Sans", size: 12))
        await propertyCheck(count: 300, input: Gen.int(in: 0...(Self.fragments.count - 1)).array(of: 0...30)) { picks in
            let text = picks.map { Self.fragments[$0] }.joined()
            let markup = CueTextMarkup.markup(text)
            #expect(throws: Never.self, "\(text.debugDescription) → \(markup.debugDescription)") {
                _ = try style.metrics(forMarkup: markup, width: 200)
            }
        }
    }
}

import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// Text layers (`ty: 5`): where and how large text is drawn, justification, box text, embedded
/// glyphs, font fallback, hold keyframes, slots, warnings and edge values, checked on pixels.
@Suite struct LottieTextTests {
    /// A 400x300 animation of 20 frames with one text layer at `position`.
    static func animation(
        documents: [(frame: Int, document: String)], position: (Double, Double) = (100, 200), fonts: String = "",
        chars: String = "", textOptions: String = #""a": [], "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}"#,
        slots: String = ""
    ) -> String {
        let keyframes = documents.map { #"{"t": \#($0.frame), "s": {\#($0.document)}}"# }.joined(separator: ",")
        let list =
            fonts.isEmpty
            ? #"{"fName": "Sans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}"# : fonts
        return """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 400, "h": 300,
             "fonts": {"list": [\(list)]}, "chars": [\(chars)] \(slots),
             "layers": [{"ty": 5, "nm": "Title", "ind": 1, "ip": 0, "op": 20, "st": 0,
               "ks": {"p": {"a": 0, "k": [\(position.0), \(position.1)]}},
               "t": {"d": {"k": [\(keyframes)]}, \(textOptions)}}]}
            """
    }

    /// Reads `json` as a Lottie file written to a temporary folder.
    static func content(_ json: String, options: LottieOptions = LottieOptions()) throws -> LottieContent {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("text.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try LottieContent(contentsOf: url, options: options)
    }

    static func image(_ content: LottieContent, frame: Double = 0) throws -> Image {
        try Image(size: content.size) { content.renderer.draw(in: $0, frame: frame) }
    }

    /// The bounding box of the pixels whose alpha is above a half, or `nil` when there are none.
    static func ink(_ image: Image) -> CGRect? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(atX: x, y: y).alpha > 0.5 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    static let red = #""f": "Sans", "s": 100, "fc": [1, 0, 0], "j": 0, "tr": 0, "lh": 120"#

    @Test func pointTextSitsOnTheLayerOriginAtItsSize() throws {
        let image = try Self.image(Self.content(Self.animation(documents: [(0, #""t": "HH", \#(Self.red)"#)])))
        let box = try #require(Self.ink(image))
        // The capitals stand on the baseline at y = 200 and are a cap height (0.73 em in DejaVu Sans) tall.
        #expect(abs(box.maxY - 200) <= 1.5, "ink \(box)")
        #expect(abs(box.height - 73) <= 3, "ink \(box)")
        // Left-justified: the first H starts a side bearing (under a tenth of an em) right of x = 100.
        #expect(box.minX >= 100 && box.minX <= 112, "ink \(box)")
        #expect(box.width > 120 && box.width < 170, "ink \(box)")
        let centre = image.pixel(atX: Int(box.minX) + 4, y: Int(box.midY))
        #expect(centre.red > 0.95 && centre.green < 0.05 && centre.alpha > 0.95, "\(centre)")
    }

    @Test(arguments: [(0, "left"), (1, "right"), (2, "center")])
    func justificationAlignsLinesOnTheOrigin(_ justification: Int, _ name: String) throws {
        let document = #""t": "HH\rH", "f": "Sans", "s": 50, "fc": [0, 0, 1], "j": \#(justification), "lh": 60"#
        let image = try Self.image(Self.content(Self.animation(documents: [(0, document)], position: (200, 100))))
        // The second line (one H) lies between y = 124 and 160.
        var rows = CGRect.null
        for y in 125..<160 {
            for x in 0..<400 where image.pixel(atX: x, y: y).alpha > 0.5 {
                rows = rows.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        let first = try #require(Self.ink(image))
        #expect(first.minY > 60 && first.minY < 70, "\(name): \(first)")
        #expect(!rows.isNull, "\(name): no second line")
        switch justification {
        case 1: #expect(abs(rows.maxX - 200) <= 8 && abs(first.maxX - 200) <= 8, "\(name): \(rows) \(first)")
        case 2: #expect(abs(rows.midX - 200) <= 3 && abs(first.midX - 200) <= 3, "\(name): \(rows) \(first)")
        default: #expect(abs(rows.minX - 200) <= 8 && abs(first.minX - 200) <= 8, "\(name): \(rows) \(first)")
        }
    }

    @Test func boxTextWrapsInsideItsBoxAndJustifies() throws {
        // Five words in a 150-unit box: at 20 units, about two fit on a line.
        let document =
            #""t": "lorem ipsum dolor sit amet", "f": "Sans", "s": 20, "fc": [0, 0, 0], "j": 3, "lh": 40, "ps": [20, 30], "sz": [150, 200]"#
        let image = try Self.image(Self.content(Self.animation(documents: [(0, document)], position: (0, 0))))
        let box = try #require(Self.ink(image))
        #expect(box.minX >= 20 && box.maxX <= 171, "wrapped inside the box: \(box)")
        // The first baseline is the ascent (75 % of the size) below the box's top: y = 45.
        #expect(box.minY >= 28 && box.minY < 36, "\(box)")
        #expect(box.maxY > 80, "at least two lines: \(box)")
        // A justified line that is not the last reaches the box's right edge.
        var right = 0
        for y in 28...50 {
            for x in 0..<400 where image.pixel(atX: x, y: y).alpha > 0.5 { right = max(right, x) }
        }
        #expect(right >= 162 && right <= 171, "first line spread to the edge: \(right)")
    }

    /// An embedded glyph "A" of the font `Boxes-Regular`: a 50x70 rectangle standing on the baseline at
    /// size 100, 60 wide with its spacing.
    static let boxGlyph = """
        {"ch": "A", "size": 100, "style": "Regular", "w": 60, "fFamily": "Boxes",
         "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true,
           "v": [[0, 0], [50, 0], [50, -70], [0, -70]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
           "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}}
        """
    static let boxFont = #"{"fName": "Boxes-Regular", "fFamily": "Boxes", "fStyle": "Regular", "origin": 3}"#

    @Test func embeddedGlyphsAreDrawnAsShapesScaledBySize() throws {
        let document = #""t": "AA", "f": "Boxes-Regular", "s": 50, "fc": [0, 1, 0], "tr": 100"#
        let image = try Self.image(
            Self.content(
                Self.animation(
                    documents: [(0, document)], position: (100, 200), fonts: Self.boxFont, chars: Self.boxGlyph)))
        // At size 50: each glyph is 25x35; the second starts 30 + 5 (tracking 100/1000 em) further.
        #expect(Self.ink(image) == CGRect(x: 100, y: 165, width: 60, height: 35))
        #expect(image.pixel(atX: 112, y: 180).green > 0.99)
        #expect(image.pixel(atX: 130, y: 180).alpha == 0)
        #expect(image.pixel(atX: 147, y: 180).green > 0.99)
    }

    @Test func aFontThatIsNotInstalledFallsBackAndStillDraws() throws {
        let font = #"{"fName": "Missing", "fFamily": "No Such Family 12345", "fStyle": "Bold Italic"}"#
        let document = #""t": "Hi", "f": "Missing", "s": 60, "fc": [1, 1, 1]"#
        let image = try Self.image(Self.content(Self.animation(documents: [(0, document)], fonts: font)))
        let box = try #require(Self.ink(image))
        #expect(abs(box.maxY - 200) <= 2 && box.height > 30, "\(box)")
        #expect(LottieTextPainter.weight(style: "Bold Italic", weight: "") == (.bold, true))
        #expect(LottieTextPainter.weight(style: "SemiBold", weight: "") == (.semibold, false))
        #expect(LottieTextPainter.weight(style: "Regular", weight: "300") == (.light, false))
    }

    @Test func theDocumentHoldsUntilItsNextKeyframe() throws {
        let content = try Self.content(
            Self.animation(documents: [
                (0, #""t": "H", "f": "Sans", "s": 80, "fc": [1, 0, 0]"#),
                (10, #""t": "H", "f": "Sans", "s": 80, "fc": [0, 0, 1]"#)
            ]))
        for (frame, red) in [(0.0, true), (9.5, true), (10, false), (19, false)] {
            let image = try Self.image(content, frame: frame)
            let box = try #require(Self.ink(image))
            let pixel = image.pixel(atX: Int(box.minX) + 3, y: Int(box.midY))
            #expect(red ? pixel.red > 0.95 && pixel.blue < 0.05 : pixel.blue > 0.95 && pixel.red < 0.05, "\(frame)")
        }
    }

    @Test func edgeValuesDrawNothingOrStayBounded() throws {
        for document in [
            #""t": "", "f": "Sans", "s": 100, "fc": [1, 0, 0]"#, #""t": "H", "f": "Sans", "s": 0, "fc": [1, 0, 0]"#,
            #""t": "H", "f": "Sans", "s": -5, "fc": [1, 0, 0]"#, #""t": "H", "f": "Sans", "s": 100"#
        ] {
            let image = try Self.image(Self.content(Self.animation(documents: [(0, document)])))
            #expect(Self.ink(image) == nil, "\(document)")
        }
        // A huge size, tracking and line height draw (clamped) without failing, in bounded time.
        let start = Date()
        let huge =
            #""t": "Huge\rtext", "f": "Sans", "s": 1e12, "fc": [1, 0, 0], "tr": 1e9, "lh": 1e15, "ls": -1e9, "sc": [0, 0, 0], "sw": 1e6"#
        let image = try Self.image(Self.content(Self.animation(documents: [(0, huge)], position: (0, 0))))
        _ = Self.ink(image)
        // Text scaled up by its layer past what FreeType renders is laid out smaller and scaled.
        // At 200,000 pixels, the H's left stem (from 0.10 to 0.22 em) covers x = -400 to 23,000.
        let scaled = Self.animation(
            documents: [(0, #""t": "H", "f": "Sans", "s": 2000, "fc": [1, 0, 0]"#)], position: (-20_000, 200)
        )
        .replacingOccurrences(of: #""ks": {"#, with: #""ks": {"s": {"a": 0, "k": [10000, 10000]}, "#)
        let giant = try Self.image(Self.content(scaled))
        #expect(giant.pixel(atX: 200, y: 100).alpha == 1, "the stem of the layer's H covers the frame")
        #expect(Date().timeIntervalSince(start) < 20)
        let box = #""t": "a b c", "f": "Sans", "s": 20, "fc": [1, 0, 0], "j": 6, "ps": [0, 0], "sz": [0, 0]"#
        _ = try Self.image(Self.content(Self.animation(documents: [(0, box)])))
    }

    @Test func animatorsAndTextOnAPathWarnByNameAndStrictFails() throws {
        let json = Self.animation(
            documents: [(0, #""t": "H", "f": "Sans", "s": 40, "fc": [1, 0, 0]"#)],
            textOptions: #""a": [{"nm": "Animator 1", "s": {}, "a": {"o": {"a": 0, "k": 0}}}], "p": {"m": 0}"#)
        let warnings = Warnings()
        let token = Log.addHandler(level: .warning) { warnings.append($0.text) }
        defer { Log.removeHandler(token) }
        let content = try Self.content(json)
        #expect(warnings.all.contains { $0.contains("layer `Title` (layers[0]) has 1 text animator(s) (`t.a`)") })
        #expect(warnings.all.contains { $0.contains("puts its text on a path (`t.p`)") })
        #expect(Self.ink(try Self.image(content)) != nil, "the static text is drawn")
        #expect {
            _ = try Self.content(json, options: LottieOptions(strict: true))
        } throws: { error in
            "\(error)".contains("text animator") && "\(error)".contains("Render without strict checking")
        }
        let quiet = Warnings()
        let quietToken = Log.addHandler(level: .warning) { quiet.append($0.text) }
        defer { Log.removeHandler(quietToken) }
        _ = try Self.content(Self.animation(documents: [(0, #""t": "H", "f": "Sans", "s": 40"#)]))
        #expect(!quiet.all.contains { $0.contains("Title") }, "default more options and path do not warn")
    }

    @Test func aTextSlotTakesTheSetText() throws {
        let slots =
            #", "slots": {"title": {"p": {"k": [{"t": 0, "s": {"t": "H", "f": "Sans", "s": 60, "fc": [1, 0, 0]}}]}}}"#
        var json = Self.animation(documents: [(0, #""t": "unused", "f": "Sans", "s": 60"#)], slots: slots)
        json = json.replacingOccurrences(of: #""t": {"d": {"k""#, with: #""t": {"d": {"sid": "title", "k""#)
        let slotted = try #require(Self.ink(try Self.image(Self.content(json))))
        var options = LottieOptions()
        options.slotValues = ["title": "HHHH"]
        let replaced = try #require(Self.ink(try Self.image(Self.content(json, options: options))))
        #expect(abs(replaced.minX - slotted.minX) < 1 && replaced.width > slotted.width * 3, "\(slotted) \(replaced)")
    }
}

/// lottie-spec image slots: a `sid` on an image asset, whose picture `--set` replaces by path.
@Suite struct LottieImageSlotTests {
    @Test func anImageSlotTakesThePathOfAnotherPicture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-slot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, color) in [("red.png", Color.red), ("blue.png", Color.blue)] {
            let image = try Image(size: CGSize(width: 8, height: 8)) { context in
                context.setFillColor(color)
                context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            }
            try image.pngData().write(to: folder.appendingPathComponent(name))
        }
        let json = """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 8, "h": 8,
             "assets": [{"id": "image_0", "w": 8, "h": 8, "u": "", "p": "red.png", "e": 0, "sid": "photo"}],
             "slots": {"photo": {"p": {"w": 8, "h": 8, "u": "", "p": "red.png", "e": 0}}},
             "layers": [{"ty": 2, "refId": "image_0", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}}]}
            """
        let url = folder.appendingPathComponent("image.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        let red = try #require(try LottieReaderTests.firstOpaqueColor(LottieContent(contentsOf: url)))
        #expect(red.red > 0.99 && red.blue < 0.01)
        var options = LottieOptions()
        options.slotValues = ["photo": "blue.png"]
        let blue = try #require(
            try LottieReaderTests.firstOpaqueColor(LottieContent(contentsOf: url, options: options)))
        #expect(blue.blue > 0.99 && blue.red < 0.01)
    }
}

import Foundation
import Synchronization
import Testing

@testable import FrameDraw

@Suite("Text drawing")
struct TextDrawingTests {
    let red = Color(red: 1, green: 0, blue: 0)

    @Test func textStaysInsideItsMeasuredBox() throws {
        let canvas = try Canvas(width: 220, height: 80)
        let style = TextStyle(font: .system(size: 32), color: red)
        let origin = CGPoint(x: 20, y: 10)
        canvas.context.draw("Hello", at: origin, style: style)

        let box = CGRect(origin: origin, size: style.measure("Hello"))
        let painted = canvas.positions { $0.alpha > 0 }
        #expect(painted.count > 100)
        let outside = painted.filter { !box.contains(CGPoint(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }
        #expect(outside.isEmpty, "Pixels outside \(box): \(outside.prefix(5))")
        // Fully covered pixels have exactly the text colour.
        let solid = canvas.positions { $0.alpha == 255 }
        #expect(!solid.isEmpty)
        #expect(solid.allSatisfy { canvas.pixel(x: $0.x, y: $0.y) == Pixel(red: 255, green: 0, blue: 0, alpha: 255) })
    }

    @Test func baselineAtPutsTheBaselineThere() throws {
        let canvas = try Canvas(width: 120, height: 100)
        let style = TextStyle(font: .system(size: 48), color: red)
        canvas.context.draw("H", baselineAt: CGPoint(x: 40, y: 80), style: style)
        let ink = try #require(canvas.boundingBox { $0.alpha > 128 })
        // "H" sits on the baseline: its last inked row is just above y = 80.
        #expect(ink.maxY >= 79 && ink.maxY <= 81)
        // Its cap height is about 0.73 em.
        #expect(abs(ink.height - 35) <= 2)
        #expect(ink.minX >= 40 && ink.minX <= 50)
    }

    @Test func baselineMatchesMeasuredFirstBaseline() throws {
        let style = TextStyle(font: .system(size: 48), color: red)
        let top = try Canvas(width: 200, height: 100)
        let base = try Canvas(width: 200, height: 100)
        let baseline = style.metrics(for: "Frame 1").firstBaseline
        top.context.draw("Frame 1", at: CGPoint(x: 10, y: 10), style: style)
        base.context.draw("Frame 1", baselineAt: CGPoint(x: 10, y: 10 + baseline), style: style)
        #expect(top.boundingBox { $0.alpha > 0 } == base.boundingBox { $0.alpha > 0 })
    }

    @Test func outlineDrawsTheOutlineColour() throws {
        let canvas = try Canvas(width: 120, height: 80)
        var style = TextStyle(font: .system(size: 48, weight: .bold), color: red)
        style.outline = TextOutline(color: Color(red: 0, green: 0, blue: 1), width: 4)
        canvas.context.draw("O", at: CGPoint(x: 20, y: 5), style: style)
        let blue = canvas.positions { $0.alpha == 255 && $0.blue > 200 && $0.red < 50 }
        let redPixels = canvas.positions { $0.alpha == 255 && $0.red > 200 && $0.blue < 50 }
        #expect(blue.count > 50)
        #expect(redPixels.count > 50)

        // Without an outline there is no blue at all.
        let plain = try Canvas(width: 120, height: 80)
        style.outline = nil
        plain.context.draw("O", at: CGPoint(x: 20, y: 5), style: style)
        #expect(plain.positions { $0.blue > 0 }.isEmpty)
    }

    @Test func textInRectIsClippedToTheRect() throws {
        let canvas = try Canvas(width: 200, height: 120)
        let rect = CGRect(x: 30, y: 20, width: 100, height: 50)
        let style = TextStyle(font: .system(size: 20), color: red)
        canvas.context.draw(
            "A long sentence that wraps onto many lines and does not fit in the box at all",
            in: rect, style: style
        )
        let painted = canvas.positions { $0.alpha > 0 }
        #expect(painted.count > 100)
        #expect(painted.allSatisfy { rect.contains(CGPoint(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) })
    }

    @Test func rightAlignmentInRectHugsTheRightEdge() throws {
        let canvas = try Canvas(width: 200, height: 60)
        let rect = CGRect(x: 0, y: 0, width: 200, height: 60)
        canvas.context.draw("Hi", in: rect, style: TextStyle(font: .system(size: 24), color: red, alignment: .right))
        let ink = try #require(canvas.boundingBox { $0.alpha > 0 })
        #expect(ink.maxX > 190)
        #expect(ink.minX > 150)
    }

    @Test func markupColoursOverrideTheStyle() throws {
        let canvas = try Canvas(width: 120, height: 60)
        try canvas.context.draw(
            markup: "<span foreground=\"#00FF00\">G</span>", at: CGPoint(x: 10, y: 5),
            style: TextStyle(font: .system(size: 40), color: red)
        )
        #expect(!canvas.positions { $0.alpha == 255 && $0.green == 255 && $0.red == 0 }.isEmpty)
        #expect(canvas.positions { $0.red > 0 }.isEmpty)
    }

    /// Pango 1.50 aborts the process on a numeric `baseline_shift` of at most 1024 units (other than 0,
    /// 1 and 2); such a shift is drawn as the same `rise` instead.
    @Test func smallNumericBaselineShiftsDrawAsTheSameRise() throws {
        func painted(_ markup: String) throws -> [String] {
            let canvas = try Canvas(width: 120, height: 60)
            try canvas.context.draw(
                markup: markup, at: CGPoint(x: 10, y: 5), style: TextStyle(font: .system(size: 40), color: red))
            return canvas.positions { $0.alpha > 127 }.map { "\($0.x),\($0.y)" }
        }
        for shift in ["1024", "700", "3"] {
            let shifted = try painted("<span baseline_shift=\"\(shift)\">x</span>\nsecond line")
            let value = Int(shift) ?? 0
            #expect(shifted == (try painted("<span rise=\"\(value)\">x</span>\nsecond line")), "\(shift)")
        }
        #expect(try painted("<span baseline_shift=\"1024\">x</span>\nsecond line").count > 50, "the text is drawn")
    }

    /// Pango's parser takes any number for an enumerated attribute, and Pango 1.50 aborts when it lays out
    /// one its enumeration lacks; FrameDraw refuses such markup, naming the attribute and its values.
    @Test(arguments: [
        ("text_transform=\"12\"", "text_transform=\"12\"", "capitalize"),
        ("style=\"9\"", "style=\"9\"", "italic"),
        ("underline=\"9\"", "underline=\"9\"", "double"),
        ("gravity_hint=\"7\"", "gravity_hint=\"7\"", "strong")
    ])
    func enumeratedAttributesOutOfRangeAreRefused(attribute: String, named: String, choice: String) throws {
        let markup = "<span \(attribute)>x</span>"
        #expect {
            _ = try TextStyle(font: .system(size: 20)).metrics(forMarkup: markup)
        } throws: { error in
            let message = (error as? FrameDrawError)?.description ?? ""
            return message.contains(named) && message.contains(choice) && !message.contains("Close every tag")
        }
        // The values the enumeration has still lay out.
        #expect(
            try TextStyle(font: .system(size: 20)).metrics(forMarkup: "<span text_transform=\"3\">x</span>").size.width
                > 0)
    }

    @Test func invalidMarkupDrawsNothing() throws {
        let canvas = try Canvas(width: 60, height: 40)
        #expect(throws: FrameDrawError.self) {
            try canvas.context.draw(markup: "<b>x", at: .zero, style: TextStyle(color: red))
        }
        #expect(canvas.positions { $0.alpha > 0 }.isEmpty)
    }

    @Test func globalAlphaApplies() throws {
        let canvas = try Canvas(width: 100, height: 60)
        canvas.context.setAlpha(0.5)
        canvas.context.draw("W", at: CGPoint(x: 10, y: 5), style: TextStyle(font: .system(size: 40), color: red))
        let maxAlpha = canvas.positions { $0.alpha > 0 }.map { canvas.pixel(x: $0.x, y: $0.y).alpha }.max()
        #expect(maxAlpha == 128 || maxAlpha == 127)
    }

    @Test func arabicDrawsPixels() throws {
        let canvas = try Canvas(width: 260, height: 60)
        let style = TextStyle(font: .system(size: 28), color: red)
        canvas.context.draw("مرحبا بالعالم", at: CGPoint(x: 10, y: 5), style: style)
        let ink = try #require(canvas.boundingBox { $0.alpha > 0 })
        #expect(ink.width > 100)
    }

    @Test func drawingTextKeepsTheCurrentPathAndShadow() throws {
        let canvas = try Canvas(width: 60, height: 60)
        let context = canvas.context
        context.setFillColor(Color(red: 0, green: 0, blue: 1))
        context.addRect(CGRect(x: 40, y: 40, width: 10, height: 10))
        var style = TextStyle(font: .system(size: 20), color: red)
        style.shadow = Shadow(offset: CGSize(width: 2, height: 2), blur: 0, color: .black)
        context.draw("x", at: CGPoint(x: 2, y: 2), style: style)
        #expect(context.state.shadow == nil)
        context.fillPath()
        #expect(canvas.pixel(x: 45, y: 45) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func reusedContextFollowsTransforms() throws {
        let style = TextStyle(font: .system(size: 24), color: red)
        let canvas = try Canvas(width: 200, height: 100)
        canvas.context.draw("Hi", at: CGPoint(x: 10, y: 10), style: style)
        let first = try #require(canvas.boundingBox { $0.alpha > 0 })
        canvas.surface.fill(argb: 0)
        canvas.context.translateBy(x: 50, y: 30)
        canvas.context.scaleBy(x: 2, y: 2)
        canvas.context.draw("Hi", at: CGPoint(x: 10, y: 10), style: style)
        let second = try #require(canvas.boundingBox { $0.alpha > 0 })
        #expect(abs(second.minX - (50 + 2 * first.minX)) <= 2)
        #expect(abs(second.width - 2 * first.width) <= 3)
    }

    /// A box measured for the text holds the same lines at every scale it is drawn under: Pango compared
    /// a positive height limit in device space, so at 0.6× the second line became "…".
    @Test(arguments: [0.25, 0.5, 0.6, 0.66, 1, 1.1, 2.5])
    func aBoxMeasuredForTheTextKeepsItsLinesAtAnyScale(scale: Double) throws {
        let canvas = try Canvas(width: 64, height: 64)
        var style = TextStyle(font: .system(size: 72), color: red)
        style.alignment = .center
        style.wrapWidth = 576
        let text = "Colorful backgrounds"
        let measured = style.measure(text)
        let renderer = try #require(canvas.context.textRenderer)
        canvas.context.scaleBy(x: scale, y: scale)
        try renderer.prepare(
            cr: canvas.context.cr, text: text, attributes: nil, style: style, width: 576, heightLimit: measured.height)
        #expect(try renderer.metrics.lineCount == 2)
        // Pango units (1/1024 pixel) of rounding at some scales.
        #expect(try abs(renderer.metrics.size.height - measured.height) < 0.01)
        // A box a little shorter than two lines still cuts the second at every scale.
        try renderer.prepare(
            cr: canvas.context.cr, text: text, attributes: nil, style: style, width: 576,
            heightLimit: measured.height - 10)
        #expect(try renderer.metrics.lineCount == 1)
    }
}

/// Each test adds its own log handler beside any others and removes it afterwards.
@Suite("Font fallback", .serialized)
struct FontFallbackTests {
    /// Runs `body` with a handler that collects the `pango` messages, then turns logging off.
    private func pangoMessages(_ body: () -> Void) -> [String] {
        let collected = Mutex<[String]>([])
        let token = Log.addHandler(level: .warning) { message in
            guard message.subsystem == .pango else { return }
            collected.withLock { $0.append(message.text) }
        }
        defer { Log.removeHandler(token) }
        body()
        return collected.withLock { $0 }
    }

    @Test func missingFamilyIsReportedOnce() throws {
        let style = TextStyle(font: Font(family: "NoSuchFontFamily", size: 20))
        let messages = pangoMessages {
            _ = style.measure("Hello")
            _ = style.measure("Hello again")
            let canvas = try? Canvas(width: 40, height: 40)
            canvas?.context.draw("Hi", at: .zero, style: style)
        }
        let reports = messages.filter { $0.contains("NoSuchFontFamily") }
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("Font family \"NoSuchFontFamily\" is not installed; using \"") == true)
        #expect(reports.first?.hasSuffix("\" instead.") == true)
    }

    @Test func installedAndGenericFamiliesAreNotReported() {
        let messages = pangoMessages {
            _ = TextStyle(font: Font(family: "DejaVu Serif", size: 20)).measure("Hello")
            _ = TextStyle(font: Font(family: "dejavu sans mono", size: 20)).measure("Hello")
            _ = TextStyle(font: Font(family: "sans-serif", size: 20)).measure("Hello")
        }
        #expect(messages.isEmpty, "\(messages)")
    }
}

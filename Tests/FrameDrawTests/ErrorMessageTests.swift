import CCairo
import Foundation
import Testing

@testable import FrameDraw

/// The exact text of every `FrameDrawError` message, produced the way users meet it where that is possible.
@Suite("Error messages")
struct ErrorMessageTests {
    /// The error `body` throws as a `FrameDrawError`, or `nil` (with an issue recorded) when it throws none.
    private func error(
        _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) -> FrameDrawError? {
        do {
            try body()
            Issue.record("Expected a FrameDrawError, but nothing was thrown.", sourceLocation: sourceLocation)
        } catch let error as FrameDrawError {
            return error
        } catch {
            Issue.record("Expected a FrameDrawError, got \(error).", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: - SVG path data

    static let svgRemedy =
        "Check the path's \"d\" attribute: it starts with M or m, and each command (M, L, H, V, C, S, Q, T, A and Z; "
        + "lower case for relative coordinates) is followed by its numbers, separated by spaces or commas."

    @Test(arguments: [
        ("M0 0 Lq", 7, "expected a number for the \"L\" command, but found \"q\" (in \"M0 0 Lq\")"),
        ("L10 10", 1, "the data must start with a move command (M or m), but it starts with \"L\" (in \"L10 10\")"),
        ("  #1", 3, "the data must start with a move command (M or m), but it starts with \"#\" (in \"  #1\")"),
        ("M10", 4, "expected a number for the \"M\" command, but found the end of the data (in \"M10\")"),
        ("M0 0 z 5", 8, "the close command \"z\" takes no numbers, but \"5\" follows it (in \"M0 0 z 5\")"),
        ("M1 2 K3 4", 6, "\"K\" is neither a path command nor a number (in \"M1 2 K3 4\")"),
        ("M1e 2", 3, "the number \"1e\" has an exponent without digits (in \"M1e 2\")"),
        ("M1 1e999", 4, "the number \"1e999\" is too large (in \"M1 1e999\")"),
        (
            "M0 0 a1 1 0 2 1 3 3", 13,
            "an arc flag of the \"a\" command must be 0 or 1, but found \"2\" (in \"M0 0 a1 1 0 2 1 3 3\")"
        ),
        (
            "M0 0 L10 10\nL20 20 L30 30 L40 40 Lx 50 L60 60 L70 70", 35,
            "expected a number for the \"L\" command, but found \"x\" (in \"…0 20 L30 30 L40 40 Lx 50 L60 6…\")"
        )
    ])
    func svgPathMessage(data: String, character: Int, detail: String) {
        let thrown = error { _ = try Path(svgPathData: data) }
        #expect(
            thrown?.description == "SVG path data is malformed at character \(character): \(detail). " + Self.svgRemedy)
    }

    // MARK: - Markup

    @Test func markupMessage() {
        let thrown = error { _ = try TextStyle().measure(markup: "<b>Bold</i>") }
        #expect(
            thrown?.description
                == "Pango could not parse the markup \"<b>Bold</i>\": GLib reports \"Error on line 1 char 19: "
                + "Element “i” was closed, but the currently open element is “b”\". Close every tag you open, and write the "
                + "characters & < > in text as &amp; &lt; &gt; (TextStyle.escapeMarkup does this); to draw plain text, "
                + "use draw(_:at:style:).")
    }

    // MARK: - Drawing and memory

    @Test func drawingFailedSaysWhatCairoReportedAndThatLaterCallsWereIgnored() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.context.scaleBy(x: 0, y: 0)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let thrown = error { try canvas.context.checkStatus() }
        #expect(
            thrown?.description
                == "Cairo stopped drawing with the error \"invalid matrix (not invertible)\" and ignored "
                + "every drawing call after the one that failed, so the picture is incomplete. Check the values passed to "
                + "the drawing calls: NaN or infinite coordinates, sizes or angles, and transforms that scale by 0, are "
                + "the usual causes.")
    }

    @Test func cairoOutOfMemoryBecomesOutOfMemory() {
        let what = "a 20000 × 20000-pixel image (\(FrameDrawError.surfaceByteCount(width: 20000, height: 20000)))"
        let thrown = FrameDrawError(cairoStatus: CAIRO_STATUS_NO_MEMORY, allocating: what)
        #expect(thrown == .outOfMemory("a 20000 × 20000-pixel image (1.6 GB)"))
        #expect(
            thrown.description == "FrameDraw ran out of memory while allocating a 20000 × 20000-pixel image (1.6 GB). "
                + "Free some memory, or make the images smaller: Image(contentsOf:maxPixelSize:) loads large pictures scaled down."
        )
        #expect(FrameDrawError.surfaceByteCount(width: 1920, height: 1080) == "8.3 MB")
        #expect(
            FrameDrawError(cairoStatus: CAIRO_STATUS_INVALID_MATRIX, allocating: what)
                == .drawingFailed("invalid matrix (not invertible)"))
    }

    @Test func imageTooLargeNamesTheFileItsSizeAndTheLimit() {
        let thrown = FrameDrawError.imageTooLarge(
            path: "/photos/pano.png", width: 40000, height: 3000,
            limit: "the 32767 pixels per side a FrameDraw image can hold"
        )
        #expect(
            thrown.description == "The image at /photos/pano.png is 40000 × 3000 pixels, more than the 32767 pixels "
                + "per side a FrameDraw image can hold. Scale the file down before loading it; when the picture can be "
                + "decoded but not held at full size, Image(contentsOf:maxPixelSize:) loads it scaled down instead.")
    }

    // MARK: - Image sizes

    static let sizeRemedy =
        "width and height must be finite numbers above 0 and at most 32767 pixels. "
        + "Check the computation that produced the size."

    @Test(arguments: [
        (CGSize(width: Double.nan, height: 5), "NaN × 5"),
        (CGSize(width: 12, height: -Double.infinity), "12 × -infinity"),
        (CGSize(width: 0, height: 5), "0 × 5"),
        (CGSize(width: 40000.5, height: 10), "40000.5 × 10")
    ])
    func drawingInitReportsTheSizeAsGiven(size: CGSize, shown: String) {
        let thrown = error { _ = try Image(size: size) { _ in } }
        #expect(thrown?.description == "Image size \(shown) is not valid: " + Self.sizeRemedy)
    }

    @Test(arguments: [
        (CGSize(width: Double.infinity, height: 5), "infinity × 5"),
        (CGSize(width: 8, height: Double.nan), "8 × NaN"),
        (CGSize(width: -3, height: 5), "-3 × 5"),
        (CGSize(width: 32767.6, height: 1), "32767.6 × 1")
    ])
    func resizingReportsTheSizeAsGiven(size: CGSize, shown: String) throws {
        let image = try Image(width: 2, height: 2, pixels: [0, 0, 0, 0])
        let thrown = error { _ = try image.resized(to: size) }
        #expect(thrown?.description == "Image size \(shown) is not valid: " + Self.sizeRemedy)
    }

    @Test func pixelInitReportsTheSize() {
        let thrown = error { _ = try Image(width: 40000, height: 2, pixels: []) }
        #expect(thrown == .invalidImageSize(width: 40000, height: 2))
        #expect(thrown?.description == "Image size 40000 × 2 is not valid: " + Self.sizeRemedy)
    }

    // MARK: - Text layout

    @Test func textLayoutFailedNamesTheTextAndTheCall() {
        let thrown = TextLayout.failure(String(repeating: "abc\n", count: 12), "pango_layout_new returned no layout")
        #expect(
            thrown.description
                == "Pango could not lay out the text \"abc\\nabc\\nabc\\nabc\\nabc\\nabc\\nabc\\nabc\\n…\" "
                + "(pango_layout_new returned no layout), so it was not drawn. This happens when memory runs out or "
                + "fontconfig finds no font at all; free some memory, or install a font package such as fonts-dejavu-core."
        )
    }
}

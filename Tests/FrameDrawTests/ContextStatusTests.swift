import Foundation
import Testing

@testable import FrameDraw

/// Failures outside Cairo's own status (Pango's) put the context into an error state that
/// `checkStatus()` reports once per frame, as Cairo's sticky errors are.
@Suite("Context error state")
struct ContextStatusTests {
    let style = TextStyle(font: .system(size: 20), color: .black)
    static let noLayout = FrameDrawError.textLayoutFailed(
        text: "Hello", reason: "pango_cairo_create_layout returned no layout for the drawing context"
    )

    @Test func textDrawsAndTheStatusStaysClear() throws {
        let canvas = try Canvas(width: 80, height: 40)
        canvas.context.draw("Hello", at: CGPoint(x: 2, y: 2), style: style)
        #expect(!canvas.positions { $0.alpha > 0 }.isEmpty)
        try canvas.context.checkStatus()
    }

    /// Pango cannot be made to fail on demand, so the context is given no layout, as when
    /// `pango_cairo_create_layout` fails.
    @Test(arguments: ["at", "baselineAt", "in"])
    func textThatPangoCannotLayOutIsReportedByTheStatusCheck(call: String) throws {
        let canvas = try Canvas(width: 80, height: 40)
        canvas.context.removeTextLayoutForTesting()
        switch call {
        case "at": canvas.context.draw("Hello", at: CGPoint(x: 2, y: 2), style: style)
        case "baselineAt": canvas.context.draw("Hello", baselineAt: CGPoint(x: 2, y: 30), style: style)
        default: canvas.context.draw("Hello", in: CGRect(x: 0, y: 0, width: 80, height: 40), style: style)
        }
        #expect(canvas.positions { $0.alpha > 0 }.isEmpty)
        #expect(throws: Self.noLayout) { try canvas.context.checkStatus() }
        #expect(
            Self.noLayout.description
                == "Pango could not lay out the text \"Hello\" (pango_cairo_create_layout returned "
                + "no layout for the drawing context), so it was not drawn. This happens when memory runs out or fontconfig "
                + "finds no font at all; free some memory, or install a font package such as fonts-dejavu-core.")
    }

    @Test func markupThatPangoCannotLayOutThrowsAtOnce() throws {
        let canvas = try Canvas(width: 80, height: 40)
        canvas.context.removeTextLayoutForTesting()
        #expect(throws: Self.noLayout) { try canvas.context.draw(markup: "<b>Hello</b>", at: .zero, style: style) }
        #expect(throws: Self.noLayout) {
            try canvas.context.draw(markup: "<b>Hello</b>", in: CGRect(x: 0, y: 0, width: 80, height: 40), style: style)
        }
        try canvas.context.checkStatus()
    }

    @Test func theFirstErrorIsKeptAndSurvivesReset() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.context.recordError(.outOfMemory("the first thing"))
        canvas.context.recordError(.outOfMemory("the second thing"))
        canvas.context.reset()
        #expect(throws: FrameDrawError.outOfMemory("the first thing")) { try canvas.context.checkStatus() }
        #expect(throws: FrameDrawError.outOfMemory("the first thing")) { try canvas.context.checkStatus() }
    }

    @Test func anEarlierCairoErrorWins() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.context.scaleBy(x: 0, y: 0)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        canvas.context.recordError(.outOfMemory("something later"))
        #expect(throws: FrameDrawError.drawingFailed("invalid matrix (not invertible)")) {
            try canvas.context.checkStatus()
        }
    }

    @Test func aRecordedErrorWinsOverALaterCairoError() throws {
        let canvas = try Canvas(width: 10, height: 10)
        canvas.context.recordError(.outOfMemory("something earlier"))
        canvas.context.scaleBy(x: 0, y: 0)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(throws: FrameDrawError.outOfMemory("something earlier")) { try canvas.context.checkStatus() }
    }
}

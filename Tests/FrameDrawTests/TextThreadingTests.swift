import Foundation
import FrameDraw
import Synchronization
import Testing

/// Text laid out on several threads at once comes out as it does on one. Pango keeps a font map per
/// thread, yet with Pango 1.50 a justified paragraph laid out on a new thread while other threads lay
/// text out was sometimes broken or stretched differently (about one time in ten), so frames of a
/// parallel render differed from run to run. FrameDraw lays text out one thread at a time.
@Suite("Text on many threads")
struct TextThreadingTests {
    static let text = "Hello\u{5E2}\u{5D1}\u{5E8}\u{5D9}\u{5EA}"
    static let justified = TextStyle(font: .system(size: 24), color: .white, alignment: .justified, wrapWidth: 24.64)
    static let left = TextStyle(font: .system(size: 24), color: .white, alignment: .left, wrapWidth: 24.64)

    /// Runs `work` for each of `count` threads started together; returns their results in order.
    static func onNewThreads<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Mutex<[Int: T]>([:])
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                start.wait()
                let result = work(index)
                results.withLock { $0[index] = result }
                group.leave()
            }.start()
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        return results.withLock { results in (0..<count).compactMap { results[$0] } }
    }

    static func pixels(_ image: Image?) -> [Color] {
        guard let image else { return [] }
        return (0..<image.height).flatMap { y in (0..<image.width).map { x in image.pixel(atX: x, y: y) } }
    }

    /// The text drawn rotated by `angle`, scaled down into 32×32 pixels.
    static func drawing(angle: Double) -> [Color] {
        pixels(
            try? Image(size: CGSize(width: 32, height: 32)) { context in
                context.scaleBy(x: 0.3, y: 0.3)
                context.translateBy(x: 40, y: 40)
                context.rotate(by: angle)
                context.draw(text, at: .zero, style: justified)
            })
    }

    @Test func justifiedTextMeasuresTheSameOnNewThreadsBesideOtherText() {
        let expected = Self.justified.measure(Self.text)
        var differing = 0
        for _ in 0..<40 {
            // One thread measures justified text while three lay out left-aligned text.
            let sizes = Self.onNewThreads(4) { index -> CGSize in
                if index == 0 { return Self.justified.measure(Self.text) }
                return (0..<4).map { _ in Self.left.measure(Self.text) }[0]
            }
            if sizes[0] != expected { differing += 1 }
        }
        #expect(differing == 0, "justified text measured differently in \(differing) of 40 rounds")
    }

    @Test func justifiedTextDrawsTheSameOnNewThreads() {
        let angles = [0.3, 1.2, 2.5, 4.0]
        let expected = angles.map(Self.drawing(angle:))
        #expect(expected.allSatisfy { $0.contains { $0.alpha > 0 } }, "the text draws")
        var differing = 0
        for _ in 0..<15 {
            let drawn = Self.onNewThreads(4) { Self.drawing(angle: angles[$0]) }
            differing += zip(drawn, expected).filter { $0 != $1 }.count
        }
        #expect(differing == 0, "\(differing) of 60 drawings differed from the same drawing on one thread")
    }
}

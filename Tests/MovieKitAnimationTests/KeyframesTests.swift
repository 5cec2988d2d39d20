import Foundation
import FrameDraw
import MovieKitAnimation
import Testing

@Suite("Keyframes")
struct KeyframesTests {
    /// The example of the documentation: per-segment easings, CSS semantics at the ends.
    let x = Keyframes<Double>([
        Keyframe(time: 0.0, value: 0, easing: .easeIn),
        Keyframe(time: 0.3, value: 200, easing: .easeOut),
        Keyframe(time: 0.8, value: 1000),
        Keyframe(time: 1.0, value: 400)
    ])

    @Test(
        "before, at and after each keyframe",
        arguments: [(-1, 0), (0, 0), (0.3, 200), (0.8, 1000), (1, 400), (1.0.nextUp, 400), (5, 400)]
            as [(Double, Double)])
    func edges(time: Double, value: Double) {
        #expect(x.value(at: time) == value)
    }

    @Test("the easing of keyframe i shapes the segment from i to i + 1")
    func perSegmentEasing() {
        #expect(near(x.value(at: 0.15), 200 * Easing.easeIn.value(at: 0.5)))
        #expect(near(x.value(at: 0.55), 200 + 800 * Easing.easeOut.value(at: 0.5)))
        #expect(near(x.value(at: 0.9), 700))  // keyframe 2 has the default linear easing
        #expect(near(x.value(at: 0.3.nextDown), 200, 1e-6))
        #expect(x.duration == 1)
        #expect(x.value(at: .nan) == 0)
    }

    @Test("two keyframes at the same time make a jump; the later one holds at that time")
    func equalTimesJump() {
        let jump = Keyframes<Double>([
            Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 10),
            Keyframe(time: 1, value: 20), Keyframe(time: 2, value: 30)
        ])
        #expect(near(jump.value(at: 1.0.nextDown), 10, 1e-9))
        #expect(jump.value(at: 1) == 20)
        #expect(jump.value(at: 1.5) == 25)
        for mode in [Keyframes<Double>.Mode.linear, .catmullRom] {
            let modeJump = Keyframes(jump.keyframes, mode: mode)
            #expect(modeJump.value(at: 1) == 20, "\(mode)")
            #expect(near(modeJump.value(at: 1.0.nextDown), 10, 1e-6), "\(mode)")
        }
    }

    @Test("a single keyframe holds its value; keyframes starting late hold the first value until then")
    func singleAndLateStart() {
        let single = Keyframes<Double>([Keyframe(time: 2, value: 7)])
        #expect(single.value(at: 0) == 7 && single.value(at: 3) == 7 && single.duration == 2)
        let late = Keyframes<Double>([Keyframe(time: 1, value: 5), Keyframe(time: 2, value: 15)])
        #expect(late.value(at: 0.5) == 5 && late.value(at: 1.5) == 10)
    }

    @Test("discrete mode holds each value until the next keyframe")
    func discrete() {
        let steps = Keyframes(x.keyframes, mode: .discrete)
        #expect(steps.value(at: 0.29) == 0)
        #expect(steps.value(at: 0.3) == 200)
        #expect(steps.value(at: 0.79) == 200)
        #expect(steps.value(at: 0.99) == 1000)
        #expect(steps.value(at: 1) == 400)
    }

    @Test("Catmull-Rom passes through every keyframe without a kink")
    func catmullRom() {
        let keys = [(0.0, 0.0), (1.0, 10.0), (1.5, -5.0), (3.0, 20.0), (4.0, 20.0)]
        let smooth = Keyframes<Double>(keys.map { Keyframe(time: $0.0, value: $0.1) }, mode: .catmullRom)
        for (time, value) in keys {
            #expect(near(smooth.value(at: time), value, 1e-9))
        }
        // Equal slopes on both sides of the inner keyframes.
        let h = 1e-6
        for (time, _) in keys.dropFirst().dropLast() {
            let left = (smooth.value(at: time) - smooth.value(at: time - h)) / h
            let right = (smooth.value(at: time + h) - smooth.value(at: time)) / h
            #expect(near(left, right, 1e-3), "slope at \(time): \(left) vs \(right)")
        }
        // It is a curve, not the polyline.
        #expect(!near(smooth.value(at: 0.5), 5, 0.01))
        // Works for any interpolatable value, such as colours and points.
        let colours = Keyframes<Color>(
            [
                Keyframe(time: 0, value: .red), Keyframe(time: 1, value: .blue),
                Keyframe(time: 2, value: .green)
            ], mode: .catmullRom)
        #expect(colours.value(at: 1) == .blue)
        let points = Keyframes<CGPoint>(
            [
                Keyframe(time: 0, value: .zero), Keyframe(time: 1, value: CGPoint(x: 10, y: 0)),
                Keyframe(time: 2, value: CGPoint(x: 10, y: 10))
            ], mode: .catmullRom)
        #expect(near(points.value(at: 1), CGPoint(x: 10, y: 0)))
        #expect(points.value(at: 1.5).x > 10)  // swings out past the corner
    }

    @Test("paced mode moves at constant speed along the points, from the first time to the last")
    func paced() throws {
        let path = try Keyframes<CGPoint>.validated(
            [
                Keyframe(time: 0, value: CGPoint(x: 0, y: 0)),
                Keyframe(time: 0.1, value: CGPoint(x: 100, y: 0), easing: .easeInOutBounce),  // time and easing ignored
                Keyframe(time: 0.2, value: CGPoint(x: 100, y: 0)),  // a zero-length segment
                Keyframe(time: 5, value: CGPoint(x: 100, y: 300))
            ], mode: .paced)
        #expect(near(path.value(at: 1.25), CGPoint(x: 100, y: 0)))
        #expect(near(path.value(at: 2.5), CGPoint(x: 100, y: 100)))
        #expect(near(path.value(at: 0.625), CGPoint(x: 50, y: 0)))
        #expect(path.value(at: 5) == CGPoint(x: 100, y: 300))
        var previous = path.value(at: 0)
        for i in 1...100 {
            let point = path.value(at: Double(i) * 0.05)
            #expect(near(point.interpolationDistance(to: previous), 4, 1e-9))
            previous = point
        }
    }

    @Test("paced mode on values without a distance falls back to linear, and validation reports it")
    func pacedFallback() {
        let keys = [Keyframe(time: 0, value: Color.red), Keyframe(time: 1, value: Color.blue)]
        let fades = Keyframes(keys, mode: .paced)
        #expect(fades.value(at: 0.5) == Color.red.interpolated(to: .blue, amount: 0.5))
        #expect(throws: AnimationError.unsupportedKeyframeMode(mode: "paced", valueType: "Color")) {
            try Keyframes.validated(keys, mode: .paced)
        }
    }

    @Test("keyframes out of order are evaluated as if sorted, and rejected by validation")
    func unsorted() {
        let keys = [Keyframe(time: 1, value: 10.0), Keyframe(time: 0, value: 0.0), Keyframe(time: .nan, value: 99.0)]
        let lenient = Keyframes(keys)
        #expect(lenient.value(at: 0.5) == 5)
        #expect(lenient.value(at: 2) == 10)
        #expect(lenient.keyframes.count == 3)
        #expect(throws: AnimationError.self) { try lenient.validate() }
        #expect(throws: AnimationError.noKeyframes) { try Keyframes<Double>.validated([]) }
    }
}

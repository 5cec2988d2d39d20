import Foundation
import FrameDraw
import MovieKitAnimation
import Testing

@Suite("Timeline")
struct TimelineTests {
    let rise = Tween(from: 0.0, to: 10, duration: 1)
    let climb = Tween(from: 100.0, to: 200, duration: 2)

    @Test("a tween holds its ends and follows its easing")
    func tween() {
        let eased = Tween(from: 0.0, to: 10, duration: 2, easing: .easeIn)
        #expect(eased.value(at: -1) == 0 && eased.value(at: 0) == 0)
        #expect(eased.value(at: 1) == 10 * Easing.easeIn.value(at: 0.5))
        #expect(eased.value(at: 2) == 10 && eased.value(at: 3) == 10)
        let instant = Tween(from: 0.0, to: 10, duration: 0)
        #expect(instant.value(at: -0.1) == 0 && instant.value(at: 0) == 10)
        let jumpStart = Tween(from: 0.0, to: 8, duration: 1, easing: .steps(4, .jumpStart))
        #expect(jumpStart.value(at: 0) == 2)  // CSS: at the start the first step is already taken
    }

    @Test(
        "sequence: each part starts when the previous ends, and the later part wins at the boundary",
        arguments: [(-1.0, 0.0), (0, 0), (0.5, 5), (1, 100), (2, 150), (3, 200), (4, 200)] as [(Double, Double)])
    func sequence(time: Double, value: Double) {
        let both = Timeline.sequence(rise, climb)
        #expect(both.duration == 3)
        #expect(both.value(at: time) == value)
        #expect(rise.then(climb).value(at: time) == value)
        #expect(Timeline.sequence(rise, [climb]).value(at: time) == value)
    }

    @Test("a sequence can mix keyframes, tweens and timelines")
    func mixedSequence() {
        let keys = Keyframes<Double>([Keyframe(time: 0, value: 10), Keyframe(time: 0.5, value: 50)])
        let chain = Timeline.sequence(rise, keys, climb.speed(2))
        #expect(chain.duration == 2.5)
        #expect(chain.value(at: 1.25) == 30)
        #expect(chain.value(at: 2) == 150)
        #expect(chain.value(at: 2.5) == 200)
    }

    @Test(
        "delay waits at the start value; a negative delay starts part-way",
        arguments: [(0.0, 0.0), (0.5, 0), (1, 5), (1.5, 10), (9, 10)] as [(Double, Double)])
    func delay(time: Double, value: Double) {
        let late = rise.delay(0.5)
        #expect(late.duration == 1.5)
        #expect(late.value(at: time) == value)
        #expect(rise.delay(-0.5).value(at: 0) == 5)
        #expect(rise.delay(-0.5).duration == 0.5)
    }

    @Test func speed() {
        #expect(rise.speed(2).duration == 0.5)
        #expect(rise.speed(2).value(at: 0.25) == 5)
        #expect(rise.speed(0.5).value(at: 1) == 5)
        #expect(rise.speed(0).duration == 1)  // ignored
        #expect(rise.speed(-1).value(at: 0.5) == 5)
    }

    @Test(
        "repeat: the next play begins at each boundary; the end holds where the last play ended",
        arguments: [(-1.0, 0.0), (0, 0), (0.5, 5), (1, 0), (1.5, 5), (2.999, 9.99), (3, 10), (7, 10)]
            as [(Double, Double)])
    func repeatCount(time: Double, value: Double) {
        let thrice = rise.repeat(count: 3)
        #expect(thrice.duration == 3)
        #expect(near(thrice.value(at: time), value))
    }

    @Test(
        "repeat with autoreverses plays every second time backwards",
        arguments: [(0.0, 0.0), (0.5, 5), (1, 10), (1.5, 5), (2, 0), (2.5, 5), (3, 10), (4, 10)] as [(Double, Double)])
    func autoreverse(time: Double, value: Double) {
        #expect(near(rise.repeat(count: 3, autoreverses: true).value(at: time), value))
        let twice = rise.repeat(count: 2, autoreverses: true)
        #expect(twice.value(at: 2) == 0 && twice.value(at: 5) == 0)  // an even count ends at the start
    }

    @Test func repeatEdgeCases() {
        #expect(rise.repeat(count: 0).duration == 0)
        #expect(rise.repeat(count: 0).value(at: 0.5) == 0)
        let forever = rise.repeatForever(autoreverses: true)
        #expect(forever.duration == .infinity)
        #expect(near(forever.value(at: 1001.25), 7.5))
    }

    @Test func reversedAndMap() {
        let back = rise.reversed()
        #expect(
            back.value(at: -1) == 10 && back.value(at: 0) == 10 && back.value(at: 0.25) == 7.5 && back.value(at: 2) == 0
        )
        let labels = rise.map { "\(Int($0))" }
        #expect(labels.value(at: 0.5) == "5" && labels.duration == 1)
    }

    @Test("parallel plays side by side; the shorter part holds its end")
    func parallel() {
        let move = Tween(from: CGPoint.zero, to: CGPoint(x: 100, y: 50), duration: 2)
        let both = Timeline.parallel(rise, move)
        #expect(both.duration == 2)
        let (number, point) = both.value(at: 1.5)
        #expect(number == 10)
        #expect(point == CGPoint(x: 75, y: 37.5))
        let three = Timeline.parallel(rise, move, Tween(from: Color.red, to: .clear, duration: 4))
        #expect(three.duration == 4)
        #expect(three.value(at: 2).2 == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("a spring animation runs in the spring's own time and ends exactly at its target")
    func springAnimation() {
        let spring = Spring(response: 0.4, dampingRatio: 0.5)
        let drop = SpringAnimation(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 100), spring: spring)
        #expect(near(drop.duration, spring.settlingDuration, 1e-9))
        #expect(drop.value(at: 0) == .zero)
        #expect(drop.value(at: drop.duration) == CGPoint(x: 0, y: 100))
        #expect(near(drop.value(at: 0.1).y, spring.value(at: 0.1, from: 0, to: 100), 1e-9))
        let peak = (0...1000).map { drop.value(at: Double($0) * 0.001).y }.max() ?? 0
        #expect(peak > 110)
        let kicked = SpringAnimation(from: 0.0, to: 1, spring: .smooth, initialVelocity: 10)
        #expect(near((kicked.value(at: 1e-7) - 0) / 1e-7, 10, 1e-3))
        #expect(abs(kicked.value(at: kicked.duration * 0.999_999) - 1) > 0.000_999)
        #expect(Timeline(drop).delay(1).value(at: 0.5) == .zero)
    }
}

@Suite("Timing documentation examples")
struct TimingDocumentationTests {
    @Test("the examples of the timing article compile and give the values they promise")
    func readmeExamples() throws {
        #expect(Easing.easeInOut.value(at: 0.5) == 0.5)
        let spring = Spring(response: 0.5, dampingRatio: 0.6)
        #expect(spring.value(at: 0.2, from: 0, to: 100) > 50)
        let slide = Tween(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 600, y: 0), duration: 1, easing: .easeOut)
        let fade = Tween(from: Color.red, to: .clear, duration: 0.5).delay(1)
        let scene = Timeline.parallel(slide.then(slide.reversed()).repeat(count: 2), fade)
        #expect(scene.duration == 4)
        let (position, colour) = scene.value(at: 1.25)
        #expect(position.x < 600 && position.x > 0)
        #expect(colour == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let parsed = [Keyframe(time: 0, value: 1.0), Keyframe(time: 1, value: 2.0)]
        let keys = try Keyframes.validated(parsed, mode: .linear)
        #expect(keys.value(at: 0.5) == 1.5)
        #expect(try Spring(response: 0.5, dampingRatio: 1).validated() == .smooth)
    }
}

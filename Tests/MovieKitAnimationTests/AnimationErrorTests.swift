import Foundation
import FrameDraw
import MovieKitAnimation
import Testing

@Suite("Animation error messages")
struct AnimationErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let check: @Sendable () throws -> Void
        let message: String
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(
            check: { try Easing.cubicBezier(1.5, 0, 0.5, 1).validate() },
            message:
                "Easing cubic-bezier(1.5, 0, 0.5, 1) is invalid: x1 1.5 is outside 0…1; use an x value from 0 to 1 (only the y values may go beyond that range)."
        ),
        Case(
            check: { _ = try Easing.cubicBezier(0.2, 0, -0.1, 1).validated() },
            message:
                "Easing cubic-bezier(0.2, 0, -0.1, 1) is invalid: x2 -0.1 is outside 0…1; use an x value from 0 to 1 (only the y values may go beyond that range)."
        ),
        Case(
            check: { try Easing.cubicBezier(0, .nan, 1, 1).validate() },
            message:
                "Easing cubic-bezier(0, nan, 1, 1) is invalid: y1 nan is not a finite number; use a number such as 0.5."
        ),
        Case(
            check: { try Easing.steps(0).validate() },
            message: "Easing steps(0, jump-end) is invalid: the step count 0 is less than 1; use 1 or more steps."),
        Case(
            check: { try Easing.steps(1, .jumpNone).validate() },
            message:
                "Easing steps(1, jump-none) is invalid: jump-none needs at least 2 steps; use 2 or more, or another jump position."
        ),
        Case(
            check: { try Easing.spring(Spring(response: 0, dampingRatio: 1)).validate() },
            message: "Spring response 0 is not positive; use a positive number of seconds, such as 0.5."),
        Case(
            check: { try Spring(response: -0.5, dampingRatio: 0.5).validate() },
            message: "Spring response -0.5 is not positive; use a positive number of seconds, such as 0.5."),
        Case(
            check: { _ = try Spring(response: 0.5, dampingRatio: -0.2).validated() },
            message:
                "Spring damping ratio -0.2 is negative; use 0 (no damping) up to 1 (critically damped), or more to approach without overshoot."
        ),
        Case(
            check: { try Spring(mass: 0, stiffness: 100, damping: 10).validate() },
            message: "Spring mass 0 is not positive; use a positive mass, such as 1."),
        Case(
            check: { try Spring(mass: 1, stiffness: .nan, damping: 10).validate() },
            message: "Spring stiffness nan is not a finite number; use a positive stiffness, such as 100."),
        Case(
            check: { try Spring(mass: 1, stiffness: 100, damping: -1).validate() },
            message: "Spring damping -1 is negative; use 0 (no damping) or more, such as 10."),
        Case(
            check: { _ = try Keyframes<Double>.validated([]) },
            message: "The keyframe list is empty; add at least one keyframe, such as Keyframe(time: 0, value: …)."),
        Case(
            check: {
                _ = try Keyframes<Double>.validated([
                    Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 1),
                    Keyframe(time: 0.3, value: 2)
                ])
            },
            message:
                "Keyframe 2 is invalid: its time 0.3 is earlier than the time 0.5 of keyframe 1; keyframe times must not decrease, so sort the keyframes by time."
        ),
        Case(
            check: { try Keyframes<Double>([Keyframe(time: 0, value: 0), Keyframe(time: .nan, value: 1)]).validate() },
            message: "Keyframe 1 is invalid: its time nan is not a finite number; use a time in seconds, such as 0."),
        Case(
            check: {
                _ = try Keyframes<Double>.validated([
                    Keyframe(time: 0, value: 0, easing: .cubicBezier(1.5, 0, 0.5, 1)),
                    Keyframe(time: 1, value: 1)
                ])
            },
            message:
                "Keyframe 0 is invalid: in its easing cubic-bezier(1.5, 0, 0.5, 1), x1 1.5 is outside 0…1; use an x value from 0 to 1 (only the y values may go beyond that range)."
        ),
        Case(
            check: {
                _ = try Keyframes<Double>([
                    Keyframe(time: 0, value: 0),
                    Keyframe(time: 1, value: 1, easing: .spring(Spring(response: 0, dampingRatio: 0.5))),
                    Keyframe(time: 2, value: 1)
                ]).validated()
            },
            message:
                "Keyframe 1 is invalid: in its easing spring(Spring(response: 0, dampingRatio: 0.5)), the spring response 0 is not positive; use a positive number of seconds, such as 0.5."
        ),
        Case(
            check: { _ = try Keyframes<Color>.validated([Keyframe(time: 0, value: .red)], mode: .paced) },
            message:
                "Keyframes of Color cannot use the paced mode, which needs values whose distance can be measured; use .linear or .catmullRom, or animate a position such as CGPoint."
        ),
        Case(
            check: {
                _ = try Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).interpolated(to: Path(), amount: 0.5)
            },
            message:
                "The paths cannot be interpolated: the first path has 5 elements and the second has 0; give both paths the same elements (move, line, quadratic curve, curve, close) in the same order, for example by drawing lines as curves."
        ),
        Case(
            check: {
                let line = Path(elements: [.move(to: .zero), .line(to: CGPoint(x: 1, y: 1))])
                let quad = Path(elements: [.move(to: .zero), .quadCurve(to: CGPoint(x: 1, y: 1), control: .zero)])
                _ = try line.interpolated(to: quad, amount: 0.5)
            },
            message:
                "The paths cannot be interpolated: element 1 is a line in the first path but a quadratic curve in the second; give both paths the same elements (move, line, quadratic curve, curve, close) in the same order, for example by drawing lines as curves."
        ),
        Case(
            check: { try Tween(from: 0.0, to: 1, duration: -1).validate() },
            message: "Tween duration -1 is negative; use 0 or more seconds."),
        Case(
            check: { try Tween(from: 0.0, to: 1, duration: .infinity).validate() },
            message: "Tween duration inf is not a finite number; use a number of seconds such as 1.")
    ]

    @Test("every animation error is a full sentence that names the value", arguments: cases)
    func message(_ c: Case) {
        #expect {
            try c.check()
        } throws: { error in
            (error as? AnimationError)?.description == c.message
                && (error as? LocalizedError)?.errorDescription == c.message
        }
    }

    @Test("valid values pass validation")
    func validValuesPass() throws {
        try Easing.cubicBezier(0, -3, 1, 4).validate()
        try Easing.steps(2, .jumpNone).validate()
        try Spring(mass: 1, stiffness: 1, damping: 0).validate()
        try Tween(from: 0.0, to: 1, duration: 0, easing: .easeOutBounce).validate()
        _ = try Keyframes<Double>.validated(
            [Keyframe(time: 0, value: 0), Keyframe(time: 0, value: 1)], mode: .catmullRom)
    }
}

import Foundation
import MovieKitCore

/// Reading `animate:` entries: keyframe lists, tweens, springs and easings.
extension SceneFileDecoder {
    static let animationExpected =
        "an animation: a list of keyframes [{time, value, easing}], {keyframes: […], mode: …}, a tween {from, to, start, duration, easing} or a spring {from, to, start, spring: {response, dampingRatio}}"
    static let easingExpected =
        "an easing: linear, ease, easeIn, easeOut, easeInOut, a Penner name such as easeOutBack, cubicBezier(x1, y1, x2, y2), steps(n, jumpEnd) or {spring: {response, dampingRatio}}"

    /// Reads an animation whose values are read by `value`.
    static func animation<Value>(_ reader: NodeReader, value: (NodeReader) throws -> Value) throws -> AnimationSpec<
        Value
    > {
        if reader.isSequence { return try keyframes(reader, mode: .linear, value: value) }
        guard reader.isMapping else { throw reader.wrongType(animationExpected) }
        let map = try reader.mapping(
            keys: ["keyframes", "mode", "from", "to", "start", "duration", "easing", "spring", "initialVelocity"],
            expected: animationExpected)
        if let list = map.optional("keyframes") {
            for other in ["from", "to", "start", "duration", "easing", "spring", "initialVelocity"]
            where map.contains(other) {
                throw reader.invalid(
                    "a mapping with both `keyframes` and `\(other)`", expected: "either keyframes or a tween or spring")
            }
            let mode =
                try map.optional("mode")?.choice(
                    Keyframes<Double>.Mode.allCases.map { ($0.rawValue, $0) }, what: "a keyframe mode") ?? .linear
            return try keyframes(list, mode: mode, value: value)
        }
        if map.contains("mode") {
            throw reader.invalid("a mapping with `mode` but no `keyframes`", expected: "keyframes when a mode is given")
        }
        let from = try value(try map.required("from", expected: "`from:` with the starting value"))
        let to = try value(try map.required("to", expected: "`to:` with the final value"))
        let start = try map.optional("start")?.double(expected: "a time in seconds") ?? 0
        if let springReader = map.optional("spring") {
            for other in ["duration", "easing"] where map.contains(other) {
                throw reader.invalid(
                    "a spring with `\(other)`", expected: "a spring without \(other): the spring sets its own timing")
            }
            let velocity = try map.optional("initialVelocity")?.double(expected: "a velocity in units per second") ?? 0
            return .spring(
                from: from, to: to, start: start, spring: try spring(springReader), initialVelocity: velocity)
        }
        if map.contains("initialVelocity") {
            throw reader.invalid(
                "a tween with `initialVelocity`",
                expected: "a spring ({spring: {response, dampingRatio}}) to take a velocity")
        }
        let duration = try map.required("duration", expected: "`duration:` in seconds, or `spring:` for a spring")
            .double(0.000_001...86_400, expected: "a positive duration in seconds")
        let easing = try map.optional("easing").map(easing) ?? .ease
        return .tween(from: from, to: to, start: start, duration: duration, easing: easing)
    }

    private static func keyframes<Value>(
        _ reader: NodeReader, mode: Keyframes<Double>.Mode, value: (NodeReader) throws -> Value
    ) throws -> AnimationSpec<Value> {
        let items = try reader.sequence(expected: "a list of keyframes [{time, value, easing}]")
        guard !items.isEmpty else { throw reader.invalid("an empty list", expected: "a list of one or more keyframes") }
        var result: [AnimationSpec<Value>.Keyframe] = []
        for item in items {
            let map = try item.mapping(keys: ["time", "value", "easing"], expected: "a keyframe: {time, value, easing}")
            let timeReader = try map.required("time", expected: "`time:` in seconds")
            let time = try timeReader.double(expected: "a time in seconds")
            if let previous = result.last, time < previous.time {
                throw SceneError.keyframesOutOfOrder(
                    at: timeReader.location, time: time, previous: previous.time)
            }
            let keyframeValue = try value(try map.required("value", expected: "`value:` with the value at that time"))
            result.append(.init(time: time, value: keyframeValue, easing: try map.optional("easing").map(easing)))
        }
        return .keyframes(result, mode: mode)
    }

    static func spring(_ reader: NodeReader) throws -> Spring {
        let map = try reader.mapping(keys: ["response", "dampingRatio"], expected: "a spring: {response, dampingRatio}")
        let response =
            try map.optional("response")?.double(0.000_001...3600, expected: "a positive response in seconds") ?? 0.5
        let damping =
            try map.optional("dampingRatio")?.double(
                0.000_001...100, expected: "a positive damping ratio, 1 for no bounce") ?? 1
        return Spring(response: response, dampingRatio: damping)
    }

    /// Reads an easing: a name, `cubicBezier(…)`, `steps(…)`, or a mapping form.
    static func easing(_ reader: NodeReader) throws -> Easing {
        let easing = try easingAsWritten(reader)
        do {
            return try easing.validated()
        } catch let error as AnimationError {
            throw reader.invalid("\(easing)", expected: "a usable easing (\(error.description))")
        }
    }

    private static func easingAsWritten(_ reader: NodeReader) throws -> Easing {
        if reader.isMapping {
            let map = try reader.mapping(keys: ["cubicBezier", "steps", "position", "spring"], expected: easingExpected)
            if let points = map.optional("cubicBezier") {
                let numbers = try points.sequence(expected: "four numbers [x1, y1, x2, y2]").map { try $0.double() }
                guard numbers.count == 4 else { throw points.wrongType("four numbers [x1, y1, x2, y2]") }
                return try cubicBezier(numbers, reader: points)
            }
            if let count = map.optional("steps") {
                let steps = try count.int(1...10_000, expected: "a number of steps from 1 to 10000")
                let position =
                    try map.optional("position")?.choice(
                        StepPositionNames.all.map { ($0.name, $0.position) }, what: "a step position") ?? .jumpEnd
                return .steps(steps, position)
            }
            if let spring = map.optional("spring") { return .spring(try Self.spring(spring)) }
            throw reader.wrongType(easingExpected)
        }
        let text = try reader.string(expected: easingExpected).replacingOccurrences(of: " ", with: "")
        if let arguments = functionArguments(text, name: "cubicBezier") {
            let numbers = arguments.compactMap(Double.init)
            guard numbers.count == 4, arguments.count == 4 else {
                throw reader.invalid("\"\(text)\"", expected: easingExpected)
            }
            return try cubicBezier(numbers, reader: reader)
        }
        if let arguments = functionArguments(text, name: "steps") {
            guard (1...2).contains(arguments.count), let count = Int(arguments[0]), (1...10_000).contains(count) else {
                throw reader.invalid("\"\(text)\"", expected: "steps(n) or steps(n, position) with n from 1 to 10000")
            }
            let position =
                arguments.count == 2 ? StepPositionNames.all.first { $0.name == arguments[1] }?.position : .jumpEnd
            guard let position else {
                let names = StepPositionNames.all.map(\.name)
                throw reader.invalid(
                    "\"\(text)\"", expected: "steps(n, position) with a position of \(SceneError.list(names))")
            }
            return .steps(count, position)
        }
        guard let named = EasingNames.all.first(where: { $0.name == text }) else {
            let hint =
                KeySuggestion.nearest(to: text, in: EasingNames.all.map(\.name)).map { " (did you mean `\($0)`?)" }
                ?? ""
            throw reader.invalid("\"\(text)\"\(hint)", expected: easingExpected)
        }
        return named.easing
    }

    private static func cubicBezier(_ numbers: [Double], reader: NodeReader) throws -> Easing {
        guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
            throw reader.invalid(
                "cubicBezier(\(numbers.map(SceneError.number).joined(separator: ", ")))",
                expected: "a cubic Bézier whose x1 and x2 are from 0 to 1")
        }
        return .cubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The comma-separated arguments of `name(…)`, or `nil` when `text` is not such a call.
    private static func functionArguments(_ text: String, name: String) -> [String]? {
        guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
        return text.dropFirst(name.count + 1).dropLast().split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
    }
}

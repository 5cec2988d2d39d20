import Foundation

/// Turns checked animation specs from a file into `Animated` values.
enum AnimationConversion {
    /// An animation of any value.
    static func animated<Value: Sendable>(_ spec: AnimationSpec<Value>) -> Animated<Value> {
        switch spec {
        case .keyframes(let keyframes, _):
            if keyframes.count == 1, let only = keyframes.first { return .constant(only.value) }
            let table = keyframes.map { ($0.time, $0.value) }
            return Animated(kind: .keyframes) { time in table.last { $0.0 <= time }?.1 ?? table[0].1 }
        case .tween(let from, let to, let start, let duration, _):
            return Animated(kind: .tween) { time in time < start + duration ? from : to }
        case .spring(let from, let to, let start, _, _):
            return Animated(kind: .spring) { time in time < start ? from : to }
        }
    }

    /// Text that changes in steps: only keyframes make sense for strings.
    static func steps(_ spec: AnimationSpec<String>, reader: NodeReader) throws -> Animated<String> {
        guard case .keyframes(let keyframes, _) = spec else {
            throw reader.invalid("a tween or spring of text", expected: "a list of keyframes [{time, value}]: text changes in steps")
        }
        return .steps(keyframes.map { (time: $0.time, value: $0.value) })
    }
}

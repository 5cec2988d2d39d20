import Foundation
import MovieKitCore

/// An editly transition's `params` (gl-transitions uniforms: numbers, booleans or lists of
/// numbers), its `easing`, and the shader transition a `.glsl` file stands for. Parameters are
/// checked against those the shader's text declares, so reading a spec needs no OpenGL ES.
struct EditlyTransitionParams {
    /// Each parameter as written: its value as numbers, and where it was.
    var values: [(name: String, numbers: [Double], reader: NodeReader)] = []
    let reader: NodeReader

    static let easingNames: [(name: String, value: Easing)] = [
        ("linear", .linear), ("easeOutExpo", .easeOutExpo), ("easeInOutCubic", .easeInOutCubic)
    ]

    /// Reads `params: {name: value, …}`.
    /// - Throws: `SceneError` for a value that is not a number, a boolean or a list of 1 to 4 numbers.
    init(_ reader: NodeReader) throws {
        self.reader = reader
        guard case .mapping(let entries) = reader.node.value else {
            throw reader.wrongType("gl-transitions parameters: {name: value, …}")
        }
        let expected = "a number, true or false, or a list of 2 to 4 numbers"
        for entry in entries {
            let value = reader.child(entry.key, entry.value)
            let numbers: [Double]
            if value.isSequence {
                let items = try value.sequence(expected: expected)
                guard (1...4).contains(items.count) else {
                    throw value.invalid("a list of \(items.count)", expected: expected)
                }
                numbers = try items.map { try $0.double(expected: expected) }
            } else if let flag = try? value.bool() {
                numbers = [flag ? 1 : 0]
            } else {
                numbers = [try value.double(expected: expected)]
            }
            values.append((entry.key, numbers, value))
        }
    }

    /// editly's `easing`: one of its easing names, or `null` for linear.
    /// - Throws: `SceneError` naming the easings editly has.
    static func easing(_ value: NodeReader?, at transition: NodeReader) throws -> (value: Easing, reader: NodeReader) {
        guard let value else { return (.linear, transition) }
        return (try value.choice(easingNames, what: "an editly easing"), value)
    }

    /// The shader transition of a `.glsl` file in the gl-transitions form (relative to the spec),
    /// with `params` checked against the uniforms its text declares.
    /// - Throws: `SceneError` for a file that cannot be read, an unknown parameter or a value of
    ///   the wrong size.
    static func shader(file name: String, params: EditlyTransitionParams?, at reader: NodeReader) throws
        -> ShaderTransition
    {
        let url = MediaFiles.url(name, relativeTo: reader.context.baseURL)
        if let problem = MediaFiles.problem(with: url) {
            throw reader.invalid(
                "\"\(name)\" (\(url.path))",
                expected: "a readable GLSL file: \(problem.hasSuffix(".") ? String(problem.dropLast()) : problem)")
        }
        let text = String(decoding: try MediaFiles.contents(of: url), as: UTF8.self)
        return try checked(ShaderTransition(glsl: text), params: params, transition: name)
    }

    /// `shader` with `params` checked against the parameters it declares.
    /// - Throws: `SceneError` for an unknown parameter or a value of the wrong size.
    static func checked(_ shader: ShaderTransition, params: EditlyTransitionParams?, transition: String) throws
        -> ShaderTransition
    {
        var result = shader
        let declared = shader.declaredParameters.map { ($0.name, $0.type.componentCount) }
        result.parameters = try params?.checked(against: declared, transition: transition) ?? [:]
        return result
    }

    /// The values by name, each checked against the parameters the transition has.
    private func checked(against declared: [(name: String, count: Int)], transition: String) throws -> [String:
        [Double]]
    {
        var result: [String: [Double]] = [:]
        let names = declared.map(\.name)
        for value in values {
            guard let count = declared.first(where: { $0.name == value.name })?.count else {
                let hint = KeySuggestion.nearest(to: value.name, in: names).map { " (did you mean `\($0)`?)" } ?? ""
                throw value.reader.invalid(
                    "a parameter `\(value.name)`\(hint)",
                    expected: names.isEmpty
                        ? "no parameters: `\(transition)` has none"
                        : "a parameter of `\(transition)`: \(SceneError.list(names))")
            }
            guard value.numbers.count == count || value.numbers.count == 1 else {
                throw value.reader.invalid(
                    "\(value.numbers.count) numbers", expected: count == 1 ? "one number" : "a list of \(count) numbers"
                )
            }
            result[value.name] =
                value.numbers.count == count ? value.numbers : Array(repeating: value.numbers[0], count: count)
        }
        return result
    }

    /// Refuses parameters on a transition drawn on the CPU, which has none.
    func refuse(for name: String) throws {
        guard let first = values.first else { return }
        let reason =
            TransitionCatalog.editlyOwnNames.contains(name) && name.hasPrefix("directional-")
            ? "`\(name)` sets its own direction; use `Directional` with `params: {direction: [x, y]}` instead"
            : "`\(name)` has none"
        throw first.reader.invalid("a parameter `\(first.name)`", expected: "no parameters: \(reason)")
    }
}

import Foundation

/// One parameter of a shader transition: a uniform of its GLSL, with its type and default value.
///
/// Parameters are read from the GLSL text as gl-transitions writes them, so no OpenGL ES is needed
/// to learn them: `uniform vec2 direction; // = vec2(0.0, 1.0)` declares `direction` with the
/// default `[0, 1]`.
public struct TransitionParameter: Sendable, Hashable {
    /// The GLSL types of parameters.
    public enum ValueType: String, Sendable, Hashable {
        case float, vec2, vec3, vec4, int, ivec2, bool

        /// How many numbers a value has.
        public var componentCount: Int {
            switch self {
            case .float, .int, .bool: 1
            case .vec2, .ivec2: 2
            case .vec3: 3
            case .vec4: 4
            }
        }
    }

    /// The uniform's name, as editly's `params` spell it.
    public let name: String
    /// Its GLSL type.
    public let type: ValueType
    /// Its default value: ``ValueType/componentCount`` numbers (booleans as 0 or 1). A uniform
    /// declared without a `// = value` comment defaults to zeros, as GLSL leaves it.
    public let defaultValue: [Double]

    /// Creates a parameter.
    /// - Parameters:
    ///   - name: The uniform's name.
    ///   - type: Its GLSL type.
    ///   - defaultValue: Its default: ``ValueType/componentCount`` numbers, or one for every component.
    public init(_ name: String, _ type: ValueType, _ defaultValue: [Double]) {
        self.name = name
        self.type = type
        self.defaultValue =
            defaultValue.count == 1 && type.componentCount > 1
            ? Array(repeating: defaultValue[0], count: type.componentCount) : defaultValue
    }
}

/// What the text of a gl-transitions shader declares: its parameters and the extra textures it
/// samples, read the way the gl-transitions collection reads them (`scripts/catalog`: a default
/// after `// =` on the line, or in a `/* = … */` comment after the name).
struct TransitionDeclarations: Sendable, Hashable {
    /// The uniforms a transition shader gets from its host rather than from parameters.
    static let reserved: Set<String> = ["progress", "ratio", "from", "to", "resolution"]

    /// The parameter uniforms, in the order of the text.
    var parameters: [TransitionParameter] = []
    /// `sampler2D` uniforms besides `from` and `to`: pictures the host must provide (a luma map,
    /// a displacement map), which MovieKit does not have.
    var textures: [String] = []

    /// Reads the declarations of `glsl`.
    init(reading glsl: String) {
        for line in Self.blankingComments(in: glsl).split(separator: "\n", omittingEmptySubsequences: false) {
            let code: Substring
            let comment: Substring
            if let slashes = line.range(of: "//") {
                code = line[..<slashes.lowerBound]
                comment = line[slashes.upperBound...]
            } else {
                code = line
                comment = ""
            }
            for statement in code.split(separator: ";") {
                read(statement, lineDefault: Self.defaultText(inComment: comment))
            }
        }
    }

    /// Reads one statement, when it declares uniforms.
    private mutating func read(_ statement: Substring, lineDefault: Substring?) {
        // Block defaults may hold commas: take them out before splitting the declarators.
        var blockDefaults: [Substring] = []
        var text = ""
        var rest = statement[...]
        while let open = rest.range(of: "/*") {
            text += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { break }
            let inside = rest[open.upperBound..<close.lowerBound].drop { $0 == " " || $0 == "\t" }
            if inside.first == "=" {
                text += " @\(blockDefaults.count) "
                blockDefaults.append(inside.dropFirst())
            }
            rest = rest[close.upperBound...]
        }
        text += rest
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
        guard let uniform = words.firstIndex(of: "uniform") else { return }
        words = words[words.index(after: uniform)...]
        if let first = words.first, ["lowp", "mediump", "highp"].contains(first) { words = words.dropFirst() }
        guard let typeName = words.first else { return }
        let declarators = words.dropFirst().joined(separator: " ").split(separator: ",")
        for declarator in declarators {
            let parts = declarator.split(separator: " ")
            guard let name = parts.first.map(String.init), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { continue }
            if typeName == "sampler2D" {
                if !Self.reserved.contains(name) { textures.append(name) }
                continue
            }
            guard let type = TransitionParameter.ValueType(rawValue: String(typeName)), !Self.reserved.contains(name)
            else { continue }
            let block = parts.dropFirst().first.flatMap { $0.hasPrefix("@") ? Int($0.dropFirst()) : nil }
            let written = block.map { blockDefaults[$0] } ?? lineDefault
            let value = written.flatMap { Self.value(of: $0, as: type) }
            parameters.append(
                TransitionParameter(name, type, value ?? Array(repeating: 0, count: type.componentCount)))
        }
    }

    /// The text after `=` in a line comment such as `// = vec2(0.5) ; the centre`, or `nil`.
    private static func defaultText(inComment comment: Substring) -> Substring? {
        let trimmed = comment.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "=" else { return nil }
        return trimmed.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
    }

    /// A default as gl-transitions parses it: `true` (anything else is false) for `bool`, the
    /// leading integer for `int`, `vecN(…)` or `ivecN(…)` with one value filling every component,
    /// else the leading number.
    static func value(of text: Substring, as type: TransitionParameter.ValueType) -> [Double]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch type {
        case .bool:
            return [trimmed == "true" ? 1 : 0]
        case .int:
            return leadingNumber(in: trimmed[...], integer: true).map { [$0] }
        case .float, .vec2, .vec3, .vec4, .ivec2:
            if let open = trimmed.firstIndex(of: "("),
                trimmed[..<open].trimmingCharacters(in: .whitespaces)
                    .hasSuffix("vec\(type.componentCount)"),
                let close = trimmed[open...].firstIndex(of: ")")
            {
                let integer = trimmed[..<open].trimmingCharacters(in: .whitespaces).hasPrefix("i")
                let numbers = trimmed[trimmed.index(after: open)..<close].split(separator: ",").map {
                    leadingNumber(in: $0.drop { $0 == " " }, integer: integer)
                }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
                return numbers.compactMap { $0 }
            }
            return leadingNumber(in: trimmed[...], integer: false).map { [$0] }
        }
    }

    /// The number at the start of `text`, as JavaScript's `parseFloat` (or `parseInt`) reads it.
    private static func leadingNumber(in text: Substring, integer: Bool) -> Double? {
        var candidate = text.prefix { (integer ? "0123456789+-" : "0123456789+-.eE").contains($0) }
        while !candidate.isEmpty, Double(candidate) == nil { candidate = candidate.dropLast() }
        guard let number = Double(candidate), number.isFinite else { return nil }
        return integer ? number.rounded(.towardZero) : number
    }

    /// `glsl` with its block comments blanked, except `/* = value */` defaults, and line comments
    /// kept: a `uniform` inside a comment declares nothing, and the defaults stay readable.
    static func blankingComments(in glsl: String) -> String {
        var result = ""
        var rest = glsl[...]
        while let open = rest.firstRange(of: "/*") {
            // A `/*` inside a line comment is part of the comment.
            let before = rest[..<open.lowerBound]
            if let slashes = before.range(of: "//", options: .backwards),
                !before[slashes.upperBound...].contains("\n")
            {
                let lineEnd = rest[open.lowerBound...].firstIndex(of: "\n") ?? rest.endIndex
                result += rest[..<lineEnd]
                rest = rest[lineEnd...]
                continue
            }
            result += before
            guard let close = rest[open.upperBound...].firstRange(of: "*/") else {
                rest = rest[rest.endIndex...]
                break
            }
            let comment = rest[open.lowerBound..<close.upperBound]
            if rest[open.upperBound..<close.lowerBound].drop(while: { $0 == " " || $0 == "\t" }).first == "=" {
                result += comment
            } else {
                result += String(comment.map { $0 == "\n" ? "\n" : " " })
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

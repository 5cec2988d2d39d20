import Foundation

/// A transition drawn by a GLSL shader in the gl-transitions form: a function
/// `vec4 transition(vec2 uv)` that returns the colour at `uv` (0…1, from the bottom-left corner),
/// reading the two pictures with `getFromColor(uv)` and `getToColor(uv)`, with the uniforms
/// `float progress` (0…1, eased) and `float ratio` (width / height).
///
/// ```swift
/// var slide = Slideshow.Slide(.photo(beach))
/// slide.transition = Slideshow.Transition(ShaderTransition(.crossWarp), duration: 1)
/// ```
public struct ShaderTransition: Sendable, Hashable {
    /// Where the shader comes from.
    public enum Source: Sendable, Hashable {
        /// One of MovieKit's own shaders, named after the gl-transitions effect it draws.
        case named(GLTransition)
        /// Your own GLSL in the gl-transitions form. Uniforms declared as
        /// `uniform float name; // = 0.5` take the value after `// =` unless ``parameters`` sets them.
        case glsl(String)
    }

    /// Where the shader comes from.
    public var source: Source
    /// Values for the shader's parameter uniforms, by name: 1 to 4 numbers each (booleans as 0 or 1).
    /// Parameters left out keep their defaults.
    public var parameters: [String: [Double]]

    /// A named transition.
    /// - Parameters:
    ///   - transition: The effect.
    ///   - parameters: Values for its parameters (``GLTransition/parameters`` lists them).
    public init(_ transition: GLTransition, parameters: [String: [Double]] = [:]) {
        source = .named(transition)
        self.parameters = parameters
    }

    /// A transition of your own in the gl-transitions form.
    /// - Parameters:
    ///   - glsl: GLSL ES 1.00 defining `vec4 transition(vec2 uv)`.
    ///   - parameters: Values for its uniforms.
    public init(glsl: String, parameters: [String: [Double]] = [:]) {
        source = .glsl(glsl)
        self.parameters = parameters
    }

    /// The parameters' values: the defaults, overridden by ``parameters``.
    public var resolvedParameters: [String: [Double]] {
        var values: [String: [Double]] = [:]
        switch source {
        case .named(let transition):
            for parameter in transition.parameters { values[parameter.name] = parameter.defaultValue }
        case .glsl(let text):
            values = Self.declaredDefaults(in: text)
        }
        values.merge(parameters) { _, new in new }
        return values
    }

    /// The whole fragment shader: the gl-transitions interface around the transition's own GLSL.
    var fragmentShader: String {
        let body: String
        switch source {
        case .named(let transition):
            let declarations = transition.parameters.map { "uniform \($0.type.rawValue) \($0.name);" }
            body = (declarations + [GLTransition.helpers, transition.glsl]).joined(separator: "\n")
        case .glsl(let text):
            body = text
        }
        return """
            precision highp float;
            uniform sampler2D from;
            uniform sampler2D to;
            uniform float progress;
            uniform float ratio;
            uniform vec2 resolution;
            vec4 getFromColor(vec2 uv) { return texture2D(from, vec2(uv.x, 1.0 - uv.y)).bgra; }
            vec4 getToColor(vec2 uv) { return texture2D(to, vec2(uv.x, 1.0 - uv.y)).bgra; }
            #line 1
            \(body)
            void main() { gl_FragColor = transition(gl_FragCoord.xy / resolution); }
            """
    }

    /// The defaults that gl-transitions writes after uniforms: `uniform vec2 direction; // = vec2(0.0, 1.0)`.
    static func declaredDefaults(in text: String) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "//", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let declaration = parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
            guard declaration.count >= 3, declaration[0] == "uniform" else { continue }
            let comment = parts[1].trimmingCharacters(in: .whitespaces)
            guard comment.hasPrefix("=") else { continue }
            let value = comment.dropFirst()
            if value.contains("true") {
                result[String(declaration[2])] = [1]
                continue
            }
            if value.contains("false") {
                result[String(declaration[2])] = [0]
                continue
            }
            let numbers = value.split(whereSeparator: { !"0123456789.-+eE".contains($0) }).compactMap { Double($0) }
            // `vec2(0.5)` gives every component the one number, as GLSL does.
            if !numbers.isEmpty { result[String(declaration[2])] = numbers }
        }
        return result
    }
}

/// One parameter of a ``GLTransition``: a uniform with its GLSL type and default value.
public struct GLTransitionParameter: Sendable, Hashable {
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
    /// Its default value: ``ValueType/componentCount`` numbers.
    public let defaultValue: [Double]

    init(_ name: String, _ type: ValueType, _ defaultValue: [Double]) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

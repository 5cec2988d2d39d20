import Foundation

/// A transition drawn by a GLSL shader in the gl-transitions form: a function
/// `vec4 transition(vec2 uv)` that returns the colour at `uv` (0…1, from the bottom-left corner),
/// reading the two pictures with `getFromColor(uv)` and `getToColor(uv)`, with the uniforms
/// `float progress` (0…1, eased) and `float ratio` (width / height).
///
/// MovieKit's own effects are `.glsl` files in that form, found by name in a ``TransitionCatalog``;
/// GLSL of your own works the same way:
///
/// ```swift
/// var slide = Slideshow.Slide(.photo(beach))
/// if let warp = ShaderTransition(named: "crosswarp") {
///     slide.transition = .shader(warp, duration: 1)
/// }
/// ```
///
/// Uniforms other than `progress` and `ratio` are the transition's parameters, read from the text:
/// `uniform float name; // = 0.5` (or `uniform float name /* = 0.5 */;`) declares `name` with the
/// default 0.5, which ``parameters`` may replace. Reading them needs no OpenGL ES.
public struct ShaderTransition: Sendable, Hashable {
    /// The effect's name in its catalog, such as `crosswarp`, or `nil` for GLSL of your own.
    public let name: String?
    /// The GLSL: `vec4 transition(vec2 uv)` and what it uses (GLSL ES 1.00).
    public let glsl: String
    /// The parameters the GLSL declares, with their types and defaults, in the order of the text.
    public let declaredParameters: [TransitionParameter]
    /// Values for the shader's parameter uniforms, by name: 1 to 4 numbers each (booleans as 0 or 1).
    /// Parameters left out keep their defaults.
    public var parameters: [String: [Double]]
    /// `sampler2D` uniforms besides `from` and `to`, which MovieKit cannot fill.
    let textures: [String]

    /// A transition of your own in the gl-transitions form.
    /// - Parameters:
    ///   - glsl: GLSL ES 1.00 defining `vec4 transition(vec2 uv)`.
    ///   - parameters: Values for its uniforms.
    public init(glsl: String, parameters: [String: [Double]] = [:]) {
        self.init(name: nil, glsl: glsl, parameters: parameters)
    }

    /// The effect `name` of `catalog`, compared ignoring case, or `nil` when it has no shader of
    /// that name.
    /// - Parameters:
    ///   - name: A gl-transitions name such as `crosswarp`, `Dreamy` or `directionalwipe`.
    ///   - parameters: Values for its parameters (``declaredParameters`` lists them).
    ///   - catalog: Where to look the name up. Default ``TransitionCatalog/builtIn``.
    public init?(
        named name: String, parameters: [String: [Double]] = [:], in catalog: TransitionCatalog = .builtIn
    ) {
        guard let found = catalog.shader(named: name) else { return nil }
        self = found
        self.parameters = parameters
    }

    init(name: String?, glsl: String, parameters: [String: [Double]] = [:]) {
        let declarations = TransitionDeclarations(reading: glsl)
        self.name = name
        self.glsl = glsl
        declaredParameters = declarations.parameters
        textures = declarations.textures
        self.parameters = parameters
    }

    /// The parameters' values: the defaults, overridden by ``parameters``. One number given for a
    /// vector fills every component, as `vec2(0.5)` does in GLSL.
    public var resolvedParameters: [String: [Double]] {
        var values: [String: [Double]] = [:]
        for parameter in declaredParameters { values[parameter.name] = parameter.defaultValue }
        for (name, value) in parameters {
            let count = declaredParameters.first { $0.name == name }?.type.componentCount ?? value.count
            values[name] = value.count == 1 && count > 1 ? Array(repeating: value[0], count: count) : value
        }
        return values
    }

    /// The whole fragment shader: the gl-transitions interface around the transition's GLSL.
    var fragmentShader: String {
        """
        precision highp float;
        uniform sampler2D from;
        uniform sampler2D to;
        uniform float progress;
        uniform float ratio;
        uniform vec2 resolution;
        vec4 getFromColor(vec2 uv) { return texture2D(from, vec2(uv.x, 1.0 - uv.y)).bgra; }
        vec4 getToColor(vec2 uv) { return texture2D(to, vec2(uv.x, 1.0 - uv.y)).bgra; }
        #line 1
        \(glsl)
        void main() { gl_FragColor = transition(gl_FragCoord.xy / resolution); }
        """
    }
}

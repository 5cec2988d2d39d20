import Foundation

/// The name of ``TransitionParameter`` before 0.3.
@available(*, deprecated, renamed: "TransitionParameter")
public typealias GLTransitionParameter = TransitionParameter

extension ShaderTransition {
    /// Where the shader came from, before transitions were named in a ``TransitionCatalog``.
    @available(*, deprecated, message: "Use ShaderTransition.name and ShaderTransition.glsl.")
    public enum Source: Sendable, Hashable {
        /// One of MovieKit's own shaders, named after the gl-transitions effect it draws.
        case named(GLTransition)
        /// Your own GLSL in the gl-transitions form.
        case glsl(String)
    }

    /// Where the shader comes from: `.named` for one of MovieKit's own effects (by ``name``), else
    /// `.glsl` with the text.
    @available(*, deprecated, message: "Use ShaderTransition.name and ShaderTransition.glsl.")
    public var source: Source {
        if let name, let named = GLTransition(name: name), TransitionCatalog.builtIn.shader(named: name)?.glsl == glsl {
            return .named(named)
        }
        return .glsl(glsl)
    }

    /// One of MovieKit's own effects, from ``TransitionCatalog/builtIn``.
    /// - Parameters:
    ///   - transition: The effect.
    ///   - parameters: Values for its parameters.
    @available(*, deprecated, renamed: "init(named:parameters:in:)")
    public init(_ transition: GLTransition, parameters: [String: [Double]] = [:]) {
        if let shader = ShaderTransition(named: transition.rawValue, parameters: parameters, in: .builtIn) {
            self = shader
        } else {
            // Only when the resource bundle is missing, which `ShaderResources` reports: a crossfade.
            self.init(
                name: transition.rawValue,
                glsl: "vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }",
                parameters: parameters)
        }
    }
}

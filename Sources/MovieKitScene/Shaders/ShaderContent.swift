import Foundation
import FrameDraw
import GLRender

/// A picture drawn by a GLSL fragment shader with OpenGL ES 2 (GLSL ES 1.00, as WebGL 1 and editly
/// use), through EGL: on a GPU where EGL's device platform finds one, otherwise on the CPU with
/// Mesa's llvmpipe (`MOVIEKIT_GL_DEVICE` chooses: `auto`, `software` or `hardware`).
///
/// The shader draws the layer's bounds, at the pixel size the layer covers on the canvas. Its uniform
/// `resolution` (`vec2`) is that size in pixels, and `gl_FragCoord` counts pixels from the bottom-left
/// corner, as in WebGL. Other uniforms come from ``uniforms``; `sampler2D` uniforms named by
/// ``inputs`` receive pictures of other layers.
public struct ShaderContent: Sendable {
    /// The fragment shader: a whole GLSL ES 1.00 program writing `gl_FragColor`. A default
    /// `precision mediump float;` is added when it declares no precision.
    public var fragmentShader: String
    /// The vertex shader, or `nil` for a quad covering the bounds, whose corners arrive in the
    /// attribute `vec2 position` (−1…1).
    public var vertexShader: String?
    /// The values of the shader's uniforms at a time on the layer's parent clock: 1 to 4 numbers
    /// each (`float`, `vec2`…`vec4`, `int`, `ivec*`, `bool` as 0 or 1). Names the shader does not
    /// declare are ignored.
    public var uniforms: @Sendable (Double) -> [String: [Double]]
    /// Layers drawn into textures for the shader to sample, each at the shader layer's size and on
    /// the same clock.
    public var inputs: [ShaderInput]
    /// Whether the shader writes premultiplied colours (as a blend of ``inputs`` does, since they
    /// arrive premultiplied) rather than straight ones.
    public var writesPremultipliedColor: Bool
    /// Where the shader's source was named, when a document named it (an editly `gl` layer's
    /// `fragmentPath`): a shader that does not compile is then reported as a ``SceneError`` at that
    /// place, before the first frame, instead of as a ``ShaderError`` with no place.
    public var origin: ShaderOrigin?

    /// Creates shader content.
    /// - Parameters:
    ///   - fragmentShader: The fragment shader's source.
    ///   - vertexShader: The vertex shader's source, or `nil` for a quad covering the bounds.
    ///   - inputs: Layers the shader samples through `sampler2D` uniforms.
    ///   - writesPremultipliedColor: Whether `gl_FragColor` is premultiplied. Default `false`.
    ///   - uniforms: Uniform values at a time on the layer's parent clock.
    public init(
        fragmentShader: String, vertexShader: String? = nil, inputs: [ShaderInput] = [],
        writesPremultipliedColor: Bool = false,
        uniforms: @escaping @Sendable (Double) -> [String: [Double]] = { _ in [:] }
    ) {
        self.fragmentShader = fragmentShader
        self.vertexShader = vertexShader
        self.inputs = inputs
        self.writesPremultipliedColor = writesPremultipliedColor
        self.uniforms = uniforms
    }
}

/// The place in a document that named a shader's source file, for the error when it does not compile.
public struct ShaderOrigin: Sendable, Hashable {
    /// The key that names the file (`clips[0].layers[0].fragmentPath`), with its line and column.
    public var location: SceneError.SourceLocation
    /// The file's path as the document wrote it.
    public var path: String

    public init(location: SceneError.SourceLocation, path: String) {
        self.location = location
        self.path = path
    }
}

/// Layers drawn into a texture that a shader samples through a `sampler2D` uniform.
///
/// The texture is stored top row first with premultiplied alpha: a shader samples it at
/// `vec2(x, 1.0 - y)` for a point `(x, y)` measured from the bottom-left corner, and swizzles
/// `.bgra` to read red, green, blue and alpha.
public struct ShaderInput: Sendable {
    /// The `sampler2D` uniform's name.
    public var name: String
    /// The layers, back to front, in the shader layer's space.
    public var layers: [Layer]

    /// Creates an input.
    /// - Parameters:
    ///   - name: The `sampler2D` uniform's name.
    ///   - layers: The layers drawn into its texture.
    public init(name: String, layers: [Layer]) {
        self.name = name
        self.layers = layers
    }
}

/// Why a shader cannot be drawn: OpenGL ES is missing, or the shader does not compile.
public struct ShaderError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// OpenGL ES through EGL cannot be had on this machine.
        case unavailable
        /// The shader does not compile or link, or a value does not fit its uniform.
        case invalidShader
        /// Drawing failed (a size beyond the driver's limit, or a driver error).
        case drawFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// A full sentence or more saying what happened and what to do.
    public let description: String
}

extension ShaderContent {
    /// The OpenGL ES renderer that drew this process's shader layers, as its driver names it (a GPU,
    /// or Mesa's llvmpipe on the CPU), so that a slow render can say which drew them; `nil` before any
    /// shader was drawn, or when none could be. Reading it opens nothing.
    public static var rendererDescription: String? { GLDevice.sharedRenderer.map { "\($0)" } }
}

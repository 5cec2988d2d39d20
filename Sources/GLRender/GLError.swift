/// The one error type of the OpenGL ES layer. MovieKitScene turns it into its public `ShaderError`.
package struct GLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, grouped by what the caller can do about it.
    package enum Kind: Sendable, Equatable {
        /// No EGL display or OpenGL ES context could be had (Mesa's EGL driver missing, or no device).
        case unavailable
        /// A shader did not compile; `stage` is "vertex" or "fragment".
        case compileFailed(stage: String)
        /// The vertex and fragment shaders did not link into a program.
        case linkFailed
        /// A uniform value does not fit the uniform the shader declares.
        case badUniform(name: String)
        /// Drawing or reading the pixels back failed, or the size is beyond the driver's limits.
        case drawFailed
    }

    package let kind: Kind
    /// The driver's own text (a compile log, an EGL or GL error code), or this layer's reason, as sentences.
    package let message: String

    package init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}

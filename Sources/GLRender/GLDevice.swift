import Foundation
import FrameDraw
import Synchronization

/// The OpenGL ES device MovieKit draws shaders with: one EGL context on Mesa's surfaceless platform,
/// shared by every thread. Each draw takes the lock, makes the context current on its thread, draws,
/// reads back and releases the context, so frames drawn in parallel take turns on the GL side (which
/// llvmpipe itself spreads over the cores) while everything else about them stays parallel.
package final class GLDevice: Sendable {
    private let context: Mutex<GLContext>

    private init(context: sending GLContext) {
        self.context = Mutex(context)
    }

    /// The device of this process, created on first use; the error of that first attempt is kept and
    /// thrown again, so a machine without EGL fails the same way every time.
    /// - Throws: `GLError` `.unavailable` saying what is missing.
    package static func shared() throws -> GLDevice {
        try sharedDevice.get()
    }

    private static let sharedDevice: Result<GLDevice, GLError> = {
        do {
            return .success(GLDevice(context: try GLContext()))
        } catch let error as GLError {
            return .failure(error)
        } catch {
            return .failure(GLError(.unavailable, message: "OpenGL ES could not be set up: \(error)."))
        }
    }()

    /// Compiles and links `source` (once; later calls find it cached) and returns its uniforms.
    /// - Throws: `GLError` `.compileFailed` or `.linkFailed` with the driver's log.
    package func uniforms(of source: GLProgramSource) throws -> [String: GLUniform] {
        try context.withLock { context in
            try context.makeCurrent()
            defer { context.releaseCurrent() }
            return try context.program(for: source).uniforms
        }
    }

    /// Draws `source` over a `width` × `height` picture and returns it.
    /// - Parameters:
    ///   - source: The program.
    ///   - width: The picture's width in pixels.
    ///   - height: The picture's height in pixels.
    ///   - inputs: Pictures bound to the named `sampler2D` uniforms, in texture units 0, 1, …
    ///   - uniforms: Values of other uniforms: 1 to 4 numbers each (booleans as 0 or 1). Names the
    ///     program does not declare are ignored.
    ///   - output: Whether the shader writes straight or premultiplied colours.
    /// - Throws: `GLError`.
    package func draw(
        _ source: GLProgramSource, width: Int, height: Int, inputs: [(sampler: String, image: Image)] = [],
        uniforms: [String: [Double]] = [:], output: GLColorOutput = .straight
    ) throws -> Image {
        try context.withLock { context in
            try context.makeCurrent()
            defer { context.releaseCurrent() }
            let program = try context.program(for: source)
            return try context.draw(
                program, width: width, height: height, inputs: inputs, uniforms: uniforms, output: output)
        }
    }
}

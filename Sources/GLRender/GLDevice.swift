import Foundation
import FrameDraw
import Synchronization

/// The OpenGL ES device MovieKit draws shaders with: one EGL context, on a GPU where EGL's device
/// platform finds one, otherwise on Mesa's surfaceless platform (llvmpipe on the CPU); see
/// `GLDeviceSelection`. The context is shared by every thread. Each draw takes the lock, makes the
/// context current on its thread, draws, reads back and releases the context, so frames drawn in
/// parallel take turns on the GL side (which llvmpipe itself spreads over every core, one thread a
/// core) while everything else about them stays parallel.
package final class GLDevice: Sendable {
    private let context: Mutex<GLContext>
    /// The driver that draws.
    package let renderer: GLRenderer

    private init(context: sending GLContext) {
        renderer = context.renderer
        self.context = Mutex(context)
    }

    /// Opens a device of its own, apart from the shared one, on the kind of device `mode` asks for,
    /// and logs which renderer it has at the info level (with the displays it passed over).
    /// - Parameter mode: `.auto` for a GPU where there is one, `.software` for llvmpipe, `.hardware`
    ///   for a GPU or an error.
    /// - Throws: `GLError` `.unavailable` listing the displays tried and why each was not used.
    package static func open(mode: GLDeviceSelection.Mode) throws -> GLDevice {
        let opening = try GLContext.open(mode: mode)
        let passedOver = opening.passedOver.joined(separator: " ")
        let device = GLDevice(context: opening.context)
        let renderer = device.renderer
        // A GPU that was found but could not be used costs seconds a frame: that is worth a warning.
        let level: Log.Level = !renderer.isHardware && passedOver.contains("EGL device") ? .warning : .info
        Log.emit(
            level, subsystem: .movieKit,
            "GL shaders draw with \(renderer)." + (passedOver.isEmpty ? "" : " Passed over: \(passedOver)"))
        return device
    }

    /// The device of this process, created on first use on the kind of device that the environment
    /// variable `MOVIEKIT_GL_DEVICE` asks for (`auto` when unset); the error of that first attempt is
    /// kept and thrown again, so a machine without EGL fails the same way every time.
    /// - Throws: `GLError` `.unavailable` saying what is missing, or that the variable's value is not a mode.
    package static func shared() throws -> GLDevice {
        try sharedDevice.get()
    }

    /// The renderer of the shared device once a shader has opened it in this process; `nil` before,
    /// or when it could not be opened. Reading it opens nothing.
    package static var sharedRenderer: GLRenderer? {
        openedRenderer.withLock { $0 }
    }

    private static let openedRenderer = Mutex<GLRenderer?>(nil)

    private static let sharedDevice: Result<GLDevice, GLError> = {
        do {
            let mode = try GLDeviceSelection.Mode(
                environmentValue: ProcessInfo.processInfo.environment[GLDeviceSelection.environmentVariable])
            let device = try open(mode: mode)
            openedRenderer.withLock { $0 = device.renderer }
            return .success(device)
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

import Foundation
import FrameDraw
import GLRender
import MovieKitLog
import Synchronization

/// Between the scene and the GL layer: builds programs from shader content, checks them before the
/// first frame, and turns `GLError` into `ShaderError`.
enum ShaderDrawing {
    /// Counts the times code running in a task asks for the OpenGL ES device, so that a test can
    /// check that a path (reading an editly spec) needs none: set one for a scope with
    /// `ShaderDrawing.$deviceUses.withValue(counter) { … }`.
    final class DeviceUseCounter: Sendable {
        private let uses = Mutex(0)
        /// How many times the device was asked for.
        var count: Int { uses.withLock { $0 } }
        func record() { uses.withLock { $0 += 1 } }
    }

    @TaskLocal static var deviceUses: DeviceUseCounter?

    /// The process's OpenGL ES device, counted in ``deviceUses``.
    /// - Throws: `GLError` `.unavailable`.
    private static func sharedDevice() throws -> GLDevice {
        deviceUses?.record()
        return try GLDevice.shared()
    }

    /// The program of `shader`, with a default precision when the fragment shader declares none.
    static func program(of shader: ShaderContent) -> GLProgramSource {
        var fragment = shader.fragmentShader
        if !fragment.contains("precision ") {
            fragment = "precision mediump float;\n" + fragment
        }
        return GLProgramSource(vertex: shader.vertexShader ?? GLProgramSource.quadVertexShader, fragment: fragment)
    }

    /// Compiles `shader` now, so that a missing OpenGL ES or a shader that does not compile is
    /// reported before the first frame.
    /// - Throws: `ShaderError`.
    static func prepare(_ shader: ShaderContent) throws {
        let plain = program(of: shader)
        _ = try uniforms(of: plain.convertingOutput(premultiplied: shader.writesPremultipliedColor) ?? plain)
    }

    /// The uniforms `program` declares, compiling it once.
    /// - Throws: `ShaderError`.
    static func uniforms(of program: GLProgramSource) throws -> [String: GLUniform] {
        do {
            return try sharedDevice().uniforms(of: program)
        } catch let error as GLError {
            throw ShaderError(error)
        }
    }

    /// Draws `shader` at `time` into a `width` × `height` picture.
    /// - Throws: `ShaderError`.
    static func image(
        of shader: ShaderContent, width: Int, height: Int, time: Double, inputs: [(sampler: String, image: Image)]
    ) throws -> Image {
        var uniforms = shader.uniforms(time)
        if uniforms["resolution"] == nil { uniforms["resolution"] = [Double(width), Double(height)] }
        let plain = program(of: shader)
        let converting = plain.convertingOutput(premultiplied: shader.writesPremultipliedColor)
        let program = converting ?? plain
        do {
            let device = try sharedDevice()
            let declared = try device.uniforms(of: program)
            for (name, values) in uniforms {
                // One number for a vector fills every component, as `vec2(0.5)` does in GLSL.
                if values.count == 1, let count = declared[name]?.componentCount, count > 1 {
                    uniforms[name] = Array(repeating: values[0], count: count)
                }
            }
            return try device.draw(
                program, width: width, height: height, inputs: inputs, uniforms: uniforms,
                output: converting != nil ? .cairoOrder : shader.writesPremultipliedColor ? .premultiplied : .straight)
        } catch let error as GLError {
            throw ShaderError(error)
        }
    }
}

extension ShaderError {
    init(_ error: GLError) {
        switch error.kind {
        case .unavailable:
            self.init(
                kind: .unavailable,
                description: "GL shaders need OpenGL ES through EGL, which is not available here: \(error.message)")
        case .compileFailed, .linkFailed, .badUniform:
            self.init(kind: .invalidShader, description: error.message)
        case .drawFailed:
            self.init(kind: .drawFailed, description: error.message)
        }
    }
}

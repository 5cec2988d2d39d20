internal import CEGL
import Foundation

/// A vertex and a fragment shader in GLSL ES 1.00 (OpenGL ES 2), as handed to the driver.
package struct GLProgramSource: Sendable, Hashable {
    /// The vertex shader that draws a full-screen quad from the attribute `position` (−1…1).
    package static let quadVertexShader = """
        attribute vec2 position;
        void main() { gl_Position = vec4(position, 0.0, 1.0); }
        """

    package var vertex: String
    package var fragment: String

    package init(vertex: String = GLProgramSource.quadVertexShader, fragment: String) {
        self.vertex = vertex
        self.fragment = fragment
    }

    /// This program with its fragment shader's `main` wrapped so that it writes what Cairo stores:
    /// clamped, premultiplied (from straight colours when `premultiplied` is false) and in BGRA
    /// order, to be read back with `GLColorOutput.cairoOrder` without a pass over the pixels on the
    /// CPU. `nil` when the shader starts with directives (`#version`, `#extension`) that must come first.
    package func convertingOutput(premultiplied: Bool) -> GLProgramSource? {
        guard !fragment.contains("#version"), !fragment.contains("#extension") else { return nil }
        let colour = premultiplied ? "c.rgb = min(c.rgb, vec3(c.a));" : "c.rgb *= c.a;"
        var result = self
        result.fragment = """
            #define main mk_shader_main
            \(fragment)
            #undef main
            void main() {
                mk_shader_main();
                vec4 c = clamp(gl_FragColor, 0.0, 1.0);
                \(colour)
                gl_FragColor = c.bgra;
            }
            """
        return result
    }
}

/// A linked program and the uniforms it declares.
struct GLProgram {
    let name: GLuint
    let uniforms: [String: GLUniform]
}

extension GLContext {
    /// The program for `source`, compiled and linked the first time it is asked for. The context
    /// must be current. Corresponds to `glCompileShader`, `glLinkProgram` and `glGetActiveUniform`.
    /// - Throws: `GLError` `.compileFailed` or `.linkFailed` with the driver's log.
    func program(for source: GLProgramSource) throws -> GLProgram {
        if let program = programs[source] { return program }
        let vertex = try compile(source.vertex, type: GLenum(GL_VERTEX_SHADER), stage: "vertex")
        defer { glDeleteShader(vertex) }
        let fragment = try compile(source.fragment, type: GLenum(GL_FRAGMENT_SHADER), stage: "fragment")
        defer { glDeleteShader(fragment) }
        let name = glCreateProgram()
        glAttachShader(name, vertex)
        glAttachShader(name, fragment)
        glBindAttribLocation(name, 0, "position")
        glLinkProgram(name)
        var linked: GLint = 0
        glGetProgramiv(name, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(of: name, isProgram: true)
            glDeleteProgram(name)
            throw GLError(.linkFailed, message: "The shaders did not link: \(log)")
        }
        let program = GLProgram(name: name, uniforms: Self.activeUniforms(of: name))
        programs[source] = program
        return program
    }

    private func compile(_ text: String, type: GLenum, stage: String) throws -> GLuint {
        let shader = glCreateShader(type)
        text.withCString { pointer in
            var source: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &source, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = Self.infoLog(of: shader, isProgram: false)
            glDeleteShader(shader)
            throw GLError(.compileFailed(stage: stage), message: "The \(stage) shader did not compile: \(log)")
        }
        return shader
    }

    /// The driver's log for a shader or program, trimmed.
    private static func infoLog(of object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "the driver gave no reason." }
        var bytes = [GLchar](repeating: 0, count: Int(length))
        if isProgram {
            glGetProgramInfoLog(object, length, nil, &bytes)
        } else {
            glGetShaderInfoLog(object, length, nil, &bytes)
        }
        let text = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every active uniform of a linked program, by name (arrays by their name without `[0]`).
    private static func activeUniforms(of program: GLuint) -> [String: GLUniform] {
        var count: GLint = 0
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        var result: [String: GLUniform] = [:]
        for index in 0..<max(0, count) {
            var bytes = [GLchar](repeating: 0, count: 256)
            var length: GLsizei = 0
            var size: GLint = 0
            var type: GLenum = 0
            glGetActiveUniform(program, GLuint(index), 256, &length, &size, &type, &bytes)
            var name = String(decoding: bytes.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasSuffix("[0]") { name.removeLast(3) }
            let location = glGetUniformLocation(program, name)
            guard location >= 0 else { continue }
            result[name] = GLUniform(name: name, type: type, location: location)
        }
        return result
    }
}

internal import CEGL
import Foundation

/// Owns one OpenGL ES 2 context on one EGL display (a device of EGL's device platform, or Mesa's
/// surfaceless platform: see `GLDeviceSelection`), and every GL object made in that context: the
/// compiled programs, the textures the inputs are uploaded to, and the framebuffer drawn into.
///
/// Not `Sendable`: a context is current on one thread at a time. `GLDevice` keeps it behind a lock,
/// making it current for each draw and releasing it afterwards.
final class GLContext {
    private let display: EGLDisplay
    private let context: EGLContext
    /// The driver that draws, read once the context was made.
    let renderer: GLRenderer
    /// Programs by their source, linked once.
    var programs: [GLProgramSource: GLProgram] = [:]
    /// Texture names for inputs, one per texture unit, reused from draw to draw.
    var inputTextures: [GLuint] = []
    /// The framebuffer and its colour texture, reallocated when the size changes.
    var framebuffer: GLuint = 0
    var target: (texture: GLuint, width: Int, height: Int)?
    /// A full-screen quad (two triangles as a strip), vertex attribute 0.
    var quad: GLuint = 0
    /// The largest texture side the driver takes.
    private(set) var maxTextureSize = 0

    /// Opens `source`'s display and creates a context on it.
    /// Corresponds to `eglGetPlatformDisplay`, `eglInitialize`, `eglChooseConfig` and `eglCreateContext`.
    /// - Throws: `GLError` `.unavailable` naming the display and the step that failed.
    init(source: GLDisplaySource) throws {
        let platform = source.platform
        guard let display = source.display(), display != mk_egl_no_display() else {
            throw GLError(.unavailable, message: "\(platform) gave no display (\(Self.eglErrorText())).")
        }
        guard GLDisplayUsers.initialize(display) else {
            throw GLError(.unavailable, message: "\(platform) could not be initialised (\(Self.eglErrorText())).")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            let text = Self.eglErrorText()
            GLDisplayUsers.release(display)
            throw GLError(.unavailable, message: "\(platform) has no OpenGL ES (\(text)).")
        }
        let configAttributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8,
            EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) == EGL_TRUE, count > 0, let config
        else {
            GLDisplayUsers.release(display)
            throw GLError(.unavailable, message: "\(platform) offers no RGBA8 OpenGL ES 2 configuration.")
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, config, mk_egl_no_context(), contextAttributes),
            context != mk_egl_no_context()
        else {
            let text = Self.eglErrorText()
            GLDisplayUsers.release(display)
            throw GLError(.unavailable, message: "\(platform) could not create an OpenGL ES 2 context (\(text)).")
        }
        // Made current without a surface (EGL_KHR_surfaceless_context), as every draw is.
        guard eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), context) == EGL_TRUE else {
            let text = Self.eglErrorText()
            eglDestroyContext(display, context)
            GLDisplayUsers.release(display)
            throw GLError(.unavailable, message: "\(platform) could not make its context current (\(text)).")
        }
        defer { eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), mk_egl_no_context()) }
        self.display = display
        self.context = context
        renderer = GLRenderer(
            name: Self.string(GL_RENDERER), vendor: Self.string(GL_VENDOR), version: Self.string(GL_VERSION),
            platform: platform)
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
        glGenFramebuffers(1, &framebuffer)
        glGenBuffers(1, &quad)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad)
        let corners: [GLfloat] = [-1, -1, 1, -1, -1, 1, 1, 1]
        corners.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_ARRAY_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STATIC_DRAW))
        }
    }

    deinit {
        if eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), context) == EGL_TRUE {
            for program in programs.values { glDeleteProgram(program.name) }
            if !inputTextures.isEmpty { glDeleteTextures(GLsizei(inputTextures.count), inputTextures) }
            if let target { glDeleteTextures(1, [target.texture]) }
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteBuffers(1, &quad)
            eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), mk_egl_no_context())
        }
        eglDestroyContext(display, context)
        GLDisplayUsers.release(display)
    }

    /// Makes the context current on the calling thread, without a surface (EGL_KHR_surfaceless_context).
    /// Corresponds to `eglMakeCurrent`.
    func makeCurrent() throws {
        guard eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), context) == EGL_TRUE else {
            throw GLError(
                .unavailable, message: "EGL could not make the OpenGL ES context current (\(Self.eglErrorText())).")
        }
    }

    /// Releases the context from the calling thread, so that another thread can make it current.
    func releaseCurrent() {
        eglMakeCurrent(display, mk_egl_no_surface(), mk_egl_no_surface(), mk_egl_no_context())
    }

    /// One of `glGetString`'s strings, or "unknown" when the driver gives none.
    private static func string(_ name: Int32) -> String {
        glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
    }

    /// The last EGL error, as its name in the EGL specification.
    static func eglErrorText() -> String {
        let code = eglGetError()
        let names: [EGLint: String] = [
            EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
            EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
        ]
        return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
    }
}

internal import CEGL
import Foundation

/// Owns one EGL display connection and one OpenGL ES 2 context on Mesa's surfaceless platform, and
/// every GL object made in that context: the compiled programs, the textures the inputs are uploaded
/// to, and the framebuffer drawn into. It runs on llvmpipe (the CPU) and on a GPU's render node where
/// there is one.
///
/// Not `Sendable`: a context is current on one thread at a time. `GLDevice` keeps it behind a lock,
/// making it current for each draw and releasing it afterwards.
final class GLContext {
    private let display: EGLDisplay
    private let context: EGLContext
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

    /// Connects to the surfaceless platform and creates a context.
    /// Corresponds to `eglGetPlatformDisplay`, `eglInitialize`, `eglChooseConfig` and `eglCreateContext`.
    /// - Throws: `GLError` `.unavailable` naming the step that failed and what to install.
    init() throws {
        let install =
            "Install Mesa's EGL and OpenGL ES drivers (Debian: libegl1, libgles2, libegl-mesa0, libgl1-mesa-dri)."
        let clientExtensions = eglQueryString(mk_egl_no_display(), EGLint(EGL_EXTENSIONS)).map { String(cString: $0) }
        guard let clientExtensions, clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
            throw GLError(
                .unavailable,
                message:
                    "EGL has no surfaceless platform (EGL_MESA_platform_surfaceless) here, so GL shaders cannot run. \(install)"
            )
        }
        guard
            let display = eglGetPlatformDisplay(
                EGLenum(EGL_PLATFORM_SURFACELESS_MESA), mk_egl_default_display(), nil),
            display != mk_egl_no_display()
        else {
            throw GLError(
                .unavailable, message: "EGL could not open a surfaceless display (\(Self.eglErrorText())). \(install)")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw GLError(.unavailable, message: "EGL could not be initialised (\(Self.eglErrorText())). \(install)")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            eglTerminate(display)
            throw GLError(.unavailable, message: "EGL has no OpenGL ES (\(Self.eglErrorText())). \(install)")
        }
        let configAttributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8,
            EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) == EGL_TRUE, count > 0, let config
        else {
            eglTerminate(display)
            throw GLError(.unavailable, message: "EGL offers no RGBA8 OpenGL ES 2 configuration. \(install)")
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let context = eglCreateContext(display, config, mk_egl_no_context(), contextAttributes),
            context != mk_egl_no_context()
        else {
            let text = Self.eglErrorText()
            eglTerminate(display)
            throw GLError(.unavailable, message: "EGL could not create an OpenGL ES 2 context (\(text)). \(install)")
        }
        self.display = display
        self.context = context
        try makeCurrent()
        defer { releaseCurrent() }
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
        eglTerminate(display)
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

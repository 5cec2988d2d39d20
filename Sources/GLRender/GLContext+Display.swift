internal import CEGL
import Foundation
import Synchronization

/// An EGL display to open a context on.
enum GLDisplaySource {
    /// Mesa's surfaceless platform: a GPU's render node where Mesa finds one, llvmpipe otherwise.
    case surfaceless
    /// One device of EGL's device platform, as `eglQueryDevicesEXT` listed it.
    case device(EGLDeviceEXT, index: Int, file: String?)

    var platform: GLRenderer.Platform {
        switch self {
        case .surfaceless: .surfaceless
        case .device(_, let index, let file): .device(index: index, file: file)
        }
    }

    /// The display, not yet initialised. EGL returns the same display to every call with the same
    /// platform and device. Corresponds to `eglGetPlatformDisplay` and `eglGetPlatformDisplayEXT`.
    func display() -> EGLDisplay? {
        switch self {
        case .surfaceless:
            eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), mk_egl_default_display(), nil)
        case .device(let device, _, _):
            mk_egl_device_display(device)
        }
    }
}

/// Counts the contexts on each initialised EGL display, so that a display is terminated only when
/// its last context is gone: EGL hands every caller the same display for a device, and
/// `eglTerminate` ends it for all of them (a test's own device would end the shared device's).
enum GLDisplayUsers {
    private static let counts = Mutex<[Int: Int]>([:])

    /// Initialises `display` unless it is already, and counts one more user of it.
    /// Corresponds to `eglInitialize`.
    /// - Returns: Whether the display is initialised.
    static func initialize(_ display: EGLDisplay) -> Bool {
        counts.withLock { counts in
            let key = Int(bitPattern: display)
            let users = counts[key, default: 0]
            if users == 0 {
                var major: EGLint = 0
                var minor: EGLint = 0
                guard eglInitialize(display, &major, &minor) == EGL_TRUE else { return false }
            }
            counts[key] = users + 1
            return true
        }
    }

    /// Counts one user of `display` fewer, and terminates it when none is left.
    /// Corresponds to `eglTerminate`.
    static func release(_ display: EGLDisplay) {
        counts.withLock { counts in
            let key = Int(bitPattern: display)
            let users = counts[key, default: 0] - 1
            if users <= 0 {
                counts[key] = nil
                eglTerminate(display)
            } else {
                counts[key] = users
            }
        }
    }
}

extension GLContext {
    /// The outcome of `open(mode:)`: the context, and a sentence for each display tried before it.
    struct Opening {
        var context: GLContext
        var passedOver: [String]
    }

    /// Opens the first display of `GLDeviceSelection.attempts(mode:…)` that gives a context whose
    /// renderer the attempt accepts. A context on a display it does not accept is closed again.
    /// - Throws: `GLError` `.unavailable` listing every display tried and why it was not used.
    static func open(mode: GLDeviceSelection.Mode) throws -> sending Opening {
        let install =
            "Install Mesa's EGL and OpenGL ES drivers (Debian: libegl1, libgles2, libegl-mesa0, libgl1-mesa-dri)."
        let client = clientExtensions()
        let devices = GLDeviceSelection.canOpenDevices(clientExtensions: client) ? listDevices() : []
        let attempts = GLDeviceSelection.attempts(
            mode: mode, clientExtensions: client, devices: devices.map(\.description))
        guard !attempts.isEmpty else {
            let what =
                mode == .software
                ? "neither Mesa's software device nor its surfaceless platform (EGL_MESA_platform_surfaceless)"
                : "neither the device platform (EGL_EXT_platform_device) nor the surfaceless one (EGL_MESA_platform_surfaceless)"
            throw GLError(.unavailable, message: "EGL has \(what) here, so GL shaders cannot run. \(install)")
        }
        var passedOver: [String] = []
        for attempt in attempts {
            let source: GLDisplaySource
            switch attempt.platform {
            case .surfaceless:
                source = .surfaceless
            case .device(let index, let file):
                guard let device = devices.first(where: { $0.description.index == index })?.device else { continue }
                source = .device(device, index: index, file: file)
            }
            do {
                let context = try GLContext(source: source)
                if attempt.requirement.accepts(rendererName: context.renderer.name) {
                    return Opening(context: context, passedOver: passedOver)
                }
                let kind = context.renderer.isHardware ? "a GPU" : "a software renderer"
                passedOver.append("\(attempt) gave \(context.renderer.name), \(kind).")
            } catch let error as GLError {
                passedOver.append(error.message)
            }
        }
        let tried = passedOver.joined(separator: " ")
        switch mode {
        case .hardware:
            throw GLError(
                .unavailable,
                message:
                    "\(GLDeviceSelection.environmentVariable)=hardware asks for a GPU, and EGL found none that works. \(tried) Unset \(GLDeviceSelection.environmentVariable) to draw on the CPU with llvmpipe."
            )
        case .software:
            throw GLError(
                .unavailable,
                message:
                    "\(GLDeviceSelection.environmentVariable)=software asks for llvmpipe, and EGL gave no software renderer. \(tried) \(install)"
            )
        case .auto:
            throw GLError(.unavailable, message: "OpenGL ES could not be set up. \(tried) \(install)")
        }
    }

    /// EGL's client extensions, the ones that need no display.
    /// Corresponds to `eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)`.
    static func clientExtensions() -> Set<String> {
        guard let text = eglQueryString(mk_egl_no_display(), EGLint(EGL_EXTENSIONS)) else { return [] }
        return Set(String(cString: text).split(separator: " ").map(String.init))
    }

    /// The devices of EGL's device platform, in EGL's order, with their extensions and DRM file.
    /// Corresponds to `eglQueryDevicesEXT` and `eglQueryDeviceStringEXT`.
    static func listDevices() -> [(device: EGLDeviceEXT, description: GLDeviceSelection.Device)] {
        var count: EGLint = 0
        guard mk_egl_query_devices(0, nil, &count) == EGL_TRUE, count > 0 else { return [] }
        var handles = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard mk_egl_query_devices(count, &handles, &count) == EGL_TRUE else { return [] }
        return handles.prefix(Int(max(0, count))).enumerated().compactMap { index, handle in
            guard let handle else { return nil }
            let extensions = mk_egl_query_device_string(handle, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) }
            let names = Set((extensions ?? "").split(separator: " ").map(String.init))
            // The DRM file is asked for only where the device says it has one (EGL_EXT_device_drm);
            // Mesa's software device answers EGL_BAD_PARAMETER.
            let file =
                names.contains("EGL_EXT_device_drm")
                ? mk_egl_query_device_string(handle, EGLint(EGL_DRM_DEVICE_FILE_EXT)).map { String(cString: $0) }
                : nil
            return (handle, GLDeviceSelection.Device(index: index, extensions: names, file: file))
        }
    }
}

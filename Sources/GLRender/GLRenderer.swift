/// The OpenGL ES driver that draws: its own names, and the EGL platform it was reached through, for
/// logs and summaries (a render that takes seconds a frame on llvmpipe should say that it ran on the CPU).
package struct GLRenderer: Sendable, Equatable, CustomStringConvertible {
    /// Where the display came from.
    package enum Platform: Sendable, Equatable, CustomStringConvertible {
        /// A device of EGL's device platform (`EGL_EXT_platform_device`): its place in
        /// `eglQueryDevicesEXT`'s list, and its DRM device file where it has one.
        case device(index: Int, file: String?)
        /// Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`).
        case surfaceless

        package var description: String {
            switch self {
            case .device(let index, let file): "EGL device \(index)" + (file.map { " (\($0))" } ?? "")
            case .surfaceless: "EGL's surfaceless platform"
            }
        }
    }

    /// `GL_RENDERER`, such as "llvmpipe (LLVM 15.0.6, 256 bits)" or "NVIDIA H200/PCIe/SSE2".
    package let name: String
    /// `GL_VENDOR`, such as "Mesa/X.org" or "NVIDIA Corporation".
    package let vendor: String
    /// `GL_VERSION`, such as "OpenGL ES 3.2 Mesa 22.3.6".
    package let version: String
    package let platform: Platform

    package init(name: String, vendor: String, version: String, platform: Platform) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.platform = platform
    }

    /// Whether a GPU draws, rather than a rasteriser on the CPU.
    package var isHardware: Bool { !Self.isSoftware(name: name) }

    /// Whether `GL_RENDERER` names a rasteriser that runs on the CPU: Mesa's llvmpipe and softpipe,
    /// its older "Software Rasterizer", or Google's SwiftShader.
    package static func isSoftware(name: String) -> Bool {
        let lowercased = name.lowercased()
        return ["llvmpipe", "softpipe", "software rasterizer", "swiftshader"].contains { lowercased.contains($0) }
    }

    /// "llvmpipe (LLVM 15.0.6, 256 bits) from Mesa/X.org, on the CPU (EGL's surfaceless platform)".
    package var description: String {
        "\(name) from \(vendor), on the \(isHardware ? "GPU" : "CPU") (\(platform))"
    }
}

import Foundation

/// Which EGL display MovieKit draws shaders on, decided from what EGL offers, as pure functions of
/// their inputs so that every case can be tested without the hardware.
///
/// Shadertoy-style shaders are written for GPUs: a raymarcher that a GPU draws in milliseconds takes
/// seconds a frame on llvmpipe. So a GPU is used wherever EGL's device platform
/// (`EGL_EXT_platform_device`) lists one, NVIDIA's driver and Mesa's hardware drivers alike, and
/// Mesa's surfaceless platform, which is llvmpipe where there is no GPU, is the fallback.
package enum GLDeviceSelection {
    /// The environment variable that chooses the device: `auto`, `software` or `hardware`.
    package static let environmentVariable = "MOVIEKIT_GL_DEVICE"

    /// What kind of device to draw on.
    package enum Mode: String, Sendable, CaseIterable {
        /// A GPU when EGL lists one that works, otherwise the CPU (llvmpipe).
        case auto
        /// The CPU (llvmpipe), whatever GPUs there are: the same pixels on every machine.
        case software
        /// A GPU, or an error saying that there is none.
        case hardware

        /// The mode an environment variable's value asks for: `auto` when it is unset or empty.
        /// - Throws: `GLError` `.unavailable` naming the value and the values it may take.
        package init(environmentValue value: String?) throws(GLError) {
            let trimmed = (value ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if trimmed.isEmpty {
                self = .auto
                return
            }
            guard let mode = Mode(rawValue: trimmed) else {
                let choices = Mode.allCases.map(\.rawValue).joined(separator: ", ")
                throw GLError(
                    .unavailable,
                    message:
                        "\(environmentVariable)=\(value ?? "") is not a device choice; set it to one of \(choices), or unset it."
                )
            }
            self = mode
        }
    }

    /// One device that `eglQueryDevicesEXT` listed, as `eglQueryDeviceStringEXT` describes it.
    package struct Device: Sendable, Equatable {
        /// Its place in EGL's list.
        package var index: Int
        /// Its device extensions (`EGL_MESA_device_software`, `EGL_EXT_device_drm`, `EGL_NV_device_cuda`, …).
        package var extensions: Set<String>
        /// Its DRM device file (`/dev/dri/card0`) where it has one (`EGL_EXT_device_drm`).
        package var file: String?

        package init(index: Int, extensions: Set<String>, file: String? = nil) {
            self.index = index
            self.extensions = extensions
            self.file = file
        }

        /// The device as a place to open a display on.
        package var platform: GLRenderer.Platform { .device(index: index, file: file) }

        /// Whether Mesa says that this device is its software rasteriser (`EGL_MESA_device_software`).
        package var isSoftware: Bool { extensions.contains("EGL_MESA_device_software") }
    }

    /// Which renderer an attempt must end with to be kept.
    package enum Requirement: Sendable, Equatable {
        case hardware
        case software
        case any

        /// Whether a context whose `GL_RENDERER` is `rendererName` meets the requirement.
        package func accepts(rendererName: String) -> Bool {
            switch self {
            case .any: true
            case .hardware: !GLRenderer.isSoftware(name: rendererName)
            case .software: GLRenderer.isSoftware(name: rendererName)
            }
        }
    }

    /// One display to try, in order, and what its renderer must be.
    package struct Attempt: Sendable, Equatable, CustomStringConvertible {
        package var platform: GLRenderer.Platform
        package var requirement: Requirement

        package init(_ platform: GLRenderer.Platform, requirement: Requirement) {
            self.platform = platform
            self.requirement = requirement
        }

        package var description: String { platform.description }
    }

    /// Whether EGL can list devices and open one: `EGL_EXT_platform_device` with
    /// `EGL_EXT_device_enumeration` and `EGL_EXT_device_query` (or `EGL_EXT_device_base`, which is both).
    package static func canOpenDevices(clientExtensions: Set<String>) -> Bool {
        let listsDevices =
            clientExtensions.contains("EGL_EXT_device_base")
            || (clientExtensions.contains("EGL_EXT_device_enumeration")
                && clientExtensions.contains("EGL_EXT_device_query"))
        return listsDevices && clientExtensions.contains("EGL_EXT_platform_device")
    }

    /// The displays to try for `mode`, best first.
    ///
    /// - `auto`: each hardware device in EGL's order, kept only if its renderer is not a software
    ///   one; then the surfaceless platform (Mesa's hardware driver where it finds a render node,
    ///   llvmpipe otherwise), then Mesa's software device.
    /// - `hardware`: the hardware devices, then the surfaceless platform, each kept only with a
    ///   hardware renderer.
    /// - `software`: Mesa's software device, then the surfaceless platform, kept only with a
    ///   software renderer (the surfaceless platform picks a GPU's render node when it can).
    /// - Parameters:
    ///   - mode: The kind of device asked for.
    ///   - clientExtensions: EGL's client extensions (`eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)`).
    ///   - devices: The devices EGL listed; ignored without the device platform.
    /// - Returns: The attempts in order; empty when EGL has neither platform.
    package static func attempts(mode: Mode, clientExtensions: Set<String>, devices: [Device]) -> [Attempt] {
        let listed = canOpenDevices(clientExtensions: clientExtensions) ? devices : []
        let hardware = listed.filter { !$0.isSoftware }.map(\.platform)
        let software = listed.filter(\.isSoftware).map(\.platform)
        let surfaceless: [GLRenderer.Platform] =
            clientExtensions.contains("EGL_MESA_platform_surfaceless") ? [.surfaceless] : []
        switch mode {
        case .auto:
            return hardware.map { Attempt($0, requirement: .hardware) }
                + (surfaceless + software).map { Attempt($0, requirement: .any) }
        case .hardware:
            return (hardware + surfaceless).map { Attempt($0, requirement: .hardware) }
        case .software:
            return (software + surfaceless).map { Attempt($0, requirement: .software) }
        }
    }
}

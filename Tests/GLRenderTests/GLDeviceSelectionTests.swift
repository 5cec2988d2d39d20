import GLRender
import Testing

/// Which display is tried first for each mode, from descriptions of devices as EGL gives them: the
/// hardware path cannot run on a machine without a GPU, so its choices are checked here.
@Suite struct GLDeviceSelectionTests {
    typealias Device = GLDeviceSelection.Device
    typealias Attempt = GLDeviceSelection.Attempt

    /// Mesa 22's client extensions with glvnd, as on Debian 12.
    static let client: Set<String> = [
        "EGL_EXT_device_base", "EGL_EXT_device_enumeration", "EGL_EXT_device_query", "EGL_EXT_platform_base",
        "EGL_EXT_platform_device", "EGL_MESA_platform_surfaceless", "EGL_KHR_platform_gbm"
    ]
    /// Mesa's software device, as `eglQueryDeviceStringEXT` describes it on a machine without a GPU.
    static let mesaSoftware = Device(
        index: 1, extensions: ["EGL_MESA_device_software", "EGL_EXT_device_drm_render_node"])
    /// An NVIDIA GPU through NVIDIA's EGL driver.
    static let nvidia = Device(
        index: 0, extensions: ["EGL_NV_device_cuda", "EGL_EXT_device_drm", "EGL_EXT_device_drm_render_node"],
        file: "/dev/dri/card1")

    @Test func autoTriesTheGPUFirstThenFallsBackToTheCPU() {
        let attempts = GLDeviceSelection.attempts(
            mode: .auto, clientExtensions: Self.client, devices: [Self.nvidia, Self.mesaSoftware])
        #expect(
            attempts == [
                Attempt(.device(index: 0, file: "/dev/dri/card1"), requirement: .hardware),
                Attempt(.surfaceless, requirement: .any),
                Attempt(.device(index: 1, file: nil), requirement: .any)
            ])
    }

    @Test func aMachineWithOnlyMesasSoftwareDeviceTriesNoDeviceAsAGPU() {
        let devices = [Device(index: 0, extensions: Self.mesaSoftware.extensions)]
        #expect(
            GLDeviceSelection.attempts(mode: .auto, clientExtensions: Self.client, devices: devices) == [
                Attempt(.surfaceless, requirement: .any), Attempt(.device(index: 0, file: nil), requirement: .any)
            ])
        // Mesa's surfaceless platform picks a render node when it finds one, so it may still give a GPU.
        #expect(
            GLDeviceSelection.attempts(mode: .hardware, clientExtensions: Self.client, devices: devices) == [
                Attempt(.surfaceless, requirement: .hardware)
            ])
    }

    @Test func softwareTakesMesasSoftwareDeviceBeforeTheSurfacelessPlatform() {
        let attempts = GLDeviceSelection.attempts(
            mode: .software, clientExtensions: Self.client, devices: [Self.nvidia, Self.mesaSoftware])
        #expect(
            attempts == [
                Attempt(.device(index: 1, file: nil), requirement: .software),
                Attempt(.surfaceless, requirement: .software)
            ])
    }

    @Test func hardwareKeepsOnlyHardwareRenderers() {
        let attempts = GLDeviceSelection.attempts(
            mode: .hardware, clientExtensions: Self.client, devices: [Self.nvidia, Self.mesaSoftware])
        #expect(attempts.map(\.requirement) == [.hardware, .hardware])
        #expect(attempts.map(\.platform) == [.device(index: 0, file: "/dev/dri/card1"), .surfaceless])
    }

    @Test func devicesAreIgnoredWithoutTheDevicePlatform() {
        var client = Self.client
        client.remove("EGL_EXT_platform_device")
        #expect(!GLDeviceSelection.canOpenDevices(clientExtensions: client))
        #expect(
            GLDeviceSelection.attempts(mode: .auto, clientExtensions: client, devices: [Self.nvidia]) == [
                Attempt(.surfaceless, requirement: .any)
            ])
        // Enumeration and query may come as EGL_EXT_device_base or as the two extensions it stands for.
        #expect(
            GLDeviceSelection.canOpenDevices(clientExtensions: [
                "EGL_EXT_device_enumeration", "EGL_EXT_device_query", "EGL_EXT_platform_device"
            ]))
        #expect(
            !GLDeviceSelection.canOpenDevices(clientExtensions: ["EGL_EXT_device_query", "EGL_EXT_platform_device"]))
    }

    @Test func noPlatformMeansNothingToTry() {
        for mode in GLDeviceSelection.Mode.allCases {
            #expect(
                GLDeviceSelection.attempts(mode: mode, clientExtensions: ["EGL_KHR_platform_x11"], devices: []).isEmpty)
        }
    }

    @Test(arguments: [
        ("llvmpipe (LLVM 15.0.6, 256 bits)", true), ("softpipe", true), ("Software Rasterizer", true),
        ("Google SwiftShader", true), ("NVIDIA H200/PCIe/SSE2", false),
        ("AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7, DRM 3.54)", false),
        ("Mesa Intel(R) UHD Graphics 630 (CFL GT2)", false)
    ])
    func softwareRenderersAreToldByName(name: String, isSoftware: Bool) {
        #expect(GLRenderer.isSoftware(name: name) == isSoftware)
        #expect(GLDeviceSelection.Requirement.hardware.accepts(rendererName: name) == !isSoftware)
        #expect(GLDeviceSelection.Requirement.software.accepts(rendererName: name) == isSoftware)
        #expect(GLDeviceSelection.Requirement.any.accepts(rendererName: name))
    }

    @Test func theEnvironmentVariableChoosesTheMode() throws {
        #expect(try GLDeviceSelection.Mode(environmentValue: nil) == .auto)
        #expect(try GLDeviceSelection.Mode(environmentValue: "") == .auto)
        #expect(try GLDeviceSelection.Mode(environmentValue: " Software ") == .software)
        #expect(try GLDeviceSelection.Mode(environmentValue: "hardware") == .hardware)
        #expect {
            _ = try GLDeviceSelection.Mode(environmentValue: "gpu")
        } throws: { error in
            (error as? GLError)?.message
                == "MOVIEKIT_GL_DEVICE=gpu is not a device choice; set it to one of auto, software, hardware, or unset it."
        }
    }

    @Test func aRendererSaysWhereItDraws() {
        let cpu = GLRenderer(
            name: "llvmpipe (LLVM 15.0.6, 256 bits)", vendor: "Mesa/X.org", version: "OpenGL ES 3.2 Mesa 22.3.6",
            platform: .surfaceless)
        #expect(!cpu.isHardware)
        #expect(
            cpu.description
                == "llvmpipe (LLVM 15.0.6, 256 bits) from Mesa/X.org, on the CPU (EGL's surfaceless platform)")
        let gpu = GLRenderer(
            name: "NVIDIA H200/PCIe/SSE2", vendor: "NVIDIA Corporation", version: "OpenGL ES 3.2 NVIDIA",
            platform: .device(index: 0, file: "/dev/dri/card1"))
        #expect(gpu.isHardware)
        #expect(
            gpu.description
                == "NVIDIA H200/PCIe/SSE2 from NVIDIA Corporation, on the GPU (EGL device 0 (/dev/dri/card1))")
    }
}

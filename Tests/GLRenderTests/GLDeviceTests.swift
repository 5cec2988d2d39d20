import FrameDraw
import GLRender
import Testing

@Suite struct GLDeviceTests {
    /// The device, or a failure that says EGL is missing (CI installs it: scripts/install-deps.sh).
    static func device() throws -> GLDevice {
        do {
            return try GLDevice.shared()
        } catch {
            Issue.record("OpenGL ES through EGL is unavailable, so the GL tests cannot run: \(error)")
            throw error
        }
    }

    @Test func drawsAConstantColour() throws {
        let device = try Self.device()
        let source = GLProgramSource(
            fragment: "precision mediump float; void main() { gl_FragColor = vec4(1.0, 0.5, 0.0, 1.0); }")
        let image = try device.draw(source, width: 8, height: 4)
        #expect(image.width == 8 && image.height == 4)
        let color = image.pixel(atX: 3, y: 2)
        #expect(abs(color.red - 1) < 0.01 && abs(color.green - 0.5) < 0.01 && color.blue < 0.01)
    }

    @Test func keepsTheBottomRowAtTheBottom() throws {
        let device = try Self.device()
        let source = GLProgramSource(
            fragment: """
                precision mediump float;
                void main() { gl_FragColor = gl_FragCoord.y < 2.0 ? vec4(1, 0, 0, 1) : vec4(0, 0, 1, 1); }
                """)
        let image = try device.draw(source, width: 4, height: 8)
        #expect(image.pixel(atX: 1, y: 7).red > 0.99)
        #expect(image.pixel(atX: 1, y: 0).blue > 0.99)
    }

    @Test func samplesAnInputAndSetsUniforms() throws {
        let device = try Self.device()
        let input = try Image(width: 2, height: 2, pixels: [0xFF_FF_00_00, 0xFF_00_FF_00, 0xFF_00_00_FF, 0xFF_FF_FF_FF])
        let source = GLProgramSource(
            fragment: """
                precision mediump float;
                uniform sampler2D picture;
                uniform float gain;
                uniform vec2 resolution;
                void main() {
                    vec2 uv = gl_FragCoord.xy / resolution;
                    gl_FragColor = texture2D(picture, vec2(uv.x, 1.0 - uv.y)).bgra * gain;
                }
                """)
        let uniforms = try device.uniforms(of: source)
        #expect(uniforms["gain"]?.typeName == "float")
        #expect(uniforms["resolution"]?.componentCount == 2)
        let image = try device.draw(
            source, width: 2, height: 2, inputs: [("picture", input)], uniforms: ["gain": [1], "resolution": [2, 2]])
        #expect(image.pixel(atX: 0, y: 0).red > 0.99)
        #expect(image.pixel(atX: 1, y: 0).green > 0.99)
        #expect(image.pixel(atX: 0, y: 1).blue > 0.99)
    }

    @Test func reportsACompileError() throws {
        let device = try Self.device()
        let source = GLProgramSource(fragment: "void main() { gl_FragColor = nonsense; }")
        #expect {
            _ = try device.draw(source, width: 2, height: 2)
        } throws: { error in
            guard let error = error as? GLError, case .compileFailed(let stage) = error.kind else { return false }
            return stage == "fragment" && error.message.contains("did not compile")
        }
    }

    /// The fallback forced, as `MOVIEKIT_GL_DEVICE=software` forces it: llvmpipe, drawing the right pixels.
    @Test func softwareModeDrawsWithLlvmpipe() throws {
        let device = try GLDevice.open(mode: .software)
        #expect(!device.renderer.isHardware)
        #expect(device.renderer.name.contains("llvmpipe"))
        let source = GLProgramSource(
            fragment: """
                precision mediump float;
                void main() { gl_FragColor = gl_FragCoord.x < 4.0 ? vec4(0, 1, 0, 1) : vec4(1, 0, 1, 1); }
                """)
        let image = try device.draw(source, width: 8, height: 2)
        let left = image.pixel(atX: 1, y: 1)
        let right = image.pixel(atX: 6, y: 1)
        #expect(left.green > 0.99 && left.red < 0.01 && left.blue < 0.01)
        #expect(right.red > 0.99 && right.blue > 0.99 && right.green < 0.01)
    }

    /// EGL gives every opener of a device the same display; closing one device must not end the
    /// display under another (nor under the shared device, which other tests draw with meanwhile).
    @Test func closingOneDeviceLeavesAnotherOnTheSameDisplayDrawing() throws {
        var first: GLDevice? = try GLDevice.open(mode: .software)
        let second = try GLDevice.open(mode: .software)
        #expect(first?.renderer == second.renderer)
        first = nil
        let source = GLProgramSource(
            fragment: "precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }")
        #expect(try second.draw(source, width: 4, height: 4).pixel(atX: 2, y: 2).blue > 0.99)
        #expect(try Self.device().draw(source, width: 4, height: 4).pixel(atX: 2, y: 2).blue > 0.99)
    }

    /// A GPU where EGL finds one; on a machine without, an error that says so and how to draw on the CPU.
    @Test func hardwareModeGivesAGPUOrSaysThereIsNone() {
        do {
            let device = try GLDevice.open(mode: .hardware)
            #expect(device.renderer.isHardware)
        } catch {
            let message = (error as? GLError)?.message ?? "\(error)"
            #expect(message.hasPrefix("MOVIEKIT_GL_DEVICE=hardware asks for a GPU, and EGL found none that works."))
            #expect(message.hasSuffix("Unset MOVIEKIT_GL_DEVICE to draw on the CPU with llvmpipe."))
        }
    }

    /// The shared device names its renderer once a shader has opened it.
    @Test func theSharedDeviceNamesItsRenderer() throws {
        let device = try Self.device()
        #expect(GLDevice.sharedRenderer == device.renderer)
        #expect(!device.renderer.name.isEmpty && device.renderer.name != "unknown")
    }
}

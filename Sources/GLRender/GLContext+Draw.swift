internal import CEGL
import Foundation
import FrameDraw

/// How the colours a fragment shader writes are to be read.
package enum GLColorOutput: Sendable {
    /// Straight (unassociated) alpha, as a free-standing shader writes it: premultiplied on readback.
    case straight
    /// Already premultiplied, as a blend of premultiplied inputs is: colour channels are kept at most alpha.
    case premultiplied
    /// Premultiplied, clamped and in Cairo's byte order (`.bgra`), as `GLProgramSource.convertingOutput`
    /// makes a shader write it: read back as it is, rows flipped.
    case cairoOrder
}

extension GLContext {
    /// Draws a full-screen quad with `program` into a `width` × `height` framebuffer and reads it back.
    ///
    /// Each input is uploaded as it is stored (premultiplied BGRA, top row first) to the texture unit
    /// of its sampler; the shader swizzles. The framebuffer's bottom row (`gl_FragCoord.y` near 0) is
    /// the image's bottom row. The context must be current.
    /// Corresponds to `glTexImage2D`, `glDrawArrays` and `glReadPixels`.
    /// - Throws: `GLError` `.drawFailed` for a size beyond the driver's limit or a GL error.
    func draw(
        _ program: GLProgram, width: Int, height: Int, inputs: [(sampler: String, image: Image)],
        uniforms: [String: [Double]], output: GLColorOutput
    ) throws -> Image {
        guard width > 0, height > 0, width <= maxTextureSize, height <= maxTextureSize else {
            throw GLError(
                .drawFailed,
                message:
                    "A \(width) × \(height) shader picture is beyond this OpenGL ES driver's limit of \(maxTextureSize) pixels a side."
            )
        }
        while glGetError() != GL_NO_ERROR {}
        try bindTarget(width: width, height: height)
        glUseProgram(program.name)
        for (unit, input) in inputs.enumerated() {
            try upload(input.image, unit: unit)
            program.uniforms[input.sampler]?.set([Double(unit)])
        }
        for (name, values) in uniforms {
            program.uniforms[name]?.set(values)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_BLEND))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        let error = glGetError()
        guard error == GL_NO_ERROR else {
            throw GLError(
                .drawFailed, message: "OpenGL ES failed to draw the shader (GL error 0x\(String(error, radix: 16))).")
        }
        return try Self.image(fromBottomUpRGBA: pixels, width: width, height: height, output: output)
    }

    /// Binds the framebuffer with a colour texture of the given size, making a new one when the size changed.
    private func bindTarget(width: Int, height: Int) throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        if let target, target.width == width, target.height == height { return }
        if let target { glDeleteTextures(1, [target.texture]) }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        Self.setSamplingParameters()
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        target = (texture, width, height)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GL_FRAMEBUFFER_COMPLETE else {
            throw GLError(
                .drawFailed,
                message:
                    "OpenGL ES could not make a \(width) × \(height) framebuffer (status 0x\(String(status, radix: 16)))."
            )
        }
    }

    /// Uploads `image`'s pixels to the texture of `unit`.
    private func upload(_ image: Image, unit: Int) throws {
        guard image.width <= maxTextureSize, image.height <= maxTextureSize else {
            throw GLError(
                .drawFailed,
                message:
                    "A \(image.width) × \(image.height) input is beyond this OpenGL ES driver's limit of \(maxTextureSize) pixels a side."
            )
        }
        while inputTextures.count <= unit {
            var texture: GLuint = 0
            glGenTextures(1, &texture)
            inputTextures.append(texture)
        }
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), inputTextures[unit])
        Self.setSamplingParameters()
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        image.snapshot.withPixelBytes { bytes in
            let rowBytes = image.width * 4
            if image.snapshot.stride == rowBytes {
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(image.width), GLsizei(image.height), 0,
                    GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            } else {
                // OpenGL ES 2 has no row length for uploads: pack the rows first.
                var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
                packed.withUnsafeMutableBytes { destination in
                    for row in 0..<image.height {
                        let from = UnsafeRawBufferPointer(
                            rebasing: bytes[(row * image.snapshot.stride)...].prefix(rowBytes))
                        UnsafeMutableRawBufferPointer(rebasing: destination[(row * rowBytes)...].prefix(rowBytes))
                            .copyMemory(from: from)
                    }
                }
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(image.width), GLsizei(image.height), 0,
                    GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), packed)
            }
        }
    }

    /// Linear filtering, clamped to the edge: what non-power-of-two textures allow in OpenGL ES 2.
    private static func setSamplingParameters() {
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// An image from `glReadPixels`' RGBA bytes, bottom row first: flipped to top row first and
    /// stored as premultiplied native-endian ARGB32.
    static func image(fromBottomUpRGBA pixels: [UInt8], width: Int, height: Int, output: GLColorOutput) throws
        -> Image
    {
        let surface = try CairoSurface(width: width, height: height)
        if output == .cairoOrder {
            pixels.withUnsafeBytes { source in
                surface.withMutablePixelBytes { destination in
                    let rowBytes = width * 4
                    for row in 0..<height {
                        let from = UnsafeRawBufferPointer(
                            rebasing: source[((height - 1 - row) * rowBytes)...].prefix(rowBytes))
                        UnsafeMutableRawBufferPointer(
                            rebasing: destination[(row * surface.stride)...].prefix(rowBytes)
                        ).copyMemory(from: from)
                    }
                }
            }
            return try Image(surface: surface)
        }
        let rowPixels = surface.stride / 4
        let premultiplies = output == .straight
        pixels.withUnsafeBufferPointer { source in
            surface.withMutablePixelBytes { bytes in
                let destination = bytes.bindMemory(to: UInt32.self)
                for row in 0..<height {
                    let from = (height - 1 - row) * width * 4
                    let to = row * rowPixels
                    for column in 0..<width {
                        let index = from + column * 4
                        let alpha = UInt32(source[index + 3])
                        var red = UInt32(source[index])
                        var green = UInt32(source[index + 1])
                        var blue = UInt32(source[index + 2])
                        if premultiplies {
                            red = (red * alpha + 127) / 255
                            green = (green * alpha + 127) / 255
                            blue = (blue * alpha + 127) / 255
                        } else {
                            red = min(red, alpha)
                            green = min(green, alpha)
                            blue = min(blue, alpha)
                        }
                        destination[to + column] = alpha << 24 | red << 16 | green << 8 | blue
                    }
                }
            }
        }
        return try Image(surface: surface)
    }
}

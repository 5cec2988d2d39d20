import Foundation
import FrameDraw

extension EditlyLayerBuilder {
    /// editly's `gl` layer: a GLSL fragment shader over the whole canvas, with the uniforms
    /// `time` (the layer's progress from 0 to 1, times `speed`) and `resolution` (the canvas in
    /// pixels). Reading it needs no OpenGL ES: the shader is compiled when the scene is prepared,
    /// before the first frame, and one that does not compile is reported at its `fragmentPath`.
    /// - Throws: `SceneError` for a missing or unreadable file.
    func gl(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> Layer {
        let fragmentReader = try layer.required(
            "fragmentPath", expected: "`fragmentPath:` with a GLSL fragment shader file, relative to the spec")
        let fragment = try Self.shaderText(fragmentReader)
        let vertex = try layer.optional("vertexPath").map(Self.shaderText)
        let speed = try layer.optional("speed")?.double(-1_000...1_000, expected: "a number from -1000 to 1000") ?? 1
        let start = clock.start
        let duration = clock.duration
        var shader = ShaderContent(fragmentShader: fragment, vertexShader: vertex) { time in
            ["time": [(duration > 0 ? (time - start) / duration : 0) * speed]]
        }
        shader.origin = ShaderOrigin(location: fragmentReader.location, path: try fragmentReader.string())
        var result = Layer(.shader(shader))
        result.size = .constant(canvas)
        return result
    }

    /// The text of the shader file `reader` names, relative to the spec.
    private static func shaderText(_ reader: NodeReader) throws -> String {
        let path = try reader.string(expected: "the path of a GLSL shader file")
        let url = MediaFiles.url(path, relativeTo: reader.context.baseURL)
        if let problem = MediaFiles.problem(with: url) {
            throw reader.invalid(
                "\"\(path)\" (\(url.path))",
                expected: "a readable GLSL file: \(problem.hasSuffix(".") ? String(problem.dropLast()) : problem)")
        }
        return String(decoding: try MediaFiles.contents(of: url), as: UTF8.self)
    }
}

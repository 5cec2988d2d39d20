import Foundation
import FrameDraw
import Testing

@testable import MovieKitScene

/// MovieKit's shaders against the gl-transitions collection's own GLSL of the same names, drawn
/// through the same OpenGL ES between two detailed pictures. It runs only where a collection is at
/// hand: set `MOVIEKIT_GL_TRANSITIONS` to its `transitions` folder (editly's
/// `node_modules/gl-transitions/transitions`). With `MOVIEKIT_GL_TRANSITIONS_REPORT` set to a file
/// path, it also writes each name's differences there, one Markdown table row each.
@Suite("MovieKit's shaders against the gl-transitions collection")
struct GLTransitionsCollectionTests {
    static let folder = ProcessInfo.processInfo.environment["MOVIEKIT_GL_TRANSITIONS"].flatMap {
        $0.isEmpty ? nil : URL(fileURLWithPath: $0)
    }

    /// The effects MovieKit draws differently on purpose, which are reported but not held to the
    /// collection's, and why.
    static let drawnDifferently: [String: String] = [
        "luma": "the collection's samples a luma texture MovieKit cannot provide",
        "displacement": "the collection's samples a displacement texture MovieKit cannot provide",
        "InvertedPageCurl": "MovieKit's own curl; the collection's is a long BSD-licensed program",
        "StereoViewer": "MovieKit's own viewer; the collection's is a long BSD-licensed program",
        "luminance_melt": "MovieKit's own melt; the collection's uses simplex noise",
        "DoomScreenTransition":
            "same formulas, but Mesa evaluates the collection's rand(int) so that every bar has fallen at once"
    ]

    static let width = 160
    static let height = 90

    /// A picture with edges everywhere: colour gradients in blocks, and a disc.
    static func picture(hue: Double) throws -> Image {
        try Image(size: CGSize(width: width, height: height)) { context in
            for row in 0..<9 {
                for column in 0..<16 {
                    let shade = Double(row * 16 + column) / 144
                    context.setFillColor(
                        Color(
                            hue: (hue + shade * 0.3).truncatingRemainder(dividingBy: 1), saturation: 0.8,
                            brightness: 0.3 + 0.7 * Double((row + column) % 3) / 2))
                    context.fill(CGRect(x: column * 10, y: row * 10, width: 10, height: 10))
                }
            }
            context.setFillColor(Color(white: 0.95))
            context.fillEllipse(in: CGRect(x: 50, y: 15, width: 60, height: 60))
        }
    }

    static func draw(_ shader: ShaderTransition, progress: Double, from: Image, to: Image) throws -> Image {
        let parameters = shader.resolvedParameters
        let content = ShaderContent(fragmentShader: shader.fragmentShader, writesPremultipliedColor: true) { _ in
            var uniforms = parameters
            uniforms["progress"] = [progress]
            uniforms["ratio"] = [Double(width) / Double(height)]
            return uniforms
        }
        return try ShaderDrawing.image(
            of: content, width: width, height: height, time: 0, inputs: [("from", from), ("to", to)])
    }

    /// The mean difference of the colour channels (0…1), and the share of pixels that differ by
    /// more than 0.1 in some channel.
    static func difference(_ a: Image, _ b: Image) -> (mean: Double, differing: Double) {
        var total = 0.0
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = a.pixel(atX: x, y: y)
                let q = b.pixel(atX: x, y: y)
                let channels = [abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue)]
                total += channels.reduce(0, +)
                if channels.contains(where: { $0 > 0.1 }) { differing += 1 }
            }
        }
        return (total / Double(width * height * 3), Double(differing) / Double(width * height))
    }

    @Test(.enabled(if: folder != nil, "MOVIEKIT_GL_TRANSITIONS names no gl-transitions folder"))
    func sharedNamesDrawWhatTheCollectionDraws() throws {
        let folder = try #require(Self.folder)
        let collection = try TransitionCatalog.builtIn.loadingCollection(at: folder)
        let from = try Self.picture(hue: 0)
        let to = try Self.picture(hue: 0.55)
        var rows: [String] = []
        for name in TransitionCatalog.builtIn.shaderNames where collection.isFromCollection(name) {
            let own = try #require(TransitionCatalog.builtIn.shader(named: name))
            let original = try #require(collection.shader(named: name))
            var worst = (mean: 0.0, differing: 0.0)
            for progress in [0.2, 0.5, 0.8] {
                let measured = Self.difference(
                    try Self.draw(own, progress: progress, from: from, to: to),
                    try Self.draw(original, progress: progress, from: from, to: to))
                worst = (max(worst.mean, measured.mean), max(worst.differing, measured.differing))
            }
            let matches = worst.mean < 0.004 && worst.differing < 0.01
            rows.append(
                "| \(name) | \(String(format: "%.4f", worst.mean)) | \(String(format: "%.1f", worst.differing * 100)) % | "
                    + "\(matches ? "same" : Self.drawnDifferently[name] ?? "differs") |")
            if Self.drawnDifferently[name] == nil {
                #expect(matches, "\(name) differs from the collection's: \(worst)")
            }
        }
        if let report = ProcessInfo.processInfo.environment["MOVIEKIT_GL_TRANSITIONS_REPORT"] {
            try (rows.joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
    }
}

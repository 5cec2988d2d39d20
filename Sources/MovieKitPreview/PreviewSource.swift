import Foundation
import MovieKitCore
import MovieKitScene

/// What a preview shows and where it comes from: a scene built in code, or a file (or folder)
/// read again whenever one of the files it uses changes.
public struct PreviewSource: Sendable {
    /// A scene as loaded: what to draw, and the files to watch for changes.
    public struct Loaded: Sendable {
        /// The scene.
        public var scene: Scene
        /// Every file the scene was read from or uses (the document, images, photos, audio), and
        /// folders whose list of files matters; a change to any of them reloads the preview.
        public var files: [URL]
        /// The name of the input's format, such as "scene file".
        public var format: String
        /// The document the scene was read from, whose plan (`RenderPlan`) the render
        /// button renders; `nil` for a scene built in code, rendered at its canvas's settings.
        public var document: SceneDocument?

        /// Creates a loaded scene.
        /// - Parameters:
        ///   - scene: The scene.
        ///   - files: The files to watch.
        ///   - format: The name of the input's format.
        public init(scene: Scene, files: [URL], format: String) {
            self.scene = scene
            self.files = files
            self.format = format
        }
    }

    /// The name the page shows: the file's name, or "Scene" for a scene built in code.
    public var title: String
    /// Where the page's render button writes the movie, or `nil` for no render button.
    public var renderOutput: URL?
    /// Reads the input; called once at the start and again after each change to its files.
    public var load: @Sendable () throws -> Loaded

    /// Creates a source from a loading function.
    /// - Parameters:
    ///   - title: The name the page shows.
    ///   - renderOutput: Where the render button writes the movie, or `nil`.
    ///   - load: Reads the input and lists the files it used.
    public init(title: String, renderOutput: URL? = nil, load: @escaping @Sendable () throws -> Loaded) {
        self.title = title
        self.renderOutput = renderOutput
        self.load = load
    }

    /// A scene built in code: never reloaded.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - renderOutput: Where the render button writes the movie, or `nil` for no render button.
    public static func scene(_ scene: Scene, renderOutput: URL? = nil) -> PreviewSource {
        PreviewSource(title: "Scene", renderOutput: renderOutput) {
            Loaded(scene: scene, files: [], format: "scene")
        }
    }

    /// A file in any format of `registry`, read with its `load(contentsOf:variables:)`.
    /// The render button writes the movie where the file asks (an editly spec's `outPath`), or
    /// beside the file with the extension `.mp4`.
    /// - Parameters:
    ///   - url: The file.
    ///   - variables: Values for its `${name}` template variables.
    ///   - registry: The kinds of content the file may be or hold.
    public static func file(
        _ url: URL, variables: [String: String] = [:], registry: ContentRegistry = .shared
    ) -> PreviewSource {
        let file = url.standardizedFileURL
        return PreviewSource(
            title: file.lastPathComponent, renderOutput: file.deletingPathExtension().appendingPathExtension("mp4")
        ) {
            do {
                let document = try registry.load(contentsOf: file, variables: variables)
                var loaded = Loaded(
                    scene: document.scene, files: [file] + UsedFiles.of(document), format: document.format)
                loaded.document = document
                return loaded
            } catch {
                // A file that fails to read is still watched, so that fixing it reloads the preview.
                throw PreviewLoadError(underlying: error, files: [file])
            }
        }
    }
}

/// A load that failed, with the files to keep watching until it is fixed.
struct PreviewLoadError: Error {
    var underlying: any Error
    var files: [URL]
}

/// The files a scene uses, found in its layers, audio tracks and slides.
enum UsedFiles {
    static func of(_ document: SceneDocument) -> [URL] {
        var files = of(document.scene)
        for slide in document.slideshow?.slides ?? [] {
            if case .photo(let url) = slide.content { files.append(url) }
        }
        return unique(files)
    }

    static func of(_ scene: Scene) -> [URL] {
        var files = scene.audio.map(\.url)
        for layer in scene.layers { collect(layer, into: &files) }
        return unique(files)
    }

    private static func collect(_ layer: Layer, into files: inout [URL]) {
        switch layer.content {
        case .image(let image):
            if case .file(let url) = image.source { files.append(url) }
        case .group(let group):
            for child in group.layers { collect(child, into: &files) }
        case .timed(let content):
            files += content.files
            if let shader = content as? ShaderContent {
                for input in shader.inputs { for child in input.layers { collect(child, into: &files) } }
            }
        case .rect, .ellipse, .path, .polygon, .star, .text:
            break
        }
        for child in layer.mask?.layers ?? [] { collect(child, into: &files) }
    }

    private static func unique(_ files: [URL]) -> [URL] {
        var seen = Set<String>()
        return files.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }
}

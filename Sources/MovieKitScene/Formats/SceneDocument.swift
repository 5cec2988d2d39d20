import Foundation
import MovieKitCore

/// A file read as a scene, in any format of ``SceneFormat/all``: the scene, and what the file
/// said besides.
///
/// ```swift
/// let document = try SceneDocument.load(contentsOf: URL(fileURLWithPath: "title.yaml"))
/// try SceneRenderer(scene: document.scene).render(to: URL(fileURLWithPath: "title.mp4"), overwrite: true)
/// ```
public struct SceneDocument: Sendable {
    /// The file.
    public var url: URL
    /// The name of the file's format, such as "scene file".
    public var format: String
    /// The scene: every key checked and every file it names opened.
    public var scene: Scene
    /// The slideshow the file describes, for slideshow manifests and editly specs.
    public var slideshow: Slideshow?
    /// Where the file asks its movie to be written (an editly spec's `outPath`), if it says.
    public var outputURL: URL?
    /// What the file asks of the encoder (an editly spec's `fast` and `customOutputArgs`).
    public var encoding = DocumentEncoding()
    /// Whether the canvas size was chosen elsewhere (an editly spec's, a Lottie designer's), so
    /// that a size the encoder cannot take renders at the nearest size in aspect that it can, the
    /// scene scaled, instead of being refused. MovieKit's own scene files and manifests are refused,
    /// so that their author changes the canvas. Default `false`.
    public var fitsCanvasToEncoder = false
    /// Whether the scene is drawn on a transparent canvas that outputs keeping alpha should keep (a
    /// Lottie animation), and which a background colour may fill. Default `false`.
    public var hasTransparentCanvas = false
    /// Whether the document is an overlay with no size or frame rate of its own (a subtitle file
    /// alone): it is laid out at the size asked for rather than scaled, a still shows it at the time
    /// asked rather than at a frame's, and in a `.mov` with no codec chosen it keeps its alpha as
    /// ProRes 4444, the codec editors import overlays in, instead of being written as opaque H.264.
    /// Default `false`.
    public var isOverlay = false
    /// The values its `${name}` placeholders were filled with when it was read (``ContentRegistry/load(contentsOf:variables:)``),
    /// so that another process can read it the same way (``RenderPlan/Portable``).
    public var variables: [String: String] = [:]

    /// Creates a document from its parts.
    /// - Parameters:
    ///   - url: The file.
    ///   - format: The name of its format.
    ///   - scene: The scene it describes.
    ///   - slideshow: The slideshow it describes, if it is one.
    ///   - outputURL: Where it asks its movie to be written, if it says.
    public init(url: URL, format: String, scene: Scene, slideshow: Slideshow? = nil, outputURL: URL? = nil) {
        self.url = url
        self.format = format
        self.scene = scene
        self.slideshow = slideshow
        self.outputURL = outputURL
    }

    /// Reads a file in any format of ``ContentRegistry/shared``, chosen by ``SceneFormat/format(of:)``.
    /// - Parameters:
    ///   - url: The file.
    ///   - variables: Values for `${name}` template variables, for formats that have them.
    /// - Throws: ``SceneError`` naming the file and the key path of the first problem, or the error
    ///   of the first photo or audio file that cannot be read.
    public static func load(contentsOf url: URL, variables: [String: String] = [:]) throws -> SceneDocument {
        try ContentRegistry.shared.load(contentsOf: url, variables: variables)
    }
}

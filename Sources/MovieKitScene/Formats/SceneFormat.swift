import Foundation
import MovieKitCore

/// A kind of file that MovieKit reads as a ``Scene``: scene files, slideshow manifests, editly
/// specs, and the formats other modules add (Lottie). Each format is a translation into `Scene`,
/// and a ``ContentRegistry`` is the table documents are looked up in, by extension and then by
/// content.
///
/// A new format is a folder under `Formats/` (or a module) with its reader, plus one entry in a
/// ``ContentKind``'s formats, or one in ``builtIn`` for MovieKitScene's own.
public struct SceneFormat: Sendable, Equatable, CustomStringConvertible {
    /// The format's name in messages and `--help`: "scene file", "slideshow manifest", "editly spec".
    public let name: String
    /// The file extensions the format is written with, lowercased and without the dot.
    public let fileExtensions: [String]
    /// Whether the document's top-level keys mark it as this format, for extensions that several
    /// formats share (`.json`, `.yaml`); `nil` for a format that is the only one with its extensions.
    let recognizes: (@Sendable (Set<String>) -> Bool)?
    /// Reads the document into a scene, checking everything (including the files it names)
    /// before anything is drawn, with the registry it is read through (for the layer types a scene
    /// file may use).
    let read: @Sendable (_ url: URL, _ variables: [String: String], _ registry: ContentRegistry) throws -> SceneDocument

    public var description: String { name }

    /// Formats are the same when their names are: registering a format again under a name replaces it.
    public static func == (lhs: SceneFormat, rhs: SceneFormat) -> Bool { lhs.name == rhs.name }

    /// Creates a format.
    /// - Parameters:
    ///   - name: Its name in messages, such as "Lottie animation".
    ///   - fileExtensions: The extensions it is written with, lowercased, without the dot.
    ///   - recognizes: Whether a document's top-level keys mark it as this format, when other
    ///     formats share its extensions; `nil` when none does.
    ///   - read: Reads a file, with the template variables set for it, into a checked document.
    public init(
        name: String, fileExtensions: [String], recognizes: (@Sendable (Set<String>) -> Bool)?,
        read: @escaping @Sendable (_ url: URL, _ variables: [String: String]) throws -> SceneDocument
    ) {
        self.init(
            name: name, fileExtensions: fileExtensions, recognizes: recognizes,
            reading: { url, variables, _ in try read(url, variables) })
    }

    /// Creates a format whose reader reads documents that hold others (a scene file's layers) through the
    /// registry it is read with.
    /// - Parameters:
    ///   - name: Its name in messages, such as "scene file".
    ///   - fileExtensions: The extensions it is written with, lowercased, without the dot.
    ///   - recognizes: Whether a document's top-level keys mark it as this format, when other
    ///     formats share its extensions; `nil` when none does.
    ///   - reading: Reads a file, with the template variables set for it and the registry it is read
    ///     through, into a checked document.
    public init(
        name: String, fileExtensions: [String], recognizes: (@Sendable (Set<String>) -> Bool)?,
        reading:
            @escaping @Sendable (_ url: URL, _ variables: [String: String], _ registry: ContentRegistry) throws
            -> SceneDocument
    ) {
        self.name = name
        self.fileExtensions = fileExtensions
        self.recognizes = recognizes
        self.read = reading
    }

    /// MovieKitScene's own formats, in the order they are tried.
    public static let builtIn: [SceneFormat] = [.sceneFile, .slideshowManifest, .editly, .movieClip]

    /// Adds `format` to ``ContentRegistry/shared``, before the formats registered earlier and the
    /// built-in ones: among the formats that share an extension, it is asked first whether it
    /// recognises a document. A format registered again under the same name replaces the earlier one.
    ///
    /// ```swift
    /// SceneFormat.register(.lottie)   // import MovieKitLottie
    /// ```
    public static func register(_ format: SceneFormat) {
        ContentRegistry.updateShared { $0.register(format) }
    }

    /// Every format of ``ContentRegistry/shared``, in the order they are tried: the registered
    /// formats, the latest first, then the built-in ones. Among the formats that share an extension,
    /// the first whose keys match wins, and the first built-in one reads documents that none
    /// recognises, so that its errors explain what is wrong.
    public static var all: [SceneFormat] { ContentRegistry.shared.formats }

    /// Every format's name of ``ContentRegistry/shared``, for messages: "scene file, slideshow
    /// manifest, editly spec or Lottie animation".
    public static var allNames: String { ContentRegistry.shared.formatNames }

    /// Every extension of every format of ``ContentRegistry/shared``, for messages: the built-in formats' first.
    public static var allFileExtensions: [String] { ContentRegistry.shared.fileExtensions }

    /// The format of the file at `url` among ``ContentRegistry/shared``'s: chosen by its extension,
    /// and where several formats share that extension, by the document's top-level keys.
    /// - Throws: ``SceneError/unsupportedFileType(path:)`` for an extension no format uses.
    public static func format(of url: URL) throws -> SceneFormat { try ContentRegistry.shared.format(of: url) }
}

extension SceneFormat {
    /// MovieKit's scene files (`.yaml`, `.yml`, `.json`): a `canvas`, `layers` and `audio`.
    public static let sceneFile = SceneFormat(
        name: "scene file", fileExtensions: ["yaml", "yml", "json"],
        recognizes: { $0.contains("canvas") || $0.contains("layers") },
        reading: { url, variables, registry in
            SceneDocument(
                url: url, format: "scene file",
                scene: try SceneFile.load(from: url, variables: variables, registry: registry))
        })

    /// MovieKit's slideshow manifests (`.yaml`, `.yml`, `.json`): photos, titles and music in `slides` and `audio`.
    public static let slideshowManifest = SceneFormat(
        name: "slideshow manifest", fileExtensions: ["yaml", "yml", "json"],
        recognizes: { $0.contains("slides") },
        reading: { url, variables, registry in
            let show = try SlideshowManifest.load(from: url, variables: variables, registry: registry)
            try show.validate()
            return SceneDocument(url: url, format: "slideshow manifest", scene: try show.scene(), slideshow: show)
        })

    /// A movie clip (`.mp4`, `.mov`, `.m4v`, `.webm`, `.mkv`) as a document: the clip alone, at its
    /// own size (turned upright), frame rate and length, with its sound, so that something can be
    /// drawn over it (`moviemake render clip.mp4 --subtitles talk.srt`). Sizes an encoder cannot take
    /// are rounded as editly specs' are.
    public static let movieClip = SceneFormat(
        name: "movie clip", fileExtensions: ["mp4", "mov", "m4v", "webm", "mkv"], recognizes: nil,
        read: { url, variables in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "a movie clip has no template variables, so `\(name)` cannot be set; render it without variables"
                )
            }
            let info = try VideoContent.info(of: url)
            guard info.duration > 0, info.size.width >= 1, info.size.height >= 1 else {
                throw SceneError.unreadableFile(
                    path: url.path, reason: "its video stream states no length or size, so it cannot be a document")
            }
            var canvas = Canvas(
                width: Int(info.size.width.rounded()), height: Int(info.size.height.rounded()),
                fps: info.frameRate ?? 30, duration: info.duration)
            canvas.background = .black
            var document = SceneDocument(
                url: url, format: "movie clip",
                scene: Scene(canvas: canvas, layers: [Layer(.video(VideoContent(url: url)))]))
            document.fitsCanvasToEncoder = true
            return document
        })

    /// editly's JSON5 edit specs (`.json5`, and `.json` with `clips`: editly reads JSON as JSON5).
    public static let editly = SceneFormat(
        name: "editly spec", fileExtensions: ["json5", "json"], recognizes: { $0.contains("clips") },
        reading: { url, variables, registry in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "editly specs have no template variables, so `\(name)` cannot be set; render the spec without variables"
                )
            }
            let spec = try EditlySpec(contentsOf: url, registry: registry)
            try spec.slideshow.validate()
            var document = SceneDocument(
                url: url, format: "editly spec", scene: try spec.slideshow.scene(), slideshow: spec.slideshow,
                outputURL: spec.outputURL)
            document.encoding = spec.encoding
            document.fitsCanvasToEncoder = true
            return document
        })
}

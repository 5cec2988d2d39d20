import Foundation
import MovieKitCore

/// A kind of file that MovieKit reads as a ``Scene``: scene files, slideshow manifests, editly
/// specs. Each format is a translation into `Scene`, and ``SceneFormat/all`` is the one table that
/// `moviemake render`, `still`, `sheet` and ``SceneDocument/load(contentsOf:variables:)`` look
/// formats up in, by extension and then by content.
///
/// A new format is a folder under `Formats/` with its reader, plus one entry in ``all``.
public struct SceneFormat: Sendable, CustomStringConvertible {
    /// The format's name in messages and `--help`: "scene file", "slideshow manifest", "editly spec".
    public let name: String
    /// The file extensions the format is written with, lowercased and without the dot.
    public let fileExtensions: [String]
    /// Whether the document's top-level keys mark it as this format, for extensions that several
    /// formats share (`.json`, `.yaml`); `nil` for a format that is the only one with its extensions.
    let recognizes: (@Sendable (Set<String>) -> Bool)?
    /// Reads the document into a scene, checking everything (including the files it names)
    /// before anything is drawn.
    let read: @Sendable (_ url: URL, _ variables: [String: String]) throws -> SceneDocument

    public var description: String { name }

    /// Every format MovieKit reads, in the order they are tried: among the formats that share an
    /// extension, the first whose keys match wins, and the first of them reads documents that none
    /// recognises, so that its errors explain what is wrong.
    public static let all: [SceneFormat] = [.sceneFile, .slideshowManifest, .editly, .lottie]

    /// Every extension of every format, for messages.
    public static var allFileExtensions: [String] {
        var seen: [String] = []
        for format in all { for ext in format.fileExtensions where !seen.contains(ext) { seen.append(ext) } }
        return seen
    }

    /// The format of the file at `url`: chosen by its extension, and where several formats share
    /// that extension, by the document's top-level keys.
    /// - Throws: ``SceneError/unsupportedFileType(path:)`` for an extension no format uses.
    public static func format(of url: URL) throws -> SceneFormat {
        let ext = url.pathExtension.lowercased()
        let candidates = all.filter { $0.fileExtensions.contains(ext) }
        guard let first = candidates.first else { throw SceneError.unsupportedFileType(path: url.path) }
        guard candidates.count > 1 else { return first }
        guard let keys = DocumentKeys.topLevelKeys(of: url) else { return first }
        return candidates.first { $0.recognizes?(keys) ?? false } ?? first
    }
}

extension SceneFormat {
    /// MovieKit's scene files (`.yaml`, `.yml`, `.json`): a `canvas`, `layers` and `audio`.
    public static let sceneFile = SceneFormat(
        name: "scene file", fileExtensions: ["yaml", "yml", "json"],
        recognizes: {
            ($0.contains("canvas") || $0.contains("layers")) && !(SceneFormat.lottie.recognizes?($0) ?? false)
        },
        read: { url, variables in
            SceneDocument(url: url, format: "scene file", scene: try SceneFile.load(from: url, variables: variables))
        })

    /// MovieKit's slideshow manifests (`.yaml`, `.yml`, `.json`): photos, titles and music in `slides` and `audio`.
    public static let slideshowManifest = SceneFormat(
        name: "slideshow manifest", fileExtensions: ["yaml", "yml", "json"],
        recognizes: { $0.contains("slides") },
        read: { url, variables in
            let show = try SlideshowManifest.load(from: url, variables: variables)
            try show.validate()
            return SceneDocument(url: url, format: "slideshow manifest", scene: try show.scene(), slideshow: show)
        })

    /// editly's JSON5 edit specs (`.json5`).
    public static let editly = SceneFormat(
        name: "editly spec", fileExtensions: ["json5"], recognizes: nil,
        read: { url, variables in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "editly specs have no template variables, so `\(name)` cannot be set; render the spec without variables"
                )
            }
            let spec = try EditlySpec(contentsOf: url)
            try spec.slideshow.validate()
            var document = SceneDocument(
                url: url, format: "editly spec", scene: try spec.slideshow.scene(), slideshow: spec.slideshow,
                outputURL: spec.outputURL)
            document.encoding = spec.encoding
            document.fitsCanvasToEncoder = true
            return document
        })
}

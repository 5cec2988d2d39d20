import Foundation
import MovieKitScene

/// Reads a slideshow description for `moviemake slideshow --manifest`: a MovieKit manifest
/// (YAML or JSON) or an editly spec (`.json5`).
enum ManifestLoader {
    static func load(_ url: URL) throws -> Slideshow {
        url.pathExtension.lowercased() == "json5"
            ? try EditlySpec.load(from: url) : try SlideshowManifest.load(from: url)
    }
}
